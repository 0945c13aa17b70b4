package dev.stave.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.stave.cli.Run;
import dev.stave.diag.Diagnostic;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Node pools read from Terraform JSON: the counts and Cloudwise labels that size them. */
class TerraformInventoryReaderTest {
  @TempDir
  Path temp;

  private Inventory read(String json, List<Diagnostic> problems) throws IOException {
    Path file = temp.resolve("inv.tf.json");
    Files.writeString(file, json);
    return InventoryFixtures.load(file, problems);
  }

  /** What {@code stave compile} says, exiting 1, of an experiment on the inventory. */
  private String errors(String json) throws IOException {
    Run run = Run.of("compile", InventoryFixtures.experiment(temp, "inv.tf.json", json).toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    return run.err();
  }

  @Test
  void countsUpTo2147483647AreRead() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "p": {"autoscaling": {"max_node_count": 2147483647},
                "node_config": {"machine_type": "n1-standard-8",
                                "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": 1073741824}]}},
          "q": {"node_count": 1073741824,
                "node_config": {"labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "t4", "gpu_count": 2147483647},
                                "guest_accelerator": [{"type": "t4", "count": 2147483647}]}}
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    NodePool p = inventory.find("p").orElseThrow();
    assertEquals(2147483647, p.maxNodes());
    assertEquals(1073741824, p.gpuCount());
    NodePool q = inventory.find("q").orElseThrow();
    assertEquals(1073741824, q.maxNodes());
    assertEquals(2147483647, q.gpuCount());
  }

  /** GKE advertises each GPU of a shared pool as max_shared_clients_per_gpu GPUs, and a node has that many. */
  @Test
  void sharedGpusCountAsGkeAdvertisesThem() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "t": {"node_count": 1, "node_config": {"machine_type": "n1-standard-8", "guest_accelerator": [
            {"type": "nvidia-tesla-t4", "count": 2, "gpu_sharing_config": {"gpu_sharing_strategy": "TIME_SHARING",
                                                                        "max_shared_clients_per_gpu": 4}}]}},
          "m": {"node_count": 1, "node_config": {"machine_type": "n1-standard-8", "guest_accelerator": {
            "type": "nvidia-tesla-t4", "count": "3",
            "gpu_sharing_config": [{"gpu_sharing_strategy": "MPS", "max_shared_clients_per_gpu": "2"}]}}},
          "u": {"node_count": 1, "node_config": {"machine_type": "n1-standard-8",
                                                 "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": 2}]}}
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    NodePool t = inventory.find("t").orElseThrow();
    assertEquals(List.of(8, 1, new NodePool.GpuSharing("TIME_SHARING", 4)),
        List.of(t.gpuCount(), t.gpusPerContainer(), t.gpuSharing()));
    NodePool m = inventory.find("m").orElseThrow();
    assertEquals(List.of(6, 1, new NodePool.GpuSharing("MPS", 2)),
        List.of(m.gpuCount(), m.gpusPerContainer(), m.gpuSharing()));
    NodePool u = inventory.find("u").orElseThrow();
    assertEquals(List.of(2, 2), List.of(u.gpuCount(), u.gpusPerContainer()));
    assertEquals(null, u.gpuSharing());
  }

  /** Cloudwise's gpu_count label counts a node's GPUs as guest_accelerator does; the blocks say how they are shared. */
  @Test
  void aGpuCountLabelIsSharedAsItsBlocksSay() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "l": {"node_count": 1, "node_config": {
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "nvidia-tesla-t4", "gpu_count": 2},
            "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": 2, "gpu_sharing_config":
                                    {"gpu_sharing_strategy": "MPS", "max_shared_clients_per_gpu": 3}}]}}
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    NodePool labelled = inventory.find("l").orElseThrow();
    assertEquals(List.of(6, 1, new NodePool.GpuSharing("MPS", 3)),
        List.of(labelled.gpuCount(), labelled.gpusPerContainer(), labelled.gpuSharing()));
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "nvidia-tesla-t4", "gpu_count": 1073741824},
            "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": 1073741824, "gpu_sharing_config":
                                    {"gpu_sharing_strategy": "TIME_SHARING", "max_shared_clients_per_gpu": 2}}]}}
        }}}
        """);
    assertEquals(List.of(temp.resolve("inv.tf.json") + ":3:89: error: resource.google_container_node_pool.p"
            + ".node_config.labels.gpu_count: label 'gpu_count' of node pool 'p' is 1073741824 GPUs, which its"
            + " guest_accelerator shares as TIME_SHARING, 2 clients per GPU, and GKE advertises them as 2147483648"
            + " shared GPUs of a node, more than 2147483647",
        "  = hint: write the number of GPUs per node, such as 4, and of clients per GPU, such as 2"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * A gpu_count label on a pool without guest_accelerator counts GPUs that GKE does not attach: an error at the
   * label, unless the label is 0 or the machine type comes with its GPUs; a machine type that is an expression
   * stave cannot read may be one, so the label is used as written, with a warning that it is not checked.
   */
  @Test
  void aGpuCountLabelWithoutGuestAcceleratorIsAnError() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {"machine_type": "n1-standard-8",
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "nvidia-tesla-v100", "gpu_count": 2}}},
          "n": {"name": "n", "node_count": 1, "node_config": {"guest_accelerator": [],
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_count": 1}}},
          "z": {"name": "z", "node_count": 1, "node_config": {"machine_type": "n1-standard-8",
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "nvidia-tesla-v100", "gpu_count": 0}}},
          "a": {"name": "a", "node_count": 1, "node_config": {"machine_type": "a2-highgpu-2g",
            "labels": {"cpu": 24, "memory_m": 174080, "gpu_type": "nvidia-tesla-a100", "gpu_count": 2}}},
          "e": {"name": "e", "node_count": 1, "node_config": {"machine_type": "${var.machine}",
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "nvidia-tesla-v100", "gpu_count": 2}}}
        }}}
        """);
    String at = temp.resolve("inv.tf.json") + ":";
    assertEquals(List.of(at + "3:91: error: resource.google_container_node_pool.p.node_config.labels.gpu_count:"
            + " label 'gpu_count' of node pool 'p' is 2, but the pool has no guest_accelerator block, so GKE"
            + " attaches no GPUs to its nodes",
        "  = hint: add the GPUs that the label counts, as Cloudwise writes them: \"guest_accelerator\":"
            + " [{\"type\": \"nvidia-tesla-v100\", \"count\": 2}]",
        at + "5:58: error: resource.google_container_node_pool.n.node_config.labels.gpu_count: label 'gpu_count'"
            + " of node pool 'n' is 1, but the pool has no guest_accelerator block, so GKE attaches no GPUs to its"
            + " nodes",
        "  = hint: add the GPUs that the label counts, as Cloudwise writes them: \"guest_accelerator\":"
            + " [{\"type\": \"nvidia-tesla-t4\", \"count\": 1}]",
        at + "10:71: warning: resource.google_container_node_pool.e.node_config.machine_type: node_config"
            + ".machine_type of node pool 'e' is \"${var.machine}\", a Terraform expression, which stave does not"
            + " evaluate, so label 'gpu_count' of the pool is used as written, unchecked against what GKE attaches",
        "  = hint: write the value that it stands for, so that stave can check the label; for a cluster that is"
            + " running, 'stave inventory from-nodes' writes an inventory of it"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * Labels that disagree with the GPUs GKE attaches are an error at the label, naming both; blocks whose count
   * or type is an expression are not compared, and a warning at the first expression that leaves each label
   * unchecked says so.
   */
  /** A count of 1.0 or -0.0 is the whole number 1 or 0, and the message says so, not "1.0 GPUs". */
  @Test
  void aGpuLabelThatDisagreesWithCountsWrittenAsDecimalsNamesWholeGpus() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_count": 4},
            "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": 1.0},
              {"type": "nvidia-tesla-t4", "count": -0.0}]}}
        }}}
        """);
    assertEquals(List.of(temp.resolve("inv.tf.json") + ":3:58: error: resource.google_container_node_pool.p.node_config"
            + ".labels.gpu_count: label 'gpu_count' of node pool 'p' is 4, but its guest_accelerator blocks attach 1"
            + " GPU to a node",
        "  = hint: make the label and the guest_accelerator count agree, as Cloudwise writes them"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void aGpuLabelThatDisagreesWithGuestAcceleratorIsAnError() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "nvidia-tesla-v100", "gpu_count": 4},
            "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": 1}, {"type": "nvidia-tesla-t4", "count": 1}]}},
          "e": {"name": "e", "node_count": 1, "node_config": {
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "nvidia-tesla-v100", "gpu_count": 4},
            "guest_accelerator": [{"type": "${var.gpu}", "count": 1}, {"type": "nvidia-tesla-t4", "count": "${n}"}]}}
        }}}
        """);
    String at = temp.resolve("inv.tf.json") + ":3:";
    String e = temp.resolve("inv.tf.json") + ":";
    assertEquals(List.of(at + "57: error: resource.google_container_node_pool.p.node_config.labels.gpu_type: label"
            + " 'gpu_type' of node pool 'p' is \"nvidia-tesla-v100\", but its guest_accelerator attaches"
            + " \"nvidia-tesla-t4\"",
        "  = hint: make the label and the guest_accelerator type agree, as Cloudwise writes them",
        at + "91: error: resource.google_container_node_pool.p.node_config.labels.gpu_count: label 'gpu_count' of"
            + " node pool 'p' is 4, but its guest_accelerator blocks attach 2 GPUs to a node",
        "  = hint: make the label and the guest_accelerator count agree, as Cloudwise writes them",
        e + "7:36: warning: resource.google_container_node_pool.e.node_config.guest_accelerator[0].type:"
            + " node_config.guest_accelerator[0].type of node pool 'e' is \"${var.gpu}\", a Terraform expression,"
            + " which stave does not evaluate, so label 'gpu_type' of the pool is used as written, unchecked against"
            + " what GKE attaches",
        "  = hint: write the value that it stands for, so that stave can check the label; for a cluster that is"
            + " running, 'stave inventory from-nodes' writes an inventory of it",
        e + "7:100: warning: resource.google_container_node_pool.e.node_config.guest_accelerator[1].count:"
            + " node_config.guest_accelerator[1].count of node pool 'e' is \"${n}\", a Terraform expression, which"
            + " stave does not evaluate, so label 'gpu_count' of the pool is used as written, unchecked against what"
            + " GKE attaches",
        "  = hint: write the value that it stands for, so that stave can check the label; for a cluster that is"
            + " running, 'stave inventory from-nodes' writes an inventory of it"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * Beside a gpu_count label each block's count is still checked: -1 and 3 sum to the label's 2, but GKE takes no
   * block of -1 GPUs, so the bad count is an error at it (and the label is compared with no sum); a block without
   * count, which Terraform requires, is an error at it too.
   */
  @Test
  void aBadCountBesideAGpuCountLabelIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "nvidia-tesla-t4", "gpu_count": 2},
            "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": -1}, {"type": "nvidia-tesla-t4", "count": 3}]}},
          "q": {"name": "q", "node_count": 1, "node_config": {
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "nvidia-tesla-t4", "gpu_count": 2},
            "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": "1.5"}, {"type": "nvidia-tesla-t4"}]}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    assertEquals(List.of(
        inv + "4:64: error: " + pool + "p.node_config.guest_accelerator[0].count: node_config.guest_accelerator[0]"
            + ".count of node pool 'p' is -1, not a whole number from 0 to 2147483647",
        "  = hint: write the number of GPUs per node, such as 4",
        inv + "7:64: error: " + pool + "q.node_config.guest_accelerator[0].count: node_config.guest_accelerator[0]"
            + ".count of node pool 'q' is \"1.5\", not a whole number from 0 to 2147483647",
        "  = hint: write the number of GPUs per node, such as 4",
        inv + "7:72: error: " + pool + "q.node_config.guest_accelerator[1].count: node_config.guest_accelerator[1]"
            + " of node pool 'q' has no count, which Terraform requires of every guest_accelerator",
        "  = hint: add the number of GPUs per node, such as \"count\": 1"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * Beside gpu_type and gpu_count labels, blocks of two types are still an error: the label can be right for
   * one of them only, and a pool read by it would count GPUs its nodes do not have.
   */
  @Test
  void blocksOfTwoTypesBesideGpuLabelsAreAnError() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "nvidia-tesla-t4", "gpu_count": 2},
            "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": 1}, {"type": "nvidia-tesla-v100", "count": 1}]}},
          "e": {"name": "e", "node_count": 1, "node_config": {
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "nvidia-tesla-t4", "gpu_count": 2},
            "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": 1}, {"type": "${var.gpu}", "count": 1}]}}
        }}}
        """);
    assertEquals(List.of(temp.resolve("inv.tf.json") + ":4:77: error: resource.google_container_node_pool.p"
            + ".node_config.guest_accelerator[1].type: node_config.guest_accelerator[1].type of node pool 'p' is"
            + " \"nvidia-tesla-v100\", and node_config.guest_accelerator[0] attaches \"nvidia-tesla-t4\": a node has"
            + " GPUs of one type",
        "  = hint: give the pool's blocks one type, or put the GPUs of each type in a pool of its own",
        temp.resolve("inv.tf.json") + ":7:77: warning: resource.google_container_node_pool.e.node_config"
            + ".guest_accelerator[1].type: node_config.guest_accelerator[1].type of node pool 'e' is \"${var.gpu}\","
            + " a Terraform expression, which stave does not evaluate, so label 'gpu_type' of the pool is used as"
            + " written, unchecked against what GKE attaches",
        "  = hint: write the value that it stands for, so that stave can check the label; for a cluster that is"
            + " running, 'stave inventory from-nodes' writes an inventory of it"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * With the count in a label, a block's count is not read: an expression there is no error, but the labels it
   * leaves unchecked (gpu_count, and gpu_type, since the block may attach GPUs or none) are warned about once, at
   * the first such count.
   */
  @Test
  void aGpuCountLabelLeavesTheBlocksCountsUnread() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "l": {"node_count": 1, "node_config": {
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "nvidia-tesla-t4", "gpu_count": 2},
            "guest_accelerator": [{"type": "${var.gpu}", "count": "${var.gpus}", "gpu_sharing_config":
                                    {"gpu_sharing_strategy": "MPS", "max_shared_clients_per_gpu": 3}}]}},
          "u": {"node_count": 1, "node_config": {
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "nvidia-tesla-t4", "gpu_count": 2},
            "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": "${var.gpus}"}]}},
          "z": {"node_count": 1, "node_config": {
            "labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "nvidia-tesla-t4", "gpu_count": 2},
            "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": 0},
                                  {"type": "nvidia-tesla-t4", "count": "${var.gpus}", "gpu_sharing_config":
                                    {"gpu_sharing_strategy": "MPS", "max_shared_clients_per_gpu": 4}}]}}
        }}}
        """, problems);
    String inv = temp.resolve("inv.tf.json") + ":";
    assertEquals(List.of(inv + "4:59 inventory-label-unchecked node_config.guest_accelerator[0].count of node pool 'l'"
            + " is \"${var.gpus}\", a Terraform expression, which stave does not evaluate, so labels 'gpu_count' and"
            + " 'gpu_type' of the pool are used as written, unchecked against what GKE attaches",
        inv + "8:64 inventory-label-unchecked node_config.guest_accelerator[0].count of node pool 'u' is"
            + " \"${var.gpus}\", a Terraform expression, which stave does not evaluate, so labels 'gpu_count' and"
            + " 'gpu_type' of the pool are used as written, unchecked against what GKE attaches",
        inv + "12:64 inventory-label-unchecked node_config.guest_accelerator[1].count of node pool 'z' is"
            + " \"${var.gpus}\", a Terraform expression, which stave does not evaluate, so labels 'gpu_count' and"
            + " 'gpu_type' of the pool are used as written, unchecked against what GKE attaches"),
        problems.stream().map(d -> d.origin() + " " + d.code() + " " + d.message()).toList());
    assertEquals(List.of(), problems.stream().filter(Diagnostic::isError).toList());
    NodePool z = inventory.find("z").orElseThrow();
    assertEquals(List.of(8, new NodePool.GpuSharing("MPS", 4)), List.of(z.gpuCount(), z.gpuSharing()));
    NodePool l = inventory.find("l").orElseThrow();
    assertEquals(List.of(6, 1, new NodePool.GpuSharing("MPS", 3)), List.of(l.gpuCount(), l.gpusPerContainer(),
        l.gpuSharing()));
    NodePool u = inventory.find("u").orElseThrow();
    assertEquals(List.of(2, 2), List.of(u.gpuCount(), u.gpusPerContainer()));
    assertEquals(null, u.gpuSharing());
  }

  /** Read as unshared, or shared otherwise, a pool would take more or fewer pods than its nodes run. */
  @Test
  void aGpuSharingConfigGkeWouldNotTakeIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {"machine_type": "n1-standard-8", "guest_accelerator": [
            {"type": "t4", "count": 1, "gpu_sharing_config": {"gpu_sharing_strategy": "time_sharing",
                                                                "max_shared_clients_per_gpu": 0}},
            {"type": "t4", "count": 1, "gpu_sharing_config": [{"max_shared_clients_per_gpu": 2.5}]},
            {"type": "t4", "count": 1, "gpu_sharing_config": {"gpu_sharing_strategy": "MPS"}}]}},
          "q": {"name": "q", "node_count": 1, "node_config": {"machine_type": "n1-standard-8", "guest_accelerator": [
            {"type": "t4", "count": 1, "gpu_sharing_config": {"gpu_sharing_strategy": "MPS",
                                                                "max_shared_clients_per_gpu": 2}},
            {"type": "t4", "count": 2}]}},
          "r": {"name": "r", "node_count": 1, "node_config": {"machine_type": "n1-standard-8", "guest_accelerator": [
            {"type": "t4", "count": 2, "gpu_sharing_config": {"gpu_sharing_strategy": "MPS",
                                                                "max_shared_clients_per_gpu": 2147483647}}]}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json").toString();
    String pool = "resource.google_container_node_pool.";
    String a = "node_config.guest_accelerator";
    assertEquals(List.of(
        inv + ":3:79: error: " + pool + "p." + a + "[0].gpu_sharing_config.gpu_sharing_strategy: " + a
            + "[0].gpu_sharing_config.gpu_sharing_strategy of node pool 'p' is \"time_sharing\", not TIME_SHARING"
            + " or MPS, the strategies GKE shares GPUs by",
        "  = hint: write \"TIME_SHARING\" or \"MPS\"",
        inv + ":4:87: error: " + pool + "p." + a + "[0].gpu_sharing_config.max_shared_clients_per_gpu: " + a
            + "[0].gpu_sharing_config.max_shared_clients_per_gpu of node pool 'p' is 0, not a whole number from 1"
            + " to 2147483647",
        "  = hint: write the number of clients per GPU, such as 4",
        inv + ":5:55: error: " + pool + "p." + a + "[1].gpu_sharing_config[0].gpu_sharing_strategy: " + a
            + "[1].gpu_sharing_config[0] of node pool 'p' has no gpu_sharing_strategy, which Terraform requires of"
            + " every gpu_sharing_config",
        "  = hint: add \"gpu_sharing_strategy\": \"TIME_SHARING\" or \"MPS\"",
        inv + ":5:86: error: " + pool + "p." + a + "[1].gpu_sharing_config[0].max_shared_clients_per_gpu: " + a
            + "[1].gpu_sharing_config[0].max_shared_clients_per_gpu of node pool 'p' is 2.5, not a whole number"
            + " from 1 to 2147483647",
        "  = hint: write the number of clients per GPU, such as 4",
        inv + ":6:54: error: " + pool + "p." + a + "[2].gpu_sharing_config.max_shared_clients_per_gpu: " + a
            + "[2].gpu_sharing_config of node pool 'p' has no max_shared_clients_per_gpu, which Terraform requires"
            + " of every gpu_sharing_config",
        "  = hint: add the number of containers that share each GPU, such as \"max_shared_clients_per_gpu\": 2",
        inv + ":10:5: error: " + pool + "q." + a + "[1]: " + a + "[1] of node pool 'q' does not share its GPUs,"
            + " and " + a + "[0] shares its GPUs as MPS, 2 clients per GPU: GKE shares the GPUs of a node one way",
        "  = hint: give the pool's blocks one gpu_sharing_config, or put the GPUs of each in a pool of its own",
        inv + ":11:109: error: " + pool + "r." + a + ": the guest_accelerator blocks of node pool 'r' attach GPUs that"
            + " GKE advertises as 4294967294 shared GPUs of a node, more than 2147483647",
        "  = hint: write the number of GPUs per node, such as 4, and of clients per GPU, such as 2"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /** The symphony model selects the pool's nodes by labels.name, so it must be a label value Kubernetes takes. */
  @Test
  void aLabelNameThatIsNoLabelValueIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"node_config": {"machine_type": "n1-standard-8", "labels": {"name": "a b"}}}
        }}}
        """);
    assertEquals(temp.resolve("inv.tf.json") + ":2:77: error: resource.google_container_node_pool.p.node_config.labels"
        + ".name: the node label name 'a b' is not a Kubernetes label value, so it cannot select nodes\n"
        + "    |   \"p\": {\"node_config\": {\"machine_type\": \"n1-standard-8\", \"labels\": {\"name\": \"a b\"}}}\n"
        + "    |                                                                             ^\n"
        + "  = hint: use at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit\n",
        err);
  }

  /**
   * GKE takes a pool name of at most 40 lowercase letters, digits and '-', starting with a letter and ending
   * with a letter or digit, fewer than a label value allows: Terraform could not create a pool of another name.
   */
  @Test
  void aPoolNameThatGkeDoesNotTakeIsAnErrorAtItSayingWhy() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "Gpu_pool", "node_config": {"machine_type": "n1-standard-8"}},
          "q": {"name": "gpu_pool", "node_config": {"machine_type": "n1-standard-8"}},
          "r": {"name": "gpu-pool-", "node_config": {"machine_type": "n1-standard-8"}},
          "s": {"name": "a123456789b123456789c123456789d123456789", "node_config": {"machine_type": "n1-standard-8"}},
          "t": {"name": "a123456789b123456789c123456789d1234567890", "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String hint = "  = hint: use at most 40 lowercase letters, digits and '-', starting with a lowercase letter and"
        + " ending with a letter or digit, such as \"gpu-pool\"";
    assertEquals(List.of(
        inv + "2:17: error: resource.google_container_node_pool.p.name: the node pool name 'Gpu_pool' is not one GKE"
            + " takes: it starts with 'G', not a lowercase letter", hint,
        inv + "3:17: error: resource.google_container_node_pool.q.name: the node pool name 'gpu_pool' is not one GKE"
            + " takes: it holds '_'", hint,
        inv + "4:17: error: resource.google_container_node_pool.r.name: the node pool name 'gpu-pool-' is not one GKE"
            + " takes: it ends with '-'", hint,
        inv + "6:17: error: resource.google_container_node_pool.t.name: the node pool name"
            + " 'a123456789b123456789c123456789d1234567890' is not one GKE takes: it has 41 characters, more than 40",
        hint),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void aCountAPoolCannotHoldIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"autoscaling": {"max_node_count": 2147483648},
                "node_config": {"machine_type": "n1-standard-8",
                                "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": -1}]}},
          "q": {"initial_node_count": 2.5, "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json").toString();
    String pool = "resource.google_container_node_pool.";
    assertEquals(inv + ":2:43: error: " + pool + "p.autoscaling.max_node_count: autoscaling.max_node_count of node"
        + " pool 'p' is 2147483648, not a whole number from 0 to 2147483647\n"
        + "    |   \"p\": {\"autoscaling\": {\"max_node_count\": 2147483648},\n"
        + "    |                                           ^\n"
        + "  = hint: write the number of nodes, such as 4\n"
        + inv + ":4:84: error: " + pool + "p.node_config.guest_accelerator[0].count: node_config.guest_accelerator[0]"
        + ".count of node pool 'p' is -1, not a whole number from 0 to 2147483647\n"
        + "    |                         \"guest_accelerator\": [{\"type\": \"nvidia-tesla-t4\", \"count\": -1}]}},\n"
        + "    |                                                                                    ^\n"
        + "  = hint: write the number of GPUs per node, such as 4\n"
        + inv + ":5:31: error: " + pool + "q.initial_node_count: initial_node_count of node pool 'q' is 2.5, not a"
        + " whole number from 0 to 2147483647\n"
        + "    |   \"q\": {\"initial_node_count\": 2.5, \"node_config\": {\"machine_type\": \"n1-standard-8\"}}\n"
        + "    |                               ^\n"
        + "  = hint: write the number of nodes, such as 4\n", err);
  }

  @Test
  void aSizeLabelBetweenUnitsIsRoundedDownToWholeMillicoresAndMib() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "p": {"node_config": {"labels": {"cpu": 1.5005, "memory_m": 1.5}}},
          "q": {"node_config": {"labels": {"cpu": 8, "memory_m": 30720.99}}}
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    NodePool p = inventory.find("p").orElseThrow();
    assertEquals(new BigDecimal("1.500"), p.cpu());
    assertEquals(1, p.memoryMi());
    NodePool q = inventory.find("q").orElseThrow();
    assertEquals(new BigDecimal("8"), q.cpu());
    assertEquals(30720, q.memoryMi());
  }

  @Test
  void aSizeLabelBelowOneUnitIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"node_config": {"labels": {"cpu": 0.0005, "memory_m": 0.5, "gpu_count": 1.5}}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":2:";
    String labels = "resource.google_container_node_pool.p.node_config.labels.";
    String line = "    |   \"p\": {\"node_config\": {\"labels\": {\"cpu\": 0.0005, \"memory_m\": 0.5,"
        + " \"gpu_count\": 1.5}}}\n";
    assertEquals(inv + "43: error: " + labels + "cpu: label 'cpu' of node pool 'p' is 0.0005 cores, less than 1m, the"
        + " smallest cpu stave schedules, so the pool's nodes would have none\n" + line
        + "    |                                           ^\n"
        + "  = hint: write the machine's real size in cores: stave schedules cpu in whole millicores and rounds a"
        + " node's size down to them\n"
        + inv + "63: error: " + labels + "memory_m: label 'memory_m' of node pool 'p' is 0.5 MiB, less than 1Mi, the"
        + " smallest memory stave schedules, so the pool's nodes would have none\n" + line
        + "    |                                                               ^\n"
        + "  = hint: write the machine's real size in MiB: stave schedules memory in whole MiB and rounds a node's"
        + " size down to them\n"
        + inv + "81: error: " + labels + "gpu_count: node_config.labels.gpu_count of node pool 'p' is 1.5, not a"
        + " whole number from 0 to 2147483647\n" + line
        + "    |                                                                                 ^\n"
        + "  = hint: write the number of GPUs per node, such as 4\n", err);
  }

  @Test
  void aSizeLabelAboveAnyNodesSaysTheLargestInTheLabelsOwnUnit() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"node_config": {"labels": {"cpu": 3e9, "memory_m": 1e13}}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":2:";
    String labels = "resource.google_container_node_pool.p.node_config.labels.";
    String line = "    |   \"p\": {\"node_config\": {\"labels\": {\"cpu\": 3e9, \"memory_m\": 1e13}}}\n";
    assertEquals(inv + "43: error: " + labels + "cpu: label 'cpu' of node pool 'p' is 3e9 cores, more than 2147483647"
        + " cores, which no node has\n" + line
        + "    |                                           ^\n"
        + "  = hint: write the machine's real size\n"
        + inv + "60: error: " + labels + "memory_m: label 'memory_m' of node pool 'p' is 1e13 MiB, more than"
        + " 8796093022207 MiB, which no node has\n" + line
        + "    |                                                            ^\n"
        + "  = hint: write the machine's real size\n", err);
  }

  @Test
  void aTaintThatIsNoMapIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"node_config": {"machine_type": "n1-standard-8", "taint": ["team=ml:NoSchedule"]}}
        }}}
        """);
    assertEquals(temp.resolve("inv.tf.json") + ":2:68: error: resource.google_container_node_pool.p.node_config"
        + ".taint[0]: node_config.taint[0] of node pool 'p' is a string, not a taint\n"
        + "    |   \"p\": {\"node_config\": {\"machine_type\": \"n1-standard-8\","
        + " \"taint\": [\"team=ml:NoSchedule\"]}}\n"
        + "    |                                                                    ^\n"
        + "  = hint: write {key, value, effect} with effect NO_SCHEDULE, PREFER_NO_SCHEDULE or NO_EXECUTE\n", err);
  }

  /**
   * Without autoscaling, node_count or initial_node_count, Terraform's Google provider creates the pool with 0
   * nodes, and it stays so: read as unbounded, the capacity check would pass any number of pods.
   */
  @Test
  void aPoolWithoutAutoscalingOrACountHasNoNodes() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    assertEquals(0, inventory.find("p").orElseThrow().maxNodes());
    Path config = InventoryFixtures.experiment(temp, "inv.tf.json", Files.readString(temp.resolve("inv.tf.json")));
    Run run = Run.of("compile", config.toString(), "-o", "-", "--strict-capacity");
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(config + ":7:15: error: processes.a.schedule: pool 'p' needs 1 node for its 1 pod, but"
        + " may have at most 0", "  = hint: give the pool nodes: its max_nodes, or in Terraform its node_count,"
        + " initial_node_count or autoscaling.max_node_count; or place the processes on another pool"),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * max_node_count, node_count and initial_node_count are per zone, total_max_node_count for the whole pool;
   * without node_locations, and without a location that says the pool is regional, one zone is counted.
   */
  @Test
  void countsPerZoneAreMultipliedByTheZonesOfNodeLocations() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    String machine = "\"node_config\": {\"machine_type\": \"n1-standard-8\"}";
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "p": {"autoscaling": {"max_node_count": 4}, "node_locations": ["us-central1-a", "us-central1-b"], M},
          "q": {"node_count": 3, "node_locations": ["us-central1-a", "us-central1-b", "us-central1-a"], M},
          "r": {"initial_node_count": 2, "node_locations": [], M},
          "s": {"autoscaling": {"total_max_node_count": 5}, "node_locations": ["us-central1-a", "us-central1-b"], M},
          "t": {"node_count": 3, M}
        }}}
        """.replace("M}", machine + "}"), problems);
    assertEquals(List.of(), problems);
    assertEquals(List.of(8, 6, 2, 5, 3), inventory.pools().stream().map(NodePool::maxNodes).toList());
  }

  /**
   * Without node_locations, a pool whose location (else its cluster's) is a region is in its cluster's
   * node_locations, else in GKE's three default zones; the cluster's are read when the pool refers to a cluster
   * of the file. A zonal pool, or one whose location is unknown, is counted in one zone.
   */
  @Test
  void aRegionalPoolWithoutNodeLocationsIsCountedInItsClustersZones() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    String machine = "\"node_config\": {\"machine_type\": \"n1-standard-8\"}";
    Inventory inventory = read("""
        {"resource": {
          "google_container_cluster": {
            "c": {"name": "c", "location": "us-central1", "node_locations": ["us-central1-a", "us-central1-b"]},
            "d": {"name": "d", "location": "europe-west4"},
            "e": {"name": "e", "location": "europe-west4", "node_locations": ["${var.zone}"]}},
          "google_container_node_pool": {
            "p": {"location": "us-central1", "node_count": 2, M},
            "q": {"location": "us-central1-a", "node_count": 2, M},
            "r": {"cluster": "${google_container_cluster.c.name}", "node_count": 2, M},
            "s": {"cluster": "${google_container_cluster.d.id}", "autoscaling": {"max_node_count": 4}, M},
            "t": {"cluster": "${var.cluster}", "node_count": 2, M},
            "u": {"location": "us-central1", "node_locations": ["us-central1-f"], "node_count": 2, M},
            "v": {"cluster": "${google_container_cluster.e.name}", "node_count": 2, M}
        }}}
        """.replace("M}", machine + "}"), problems);
    assertEquals(List.of(), problems);
    assertEquals(List.of(6, 2, 4, 12, 2, 2, 2), inventory.pools().stream().map(NodePool::maxNodes).toList());
  }

  /** Read as one zone, a node_locations that stave cannot count would let the capacity check pass too few nodes. */
  @Test
  void nodeLocationsThatCannotBeCountedIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 2, "node_locations": "us-central1-a",
                "node_config": {"machine_type": "n1-standard-8"}},
          "q": {"name": "q", "node_count": 2, "node_locations": ["us-central1-a", 7, "${var.zone}"],
                "node_config": {"machine_type": "n1-standard-8"}},
          "r": {"name": "r", "autoscaling": {"max_node_count": 2147483647}, "node_locations": ["a", "b"],
                "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    assertEquals(List.of(
        inv + "2:57: error: " + pool + "p.node_locations: node_locations of node pool 'p' is \"us-central1-a\", not a"
            + " list",
        "  = hint: write the pool's zones as a list, such as [\"us-central1-a\", \"us-central1-b\"]",
        inv + "4:75: error: " + pool + "q.node_locations[1]: node_locations[1] of node pool 'q' is 7, not a zone",
        "  = hint: write the zone in quotes, such as \"us-central1-a\"",
        inv + "4:78: error: " + pool + "q.node_locations[2]: node_locations[2] of node pool 'q' is \"${var.zone}\", a"
            + " Terraform expression, which stave does not evaluate",
        "  = hint: write the zone that it stands for, such as \"us-central1-a\"; for a cluster that is running,"
            + " 'stave inventory from-nodes' writes an inventory of it",
        inv + "6:87: error: " + pool + "r.node_locations: node pool 'r' may have 2147483647 nodes in each of its 2"
            + " zones, 4294967294 in all, more than 2147483647",
        "  = hint: write the most nodes per zone, such as \"max_node_count\": 4"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /** Zones counted by GKE's default were never written, so the hint says where the 3 came from. */
  @Test
  void tooManyNodesInGkesDefaultZonesSaysHowTheyWereCounted() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "r": {"name": "r", "location": "us-central1", "autoscaling": {"max_node_count": 1000000000},
                "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    assertEquals(List.of(
        temp.resolve("inv.tf.json") + ":2:8: error: resource.google_container_node_pool.r: node pool 'r' may have"
            + " 1000000000 nodes in each of its 3 zones, 3000000000 in all, more than 2147483647",
        "  = hint: write the most nodes per zone, such as \"max_node_count\": 4 (with no node_locations on the pool or"
            + " its cluster, stave counts GKE's default of 3 zones of the region; node_locations sets them)"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /** A resource with count 0 or an empty for_each declares no pool; with count 1, one. */
  @Test
  void aPoolOfCountZeroIsNoPoolAndOfCountOneIsOne() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "p": {"count": 1, "node_count": 2, "node_config": {"machine_type": "n1-standard-8"}},
          "q": {"count": 0, "node_count": 2, "node_config": {"machine_type": "n1-standard-8"}},
          "r": {"for_each": {}, "node_count": 2, "node_config": {"machine_type": "n1-standard-8"}},
          "s": {"count": "0", "node_count": 2, "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    assertEquals(List.of("p"), inventory.names());
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "q": {"name": "q", "node_count": 2, "count": 0, "node_config": {"machine_type": "n1-standard-8"}},
          "p": {"count": 0, "name": "p", "node_count": 2, "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    String every = " every node pool in resource.google_container_node_pool has count 0 or an empty for_each, so no"
        + " process can be placed on the inventory";
    assertEquals(List.of(temp.resolve("inv.tf.json") + ":2:48: error: resource.google_container_node_pool.q.count:"
        + every, "  = hint: give a pool count 1, or leave count out"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
    err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "for_each": [], "node_count": 2, "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    assertEquals(List.of(temp.resolve("inv.tf.json") + ":2:34: error: resource.google_container_node_pool.p"
        + ".for_each:" + every, "  = hint: give a pool count 1, or leave count out"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * Terraform names the pools of one resource with count or for_each by count.index or each.key, which stave
   * does not evaluate: none of them has a name stave could select it by.
   */
  @Test
  void aPoolWithCountAboveOneOrForEachIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"count": 3, "name": "p", "node_count": 1, "node_config": {"machine_type": "n1-standard-8"}},
          "q": {"for_each": ["a"], "name": "q", "node_count": 1, "node_config": {"machine_type": "n1-standard-8"}},
          "r": {"count": "${var.n}", "name": "r", "node_count": 1, "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    String fix = "  = hint: write each pool under a key of its own, with the name it has in GKE, and without count or"
        + " for_each";
    assertEquals(List.of(
        inv + "2:18: error: " + pool + "p.count: node pool 'p' has count 3, so Terraform creates 3 pools, named by"
            + " count.index, which stave does not evaluate", fix,
        inv + "3:21: error: " + pool + "q.for_each: node pool 'q' has for_each, so Terraform creates a pool for each"
            + " of its items, named by each.key or each.value, which stave does not evaluate", fix,
        inv + "4:18: error: " + pool + "r.count: count of node pool 'r' is \"${var.n}\", a Terraform expression, which"
            + " stave does not evaluate",
        "  = hint: write the number of pools that it stands for, such as 1; for a cluster that is running,"
            + " 'stave inventory from-nodes' writes an inventory of it"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /** GKE makes the nodes preemptible by node_config, so a preemptible label that says otherwise is an error. */
  @Test
  void aPreemptibleLabelThatContradictsNodeConfigIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {"machine_type": "n1-standard-8",
                "labels": {"preemptible": true}}},
          "q": {"name": "q", "node_count": 1, "node_config": {"machine_type": "n1-standard-8", "spot": true,
                "labels": {"preemptible": "false"}}},
          "r": {"name": "r", "node_count": 1, "node_config": {"machine_type": "n1-standard-8", "preemptible": true,
                "labels": {"preemptible": true}}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    String fix = "  = hint: make the label and node_config.preemptible agree, as Cloudwise writes them";
    assertEquals(List.of(
        inv + "3:35: error: " + pool + "p.node_config.labels.preemptible: label 'preemptible' of node pool 'p' is true,"
            + " but node_config.preemptible and spot are not true, and GKE makes the nodes preemptible by node_config",
        fix,
        inv + "5:35: error: " + pool + "q.node_config.labels.preemptible: label 'preemptible' of node pool 'q' is"
            + " \"false\", but node_config.preemptible or spot is true, and GKE makes the nodes preemptible by"
            + " node_config", fix),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void countsAndFlagsWrittenAsStringsAreReadAsTerraformConvertsThem() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "p": {"autoscaling": {"max_node_count": "3"},
                "node_config": {"machine_type": "n1-standard-8", "preemptible": "true",
                                "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": "2"}]}},
          "q": {"node_count": "1e1", "node_config": {"machine_type": "n1-standard-8", "spot": "1"}},
          "r": {"initial_node_count": "4", "node_config": {"machine_type": "n1-standard-8", "preemptible": "false"}}
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    NodePool p = inventory.find("p").orElseThrow();
    assertEquals(List.of(3, 2, true), List.of(p.maxNodes(), p.gpuCount(), p.preemptible()));
    NodePool q = inventory.find("q").orElseThrow();
    assertEquals(List.of(10, true), List.of(q.maxNodes(), q.preemptible()));
    NodePool r = inventory.find("r").orElseThrow();
    assertEquals(List.of(4, false), List.of(r.maxNodes(), r.preemptible()));
  }

  @Test
  void aCountThatIsATerraformExpressionIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"autoscaling": {"max_node_count": "${var.max}"}, "node_config": {"machine_type": "n1-standard-8"}},
          "q": {"node_count": "${var.nodes}", "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json").toString();
    String pool = "resource.google_container_node_pool.";
    String hint = "  = hint: write the number of nodes that it stands for, such as 4; for a cluster that is running,"
        + " 'stave inventory from-nodes' writes an inventory of it\n";
    assertEquals(inv + ":2:43: error: " + pool + "p.autoscaling.max_node_count: autoscaling.max_node_count of node"
        + " pool 'p' is \"${var.max}\", a Terraform expression, which stave does not evaluate\n"
        + "    |   \"p\": {\"autoscaling\": {\"max_node_count\": \"${var.max}\"}, \"node_config\": {\"machine_type\":"
        + " \"n1-standard-8\"}},\n"
        + "    |                                           ^\n"
        + hint
        + inv + ":3:23: error: " + pool + "q.node_count: node_count of node pool 'q' is \"${var.nodes}\", a Terraform"
        + " expression, which stave does not evaluate\n"
        + "    |   \"q\": {\"node_count\": \"${var.nodes}\", \"node_config\": {\"machine_type\": \"n1-standard-8\"}}\n"
        + "    |                       ^\n"
        + hint, err);
  }

  @Test
  void everyValueReadThatIsATerraformExpressionOrNoValueIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "${var.prefix}-p", "autoscaling": {"max_node_count": {"n": 3}},
                "node_config": {"machine_type": "n1-standard-8", "preemptible": "${var.preemptible}", "spot": "yes",
                                "guest_accelerator": [{"type": "${var.gpu}", "count": true}],
                "taint": [{"key": "team", "value": "${var.team}", "effect": "%{if x}NO_SCHEDULE%{endif}"},
                          "${var.taint}"]}},
          "q": {"node_config": {"machine_type": "${var.machine}"}},
          "r": {"node_config": {"labels": {"cpu": "${var.cpu}", "memory_m": 30720, "name": "${var.name}"}}},
          "s": {"autoscaling": "${var.autoscaling}", "node_config": {"labels": "${var.labels}"}},
          "t": {"name": "$${literal}", "node_config": {"machine_type": "n1-standard-8"}},
          "u": {"node_count": "many", "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    String notEvaluated = ", a Terraform expression, which stave does not evaluate";
    String fromNodes = "; for a cluster that is running, 'stave inventory from-nodes' writes an inventory of it";
    assertEquals(List.of(
        inv + "2:70: error: " + pool + "p.autoscaling.max_node_count: autoscaling.max_node_count of node pool 'p' is a"
            + " map, not a whole number from 0 to 2147483647",
        "  = hint: write the number of nodes, such as 4",
        inv + "3:73: error: " + pool + "p.node_config.preemptible: node_config.preemptible of node pool 'p' is"
            + " \"${var.preemptible}\"" + notEvaluated,
        "  = hint: write the boolean that it stands for, such as true" + fromNodes,
        inv + "3:103: error: " + pool + "p.node_config.spot: node_config.spot of node pool 'p' is \"yes\", not true or"
            + " false",
        "  = hint: write true or false",
        inv + "4:56: error: " + pool + "p.node_config.guest_accelerator[0].type: node_config.guest_accelerator[0].type"
            + " of node pool 'p' is \"${var.gpu}\"" + notEvaluated,
        "  = hint: write the GPU type that it stands for, such as nvidia-tesla-t4" + fromNodes,
        inv + "4:79: error: " + pool + "p.node_config.guest_accelerator[0].count: node_config.guest_accelerator[0]"
            + ".count of node pool 'p' is a boolean, not a whole number from 0 to 2147483647",
        "  = hint: write the number of GPUs per node, such as 4",
        inv + "5:44: error: " + pool + "p.node_config.taint[0].value: node_config.taint[0].value of node pool 'p' is"
            + " \"${var.team}\"" + notEvaluated,
        "  = hint: write the taint value that it stands for" + fromNodes,
        inv + "5:69: error: " + pool + "p.node_config.taint[0].effect: node_config.taint[0].effect of node pool 'p' is"
            + " \"%{if x}NO_SCHEDULE%{endif}\"" + notEvaluated,
        "  = hint: write the taint effect that it stands for, such as NO_SCHEDULE" + fromNodes,
        inv + "6:19: error: " + pool + "p.node_config.taint[1]: node_config.taint[1] of node pool 'p' is"
            + " \"${var.taint}\"" + notEvaluated,
        "  = hint: write the map that it stands for" + fromNodes,
        inv + "7:41: error: " + pool + "q.node_config.machine_type: node_config.machine_type of node pool 'q' is"
            + " \"${var.machine}\"" + notEvaluated,
        "  = hint: write the machine type that it stands for, such as n1-standard-8" + fromNodes,
        inv + "8:43: error: " + pool + "r.node_config.labels.cpu: node_config.labels.cpu of node pool 'r' is"
            + " \"${var.cpu}\"" + notEvaluated,
        "  = hint: write the number that it stands for, such as cpu: 8" + fromNodes,
        inv + "9:24: error: " + pool + "s.autoscaling: autoscaling of node pool 's' is \"${var.autoscaling}\""
            + notEvaluated,
        "  = hint: write the map that it stands for" + fromNodes,
        inv + "9:72: error: " + pool + "s.node_config.labels: node_config.labels of node pool 's' is"
            + " \"${var.labels}\"" + notEvaluated,
        "  = hint: write the map that it stands for" + fromNodes,
        inv + "10:17: error: " + pool + "t.name: the node pool name '$${literal}' is not one GKE takes: it starts"
            + " with '$', not a lowercase letter",
        "  = hint: use at most 40 lowercase letters, digits and '-', starting with a lowercase letter and ending with"
            + " a letter or digit, such as \"gpu-pool\"",
        inv + "11:23: error: " + pool + "u.node_count: node_count of node pool 'u' is \"many\", not a whole number from"
            + " 0 to 2147483647",
        "  = hint: write the number of nodes, such as 4"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /** Terraform JSON writes a resource or a nested block as an object or as a list of objects; both say the same. */
  @Test
  void aResourceOrBlockIsReadAsAnObjectOrAListOfObjects() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "p": [{"name": "p", "autoscaling": [{"max_node_count": 3}],
                 "node_config": [{"machine_type": "n1-standard-8", "preemptible": true,
                                  "guest_accelerator": {"type": "nvidia-tesla-t4", "count": 2},
                                  "taint": {"key": "team", "value": "ml", "effect": "NO_SCHEDULE"}}]}],
          "q": {"name": "q", "autoscaling": [], "node_count": 4,
                "node_config": {"machine_type": "n1-standard-2", "taint": [],
                                "guest_accelerator": [{"type": "nvidia-tesla-k80", "count": 1}]}},
          "r": []
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    assertEquals(List.of("p", "q"), inventory.pools().stream().map(NodePool::name).toList());
    NodePool p = inventory.find("p").orElseThrow();
    assertEquals(List.of(new BigDecimal("8"), 3, 2, "nvidia-tesla-t4", true,
        List.of(new Taint("team", "ml", "NoSchedule"))),
        List.of(p.cpu(), p.maxNodes(), p.gpuCount(), p.gpuType(), p.preemptible(), p.taints()));
    NodePool q = inventory.find("q").orElseThrow();
    assertEquals(List.of(new BigDecimal("2"), 4, 1, "nvidia-tesla-k80", false, List.of()),
        List.of(q.cpu(), q.maxNodes(), q.gpuCount(), q.gpuType(), q.preemptible(), q.taints()));
  }

  /**
   * Terraform JSON writes several blocks of a type, or several objects of a label's level, as a list of
   * objects: the pools of every item are read.
   */
  @Test
  void resourceAndItsTypeAreReadAsAListOfObjects() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": [{"google_compute_network": {"n": {}}},
          {"google_container_node_pool": [
            {"p": {"name": "p", "node_config": {"machine_type": "n1-standard-8"}}},
            {"q": {"name": "q", "node_config": {"machine_type": "n1-standard-2"}}}]},
          {"google_container_node_pool": {"r": {"name": "r", "node_config": {"machine_type": "e2-standard-4"}}}},
          {"google_container_node_pool": []}]}
        """, problems);
    assertEquals(List.of(), problems);
    assertEquals(List.of(List.of("p", new BigDecimal("8")), List.of("q", new BigDecimal("2")),
        List.of("r", new BigDecimal("4"))),
        inventory.pools().stream().map(p -> List.of(p.name(), p.cpu())).toList());
  }

  /**
   * An inventory of no pool would fail every schedule on it later, as a kind: inventory file's empty pools do
   * now: so declaring google_container_node_pool with no pool in it, in any form, is an error at it.
   */
  @Test
  void googleContainerNodePoolWithNoPoolInItIsAnErrorAtIt() throws IOException {
    String hint = "  = hint: declare each pool under its own key, such as \"google_container_node_pool\":"
        + " {\"cpu-pool\": {...}}; stave does not read a cluster's default pool (google_container_cluster); for a"
        + " cluster that is running, 'stave inventory from-nodes' writes an inventory of it";
    String declaresNone = ": error: resource.google_container_node_pool: resource.google_container_node_pool declares"
        + " no node pool, so no process can be placed on the inventory";
    String inv = temp.resolve("inv.tf.json") + ":";
    assertEquals(List.of(inv + "2:34" + declaresNone, hint), errors("""
        {"resource": [{"google_compute_network": {"n": {}}},
          {"google_container_node_pool": []}, {"google_container_node_pool": [{}]}]}
        """).lines().filter(l -> !l.startsWith("    |")).toList());
    assertEquals(List.of(inv + "1:45" + declaresNone, hint), errors("""
        {"resource": {"google_container_node_pool": {}}}
        """).lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * An item of no object, or a pool declared in two items, is an error at it, as Terraform refuses both; the
   * errors of the pools in the other items are reported in the same run.
   */
  @Test
  void aListItemThatIsNoObjectOrAPoolDeclaredTwiceIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": [{"google_container_node_pool": [{"p": {"node_config": {"machine_type": "n1-standard-8"}}}, 7]},
          "x",
          {"google_container_node_pool": {"p": {"node_config": {"machine_type": "n1-standard-4"}}}},
          {"google_container_node_pool": "y"},
          {"google_container_node_pool": {"q": {"node_config": {"machine_type": "n9-huge"}}}}]}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String objectHint = "  = hint: write it as an object, or as a list of objects";
    assertEquals(List.of(
        inv + "1:106: error: resource[0].google_container_node_pool[1]: resource[0].google_container_node_pool[1] is"
            + " an integer, not an object", objectHint,
        inv + "2:3: error: resource[1]: resource[1] is a string, not an object", objectHint,
        inv + "3:35: error: resource.google_container_node_pool.p: node pool 'p' is declared twice (first at line 1),"
            + " and Terraform allows one of a name",
        "  = hint: remove one of them, or give each pool a key of its own",
        inv + "4:34: error: resource[3].google_container_node_pool: resource[3].google_container_node_pool is a string,"
            + " not an object", objectHint,
        inv + "5:73: error: resource.google_container_node_pool.q.node_config.machine_type: 'n9-huge' is not a machine"
            + " type stave knows", "  = hint: stave knows n1-, n2-, n2d- and e2-standard|highmem|highcpu-N"
            + " and c2-standard-N in GCE's sizes and custom-C-M (M in MiB); or add labels cpu and memory_m"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * GKE attaches every guest_accelerator block, so a node's GPUs are the sum of their counts; a block of count
   * 0 attaches none, as Terraform's Google provider leaves it out, so its type is not the pool's.
   */
  @Test
  void theGpusOfSeveralAcceleratorBlocksAreSummed() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "p": {"node_config": {"machine_type": "n1-standard-8", "guest_accelerator": [
                  {"type": "nvidia-tesla-k80", "count": 0}, {"type": "nvidia-tesla-t4", "count": 1},
                  {"type": "nvidia-tesla-t4", "count": "2"}]}},
          "q": {"node_config": {"machine_type": "n1-standard-8", "guest_accelerator": [
                  {"type": "nvidia-tesla-k80", "count": 0}, {"type": "nvidia-tesla-t4", "count": 0}]}},
          "r": {"node_config": {"machine_type": "n1-standard-8", "labels": {"gpu_type": "nvidia-tesla-a100"},
                  "guest_accelerator": [{"type": "nvidia-tesla-a100", "count": 1073741823},
                                        {"type": "nvidia-tesla-a100", "count": 1073741824}]}}
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    assertEquals(List.of(List.of("p", 3, "nvidia-tesla-t4"), List.of("q", 0, "nvidia-tesla-k80"),
        List.of("r", 2147483647, "nvidia-tesla-a100")),
        inventory.pools().stream()
            .map(p -> List.of(p.name(), p.gpuCount(), p.gpuType() == null ? "none" : p.gpuType())).toList());
  }

  /**
   * Terraform requires a type and a count in every guest_accelerator block: read as no type, the pool's GPUs
   * would match a request of any type, or none, and read as no count, the pool would have no GPUs; so either
   * is an error at the block, a type even where a label gives it.
   */
  @Test
  void anAcceleratorBlockWithoutATypeOrCountOrWithATypeThatIsNoStringIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"node_config": {"machine_type": "n1-standard-8", "guest_accelerator": [
                  {"type": "nvidia-tesla-k80", "count": 0}, {"count": 2}]}},
          "q": {"node_config": {"machine_type": "n1-standard-8", "labels": {"gpu_type": "t4"},
                                "guest_accelerator": {"count": 1, "type": 4}}},
          "r": {"node_config": {"machine_type": "n1-standard-8", "guest_accelerator": [{"type": "nvidia-tesla-t4"}]}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    assertEquals(List.of(
        inv + "3:53: error: " + pool + "p.node_config.guest_accelerator[1].type: node_config.guest_accelerator[1]"
            + " of node pool 'p' has no type, which Terraform requires of every guest_accelerator",
        "  = hint: add the GPU type, such as \"type\": \"nvidia-tesla-t4\"",
        inv + "5:67: error: " + pool + "q.node_config.guest_accelerator.type: node_config.guest_accelerator.type"
            + " of node pool 'q' is 4, not a string",
        "  = hint: write the GPU type in quotes, such as \"nvidia-tesla-t4\"",
        inv + "6:80: error: " + pool + "r.node_config.guest_accelerator[0].count: node_config.guest_accelerator[0]"
            + " of node pool 'r' has no count, which Terraform requires of every guest_accelerator",
        "  = hint: add the number of GPUs per node, such as \"count\": 1"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /** Read as no bound, an autoscaling block without a maximum would let the pool take any number of pods. */
  @Test
  void anAutoscalingBlockWithoutAMaximumIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "autoscaling": {"min_node_count": 1}, "node_count": 3,
                "node_config": {"machine_type": "n1-standard-8"}},
          "q": {"name": "q", "autoscaling": {"total_max_node_count": 6},
                "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    assertEquals(List.of(temp.resolve("inv.tf.json") + ":2:37: error: resource.google_container_node_pool.p"
        + ".autoscaling.max_node_count: autoscaling of node pool 'p' has neither max_node_count nor"
        + " total_max_node_count, so the most nodes it grows to is unknown",
        "  = hint: add max_node_count, the most nodes per zone, such as \"max_node_count\": 4"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * Terraform's Google provider refuses node_count with a non-zero initial_node_count on one pool, with
   * autoscaling or without; an initial_node_count of 0 it reads as unset.
   */
  @Test
  void nodeCountWithANonZeroInitialNodeCountIsAnErrorNamingBoth() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 2, "initial_node_count": 1,
                "node_config": {"machine_type": "n1-standard-8"}},
          "q": {"name": "q", "node_count": "3", "initial_node_count": 2, "autoscaling": {"max_node_count": 4},
                "node_config": {"machine_type": "n1-standard-8"}},
          "r": {"name": "r", "node_count": 2, "initial_node_count": 0,
                "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    String hint = "  = hint: keep node_count, the nodes per zone, and remove initial_node_count";
    String inv = temp.resolve("inv.tf.json") + ":";
    assertEquals(List.of(inv + "2:8: error: resource.google_container_node_pool.p: node pool 'p' has both node_count 2"
        + " and initial_node_count 1, and Terraform's Google provider refuses a pool with both", hint,
        inv + "4:8: error: resource.google_container_node_pool.q: node pool 'q' has both node_count 3 and"
        + " initial_node_count 2, and Terraform's Google provider refuses a pool with both", hint),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "r": {"name": "r", "node_count": 2, "initial_node_count": 0, "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    assertEquals(2, inventory.find("r").orElseThrow().maxNodes());
  }

  /** GKE takes limits per zone or for the whole pool, not both: stave would have to pick one. */
  @Test
  void autoscalingWithLimitsPerZoneAndForThePoolIsAnErrorNamingBoth() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "autoscaling": {"max_node_count": 2, "total_max_node_count": 6},
                "node_config": {"machine_type": "n1-standard-8"}},
          "q": {"name": "q", "autoscaling": {"total_max_node_count": 6, "min_node_count": 1},
                "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    String hint = "  = hint: keep max_node_count, the most nodes per zone, or total_max_node_count, the most in all"
        + " the pool's zones";
    String limits = ", and GKE takes limits per zone (min_node_count, max_node_count) or for the whole pool"
        + " (total_min_node_count, total_max_node_count), not both";
    assertEquals(List.of(temp.resolve("inv.tf.json") + ":2:37: error: resource.google_container_node_pool.p"
        + ".autoscaling: autoscaling of node pool 'p' has both max_node_count and total_max_node_count" + limits, hint,
        temp.resolve("inv.tf.json") + ":4:37: error: resource.google_container_node_pool.q"
        + ".autoscaling: autoscaling of node pool 'q' has both min_node_count and total_max_node_count" + limits, hint),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /** A node has GPUs of one type, and holds at most 2147483647 of them, as a pool's gpu_count does. */
  @Test
  void acceleratorBlocksOfTwoTypesOrOfMoreGpusThanANodeHoldsAreAnError() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"node_config": {"machine_type": "n1-standard-8", "guest_accelerator": [
                  {"type": "nvidia-tesla-k80", "count": 0}, {"type": "nvidia-tesla-t4", "count": 2},
                  {"type": "nvidia-tesla-v100", "count": 1}]}},
          "q": {"node_config": {"machine_type": "n1-standard-8", "guest_accelerator": [
                  {"type": "nvidia-tesla-t4", "count": 2147483647}, {"type": "nvidia-tesla-t4", "count": 1}]}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    assertEquals(List.of(
        inv + "4:20: error: " + pool + "p.node_config.guest_accelerator[2].type: node_config.guest_accelerator[2].type"
            + " of node pool 'p' is \"nvidia-tesla-v100\", and node_config.guest_accelerator[1] attaches"
            + " \"nvidia-tesla-t4\": a node has GPUs of one type",
        "  = hint: give the pool's blocks one type, or put the GPUs of each type in a pool of its own",
        inv + "5:79: error: " + pool + "q.node_config.guest_accelerator: the guest_accelerator blocks of node pool 'q'"
            + " attach 2147483648 GPUs to a node, more than 2147483647",
        "  = hint: write the number of GPUs per node, such as 4"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /** Read as absent, such a value would leave the pool unbounded or without its size, GPUs or taints. */
  @Test
  void twoBlocksWhereAPoolHasOneOrAValueOfNoBlockFormIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"autoscaling": [{"max_node_count": 3}, {"max_node_count": 5}],
                "node_config": {"machine_type": "n1-standard-8"}},
          "q": {"node_config": [{"labels": [{"cpu": 8, "memory_m": 30720}]}]},
          "r": [{"node_config": {"machine_type": "n1-standard-8"}}, {"node_config": {"machine_type": "n1-standard-2"}}],
          "s": {"node_config": 5},
          "t": {"node_config": {"machine_type": "n1-standard-8", "guest_accelerator": [7], "taint": "team"}},
          "u": ["v"]
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    String blockHint = "  = hint: write the block as an object, or as a list of objects";
    assertEquals(List.of(
        inv + "2:24: error: " + pool + "p.autoscaling: autoscaling of node pool 'p' is a list of 2 blocks, and a pool"
            + " has one",
        "  = hint: write one autoscaling block",
        inv + "4:36: error: " + pool + "q.node_config.labels: node_config.labels of node pool 'q' is a list, not a map",
        "  = hint: write the labels as an object, such as {\"cpu\": 8, \"memory_m\": 30720}",
        inv + "5:8: error: " + pool + "r: node pool 'r' is a list of 2 resources, and Terraform allows one of a name",
        "  = hint: write the pool as one object, and each other pool under a key of its own",
        inv + "6:24: error: " + pool + "s.node_config: node_config of node pool 's' is an integer, not a block",
        blockHint,
        inv + "7:80: error: " + pool + "t.node_config.guest_accelerator[0]: node_config.guest_accelerator[0] of node"
            + " pool 't' is an integer, not a block",
        blockHint,
        inv + "7:93: error: " + pool + "t.node_config.taint: node_config.taint of node pool 't' is a string, not a"
            + " taint",
        "  = hint: write {key, value, effect} with effect NO_SCHEDULE, PREFER_NO_SCHEDULE or NO_EXECUTE",
        inv + "8:9: error: " + pool + "u[0]: node pool 'u' is a string, not a map",
        "  = hint: write the pool as a Terraform resource map, or a list of one"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * A size GCE does not have in a family stave knows is no machine: sized by the family's ratio, the pool
   * would be a node that does not exist. The hint gives the family's sizes.
   */
  @Test
  void aSizeGceDoesNotHaveIsAnUnknownMachineType() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {"machine_type": "n1-standard-6"}},
          "q": {"name": "q", "node_count": 1, "node_config": {"machine_type": "e2-highmem-32"}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    assertEquals(List.of(
        inv + "2:71: error: " + pool + "p.node_config.machine_type: 'n1-standard-6' is not a machine type stave knows",
        "  = hint: GCE's n1-standard types have 1, 2, 4, 8, 16, 32, 64, 96 vCPUs; for another size, use custom-C-M"
            + " (M in MiB); or add labels cpu and memory_m",
        inv + "3:71: error: " + pool + "q.node_config.machine_type: 'e2-highmem-32' is not a machine type stave knows",
        "  = hint: GCE's e2-highmem types have 2, 4, 8, 16 vCPUs; for another size, use custom-C-M (M in MiB); or add"
            + " labels cpu and memory_m"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * E2's shared-core types have 2 vCPUs, but what GKE reserves of them stave has no source for, so they are not
   * sized: the hint says why and what to write instead.
   */
  @Test
  void aSharedCoreTypeIsNotSizedAndSaysWhy() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {"machine_type": "e2-medium"}}
        }}}
        """);
    assertEquals(List.of(temp.resolve("inv.tf.json") + ":2:71: error: resource.google_container_node_pool.p"
            + ".node_config.machine_type: 'e2-medium' is not a machine type stave knows",
        "  = hint: e2-medium is a shared-core type, whose allocatable CPU on GKE stave cannot compute, so stave does"
            + " not size it: add labels cpu and memory_m, or write the inventory with 'stave inventory from-nodes',"
            + " which reads the nodes' allocatable"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * A custom type that breaks GCE's rules is no machine GCE could create: sized as written, the pool would be a
   * node that does not exist. The error names the rule, the hint the series' rules; labels cpu and memory_m
   * size the pool without it.
   */
  @Test
  void aCustomTypeThatBreaksGcesRulesIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {"machine_type": "n2-custom-34-34816"}},
          "q": {"name": "q", "node_count": 1, "node_config": {"machine_type": "e2-custom-4-5000"}},
          "r": {"name": "r", "node_count": 1, "node_config": {"machine_type": "custom-3-3072",
            "labels": {"cpu": 3, "memory_m": 3072}}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    assertEquals(List.of(
        inv + "2:71: error: " + pool + "p.node_config.machine_type: 'n2-custom-34-34816' is no machine type GCE can"
            + " create: it has 34 vCPUs, and N2 custom types have an even number up to 32, or a multiple of 4 from 36"
            + " to 128",
        "  = hint: GCE's N2 custom types have an even number up to 32, or a multiple of 4 from 36 to 128 vCPUs and a"
            + " multiple of 256 MiB, 512 to 8192 MiB per vCPU (more with -ext); or add labels cpu and memory_m",
        inv + "3:71: error: " + pool + "q.node_config.machine_type: 'e2-custom-4-5000' is no machine type GCE can"
            + " create: its memory, 5000 MiB, is not a multiple of 256 MiB, as GCE sizes custom types",
        "  = hint: GCE's E2 custom types have an even number from 2 to 32 vCPUs and a multiple of 256 MiB, 512 to"
            + " 8192 MiB per vCPU; or add labels cpu and memory_m"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * An accelerator-optimized machine type comes with GPUs whose count stave does not know, so its hint asks for the
   * GPU labels too: with cpu and memory_m alone, the pool would have no GPUs. The hint names the types of the
   * series that stave does size.
   */
  @Test
  void anAcceleratorOptimizedTypeAsksForTheGpuLabels() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {"machine_type": "a4-highgpu-8g-lowmem"}},
          "q": {"name": "q", "node_count": 1, "node_config": {"machine_type": "g4-standard-24"}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    assertEquals(List.of(
        inv + "2:71: error: " + pool + "p.node_config.machine_type: 'a4-highgpu-8g-lowmem' is not a machine type"
            + " stave knows",
        "  = hint: GCE's a4 types come with their GPUs, nvidia-b200, and stave knows the sizes of a4-highgpu-8g,"
            + " a4-highgpu-8g-nolssd only: add labels cpu, memory_m, gpu_type and gpu_count (GPUs per node)",
        inv + "3:71: error: " + pool + "q.node_config.machine_type: 'g4-standard-24' is not a machine type stave knows",
        "  = hint: GCE's g4 types come with their GPUs, nvidia-rtx-pro-6000, and stave knows the sizes of"
            + " g4-standard-48, g4-standard-96, g4-standard-192, g4-standard-384 only: add labels cpu, memory_m,"
            + " gpu_type and gpu_count (GPUs per node)"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * An a2, a3 or g2 type whose size and GPUs stave knows sizes a pool without labels, GPUs included, as GKE gives
   * its nodes those GPUs without a guest_accelerator block; beside labels cpu and memory_m it still gives the GPUs.
   * A gpu_count label or a guest_accelerator block says the GPUs instead, and a gpu_type label names them.
   */
  @Test
  void anAcceleratorOptimizedTypeStaveKnowsComesWithItsGpus() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "a": {"name": "a", "node_count": 1, "node_config": {"machine_type": "a2-highgpu-2g"}},
          "u": {"name": "u", "node_count": 1, "node_config": {"machine_type": "a2-ultragpu-1g"}},
          "m": {"name": "m", "node_count": 1, "node_config": {"machine_type": "a3-megagpu-8g"}},
          "h": {"name": "h", "node_count": 1, "node_config": {"machine_type": "a3-ultragpu-8g"}},
          "f": {"name": "f", "node_count": 1, "node_config": {"machine_type": "a4-highgpu-8g"}},
          "g": {"name": "g", "node_count": 1, "node_config": {"machine_type": "g2-standard-24"}},
          "l": {"name": "l", "node_count": 1, "node_config": {"machine_type": "g2-standard-8",
            "labels": {"cpu": 8, "memory_m": 30000}}},
          "t": {"name": "t", "node_count": 1, "node_config": {"machine_type": "g2-standard-48",
            "labels": {"gpu_type": "nvidia-l4"}}},
          "c": {"name": "c", "node_count": 1, "node_config": {"machine_type": "g2-standard-48",
            "labels": {"gpu_type": "nvidia-l4", "gpu_count": 4}}},
          "b": {"name": "b", "node_count": 1, "node_config": {"machine_type": "a3-highgpu-8g",
            "guest_accelerator": [{"type": "nvidia-h100-80gb", "count": 8,
              "gpu_sharing_config": {"gpu_sharing_strategy": "TIME_SHARING", "max_shared_clients_per_gpu": 2}}]}}
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    Function<String, List<Object>> size = name -> {
      NodePool p = inventory.find(name).orElseThrow();
      return List.of(p.cpu(), p.memoryMi(), p.gpuCount(), String.valueOf(p.gpuType()));
    };
    assertEquals(List.of(new BigDecimal(24), 174080L, 2, "nvidia-tesla-a100"), size.apply("a"));
    assertEquals(List.of(new BigDecimal(12), 174080L, 1, "nvidia-a100-80gb"), size.apply("u"));
    assertEquals(List.of(new BigDecimal(208), 1916928L, 8, "nvidia-h100-mega-80gb"), size.apply("m"));
    assertEquals(List.of(new BigDecimal(224), 3022848L, 8, "nvidia-h200-141gb"), size.apply("h"));
    assertEquals(List.of(new BigDecimal(224), 4063232L, 8, "nvidia-b200"), size.apply("f"));
    assertEquals(List.of(new BigDecimal(24), 98304L, 2, "nvidia-l4"), size.apply("g"));
    assertEquals(List.of(new BigDecimal(8), 30000L, 1, "nvidia-l4"), size.apply("l"));
    assertEquals(List.of(new BigDecimal(48), 196608L, 4, "nvidia-l4"), size.apply("t"));
    assertEquals(List.of(new BigDecimal(48), 196608L, 4, "nvidia-l4"), size.apply("c"));
    assertEquals(List.of(new BigDecimal(208), 1916928L, 16, "nvidia-h100-80gb"), size.apply("b"));
  }

  /**
   * A gpu_count label that does not count the GPUs GKE gives a machine type stave knows is an error at it: the pool
   * would take fewer (or more) GPU pods than its nodes run.
   */
  @Test
  void aGpuCountLabelMustCountTheGpusOfTheMachineType() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "c": {"name": "c", "node_count": 1, "node_config": {"machine_type": "g2-standard-48",
            "labels": {"cpu": 48, "memory_m": 196608, "gpu_count": 2}}},
          "o": {"name": "o", "node_count": 1, "node_config": {"machine_type": "g2-standard-8",
            "labels": {"gpu_count": 2}}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    assertEquals(List.of(inv + "3:60: error: resource.google_container_node_pool.c"
            + ".node_config.labels.gpu_count: label 'gpu_count' of node pool 'c' is 2, but GKE gives each node of"
            + " machine type 'g2-standard-48' 4 GPUs of type \"nvidia-l4\"",
        "  = hint: make the label 4, or remove it: stave counts the GPUs of g2-standard-48",
        inv + "5:29: error: resource.google_container_node_pool.o.node_config.labels.gpu_count: label 'gpu_count' of"
            + " node pool 'o' is 2, but GKE gives each node of machine type 'g2-standard-8' 1 GPU of type"
            + " \"nvidia-l4\"",
        "  = hint: make the label 1, or remove it: stave counts the GPUs of g2-standard-8"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * A gpu_type label that does not name, as written, the GPUs GKE gives a machine type stave knows is an error at it,
   * beside a gpu_count label or not: read as written, the pool would take work for GPUs its nodes do not have, and
   * none for theirs.
   */
  @Test
  void aGpuTypeLabelMustNameTheGpusOfTheMachineType() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "t": {"name": "t", "node_count": 1, "node_config": {"machine_type": "a2-highgpu-2g",
            "labels": {"gpu_type": "nvidia-tesla-t4"}}},
          "c": {"name": "c", "node_count": 1, "node_config": {"machine_type": "g2-standard-8",
            "labels": {"gpu_type": "NVIDIA-L4", "gpu_count": 1}}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    assertEquals(List.of(
        inv + "3:28: error: " + pool + "t.node_config.labels.gpu_type: label 'gpu_type' of node pool 't' is"
            + " \"nvidia-tesla-t4\", but GKE gives each node of machine type 'a2-highgpu-2g' 2 GPUs of type"
            + " \"nvidia-tesla-a100\"",
        "  = hint: make the label \"nvidia-tesla-a100\", as GKE names them, or remove it: stave names the GPUs of"
            + " a2-highgpu-2g",
        inv + "5:28: error: " + pool + "c.node_config.labels.gpu_type: label 'gpu_type' of node pool 'c' is"
            + " \"NVIDIA-L4\", but GKE gives each node of machine type 'g2-standard-8' 1 GPU of type \"nvidia-l4\"",
        "  = hint: make the label \"nvidia-l4\", as GKE names them, or remove it: stave names the GPUs of"
            + " g2-standard-8"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * guest_accelerator blocks on a machine type whose GPUs stave knows must attach those GPUs: a block of another
   * count or of another type is an error at the value that differs, not a pool of the block's GPUs, since the type
   * comes with its own.
   */
  @Test
  void guestAcceleratorBlocksMustAgreeWithTheGpusOfTheMachineType() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "m": {"name": "m", "node_count": 1, "node_config": {"machine_type": "a2-highgpu-2g",
            "guest_accelerator": [{"type": "nvidia-tesla-a100", "count": 1},
              {"type": "nvidia-tesla-a100", "count": 3}]}},
          "t": {"name": "t", "node_count": 1, "node_config": {"machine_type": "g2-standard-8",
            "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": 1}]}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    assertEquals(List.of(
        inv + "3:66: error: " + pool + "m.node_config.guest_accelerator[0].count: guest_accelerator of node pool 'm'"
            + " attaches 4 GPUs to a node, but machine type 'a2-highgpu-2g' comes with 2 GPUs of type"
            + " \"nvidia-tesla-a100\"",
        "  = hint: make the count 2, or leave the guest_accelerator block out: stave counts the GPUs of a2-highgpu-2g",
        inv + "6:36: error: " + pool + "t.node_config.guest_accelerator[0].type: guest_accelerator of node pool 't'"
            + " attaches \"nvidia-tesla-t4\", but machine type 'g2-standard-8' comes with 1 GPU of type"
            + " \"nvidia-l4\"",
        "  = hint: make the type \"nvidia-l4\", or leave the guest_accelerator block out: stave counts the GPUs of"
            + " g2-standard-8"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
    // A machine type of one GPU is said so, in the singular.
    String one = errors("""
        {"resource": {"google_container_node_pool": {
          "c": {"name": "c", "node_count": 1, "node_config": {"machine_type": "g2-standard-4",
            "labels": {"cpu": 4, "memory_m": 16384, "gpu_count": 2}}}
        }}}
        """);
    assertEquals(List.of(temp.resolve("inv.tf.json") + ":3:58: error: resource.google_container_node_pool.c"
            + ".node_config.labels.gpu_count: label 'gpu_count' of node pool 'c' is 2, but GKE gives each node of"
            + " machine type 'g2-standard-4' 1 GPU of type \"nvidia-l4\"",
        "  = hint: make the label 1, or remove it: stave counts the GPUs of g2-standard-4"),
        one.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * Terraform's Google provider leaves a guest_accelerator block of count 0 out of what it asks GKE for, so on a
   * machine type that comes with GPUs, blocks that all have count 0 are a pool without blocks: its nodes have the
   * type's GPUs, unshared, whatever type the blocks name, and labels are checked against the type. Such a block still
   * needs its type, as Terraform requires it.
   */
  @Test
  void blocksOfCountZeroOnATypeWithGpusAreLeftOut() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "z": {"name": "z", "node_count": 1, "node_config": {"machine_type": "a2-highgpu-2g",
            "guest_accelerator": [{"type": "nvidia-tesla-a100", "count": 0}]}},
          "t": {"name": "t", "node_count": 1, "node_config": {"machine_type": "g2-standard-24",
            "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": 0, "gpu_sharing_config":
              {"gpu_sharing_strategy": "TIME_SHARING", "max_shared_clients_per_gpu": 4}}, {"type": "nvidia-l4",
              "count": "0"}]}}
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    NodePool z = inventory.find("z").orElseThrow();
    NodePool t = inventory.find("t").orElseThrow();
    assertEquals(List.of(2, "nvidia-tesla-a100", 2, "nvidia-l4"),
        List.of(z.gpuCount(), z.gpuType(), t.gpuCount(), t.gpuType()));
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "l": {"name": "l", "node_count": 1, "node_config": {"machine_type": "a2-highgpu-2g",
            "labels": {"gpu_count": 0}, "guest_accelerator": [{"type": "nvidia-tesla-a100", "count": 0}]}},
          "n": {"name": "n", "node_count": 1, "node_config": {"machine_type": "a2-highgpu-2g",
            "guest_accelerator": [{"count": 0}]}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    assertEquals(List.of(
        inv + "3:29: error: " + pool + "l.node_config.labels.gpu_count: label 'gpu_count' of node pool 'l' is 0, but"
            + " GKE gives each node of machine type 'a2-highgpu-2g' 2 GPUs of type \"nvidia-tesla-a100\"",
        "  = hint: make the label 2, or remove it: stave counts the GPUs of a2-highgpu-2g"),
        err.lines().filter(l -> !l.startsWith("    |")).limit(2).toList());
    assertEquals(List.of(inv + "5:27: error: " + pool + "n.node_config.guest_accelerator[0].type:"
            + " node_config.guest_accelerator[0] of node pool 'n' has no type, which Terraform requires of every"
            + " guest_accelerator"),
        err.lines().filter(l -> l.contains("'n'") || l.contains(".n.")).toList());
  }

  /**
   * Blocks of count 0 are left out on a type of a GPU series whose size stave does not know, too: its nodes have the
   * type's GPUs, which the labels count, and labels that size the pool without counting them are the error they are
   * without blocks, not a pool of no GPUs.
   */
  @Test
  void blocksOfCountZeroOnAnUnsizedTypeWithGpusAreLeftOut() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "l": {"name": "l", "node_count": 1, "node_config": {"machine_type": "a4-highgpu-8g-lowmem",
            "labels": {"cpu": 224, "memory_m": 1000000, "gpu_count": 8, "gpu_type": "nvidia-b200"},
            "guest_accelerator": [{"type": "nvidia-b200", "count": 0}]}}
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    NodePool lowmem = inventory.find("l").orElseThrow();
    assertEquals(List.of(8, "nvidia-b200"), List.of(lowmem.gpuCount(), lowmem.gpuType()));
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "u": {"name": "u", "node_count": 1, "node_config": {"machine_type": "a4-highgpu-8g-lowmem",
            "labels": {"cpu": 224, "memory_m": 1000000}, "guest_accelerator": [{"type": "nvidia-b200", "count": 0}]}}
        }}}
        """);
    assertEquals(List.of(temp.resolve("inv.tf.json") + ":2:71: error: resource.google_container_node_pool.u"
            + ".node_config.machine_type: node pool 'u' has machine type 'a4-highgpu-8g-lowmem', which comes with"
            + " GPUs, and no label gpu_count to say how many"),
        err.lines().filter(line -> line.contains(": error: ")).toList());
  }

  /**
   * On a machine type whose GPUs stave knows, a guest_accelerator count written as a Terraform expression is no
   * error: the machine type gives the GPUs, and a warning says that the blocks are not checked against it. The
   * blocks' gpu_sharing_config still shares the machine type's GPUs (more shared GPUs than a pool holds are an
   * error), and a count written as a value is still checked.
   */
  @Test
  void anUnevaluatedGuestAcceleratorCountLeavesTheMachineTypesGpus() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "a": {"name": "a", "node_count": 1, "node_config": {"machine_type": "a2-highgpu-2g",
            "guest_accelerator": [{"type": "nvidia-tesla-a100", "count": "${var.n}"}]}},
          "s": {"name": "s", "node_count": 1, "node_config": {"machine_type": "g2-standard-48",
            "guest_accelerator": [{"type": "${var.gpu}", "count": "${var.n}", "gpu_sharing_config":
              {"gpu_sharing_strategy": "TIME_SHARING", "max_shared_clients_per_gpu": 3}}]}}
        }}}
        """, problems);
    String inv = temp.resolve("inv.tf.json") + ":";
    assertEquals(List.of(inv + "3:66 WARNING inventory-gpu-unchecked resource.google_container_node_pool.a"
            + ".node_config.guest_accelerator[0].count: node_config.guest_accelerator[0].count of node pool 'a' is"
            + " \"${var.n}\", a Terraform expression, which stave does not evaluate, so its guest_accelerator blocks"
            + " are not checked against machine type 'a2-highgpu-2g', whose 2 GPUs of type \"nvidia-tesla-a100\" the"
            + " pool has [write the number that it stands for, 2, or leave the guest_accelerator block out: stave"
            + " counts the GPUs of a2-highgpu-2g]",
        inv + "5:59 WARNING inventory-gpu-unchecked resource.google_container_node_pool.s"
            + ".node_config.guest_accelerator[0].count: node_config.guest_accelerator[0].count of node pool 's' is"
            + " \"${var.n}\", a Terraform expression, which stave does not evaluate, so its guest_accelerator blocks"
            + " are not checked against machine type 'g2-standard-48', whose 4 GPUs of type \"nvidia-l4\" the pool"
            + " has [write the number that it stands for, 4, or leave the guest_accelerator block out: stave counts"
            + " the GPUs of g2-standard-48]"),
        problems.stream().map(d -> d.origin() + " " + d.severity() + " " + d.code() + " " + d.jsonPath() + ": "
            + d.message() + " " + d.hints()).toList());
    NodePool a = inventory.find("a").orElseThrow();
    assertEquals(List.of(new BigDecimal(24), 174080L, 2, "nvidia-tesla-a100"),
        List.of(a.cpu(), a.memoryMi(), a.gpuCount(), a.gpuType()));
    assertEquals(null, a.gpuSharing());
    NodePool s = inventory.find("s").orElseThrow();
    assertEquals(List.of(12, "nvidia-l4", new NodePool.GpuSharing("TIME_SHARING", 3)),
        List.of(s.gpuCount(), s.gpuType(), s.gpuSharing()));
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "m": {"name": "m", "node_count": 1, "node_config": {"machine_type": "a2-highgpu-2g",
            "guest_accelerator": [{"type": "nvidia-tesla-a100", "count": -1},
              {"type": "nvidia-tesla-a100", "count": "${var.n}"}]}},
          "o": {"name": "o", "node_count": 1, "node_config": {"machine_type": "a2-highgpu-2g",
            "guest_accelerator": [{"type": "nvidia-tesla-a100", "count": "${var.n}", "gpu_sharing_config":
              {"gpu_sharing_strategy": "MPS", "max_shared_clients_per_gpu": 2147483647}}]}}
        }}}
        """);
    assertEquals(List.of(inv + "3:66: error: resource.google_container_node_pool.m.node_config.guest_accelerator[0]"
            + ".count: node_config.guest_accelerator[0].count of node pool 'm' is -1, not a whole number from 0 to"
            + " 2147483647",
        "  = hint: write the number of GPUs per node, such as 4",
        inv + "4:46: warning: resource.google_container_node_pool.m.node_config.guest_accelerator[1].count:"
            + " node_config.guest_accelerator[1].count of node pool 'm' is \"${var.n}\", a Terraform expression, which"
            + " stave does not evaluate, so its guest_accelerator blocks are not checked against machine type"
            + " 'a2-highgpu-2g', whose 2 GPUs of type \"nvidia-tesla-a100\" the pool has",
        "  = hint: write the number that it stands for, 2, or leave the guest_accelerator block out: stave counts the"
            + " GPUs of a2-highgpu-2g",
        inv + "6:26: error: resource.google_container_node_pool.o.node_config.guest_accelerator: the guest_accelerator"
            + " of node pool 'o' shares the 2 GPUs of its machine type as MPS, 2147483647 clients per GPU, and GKE"
            + " advertises them as 4294967294 shared GPUs of a node, more than 2147483647",
        "  = hint: write the number of clients per GPU, such as 2: the machine type fixes the number of GPUs",
        inv + "6:66: warning: resource.google_container_node_pool.o.node_config.guest_accelerator[0].count:"
            + " node_config.guest_accelerator[0].count of node pool 'o' is \"${var.n}\", a Terraform expression, which"
            + " stave does not evaluate, so its guest_accelerator blocks are not checked against machine type"
            + " 'a2-highgpu-2g', whose 2 GPUs of type \"nvidia-tesla-a100\" the pool has",
        "  = hint: write the number that it stands for, 2, or leave the guest_accelerator block out: stave counts the"
            + " GPUs of a2-highgpu-2g"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * Beside a guest_accelerator count written as an expression on a machine type whose GPUs stave knows, a gpu_type
   * label is checked against the machine type, as without blocks: read as written, a2-highgpu-2g labelled
   * nvidia-tesla-t4 would take T4 work. The count has one warning, that the blocks are not checked.
   */
  @Test
  void aGpuTypeLabelBesideAnUnevaluatedCountMustNameTheGpusOfTheMachineType() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "t": {"name": "t", "node_count": 1, "node_config": {"machine_type": "a2-highgpu-2g",
            "labels": {"gpu_type": "nvidia-tesla-t4"},
            "guest_accelerator": [{"type": "nvidia-tesla-a100", "count": "${var.n}"}]}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    assertEquals(List.of(
        inv + "3:28: error: " + pool + "t.node_config.labels.gpu_type: label 'gpu_type' of node pool 't' is"
            + " \"nvidia-tesla-t4\", but GKE gives each node of machine type 'a2-highgpu-2g' 2 GPUs of type"
            + " \"nvidia-tesla-a100\"",
        "  = hint: make the label \"nvidia-tesla-a100\", as GKE names them, or remove it: stave names the GPUs of"
            + " a2-highgpu-2g",
        inv + "4:66: warning: " + pool + "t.node_config.guest_accelerator[0].count: node_config.guest_accelerator[0]"
            + ".count of node pool 't' is \"${var.n}\", a Terraform expression, which stave does not evaluate, so its"
            + " guest_accelerator blocks are not checked against machine type 'a2-highgpu-2g', whose 2 GPUs of type"
            + " \"nvidia-tesla-a100\" the pool has",
        "  = hint: write the number that it stands for, 2, or leave the guest_accelerator block out: stave counts the"
            + " GPUs of a2-highgpu-2g"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
    List<Diagnostic> problems = new ArrayList<>();
    NodePool a = read("""
        {"resource": {"google_container_node_pool": {
          "a": {"name": "a", "node_count": 1, "node_config": {"machine_type": "a2-highgpu-2g",
            "labels": {"gpu_type": "nvidia-tesla-a100"},
            "guest_accelerator": [{"type": "nvidia-tesla-a100", "count": "${var.n}"}]}}
        }}}
        """, problems).find("a").orElseThrow();
    assertEquals(List.of("inventory-gpu-unchecked"), problems.stream().map(Diagnostic::code).toList());
    assertEquals(List.of(2, "nvidia-tesla-a100"), List.of(a.gpuCount(), a.gpuType()));
  }

  /**
   * A pool sized by its labels whose machine type comes with GPUs needs label gpu_count: read as none, it would
   * take no GPU work. With the label, or a guest_accelerator block, it has the GPUs they say.
   */
  @Test
  void aMachineTypeWithGpusNeedsTheGpuCountLabel() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {"machine_type": "a4-highgpu-8g-lowmem",
            "labels": {"cpu": 208, "memory_m": 1916928}}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    assertEquals(List.of(
        inv + "2:71: error: resource.google_container_node_pool.p.node_config.machine_type: node pool 'p' has machine"
            + " type 'a4-highgpu-8g-lowmem', which comes with GPUs, and no label gpu_count to say how many",
        "  = hint: add labels gpu_count (GPUs per node) and gpu_type: nvidia-b200"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
    List<Diagnostic> problems = new ArrayList<>();
    Inventory labelled = read("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {"machine_type": "a2-highgpu-2g",
            "labels": {"cpu": 24, "memory_m": 174080, "gpu_type": "nvidia-tesla-a100", "gpu_count": 2}}},
          "q": {"name": "q", "node_count": 1, "node_config": {"machine_type": "g2-standard-8",
            "labels": {"cpu": 8, "memory_m": 32768}, "guest_accelerator": [{"type": "nvidia-l4", "count": 1}]}}
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    NodePool p = labelled.find("p").orElseThrow();
    NodePool q = labelled.find("q").orElseThrow();
    assertEquals(List.of(2, "nvidia-tesla-a100", 1, "nvidia-l4"),
        List.of(p.gpuCount(), p.gpuType(), q.gpuCount(), q.gpuType()));
  }

  /**
   * The later accelerator-optimized series (GB200, RTX PRO 6000) come with GPUs too; a4-highgpu-8g, which stave
   * sizes, gives its 8 B200s beside labels cpu and memory_m, and the g4 types with a fraction of a GPU, which stave
   * does not size, ask for the labels.
   */
  @Test
  void theLaterAcceleratorOptimizedSeriesNeedTheGpuLabelsToo() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {"machine_type": "a4-highgpu-8g",
            "labels": {"cpu": 224, "memory_m": 4063232}}},
          "q": {"name": "q", "node_count": 1, "node_config": {"machine_type": "g4-standard-12"}},
          "r": {"name": "r", "node_count": 1, "node_config": {"machine_type": "g4-standard-6",
            "labels": {"cpu": 6, "memory_m": 22528}}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    assertEquals(List.of(
        inv + "4:71: error: " + pool + "q.node_config.machine_type: 'g4-standard-12' is not a machine type stave"
            + " knows",
        "  = hint: GCE's g4 types come with their GPUs, nvidia-rtx-pro-6000, and stave knows the sizes of"
            + " g4-standard-48, g4-standard-96, g4-standard-192, g4-standard-384 only: add labels cpu, memory_m,"
            + " gpu_type and gpu_count (GPUs per node)",
        inv + "5:71: error: " + pool + "r.node_config.machine_type: node pool 'r' has machine type 'g4-standard-6',"
            + " which comes with GPUs, and no label gpu_count to say how many",
        "  = hint: add labels gpu_count (GPUs per node) and gpu_type: nvidia-rtx-pro-6000"),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
    assertEquals("GCE's a4x types come with their GPUs, nvidia-gb200 (A4X) or nvidia-gb300 (A4X Max), and stave knows"
        + " the sizes of a4x-highgpu-4g, a4x-highgpu-4g-nolssd, a4x-maxgpu-4g-metal only: add labels cpu, memory_m,"
        + " gpu_type and gpu_count (GPUs per node)", MachineTypes.known("a4x-highgpu-8g"));
  }

  /**
   * The -nolssd types, a3-edgegpu-8g and the a4x and g4 types that GKE's cluster autoscaler sizes size a pool
   * without labels, GPUs included.
   */
  @Test
  void theTypesGkesAutoscalerSizesSizeAPool() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = read("""
        {"resource": {"google_container_node_pool": {
          "e": {"name": "e", "node_count": 1, "node_config": {"machine_type": "a3-edgegpu-8g"}},
          "n": {"name": "n", "node_count": 1, "node_config": {"machine_type": "a3-highgpu-8g-nolssd"}},
          "x": {"name": "x", "node_count": 1, "node_config": {"machine_type": "a4x-highgpu-4g"}},
          "g": {"name": "g", "node_count": 1, "node_config": {"machine_type": "g4-standard-96"}}
        }}}
        """, problems);
    assertEquals(List.of(), problems);
    assertEquals(List.of("e 208 1916928Mi 8 nvidia-h100-80gb", "n 208 1916928Mi 8 nvidia-h100-80gb",
        "x 140 905216Mi 4 nvidia-gb200", "g 96 368640Mi 2 nvidia-rtx-pro-6000"),
        List.of("e", "n", "x", "g").stream().map(name -> inventory.find(name).orElseThrow()).map(p -> p.name() + " "
            + p.cpu().toPlainString() + " " + p.memoryMi() + "Mi " + p.gpuCount() + " " + p.gpuType()).toList());
  }

  /** A taint's effect that is missing, no string or no effect is an error at the effect, never "'null'". */
  @Test
  void aTaintsWrongEffectIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_count": 1, "node_config": {"machine_type": "n1-standard-4", "taint": [
            {"key": "a", "value": "b"}, {"key": "c", "effect": 3}, {"key": "e", "effect": "NoSchedul"}]}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String taint = "resource.google_container_node_pool.p.node_config.taint";
    String hint = "  = hint: write {key, value, effect} with effect NO_SCHEDULE, PREFER_NO_SCHEDULE or NO_EXECUTE";
    assertEquals(List.of(
        inv + "3:5: error: " + taint + "[0]: a taint needs an 'effect'", hint,
        inv + "3:56: error: " + taint + "[1].effect: '3' is not a taint effect", hint,
        inv + "3:83: error: " + taint + "[2].effect: 'NoSchedul' is not a taint effect", hint),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /** A label or machine-type error does not hide the pool's other errors: one run shows them all. */
  @Test
  void everyErrorOfEveryPoolIsReportedInOneRun() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "a b", "autoscaling": {"max_node_count": -1},
                "node_config": {"labels": {"cpu": "8", "name": "x y"}, "machine_type": "n9-huge", "preemptible": "no",
                                "taint": [{"key": "k", "effect": "Nope"}]}},
          "q": {"node_config": {"machine_type": "n9-huge", "taint": [{"effect": "NO_SCHEDULE"}]}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    String labelHint = "  = hint: use at most 63 letters, digits, '-', '_' and '.', starting and ending with a"
        + " letter or digit";
    String machineHint = "  = hint: stave knows n1-, n2-, n2d- and e2-standard|highmem|highcpu-N and c2-standard-N in"
        + " GCE's sizes and custom-C-M (M in MiB); or add labels cpu and memory_m";
    String taintHint = "  = hint: write {key, value, effect} with effect NO_SCHEDULE, PREFER_NO_SCHEDULE or NO_EXECUTE";
    assertEquals(List.of(
        inv + "2:17: error: " + pool + "p.name: the node pool name 'a b' is not one GKE takes: it holds ' '",
        "  = hint: use at most 40 lowercase letters, digits and '-', starting with a lowercase letter and ending with"
            + " a letter or digit, such as \"gpu-pool\"",
        inv + "2:58: error: " + pool + "p.autoscaling.max_node_count: autoscaling.max_node_count of node pool 'p' is"
            + " -1, not a whole number from 0 to 2147483647", "  = hint: write the number of nodes, such as 4",
        inv + "3:43: error: " + pool + "p.node_config.labels.cpu: label 'cpu' of node pool 'p' is \"8\" (a string),"
            + " not a number", "  = hint: write it as a JSON number, e.g. cpu: 8, as Cloudwise does",
        inv + "3:56: error: " + pool + "p.node_config.labels.name: the node label name 'x y' is not a Kubernetes label"
            + " value, so it cannot select nodes", labelHint,
        inv + "3:80: error: " + pool + "p.node_config.machine_type: 'n9-huge' is not a machine type stave knows",
        machineHint,
        inv + "3:106: error: " + pool + "p.node_config.preemptible: node_config.preemptible of node pool 'p' is \"no\","
            + " not true or false", "  = hint: write true or false",
        inv + "4:58: error: " + pool + "p.node_config.taint[0].effect: 'Nope' is not a taint effect", taintHint,
        inv + "5:41: error: " + pool + "q.node_config.machine_type: 'n9-huge' is not a machine type stave knows",
        machineHint,
        inv + "5:62: error: " + pool + "q.node_config.taint[0]: a taint needs a 'key'", taintHint),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * Terraform generates the name of a pool that has none, and the gke model selects the pool's nodes by that
   * name: the resource key in its place would select no node. The symphony model does not need it.
   */
  @Test
  void aPoolWithoutANameIsAnErrorAtItWhenTheGkeModelPlacesAPodOnIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name_prefix": "gpus-", "node_config": {"machine_type": "n1-standard-8"}},
          "q": {"node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    assertEquals(temp.resolve("inv.tf.json") + ":2:3: error: resource.google_container_node_pool.p.name: node pool"
        + " 'p' has no name, only a name_prefix, so Terraform generates one, which stave cannot know, and the gke"
        + " model selects the pool's nodes by it (the node label cloud.google.com/gke-nodepool)\n"
        + "    |   \"p\": {\"name_prefix\": \"gpus-\", \"node_config\": {\"machine_type\": \"n1-standard-8\"}},\n"
        + "    |   ^\n"
        + "  = hint: add \"name\" with the pool's name in GKE, or use dispatch_model: symphony, which selects by"
        + " node_config.labels.name; for a cluster that is running, 'stave inventory from-nodes' writes an inventory"
        + " of it\n", err);
    Path experiment = InventoryFixtures.experiment(temp, "inv.tf.json", """
        {"resource": {"google_container_node_pool": {
          "p": {"node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    Files.writeString(experiment, Files.readString(experiment) + "dispatch_model: symphony\n");
    Run run = Run.of("compile", experiment.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertEquals(true, run.out().contains("      nodeSelector:\n        name: p\n"), run.out());
  }

  /** Read as absent, a machine type of another kind would be reported as missing, away from where it is. */
  @Test
  void aMachineTypeThatIsNoStringIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": "p", "node_config": {"machine_type": 8}},
          "q": {"name": "q", "node_config": {"machine_type": {"family": "n1"}, "labels": {"cpu": 8}}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    String hint = "  = hint: write the machine type in quotes, such as \"n1-standard-8\"";
    assertEquals(List.of(
        inv + "2:54: error: " + pool + "p.node_config.machine_type: node_config.machine_type of node pool 'p' is 8,"
            + " not a string", hint,
        inv + "3:54: error: " + pool + "q.node_config.machine_type: node_config.machine_type of node pool 'q' is a"
            + " map, not a string", hint),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void aPoolNameThatIsNoStringIsAnErrorAtIt() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": ["a"], "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    assertEquals(List.of(temp.resolve("inv.tf.json") + ":2:17: error: resource.google_container_node_pool.p.name:"
        + " name of node pool 'p' is a list, not a string", "  = hint: write the pool's name in GKE as a string, such"
        + " as \"p\""), err.lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * Terraform converts a number to its decimal text, but GKE's pool names start with a lowercase letter, so
   * a number names no pool: the error says why.
   */
  @Test
  void aPoolNameThatIsANumberIsAnErrorThatSaysNoNumberNamesAPool() throws IOException {
    String err = errors("""
        {"resource": {"google_container_node_pool": {
          "p": {"name": 7, "node_config": {"machine_type": "n1-standard-8"}},
          "q": {"name": 1e3, "node_config": {"machine_type": "n1-standard-8"}}
        }}}
        """);
    String inv = temp.resolve("inv.tf.json") + ":";
    String pool = "resource.google_container_node_pool.";
    String why = ", not a string: Terraform would pass it to GKE as text, and GKE takes only a node pool name"
        + " that starts with a lowercase letter";
    assertEquals(List.of(
        inv + "2:17: error: " + pool + "p.name: name of node pool 'p' is 7" + why,
        "  = hint: write the pool's name in GKE as a string, such as \"p\"",
        inv + "3:17: error: " + pool + "q.name: name of node pool 'q' is 1e3" + why,
        "  = hint: write the pool's name in GKE as a string, such as \"q\""),
        err.lines().filter(l -> !l.startsWith("    |")).toList());
  }
}

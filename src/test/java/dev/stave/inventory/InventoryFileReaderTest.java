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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hand-written {@code kind: inventory} files: the sizes a pool's nodes are given. */
class InventoryFileReaderTest {
  @TempDir
  Path temp;

  private Path experiment(String inventory) throws IOException {
    return InventoryFixtures.experiment(temp, "inv.yaml", inventory);
  }

  @Test
  void aSizeBelowTheUnitStaveSchedulesInIsAnErrorAtIt() throws IOException {
    Path file = experiment("""
        kind: inventory
        pools:
          p: {cpu: 0.0001, memory: 512Ki, allocatable: {cpu: 999u, memory: "1048575"}}
          q: {cpu: 1m, memory: 1Mi, allocatable: {cpu: 0.001, memory: "1048576"}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    String inv = temp.resolve("inv.yaml") + ":3:";
    String line = "    |   p: {cpu: 0.0001, memory: 512Ki, allocatable: {cpu: 999u, memory: \"1048575\"}}\n";
    String cpuHint = "  = hint: write at least 1m, such as 500m or 4: stave schedules cpu in whole millicores and"
        + " rounds a node's size down to them\n";
    String memoryHint = "  = hint: write at least 1Mi, such as 512Mi or 16Gi: stave schedules memory in whole MiB and"
        + " rounds a node's size down to them\n";
    assertEquals(inv + "12: error: pools.p.cpu: '0.0001' is less than 1m, the smallest cpu stave schedules, so the"
        + " pool's nodes would have none\n" + line
        + "    |            ^\n" + cpuHint
        + inv + "28: error: pools.p.memory: '512Ki' is less than 1Mi, the smallest memory stave schedules, so the"
        + " pool's nodes would have none\n" + line
        + "    |                            ^\n" + memoryHint
        + inv + "54: error: pools.p.allocatable.cpu: '999u' is less than 1m, the smallest cpu stave schedules, so"
        + " the pool's nodes would have none\n" + line
        + "    |                                                      ^\n" + cpuHint
        + inv + "68: error: pools.p.allocatable.memory: '1048575' is less than 1Mi, the smallest memory stave"
        + " schedules, so the pool's nodes would have none\n" + line
        + "    |                                                                    ^\n" + memoryHint, run.err());
  }

  @Test
  void aProviderOtherThanGkeIsAnErrorAtIt() throws IOException {
    Path file = temp.resolve("inv.yaml");
    Files.writeString(file, "kind: inventory\nprovider: eks\npools:\n  p: {cpu: 1, memory: 1Gi}\n");
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(file + ":2:11: error: provider: 'eks' is not one of gke\n    | provider: eks\n"
        + "    |           ^\n"
        + "  = hint: write gke for a GKE cluster, or leave provider out for another\n", run.err());
    Files.writeString(file, "kind: inventory\nprovider: gke\npools:\n  p: {cpu: 1, memory: 1Gi}\n");
    run = Run.of("validate", file.toString());
    assertEquals(0, run.code(), run.err());
  }

  /** 512m is 0.512 bytes, as the small-memory warning says elsewhere; in an inventory it is an error that says so. */
  @Test
  void aMemoryWithTheMilliSuffixIsAnErrorThatNamesIt() throws IOException {
    Path file = experiment("""
        kind: inventory
        pools:
          p: {cpu: 4, memory: 512m, allocatable: {cpu: 500m, memory: 16Gi}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(temp.resolve("inv.yaml") + ":3:23: error: pools.p.memory: '512m' is 0.512 bytes of memory (the m"
        + " suffix means thousandths), less than 1Mi, the smallest memory stave schedules, so the pool's nodes would"
        + " have none\n"
        + "    |   p: {cpu: 4, memory: 512m, allocatable: {cpu: 500m, memory: 16Gi}}\n"
        + "    |                       ^\n"
        + "  = hint: write 512Mi for 512 mebibytes, or 512M for megabytes: stave schedules memory in whole MiB and"
        + " rounds a node's size down to them\n", run.err());
  }

  /** The symphony model selects the pool's nodes by labels.name, so it must be a label value Kubernetes takes. */
  @Test
  void aLabelNameThatIsNoLabelValueIsAnErrorAtIt() throws IOException {
    Path file = experiment("""
        kind: inventory
        pools:
          p: {cpu: 8, memory: 1Gi, labels: {name: "a b"}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    assertEquals(temp.resolve("inv.yaml") + ":3:43: error: pools.p.labels.name: the node label name 'a b' is not a"
        + " Kubernetes label value, so it cannot select nodes\n"
        + "    |   p: {cpu: 8, memory: 1Gi, labels: {name: \"a b\"}}\n"
        + "    |                                           ^\n"
        + "  = hint: use at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit\n",
        run.err());
  }

  /** Beyond what 64 bits hold (1e19, 9Ei) too: a well-formed quantity, too large like any other. */
  @Test
  void aSizeLargerThanAnyNodesIsAnErrorNotAnOverflow() throws IOException {
    Path file = experiment("""
        kind: inventory
        pools:
          p: {cpu: 1e18, memory: 1Gi, allocatable: {cpu: 2147483648}}
          q: {cpu: 2147483647, memory: 1Gi}
          r: {cpu: 1e19, memory: 9Ei}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    String inv = temp.resolve("inv.yaml") + ":3:";
    String line = "    |   p: {cpu: 1e18, memory: 1Gi, allocatable: {cpu: 2147483648}}\n";
    String r = temp.resolve("inv.yaml") + ":5:";
    String rLine = "    |   r: {cpu: 1e19, memory: 9Ei}\n";
    assertEquals(inv + "12: error: pools.p.cpu: '1e18' is more than 2147483647 cores, which no node has\n" + line
        + "    |            ^\n"
        + "  = hint: write the node's real size\n"
        + inv + "50: error: pools.p.allocatable.cpu: '2147483648' is more than 2147483647 cores, which no node has\n"
        + line
        + "    |                                                  ^\n"
        + "  = hint: write the node's real size\n"
        + r + "12: error: pools.r.cpu: '1e19' is more than 2147483647 cores, which no node has\n" + rLine
        + "    |            ^\n"
        + "  = hint: write the node's real size\n"
        + r + "26: error: pools.r.memory: '9Ei' is more than 9223372036854775807 bytes, which no node has\n" + rLine
        + "    |                          ^\n"
        + "  = hint: write the node's real size\n", run.err());
  }

  @Test
  void aSizeBetweenUnitsIsRoundedDownToWholeMillicoresAndMib() throws IOException {
    Path file = temp.resolve("inv.yaml");
    Files.writeString(file, """
        kind: inventory
        pools:
          p: {cpu: 1.5005, memory: 1536Ki, allocatable: {cpu: 1.5m, memory: 1.5Mi}}
          q: {cpu: 8, memory: 64G, allocatable: {cpu: 7910m, memory: 30824320Ki}}
        """);
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = InventoryFixtures.load(file, problems);
    assertEquals(List.of(), problems);
    NodePool p = inventory.find("p").orElseThrow();
    assertEquals(new BigDecimal("1.500"), p.cpu());
    assertEquals(1, p.memoryMi());
    assertEquals(1, p.allocatableCpuMillis());
    assertEquals(1, p.allocatableMemoryMi());
    NodePool q = inventory.find("q").orElseThrow();
    assertEquals(new BigDecimal("8"), q.cpu());
    assertEquals(61035, q.memoryMi()); // 64e9 bytes are 61035.16 MiB
    assertEquals(7910, q.allocatableCpuMillis());
    assertEquals(30101, q.allocatableMemoryMi()); // 30101.875 MiB
  }

  @Test
  void countsUpToTheSchemasMaximumAreRead() throws IOException {
    Path file = temp.resolve("inv.yaml");
    Files.writeString(file, """
        kind: inventory
        pools:
          p: {cpu: 8, memory: 1Gi, gpu_type: t4, gpu_count: 1073741824, max_nodes: 2147483647}
          q: {cpu: 8, memory: 1Gi, gpu_type: t4, gpu_count: 2147483647, max_nodes: 1073741824}
        """);
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = InventoryFixtures.load(file, problems);
    assertEquals(List.of(), problems);
    NodePool p = inventory.find("p").orElseThrow();
    assertEquals(1073741824, p.gpuCount());
    assertEquals(2147483647, p.maxNodes());
    NodePool q = inventory.find("q").orElseThrow();
    assertEquals(2147483647, q.gpuCount());
    assertEquals(1073741824, q.maxNodes());
  }

  @Test
  void aCountAboveTheSchemasMaximumIsAnErrorAtIt() throws IOException {
    Path file = experiment("""
        kind: inventory
        pools:
          p: {cpu: 8, memory: 1Gi, max_nodes: 2147483648}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    assertEquals(temp.resolve("inv.yaml") + ":3:39: error: pools.p.max_nodes: must have a maximum value of 2147483647\n"
        + "    |   p: {cpu: 8, memory: 1Gi, max_nodes: 2147483648}\n"
        + "    |                                       ^\n"
        + "  = hint: max_nodes is the largest number of nodes the pool may have\n", run.err());
  }

  /** gpu_count is a node's physical GPUs, each of which GKE advertises max_shared_clients_per_gpu times. */
  @Test
  void sharedGpusCountAsGkeAdvertisesThem() throws IOException {
    Path file = temp.resolve("inv.yaml");
    Files.writeString(file, """
        kind: inventory
        pools:
          p: {cpu: 8, memory: 30Gi, gpu_type: t4, gpu_count: 2,
              gpu_sharing: {strategy: TIME_SHARING, max_shared_clients_per_gpu: 4}}
          q: {cpu: 8, memory: 30Gi, gpu_type: t4, gpu_count: 2}
        """);
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = InventoryFixtures.load(file, problems);
    assertEquals(List.of(), problems);
    NodePool p = inventory.find("p").orElseThrow();
    assertEquals(8, p.gpuCount());
    assertEquals(new NodePool.GpuSharing("TIME_SHARING", 4), p.gpuSharing());
    assertEquals(1, p.gpusPerContainer());
    NodePool q = inventory.find("q").orElseThrow();
    assertEquals(2, q.gpuCount());
    assertEquals(null, q.gpuSharing());
  }

  @Test
  void gpuSharingWithoutGpusOrWithTooManyIsAnErrorAtIt() throws IOException {
    Path file = experiment("""
        kind: inventory
        pools:
          a: {cpu: 8, memory: 1Gi, gpu_sharing: {strategy: MPS, max_shared_clients_per_gpu: 2}}
          b: {cpu: 8, memory: 1Gi, gpu_count: 0, gpu_sharing: {strategy: MPS, max_shared_clients_per_gpu: 2}}
          c: {cpu: 8, memory: 1Gi, gpu_count: 1073741824, gpu_sharing: {strategy: MPS, max_shared_clients_per_gpu: 2}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    String inv = temp.resolve("inv.yaml").toString();
    String noneHint = "  = hint: add the physical GPUs of a node, such as gpu_count: 1, or leave gpu_sharing out\n";
    assertEquals(inv + ":3:28: error: pools.a.gpu_sharing: pool 'a' shares its GPUs, but has none to share (no"
        + " gpu_count)\n"
        + "    |   a: {cpu: 8, memory: 1Gi, gpu_sharing: {strategy: MPS, max_shared_clients_per_gpu: 2}}\n"
        + "    |                            ^\n" + noneHint
        + inv + ":4:42: error: pools.b.gpu_sharing: pool 'b' shares its GPUs, but has none to share (gpu_count is"
        + " 0)\n"
        + "    |   b: {cpu: 8, memory: 1Gi, gpu_count: 0,"
        + " gpu_sharing: {strategy: MPS, max_shared_clients_per_gpu: 2}}\n"
        + "    |                                          ^\n" + noneHint
        + inv + ":5:108: error: pools.c.gpu_sharing.max_shared_clients_per_gpu: pool 'c' has gpu_count 1073741824,"
        + " shared as MPS, 2 clients per GPU, and GKE advertises them as 2147483648 shared GPUs of a node, more than"
        + " 2147483647\n"
        + "    |   c: {cpu: 8, memory: 1Gi, gpu_count: 1073741824, gpu_sharing: {strategy: MPS,"
        + " max_shared_clients_per_gpu: 2}}\n"
        + "    |" + " ".repeat(108) + "^\n"
        + "  = hint: write the number of GPUs per node, such as 4, and of clients per GPU, such as 2\n", run.err());
  }

  @Test
  void aGpuSharingStrategyGkeDoesNotHaveIsAnErrorAtIt() throws IOException {
    Path file = experiment("""
        kind: inventory
        pools:
          p: {cpu: 8, memory: 1Gi, gpu_count: 1, gpu_sharing: {strategy: time, max_shared_clients_per_gpu: 2}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(temp.resolve("inv.yaml") + ":3:66: error: pools.p.gpu_sharing.strategy: 'time' is not one of"
        + " TIME_SHARING, MPS\n"
        + "    |   p: {cpu: 8, memory: 1Gi, gpu_count: 1,"
        + " gpu_sharing: {strategy: time, max_shared_clients_per_gpu: 2}}\n"
        + "    |                                                                  ^\n"
        + "  = hint: write TIME_SHARING or MPS, the strategies GKE shares GPUs by\n", run.err());
  }
}

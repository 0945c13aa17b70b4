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
                "node_config": {"labels": {"cpu": 8, "memory_m": 30720, "gpu_type": "t4", "gpu_count": 2147483647}}}
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
}

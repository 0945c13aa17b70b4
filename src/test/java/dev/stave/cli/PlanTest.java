package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stave plan} in each format, compared with the expected text; and the capacity check's two modes. */
class PlanTest {
  private static final Path EXPECTED = Path.of("src/test/resources/plan");

  @TempDir
  Path temp;

  @Test
  void textPlan() throws IOException {
    check("symphony-rl-small.txt", "plan", "examples/symphony-rl-small.yaml");
  }

  @Test
  void markdownPlanWithMermaid() throws IOException {
    check("symphony-rl-small.md", "plan", "examples/symphony-rl-small.yaml", "--format", "markdown");
  }

  @Test
  void jsonPlan() throws IOException {
    check("gke-lab.json", "plan", "examples/gke-lab.yaml", "--format", "json");
  }

  private static void check(String expected, String... args) throws IOException {
    Run first = Run.of(args);
    assertEquals(0, first.code(), first.err());
    assertEquals(Files.readString(EXPECTED.resolve(expected)), first.out());
    assertEquals(first.out(), Run.of(args).out(), "a plan is the same every time");
  }

  @Test
  void overCapacityIsAWarningUnlessStrict() {
    Run plan = Run.of("plan", "examples/gke-lab.yaml");
    assertEquals(0, plan.code());
    assertTrue(plan.err().contains("warning: processes.agent.schedule: pool 'cpu-small' needs 3 nodes for its 12 pods,"
        + " but may have at most 2"), plan.err());
    Run strictPlan = Run.of("plan", "examples/gke-lab.yaml", "--strict-capacity");
    assertEquals(1, strictPlan.code());
    assertEquals("", strictPlan.out());
    assertTrue(strictPlan.err().contains("error: processes.agent.schedule: pool 'cpu-small' needs 3 nodes"),
        strictPlan.err());
  }

  @Test
  void strictCompileWritesNothing() {
    Path out = temp.resolve("out");
    Run run = Run.of("compile", "examples/gke-lab.yaml", "--strict-capacity", "-o", out.toString());
    assertEquals(1, run.code());
    assertTrue(run.err().startsWith("examples/gke-lab.yaml:10:15: error: processes.agent.schedule: pool 'cpu-small'"),
        run.err());
    assertFalse(Files.exists(out));
  }

  @Test
  void fromNodesWritesAnInventory() throws IOException {
    Run run = Run.of("inventory", "from-nodes", "src/test/resources/inventory/nodes.json");
    assertEquals(0, run.code(), run.err());
    assertEquals(Files.readString(Path.of("src/test/resources/inventory/nodes-inventory.yaml")), run.out());
    assertTrue(run.err().contains("warning: items[3].metadata.labels: node 'kind-control-plane' has no label"
        + " cloud.google.com/gke-nodepool and is left out"), run.err());
  }

  @Test
  void fromNodesWithAnotherPoolLabel() {
    Run run = Run.of("inventory", "from-nodes", "src/test/resources/inventory/nodes.json", "--pool-label", "team");
    assertEquals(1, run.code());
    assertTrue(run.err().contains("error: items: no node has the label team"), run.err());
  }
}

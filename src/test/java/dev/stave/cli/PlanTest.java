package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import dev.stave.config.Env;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stave plan} in each format, compared with the expected text; and the capacity check's two modes. */
class PlanTest {
  private static final Path EXPECTED = Path.of("src/test/resources/plan");
  private static final String CONTEXT_INVENTORY = "src/test/resources/context-inventory/";
  private static final String CPU_AND_GPU_POOLS = "  cpu: {cpu: 8, memory: 32Gi}\n"
      + "  gpu: {cpu: 8, memory: 32Gi, gpu_type: nvidia-tesla-t4, gpu_count: 2}\n";
  private static final String WITHOUT_GPUS = "{assign_to: node_pool, node_pool_name: gpu, cpu: 1, memory_m: 1000}";
  private static final String NO_TOLERATIONS = "    overrides:\n      pod: {tolerations: []}\n";

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

  /** Joined with '-' or '/', these names read alike; Mermaid would draw one node for IDs that did too. */
  @Test
  void everyProcessIsItsOwnNodeInTheDiagram() throws IOException {
    check("mermaid-ids.md", "plan", "src/test/resources/plan-input/mermaid-ids.yaml", "--format", "markdown");
  }

  /** Per node the sizes fit 64 bits; on a billion nodes, the pool's totals do not. */
  @Test
  void aLargePoolsTotalsAreExact() throws IOException {
    check("large-pool.txt", "plan", "src/test/resources/plan-input/large-pool.yaml");
  }

  @Test
  void jsonPlan() throws IOException {
    check("gke-lab.json", "plan", "examples/gke-lab.yaml", "--format", "json");
  }

  @Test
  void marsClusterRolesSizesAndReadinessAsText() throws IOException {
    check("mars-tuned.txt", "plan", "examples/mars-tuned.conf");
  }

  @Test
  void marsClusterAsMarkdown() throws IOException {
    check("mars-100.md", "plan", "examples/mars-100-workers.yaml", "--format", "markdown");
  }

  @Test
  void marsClusterAsJson() throws IOException {
    check("mars-tuned.json", "plan", "examples/mars-tuned.conf", "--format", "json");
  }

  @Test
  void benchmarkAsText() throws IOException {
    check("deepecho-operator.txt", "plan", "examples/benchmarks/deepecho-operator.conf");
  }

  @Test
  void benchmarkAsMarkdown() throws IOException {
    check("deepecho-seed.md", "plan", "examples/benchmarks/deepecho-seed.yaml", "--format", "markdown");
  }

  @Test
  void benchmarkAsJson() throws IOException {
    check("deepecho-operator.json", "plan", "examples/benchmarks/deepecho-operator.conf", "--format", "json");
  }

  @Test
  void benchmarkPlansNeverShowCredentials() {
    for (String format : new String[] {"text", "markdown", "json"}) {
      for (String config : new String[] {"examples/benchmarks/deepecho-operator.conf",
          "examples/benchmarks/deepecho-seed.yaml"}) {
        Run run = Run.of("plan", config, "--format", format);
        assertEquals(0, run.code(), run.err());
        for (String secret : new String[] {"AKIAEXAMPLEKEY", "example-secret-value", "myawskey", "myawssecretkey"}) {
          assertFalse(run.out().contains(secret), config + " " + format + " shows " + secret);
        }
      }
    }
  }

  @Test
  void contextProvenanceAsText() throws IOException {
    check("experiment1.txt", "plan", "examples/mrunner/experiment1.conf");
  }

  @Test
  void contextProvenanceAsMarkdown() throws IOException {
    check("experiment1.md", "plan", "examples/mrunner/experiment1.conf", "--format", "markdown");
  }

  @Test
  void contextProvenanceAsJson() throws IOException {
    check("experiment1.json", "plan", "examples/mrunner/experiment1.conf", "--format", "json");
  }

  @Test
  void neptuneTokenNeverShown() {
    Env env = new Env(Map.of("NEPTUNE_API_TOKEN", "tok-3141592653"), "/home/user");
    for (String format : new String[] {"text", "markdown", "json"}) {
      Run run = Run.with(env, "plan", "examples/mrunner/experiment1.conf", "--format", format);
      assertEquals(0, run.code(), run.err());
      assertFalse(run.out().contains("tok-3141592653"), run.out());
      assertFalse(run.err().contains("tok-3141592653"), run.err());
    }
  }

  @Test
  void sweepPointsAsText() throws IOException {
    check("sweep.txt", "plan", "examples/mrunner/sweep.yaml");
  }

  /** Each value reads as written: '|' splits no cell, a backtick ends no code, a line break ends no row. */
  @Test
  void sweepValuesAsMarkdownKeepEveryCharacter() throws IOException {
    check("free-text-sweep.md", "plan", "src/test/resources/plan-input/free-text-sweep.yaml", "--format", "markdown");
  }

  /** A Deployment scaled down to 0 says so; only the default of one replica goes without a count. */
  @Test
  void aDeploymentOfNoReplicasShowsItsCount() throws IOException {
    Path file = Files.writeString(temp.resolve("idle.yaml"), "kind: experiment\nname: idle\nimage: img:1\n"
        + "processes:\n  web: {workload: deployment, replicas: 0}\n  run: {}\n");
    Run run = Run.of("plan", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of("  run (job)", "  web (deployment x0)"),
        run.out().lines().filter(l -> l.startsWith("  run (") || l.startsWith("  web (")).toList());
  }

  /** A benchmark of one worker, or of a range up to one, says so in the singular. */
  @Test
  void oneWorkerIsSaidInTheSingular() throws IOException {
    String benchmark = "kind: benchmark\nname: one\nrun: {function: deepecho.benchmark.run_benchmark}\n"
        + "dask_cluster: {image: img:1, workers: %s}\n";
    List<String> lines = new ArrayList<>();
    for (String workers : List.of("1", "{minimum: 1, maximum: 1}")) {
      Path file = Files.writeString(temp.resolve("one.yaml"), benchmark.formatted(workers));
      Run run = Run.of("plan", file.toString());
      assertEquals(0, run.code(), run.err());
      run.out().lines().filter(l -> l.startsWith("benchmark one") || l.startsWith("  worker:"))
          .map(l -> l.replaceAll(", requests .*| with .*", "")).forEach(lines::add);
    }
    assertEquals(List.of(
        "benchmark one: deepecho.benchmark.run_benchmark on Dask, engine plain, 1 worker",
        "  worker: Deployment one-worker, image img:1, 1 replica",
        "benchmark one: deepecho.benchmark.run_benchmark on Dask, engine plain, 1 to 1 worker"
            + " (HorizontalPodAutoscaler)",
        "  worker: Deployment one-worker, image img:1, 1 to 1 replica"), lines);
  }

  /** The text form is a table: a value with a line break or another control character stays in its row. */
  @Test
  void sweepValuesAsTextStayOnOneLine() {
    Run run = Run.of("plan", "src/test/resources/plan-input/control-sweep.yaml");
    assertEquals(0, run.code(), run.err());
    String points = run.out().substring(run.out().indexOf("sweep points"));
    assertEquals("""
        sweep points (6):
          msg=\\u0007bell    -34eaaa98
          msg=a\\r           -35a0c732
          msg=back\\\\slash   -213b1a7d
          msg=line1\\nline2  -f1ddc7ee
          msg=plain         -9955b707
          msg=tab\\there     -d94af0a3
        """, points);
  }

  /**
   * Characters that hide or reorder text (a right-to-left override, a zero-width space, U+0085) are escaped
   * as everywhere else that shows others' text, in the text form and the Markdown form alike.
   */
  @Test
  void sweepValuesThatHideOrReorderTextShowEscaped() {
    String input = "src/test/resources/plan-input/invisible-sweep.yaml";
    Run text = Run.of("plan", input);
    assertEquals(0, text.code(), text.err());
    assertEquals("""
        sweep points (3):
          msg=demo\\u202egpj    -6e7ef393
          msg=next\\u0085line   -156ccd76
          msg=zero\\u200bwidth  -6192646f
        """, text.out().substring(text.out().indexOf("sweep points")));
    Run markdown = Run.of("plan", input, "--format", "markdown");
    assertEquals(0, markdown.code(), markdown.err());
    assertTrue(markdown.out().contains("""
        | `msg=demo\\u202egpj` | `-6e7ef393` |
        | `msg=next\\u0085line` | `-156ccd76` |
        | `msg=zero\\u200bwidth` | `-6192646f` |
        """), markdown.out());
  }

  /**
   * A pool's key needs to be no label value when gke_name names the pool, and an inventory's file may have
   * any name: both show escaped, and a backslash before what reads as an escape doubled.
   */
  @Test
  void poolNamesAndTheInventoryPathShowEscaped() throws IOException {
    Files.writeString(temp.resolve("lab\u001b[2J.yaml"), """
        kind: inventory
        pools:
          "cpu\\\\u202e\\u202e\\e[31mlarge":
            gke_name: cpu-large
            cpu: 16
            memory: 64Gi
        """);
    Path config = Files.writeString(temp.resolve("e.yaml"), """
        kind: experiment
        name: e
        image: x:1
        inventory: "lab\\e[2J.yaml"
        processes:
          a: {schedule: {assign_to: node_pool, node_pool_name: "cpu\\\\u202e\\u202e\\e[31mlarge", cpu: 6}}
        """);
    Run run = Run.of("plan", config.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("""
        plan for bundle e (namespace e)
        dispatch: gke model on @DIR@/lab\\u001b[2J.yaml

        objects (2):
          + Namespace e
          + Job e/e-a

        processes:
          a (job)
            image:        x:1
            pool:         cpu\\\\u202e\\u202e\\u001b[31mlarge
            requests:     cpu=6
            limits:       -
            nodeSelector: cloud.google.com/gke-nodepool=cpu-large
            tolerations:  -

        capacity:
          cpu\\\\u202e\\u202e\\u001b[31mlarge: 1 pod on 1 of unbounded nodes; cpu 6 of unbounded, \
        memory 0Mi of unbounded

        values (experiment, context or default):
          inventory  lab\\u001b[2J.yaml  from experiment (@DIR@/e.yaml:4:12)
          namespace  e                  from default
        """.replace("@DIR@", temp.toString()), run.out());
  }

  @Test
  void sweepPointsAsJson() throws IOException {
    check("sweep.json", "plan", "examples/mrunner/sweep.yaml", "--format", "json");
  }

  @Test
  void theContextsInventoryPlacesScheduledProcesses() {
    Run run = Run.of("plan", CONTEXT_INVENTORY + "scheduled.yaml");
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().startsWith("plan for bundle ctx-lab (namespace ctx-lab)\n"
        + "dispatch: gke model on examples/inventories/lab.yaml\n"), run.out());
    assertTrue(run.out().contains("  learner (job)\n    image:        gcr.io/acme/rl:1\n    pool:         cpu-large\n"),
        run.out());
    assertTrue(run.out().contains("  inventory  examples/inventories/lab.yaml  from context lab ("
        + CONTEXT_INVENTORY + "contexts.conf:4:21)\n"), run.out());
    Run compile = Run.of("compile", CONTEXT_INVENTORY + "scheduled.yaml", "-o", "-");
    assertEquals(0, compile.code(), compile.err());
    assertTrue(compile.out().contains("cloud.google.com/gke-nodepool: gpu-t4\n"), compile.out());
  }

  @Test
  void theExperimentsInventoryWinsOverTheContexts() {
    Run run = Run.of("plan", "examples/gke-lab.yaml", "--contexts", CONTEXT_INVENTORY + "contexts.conf",
        "--context", "broken");
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().contains("  inventory  inventories/lab.yaml  from experiment (examples/gke-lab.yaml:6:12)\n"),
        run.out());
  }

  @Test
  void aMissingContextInventoryIsLocated() {
    Run run = Run.of("plan", CONTEXT_INVENTORY + "scheduled.yaml", "--context", "broken");
    assertEquals(1, run.code());
    assertEquals("", run.out());
    assertTrue(run.err().startsWith(CONTEXT_INVENTORY + "contexts.conf:5:24: error: contexts.broken.inventory: "
        + "the context's inventory " + CONTEXT_INVENTORY + "lab-typo.yaml does not exist\n"), run.err());
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
    assertTrue(plan.err().contains("  = hint: raise the pool's max_nodes (in Terraform, its"
        + " autoscaling.max_node_count), or lower replicas or the requests; --strict-capacity makes this an"
        + " error\n"), plan.err());
    Run strictPlan = Run.of("plan", "examples/gke-lab.yaml", "--strict-capacity");
    assertEquals(1, strictPlan.code());
    assertEquals("", strictPlan.out());
    assertTrue(strictPlan.err().contains("error: processes.agent.schedule: pool 'cpu-small' needs 3 nodes"),
        strictPlan.err());
  }

  /** A pool that GPUs alone overfill shows why it does not fit, as the text form's "gpus 3 of 2" does. */
  @Test
  void theMarkdownPoolTableCountsGpusWhenAPoolHasThem() throws IOException {
    Files.writeString(temp.resolve("inv.yaml"), "kind: inventory\npools:\n"
        + "  cpu: {cpu: 8, memory: 32Gi, max_nodes: 2}\n"
        + "  gpu: {cpu: 16, memory: 64Gi, gpu_type: nvidia-l4, gpu_count: 1, max_nodes: 2}\n");
    Path experiment = Files.writeString(temp.resolve("x.yaml"), "kind: experiment\nname: x\nimage: x:1\n"
        + "inventory: inv.yaml\nprocesses:\n  train:\n    replicas: 3\n"
        + "    schedule: {assign_to: resource, gpu_type: l4, gpu_count: 1}\n");
    Run plan = Run.of("plan", experiment.toString(), "--format", "markdown");
    assertEquals(0, plan.code(), plan.err());
    assertTrue(plan.out().contains("| pool | pods | nodes needed / max | cpu requested / available"
        + " | memory requested / available | gpus requested / available | fits |\n"
        + "| --- | --- | --- | --- | --- | --- | --- |\n"
        + "| `cpu` | 0 | 0 / 2 | 0 / 15.82 | 0Mi / 58044Mi | - | yes |\n"
        + "| `gpu` | 3 | 3 / 2 | 0 / 31.78 | 0Mi / 119648Mi | 3 / 2 | **no** |\n"), plan.out());
  }

  /** A GPU type without a count places the pod among GPUs without one; with a count, nothing is said. */
  @Test
  void aGpuTypeWithoutAGpuCountIsWarnedAbout() throws IOException {
    Files.writeString(temp.resolve("inv.yaml"), "kind: inventory\npools:\n"
        + "  cpu: {cpu: 8, memory: 32Gi, max_nodes: 2}\n"
        + "  gpu: {cpu: 16, memory: 64Gi, gpu_type: nvidia-l4, gpu_count: 1, max_nodes: 2}\n");
    Path experiment = Files.writeString(temp.resolve("x.yaml"), "kind: experiment\nname: x\nimage: x:1\n"
        + "inventory: inv.yaml\nprocesses:\n"
        + "  a: {schedule: {assign_to: resource, gpu_type: l4}}\n"
        + "  b: {schedule: {assign_to: resource, node_pool_name: gpu, gpu_type: l4}}\n"
        + "  c: {schedule: {assign_to: resource, gpu_type: l4, gpu_count: 1}}\n");
    Run plan = Run.of("plan", experiment.toString());
    assertEquals(0, plan.code(), plan.err());
    assertEquals(experiment + ":6:17: warning: processes.a.schedule: this schedule asks for gpu_type 'l4' but no"
        + " gpu_count, so process 'a' is placed on GPU pool 'gpu' but requests no GPU\n"
        + "    |   a: {schedule: {assign_to: resource, gpu_type: l4}}\n"
        + "    |                 ^\n"
        + "  = hint: add gpu_count = 1 to give it a GPU, or leave out gpu_type\n"
        + experiment + ":7:17: warning: processes.b.schedule: this schedule asks for gpu_type 'l4' but no"
        + " gpu_count, so process 'b' is placed on GPU pool 'gpu' but requests no GPU\n"
        + "    |   b: {schedule: {assign_to: resource, node_pool_name: gpu, gpu_type: l4}}\n"
        + "    |                 ^\n"
        + "  = hint: add gpu_count = 1 to give it a GPU, or leave out gpu_type\n", plan.err());
  }

  @Test
  void everySweepInstanceIsCountedInThePoolsCapacity() throws IOException {
    Path inventory = Path.of("examples/inventories/lab.yaml").toAbsolutePath();
    String experiment = "kind: experiment\nname: whole-nodes\nimage: x:1\ninventory: " + inventory + "\n"
        + "processes:\n  train:\n    schedule: {assign_to: machine, node_pool_name: cpu-small,"
        + " process_per_machine: 1}\n";
    Path single = Files.writeString(temp.resolve("single.yaml"), experiment);
    Path swept = Files.writeString(temp.resolve("swept.yaml"), experiment + "sweep: {grid: {seed: [0, 1, 2]}}\n");

    Run one = Run.of("plan", single.toString());
    assertEquals(0, one.code(), one.err());
    assertEquals("", one.err());
    assertTrue(one.out().contains("  cpu-small: 1 pod on 1 of 2 nodes"), one.out());

    Run three = Run.of("plan", swept.toString());
    assertEquals(0, three.code(), three.err());
    assertTrue(three.err().contains(":7:15: warning: processes.train.schedule: pool 'cpu-small' needs 3 nodes for"
        + " its 3 pods (3 sweep instances), but may have at most 2\n"), three.err());
    assertTrue(three.out().contains("  cpu-small: 3 pods on 3 of 2 nodes"), three.out());
    Run strict = Run.of("compile", swept.toString(), "--strict-capacity", "-o", temp.resolve("out").toString());
    assertEquals(1, strict.code());
    assertTrue(strict.err().contains("error: processes.train.schedule: pool 'cpu-small' needs 3 nodes"), strict.err());
    assertFalse(Files.exists(temp.resolve("out")));
  }

  @Test
  void theSymphonyModelWarnsOfAPoolWithoutANameLabel() throws IOException {
    Path inventory = Path.of("examples/inventories/lab.yaml").toAbsolutePath();
    String experiment = "kind: experiment\nname: sym\nimage: x:1\ninventory: " + inventory + "\n"
        + "dispatch_model: symphony\nprocesses:\n"
        + "  a: {schedule: {assign_to: machine, node_pool_name: cpu-large, process_per_machine: 2}}\n"
        + "  b: {schedule: {assign_to: machine, node_pool_name: cpu-large, process_per_machine: 2}}\n";
    Path config = Files.writeString(temp.resolve("sym.yaml"), experiment);
    Run run = Run.of("compile", config.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertEquals(config + ":7:17: warning: processes.a.schedule: the symphony model selects pool 'cpu-large' by the"
        + " node label name=cpu-large, but the inventory gives the pool no labels.name, so its nodes may not carry"
        + " that label and the pods would stay Pending\n", run.err().lines().findFirst().orElse("") + "\n");
    assertEquals(1, run.err().split("warning:", -1).length - 1, "once per pool: " + run.err());

    Path labelled = temp.resolve("labelled.yaml");
    Files.writeString(labelled, Files.readString(inventory).replace("  cpu-large:\n",
        "  cpu-large:\n    labels: {name: big}\n"));
    Files.writeString(config, experiment.replace(inventory.toString(), labelled.toString()));
    Run quiet = Run.of("compile", config.toString(), "-o", "-");
    assertEquals(0, quiet.code(), quiet.err());
    assertEquals("", quiet.err());
    assertTrue(quiet.out().contains("nodeSelector:\n        name: big\n"), quiet.out());

    // An empty labels.name selects name: "" as Symphony would, which nodes seldom carry.
    Files.writeString(labelled, Files.readString(inventory).replace("  cpu-large:\n",
        "  cpu-large:\n    labels: {name: ''}\n"));
    Run empty = Run.of("compile", config.toString(), "-o", "-");
    assertEquals(0, empty.code(), empty.err());
    assertEquals(config + ":7:17: warning: processes.a.schedule: the symphony model selects pool 'cpu-large' by the"
        + " node label name=\"\", since the inventory gives the pool an empty labels.name, so its nodes may not"
        + " carry that label and the pods would stay Pending\n", empty.err().lines().findFirst().orElse("") + "\n");
    assertTrue(empty.out().contains("nodeSelector:\n        name: \"\"\n"), empty.out());
  }

  @Test
  void aPoolNameWrittenAsATerraformExpressionIsAnErrorOnlyForTheModelThatSelectsByIt() throws IOException {
    Files.writeString(temp.resolve("pools.tf.json"), """
        {"resource": {"google_container_node_pool": {
          "gpus": {"name": "${var.prefix}-gpus",
                   "node_config": {"labels": {"cpu": 8, "memory_m": 30720, "name": "${var.prefix}-gpus"}}},
          "cpus": {"name": "cpus", "node_count": 3,
                   "node_config": {"labels": {"cpu": 8, "memory_m": 30720, "name": "cpus"}}}
        }}}
        """);
    String inventory = temp.resolve("pools.tf.json") + ":";
    String pool = "resource.google_container_node_pool.gpus.";
    String fromNodes = "; for a cluster that is running, 'stave inventory from-nodes' writes an inventory of it";
    for (String model : List.of("gke", "symphony")) {
      Path config = Files.writeString(temp.resolve(model + ".yaml"), "kind: experiment\nname: e\nimage: x:1\n"
          + "inventory: pools.tf.json\ndispatch_model: " + model + "\nprocesses:\n"
          + "  a: {schedule: {assign_to: machine, node_pool_name: gpus}}\n"
          + "  b: {schedule: {assign_to: machine, node_pool_name: gpus}}\n"
          + "  c: {schedule: {assign_to: machine, node_pool_name: cpus}}\n");
      Run run = Run.of("validate", config.toString());
      assertEquals(1, run.code(), run.err());
      // Once, though two pods are placed on the pool.
      assertEquals(model.equals("gke") ? List.of(
          inventory + "2:20: error: " + pool + "name: name of node pool 'gpus' is \"${var.prefix}-gpus\", a Terraform"
              + " expression, which stave does not evaluate, and the gke model selects the pool's nodes by it (the"
              + " node label cloud.google.com/gke-nodepool)",
          "  = hint: write the name that it stands for, or use dispatch_model: symphony, which selects by"
              + " node_config.labels.name" + fromNodes) : List.of(
          inventory + "3:76: error: " + pool + "node_config.labels.name: node_config.labels.name of node pool 'gpus' is"
              + " \"${var.prefix}-gpus\", a Terraform expression, which stave does not evaluate, and the symphony"
              + " model selects the pool's nodes by it (the node label 'name')",
          "  = hint: write the name that it stands for, or use dispatch_model: gke, which selects by the pool's name"
              + fromNodes),
          run.err().lines().filter(l -> !l.startsWith("    |")).toList());
      // A pool that no pod is placed on may name itself as Terraform does.
      Files.writeString(config, Files.readString(config).replaceAll("node_pool_name: gpus", "node_pool_name: cpus"));
      Run other = Run.of("validate", config.toString());
      assertEquals(0, other.code(), other.err());
      assertEquals("1 config is valid\n", other.err());
    }
  }

  @Test
  void anOverrideOfWhatTheScheduleDecidesIsSaidToBeOutsidePlan() throws IOException {
    Path inventory = Path.of("examples/inventories/lab.yaml").toAbsolutePath();
    Path config = Files.writeString(temp.resolve("pv.yaml"), "kind: experiment\nname: pv\nimage: x:1\n"
        + "inventory: " + inventory + "\nprocesses:\n"
        + "  a:\n    schedule: {assign_to: machine, node_pool_name: cpu-small}\n"
        + "    overrides:\n      pod: {nodeSelector: {cloud.google.com/gke-nodepool: cpu-large}}\n"
        + "      container: {resources: {requests: {cpu: \"3\"}}}\n"
        + "  b: {overrides: {container: {resources: {requests: {cpu: \"3\"}}}}}\n");
    Run run = Run.of("plan", config.toString());
    assertEquals(0, run.code(), run.err());
    // Process b has no schedule: its override is only the bundle's business.
    assertEquals(List.of(
        config + ":9:13: warning: processes.a.overrides.pod.nodeSelector: the override sets nodeSelector of a pod that"
            + " the schedule places on pool 'cpu-small': the bundle has the override's, while plan and the capacity"
            + " check go by the schedule's",
        config + ":10:19: warning: processes.a.overrides.container.resources: the override sets the resources of"
            + " process 'a', which the schedule sizes for pool 'cpu-small': the bundle has the override's, while plan"
            + " and the capacity check go by the schedule's"),
        run.err().lines().filter(l -> l.contains(": warning: ")).toList());
  }

  /** The pool's taints as an override's tolerations, which replace the schedule's, leave them. */
  private Path untolerated(String name, String unit, String pod) throws IOException {
    Files.writeString(temp.resolve("tainted.yaml"), "kind: inventory\npools:\n"
        + "  tainted:\n    cpu: 8\n    memory: 32Gi\n    taints:\n"
        + "      - {key: team, value: ml, effect: NoSchedule}\n"
        + "      - {key: soft, value: x, effect: PreferNoSchedule}\n"
        + "      - {key: dedicated, effect: NoExecute}\n"
        + "  other:\n    cpu: 8\n    memory: 32Gi\n");
    return Files.writeString(temp.resolve(name), "kind: experiment\nname: t\nimage: x:1\ninventory: tainted.yaml\n"
        + unit + "\n    overrides:\n      pod: " + pod + "\n");
  }

  @Test
  void anOverridesTolerationsThatLeaveATaintOfThePoolAreAnError() throws IOException {
    String process = "processes:\n  a:\n    schedule: {assign_to: machine, node_pool_name: tainted}";
    Path config = untolerated("t.yaml", process,
        "{tolerations: [{key: team, operator: Equal, value: other, effect: NoSchedule}]}");
    String source = "    |       pod: {tolerations: [{key: team, operator: Equal, value: other, effect: NoSchedule}]}\n"
        + "    |             ^\n";
    String warning = config + ":9:13: warning: processes.a.overrides.pod.tolerations: the override sets tolerations"
        + " of a pod that the schedule places on pool 'tainted': the bundle has the override's, while plan and the"
        + " capacity check go by the schedule's\n" + source
        + "  = hint: place the pod with the schedule (node_pool_name), node_selector and tolerations, which plan"
        + " counts\n";
    for (String command : List.of("compile", "validate", "plan")) {
      Run run = command.equals("compile") ? Run.of(command, config.toString(), "-o", temp.resolve("out").toString())
          : Run.of(command, config.toString());
      assertEquals(1, run.code(), run.err());
      assertEquals(warning + config + ":9:13: error: processes.a.overrides.pod.tolerations: the override's"
          + " tolerations replace"
          + " the ones the schedule gives, and do not tolerate the taints team=ml:NoSchedule, dedicated:NoExecute of"
          + " pool 'tainted', where the schedule places the pod: it would never be scheduled\n" + source
          + "  = hint: add {key: \"team\", operator: Equal, value: \"ml\", effect: NoSchedule}, {key: \"dedicated\","
          + " operator: Exists, effect: NoExecute} to the override's tolerations\n", run.err());
    }
    assertFalse(Files.exists(temp.resolve("out")));

    // A group is one pod: its override is the group's. An empty list tolerates nothing; one taint is left.
    Path group = untolerated("g.yaml", "process_groups:\n  g:\n    processes:\n      a:\n        schedule:"
        + " {assign_to: machine, node_pool_name: tainted}", "{tolerations: [{key: dedicated, operator: Exists}]}");
    Run run = Run.of("compile", group.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(group + ":11:13: error: process_groups.g.overrides.pod.tolerations: the override's tolerations"
        + " replace the ones the schedule gives, and do not tolerate the taint team=ml:NoSchedule of pool 'tainted',"
        + " where the schedule places the pod: it would never be scheduled",
        run.err().lines().filter(l -> l.contains(": error: ")).findFirst().orElse(""));
    assertTrue(run.err().contains("  = hint: add {key: \"team\", operator: Equal, value: \"ml\", effect: NoSchedule}"
        + " to the override's tolerations\n"), run.err());
    assertEquals(1, run.err().lines().filter(l -> l.contains(": error: ")).count(), run.err());
  }

  @Test
  void anOverridesTolerationsThatTolerateThePoolsTaintsOrAPodThatIsNotThereAreFine() throws IOException {
    String process = "processes:\n  a:\n    schedule: {assign_to: machine, node_pool_name: tainted}";
    for (String pod : List.of(
        // No key with Exists tolerates every taint.
        "{tolerations: [{operator: Exists}]}",
        // Each blocking taint tolerated; PreferNoSchedule only makes the scheduler avoid a node.
        "{tolerations: [{key: team, value: ml}, {key: dedicated, operator: Exists, effect: NoExecute}]}",
        "{tolerations: [{key: team, operator: Exists}, {key: dedicated, operator: Exists, effect: NoExecute,"
            + " tolerationSeconds: 60}]}",
        // An override that also moves the pod elsewhere, or past the scheduler: the warnings say so.
        "{tolerations: [], nodeSelector: {cloud.google.com/gke-nodepool: other}}",
        "{tolerations: [], nodeName: node-1}")) {
      Path config = untolerated("ok.yaml", process, pod);
      Run run = Run.of("compile", config.toString(), "-o", "-");
      assertEquals(0, run.code(), pod + "\n" + run.err());
      assertEquals(List.of(), run.err().lines().filter(l -> l.contains(": error: ")).toList(), pod);
      assertTrue(run.err().contains(": warning: processes.a.overrides.pod.tolerations: the override sets tolerations"),
          run.err());
    }
    // The config's own tolerations are added to the schedule's, so they cannot leave a taint.
    Path own = untolerated("own.yaml", process + "\n    tolerations: [{key: x, operator: Exists}]",
        "{nodeSelector: {disk: ssd}}");
    Run run = Run.of("compile", own.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().contains("      tolerations:\n      - key: team\n        operator: Equal\n        value: ml\n"
        + "        effect: NoSchedule\n"), run.out());
  }

  /** An experiment of one process with {@code schedule} and {@code rest}, on the {@code pools} of a kind: inventory. */
  private Path onGpuPool(String name, String pools, String schedule, String rest) throws IOException {
    Files.writeString(temp.resolve(name + "-inventory.yaml"), "kind: inventory\npools:\n" + pools);
    return Files.writeString(temp.resolve(name + ".yaml"), "kind: experiment\nname: t\nimage: x:1\ninventory: "
        + name + "-inventory.yaml\nprocesses:\n  a:\n    schedule: " + schedule + "\n" + rest);
  }

  @Test
  void onGkeAnOverrideMustTolerateTheGpuTaintOfAPoolWithGpusForAPodThatAsksForNone() throws IOException {
    String message = ": error: processes.a.overrides.pod.tolerations: the override's tolerations replace the ones"
        + " the schedule gives, and do not tolerate the taint nvidia.com/gpu=present:NoSchedule of pool '%s', where"
        + " the schedule places the pod: it would never be scheduled (GKE gives the nodes of a GPU pool the"
        + " nvidia.com/gpu taint, which the inventory does not list, and its toleration only to pods that ask for"
        + " GPUs, which this one does not)\n    |       pod: {tolerations: []}\n    |             ^\n"
        + "  = hint: add {key: \"nvidia.com/gpu\", operator: Exists, effect: NoSchedule} to the override's"
        + " tolerations\n";
    // The gke model selects the pool by GKE's own node label, so the nodes are GKE's.
    Path config = onGpuPool("gke", CPU_AND_GPU_POOLS, WITHOUT_GPUS, NO_TOLERATIONS);
    Run run = Run.of("validate", config.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(config + ":9:13" + message.formatted("gpu"),
        run.err().substring(run.err().indexOf(config + ":9:13: error: ")));
    // A Terraform inventory is GKE's whatever the model selects by; the pod stays where Symphony puts it.
    Path terraform = Files.writeString(temp.resolve("tf.yaml"), "kind: experiment\nname: t\nimage: x:1\ninventory: "
        + Path.of("examples/inventories/rl-small.tf.json").toAbsolutePath() + "\ndispatch_model: symphony\n"
        + "processes:\n  a:\n    schedule: {assign_to: node_pool, node_pool_name: gpu-k80-pool}\n" + NO_TOLERATIONS);
    run = Run.of("compile", terraform.toString(), "-o", temp.resolve("out").toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(terraform + ":10:13" + message.formatted("gpu-k80-pool"),
        run.err().substring(run.err().indexOf(terraform + ":10:13: error: ")));
    assertFalse(Files.exists(temp.resolve("out")));
    // Without the override, the schedule's tolerations include it.
    Path own = onGpuPool("own", CPU_AND_GPU_POOLS, WITHOUT_GPUS, "");
    run = Run.of("compile", own.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().contains("      tolerations:\n      - key: nvidia.com/gpu\n        operator: Exists\n"
        + "        effect: NoSchedule\n"), run.out());
    // The schedule asks for GPUs, but the override's containers replace the one it sized: the pod asks for none.
    Path replaced = onGpuPool("replaced", CPU_AND_GPU_POOLS, "{assign_to: gpu, node_pool_name: gpu}",
        "    overrides:\n      pod: {tolerations: [], containers: [{name: a, image: \"x:1\"}]}\n");
    run = Run.of("validate", replaced.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(replaced + ":9:13" + message.formatted("gpu")
        .replace("pod: {tolerations: []}", "pod: {tolerations: [], containers: [{name: a, image: \"x:1\"}]}"),
        run.err().substring(run.err().indexOf(replaced + ":9:13: error: ")));
    // A GPU taint that the inventory lists is the one the nodes have.
    Path listed = onGpuPool("listed", CPU_AND_GPU_POOLS.replace("gpu_count: 2}", "gpu_count: 2,"
        + " taints: [{key: nvidia.com/gpu, value: \"true\", effect: NoSchedule}]}"), WITHOUT_GPUS, NO_TOLERATIONS);
    run = Run.of("validate", listed.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(listed + ":9:13: error: processes.a.overrides.pod.tolerations: the override's tolerations"
        + " replace the ones the schedule gives, and do not tolerate the taint nvidia.com/gpu=true:NoSchedule of pool"
        + " 'gpu', where the schedule places the pod: it would never be scheduled",
        "  = hint: add {key: \"nvidia.com/gpu\", operator: Equal, value: \"true\", effect: NoSchedule} to the"
            + " override's tolerations"),
        run.err().lines().filter(l -> l.contains(": error: ") || l.startsWith("  = hint: add")).toList());
  }

  @Test
  void gkeTaintsAGpuPoolOnlyBesideNodesWithoutGpusAndToleratesItForAPodThatAsksForGpus() throws IOException {
    String gpuLimit = "resources: {limits: {nvidia.com/gpu: \"1\"}}";
    // Schedule and the rest of the process. GKE's admission gives a pod whose containers name nvidia.com/gpu
    // the toleration; an override may tolerate it itself, whatever its value.
    List<List<String>> fine = List.of(
        List.of("{assign_to: gpu, node_pool_name: gpu}", NO_TOLERATIONS),
        List.of("{assign_to: node_pool, node_pool_name: gpu, gpu_count: 1}", NO_TOLERATIONS),
        List.of(WITHOUT_GPUS, "    resource_limit: {gpu: 1}\n" + NO_TOLERATIONS),
        List.of(WITHOUT_GPUS, NO_TOLERATIONS + "      container: {" + gpuLimit + "}\n"),
        List.of(WITHOUT_GPUS, "    overrides:\n      pod: {tolerations: [], initContainers: [{name: i, image: x:1, "
            + gpuLimit + "}]}\n"),
        // The override's containers replace the process's, and its container override merges into the one named a.
        List.of(WITHOUT_GPUS, "    overrides:\n      pod: {tolerations: [], containers: [{name: a, image: x:1, "
            + gpuLimit + "}]}\n"),
        List.of(WITHOUT_GPUS, "    overrides:\n      pod: {tolerations: [], containers: [{name: a, image: x:1}]}\n"
            + "      container: {" + gpuLimit + "}\n"),
        List.of(WITHOUT_GPUS, "    overrides:\n      pod: {tolerations: [{key: nvidia.com/gpu, operator: Exists}]}\n"));
    for (int i = 0; i < fine.size(); i++) {
      Path config = onGpuPool("fine" + i, CPU_AND_GPU_POOLS, fine.get(i).get(0), fine.get(i).get(1));
      Run run = Run.of("validate", config.toString());
      assertEquals(0, run.code(), fine.get(i) + "\n" + run.err());
    }
    // A cluster of GPU pools only: GKE leaves them untainted.
    Path gpuOnly = onGpuPool("gpu-only", CPU_AND_GPU_POOLS.replace("  cpu: {cpu: 8, memory: 32Gi}\n", ""),
        WITHOUT_GPUS, NO_TOLERATIONS);
    assertEquals(0, Run.of("validate", gpuOnly.toString()).code());
    // A pool selected by labels of its own, or by Symphony's name label, in a file that names no cluster: not
    // known to be GKE's.
    Path selected = onGpuPool("selected", CPU_AND_GPU_POOLS.replace("gpu_count: 2}", "gpu_count: 2,"
        + " selector: {accelerator: t4}}"), WITHOUT_GPUS, NO_TOLERATIONS);
    assertEquals(0, Run.of("validate", selected.toString()).code());
    Path symphony = onGpuPool("symphony", CPU_AND_GPU_POOLS, WITHOUT_GPUS,
        "    overrides:\n      pod: {tolerations: []}\ndispatch_model: symphony\n");
    Run run = Run.of("validate", symphony.toString());
    assertEquals(0, run.code(), run.err());
    // On GKE, a GPU taint the inventory lists is tolerated so too; elsewhere nobody adds the toleration.
    String taint = "gpu_count: 2, taints: [{key: nvidia.com/gpu, value: \"true\", effect: NoSchedule}]";
    Path listed = onGpuPool("listed", CPU_AND_GPU_POOLS.replace("gpu_count: 2", taint),
        "{assign_to: gpu, node_pool_name: gpu}", NO_TOLERATIONS);
    assertEquals(0, Run.of("validate", listed.toString()).code());
    Path elsewhere = onGpuPool("elsewhere", CPU_AND_GPU_POOLS.replace("gpu_count: 2", taint + ", selector: {a: b}"),
        "{assign_to: gpu, node_pool_name: gpu}", NO_TOLERATIONS);
    run = Run.of("validate", elsewhere.toString());
    assertEquals(1, run.code(), run.err());
    assertTrue(run.err().contains(":9:13: error: processes.a.overrides.pod.tolerations: the override's tolerations"
        + " replace the ones the schedule gives, and do not tolerate the taint nvidia.com/gpu=true:NoSchedule of"
        + " pool 'gpu', where the schedule places the pod: it would never be scheduled\n"), run.err());
  }

  @Test
  void aKindInventoryThatSaysItsClusterIsGkesHasGkesGpuTaintWhateverSelectsItsPools() throws IOException {
    String error = ":9:13: error: processes.a.overrides.pod.tolerations: the override's tolerations replace the ones"
        + " the schedule gives, and do not tolerate the taint nvidia.com/gpu=present:NoSchedule of pool 'gpu', where"
        + " the schedule places the pod: it would never be scheduled (GKE gives the nodes of a GPU pool the"
        + " nvidia.com/gpu taint, which the inventory does not list, and its toleration only to pods that ask for"
        + " GPUs, which this one does not)";
    // Symphony's name label, and a label of the pool's own, are no GKE labels: only the file says so.
    Path symphony = onGpuPool("symphony", CPU_AND_GPU_POOLS + "provider: gke\n", WITHOUT_GPUS,
        NO_TOLERATIONS + "dispatch_model: symphony\n");
    Path selected = onGpuPool("selected", CPU_AND_GPU_POOLS.replace("gpu_count: 2}", "gpu_count: 2,"
        + " selector: {accelerator: t4}}") + "provider: gke\n", WITHOUT_GPUS, NO_TOLERATIONS);
    for (Path config : List.of(symphony, selected)) {
      Run run = Run.of("validate", config.toString());
      assertEquals(1, run.code(), run.err());
      assertEquals(List.of(config + error),
          run.err().lines().filter(l -> l.contains(": error: ")).toList());
    }
    // GKE gives a pod that asks for GPUs the toleration of a GPU taint the inventory lists, whatever selects it.
    Path listed = onGpuPool("listed", CPU_AND_GPU_POOLS.replace("gpu_count: 2", "gpu_count: 2, taints: [{key:"
        + " nvidia.com/gpu, value: \"true\", effect: NoSchedule}], selector: {a: b}") + "provider: gke\n",
        "{assign_to: gpu, node_pool_name: gpu}", NO_TOLERATIONS);
    Run run = Run.of("validate", listed.toString());
    assertEquals(0, run.code(), run.err());
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
  void fromNodesSizesAPoolOfMixedNodesByTheSmallestOfEachSizeAndSaysSo() throws IOException {
    Path nodes = temp.resolve("mix.json");
    Files.writeString(nodes, """
        {"items":[
         {"metadata":{"name":"a","labels":{"role":"train"}},"spec":{},
          "status":{"capacity":{"cpu":"4","memory":"64Gi"},"allocatable":{"cpu":"4","memory":"64Gi"}}},
         {"metadata":{"name":"b","labels":{"role":"train"}},"spec":{},
          "status":{"capacity":{"cpu":"8","memory":"16Gi"},"allocatable":{"cpu":"8","memory":"16Gi"}}},
         {"metadata":{"name":"g1","labels":{"role":"gpu","cloud.google.com/gke-accelerator":"nvidia-tesla-t4"}},
          "spec":{"taints":[{"key":"nvidia.com/gpu","value":"present","effect":"NoSchedule"}]},
          "status":{"capacity":{"cpu":"8","memory":"30Gi","nvidia.com/gpu":"2"},
                    "allocatable":{"cpu":"7910m","memory":"26Gi","nvidia.com/gpu":"2"}}},
         {"metadata":{"name":"g2","labels":{"role":"gpu","cloud.google.com/gke-accelerator":"nvidia-tesla-t4",
                                             "cloud.google.com/gke-spot":"true"}},
          "spec":{"taints":[{"key":"team","value":"ml","effect":"NoExecute"}]},
          "status":{"capacity":{"cpu":"8","memory":"30Gi","nvidia.com/gpu":"1"},
                    "allocatable":{"cpu":"7910m","memory":"26Gi","nvidia.com/gpu":"1"}}},
         {"metadata":{"name":"s1","labels":{"role":"same"}},"spec":{},
          "status":{"capacity":{"cpu":"2","memory":"8Gi"},"allocatable":{"cpu":"1930m","memory":"6Gi"}}},
         {"metadata":{"name":"s2","labels":{"role":"same"}},"spec":{},
          "status":{"capacity":{"cpu":"2","memory":"8Gi"},"allocatable":{"cpu":"1930m","memory":"6Gi"}}}
        ]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "role", nodes.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("""
        kind: inventory
        pools:
          gpu:
            cpu: "8"
            memory: 30Gi
            allocatable:
              cpu: 7910m
              memory: 26Gi
            gpu_type: nvidia-tesla-t4
            gpu_count: 1
            preemptible: true
            max_nodes: 2
            selector:
              role: gpu
            taints:
            - key: nvidia.com/gpu
              value: present
              effect: NoSchedule
            - key: team
              value: ml
              effect: NoExecute
          same:
            cpu: "2"
            memory: 8Gi
            allocatable:
              cpu: 1930m
              memory: 6Gi
            max_nodes: 2
            selector:
              role: same
          train:
            cpu: "4"
            memory: 16Gi
            allocatable:
              cpu: "4"
              memory: 16Gi
            max_nodes: 2
            selector:
              role: train
        """, run.out());
    String hint = "  = hint: to use the larger nodes fully, give them a pool label of their own and name it with"
        + " --pool-label\n";
    assertEquals(nodes + ":3:12: warning: items[0].status: the nodes of pool 'train' differ in size (cpu 4 to 8, memory"
        + " 16Gi to 64Gi, allocatable cpu 4 to 8, allocatable memory 16Gi to 64Gi), so the pool is sized from the"
        + " smallest of each, which every node has\n"
        + "    |   \"status\":{\"capacity\":{\"cpu\":\"4\",\"memory\":\"64Gi\"},"
        + "\"allocatable\":{\"cpu\":\"4\",\"memory\":\"64Gi\"}}},\n"
        + "    |            ^\n"
        + hint
        + nodes + ":8:12: warning: items[2].status: the nodes of pool 'gpu' differ in size (GPUs 1 to 2), so"
        + " the pool is sized from the smallest of each, which every node has\n"
        + "    |   \"status\":{\"capacity\":{\"cpu\":\"8\",\"memory\":\"30Gi\",\"nvidia.com/gpu\":\"2\"},\n"
        + "    |            ^\n"
        + hint,
        run.err());
  }

  @Test
  void fromNodesWithAnotherPoolLabel() {
    Run run = Run.of("inventory", "from-nodes", "src/test/resources/inventory/nodes.json", "--pool-label", "team");
    assertEquals(1, run.code());
    assertTrue(run.err().contains("error: items: no node has the label team"), run.err());
  }
}

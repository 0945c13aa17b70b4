package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.stave.config.ConfigLoader;
import dev.stave.config.ProjectFolders;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Sources;
import dev.stave.inventory.Inventories;
import dev.stave.inventory.Inventory;
import dev.stave.inventory.NodesInventory;
import dev.stave.inventory.NodePool;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stave inventory from-nodes} on node lists that kubectl would not write, or that are unusual. */
class InventoryFromNodesTest {
  private static final String AS_KUBECTL_WROTE_IT =
      "  = hint: write the file with 'kubectl get nodes -o json' and leave it as kubectl wrote it\n";

  @TempDir
  Path temp;

  private Path nodes(String json) throws IOException {
    Path file = temp.resolve("nodes.json");
    Files.writeString(file, json);
    return file;
  }

  /** The first line of each diagnostic. */
  private static List<String> headlines(Run run) {
    return run.err().lines().filter(l -> l.contains(": error: ") || l.contains(": warning: ")).toList();
  }

  @Test
  void aTaintThatIsNoMapIsAnErrorAtIt() throws IOException {
    Path file = nodes("""
        {"items":[{"metadata":{"name":"a","labels":{"p":"x"}},"spec":{"taints":["oops"]},
         "status":{"capacity":{"cpu":"4","memory":"1Gi"},"allocatable":{"cpu":"4","memory":"1Gi"}}}]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(1, run.code());
    assertEquals("", run.out());
    assertEquals(file + ":1:73: error: items[0].spec.taints[0]: node 'a' has a string in spec.taints[0], where"
        + " kubectl writes a taint: a map of key, value and effect\n"
        + "    | {\"items\":[{\"metadata\":{\"name\":\"a\",\"labels\":{\"p\":\"x\"}},"
        + "\"spec\":{\"taints\":[\"oops\"]},\n"
        + "    |                                                                         ^\n"
        + AS_KUBECTL_WROTE_IT, run.err());
  }

  @Test
  void everyFieldOfTheWrongTypeIsAnErrorAtIt() throws IOException {
    Path file = nodes("""
        {"items":[
         {"metadata":{"name":7,"labels":{"p":"x"}},"spec":{"taints":{"a":1}},
          "status":{"capacity":{"cpu":4,"memory":"1Gi"},"allocatable":{"cpu":"4","memory":true}}},
         {"metadata":{"name":"b","labels":{"p":"x","q":1}},\
        "spec":{"taints":[{"value":"v","effect":"Nope"},{"key":"k"}]},
          "status":{"capacity":{"memory":"-1Gi","nvidia.com/gpu":[]}}},
         {"metadata":{"name":"c","labels":{"p":"x"}}},
         {"metadata":{"name":"d","labels":["x"]},"status":{"capacity":"x","allocatable":{"cpu":"2GB","memory":"2GB"}}},
         {"metadata":{"name":"e","labels":{"p":"x"}},\
        "status":{"capacity":"x","allocatable":{"cpu":"2GB","memory":"1Gi"}}},
         {"metadata":"m"},
         3,
         {"metadata":{"name":"f","labels":{"p":"x"},"taints":1},"spec":[],"status":{"capacity":{},"allocatable":[]}}
        ]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(1, run.code());
    assertEquals("", run.out());
    String at = file + ":";
    assertEquals(List.of(
        at + "2:22: error: items[0].metadata.name: the node has an integer in metadata.name, where kubectl writes a"
            + " string",
        at + "2:61: error: items[0].spec.taints: the node has a map in spec.taints, where kubectl writes a list",
        at + "3:83: error: items[0].status.allocatable.memory: the node has a boolean in status.allocatable.memory,"
            + " where kubectl writes a quantity such as \"4\" or \"16Gi\"",
        at + "4:48: error: items[1].metadata.labels.q: node 'b' has an integer in metadata.labels.q, where kubectl"
            + " writes a string",
        at + "4:70: error: items[1].spec.taints[0]: node 'b' has no spec.taints[0].key",
        at + "4:92: error: items[1].spec.taints[0].effect: node 'b' has the taint effect 'Nope', which Kubernetes does"
            + " not have",
        at + "4:100: error: items[1].spec.taints[1]: node 'b' has no spec.taints[1].effect",
        at + "5:12: error: items[1].status: node 'b' has no status.allocatable",
        at + "5:24: error: items[1].status.capacity: node 'b' has no status.capacity.cpu",
        at + "5:34: error: items[1].status.capacity.memory: node 'b' has memory '-1Gi' in status.capacity, which is"
            + " not a Kubernetes quantity of 0 or more",
        at + "5:58: error: items[1].status.capacity.nvidia.com/gpu: node 'b' has a list in"
            + " status.capacity.nvidia.com/gpu, where kubectl writes a count such as \"1\" or \"8\"",
        at + "6:2: error: items[2]: node 'c' has no status",
        at + "7:35: error: items[3].metadata.labels: node 'd' has a list in metadata.labels, where kubectl"
            + " writes a map",
        at + "7:63: error: items[3].status.capacity: node 'd' has a string in status.capacity, where kubectl writes a"
            + " map",
        at + "7:88: error: items[3].status.allocatable.cpu: node 'd' has cpu '2GB' in status.allocatable, which is not"
            + " a Kubernetes quantity of 0 or more",
        at + "7:103: error: items[3].status.allocatable.memory: node 'd' has memory '2GB' in status.allocatable, which"
            + " is not a Kubernetes quantity of 0 or more",
        at + "8:67: error: items[4].status.capacity: node 'e' has a string in status.capacity, where kubectl writes a"
            + " map",
        at + "8:92: error: items[4].status.allocatable.cpu: node 'e' has cpu '2GB' in status.allocatable, which is not"
            + " a Kubernetes quantity of 0 or more",
        at + "9:2: error: items[5]: the node has no status",
        at + "9:14: error: items[5].metadata: the node has a string in metadata, where kubectl writes a map",
        at + "10:2: error: items[6]: the item is an integer, where kubectl writes a node: a map of metadata, spec and"
            + " status",
        at + "11:64: error: items[7].spec: node 'f' has a list in spec, where kubectl writes a map",
        at + "11:88: error: items[7].status.capacity: node 'f' has no status.capacity.cpu",
        at + "11:88: error: items[7].status.capacity: node 'f' has no status.capacity.memory",
        at + "11:105: error: items[7].status.allocatable: node 'f' has a list in status.allocatable, where kubectl"
            + " writes a map"),
        headlines(run));
    assertEquals(true, run.err().contains(
        "    |                                                                                            ^\n"
            + "  = hint: write 2G (powers of 10) or 2Gi (powers of 2)\n"), run.err());
  }

  @Test
  void aGpuCountThatIsNotAWholeNumberThatFitsIsAnError() throws IOException {
    Path file = nodes("""
        {"items":[
         {"metadata":{"name":"a","labels":{"p":"x"}},"status":{"capacity":{"nvidia.com/gpu":"4294967297",
          "cpu":"4","memory":"1Gi"},"allocatable":{"cpu":"4","memory":"1Gi"}}},
         {"metadata":{"name":"b","labels":{"p":"x"}},"status":{"capacity":{"nvidia.com/gpu":"1e30",
          "cpu":"4","memory":"1Gi"},"allocatable":{"cpu":"4","memory":"1Gi"}}},
         {"metadata":{"name":"c","labels":{"p":"x"}},"status":{"capacity":{"nvidia.com/gpu":"-3",
          "cpu":"4","memory":"1Gi"},"allocatable":{"cpu":"4","memory":"1Gi"}}},
         {"metadata":{"name":"d","labels":{"p":"x"}},"status":{"capacity":{"nvidia.com/gpu":"1500m",
          "cpu":"4","memory":"1Gi"},"allocatable":{"cpu":"4","memory":"1Gi"}}},
         {"metadata":{"name":"e","labels":{"p":"x"}},"status":{"capacity":{"nvidia.com/gpu":"2",
          "cpu":"4","memory":"1Gi"},"allocatable":{"cpu":"4","memory":"1Gi","nvidia.com/gpu":"1500m"}}},
         {"metadata":{"name":"f","labels":{"p":"x"}},"status":{"capacity":{"nvidia.com/gpu":"2.5",
          "cpu":"4","memory":"1Gi"},"allocatable":{"cpu":"4","memory":"1Gi","nvidia.com/gpu":"2"}}}
        ]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(1, run.code());
    assertEquals("", run.out());
    String hint = "  = hint: a node has a whole number of GPUs from 0 to 2147483647, such as 1 or 8";
    assertEquals(List.of(
        file + ":2:85: error: items[0].status.capacity.nvidia.com/gpu: node 'a' has nvidia.com/gpu '4294967297' in"
            + " status.capacity, which is not a number of GPUs", hint,
        file + ":4:85: error: items[1].status.capacity.nvidia.com/gpu: node 'b' has nvidia.com/gpu '1e30' in"
            + " status.capacity, which is not a number of GPUs", hint,
        file + ":6:85: error: items[2].status.capacity.nvidia.com/gpu: node 'c' has nvidia.com/gpu '-3' in"
            + " status.capacity, which is not a number of GPUs", hint,
        file + ":8:85: error: items[3].status.capacity.nvidia.com/gpu: node 'd' has nvidia.com/gpu '1500m' in"
            + " status.capacity, which is not a number of GPUs", hint,
        file + ":11:86: error: items[4].status.allocatable.nvidia.com/gpu: node 'e' has nvidia.com/gpu '1500m' in"
            + " status.allocatable, which is not a number of GPUs", hint,
        file + ":12:85: error: items[5].status.capacity.nvidia.com/gpu: node 'f' has nvidia.com/gpu '2.5' in"
            + " status.capacity, which is not a number of GPUs", hint),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * The spot nodes of EKS, Karpenter and AKS are preemptible as GKE's are, so that the gke model's resource
   * picks an on-demand pool before them.
   */
  @Test
  void spotNodesOfEveryCloudMakeAPreemptiblePool() throws IOException {
    String node = "{\"metadata\":{\"name\":\"%s\",\"labels\":{\"p\":\"%<s\"%s}},"
        + "\"status\":{\"capacity\":{\"cpu\":\"4\",\"memory\":\"1Gi\"},"
        + "\"allocatable\":{\"cpu\":\"4\",\"memory\":\"1Gi\"}}}";
    Path file = nodes("{\"items\":[" + String.join(",",
        node.formatted("eks-spot", ",\"eks.amazonaws.com/capacityType\":\"SPOT\""),
        node.formatted("eks-on-demand", ",\"eks.amazonaws.com/capacityType\":\"ON_DEMAND\""),
        node.formatted("karpenter-spot", ",\"karpenter.sh/capacity-type\":\"spot\""),
        node.formatted("karpenter-on-demand", ",\"karpenter.sh/capacity-type\":\"on-demand\""),
        node.formatted("aks-spot", ",\"kubernetes.azure.com/scalesetpriority\":\"spot\""),
        node.formatted("gke-spot", ",\"cloud.google.com/gke-spot\":\"true\""),
        node.formatted("gke-preemptible", ",\"cloud.google.com/gke-preemptible\":\"true\""),
        node.formatted("plain", "")) + "]}");
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, run.code(), run.err());
    List<String> pools = new ArrayList<>();
    String pool = null;
    for (String line : run.out().lines().toList()) {
      if (line.matches("  [a-z-]+:")) {
        pool = line.trim();
      } else if (line.equals("    preemptible: true")) {
        pools.add(pool);
      }
    }
    assertEquals(List.of("aks-spot:", "eks-spot:", "gke-preemptible:", "gke-spot:", "karpenter-spot:"), pools);
  }

  /**
   * A cordoned or unready node's taints are its state's, not its pool's: copied to the pool, every pod placed on
   * it would tolerate them and be placed on cordoned nodes.
   */
  @Test
  void taintsKubernetesPutsOnANodeForItsStateAreLeftOutOfItsPoolWithAWarning() throws IOException {
    String node = "{\"metadata\":{\"name\":\"%s\",\"labels\":{\"p\":\"x\"}},\"spec\":{\"taints\":[%s]},"
        + "\"status\":{\"capacity\":{\"cpu\":\"4\",\"memory\":\"1Gi\"},"
        + "\"allocatable\":{\"cpu\":\"4\",\"memory\":\"1Gi\"}}}";
    String team = "{\"key\":\"team\",\"value\":\"ml\",\"effect\":\"NoSchedule\"}";
    Path file = nodes("{\"items\":[\n" + node.formatted("a", team) + ",\n"
        + node.formatted("b", team + ",{\"key\":\"node.kubernetes.io/unschedulable\",\"effect\":\"NoSchedule\","
            + "\"timeAdded\":\"2024-01-01T00:00:00Z\"}") + ",\n"
        + node.formatted("c", "{\"key\":\"node.kubernetes.io/not-ready\",\"effect\":\"NoExecute\"},"
            + "{\"key\":\"node.kubernetes.io/memory-pressure\",\"effect\":\"NoSchedule\"}") + "]}");
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("""
        kind: inventory
        pools:
          x:
            cpu: "4"
            memory: 1Gi
            allocatable:
              cpu: "4"
              memory: 1Gi
            max_nodes: 3
            selector:
              p: x
            taints:
            - key: team
              value: ml
              effect: NoSchedule
        """, run.out());
    assertEquals(List.of(file + ":3:113: warning: items[1].spec.taints[1]: node 'b' has"
        + " node.kubernetes.io/unschedulable; node 'c' has node.kubernetes.io/not-ready and"
        + " node.kubernetes.io/memory-pressure: Kubernetes puts such taints on a node for its state (cordoned, not"
        + " ready, under pressure), not for its pool, so pool 'x' leaves them out and its pods do not tolerate them"),
        headlines(run));
  }

  /** A list without nodes is not told to name another pool label, which would find no node either. */
  @Test
  void aListWithoutNodesIsAnErrorThatSaysSo() throws IOException {
    Path file = nodes("{\"apiVersion\":\"v1\",\"items\":[],\"kind\":\"List\"}\n");
    Run run = Run.of("inventory", "from-nodes", file.toString());
    assertEquals(1, run.code());
    assertEquals("", run.out());
    assertEquals(file + ":1:28: error: items: the file lists no nodes, so there are no pools to write\n"
        + "    | {\"apiVersion\":\"v1\",\"items\":[],\"kind\":\"List\"}\n"
        + "    |                            ^\n"
        + "  = hint: run 'kubectl get nodes -o json' against the cluster the pods will run on, once it has nodes\n",
        run.err());
  }

  /** Nodes that all carry GKE's pool label are a GKE cluster's, whatever label their pools go by. */
  @Test
  void nodesWithGkesPoolLabelMakeAGkeInventory() throws IOException {
    String node = "{\"metadata\":{\"name\":\"%s\",\"labels\":{\"p\":\"x\"%s}},"
        + "\"status\":{\"capacity\":{\"cpu\":\"4\",\"memory\":\"1Gi\"},"
        + "\"allocatable\":{\"cpu\":\"4\",\"memory\":\"1Gi\"}}}";
    String gke = ",\"cloud.google.com/gke-nodepool\":\"pool-1\"";
    Path file = nodes("{\"items\":[" + node.formatted("a", gke) + "," + node.formatted("b", gke) + "]}");
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of("kind: inventory", "provider: gke", "pools:"), run.out().lines().limit(3).toList());
    file = nodes("{\"items\":[" + node.formatted("a", gke) + "," + node.formatted("b", "") + "]}");
    run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of("kind: inventory", "pools:", "  x:"), run.out().lines().limit(3).toList());
  }

  @Test
  void aGpuCountIsReadAsAQuantity() throws IOException {
    Path file = nodes("""
        {"items":[{"metadata":{"name":"a","labels":{"p":"x"}},"status":{"capacity":{"nvidia.com/gpu":"2000m",
          "cpu":"4","memory":"1Gi"},"allocatable":{"cpu":"4","memory":"1Gi"}}}]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("""
        kind: inventory
        pools:
          x:
            cpu: "4"
            memory: 1Gi
            allocatable:
              cpu: "4"
              memory: 1Gi
            gpu_count: 2
            max_nodes: 1
            selector:
              p: x
        """, run.out());
  }

  @Test
  void gpusComeFromAllocatableAndFromCapacityOnlyWhenAllocatableLacksThem() throws IOException {
    Path file = nodes("""
        {"items":[
         {"metadata":{"name":"a","labels":{"p":"degraded"}},
          "status":{"capacity":{"cpu":"8","memory":"30824320Ki","nvidia.com/gpu":"4"},
           "allocatable":{"cpu":"7910m","memory":"27127168Ki","nvidia.com/gpu":"3"}}},
         {"metadata":{"name":"b","labels":{"p":"down"}},
          "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"2"},
           "allocatable":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"0"}}},
         {"metadata":{"name":"c","labels":{"p":"trimmed"}},
          "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"2"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}}
        ]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, run.code(), run.err());
    String hint = "  = hint: check the NVIDIA device plugin on the node ('kubectl describe node' shows its"
        + " allocatable), then run from-nodes again; or write gpu_count by hand";
    assertEquals(List.of(
        file + ":4:72: warning: items[0].status.allocatable.nvidia.com/gpu: node 'a' has 4 nvidia.com/gpu in"
            + " status.capacity but 3 in status.allocatable, so pool 'degraded' gets 3 GPUs per node", hint,
        file + ":7:61: warning: items[1].status.allocatable.nvidia.com/gpu: node 'b' has 2 nvidia.com/gpu in"
            + " status.capacity but 0 in status.allocatable, so pool 'down' gets no GPUs", hint),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
    assertEquals("""
        kind: inventory
        pools:
          degraded:
            cpu: "8"
            memory: 30824320Ki
            allocatable:
              cpu: 7910m
              memory: 27127168Ki
            gpu_count: 3
            max_nodes: 1
            selector:
              p: degraded
          down:
            cpu: "8"
            memory: 8Gi
            allocatable:
              cpu: "8"
              memory: 8Gi
            max_nodes: 1
            selector:
              p: down
          trimmed:
            cpu: "8"
            memory: 8Gi
            allocatable:
              cpu: "8"
              memory: 8Gi
            gpu_count: 2
            max_nodes: 1
            selector:
              p: trimmed
        """, run.out());
  }

  @Test
  void aNodeWithGpusThatAreNotAllocatableIsWarnedAboutNamingItsPool() throws IOException {
    Path file = nodes("""
        {"items":[
         {"metadata":{"name":"a","labels":{"p":"single"}},
          "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},
           "allocatable":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"0"}}},
         {"metadata":{"name":"b","labels":{"p":"three"}},
          "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},
           "allocatable":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"}}},
         {"metadata":{"name":"c","labels":{"p":"three"}},
          "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},
           "allocatable":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"0"}}},
         {"metadata":{"labels":{"p":"three"}},
          "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"2"},
           "allocatable":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"}}}
        ]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(file + ":4:61: warning: items[0].status.allocatable.nvidia.com/gpu: node 'a' has 1 nvidia.com/gpu"
        + " in status.capacity but 0 in status.allocatable, so pool 'single' gets no GPUs\n"
        + "    |    \"allocatable\":{\"cpu\":\"8\",\"memory\":\"8Gi\",\"nvidia.com/gpu\":\"0\"}}},\n"
        + "    |                                                             ^\n"
        + "  = hint: check the NVIDIA device plugin on the node ('kubectl describe node' shows its allocatable), then"
        + " run from-nodes again; or write gpu_count by hand\n"
        + file + ":6:12: warning: items[1].status: the nodes of pool 'three' differ in size (GPUs 0 to 1), so the pool"
        + " is sized from the smallest of each, which every node has\n"
        + "    |   \"status\":{\"capacity\":{\"cpu\":\"8\",\"memory\":\"8Gi\",\"nvidia.com/gpu\":\"1\"},\n"
        + "    |            ^\n"
        + "  = hint: to use the larger nodes fully, give them a pool label of their own and name it with --pool-label\n"
        + file + ":10:61: warning: items[2].status.allocatable.nvidia.com/gpu: node 'c' has 1 nvidia.com/gpu in"
        + " status.capacity but 0 in status.allocatable; the node items[3] has 2 nvidia.com/gpu in status.capacity"
        + " but 1 in status.allocatable, so pool 'three' gets no GPUs\n"
        + "    |    \"allocatable\":{\"cpu\":\"8\",\"memory\":\"8Gi\",\"nvidia.com/gpu\":\"0\"}}},\n"
        + "    |                                                             ^\n"
        + "  = hint: check the NVIDIA device plugin on those nodes ('kubectl describe node' shows its allocatable),"
        + " then run from-nodes again; or write gpu_count by hand\n", run.err());
    assertEquals(false, run.out().contains("gpu_count"), run.out());
  }

  @Test
  void sizesAreWrittenAsTheNodesStateThemAndReadBackRoundedDown() throws IOException {
    Path file = nodes("""
        {"items":[
         {"metadata":{"name":"a","labels":{"p":"x"}},
          "status":{"capacity":{"cpu":"1500500u","memory":"1536Ki"},"allocatable":{"cpu":"1m","memory":"1Mi"}}},
         {"metadata":{"name":"b","labels":{"p":"x"}},
          "status":{"capacity":{"cpu":"2","memory":"1Gi"},"allocatable":{"cpu":"1","memory":"1Gi"}}},
         {"metadata":{"name":"c","labels":{"p":"y"}},
          "status":{"capacity":{"cpu":"2","memory":"30824320Ki"},"allocatable":{"cpu":"1.5","memory":"1.5Gi"}}}
        ]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("""
        kind: inventory
        pools:
          x:
            cpu: 1500500u
            memory: 1536Ki
            allocatable:
              cpu: 1m
              memory: 1Mi
            max_nodes: 2
            selector:
              p: x
          "y":
            cpu: "2"
            memory: 30824320Ki
            allocatable:
              cpu: 1500m
              memory: 1536Mi
            max_nodes: 1
            selector:
              p: "y"
        """, run.out());
    assertEquals(List.of(file + ":5:12: warning: items[1].status: the nodes of pool 'x' differ in size (cpu 1500500u"
        + " to 2, memory 1536Ki to 1Gi, allocatable cpu 1m to 1, allocatable memory 1Mi to 1Gi), so the pool is"
        + " sized from the smallest of each, which every node has"), headlines(run));
    Path inventory = temp.resolve("inventory.yaml");
    Files.writeString(inventory, run.out());
    List<Diagnostic> problems = new ArrayList<>();
    Inventory read = Inventories.load(new ConfigLoader(Run.ENV, new Sources()), inventory,
        ProjectFolders.around(inventory), problems);
    assertEquals(List.of(), problems);
    NodePool x = read.find("x").orElseThrow();
    assertEquals(List.of(new BigDecimal("1.500"), 1L, 1L, 1L),
        List.of(x.cpu(), x.memoryMi(), x.allocatableCpuMillis(), x.allocatableMemoryMi()));
    NodePool y = read.find("y").orElseThrow();
    assertEquals(List.of(new BigDecimal("2"), 30101L, 1500L, 1536L),
        List.of(y.cpu(), y.memoryMi(), y.allocatableCpuMillis(), y.allocatableMemoryMi()));
  }

  @Test
  void aSizeBelowTheUnitStaveSchedulesInIsAnError() throws IOException {
    Path file = nodes("""
        {"items":[{"metadata":{"name":"a","labels":{"p":"x"}},
          "status":{"capacity":{"cpu":"1e-9","memory":"1"},"allocatable":{"cpu":999e-6,"memory":"1023Ki"}}}]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(1, run.code());
    assertEquals("", run.out());
    String cpuHint = "  = hint: leave the node out of the file: stave schedules cpu in whole millicores and rounds a"
        + " node's size down to them";
    String memoryHint = "  = hint: leave the node out of the file: stave schedules memory in whole MiB and rounds a"
        + " node's size down to them";
    assertEquals(List.of(
        file + ":2:31: error: items[0].status.capacity.cpu: node 'a' has cpu '1e-9' in status.capacity, less than 1m,"
            + " the smallest cpu stave schedules, so no pod would fit it, nor a pool sized by it", cpuHint,
        file + ":2:47: error: items[0].status.capacity.memory: node 'a' has memory '1' in status.capacity, less than"
            + " 1Mi, the smallest memory stave schedules, so no pod would fit it, nor a pool sized by it", memoryHint,
        file + ":2:73: error: items[0].status.allocatable.cpu: node 'a' has cpu '999e-6' in status.allocatable, less"
            + " than 1m, the smallest cpu stave schedules, so no pod would fit it, nor a pool sized by it", cpuHint,
        file + ":2:89: error: items[0].status.allocatable.memory: node 'a' has memory '1023Ki' in"
            + " status.allocatable, less than 1Mi, the smallest memory stave schedules, so no pod would fit it, nor a"
            + " pool sized by it", memoryHint),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void aNodeWithNoneOfASizeIsAnError() throws IOException {
    Path file = nodes("""
        {"items":[{"metadata":{"name":"a","labels":{"p":"x"}},
          "status":{"capacity":{"cpu":"1","memory":"1Gi"},"allocatable":{"cpu":"0","memory":"0Ki"}}}]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(1, run.code());
    assertEquals("", run.out());
    String hint = "  = hint: leave the node out of the file; a node that has just joined states its sizes once it is"
        + " ready";
    assertEquals(List.of(
        file + ":2:72: error: items[0].status.allocatable.cpu: node 'a' has cpu 0 in status.allocatable, so no pod"
            + " would fit it, nor a pool sized by it", hint,
        file + ":2:85: error: items[0].status.allocatable.memory: node 'a' has memory 0 in status.allocatable, so no"
            + " pod would fit it, nor a pool sized by it", hint),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /** Beyond what 64 bits hold (9Ei, 1e19) too: a well-formed quantity, too large like any other. */
  @Test
  void aSizeLargerThanAnyNodesIsAnError() throws IOException {
    Path file = nodes("""
        {"items":[{"metadata":{"name":"a","labels":{"p":"x"}},
          "status":{"capacity":{"cpu":"9e18","memory":"9Ei"},"allocatable":{"cpu":"1e19","memory":"1Gi"}}}]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(1, run.code());
    assertEquals("", run.out());
    String hint = AS_KUBECTL_WROTE_IT.stripTrailing();
    assertEquals(List.of(
        file + ":2:31: error: items[0].status.capacity.cpu: node 'a' has cpu '9e18' in status.capacity, more than"
            + " 2147483647 cores, which no node has", hint,
        file + ":2:47: error: items[0].status.capacity.memory: node 'a' has memory '9Ei' in status.capacity, more"
            + " than 9223372036854775807 bytes, which no node has", hint,
        file + ":2:75: error: items[0].status.allocatable.cpu: node 'a' has cpu '1e19' in status.allocatable, more"
            + " than 2147483647 cores, which no node has", hint),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void aPoolOfNodesWithDifferentGpuTypesIsWarnedAbout() throws IOException {
    Path file = nodes("""
        {"items":[
         {"metadata":{"name":"a","labels":{"p":"g","cloud.google.com/gke-accelerator":"nvidia-tesla-t4"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}},
         {"metadata":{"name":"b","labels":{"p":"g","cloud.google.com/gke-accelerator":"nvidia-l4"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}},
         {"metadata":{"name":"c","labels":{"p":"h","nvidia.com/gpu.product":"NVIDIA-A100-SXM4-40GB"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}},
         {"metadata":{"name":"d","labels":{"p":"h"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}},
         {"metadata":{"name":"e","labels":{"p":"s","nvidia.com/gpu.product":"NVIDIA-L4"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}},
         {"metadata":{"name":"f","labels":{"p":"s","nvidia.com/gpu.product":"NVIDIA-L4"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}},
         {"metadata":{"name":"i","labels":{"p":"m","cloud.google.com/gke-accelerator":"nvidia-l4",\
        "nvidia.com/gpu.product":"NVIDIA-L4"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}},
         {"metadata":{"name":"j","labels":{"p":"m","nvidia.com/gpu.product":"NVIDIA-L4"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}},
         {"metadata":{"name":"k","labels":{"p":"u","cloud.google.com/gke-accelerator":"nvidia-l4"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}},
         {"metadata":{"name":"l","labels":{"p":"u","nvidia.com/gpu.product":"NVIDIA-A100-SXM4-40GB"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},"allocatable":{"cpu":"8","memory":"8Gi"}}}
        ]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(true, run.out().contains("    gpu_type: nvidia-tesla-t4\n    gpu_count: 1\n    max_nodes: 2\n"),
        run.out());
    // A node with only NVIDIA's product label, that of the other nodes, is of their type: pool m is not warned of.
    assertEquals(true, run.out().contains("  m:\n" + "    cpu: \"8\"\n    memory: 8Gi\n    allocatable:\n"
        + "      cpu: \"8\"\n      memory: 8Gi\n    gpu_type: nvidia-l4\n    gpu_count: 1\n"), run.out());
    String hint = "  = hint: give the nodes of each GPU type a pool label of their own and name it with --pool-label";
    assertEquals(List.of(
        file + ":4:35: warning: items[1].metadata.labels: the nodes of pool 'g' differ in GPU type"
            + " (cloud.google.com/gke-accelerator: nvidia-l4, nvidia-tesla-t4), so a pod placed on the pool may get"
            + " any of them, though its gpu_type says nvidia-tesla-t4", hint,
        file + ":8:35: warning: items[3].metadata.labels: the nodes of pool 'h' differ in GPU type"
            + " (some nodes have no GPU type label), so a pod placed on the pool may get any of them, though its"
            + " gpu_type says NVIDIA-A100-SXM4-40GB", hint,
        file + ":20:35: warning: items[9].metadata.labels: the nodes of pool 'u' may differ in GPU type"
            + " (cloud.google.com/gke-accelerator: nvidia-l4 on node 'k' and nvidia.com/gpu.product:"
            + " NVIDIA-A100-SXM4-40GB on node 'l', and no node has the labels of both to show they are one type), so a"
            + " pod placed on the pool may get any of them, though its gpu_type says nvidia-l4", hint),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void withoutGkesAcceleratorLabelTheGpuTypeIsNvidiasProductLabel() throws IOException {
    Path file = nodes("""
        {"items":[
         {"metadata":{"name":"a","labels":{"p":"s","nvidia.com/gpu.product":"NVIDIA-L4","nvidia.com/gpu.count":"2"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"2"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}},
         {"metadata":{"name":"b","labels":{"p":"g","cloud.google.com/gke-accelerator":"nvidia-tesla-t4",\
        "nvidia.com/gpu.product":"Tesla-T4"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}}
        ]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("", run.err());
    assertEquals("""
        kind: inventory
        pools:
          g:
            cpu: "8"
            memory: 8Gi
            allocatable:
              cpu: "8"
              memory: 8Gi
            gpu_type: nvidia-tesla-t4
            gpu_count: 1
            max_nodes: 1
            selector:
              p: g
          s:
            cpu: "8"
            memory: 8Gi
            allocatable:
              cpu: "8"
              memory: 8Gi
            gpu_type: NVIDIA-L4
            gpu_count: 2
            max_nodes: 1
            selector:
              p: s
        """, run.out());
  }

  @Test
  void gpusThatNvidiasDevicePluginSharesAreWarnedAboutAndTheirTypeLosesShared() throws IOException {
    Path file = nodes("""
        {"items":[
         {"metadata":{"name":"a","labels":{"p":"t","nvidia.com/gpu.product":"Tesla-T4-SHARED",\
        "nvidia.com/gpu.replicas":"4","nvidia.com/gpu.sharing-strategy":"time-slicing"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"8"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}},
         {"metadata":{"name":"b","labels":{"p":"r","nvidia.com/gpu.product":"NVIDIA-L4",\
        "nvidia.com/gpu.replicas":"2","nvidia.com/gpu.sharing-strategy":"mps"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu.shared":"2"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}},
         {"metadata":{"name":"c","labels":{"p":"x","nvidia.com/gpu.product":"NVIDIA-L4",\
        "nvidia.com/gpu.replicas":"1","nvidia.com/gpu.sharing-strategy":"none"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}}
        ]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(true, run.out().contains("    gpu_type: Tesla-T4\n    gpu_count: 8\n"), run.out());
    assertEquals(true, run.out().contains("    gpu_type: NVIDIA-L4\n    gpu_count: 1\n"), run.out());
    String hint = "  = hint: to place pods on whole GPUs, turn sharing off in the device plugin's config and run"
        + " from-nodes again, or write gpu_count by hand as the node's GPUs";
    assertEquals(List.of(
        file + ":2:35: warning: items[0].metadata.labels: node 'a' has nvidia.com/gpu.replicas 4 and"
            + " nvidia.com/gpu.sharing-strategy time-slicing and nvidia.com/gpu.product Tesla-T4-SHARED, so NVIDIA's"
            + " device plugin shares its GPUs, which stave does not model: the gpu_count 8 of pool 't' counts each"
            + " GPU's replicas, and its gpu_type leaves out the -SHARED that the plugin adds to nvidia.com/gpu.product",
        hint,
        file + ":4:35: warning: items[1].metadata.labels: node 'b' has nvidia.com/gpu.replicas 2 and"
            + " nvidia.com/gpu.sharing-strategy mps and nvidia.com/gpu.shared in status.capacity, so NVIDIA's device"
            + " plugin shares its GPUs, which stave does not model: pool 'r' gets no GPUs", hint),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void aSharedGpuWhoseTypeIsGkesIsNotSaidToLoseShared() throws IOException {
    Path file = nodes("""
        {"items":[
         {"metadata":{"name":"a","labels":{"p":"t","nvidia.com/gpu.product":"Tesla-T4-SHARED",\
        "cloud.google.com/gke-accelerator":"nvidia-tesla-t4"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"8"},\
        "allocatable":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"8"}}}
        ]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(true, run.out().contains("    gpu_type: nvidia-tesla-t4\n    gpu_count: 8\n"), run.out());
    assertEquals(List.of(
        file + ":2:35: warning: items[0].metadata.labels: node 'a' has nvidia.com/gpu.product Tesla-T4-SHARED, so"
            + " NVIDIA's device plugin shares its GPUs, which stave does not model: the gpu_count 8 of pool 't' counts"
            + " each GPU's replicas",
        "  = hint: to place pods on whole GPUs, turn sharing off in the device plugin's config and run"
            + " from-nodes again, or write gpu_count by hand as the node's GPUs"),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void aNodeWhoseGpuCountLabelSaysMoreThanItAdvertisesIsWarnedAbout() throws IOException {
    Path file = nodes("""
        {"items":[
         {"metadata":{"name":"a","labels":{"p":"s","nvidia.com/gpu.product":"NVIDIA-L4","nvidia.com/gpu.count":"2"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi"},"allocatable":{"cpu":"8","memory":"8Gi"}}},
         {"metadata":{"name":"b","labels":{"p":"s","nvidia.com/gpu.product":"NVIDIA-L4","nvidia.com/gpu.count":"1"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"1"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}},
         {"metadata":{"name":"c","labels":{"p":"t","nvidia.com/gpu.count":"4"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi","nvidia.com/gpu":"2"},\
        "allocatable":{"cpu":"8","memory":"8Gi"}}}
        ]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, run.code(), run.err());
    String hint = "  = hint: check the NVIDIA device plugin on the node ('kubectl describe node' shows its"
        + " allocatable), then run from-nodes again; or write gpu_count by hand";
    assertEquals(List.of(
        file + ":2:104: warning: items[0].metadata.labels.nvidia.com/gpu.count: node 'a' has 2 GPUs by its label"
            + " nvidia.com/gpu.count but 0 nvidia.com/gpu in status.capacity, so pool 's' gets no GPUs", hint,
        file + ":5:11: warning: items[1].status: the nodes of pool 's' differ in size (GPUs 0 to 1), so the pool is"
            + " sized from the smallest of each, which every node has",
        "  = hint: to use the larger nodes fully, give them a pool label of their own and name it with --pool-label",
        file + ":6:67: warning: items[2].metadata.labels.nvidia.com/gpu.count: node 'c' has 4 GPUs by its label"
            + " nvidia.com/gpu.count but 2 nvidia.com/gpu in status.capacity, so pool 't' gets 2 GPUs per node",
        hint),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void aGpuCountLabelThatIsNoNumberIsAnErrorAtIt() throws IOException {
    Path file = nodes("""
        {"items":[{"metadata":{"name":"a","labels":{"p":"s","nvidia.com/gpu.count":"two"}},
         "status":{"capacity":{"cpu":"8","memory":"8Gi"},"allocatable":{"cpu":"8","memory":"8Gi"}}}]}
        """);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(1, run.code());
    assertEquals("", run.out());
    assertEquals(List.of(
        file + ":1:76: error: items[0].metadata.labels.nvidia.com/gpu.count: node 'a' has the label"
            + " nvidia.com/gpu.count 'two', which is not a number of GPUs",
        "  = hint: NVIDIA's GPU feature discovery writes the node's GPUs as a whole number from 0, such as 2"),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void aDashReadsTheNodesFromStandardInputAsFromAFile() throws IOException {
    String json = """
        {"items":[{"metadata":{"name":"a","labels":{"p":"x"}},
         "status":{"capacity":{"cpu":"4","memory":"1Gi"},"allocatable":{"cpu":"4","memory":"1Gi"}}}]}
        """;
    Run piped =
        Run.withInput(json.getBytes(StandardCharsets.UTF_8), "inventory", "from-nodes", "--pool-label", "p", "-");
    assertEquals(0, piped.code(), piped.err());
    assertEquals(Run.of("inventory", "from-nodes", "--pool-label", "p", nodes(json).toString()).out(), piped.out());
    assertEquals(true, piped.out().startsWith("kind: inventory\npools:\n  x:\n"), piped.out());

    String taint = "{\"items\":[{\"metadata\":{\"name\":\"a\",\"labels\":{\"p\":\"x\"}},"
        + "\"spec\":{\"taints\":[\"oops\"]}}]}";
    Run bad =
        Run.withInput(taint.getBytes(StandardCharsets.UTF_8), "inventory", "from-nodes", "--pool-label", "p", "-");
    assertEquals(1, bad.code());
    assertEquals(List.of("<stdin>:1:11: error: items[0]: node 'a' has no status",
        "<stdin>:1:73: error: items[0].spec.taints[0]: node 'a' has a string in spec.taints[0], where kubectl"
            + " writes a taint: a map of key, value and effect"), headlines(bad));

    Run empty = Run.withInput(new byte[0], "inventory", "from-nodes", "-");
    assertEquals(1, empty.code());
    assertEquals("<stdin>:1:1: error: standard input is empty\n    | \n    | ^\n"
        + "  = hint: check that the command that wrote it succeeded (its errors go to its standard error)\n",
        empty.err());

    Run large = Run.withInput(new byte[NodesInventory.MAX_BYTES + 1], "inventory", "from-nodes", "-");
    assertEquals(1, large.code());
    assertEquals("<stdin>:1:1: error: standard input holds more than the 67108864 bytes stave reads\n"
        + "  = hint: check that this is the file meant\n", large.err());
  }

  @Test
  void aLargeClustersListIsReadWithoutTheNodesImages() throws IOException {
    // kubectl writes the images each node holds: about 20 KB a node, so a list of some 400 nodes is over
    // the 8 MiB of a config, and its values over the 200,000 of one. Here one node's images do both.
    String node = """
        {"metadata":{"name":"a","labels":{"p":"x"},"annotations":{"k":"v"}},"spec":{"podCIDR":"10.0.0.0/24"},
         "status":{"capacity":{"cpu":"4","memory":"1Gi"},"allocatable":{"cpu":"4","memory":"1Gi"},
         "conditions":[{"type":"Ready","status":"True"}]%s}}""";
    String image = "{\"names\":[\"registry.example/image@sha256:" + "0".repeat(150) + "\"],\"sizeBytes\":1}";
    String images = ",\"images\":[" + String.join(",", java.util.Collections.nCopies(50_000, image)) + "]";
    Path large = temp.resolve("large.json");
    Files.writeString(large, "{\"items\":[" + node.formatted(images) + "]}");
    assertEquals(true, Files.size(large) > ConfigLoader.MAX_FILE_BYTES);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", large.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(Run.of("inventory", "from-nodes", "--pool-label", "p",
        nodes("{\"items\":[" + node.formatted("") + "]}").toString()).out(), run.out());
  }

  /**
   * A list as large as a large cluster's, as kubectl indents it, read in turn and never held as text: its
   * inventory is that of its nodes without their images, and a diagnostic deep in it keeps its line, column
   * and quote, from a file and from standard input alike.
   */
  @Test
  void aLargeListsDiagnosticsNameAndQuoteTheirPlaceFromAFileAndStandardInput() throws IOException {
    String image = "                    {\n                        \"names\": [\n"
        + "                            \"registry.example/trainer@sha256:" + "0".repeat(64) + "\"\n"
        + "                        ],\n                        \"sizeBytes\": 1\n                    }";
    String images = String.join(",\n", java.util.Collections.nCopies(40, image));
    StringBuilder json = new StringBuilder("{\n    \"apiVersion\": \"v1\",\n    \"items\": [\n");
    StringBuilder small = new StringBuilder("{\"items\":[");
    for (int i = 0; i < 2000; i++) {
      String effect = i == 1500 ? "Sometimes" : "NoSchedule";
      json.append(i == 0 ? "" : ",\n").append("""
                  {
                      "metadata": {
                          "labels": {
                              "p": "x%1$d"
                          },
                          "name": "n%2$d"
                      },
                      "spec": {
                          "taints": [
                              {
                                  "effect": "%3$s",
                                  "key": "k"
                              }
                          ]
                      },
                      "status": {
                          "allocatable": {
                              "cpu": "4",
                              "memory": "1Gi"
                          },
                          "capacity": {
                              "cpu": "4",
                              "memory": "1Gi"
                          },
                          "images": [
          %4$s
                          ]
                      }
                  }""".formatted(i % 3, i, effect, images));
      small.append(i == 0 ? "" : ",").append(("{\"metadata\":{\"labels\":{\"p\":\"x%d\"},\"name\":\"n%d\"},"
          + "\"spec\":{\"taints\":[{\"effect\":\"NoSchedule\",\"key\":\"k\"}]},\"status\":{\"allocatable\":"
          + "{\"cpu\":\"4\",\"memory\":\"1Gi\"},\"capacity\":{\"cpu\":\"4\",\"memory\":\"1Gi\"}}}")
          .formatted(i % 3, i));
    }
    json.append("\n    ],\n    \"kind\": \"List\"\n}\n");
    small.append("]}");
    String text = json.toString();
    assertEquals(true, text.length() > ConfigLoader.MAX_FILE_BYTES, "larger than a config may be");
    int at = text.indexOf("\"Sometimes\"");
    int line = (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    String quoted = " ".repeat(24) + "\"effect\": \"Sometimes\",";
    String expected = ":" + line + ":35: error: items[1500].spec.taints[0].effect: node 'n1500' has the taint"
        + " effect 'Sometimes', which Kubernetes does not have\n"
        + "    | " + quoted + "\n"
        + "    | " + " ".repeat(34) + "^\n"
        + "  = hint: write NoSchedule, PreferNoSchedule or NoExecute\n";

    Path file = temp.resolve("large.json");
    Files.writeString(file, text);
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(1, run.code());
    assertEquals(file + expected, run.err());
    Run piped = Run.withInput(text.getBytes(StandardCharsets.UTF_8), "inventory", "from-nodes", "--pool-label", "p",
        "-");
    assertEquals(1, piped.code());
    assertEquals("<stdin>" + expected, piped.err());

    // Without the wrong effect, the inventory is that of the same nodes written without their images.
    Files.writeString(file, text.replace("\"Sometimes\"", "\"NoSchedule\""));
    Run fixed = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, fixed.code(), fixed.err());
    assertEquals(Run.of("inventory", "from-nodes", "--pool-label", "p", nodes(small.toString()).toString()).out(),
        fixed.out());
    assertEquals(true, fixed.out().contains("max_nodes: 667"), fixed.out());
  }

  /**
   * Standard input is copied to a temporary file; where the folder for them takes none (read-only, as in a
   * container with a read-only root), it is held instead, with the same output and errors.
   */
  @Test
  void standardInputIsReadWhereNoTemporaryFileCanBeMade() throws IOException {
    String json = """
        {"items":[{"metadata":{"name":"a","labels":{"p":"x"}},
         "status":{"capacity":{"cpu":"4","memory":"1Gi"},"allocatable":{"cpu":"4","memory":"1Gi"}}}]}
        """;
    byte[] bad = json.replace("\"4\",\"memory\":\"1Gi\"}}}", "\"4\",\"memory\":\"1Gi\"}},"
        + " \"spec\": {\"taints\": [{\"key\": \"k\", \"effect\": \"Sometimes\"}]}}").getBytes(StandardCharsets.UTF_8);
    Path file = temp.resolve("nodes.json");
    Files.writeString(file, json);
    Run expected = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    Files.write(file, bad);
    String error = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString()).err();
    String folder = System.getProperty("java.io.tmpdir");
    System.setProperty("java.io.tmpdir", temp.resolve("missing").toString());
    try {
      Run piped = Run.withInput(json.getBytes(StandardCharsets.UTF_8), "inventory", "from-nodes", "--pool-label",
          "p", "-");
      assertEquals(0, piped.code(), piped.err());
      assertEquals(expected.out(), piped.out());
      Run wrong = Run.withInput(bad, "inventory", "from-nodes", "--pool-label", "p", "-");
      assertEquals(1, wrong.code());
      assertEquals(error.replace(file.toString(), "<stdin>"), wrong.err());
      assertEquals(true, error.contains(":2:"), error);
    } finally {
      System.setProperty("java.io.tmpdir", folder);
    }
  }

  /** A byte that is not UTF-8, a NUL and a U+0085 in a list read in turn are errors where they are, as in a config. */
  @Test
  void aListsCharactersAreCheckedWhereTheyAreAsAConfigs() throws IOException {
    String json = """
        {"items":[{"metadata":{"name":"a","labels":{"p":"x"}},
         "status":{"capacity":{"cpu":"4","memory":"1Gi"},"allocatable":{"cpu":"4","memory":"1Gi"}}}]}
        """;
    byte[] bytes = json.replace("\"a\"", "\"a\u00e9?\"").getBytes(StandardCharsets.UTF_8);
    bytes[json.indexOf("\"a\"") + 4] = (byte) 0xFF;
    Path file = temp.resolve("nodes.json");
    Files.write(file, bytes);
    assertEquals(List.of(file + ":1:34: error: the file is not valid UTF-8: byte 0xFF cannot start or continue"
        + " a character here"), headlines(Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString())));
    assertEquals(List.of("<stdin>:1:34: error: the file is not valid UTF-8: byte 0xFF cannot start or continue"
        + " a character here"), headlines(Run.withInput(bytes, "inventory", "from-nodes", "--pool-label", "p", "-")));
    // A bad byte that starts a line is on that line, after an LF, a CR LF or a CR alone.
    for (String lineBreak : List.of("\n", "\r\n", "\r")) {
      byte[] first = ("{\"items\": [" + lineBreak + "?]}\n").getBytes(StandardCharsets.UTF_8);
      first[first.length - 4] = (byte) 0xFE;
      Files.write(file, first);
      String error = ":2:1: error: the file is not valid UTF-8: byte 0xFE cannot start or continue a character here";
      assertEquals(List.of(file + error), headlines(Run.of("inventory", "from-nodes", file.toString())));
      assertEquals(List.of("<stdin>" + error), headlines(Run.withInput(first, "inventory", "from-nodes", "-")));
    }
    // A list that ends inside a character (two of the three bytes of U+20AC) is said so, as a config is.
    byte[] cut = Arrays.copyOf("{\"items\": []} ".getBytes(StandardCharsets.UTF_8), 16);
    cut[14] = (byte) 0xE2;
    cut[15] = (byte) 0x82;
    Files.write(file, cut);
    String ends = ":1:15: error: the file is not valid UTF-8: it ends inside the character that byte 0xE2 starts";
    assertEquals(List.of(file + ends), headlines(Run.of("inventory", "from-nodes", file.toString())));
    assertEquals(List.of("<stdin>" + ends), headlines(Run.withInput(cut, "inventory", "from-nodes", "-")));

    Run nul = Run.of("inventory", "from-nodes", "--pool-label", "p",
        nodes(json.replace("\"4\",\"memory\":\"1Gi\"}}", "\"4\",\"memory\":\"1Gi\"}} \u0000")).toString());
    assertEquals(List.of(temp.resolve("nodes.json") + ":2:92: error: the file contains a NUL byte"), headlines(nul));

    Run nel = Run.of("inventory", "from-nodes", "--pool-label", "p",
        nodes(json.replace("\"p\":\"x\"", "\"p\":\"x\u0085y\"")).toString());
    assertEquals(1, nel.code());
    assertEquals(temp.resolve("nodes.json") + ":1:51: error: items[0].metadata.labels.p: the value holds the"
        + " character U+0085 (NEL), which YAML 1.1 reads as a line break: it would become a space, or a line break"
        + " in a | block", nel.err().lines().findFirst().orElseThrow());
  }

  /** A node's labels for GPUs that GKE shares, as it writes them. */
  private static String shared(String strategy, String clients) {
    return "\"cloud.google.com/gke-gpu-sharing-strategy\":\"" + strategy
        + "\",\"cloud.google.com/gke-max-shared-clients-per-gpu\":\"" + clients + "\"";
  }

  /** A node of pool {@code pool} with {@code labels} and {@code gpus} nvidia.com/gpu in capacity and allocatable. */
  private static String gpuNode(String name, String pool, String labels, int gpus) {
    return "{\"metadata\":{\"name\":\"" + name + "\",\"labels\":{\"p\":\"" + pool + "\"" + labels + "}},\n"
        + "  \"status\":{\"capacity\":{\"cpu\":\"8\",\"memory\":\"30Gi\",\"nvidia.com/gpu\":\"" + gpus + "\"},"
        + "\"allocatable\":{\"cpu\":\"8\",\"memory\":\"30Gi\",\"nvidia.com/gpu\":\"" + gpus + "\"}}}";
  }

  /**
   * A node whose GPUs GKE shares advertises each as that many nvidia.com/gpu; the pool counts the physical
   * ones with the sharing, so that it reads back as the GPUs the node advertises, one per container.
   */
  @Test
  void nodesWhoseGpusGkeSharesGiveAPoolOfTheirPhysicalGpusShared() throws IOException {
    Path file = nodes("{\"items\":[\n" + gpuNode("a", "gpu", "," + shared("time-sharing", "4"), 8) + ",\n"
        + gpuNode("b", "gpu", "," + shared("time-sharing", "4"), 8) + ",\n"
        + gpuNode("c", "mps", "," + shared("mps", "3"), 7) + ",\n"
        // One GPU of its two left out of allocatable: 7 of 8
        + gpuNode("d", "four", "," + shared("mps", "4"), 8).replace("\"8\"}}}", "\"7\"}}}")
        + "]}\n");
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("""
        kind: inventory
        pools:
          four:
            cpu: "8"
            memory: 30Gi
            allocatable:
              cpu: "8"
              memory: 30Gi
            gpu_count: 1
            gpu_sharing:
              strategy: MPS
              max_shared_clients_per_gpu: 4
            max_nodes: 1
            selector:
              p: four
          gpu:
            cpu: "8"
            memory: 30Gi
            allocatable:
              cpu: "8"
              memory: 30Gi
            gpu_count: 2
            gpu_sharing:
              strategy: TIME_SHARING
              max_shared_clients_per_gpu: 4
            max_nodes: 2
            selector:
              p: gpu
          mps:
            cpu: "8"
            memory: 30Gi
            allocatable:
              cpu: "8"
              memory: 30Gi
            gpu_count: 2
            gpu_sharing:
              strategy: MPS
              max_shared_clients_per_gpu: 3
            max_nodes: 1
            selector:
              p: mps
        """, run.out());
    assertEquals(List.of(file + ":6:34: warning: items[2].metadata.labels: node 'c' has 7 nvidia.com/gpu, not a"
        + " multiple of its 3 clients per GPU, so pool 'mps' gets 2 GPUs per node, each shared by 3",
        file + ":9:131: warning: items[3].status.allocatable.nvidia.com/gpu: node 'd' has 8 nvidia.com/gpu in"
            + " status.capacity but 7 in status.allocatable, so pool 'four' gets 1 GPU per node, each shared by 4"),
        headlines(run));
    Path inventory = temp.resolve("inventory.yaml");
    Files.writeString(inventory, run.out());
    List<Diagnostic> problems = new ArrayList<>();
    Inventory read = Inventories.load(new ConfigLoader(Run.ENV, new Sources()), inventory,
        ProjectFolders.around(inventory), problems);
    assertEquals(List.of(), problems);
    NodePool gpu = read.find("gpu").orElseThrow();
    assertEquals(List.of(8, 1, new NodePool.GpuSharing("TIME_SHARING", 4)),
        List.of(gpu.gpuCount(), gpu.gpusPerContainer(), gpu.gpuSharing()));
    NodePool mps = read.find("mps").orElseThrow();
    assertEquals(List.of(6, 1, new NodePool.GpuSharing("MPS", 3)),
        List.of(mps.gpuCount(), mps.gpusPerContainer(), mps.gpuSharing()));
  }

  /** Nodes of one pool shared in different ways, or sharing labels GKE would not write, are errors at them. */
  @Test
  void sharingLabelsThatDifferOrAreNotGkesAreErrorsAtThem() throws IOException {
    Path file = nodes("{\"items\":[\n" + gpuNode("a", "x", "," + shared("time-sharing", "2"), 2) + ",\n"
        + gpuNode("b", "x", "", 2) + ",\n"
        + gpuNode("c", "y", "," + shared("spatial", "0"), 2) + ",\n"
        + gpuNode("d", "y", ",\"cloud.google.com/gke-max-shared-clients-per-gpu\":\"2\"", 2) + "]}\n");
    Run run = Run.of("inventory", "from-nodes", "--pool-label", "p", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    assertEquals(List.of(
        file + ":4:34: error: items[1].metadata.labels: the nodes of pool 'x' share their GPUs in different ways"
            + " (node 'a': TIME_SHARING, 2 clients per GPU; node 'b': not shared), so no one gpu_count and"
            + " gpu_sharing is true of every node",
        "  = hint: give the nodes of each sharing a pool label of their own and name it with --pool-label",
        file + ":6:87: error: items[2].metadata.labels.cloud.google.com/gke-gpu-sharing-strategy: node 'c' has the"
            + " label cloud.google.com/gke-gpu-sharing-strategy 'spatial', not time-sharing or mps, the strategies"
            + " GKE shares GPUs by",
        AS_KUBECTL_WROTE_IT.stripTrailing(),
        file + ":6:147: error: items[2].metadata.labels.cloud.google.com/gke-max-shared-clients-per-gpu: node 'c'"
            + " has the label cloud.google.com/gke-max-shared-clients-per-gpu '0', which is not a number of clients"
            + " per GPU",
        "  = hint: GKE shares each GPU among a whole number of containers from 1, such as 2",
        file + ":8:34: error: items[3].metadata.labels: node 'd' has the label"
            + " cloud.google.com/gke-max-shared-clients-per-gpu but not cloud.google.com/gke-gpu-sharing-strategy,"
            + " which GKE gives every node whose GPUs it shares",
        AS_KUBECTL_WROTE_IT.stripTrailing()),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }
}

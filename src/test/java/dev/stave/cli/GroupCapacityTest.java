package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process group is one pod: the sum of its processes' requests must fit on one node of its pool. So must
 * a single process's own requests and limits, laid over its schedule's share.
 */
class GroupCapacityTest {
  @TempDir
  Path dir;

  private Path experiment(String schedule) throws IOException {
    Files.writeString(dir.resolve("inv.yaml"), """
        kind: inventory
        pools:
          small: {cpu: 4, memory: 16Gi, max_nodes: 1}
        """);
    Path file = dir.resolve("group.yaml");
    Files.writeString(file, """
        kind: experiment
        name: grpc
        image: busybox:1
        inventory: inv.yaml
        process_groups: {g: {processes: {
          a: {command: [x], schedule: SCHEDULE},
          b: {command: [x], schedule: SCHEDULE}}}}
        """.replace("SCHEDULE", schedule));
    return file;
  }

  @Test
  void aGroupLargerThanANodeIsAnError() throws IOException {
    Path file = experiment("{assign_to: machine, node_pool_name: small}");
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(file + ":6:31: error: process_groups.g.processes.a.schedule: the pod of group 'g' asks for 7.84"
        + " cpu, 27242 MiB (its 2 processes together), more than one node of pool 'small' offers (3.92 cpu, 13621"
        + " MiB with the gke model), so it could never be scheduled\n"
        + "    |   a: {command: [x], schedule: {assign_to: machine, node_pool_name: small}},\n"
        + "    |                               ^\n"
        + "  = hint: lower the processes' requests, choose a pool with larger nodes, or split the group\n",
        run.err());
  }

  @Test
  void aGroupThatFitsCompiles() throws IOException {
    Path file = experiment("{assign_to: node_pool, node_pool_name: small, cpu: 1, memory_m: 1024}");
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
  }

  @Test
  void aProcessWhoseOwnRequestsOutgrowANodeIsAnError() throws IOException {
    Files.writeString(dir.resolve("inv.yaml"), """
        kind: inventory
        pools:
          small: {cpu: 4, memory: 16Gi, max_nodes: 2}
        """);
    Path file = dir.resolve("big.yaml");
    Files.writeString(file, """
        kind: experiment
        name: big
        image: busybox:1
        inventory: inv.yaml
        processes:
          c: {resource_request: {cpu: 20}, schedule: {assign_to: machine, node_pool_name: small}}
          e: {resource_limit: {gpu: 1}, schedule: {assign_to: machine, node_pool_name: small}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(java.util.List.of(
        file + ":6:46: error: processes.c.schedule: process 'c' asks for 20 cpu, 13621 MiB (its own requests and"
            + " limits, and the default resources, over the schedule's share), more than one node of pool 'small'"
            + " offers (3.92 cpu, 13621 MiB with the gke model), so it could never be scheduled",
        file + ":7:43: error: processes.e.schedule: process 'e' asks for 3.92 cpu, 13621 MiB, 1 GPU (its own"
            + " requests and limits, and the default resources, over the schedule's share), more than one node of"
            + " pool 'small' offers (3.92 cpu, 13621 MiB with the gke model, no GPUs), so it could never be"
            + " scheduled"),
        run.err().lines().filter(l -> l.contains(": error: ")).toList());
    assertEquals("", run.out());
  }

  /** A node of one GPU offers "1 GPU", in the singular. */
  @Test
  void aNodeOfOneGpuIsSaidInTheSingular() throws IOException {
    Files.writeString(dir.resolve("inv.yaml"), """
        kind: inventory
        pools:
          one: {cpu: 8, memory: 30Gi, gpu_type: nvidia-tesla-t4, gpu_count: 1, max_nodes: 2}
        """);
    Path file = dir.resolve("two.yaml");
    Files.writeString(file, """
        kind: experiment
        name: two
        image: busybox:1
        inventory: inv.yaml
        processes:
          e: {resource_limit: {gpu: 2}, schedule: {assign_to: machine, node_pool_name: one}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(java.util.List.of(
        file + ":6:43: error: processes.e.schedule: process 'e' asks for 7.91 cpu, 27097 MiB, 2 GPUs (its own"
            + " requests and limits, and the default resources, over the schedule's share), more than one node of"
            + " pool 'one' offers (7.91 cpu, 27097 MiB, 1 GPU with the gke model), so it could never be scheduled"),
        run.err().lines().filter(l -> l.contains(": error: ")).toList());
  }

  /** Quantities hold up to 2^63 - 1 cores; their millicores, or a group's sum of them, do not fit 64 bits. */
  @Test
  void requestsBeyond64BitsOfMillicoresAreTooBigNotWrappedAround() throws IOException {
    Files.writeString(dir.resolve("inv.yaml"), "kind: inventory\npools: {small: {cpu: 4, memory: 16Gi}}\n");
    Path file = dir.resolve("huge.yaml");
    Files.writeString(file, """
        kind: experiment
        name: huge
        image: busybox:1
        inventory: inv.yaml
        process_groups: {g: {processes: {
          a: {resource_request: {cpu: "5e15"}, schedule: {assign_to: node_pool, node_pool_name: small}},
          b: {resource_request: {cpu: "5e15"}}}}}
        processes:
          c: {resource_request: {cpu: "9e18"}, schedule: {assign_to: node_pool, node_pool_name: small}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    assertEquals(java.util.List.of(
        file + ":6:50: error: process_groups.g.processes.a.schedule: the pod of group 'g' asks for 10000000000000000"
            + " cpu, 0 MiB (its 2 processes together), more than one node of pool 'small' offers (3.92 cpu, 13621 MiB"
            + " with the gke model), so it could never be scheduled",
        file + ":9:50: error: processes.c.schedule: process 'c' asks for 9000000000000000000 cpu, 0 MiB (its own"
            + " requests and limits, and the default resources, over the schedule's share), more than one node of"
            + " pool 'small' offers (3.92 cpu, 13621 MiB with the gke model), so it could never be scheduled"),
        run.err().lines().filter(l -> l.contains(": error: ")).toList());
  }

  @Test
  void aScheduleWinsOverDefaultResourcesAndTheirOtherNamesStay() throws IOException {
    Files.writeString(dir.resolve("inv.yaml"), """
        kind: inventory
        pools:
          small: {cpu: 4, memory: 16Gi, max_nodes: 2}
        """);
    Path file = dir.resolve("defaults.yaml");
    Files.writeString(file, """
        kind: experiment
        name: defaults
        image: busybox:1
        inventory: inv.yaml
        resources: "cpu=2 mem=4G tpu=1"
        processes:
          scheduled: {resource_limit: {memory: 14000Mi}, schedule: {assign_to: machine, node_pool_name: small}}
          free: {}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    // The schedule's cpu and memory requests win over the experiment-wide defaults, the process's own
    // memory limit over both; the tpu, which neither sets, stays. The unscheduled process gets the defaults.
    String[] jobs = run.out().split("(?m)^---\n");
    assertEquals(1, java.util.Arrays.stream(jobs).filter(j -> j.contains("name: defaults-scheduled\n")
        && j.contains("""
                    resources:
                      limits:
                        cloud-tpus.google.com/v2: "1"
                        memory: 14000Mi
                      requests:
                        cloud-tpus.google.com/v2: "1"
                        cpu: 3920m
                        memory: 13621Mi
            """)).count(), run.out());
    assertEquals(1, java.util.Arrays.stream(jobs).filter(j -> j.contains("name: defaults-free\n")
        && j.contains("""
                    resources:
                      limits:
                        cloud-tpus.google.com/v2: "1"
                        cpu: "2"
                        memory: 4Gi
                      requests:
                        cloud-tpus.google.com/v2: "1"
                        cpu: "2"
                        memory: 4Gi
            """)).count(), run.out());
  }

  /**
   * The gke model's assign_to = resource picks a pool that fits the whole pod, not only the schedule's own cpu:
   * a group's other process and a process's own resource_request count as the capacity check counts them.
   */
  @Test
  void resourcePicksAPoolThatFitsTheWholePod() throws IOException {
    Files.writeString(dir.resolve("inv.yaml"), """
        kind: inventory
        pools:
          small: {cpu: 4, memory: 16Gi, max_nodes: 3}
          xl: {cpu: 8, memory: 32Gi, max_nodes: 3}
        """);
    Path file = dir.resolve("pod.yaml");
    Files.writeString(file, """
        kind: experiment
        name: pod
        image: busybox:1
        inventory: inv.yaml
        process_groups:
          grp:
            processes:
              a: {schedule: {assign_to: resource, cpu: 3, memory_m: 1000}}
              b: {resource_request: {cpu: 3}}
        processes:
          c: {resource_request: {cpu: 6}, schedule: {assign_to: resource, cpu: 1}}
          d: {schedule: {assign_to: resource, cpu: 1}}
        """);
    Run run = Run.of("plan", file.toString());
    assertEquals(0, run.code(), run.err());
    // c, d, grp/a, grp/b
    assertEquals(java.util.List.of("    pool:         xl", "    pool:         small", "    pool:         xl",
        "    pool:         xl"), run.out().lines().filter(l -> l.startsWith("    pool:")).toList());
  }

  /** When no pool fits the whole pod, though one fits the schedule, the error says what the pod asks for. */
  @Test
  void resourceSaysWhatThePodAsksForWhenNoPoolTakesIt() throws IOException {
    Files.writeString(dir.resolve("inv.yaml"), "kind: inventory\npools: {small: {cpu: 4, memory: 16Gi}}\n");
    Path file = dir.resolve("pod.yaml");
    Files.writeString(file, """
        kind: experiment
        name: pod
        image: busybox:1
        inventory: inv.yaml
        process_groups: {grp: {processes: {
          a: {schedule: {assign_to: resource, cpu: 3, memory_m: 1000}},
          b: {resource_request: {cpu: 3}}}}}
        processes:
          c: {resource_request: {cpu: 6}, resource_limit: {gpu: 1}, schedule: {assign_to: resource, cpu: 1}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(java.util.List.of(
        file + ":6:17: error: process_groups.grp.processes.a.schedule: no node pool of " + dir.resolve("inv.yaml")
            + " takes the pod of group 'grp': it asks for 6 cpu, 1000 MiB (its 2 processes together), more than one"
            + " node of any pool offers",
        file + ":9:71: error: processes.c.schedule: no node pool of " + dir.resolve("inv.yaml") + " takes process"
            + " 'c': it asks for 6 cpu, 0 MiB, 1 GPU (its own requests and the default resources over the"
            + " schedule's), more than one node of any pool offers"),
        run.err().lines().filter(l -> l.contains(": error: ")).toList());
  }

  /**
   * A container that asks for 2 GPUs goes to a pool whose GPUs are not shared, though a shared pool advertises fewer
   * GPUs: GKE gives a container at most 1 shared GPU. With only the shared pool, the error says that.
   */
  @Test
  void resourceKeepsAContainerOfManyGpusOffASharedPool() throws IOException {
    String pools = """
        kind: inventory
        pools:
          shared: {cpu: 8, memory: 32Gi, gpu_type: nvidia-l4, gpu_count: 1, max_nodes: 3,
            gpu_sharing: {strategy: TIME_SHARING, max_shared_clients_per_gpu: 2}}
        """;
    Files.writeString(dir.resolve("inv.yaml"), pools + "  whole: {cpu: 8, memory: 32Gi, gpu_type: nvidia-l4,"
        + " gpu_count: 4, max_nodes: 3}\n");
    Path file = dir.resolve("pod.yaml");
    Files.writeString(file, """
        kind: experiment
        name: pod
        image: busybox:1
        inventory: inv.yaml
        processes:
          c: {resource_limit: {gpu: 2}, schedule: {assign_to: resource, cpu: 1}}
        """);
    Run run = Run.of("plan", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(java.util.List.of("    pool:         whole"),
        run.out().lines().filter(l -> l.startsWith("    pool:")).toList());
    Files.writeString(dir.resolve("inv.yaml"), pools);
    Run shared = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, shared.code(), shared.err());
    assertEquals(java.util.List.of(file + ":6:43: error: processes.c.schedule: process 'c' asks for 2 GPUs (its own"
        + " requests and limits, and the default resources, over the schedule's share) on pool 'shared', whose GPUs"
        + " are shared (TIME_SHARING, 2 clients per GPU), and GKE gives a container at most 1 shared GPU"),
        shared.err().lines().filter(l -> l.contains(": error: ")).toList());
  }

  /** The pools in that error are what their nodes offer after the system's reserve, which the pod is measured by. */
  @Test
  void resourceNamesWhatANodeOffersWhenNoPoolTakesThePod() throws IOException {
    Files.writeString(dir.resolve("inv.yaml"), "kind: inventory\npools: {small: {cpu: 4, memory: 16Gi}}\n");
    Path file = dir.resolve("pod.yaml");
    Files.writeString(file, """
        kind: experiment
        name: pod
        image: busybox:1
        inventory: inv.yaml
        processes:
          c: {resource_request: {cpu: 3.95}, schedule: {assign_to: resource, cpu: 1}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(java.util.List.of(file + ":6:48: error: processes.c.schedule: no node pool of "
        + dir.resolve("inv.yaml") + " takes process 'c': it asks for 3.95 cpu, 0 MiB (its own requests and the"
        + " default resources over the schedule's), more than one node of any pool offers",
        "  = hint: a node offers, with the gke model: small (3.92 cpu, 13621 MiB); lower the requests or add a pool"),
        run.err().lines().filter(l -> l.contains(": error: ") || l.startsWith("  = hint")).toList());
  }

  /** Symphony picked by the schedule's arguments alone, and its model still does: the group lands on 'small'. */
  @Test
  void theSymphonyModelStillPicksByTheScheduleAlone() throws IOException {
    Files.writeString(dir.resolve("inv.yaml"), """
        kind: inventory
        dispatch_model: symphony
        pools:
          small: {cpu: 4, memory: 16Gi, max_nodes: 3, labels: {name: small}}
          xl: {cpu: 8, memory: 32Gi, max_nodes: 3, labels: {name: xl}}
        """);
    Path file = dir.resolve("pod.yaml");
    Files.writeString(file, """
        kind: experiment
        name: pod
        image: busybox:1
        inventory: inv.yaml
        process_groups: {grp: {processes: {
          a: {schedule: {assign_to: resource, cpu: 3, memory_m: 1000}},
          b: {resource_request: {cpu: 3}}}}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(java.util.List.of(file + ":6:17: error: process_groups.grp.processes.a.schedule: the pod of group"
        + " 'grp' asks for 6 cpu, 1000 MiB (its 2 processes together), more than one node of pool 'small' offers"
        + " (3.4 cpu, 16384 MiB with the symphony model), so it could never be scheduled"),
        run.err().lines().filter(l -> l.contains(": error: ")).toList());
  }
}

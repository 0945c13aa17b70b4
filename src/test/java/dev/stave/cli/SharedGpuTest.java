package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pool whose GPUs GKE shares (gpu_sharing_config) advertises each GPU as max_shared_clients_per_gpu GPUs,
 * and gives a container at most one of them.
 */
class SharedGpuTest {
  @TempDir
  Path dir;

  /** An experiment whose processes are {@code processes}, on a pool of one node with 2 T4s, each shared by 4. */
  private Path experiment(String processes) throws IOException {
    Files.writeString(dir.resolve("inv.tf.json"), """
        {"resource": {"google_container_node_pool": {
          "gpu": {"name": "gpu", "autoscaling": {"max_node_count": 1},
                  "node_config": {"machine_type": "n1-standard-8", "guest_accelerator": [
                    {"type": "nvidia-tesla-t4", "count": 2, "gpu_sharing_config":
                      {"gpu_sharing_strategy": "TIME_SHARING", "max_shared_clients_per_gpu": 4}}]}}
        }}}
        """);
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: e
        image: img:1
        inventory: inv.tf.json
        processes:
        """ + processes);
    return file;
  }

  /** The plan of {@code file} places 8 pods on the pool's one node of 2 GPUs shared by 4, one GPU each. */
  private static void assertEightPodsOfOneSharedGpu(Path file) {
    Run run = Run.of("plan", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("", run.err());
    assertTrue(run.out().contains("    requests:     cpu=988m memory=3387Mi nvidia.com/gpu=1\n"
        + "    limits:       nvidia.com/gpu=1\n"), run.out());
    assertTrue(run.out().contains("  gpu: 8 pods on 1 of 1 node; cpu 7.904 of 7.91, memory 27096Mi of 27097Mi,"
        + " gpus 8 of 8\n"), run.out());
  }

  /** Each process of assign_to = gpu gets one shared GPU, so a node takes 8 of them. */
  @Test
  void assignToGpuGivesEachProcessOneSharedGpu() throws IOException {
    Path file = experiment("""
          a:
            replicas: 8
            schedule: {assign_to: gpu, node_pool_name: gpu}
        """);
    assertEightPodsOfOneSharedGpu(file);
  }

  @Test
  void moreThanOneSharedGpuForAContainerIsAnError() throws IOException {
    Path file = experiment("""
          a:
            schedule: {assign_to: machine, node_pool_name: gpu, process_per_machine: 2}
          b:
            schedule: {assign_to: node_pool, node_pool_name: gpu, gpu_count: 2}
          c:
            schedule: {assign_to: resource, gpu_count: 2}
        """);
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    String shared = "', whose GPUs are shared (TIME_SHARING, 4 clients per GPU), and GKE gives a container at most 1"
        + " shared GPU";
    assertEquals(List.of(
        file + ":7:15: error: processes.a.schedule: this schedule gives process 'a' 4 GPUs of pool 'gpu" + shared,
        "  = hint: raise process_per_machine to at least 5, or use assign_to = gpu, which gives each process 1"
            + " shared GPU",
        file + ":9:15: error: processes.b.schedule: this schedule gives process 'b' 2 GPUs of pool 'gpu" + shared,
        "  = hint: ask for gpu_count = 1, or choose a pool whose GPUs are not shared",
        file + ":11:15: error: processes.c.schedule: no node pool of " + dir.resolve("inv.tf.json") + " satisfies"
            + " cpu=None, memory_m=None, gpu_type=None, and gpu_count=2",
        "  = hint: pools: gpu (8 cpu, 30720 MiB, 8x nvidia-tesla-t4, shared, at most 1 per container); lower the"
            + " request or add a pool"),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void aProcessThatAsksForMoreThanOneSharedGpuItselfIsAnError() throws IOException {
    Path file = experiment("""
          a:
            resource_limit: {gpu: 2}
            schedule: {assign_to: gpu, node_pool_name: gpu}
        """);
    assertProcessAAsksForTwoSharedGpus(file, "the process's resource_limit");
  }

  /** GPUs from the experiment's default resources are fixed there, or under the process's own resource_limit. */
  @Test
  void theHintNamesTheDefaultResourcesWhenTheGpusComeFromThem() throws IOException {
    Path file = experiment("""
          a:
            schedule: {assign_to: node_pool, node_pool_name: gpu}
        """);
    Files.writeString(file, Files.readString(file).replace("processes:", "resources: {gpu: 2}\nprocesses:"));
    assertProcessAAsksForTwoSharedGpus(file, "the experiment's or context's default resources (or give the process"
        + " its own resource_limit of gpu: 1)");
  }

  /** Validating {@code file} fails only with process 'a''s 2 shared GPUs, whose hint says to fix {@code from}. */
  private static void assertProcessAAsksForTwoSharedGpus(Path file, String from) {
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(
        file + ":8:15: error: processes.a.schedule: process 'a' asks for 2 GPUs (its own requests and limits, and the"
            + " default resources, over the schedule's share) on pool 'gpu', whose GPUs are shared (TIME_SHARING, 4"
            + " clients per GPU), and GKE gives a container at most 1 shared GPU",
        "  = hint: ask for at most 1 GPU in " + from + ", or choose a pool whose GPUs are not shared"),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /** A kind: inventory pool's gpu_sharing shares its gpu_count physical GPUs as a Terraform pool's does. */
  @Test
  void anInventoryFilesSharedPoolCountsAndLimitsAsATerraformOne() throws IOException {
    Files.writeString(dir.resolve("inv.yaml"), """
        kind: inventory
        pools:
          gpu: {cpu: 8, memory: 30Gi, gpu_type: nvidia-tesla-t4, gpu_count: 2, max_nodes: 1,
                gpu_sharing: {strategy: MPS, max_shared_clients_per_gpu: 4}}
        """);
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: e
        image: img:1
        inventory: inv.yaml
        processes:
          a:
            replicas: 8
            schedule: {assign_to: gpu, node_pool_name: gpu}
        """);
    assertEightPodsOfOneSharedGpu(file);
    Files.writeString(file, Files.readString(file).replace("assign_to: gpu,", "assign_to: node_pool, gpu_count: 2,"));
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(
        file + ":8:15: error: processes.a.schedule: this schedule gives process 'a' 2 GPUs of pool 'gpu', whose GPUs"
            + " are shared (MPS, 4 clients per GPU), and GKE gives a container at most 1 shared GPU",
        "  = hint: ask for gpu_count = 1, or choose a pool whose GPUs are not shared"),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }
}

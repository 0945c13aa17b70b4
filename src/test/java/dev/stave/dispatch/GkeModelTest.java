package dev.stave.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.stave.cli.Run;
import dev.stave.config.ConfigLoader;
import dev.stave.config.Env;
import dev.stave.config.ProjectFolders;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Sources;
import dev.stave.inventory.Inventories;
import dev.stave.inventory.Inventory;
import dev.stave.inventory.MachineTypes;
import dev.stave.inventory.NodePool;
import dev.stave.model.Toleration;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GkeModelTest {
  private final GkeModel model = new GkeModel();

  @TempDir
  Path temp;

  private static NodePool pool(String name, int cpu, long memoryMi, int gpus, boolean preemptible) {
    return new NodePool(name, name, null, BigDecimal.valueOf(cpu), memoryMi, gpus > 0 ? "nvidia-tesla-t4" : null,
        gpus, preemptible, 10, List.of(), null, null, null, new dev.stave.diag.Origin("t", 1, 1));
  }

  @Test
  void allocatableFollowsGkeReservations() {
    // n1-standard-8: 80m + 4 x 2.5m cpu; 1024 + 819.2 + 819.2 + 860.16 MiB + 100 MiB eviction
    assertEquals(7910, model.nodeCpuMillis(pool("a", 8, 30720, 0, false)));
    assertEquals(27097, model.nodeMemoryMi(pool("a", 8, 30720, 0, false)));
    // one core: 6%; 4 GiB: 25% + eviction
    assertEquals(940, model.nodeCpuMillis(pool("a", 1, 4096, 0, false)));
    assertEquals(2972, model.nodeMemoryMi(pool("a", 1, 4096, 0, false)));
    // n1-highmem-64 (416 GiB): 60 cores at 0.25%; 1024 + 819.2 + 819.2 + 6881.28 + 2% of 288 GiB (5898.24)
    assertEquals(64000 - 80 - 150, model.nodeCpuMillis(pool("a", 64, 425984, 0, false)));
    assertEquals(425984 - 15442 - 100, model.nodeMemoryMi(pool("a", 64, 425984, 0, false)));
  }

  @Test
  void machineShareSplitsAllocatable() {
    Share share = model.machineShare(pool("a", 8, 30720, 0, false), 4);
    assertEquals("1.977", share.cpu().toPlainString());
    assertEquals(6774, share.memoryMi());
    assertNull(share.gpus());
    assertEquals(1, model.machineShare(pool("g", 8, 30720, 1, false), 1).gpus());
  }

  @Test
  void resourcePicksTheSmallestFittingPoolAndAvoidsPreemptible() {
    Inventory inventory = new Inventory("t", List.of(pool("big", 32, 122880, 0, false),
        pool("cheap", 8, 30720, 0, true), pool("small", 8, 30720, 0, false), pool("gpu", 8, 30720, 1, false)),
        null, null, false);
    assertEquals("small", model.infer(inventory, new ResourceRequest(BigDecimal.valueOf(2), null, null, null))
        .orElseThrow().name());
    assertEquals("big", model.infer(inventory, new ResourceRequest(BigDecimal.valueOf(8), null, null, null))
        .orElseThrow().name());
    assertEquals("gpu", model.infer(inventory, new ResourceRequest(null, null, "t4", 1)).orElseThrow().name());
  }

  /** A pool that may have no nodes never runs the pod: a larger pool that may have some is picked before it. */
  @Test
  void resourcePicksAPoolWithoutNodesOnlyWhenNoOtherFits() {
    NodePool empty = new NodePool("empty", "empty", null, BigDecimal.valueOf(4), 16384, null, 0, false, 0, List.of(),
        null, null, null, new dev.stave.diag.Origin("t", 1, 1));
    Inventory inventory = new Inventory("t", List.of(pool("big", 32, 122880, 0, false), empty), null, null, false);
    assertEquals("big", model.infer(inventory, new ResourceRequest(BigDecimal.valueOf(2), null, null, null))
        .orElseThrow().name());
    Inventory only = new Inventory("t", List.of(pool("small", 2, 8192, 0, true), empty), null, null, false);
    assertEquals("empty", model.infer(only, new ResourceRequest(BigDecimal.valueOf(3), null, null, null))
        .orElseThrow().name());
  }

  @Test
  void selectorAndTolerations() {
    NodePool gpu = pool("gpu", 8, 30720, 1, false);
    assertEquals(Map.of("cloud.google.com/gke-nodepool", "gpu"), model.selector(gpu));
    assertEquals(List.of(new Toleration("nvidia.com/gpu", "Exists", null, "NoSchedule", null)), model.tolerations(gpu));
  }

  @Test
  void machineTypes() {
    assertEquals(new MachineTypes.Machine(8, 30720), MachineTypes.lookup("n1-standard-8").orElseThrow());
    assertEquals(new MachineTypes.Machine(8, 7372), MachineTypes.lookup("n1-highcpu-8").orElseThrow());
    assertEquals(new MachineTypes.Machine(16, 131072), MachineTypes.lookup("n2-highmem-16").orElseThrow());
    assertEquals(new MachineTypes.Machine(4, 4096), MachineTypes.lookup("e2-highcpu-4").orElseThrow());
    assertEquals(new MachineTypes.Machine(6, 24576), MachineTypes.lookup("custom-6-24576").orElseThrow());
    assertEquals(new MachineTypes.Machine(2, 8192), MachineTypes.lookup("e2-standard-2").orElseThrow());
    assertEquals(new MachineTypes.Machine(1, 3840), MachineTypes.lookup("n1-standard-1").orElseThrow());
    assertEquals(new MachineTypes.Machine(96, 98304), MachineTypes.lookup("n2-highcpu-96").orElseThrow());
    // GCE's largest n2-highmem has 864 GiB, not 8 per vCPU.
    assertEquals(new MachineTypes.Machine(128, 884736), MachineTypes.lookup("n2-highmem-128").orElseThrow());
    // GCE's compute-optimized C2 types: standard only, 4 GiB per vCPU.
    assertEquals(new MachineTypes.Machine(4, 16384), MachineTypes.lookup("c2-standard-4").orElseThrow());
    assertEquals(new MachineTypes.Machine(30, 122880), MachineTypes.lookup("c2-standard-30").orElseThrow());
    assertEquals(new MachineTypes.Machine(60, 245760), MachineTypes.lookup("c2-standard-60").orElseThrow());
    for (String none : List.of("n1-standard-6", "n1-highmem-1", "n2-highcpu-128", "e2-standard-64", "e2-highmem-32",
        "e2-highcpu-1", "n2-standard-0", "n1-standard-08", "n2-highmem-016", "c2-standard-2", "c2-standard-32",
        "c2-highmem-4", "c2-highcpu-8", "c2-standard-08", "e2-medium")) {
      assertEquals(Optional.empty(), MachineTypes.lookup(none), none);
    }
  }

  /**
   * N2D types in the sizes of the Compute Engine API's catalog: the smallest and largest of each family and one in
   * between. A size the catalog does not list stays unknown, and its hint lists the family's sizes.
   */
  @Test
  void n2dMachineTypes() {
    assertEquals(new MachineTypes.Machine(2, 8192), MachineTypes.lookup("n2d-standard-2").orElseThrow());
    assertEquals(new MachineTypes.Machine(48, 196608), MachineTypes.lookup("n2d-standard-48").orElseThrow());
    assertEquals(new MachineTypes.Machine(128, 524288), MachineTypes.lookup("n2d-standard-128").orElseThrow());
    assertEquals(new MachineTypes.Machine(224, 917504), MachineTypes.lookup("n2d-standard-224").orElseThrow());
    assertEquals(new MachineTypes.Machine(2, 16384), MachineTypes.lookup("n2d-highmem-2").orElseThrow());
    assertEquals(new MachineTypes.Machine(32, 262144), MachineTypes.lookup("n2d-highmem-32").orElseThrow());
    assertEquals(new MachineTypes.Machine(96, 786432), MachineTypes.lookup("n2d-highmem-96").orElseThrow());
    assertEquals(new MachineTypes.Machine(2, 2048), MachineTypes.lookup("n2d-highcpu-2").orElseThrow());
    assertEquals(new MachineTypes.Machine(80, 81920), MachineTypes.lookup("n2d-highcpu-80").orElseThrow());
    assertEquals(new MachineTypes.Machine(224, 229376), MachineTypes.lookup("n2d-highcpu-224").orElseThrow());
    for (String none : List.of("n2d-standard-7", "n2d-standard-1", "n2d-standard-256", "n2d-highmem-128",
        "n2d-highmem-224", "n2d-highcpu-1", "n2d-standard-08", "n2d-megamem-96")) {
      assertEquals(Optional.empty(), MachineTypes.lookup(none), none);
    }
    assertEquals("GCE's n2d-standard types have 2, 4, 8, 16, 32, 48, 64, 80, 96, 128, 224 vCPUs; for another size,"
        + " use custom-C-M (M in MiB); or add labels cpu and memory_m", MachineTypes.known("n2d-standard-7"));
    assertEquals("GCE's n2d-highmem types have 2, 4, 8, 16, 32, 48, 64, 80, 96 vCPUs; for another size, use"
        + " custom-C-M (M in MiB); or add labels cpu and memory_m", MachineTypes.known("n2d-highmem-128"));
  }

  /**
   * The a2, a3 and g2 types whose size (the Compute Engine API's, in SkyPilot's catalog) and GPUs (SkyPilot's table
   * of them) are both sourced, with their GPUs; the rest of those series stay unknown.
   */
  @Test
  void acceleratorOptimizedMachineTypesComeWithTheirGpus() {
    assertEquals(new MachineTypes.Machine(12, 87040, 1, "nvidia-tesla-a100"),
        MachineTypes.lookup("a2-highgpu-1g").orElseThrow());
    assertEquals(new MachineTypes.Machine(96, 1392640, 16, "nvidia-tesla-a100"),
        MachineTypes.lookup("a2-megagpu-16g").orElseThrow());
    assertEquals(new MachineTypes.Machine(96, 1392640, 8, "nvidia-a100-80gb"),
        MachineTypes.lookup("a2-ultragpu-8g").orElseThrow());
    assertEquals(new MachineTypes.Machine(26, 239616, 1, "nvidia-h100-80gb"),
        MachineTypes.lookup("a3-highgpu-1g").orElseThrow());
    assertEquals(new MachineTypes.Machine(208, 1916928, 8, "nvidia-h100-80gb"),
        MachineTypes.lookup("a3-highgpu-8g").orElseThrow());
    assertEquals(new MachineTypes.Machine(208, 1916928, 8, "nvidia-h100-mega-80gb"),
        MachineTypes.lookup("a3-megagpu-8g").orElseThrow());
    assertEquals(new MachineTypes.Machine(224, 3022848, 8, "nvidia-h200-141gb"),
        MachineTypes.lookup("a3-ultragpu-8g").orElseThrow());
    assertEquals(new MachineTypes.Machine(224, 4063232, 8, "nvidia-b200"),
        MachineTypes.lookup("a4-highgpu-8g").orElseThrow());
    assertEquals(new MachineTypes.Machine(4, 16384, 1, "nvidia-l4"),
        MachineTypes.lookup("g2-standard-4").orElseThrow());
    assertEquals(new MachineTypes.Machine(32, 131072, 1, "nvidia-l4"),
        MachineTypes.lookup("g2-standard-32").orElseThrow());
    assertEquals(new MachineTypes.Machine(96, 393216, 8, "nvidia-l4"),
        MachineTypes.lookup("g2-standard-96").orElseThrow());
    assertEquals(new MachineTypes.Machine(96, 1392640, 8, "nvidia-a100-80gb"),
        MachineTypes.lookup("a2-ultragpu-8g-nolssd").orElseThrow());
    assertEquals(new MachineTypes.Machine(26, 239616, 1, "nvidia-h100-80gb"),
        MachineTypes.lookup("a3-highgpu-1g-nolssd").orElseThrow());
    assertEquals(new MachineTypes.Machine(208, 1916928, 8, "nvidia-h100-80gb"),
        MachineTypes.lookup("a3-highgpu-8g-nolssd").orElseThrow());
    assertEquals(new MachineTypes.Machine(208, 1916928, 8, "nvidia-h100-80gb"),
        MachineTypes.lookup("a3-edgegpu-8g").orElseThrow());
    assertEquals(new MachineTypes.Machine(208, 1916928, 8, "nvidia-h100-80gb"),
        MachineTypes.lookup("a3-edgegpu-8g-nolssd").orElseThrow());
    assertEquals(new MachineTypes.Machine(208, 1916928, 8, "nvidia-h100-mega-80gb"),
        MachineTypes.lookup("a3-megagpu-8g-nolssd").orElseThrow());
    assertEquals(new MachineTypes.Machine(224, 3022848, 8, "nvidia-h200-141gb"),
        MachineTypes.lookup("a3-ultragpu-8g-nolssd").orElseThrow());
    assertEquals(new MachineTypes.Machine(224, 4063232, 8, "nvidia-b200"),
        MachineTypes.lookup("a4-highgpu-8g-nolssd").orElseThrow());
    assertEquals(new MachineTypes.Machine(140, 905216, 4, "nvidia-gb200"),
        MachineTypes.lookup("a4x-highgpu-4g").orElseThrow());
    assertEquals(new MachineTypes.Machine(140, 905216, 4, "nvidia-gb200"),
        MachineTypes.lookup("a4x-highgpu-4g-nolssd").orElseThrow());
    assertEquals(new MachineTypes.Machine(144, 983040, 4, "nvidia-gb300"),
        MachineTypes.lookup("a4x-maxgpu-4g-metal").orElseThrow());
    assertEquals(new MachineTypes.Machine(48, 184320, 1, "nvidia-rtx-pro-6000"),
        MachineTypes.lookup("g4-standard-48").orElseThrow());
    assertEquals(new MachineTypes.Machine(96, 368640, 2, "nvidia-rtx-pro-6000"),
        MachineTypes.lookup("g4-standard-96").orElseThrow());
    assertEquals(new MachineTypes.Machine(192, 737280, 4, "nvidia-rtx-pro-6000"),
        MachineTypes.lookup("g4-standard-192").orElseThrow());
    assertEquals(new MachineTypes.Machine(384, 1474560, 8, "nvidia-rtx-pro-6000"),
        MachineTypes.lookup("g4-standard-384").orElseThrow());
    // No source gives a4-highgpu-8g-lowmem's size; g4-standard-6 to -24 have a fraction of one GPU.
    for (String none : List.of("a4-highgpu-8g-lowmem", "g4-standard-6", "g4-standard-12", "g4-standard-24",
        "a2-highgpu-3g", "g2-standard-2", "g2-highmem-8", "a3-highgpu-3g-nolssd")) {
      assertEquals(Optional.empty(), MachineTypes.lookup(none), none);
    }
    assertEquals("GCE's g2 types come with their GPUs, nvidia-l4, and stave knows the sizes of g2-standard-4,"
        + " g2-standard-8, g2-standard-12, g2-standard-16, g2-standard-24, g2-standard-32, g2-standard-48,"
        + " g2-standard-96 only: add labels cpu, memory_m, gpu_type and gpu_count (GPUs per node)",
        MachineTypes.known("g2-standard-2"));
  }

  /**
   * A Terraform pool of a GPU machine type stave knows offers pods what GKE leaves of its size, as any pool does,
   * and its GPUs: g2-standard-8 8 vCPUs less 90m (6% of the first core, 1% of the second, 0.5% of the next two,
   * 0.25% of the other four) and 32768 MiB less 25% of 4 GiB, 20% of 4, 10% of 8, 6% of 16 and 100 MiB
   * (29022.56 MiB, rounded down); a2-highgpu-1g 12 vCPUs less 100m and 87040 MiB less 7001.76; a3-ultragpu-8g 224
   * vCPUs less 630m and 3022848 MiB less 67479.2 (6% of 112 GiB and 2% of the 2824 GiB above 128).
   */
  @Test
  void aGpuMachineTypeOffersWhatGkeLeavesOfItAndItsGpus() throws IOException {
    Path tf = temp.resolve("cluster.tf.json");
    Files.writeString(tf, """
        {"resource": {"google_container_node_pool": {
          "l4": {"name": "l4", "node_count": 1, "node_config": {"machine_type": "g2-standard-8"}},
          "a100": {"name": "a100", "node_count": 1, "node_config": {"machine_type": "a2-highgpu-1g"}},
          "h200": {"name": "h200", "node_count": 1, "node_config": {"machine_type": "a3-ultragpu-8g"}}
        }}}
        """);
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = Inventories.load(new ConfigLoader(new Env(Map.of(), "/h"), new Sources()), tf,
        ProjectFolders.around(tf), problems);
    assertEquals(List.of(), problems);
    NodePool l4 = inventory.find("l4").orElseThrow();
    NodePool a100 = inventory.find("a100").orElseThrow();
    NodePool h200 = inventory.find("h200").orElseThrow();
    assertEquals(List.of(7910L, 29022L, 1, "nvidia-l4"),
        List.of(model.nodeCpuMillis(l4), model.nodeMemoryMi(l4), l4.gpuCount(), l4.gpuType()));
    assertEquals(List.of(11900L, 80038L, 1, "nvidia-tesla-a100"),
        List.of(model.nodeCpuMillis(a100), model.nodeMemoryMi(a100), a100.gpuCount(), a100.gpuType()));
    assertEquals(List.of(223370L, 2955368L, 8, "nvidia-h200-141gb"),
        List.of(model.nodeCpuMillis(h200), model.nodeMemoryMi(h200), h200.gpuCount(), h200.gpuType()));
    assertEquals(List.of(new Toleration("nvidia.com/gpu", "Exists", null, "NoSchedule", null)),
        model.tolerations(l4));
  }

  /** Custom types within GCE's rules are sized as written, at each end of each series' ranges. */
  @Test
  void customMachineTypesThatGceAllows() {
    assertEquals(new MachineTypes.Machine(1, 1024), MachineTypes.lookup("custom-1-1024").orElseThrow());
    assertEquals(new MachineTypes.Machine(96, 638976), MachineTypes.lookup("custom-96-638976").orElseThrow());
    assertEquals(new MachineTypes.Machine(2, 13312), MachineTypes.lookup("n1-custom-2-13312").orElseThrow());
    assertEquals(new MachineTypes.Machine(2, 20480), MachineTypes.lookup("custom-2-20480-ext").orElseThrow());
    assertEquals(new MachineTypes.Machine(36, 18432), MachineTypes.lookup("n2-custom-36-18432").orElseThrow());
    assertEquals(new MachineTypes.Machine(128, 1048576), MachineTypes.lookup("n2-custom-128-1048576").orElseThrow());
    assertEquals(new MachineTypes.Machine(4, 40960), MachineTypes.lookup("n2-custom-4-40960-ext").orElseThrow());
    assertEquals(new MachineTypes.Machine(48, 24576), MachineTypes.lookup("n2d-custom-48-24576").orElseThrow());
    assertEquals(new MachineTypes.Machine(32, 262144), MachineTypes.lookup("e2-custom-32-262144").orElseThrow());
    assertEquals(new MachineTypes.Machine(2, 1024), MachineTypes.lookup("e2-custom-2-1024").orElseThrow());
  }

  /** Custom types that break GCE's rules are no machine, each with the rule it breaks. */
  @Test
  void customMachineTypesThatGceRefuses() {
    Map<String, String> refused = new LinkedHashMap<>();
    refused.put("custom-3-3072", "it has 3 vCPUs, and N1 custom types have 1 or an even number up to 96");
    refused.put("custom-98-98304", "it has 98 vCPUs, and N1 custom types have 1 or an even number up to 96");
    refused.put("n2-custom-34-34816",
        "it has 34 vCPUs, and N2 custom types have an even number up to 32, or a multiple of 4 from 36 to 128");
    refused.put("n2d-custom-6-6144", "it has 6 vCPUs, and N2D custom types have 2, 4, 8, 16, 32, 48, 64, 80 or 96");
    refused.put("e2-custom-1-1024", "it has 1 vCPU, and E2 custom types have an even number from 2 to 32");
    refused.put("e2-custom-34-34816", "it has 34 vCPUs, and E2 custom types have an even number from 2 to 32");
    refused.put("custom-4-5000", "its memory, 5000 MiB, is not a multiple of 256 MiB, as GCE sizes custom types");
    refused.put("custom-1-768",
        "its 768 MiB are less than 922 MiB per vCPU, the least N1 custom types have (922 MiB for 1 vCPU)");
    refused.put("custom-2-1792",
        "its 1792 MiB are less than 922 MiB per vCPU, the least N1 custom types have (1844 MiB for 2 vCPUs)");
    refused.put("n2-custom-4-1792",
        "its 1792 MiB are less than 512 MiB per vCPU, the least N2 custom types have (2048 MiB for 4 vCPUs)");
    refused.put("custom-2-13568", "its 13568 MiB are more than 6656 MiB per vCPU, the most N1 custom types have"
        + " (13312 MiB for 2 vCPUs) without extended memory, whose type ends in -ext");
    refused.put("n2d-custom-2-16640", "its 16640 MiB are more than 8192 MiB per vCPU, the most N2D custom types have"
        + " (16384 MiB for 2 vCPUs) without extended memory, whose type ends in -ext");
    refused.put("e2-custom-2-16640",
        "its 16640 MiB are more than 8192 MiB per vCPU, the most E2 custom types have (16384 MiB for 2 vCPUs)");
    refused.put("e2-custom-2-4096-ext", "E2 custom types have no extended memory (-ext)");
    refused.put("custom-02-2048", "'02' begins with 0, which GCE's names never do: write custom-2-2048");
    refused.put("n2-custom-4-04096", "'04096' begins with 0, which GCE's names never do: write n2-custom-4-4096");
    refused.forEach((type, why) -> {
      assertEquals(Optional.of(why), MachineTypes.customProblem(type), type);
      assertEquals(Optional.empty(), MachineTypes.lookup(type), type);
    });
    assertEquals(Optional.empty(), MachineTypes.customProblem("n1-standard-8"));
    assertEquals("GCE's N2 custom types have an even number up to 32, or a multiple of 4 from 36 to 128 vCPUs and a"
        + " multiple of 256 MiB, 512 to 8192 MiB per vCPU (more with -ext); or add labels cpu and memory_m",
        MachineTypes.known("n2-custom-34-34816"));
    assertEquals("GCE's E2 custom types have an even number from 2 to 32 vCPUs and a multiple of 256 MiB, 512 to"
        + " 8192 MiB per vCPU; or add labels cpu and memory_m", MachineTypes.known("e2-custom-1-1024"));
  }

  @Test
  void plainTerraformIsSizedFromMachineTypeAndAccelerators() throws IOException {
    Path tf = temp.resolve("cluster.tf.json");
    Files.writeString(tf, """
        {"resource": {"google_container_node_pool": {"gpus": {
          "name": "ml-gpus",
          "autoscaling": {"min_node_count": 0, "max_node_count": 5},
          "node_config": {"machine_type": "n1-standard-8", "spot": true,
            "guest_accelerator": [{"type": "nvidia-tesla-t4", "count": 2}],
            "taint": [{"key": "team", "value": "ml", "effect": "NO_SCHEDULE"}]}}}}}
        """);
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = Inventories.load(new ConfigLoader(new Env(Map.of(), "/h"), new Sources()), tf,
        ProjectFolders.around(tf), problems);
    assertEquals(List.of(), problems);
    NodePool p = inventory.find("gpus").orElseThrow();
    assertEquals(new BigDecimal(8), p.cpu());
    assertEquals(30720, p.memoryMi());
    assertEquals("nvidia-tesla-t4", p.gpuType());
    assertEquals(2, p.gpuCount());
    assertEquals(5, p.maxNodes());
    assertEquals(true, p.preemptible());
    assertEquals("ml-gpus", p.gkeName());
    assertEquals(List.of(new Toleration("team", "Equal", "ml", "NoSchedule", null),
        new Toleration("nvidia.com/gpu", "Exists", null, "NoSchedule", null)), model.tolerations(p));
  }

  @Test
  void aPoolThatGkesReserveFillsIsRefusedNotGivenZeroRequests() throws IOException {
    Files.writeString(temp.resolve("inv.yaml"), """
        kind: inventory
        pools:
          tiny: {cpu: 0.001, memory: 1Mi, max_nodes: 1}
          small: {cpu: 1, memory: 4Gi, max_nodes: 1}
        """);
    Path file = temp.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: e
        image: img:1
        inventory: inv.yaml
        processes:
          a:
            schedule: {assign_to: machine, node_pool_name: tiny}
          b:
            schedule: {assign_to: machine, node_pool_name: small, process_per_machine: 1000}
          c:
            schedule: {assign_to: machine, node_pool_name: small, process_per_machine: 4}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    assertEquals(file + ":7:52: error: processes.a.schedule.node_pool_name: a node of pool 'tiny' (0.001 cpu, 1 MiB)"
        + " leaves nothing for this process with the gke model (0 cpu, 0 MiB after the system's reserve)\n"
        + "    |     schedule: {assign_to: machine, node_pool_name: tiny}\n"
        + "    |                                                    ^\n"
        + "  = hint: choose a pool with larger nodes, or check the pool's sizes in the inventory\n"
        + file + ":9:52: error: processes.b.schedule.node_pool_name: a node of pool 'small' (1 cpu, 4096 MiB)"
        + " leaves nothing for this process with the gke model (0.94 cpu, 2972 MiB after the system's reserve,"
        + " shared by 1000 processes: 0 cpu, 2 MiB each)\n"
        + "    |     schedule: {assign_to: machine, node_pool_name: small, process_per_machine: 1000}\n"
        + "    |                                                    ^\n"
        + "  = hint: lower process_per_machine, or choose a pool with larger nodes\n", run.err());
  }

  @Test
  void fromNodesOutputReadsBackAsAnInventory() {
    Inventory inventory = SymphonyParityTest.load(Path.of("src/test/resources/inventory/nodes-inventory.yaml"));
    NodePool gpu = inventory.find("gpu-pool").orElseThrow();
    assertEquals(7910, model.nodeCpuMillis(gpu));
    assertEquals(26491, model.nodeMemoryMi(gpu));
    assertEquals(Map.of("cloud.google.com/gke-nodepool", "gpu-pool"), model.selector(gpu));
    assertEquals(1, gpu.gpuCount());
  }
}

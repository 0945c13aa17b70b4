package dev.stave.inventory;

import dev.stave.config.ConfigFile;
import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.diag.Diagnostic;
import dev.stave.model.Quantities;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns {@code kubectl get nodes -o json} into a {@code kind: inventory} file: one pool per value of the
 * pool label, sized from the nodes' {@code status.capacity} and {@code status.allocatable} (the smallest
 * node of a pool, so that what fits one node fits every node). {@code max_nodes} is the number of nodes
 * seen; raise it by hand for a pool that autoscales.
 */
public final class NodesInventory {
  public static final String GKE_POOL_LABEL = "cloud.google.com/gke-nodepool";
  private static final BigDecimal MI = BigDecimal.valueOf(1024L * 1024);

  private NodesInventory() {}

  /** The inventory document (null when the conversion failed) and the problems found. */
  public record Result(Map<String, Object> inventory, List<Diagnostic> diagnostics) {}

  private record NodeSize(String name, BigDecimal cpu, long memoryMi, long allocCpuMillis, long allocMemoryMi, int gpus,
      String gpuType, boolean preemptible, List<Map<String, Object>> taints) {}

  public static Result convert(ConfigFile file, String poolLabel) {
    List<Diagnostic> problems = new ArrayList<>();
    MapNode root = (MapNode) file.root();
    if (!(root.get("items") instanceof ListNode items)) {
      problems.add(Diagnostic.error(root.origin(), "items", "not-node-list",
          "the file is not a list of nodes", "write it with 'kubectl get nodes -o json > nodes.json'"));
      return new Result(null, problems);
    }
    TreeMap<String, List<NodeSize>> pools = new TreeMap<>();
    for (int i = 0; i < items.items().size(); i++) {
      String path = "items[" + i + "]";
      if (!(items.items().get(i) instanceof MapNode node)) {
        continue;
      }
      MapNode metadata = Nodes.map(node, "metadata");
      MapNode labels = Nodes.map(metadata, "labels");
      String name = Nodes.string(metadata, "name");
      String pool = Nodes.string(labels, poolLabel);
      if (pool == null) {
        problems.add(Diagnostic.warning(node.origin(), path + ".metadata.labels", "node-without-pool",
            "node '" + name + "' has no label " + poolLabel + " and is left out",
            "name the pool label with --pool-label"));
        continue;
      }
      MapNode status = Nodes.map(node, "status");
      MapNode capacity = Nodes.map(status, "capacity");
      MapNode allocatable = Nodes.map(status, "allocatable");
      BigDecimal cpu = quantity(capacity, "cpu");
      BigDecimal memory = quantity(capacity, "memory");
      BigDecimal allocCpu = quantity(allocatable, "cpu");
      BigDecimal allocMemory = quantity(allocatable, "memory");
      if (cpu == null || memory == null || allocCpu == null || allocMemory == null) {
        problems.add(Diagnostic.error(status == null ? node.origin() : status.origin(), path + ".status",
            "node-size", "node '" + name + "' has no readable cpu and memory in status.capacity and status.allocatable",
            "write the file with 'kubectl get nodes -o json'"));
        continue;
      }
      BigDecimal gpus = quantity(capacity, "nvidia.com/gpu");
      List<Map<String, Object>> taints = new ArrayList<>();
      for (Node t : Nodes.list(Nodes.map(node, "spec"), "taints")) {
        MapNode tm = (MapNode) t;
        Map<String, Object> taint = new LinkedHashMap<>();
        taint.put("key", Nodes.string(tm, "key"));
        if (Nodes.string(tm, "value") != null) {
          taint.put("value", Nodes.string(tm, "value"));
        }
        taint.put("effect", Nodes.string(tm, "effect"));
        if (taint.get("key") != null && Nodes.effect(String.valueOf(taint.get("effect"))) != null) {
          taints.add(taint);
        }
      }
      pools.computeIfAbsent(pool, k -> new ArrayList<>()).add(new NodeSize(name, cpu,
          memory.divide(MI, 0, RoundingMode.FLOOR).longValueExact(),
          allocCpu.movePointRight(3).setScale(0, RoundingMode.FLOOR).longValueExact(),
          allocMemory.divide(MI, 0, RoundingMode.FLOOR).longValueExact(), gpus == null ? 0 : gpus.intValue(),
          Nodes.string(labels, "cloud.google.com/gke-accelerator"),
          "true".equals(Nodes.string(labels, "cloud.google.com/gke-preemptible"))
              || "true".equals(Nodes.string(labels, "cloud.google.com/gke-spot")), taints));
    }
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("kind", "inventory");
    Map<String, Object> out = new LinkedHashMap<>();
    pools.forEach((pool, nodes) -> out.put(pool, pool(pool, nodes, poolLabel)));
    doc.put("pools", out);
    if (pools.isEmpty() && problems.stream().noneMatch(Diagnostic::isError)) {
      problems.add(Diagnostic.error(root.origin(), "items", "no-pools",
          "no node has the label " + poolLabel, "name the pool label with --pool-label"));
    }
    return new Result(doc, problems);
  }

  private static Map<String, Object> pool(String pool, List<NodeSize> nodes, String poolLabel) {
    NodeSize smallest = nodes.stream().min((a, b) -> a.allocCpuMillis() != b.allocCpuMillis()
        ? Long.compare(a.allocCpuMillis(), b.allocCpuMillis())
        : a.allocMemoryMi() != b.allocMemoryMi() ? Long.compare(a.allocMemoryMi(), b.allocMemoryMi())
        : a.name().compareTo(b.name())).orElseThrow();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("cpu", Quantities.canonical(smallest.cpu().toPlainString()).orElseThrow());
    m.put("memory", Quantities.canonical(smallest.memoryMi() + "Mi").orElseThrow());
    Map<String, Object> alloc = new LinkedHashMap<>();
    alloc.put("cpu", Quantities.canonical(smallest.allocCpuMillis() + "m").orElseThrow());
    alloc.put("memory", Quantities.canonical(smallest.allocMemoryMi() + "Mi").orElseThrow());
    m.put("allocatable", alloc);
    if (smallest.gpus() > 0) {
      if (smallest.gpuType() != null) {
        m.put("gpu_type", smallest.gpuType());
      }
      m.put("gpu_count", smallest.gpus());
    }
    if (smallest.preemptible()) {
      m.put("preemptible", true);
    }
    m.put("max_nodes", nodes.size());
    m.put("selector", Map.of(poolLabel, pool));
    if (!smallest.taints().isEmpty()) {
      m.put("taints", smallest.taints());
    }
    return m;
  }

  private static BigDecimal quantity(MapNode map, String key) {
    var s = Nodes.scalar(map, key);
    return s == null ? null : Quantities.parse(s.text()).map(q -> q.getNumber()).orElse(null);
  }
}

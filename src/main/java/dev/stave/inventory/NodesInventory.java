package dev.stave.inventory;

import dev.stave.config.ConfigFile;
import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.model.Quantities;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;

/**
 * Turns {@code kubectl get nodes -o json} into a {@code kind: inventory} file: one pool per value of the
 * pool label, sized from the nodes' {@code status.capacity} and {@code status.allocatable} (the smallest
 * value of each over a pool's nodes, so that what fits the pool fits every node). {@code max_nodes} is
 * the number of nodes seen; raise it by hand for a pool that autoscales.
 */
public final class NodesInventory {
  public static final String GKE_POOL_LABEL = "cloud.google.com/gke-nodepool";
  private static final BigDecimal MI = BigDecimal.valueOf(1024L * 1024);

  private NodesInventory() {}

  /** The inventory document (null when the conversion failed) and the problems found. */
  public record Result(Map<String, Object> inventory, List<Diagnostic> diagnostics) {}

  private record NodeSize(Origin origin, String path, BigDecimal cpu, long memoryMi, long allocCpuMillis,
      long allocMemoryMi, int gpus, String gpuType, boolean preemptible, List<Map<String, Object>> taints) {}

  /** One size of a node, as the inventory writes it. */
  private record Dimension(String name, ToLongFunction<NodeSize> value, LongFunction<String> quantity) {}

  private static final List<Dimension> DIMENSIONS = List.of(
      new Dimension("cpu", n -> n.cpu().movePointRight(3).setScale(0, RoundingMode.FLOOR).longValueExact(),
          m -> Quantities.canonical(m + "m").orElseThrow()),
      new Dimension("memory", NodeSize::memoryMi, m -> Quantities.canonical(m + "Mi").orElseThrow()),
      new Dimension("allocatable cpu", NodeSize::allocCpuMillis, m -> Quantities.canonical(m + "m").orElseThrow()),
      new Dimension("allocatable memory", NodeSize::allocMemoryMi, m -> Quantities.canonical(m + "Mi").orElseThrow()),
      new Dimension("GPUs", NodeSize::gpus, Long::toString));

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
      pools.computeIfAbsent(pool, k -> new ArrayList<>()).add(new NodeSize(status.origin(), path, cpu,
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
    pools.forEach((pool, nodes) -> out.put(pool, pool(pool, nodes, poolLabel, problems)));
    doc.put("pools", out);
    if (pools.isEmpty() && problems.stream().noneMatch(Diagnostic::isError)) {
      problems.add(Diagnostic.error(root.origin(), "items", "no-pools",
          "no node has the label " + poolLabel, "name the pool label with --pool-label"));
    }
    return new Result(doc, problems.stream().sorted().toList());
  }

  /**
   * The pool's sizes: the smallest of each dimension over its nodes, so that what fits the pool fits
   * every node; its taints: those of every node, so that its pods tolerate each. Nodes of different
   * sizes are warned about, since the larger ones are then not used fully.
   */
  private static Map<String, Object> pool(String pool, List<NodeSize> nodes, String poolLabel,
      List<Diagnostic> problems) {
    BigDecimal cpu = nodes.stream().map(NodeSize::cpu).min(BigDecimal::compareTo).orElseThrow();
    long memoryMi = nodes.stream().mapToLong(NodeSize::memoryMi).min().orElseThrow();
    long allocCpu = nodes.stream().mapToLong(NodeSize::allocCpuMillis).min().orElseThrow();
    long allocMemory = nodes.stream().mapToLong(NodeSize::allocMemoryMi).min().orElseThrow();
    int gpus = nodes.stream().mapToInt(NodeSize::gpus).min().orElseThrow();
    warnOfSizes(pool, nodes, problems);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("cpu", Quantities.canonical(cpu.toPlainString()).orElseThrow());
    m.put("memory", Quantities.canonical(memoryMi + "Mi").orElseThrow());
    Map<String, Object> alloc = new LinkedHashMap<>();
    alloc.put("cpu", Quantities.canonical(allocCpu + "m").orElseThrow());
    alloc.put("memory", Quantities.canonical(allocMemory + "Mi").orElseThrow());
    m.put("allocatable", alloc);
    if (gpus > 0) {
      nodes.stream().map(NodeSize::gpuType).filter(t -> t != null).findFirst().ifPresent(t -> m.put("gpu_type", t));
      m.put("gpu_count", gpus);
    }
    if (nodes.stream().anyMatch(NodeSize::preemptible)) {
      m.put("preemptible", true);
    }
    m.put("max_nodes", nodes.size());
    m.put("selector", Map.of(poolLabel, pool));
    List<Map<String, Object>> taints = new ArrayList<>();
    nodes.forEach(n -> n.taints().stream().filter(t -> !taints.contains(t)).forEach(taints::add));
    if (!taints.isEmpty()) {
      m.put("taints", taints);
    }
    return m;
  }

  /** One warning per pool whose nodes differ in a size, at the first node larger than the pool's size. */
  private static void warnOfSizes(String pool, List<NodeSize> nodes, List<Diagnostic> problems) {
    List<String> differences = new ArrayList<>();
    NodeSize larger = null;
    for (Dimension d : DIMENSIONS) {
      LongSummaryStatistics range = nodes.stream().mapToLong(d.value()).summaryStatistics();
      if (range.getMin() == range.getMax()) {
        continue;
      }
      differences.add(d.name() + " " + d.quantity().apply(range.getMin()) + " to "
          + d.quantity().apply(range.getMax()));
      NodeSize first = nodes.stream().filter(n -> d.value().applyAsLong(n) > range.getMin()).findFirst().orElseThrow();
      larger = larger == null || nodes.indexOf(first) < nodes.indexOf(larger) ? first : larger;
    }
    if (larger != null) {
      problems.add(Diagnostic.warning(larger.origin(), larger.path() + ".status", "pool-sizes-differ",
          "the nodes of pool '" + pool + "' differ in size (" + String.join(", ", differences)
              + "), so the pool is sized from the smallest of each, which every node has",
          "to use the larger nodes fully, give them a pool label of their own and name it with --pool-label"));
    }
  }

  private static BigDecimal quantity(MapNode map, String key) {
    var s = Nodes.scalar(map, key);
    return s == null ? null : Quantities.parse(s.text()).map(q -> q.getNumber()).orElse(null);
  }
}

package dev.stave.inventory;

import dev.stave.config.ConfigFile;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.model.LabelRules;
import dev.stave.model.Names;
import dev.stave.model.Quantities;
import dev.stave.model.SmallMemory;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A hand-written {@code kind: inventory} file (schema {@code inventory.schema.json}) for clusters not
 * made by Cloudwise, including what {@code stave inventory from-nodes} writes.
 */
public final class InventoryFileReader {
  private InventoryFileReader() {}

  /** The inventory, or null with the reasons added to {@code problems}; the schema has accepted the file. */
  public static Inventory read(ConfigFile file, List<Diagnostic> problems) {
    MapNode root = (MapNode) file.root();
    int before = problems.size();
    List<NodePool> pools = new ArrayList<>();
    MapNode poolsNode = Nodes.map(root, "pools");
    poolsNode.entries().forEach((name, node) -> {
      MapNode m = (MapNode) node;
      String path = "pools." + name;
      BigDecimal cpu = cpu(m.get("cpu"), path + ".cpu", problems);
      Long memory = memoryMi(m.get("memory"), path + ".memory", problems);
      Long allocCpu = null;
      Long allocMemory = null;
      MapNode alloc = Nodes.map(m, "allocatable");
      if (alloc != null && alloc.has("cpu")) {
        BigDecimal c = cpu(alloc.get("cpu"), path + ".allocatable.cpu", problems);
        allocCpu = c == null ? null : SizeUnit.CPU.count(c);
      }
      if (alloc != null && alloc.has("memory")) {
        allocMemory = memoryMi(alloc.get("memory"), path + ".allocatable.memory", problems);
      }
      List<Taint> taints = new ArrayList<>();
      for (Node t : Nodes.list(m, "taints")) {
        MapNode tm = (MapNode) t;
        ScalarNode value = Nodes.scalar(tm, "value");
        taints.add(new Taint(Nodes.string(tm, "key"), value == null ? null : value.text(),
            Nodes.effect(Nodes.string(tm, "effect"))));
      }
      TreeMap<String, String> selector = null;
      MapNode sel = Nodes.map(m, "selector");
      if (sel != null) {
        selector = new TreeMap<>();
        for (var e : sel.entries().entrySet()) {
          selector.put(e.getKey(), ((ScalarNode) e.getValue()).text());
        }
      }
      Integer gpus = Nodes.integer(m, "gpu_count");
      String gke = Nodes.string(m, "gke_name");
      boolean selectable = Nodes.labelValue(gke == null ? name : gke, "the node pool name",
          gke == null ? poolsNode.keyOrigin(name) : m.get("gke_name").origin(), gke == null ? path : path + ".gke_name",
          problems);
      for (int i = 0; i < taints.size(); i++) {
        MapNode taintNode = (MapNode) Nodes.list(m, "taints").get(i);
        selectable &= Nodes.taintKey(taints.get(i).key(), taintNode.has("key") ? taintNode.get("key").origin()
            : taintNode.origin(), path + ".taints[" + i + "].key", problems);
        selectable &= Nodes.labelValue(taints.get(i).value(), "the taint value",
            taintNode.has("value") ? taintNode.get("value").origin() : m.origin(),
            path + ".taints[" + i + "].value", problems);
      }
      MapNode labels = Nodes.map(m, "labels");
      String labelName = Nodes.string(labels, "name");
      if (labelName != null) {
        selectable &= Nodes.labelValue(labelName, "the node label name", labels.get("name").origin(),
            path + ".labels.name", problems);
      }
      if (selector != null) {
        for (var e : sel.entries().entrySet()) {
          if (!LabelRules.validKey(e.getKey())) {
            selectable = false;
            problems.add(Diagnostic.error(sel.keyOrigin(e.getKey()), path + ".selector", "inventory-label-key",
                "the selector key '" + Names.printable(e.getKey()) + "' is not a Kubernetes label key, so it cannot"
                    + " select nodes",
                "use a name of at most 63 letters, digits, '-', '_' and '.', with an optional DNS prefix and '/'"
                    + " (such as cloud.google.com/gke-nodepool)"));
          }
          selectable &= Nodes.labelValue(selector.get(e.getKey()), "the selector value", e.getValue().origin(),
              path + ".selector." + e.getKey(), problems);
        }
      }
      int physical = gpus == null ? 0 : gpus;
      NodePool.GpuSharing sharing = sharing(m, name, path, physical, problems);
      if (cpu != null && memory != null && selectable && (sharing != null || !m.has("gpu_sharing"))) {
        // A node advertises each shared GPU as that many nvidia.com/gpu, which the pool counts.
        int advertised = sharing == null ? physical : (int) sharing.advertised(physical);
        pools.add(new NodePool(name, gke == null ? name : gke, labelName, cpu, memory, Nodes.string(m, "gpu_type"),
            advertised, Nodes.bool(m, "preemptible"), Nodes.integer(m, "max_nodes"), taints, selector, allocCpu,
            allocMemory, poolsNode.keyOrigin(name), Map.of(), sharing));
      }
    });
    if (problems.size() > before) {
      return null;
    }
    String model = Nodes.string(root, "dispatch_model");
    Origin modelOrigin = model == null ? null : root.get("dispatch_model").origin();
    return new Inventory(file.file(), pools, model, modelOrigin, "gke".equals(Nodes.string(root, "provider")));
  }

  /**
   * How GKE shares the pool's {@code gpus} physical GPUs ({@code gpu_sharing}, as a Terraform pool's
   * {@code gpu_sharing_config}); null when it does not, or with the reason added to {@code problems}: a pool
   * without GPUs has none to share, and one whose shared GPUs a pool cannot hold would be miscounted.
   */
  private static NodePool.GpuSharing sharing(MapNode pool, String name, String path, int gpus,
      List<Diagnostic> problems) {
    MapNode m = Nodes.map(pool, "gpu_sharing");
    if (m == null) {
      return null;
    }
    NodePool.GpuSharing sharing = new NodePool.GpuSharing(Nodes.string(m, "strategy"),
        Nodes.integer(m, "max_shared_clients_per_gpu"));
    if (gpus == 0) {
      problems.add(Diagnostic.error(pool.keyOrigin("gpu_sharing"), path + ".gpu_sharing", "inventory-gpu",
          "pool '" + Names.printable(name) + "' shares its GPUs, but has none to share ("
              + (pool.has("gpu_count") ? "gpu_count is 0" : "no gpu_count") + ")",
          "add the physical GPUs of a node, such as gpu_count: 1, or leave gpu_sharing out"));
      return null;
    }
    if (sharing.overflows(gpus)) {
      Node clients = m.get("max_shared_clients_per_gpu");
      problems.add(Diagnostic.error(clients.origin(), path + ".gpu_sharing.max_shared_clients_per_gpu",
          "inventory-count", "pool '" + Names.printable(name) + "' has gpu_count " + gpus + ", shared as "
              + sharing.describe() + ", and " + sharing.tooMany(gpus), NodePool.GpuSharing.TOO_MANY_HINT));
      return null;
    }
    return sharing;
  }

  /** Cores, rounded down to whole millicores ({@link SizeUnit}); null when they are none. */
  private static BigDecimal cpu(Node n, String path, List<Diagnostic> problems) {
    ScalarNode s = (ScalarNode) n;
    BigDecimal cores = size(s, path, SizeUnit.CPU, "is not a number of cpus", "write cores, e.g. 8 or 7910m",
        problems);
    return cores == null ? null : SizeUnit.CPU.roundDown(cores);
  }

  /** Memory in whole MiB, rounded down ({@link SizeUnit}); null when it is none. */
  private static Long memoryMi(Node n, String path, List<Diagnostic> problems) {
    ScalarNode s = (ScalarNode) n;
    BigDecimal bytes = size(s, path, SizeUnit.MEMORY, "is not a memory size", Quantities.hint(s.text()), problems);
    return bytes == null ? null : SizeUnit.MEMORY.count(bytes);
  }

  /**
   * A size above 0, of at least one unit and at most the largest ({@link SizeUnit}), or null with the
   * reason added to {@code problems}: a size below one unit would be rounded to nothing, leaving a pool
   * that takes no pod and says nothing.
   */
  private static BigDecimal size(ScalarNode s, String path, SizeUnit unit, String notASize, String notASizeHint,
      List<Diagnostic> problems) {
    // Not parse: a quantity beyond 64 bits is well formed, and too large like any size above the largest.
    var q = Quantities.written(Quantities.text(s));
    if (q.isEmpty() || q.get().getNumber().signum() <= 0) {
      problems.add(Diagnostic.error(s.origin(), path, "quantity", "'" + s.text() + "' " + notASize, notASizeHint));
      return null;
    }
    if (unit.belowOne(q.get().getNumber())) {
      // 512m is 0.512 bytes: the unit mistake the small-memory warning names elsewhere, named here too.
      var misread = unit == SizeUnit.MEMORY ? SmallMemory.milli(s.text(), q.get().getNumber())
          : Optional.<SmallMemory.Misread>empty();
      String is = misread.map(m -> m.amount() + " (" + m.why() + "), ").orElse("");
      problems.add(Diagnostic.error(s.origin(), path, "size-below-unit", "'" + s.text() + "' is " + is
          + unit.belowOneReason() + ", so the pool's nodes would have none",
          misread.map(m -> m.fix() + ": " + unit.rounding()).orElse(unit.writeAtLeastOne())));
      return null;
    }
    if (unit.aboveLargest(q.get().getNumber())) {
      problems.add(Diagnostic.error(s.origin(), path, "size-too-large", "'" + s.text() + "' is "
          + unit.aboveLargestReason(), "write the node's real size"));
      return null;
    }
    return q.get().getNumber();
  }
}

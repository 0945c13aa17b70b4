package dev.stave.inventory;

import dev.stave.config.ConfigFile;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.model.Names;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Node pools from Terraform JSON: the {@code resource.google_container_node_pool} entries that Cloudwise
 * writes, or any other Terraform that declares them. Cloudwise's {@code node_config.labels} ({@code cpu},
 * {@code memory_m}, {@code gpu_type}, {@code gpu_count}, {@code name}) are used when present, as
 * Symphony's GKEDispatcher does; otherwise the machine type and {@code guest_accelerator} say the size.
 */
public final class TerraformInventoryReader {
  private final ConfigFile file;
  /** A pool holds its counts of nodes and GPUs as ints, as a {@code kind: inventory} file's schema bounds them. */
  private static final BigDecimal MAX_COUNT = BigDecimal.valueOf(Integer.MAX_VALUE);
  private static final String TAINT_HINT =
      "write {key, value, effect} with effect NO_SCHEDULE, PREFER_NO_SCHEDULE or NO_EXECUTE";
  private final List<Diagnostic> problems;

  private TerraformInventoryReader(ConfigFile file, List<Diagnostic> problems) {
    this.file = file;
    this.problems = problems;
  }

  /** The inventory, or null with the reasons added to {@code problems}. */
  public static Inventory read(ConfigFile file, List<Diagnostic> problems) {
    return new TerraformInventoryReader(file, problems).inventory();
  }

  private Inventory inventory() {
    MapNode root = (MapNode) file.root();
    MapNode pools = Nodes.map(Nodes.map(root, "resource"), "google_container_node_pool");
    if (pools == null) {
      MapNode resource = Nodes.map(root, "resource");
      // Symphony: KeyError "resource/google_container_node_pool is required in the json".
      problems.add(Diagnostic.error(resource == null ? root.origin() : resource.origin(),
          "resource.google_container_node_pool", "inventory-no-pools",
          "the inventory has no resource.google_container_node_pool",
          "use a Cloudwise .tf.json, Terraform JSON with google_container_node_pool resources, or a 'kind: inventory' file"));
      return null;
    }
    int before = problems.size();
    List<NodePool> out = new ArrayList<>();
    pools.entries().forEach((key, node) -> {
      NodePool pool = node instanceof MapNode m ? pool(key, m, pools.keyOrigin(key)) : null;
      if (pool != null) {
        out.add(pool);
      } else if (!(node instanceof MapNode)) {
        problems.add(Diagnostic.error(node.origin(), path(key, ""), "inventory-pool",
            "node pool '" + key + "' is " + node.describe() + ", not a map", "write the pool as a Terraform resource map"));
      }
    });
    return problems.size() > before ? null : new Inventory(file.file(), out, null, null);
  }

  private static String path(String key, String rest) {
    return "resource.google_container_node_pool." + key + (rest.isEmpty() ? "" : "." + rest);
  }

  private NodePool pool(String key, MapNode pool, Origin origin) {
    int before = problems.size();
    MapNode config = Nodes.map(pool, "node_config");
    MapNode labels = Nodes.map(config, "labels");
    BigDecimal cores = size(labels, "cpu", key, SizeUnit.CPU, BigDecimal.ONE, "cores");
    BigDecimal bytes = size(labels, "memory_m", key, SizeUnit.MEMORY, SizeUnit.MEMORY.unit(), "MiB");
    Integer gpuCount = count(numberLabel(labels, "gpu_count", key), key, "node_config.labels.gpu_count",
        "GPUs per node");
    String gpuType = labelString(labels, "gpu_type", key);
    String labelName = labelString(labels, "name", key);
    if (problems.size() > before) {
      return null;
    }
    BigDecimal cpu = cores == null ? null : SizeUnit.CPU.roundDown(cores);
    Long memoryMi = bytes == null ? null : SizeUnit.MEMORY.count(bytes);
    if (cpu == null || memoryMi == null) {
      String machineType = Nodes.string(config, "machine_type");
      if (machineType == null) {
        problems.add(Diagnostic.error(config == null ? origin : config.origin(), path(key, "node_config"),
            "inventory-size", "node pool '" + key + "' has neither labels cpu and memory_m nor a machine_type",
            "add node_config.machine_type (e.g. n1-standard-8), or Cloudwise's labels cpu and memory_m"));
        return null;
      }
      var machine = MachineTypes.lookup(machineType);
      if (machine.isEmpty()) {
        problems.add(Diagnostic.error(config.get("machine_type").origin(), path(key, "node_config.machine_type"),
            "machine-type", "'" + machineType + "' is not a machine type stave knows",
            "stave knows " + MachineTypes.known() + "; or add labels cpu and memory_m"));
        return null;
      }
      cpu = cpu != null ? cpu : BigDecimal.valueOf(machine.get().cpu());
      memoryMi = memoryMi != null ? memoryMi : machine.get().memoryMi();
    }
    if (gpuCount == null) {
      List<Node> accelerators = Nodes.list(config, "guest_accelerator");
      if (!accelerators.isEmpty() && accelerators.get(0) instanceof MapNode a) {
        gpuCount = count(Nodes.scalar(a, "count"), key, "node_config.guest_accelerator[0].count", "GPUs per node");
        gpuType = gpuType != null ? gpuType : Nodes.string(a, "type");
      }
    }
    List<Taint> taints = new ArrayList<>();
    List<Node> taintNodes = Nodes.list(config, "taint");
    for (int i = 0; i < taintNodes.size(); i++) {
      String field = "node_config.taint[" + i + "]";
      Node n = taintNodes.get(i);
      if (!(n instanceof MapNode m)) {
        // Read past, the pool was left out of the inventory and said nothing.
        problems.add(Diagnostic.error(n.origin(), path(key, field), "inventory-taint",
            field + " of node pool '" + key + "' is " + n.describe() + ", not a taint", TAINT_HINT));
        return null;
      }
      Taint t = taint(m, path(key, field));
      if (t == null) {
        return null;
      }
      taints.add(t);
    }
    MapNode autoscaling = Nodes.map(pool, "autoscaling");
    Integer max = count(Nodes.scalar(autoscaling, "max_node_count"), key, "autoscaling.max_node_count", "nodes");
    if (max == null) {
      max = count(Nodes.scalar(autoscaling, "total_max_node_count"), key, "autoscaling.total_max_node_count",
          "nodes");
    }
    if (max == null && autoscaling == null) {
      max = count(Nodes.scalar(pool, "node_count"), key, "node_count", "nodes");
      max = max != null ? max : count(Nodes.scalar(pool, "initial_node_count"), key, "initial_node_count", "nodes");
    }
    if (problems.size() > before) {
      return null;
    }
    String gkeName = Nodes.string(pool, "name");
    if (gkeName == null || gkeName.contains("${")) {
      gkeName = key;
    }
    if (!Nodes.labelValue(gkeName, "the node pool name", origin, path(key, "name"), problems)) {
      return null;
    }
    return new NodePool(key, gkeName, labelName, cpu, memoryMi, gpuType,
        gpuCount == null ? 0 : gpuCount, Nodes.bool(config, "preemptible") || Nodes.bool(config, "spot"),
        max, taints, null, null, null, origin);
  }

  /**
   * A size label ({@code cpu} in cores, {@code memory_m} in MiB) as {@code unit} measures it, or null when
   * absent or with the reason added to {@code problems}: as in a {@code kind: inventory} file, a size below
   * one unit would be rounded to nothing, a pool that takes no pod.
   */
  private BigDecimal size(MapNode labels, String label, String key, SizeUnit unit, BigDecimal perLabel, String units) {
    ScalarNode s = numberLabel(labels, label, key);
    if (s == null) {
      return null;
    }
    BigDecimal size = number(s).multiply(perLabel);
    String is = "label '" + label + "' of node pool '" + key + "' is " + Names.printable(s.text()) + " " + units + ", ";
    if (unit.belowOne(size)) {
      problems.add(Diagnostic.error(s.origin(), path(key, "node_config.labels." + label), "size-below-unit",
          is + unit.belowOneReason() + ", so the pool's nodes would have none",
          "write the machine's real size in " + units + ": " + unit.rounding()));
      return null;
    }
    if (unit.aboveLargest(size)) {
      problems.add(Diagnostic.error(s.origin(), path(key, "node_config.labels." + label), "size-too-large",
          is + unit.aboveLargestReason(perLabel, units), "write the machine's real size"));
      return null;
    }
    return size;
  }

  /**
   * A label that must be a number, or null when absent or with the reason added to {@code problems}:
   * Symphony reads these labels as numbers; a string such as "8" made its dispatcher fail later with a
   * TypeError.
   */
  private ScalarNode numberLabel(MapNode labels, String label, String key) {
    Node n = labels == null ? null : labels.get(label);
    if (n == null || n instanceof ScalarNode s && s.isNumber()) {
      return (ScalarNode) n;
    }
    String shown = n instanceof ScalarNode s && s.isString() ? "\"" + s.text() + "\" (a string)" : n.describe();
    problems.add(Diagnostic.error(n.origin(), path(key, "node_config.labels." + label), "inventory-label",
        "label '" + label + "' of node pool '" + key + "' is " + shown + ", not a number",
        "write it as a JSON number, e.g. " + label + ": 8, as Cloudwise does"));
    return null;
  }

  /** The number a scalar holds; null when it holds none. */
  private static BigDecimal number(ScalarNode s) {
    if (s.value() instanceof BigInteger i) {
      return new BigDecimal(i);
    }
    return s.value() instanceof BigDecimal d ? d : null;
  }

  /**
   * A count of nodes or GPUs: null when absent or no number (Terraform's own {@code ${...}} are not known
   * here), or with the reason added to {@code problems} when it is no whole number a pool holds. Read as
   * absent, a count too large left the pool unbounded or without its GPUs.
   */
  private Integer count(ScalarNode s, String key, String path, String what) {
    BigDecimal number = s == null ? null : number(s);
    if (number == null) {
      return null;
    }
    if (number.signum() >= 0 && number.compareTo(MAX_COUNT) <= 0 && number.stripTrailingZeros().scale() <= 0) {
      return number.intValueExact();
    }
    problems.add(Diagnostic.error(s.origin(), path(key, path), "inventory-count",
        path + " of node pool '" + key + "' is " + Names.printable(s.text()) + ", not a whole number from 0 to "
            + MAX_COUNT.toPlainString(), "write the number of " + what + ", such as 4"));
    return null;
  }

  private String labelString(MapNode labels, String label, String key) {
    Node n = labels == null ? null : labels.get(label);
    if (n == null) {
      return null;
    }
    if (n instanceof ScalarNode s && s.isString()) {
      return s.text();
    }
    problems.add(Diagnostic.error(n.origin(), path(key, "node_config.labels." + label), "inventory-label",
        "label '" + label + "' of node pool '" + key + "' is " + n.describe() + ", not a string",
        "write it in quotes"));
    return null;
  }

  private Taint taint(MapNode m, String path) {
    String key = Nodes.string(m, "key");
    String effect = Nodes.string(m, "effect");
    String mapped = effect == null ? null : Nodes.effect(effect);
    if (key == null || mapped == null) {
      problems.add(Diagnostic.error(m.origin(), path, "inventory-taint",
          key == null ? "a taint needs a 'key'" : "'" + effect + "' is not a taint effect", TAINT_HINT));
      return null;
    }
    if (!Nodes.taintKey(key, m.get("key").origin(), path + ".key", problems)) {
      return null;
    }
    ScalarNode value = Nodes.scalar(m, "value");
    if (value != null && !Nodes.labelValue(value.text(), "the taint value", value.origin(), path + ".value", problems)) {
      return null;
    }
    return new Taint(key, value == null ? null : value.text(), mapped);
  }
}

package dev.stave.inventory;

import dev.stave.config.ConfigFile;
import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Words;
import dev.stave.model.Names;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

/**
 * Node pools from Terraform JSON: the {@code resource.google_container_node_pool} entries that Cloudwise
 * writes, or any other Terraform that declares them. Cloudwise's {@code node_config.labels} ({@code cpu},
 * {@code memory_m}, {@code gpu_type}, {@code gpu_count}, {@code name}) are used when present, as
 * Symphony's GKEDispatcher does; otherwise the machine type and {@code guest_accelerator} say the size.
 * {@code resource}, {@code google_container_node_pool}, a resource and each nested block ({@code node_config},
 * {@code autoscaling}, {@code guest_accelerator}, {@code taint}) are read in both forms that Terraform JSON
 * takes: an object, or a list of objects.
 * The file is read as written: a value that is Terraform's own expression ({@code ${var.max}}) is an error
 * at it, as any other value stave cannot read is, since whatever stave took in its place would be a guess;
 * a pool's names, and a {@code name} left for Terraform to generate, only where a model selects the pool by
 * them ({@link NodePool#unevaluatedNames}); and a value that stave would only check, not use, is left unchecked
 * with a warning (a guest_accelerator count beside a {@code gpu_count} label or on a machine type whose GPUs
 * stave knows).
 */
public final class TerraformInventoryReader {
  private final ConfigFile file;
  /** A pool holds its counts of nodes and GPUs as ints, as a {@code kind: inventory} file's schema bounds them. */
  private static final BigDecimal MAX_COUNT = BigDecimal.valueOf(Integer.MAX_VALUE);
  private static final String TAINT_HINT =
      "write {key, value, effect} with effect NO_SCHEDULE, PREFER_NO_SCHEDULE or NO_EXECUTE";
  private static final String BLOCK_HINT = "write the block as an object, or as a list of objects";
  /** The start of Terraform's interpolation or directive; Terraform reads a doubled $ or % before it as text. */
  private static final Pattern EXPRESSION = Pattern.compile("(?<!\\$)\\$\\{|(?<!%)%\\{");
  private static final String POOLS = "google_container_node_pool";
  /** A pool's {@code cluster} that refers to a cluster resource of the file, by its name or id. */
  private static final Pattern CLUSTER_REFERENCE =
      Pattern.compile("\\$\\{google_container_cluster\\.([-\\w]+)\\.(?:name|id)\\}");
  /** A GCP region, such as us-central1; a zone adds a letter: us-central1-a. */
  private static final Pattern REGION = Pattern.compile("[a-z]+-[a-z]+[0-9]+");
  /** GKE puts a regional cluster's nodes in three of the region's zones unless node_locations says others. */
  private static final int REGIONAL_ZONES = 3;
  private static final String GPU_TYPE = "nvidia-tesla-t4";
  /** GKE's rule for a node pool's name: a lowercase letter, then lowercase letters, digits and '-'. */
  private static final Pattern GKE_NAME = Pattern.compile("[a-z][-a-z0-9]*");
  private static final Pattern GKE_NAME_PART = Pattern.compile("^[-a-z0-9]*");
  private static final int GKE_NAME_LENGTH = 40;
  private static final String FROM_NODES =
      "; for a cluster that is running, 'stave inventory from-nodes' writes an inventory of it";
  private final List<Diagnostic> problems;
  /**
   * Warnings, added to {@code problems} once the file is read: the reader tells its errors by the growth of
   * {@code problems}, which a warning must not look like.
   */
  private final List<Diagnostic> warnings = new ArrayList<>();
  /** The file's google_container_cluster resources by name ({@link #cluster}); null until a pool asks. */
  private Map<String, MapNode> clusters;

  private TerraformInventoryReader(ConfigFile file, List<Diagnostic> problems) {
    this.file = file;
    this.problems = problems;
  }

  /** The inventory, or null with the reasons added to {@code problems}. */
  public static Inventory read(ConfigFile file, List<Diagnostic> problems) {
    return new TerraformInventoryReader(file, problems).inventory();
  }

  private Inventory inventory() {
    int before = problems.size();
    List<Resource> resources = resources((MapNode) file.root());
    if (resources == null) {
      return null;
    }
    List<NodePool> out = new ArrayList<>();
    // The first pool of count 0 or an empty for_each, at that key: where the error that every pool is so goes.
    String nonePath = null;
    Node none = null;
    for (Resource r : resources) {
      String key = r.key();
      Node node = r.body();
      // A list holds one resource body each; none is no resource, and Terraform refuses two of one name.
      List<Node> bodies = node instanceof ListNode l ? l.items() : List.of(node);
      if (bodies.size() > 1) {
        problems.add(Diagnostic.error(node.origin(), path(key, ""), "inventory-pool",
            "node pool '" + key + "' is a list of " + bodies.size() + " resources, and Terraform allows one of a name",
            "write the pool as one object, and each other pool under a key of its own"));
      } else if (bodies.size() == 1 && bodies.get(0) instanceof MapNode m) {
        Integer instances = instances(m, key);
        NodePool pool = instances == null || instances == 0 ? null : pool(key, m, r.keyOrigin());
        if (pool != null) {
          out.add(pool);
        }
        if (none == null && instances != null && instances == 0) {
          String field = m.get("for_each") != null ? "for_each" : "count";
          nonePath = path(key, field);
          none = m.get(field);
        }
      } else if (bodies.size() == 1) {
        Node body = bodies.get(0);
        problems.add(Diagnostic.error(body.origin(), path(key, node instanceof ListNode ? "[0]" : ""),
            "inventory-pool", "node pool '" + key + "' is " + body.describe() + ", not a map",
            "write the pool as a Terraform resource map, or a list of one"));
      }
    }
    if (out.isEmpty() && none != null && problems.size() == before) {
      // As a file that declares no pool is: every schedule on the inventory would fail.
      problems.add(Diagnostic.error(none.origin(), nonePath, "inventory-no-pools", "every node pool in"
              + " resource." + POOLS + " has count 0 or an empty for_each, so no process can be placed on the"
              + " inventory",
          "give a pool count 1, or leave count out"));
    }
    boolean failed = problems.size() > before;
    problems.addAll(warnings);
    return failed ? null : new Inventory(file.file(), out, null, null, true);
  }

  /**
   * How many pools a resource declares: 1 without {@code count} or {@code for_each}, 0 with a count of 0 or an
   * empty for_each; null with the reason added to {@code problems} for more. Terraform names more pools of one
   * resource by {@code count.index} or {@code each.key}, which stave does not evaluate, and GKE refuses two
   * pools of one name, so none of them has a name that stave could select it by.
   */
  private Integer instances(MapNode m, String key) {
    Node count = m.get("count");
    Node forEach = m.get("for_each");
    String fix = "write each pool under a key of its own, with the name it has in GKE, and without count or for_each";
    if (forEach != null) {
      boolean empty = forEach instanceof MapNode fm && fm.entries().isEmpty()
          || forEach instanceof ListNode fl && fl.items().isEmpty();
      if (!empty) {
        problems.add(Diagnostic.error(forEach.origin(), path(key, "for_each"), "inventory-pool", "node pool '" + key
            + "' has for_each, so Terraform creates a pool for each of its items, named by each.key or each.value,"
            + " which stave does not evaluate", fix));
        return null;
      }
      return 0;
    }
    if (count == null || expression(count, key, "count", "number of pools", "1")) {
      return count == null ? 1 : null;
    }
    Integer n = count(count, key, "count", "node pools");
    if (n != null && n > 1) {
      problems.add(Diagnostic.error(count.origin(), path(key, "count"), "inventory-pool", "node pool '" + key
          + "' has count " + n + ", so Terraform creates " + n + " pools, named by count.index, which stave does"
          + " not evaluate", fix));
      return null;
    }
    return n;
  }

  /** A pool's resource as written: its key, the value under it, and where the key is. */
  private record Resource(String key, Node body, Origin keyOrigin) {}

  /**
   * The google_container_node_pool resources in the order written, with each error in how they are written
   * added to {@code problems}; null, with the reason added, when the file declares none, or declares the
   * type with no resource of it. Terraform JSON writes several blocks of a type, or several objects of one
   * label's level, as a list of objects, so {@code "resource": [{...}, {...}]} and
   * {@code "google_container_node_pool": [{"a": {...}}, {"b": {...}}]} declare the pools of every item.
   */
  private List<Resource> resources(MapNode root) {
    int before = problems.size();
    List<Resource> out = new ArrayList<>();
    Map<String, Origin> first = new HashMap<>();
    Node declared = null;
    for (Block resource : objects(root, "resource", "resource")) {
      declared = declared != null ? declared : Nodes.get(resource.body(), POOLS);
      for (Block pools : objects(resource.body(), POOLS, resource.path() + "." + POOLS)) {
        pools.body().entries().forEach((key, node) -> {
          Origin at = pools.body().keyOrigin(key);
          Origin earlier = first.putIfAbsent(key, at);
          if (earlier == null) {
            out.add(new Resource(key, node, at));
          } else {
            problems.add(Diagnostic.error(at, path(key, ""), "inventory-pool", "node pool '" + key
                + "' is declared twice (first at line " + earlier.line() + "), and Terraform allows one of a name",
                "remove one of them, or give each pool a key of its own"));
          }
        });
      }
    }
    if (!out.isEmpty() || problems.size() > before) {
      return out;
    }
    if (declared != null) {
      // As a kind: inventory file's pools must not be empty: every schedule on the inventory would fail.
      problems.add(Diagnostic.error(declared.origin(), "resource." + POOLS, "inventory-no-pools",
          "resource." + POOLS + " declares no node pool, so no process can be placed on the inventory",
          "declare each pool under its own key, such as \"" + POOLS + "\": {\"cpu-pool\": {...}}; stave does"
              + " not read a cluster's default pool (google_container_cluster)" + FROM_NODES));
      return null;
    }
    Node resource = Nodes.get(root, "resource");
    // Symphony: KeyError "resource/google_container_node_pool is required in the json".
    problems.add(Diagnostic.error(resource == null ? root.origin() : resource.origin(),
        "resource.google_container_node_pool", "inventory-no-pools",
        "the inventory has no resource.google_container_node_pool",
        "use a Cloudwise .tf.json, Terraform JSON with google_container_node_pool resources,"
            + " or a 'kind: inventory' file"));
    return null;
  }

  /**
   * The objects at {@code field} of {@code parent}, at {@code path}, which Terraform JSON writes as an object
   * or as a list of objects; empty when absent. An item of another kind is an error at it.
   */
  private List<Block> objects(MapNode parent, String field, String path) {
    List<Block> out = new ArrayList<>();
    items(Nodes.get(parent, field), path, (item, at) -> {
      if (item instanceof MapNode m) {
        out.add(new Block(m, at));
      } else {
        problems.add(Diagnostic.error(item.origin(), at, "inventory-resource",
            at + " is " + item.describe() + ", not an object", "write it as an object, or as a list of objects"));
      }
    });
    return out;
  }

  /** Each item of a value written as one or as a list, with its path: {@code path}, or {@code path[i]}. */
  private static void items(Node n, String path, BiConsumer<Node, String> action) {
    List<Node> items = n == null ? List.of() : n instanceof ListNode l ? l.items() : List.of(n);
    for (int i = 0; i < items.size(); i++) {
      action.accept(items.get(i), n instanceof ListNode ? path + "[" + i + "]" : path);
    }
  }

  private static String path(String key, String rest) {
    return "resource." + POOLS + "." + key + (rest.isEmpty() || rest.startsWith("[") ? "" : ".") + rest;
  }

  /**
   * The pool, or null with every reason the file gives added to {@code problems}, each at its own value, so
   * that one run shows them all. A value is read only where stave would use it (a machine type only for a
   * size that no label gives), and not past a block or map in error, whose contents are unknown.
   */
  private NodePool pool(String key, MapNode pool, Origin origin) {
    int before = problems.size();
    // A block or map that stave does not read as one, such as an expression, would read as absent: a pool
    // without its labels, GPUs, taints or bound.
    MapNode config = block(pool, "node_config", key);
    MapNode labels = labels(config, key);
    boolean labelsRead = problems.size() == before;
    int beforeAutoscaling = problems.size();
    MapNode autoscaling = block(pool, "autoscaling", key);
    boolean autoscalingAbsent = autoscaling == null && problems.size() == beforeAutoscaling;
    BigDecimal cores = size(labels, "cpu", key, SizeUnit.CPU, BigDecimal.ONE, "cores");
    BigDecimal bytes = size(labels, "memory_m", key, SizeUnit.MEMORY, SizeUnit.MEMORY.unit(), "MiB");
    Integer gpuCount = count(numberLabel(labels, "gpu_count", key), key, "node_config.labels.gpu_count",
        "GPUs per node");
    String gpuType = labelString(labels, "gpu_type", key);
    Map<String, Diagnostic> unevaluated = new TreeMap<>();
    Diagnostic labelExpression = unevaluatedName(labels == null ? null : labels.get("name"), key,
        "node_config.labels.name", "symphony", "node label 'name'", "gke, which selects by the pool's name");
    if (labelExpression != null) {
      unevaluated.put("symphony", labelExpression);
    }
    String labelName = labelExpression != null ? null : labelString(labels, "name", key);
    if (labelName != null) {
      Nodes.labelValue(labelName, "the node label name", labels.get("name").origin(),
          path(key, "node_config.labels.name"), problems);
    }
    BigDecimal cpu = cores == null ? null : SizeUnit.CPU.roundDown(cores);
    Long memoryMi = bytes == null ? null : SizeUnit.MEMORY.count(bytes);
    if (labelsRead && (Nodes.get(labels, "cpu") == null || Nodes.get(labels, "memory_m") == null)) {
      MachineTypes.Machine machine = machine(config, key, origin);
      if (machine != null) {
        cpu = cpu != null ? cpu : BigDecimal.valueOf(machine.cpu());
        memoryMi = memoryMi != null ? memoryMi : machine.memoryMi();
      }
    }
    NodePool.GpuSharing sharing = null;
    // With Cloudwise's gpu_count label, which counts a node's GPUs as guest_accelerator does, the blocks still
    // say how GKE shares them.
    boolean countLabel = Nodes.get(labels, "gpu_count") != null;
    int beforeBlocks = problems.size();
    List<Block> declared = !labelsRead ? List.of()
        : blocks(config, "node_config.guest_accelerator", key, "block", BLOCK_HINT);
    // Terraform's Google provider leaves every block of count 0 out of what it asks GKE for (expandNodeConfig in
    // google/services/container/node_config.go), so on a machine type that comes with GPUs, blocks that all have
    // count 0 make the pool GKE gets without them, whose nodes have the type's GPUs. They are still checked one by
    // one, as Terraform requires their type and count. So too on a type of such a series whose size stave does not
    // know (a4-highgpu-8g-lowmem): its labels must then count the GPUs, as without blocks.
    boolean leftOut = !declared.isEmpty() && comesWithGpus(config) && declared.stream()
        .map(b -> written(Nodes.get(b.body(), "count"))).allMatch(c -> c != null && c.signum() == 0);
    if (leftOut) {
      gpus(config, declared, key, true, true);
    }
    List<Block> accelerators = leftOut ? List.of() : declared;
    if (labelsRead && accelerators.isEmpty() && problems.size() == beforeBlocks) {
      noAccelerator(config, labels, gpuCount, gpuType, key);
    }
    // A machine type that comes with GPUs stave knows gives the pool its GPUs, as GKE does, where neither a
    // gpu_count label nor a guest_accelerator block says them.
    boolean byMachineType = labelsRead && !countLabel && accelerators.isEmpty() && problems.size() == beforeBlocks;
    MachineTypes.Machine withGpus = byMachineType ? withGpus(config) : null;
    if (withGpus != null) {
      gpuCount = withGpus.gpus();
      gpuType = gpuType != null ? gpuType : withGpus.gpuType();
    }
    // On a machine type whose GPUs stave knows, a count written as an expression leaves the blocks unchecked, and
    // the machine type gives the GPUs, as it does beside a gpu_count label. A gpu_type label is checked against
    // the machine type, as without blocks, not against the blocks: the one warning, at the count, says that the
    // blocks are not read.
    MachineTypes.Machine fixed = accelerators.isEmpty() || countLabel ? null : withGpus(config);
    Block countUnread = fixed == null ? null : accelerators.stream()
        .filter(b -> expression(Nodes.get(b.body(), "count")) != null).findFirst().orElse(null);
    if (countUnread != null) {
      typeLabelNamesMachineGpus(labels, gpuType, fixed, Nodes.string(config, "machine_type"), key);
      sharing = gpus(config, accelerators, key, false, false).sharing();
      uncheckedBlocks(countUnread, fixed, Nodes.string(config, "machine_type"), key);
      gpuType = gpuType != null ? gpuType : fixed.gpuType();
      gpuCount = sharing == null ? Integer.valueOf(fixed.gpus()) : sharedByMachineType(fixed, sharing, config, key);
    } else if (!accelerators.isEmpty()) {
      labelsAgree(labels, accelerators, gpuCount, gpuType, key);
      Gpus gpus = gpus(config, accelerators, key, gpuType == null && !countLabel, !countLabel);
      blocksAgreeWithMachineType(config, accelerators, key);
      sharing = gpus.sharing();
      if (!countLabel) {
        gpuCount = gpus.count();
        gpuType = gpuType != null ? gpuType : gpus.type();
      } else if (gpuCount != null && sharing != null) {
        gpuCount = advertised(gpuCount, sharing, labels.get("gpu_count"), key);
      }
    }
    if (labelsRead && cores != null && bytes != null && !countLabel && accelerators.isEmpty() && withGpus == null) {
      uncountedGpus(config, key);
    }
    List<Taint> taints = new ArrayList<>();
    for (Block b : blocks(config, "node_config.taint", key, "taint", TAINT_HINT)) {
      Taint t = taint(b.body(), key, b.path());
      if (t != null) {
        taints.add(t);
      }
    }
    Integer max = count(Nodes.get(autoscaling, "max_node_count"), key, "autoscaling.max_node_count", "nodes");
    boolean perZone = max != null || Nodes.get(autoscaling, "total_max_node_count") == null;
    if (max == null) {
      max = count(Nodes.get(autoscaling, "total_max_node_count"), key, "autoscaling.total_max_node_count", "nodes");
    }
    if (autoscaling != null && Nodes.get(autoscaling, "max_node_count") == null
        && Nodes.get(autoscaling, "total_max_node_count") == null) {
      // Read as no bound, the pool would take any number of pods, even with --strict-capacity; GKE refuses it.
      problems.add(Diagnostic.error(autoscaling.origin(), path(key, "autoscaling.max_node_count"), "inventory-count",
          "autoscaling of node pool '" + key + "' has neither max_node_count nor total_max_node_count, so the"
              + " most nodes it grows to is unknown",
          "add max_node_count, the most nodes per zone, such as \"max_node_count\": 4"));
    }
    limits(autoscaling, key);
    nodeCounts(pool, key);
    if (autoscalingAbsent) {
      max = count(Nodes.get(pool, "node_count"), key, "node_count", "nodes");
      max = max != null ? max : count(Nodes.get(pool, "initial_node_count"), key, "initial_node_count", "nodes");
      // Terraform's Google provider asks GKE for 0 nodes then, and without autoscaling the pool stays empty:
      // read as unbounded, it would pass any number of pods.
      if (Nodes.get(pool, "node_count") == null && Nodes.get(pool, "initial_node_count") == null) {
        max = 0;
      }
    }
    max = perZone && max != null ? inAllZones(pool, max, key) : max;
    // Not ||: a spot flag that is no boolean is an error too.
    int beforeFlags = problems.size();
    boolean preemptible = flag(config, "preemptible", key) | flag(config, "spot", key);
    if (problems.size() == beforeFlags) {
      preemptibleLabel(labels, preemptible, key);
    }
    Node name = Nodes.get(pool, "name");
    Diagnostic unknownName = name == null ? generatedName(pool, key, origin) : unevaluatedName(name, key, "name",
        "gke", "node label cloud.google.com/gke-nodepool", "symphony, which selects by node_config.labels.name");
    String gkeName = null;
    if (unknownName != null) {
      unevaluated.put("gke", unknownName);
    } else if (name instanceof ScalarNode s && s.isString()) {
      gkeName = s.text();
      poolName(s, key);
    } else {
      // Terraform would pass a number on as its decimal text, but GKE takes no pool name that starts with a
      // digit or '-', so no number names a pool.
      String number = name instanceof ScalarNode s && s.isNumber() ? ": Terraform would pass it to GKE as"
          + " text, and GKE takes only a node pool name that starts with a lowercase letter" : "";
      problems.add(Diagnostic.error(name.origin(), path(key, "name"), "inventory-name",
          "name of node pool '" + key + "' is " + shown(name) + ", not a string" + number,
          "write the pool's name in GKE as a string, such as \"" + key + "\""));
    }
    return problems.size() > before ? null : new NodePool(key, gkeName, labelName, cpu, memoryMi, gpuType,
        gpuCount == null ? 0 : gpuCount, preemptible, max, taints, null, null, null, origin, unevaluated, sharing);
  }

  /**
   * The nodes a pool may have in all its zones, {@code perZone} in each of {@code node_locations}; null with
   * the reason added to {@code problems} when stave cannot count the zones. Without the list (or with an empty
   * one), the pool is in its cluster's zones ({@link #clusterZones}). Terraform reads the list as a set, so a
   * zone written twice counts once.
   */
  private Integer inAllZones(MapNode pool, int perZone, String key) {
    Node n = Nodes.get(pool, "node_locations");
    if (n != null && expression(n, key, "node_locations", "list of zones", "[\"us-central1-a\"]")) {
      return null;
    }
    if (n != null && !(n instanceof ListNode)) {
      problems.add(Diagnostic.error(n.origin(), path(key, "node_locations"), "inventory-zones",
          "node_locations of node pool '" + key + "' is " + shown(n) + ", not a list",
          "write the pool's zones as a list, such as [\"us-central1-a\", \"us-central1-b\"]"));
      return null;
    }
    int before = problems.size();
    List<String> zones = new ArrayList<>();
    items(n, "node_locations", (item, at) -> {
      if (item instanceof ScalarNode s && s.isString()) {
        if (!expression(item, key, at, "zone", "\"us-central1-a\"") && !zones.contains(s.text())) {
          zones.add(s.text());
        }
      } else {
        problems.add(Diagnostic.error(item.origin(), path(key, at), "inventory-zones",
            at + " of node pool '" + key + "' is " + shown(item) + ", not a zone", "write the zone in quotes, such as"
                + " \"us-central1-a\""));
      }
    });
    OptionalInt written = zones.isEmpty() ? clusterZones(pool) : OptionalInt.of(zones.size());
    // GKE's default zones are a count stave assumed, which the author may not know of nor want.
    boolean byDefault = written.isEmpty();
    int zoneCount = written.orElse(REGIONAL_ZONES);
    long nodes = (long) perZone * zoneCount;
    if (problems.size() == before && nodes > Integer.MAX_VALUE) {
      problems.add(Diagnostic.error((n != null ? n : pool).origin(), path(key, n != null ? "node_locations" : ""),
          "inventory-count", "node pool '" + key
              + "' may have " + perZone + " nodes in each of its " + zoneCount + " zones, " + nodes
              + " in all, more than " + MAX_COUNT.toPlainString(),
          "write the most nodes per zone, such as \"max_node_count\": 4" + (byDefault ? " (with no node_locations"
              + " on the pool or its cluster, stave counts GKE's default of " + REGIONAL_ZONES + " zones of the"
              + " region; node_locations sets them)" : "")));
    }
    return problems.size() > before ? null : (int) nodes;
  }

  /**
   * How many zones a pool without {@code node_locations} is in: its cluster's. A pool whose {@code location}
   * (else its cluster's) is a region, such as us-central1 rather than the zone us-central1-a, is in a
   * regional cluster, whose pools GKE puts in the cluster's {@code node_locations}, else in three zones of the
   * region. The cluster's are read only when the pool's {@code cluster} refers to a google_container_cluster
   * of this file; a zonal pool, or one whose location the file does not say, is counted in one zone. Empty
   * when the file leaves the zones to GKE's default three, which the caller counts as {@link #REGIONAL_ZONES}.
   */
  private OptionalInt clusterZones(MapNode pool) {
    Node ref = Nodes.get(pool, "cluster");
    var m = ref instanceof ScalarNode s && s.isString() ? CLUSTER_REFERENCE.matcher(s.text()) : null;
    MapNode cluster = m != null && m.matches() ? cluster(m.group(1)) : null;
    String location = Nodes.get(pool, "location") != null ? literal(Nodes.get(pool, "location"))
        : literal(Nodes.get(cluster, "location"));
    if (location == null || !REGION.matcher(location).matches()) {
      return OptionalInt.of(1);
    }
    Node written = Nodes.get(cluster, "node_locations");
    List<String> zones = new ArrayList<>();
    if (written instanceof ListNode l) {
      for (Node zone : l.items()) {
        String z = literal(zone);
        if (z == null) {
          // A zone stave cannot read: three could be too many, so the pool counts as in one zone.
          return OptionalInt.of(1);
        }
        if (!zones.contains(z)) {
          zones.add(z);
        }
      }
    }
    return zones.isEmpty() ? OptionalInt.empty() : OptionalInt.of(zones.size());
  }

  /**
   * The google_container_cluster of this file under {@code key}, the first when several blocks write it; null
   * when there is none. The clusters are gathered once: a search per pool took seconds for a file of
   * thousands of resource blocks.
   */
  private MapNode cluster(String key) {
    if (clusters == null) {
      clusters = new HashMap<>();
      items(Nodes.get((MapNode) file.root(), "resource"), "", (r, at) -> items(r instanceof MapNode rm
          ? Nodes.get(rm, "google_container_cluster") : null, "", (t, in) -> {
            if (t instanceof MapNode tm) {
              tm.entries().forEach((name, c) -> {
                if (c instanceof MapNode cm) {
                  clusters.putIfAbsent(name, cm);
                }
              });
            }
          }));
    }
    return clusters.get(key);
  }

  /** The text of a string that is no Terraform expression; else null. */
  private static String literal(Node n) {
    return n instanceof ScalarNode s && s.isString() && expression(n) == null ? s.text() : null;
  }

  /**
   * Cloudwise writes {@code preemptible} as a label too, from the same answer; GKE makes preemptible or spot
   * nodes by {@code node_config} only, and stave goes by that. A label that says otherwise is a file edited by
   * hand in one place, and an error at it: the nodes would carry a label that says what they are not.
   */
  private void preemptibleLabel(MapNode labels, boolean preemptible, String key) {
    Node n = labels == null ? null : labels.get("preemptible");
    Boolean said = n instanceof ScalarNode s && s.value() instanceof Boolean b ? b
        : n instanceof ScalarNode s && s.isString() && List.of("true", "false").contains(s.text())
            ? Boolean.valueOf(s.text()) : null;
    if (said != null && said != preemptible) {
      problems.add(Diagnostic.error(n.origin(), path(key, "node_config.labels.preemptible"), "inventory-flag",
          "label 'preemptible' of node pool '" + key + "' is "
              + (n instanceof ScalarNode s && s.isString() ? shown(n) : String.valueOf(said)) + ", but node_config."
              + (preemptible ? "preemptible or spot is true" : "preemptible and spot are not true")
              + ", and GKE makes the nodes preemptible by node_config",
          "make the label and node_config.preemptible agree, as Cloudwise writes them"));
    }
  }

  /**
   * Labels {@code gpu_count} and {@code gpu_type} describe the GPUs; the guest_accelerator blocks are what GKE
   * attaches. Where both are written as plain values and disagree, placing pods by the label would count GPUs
   * the nodes do not have, so it is an error, as a {@code preemptible} label that disagrees is. A count or type
   * that is an expression, or blocks of two types (an error of their own), are not compared; nor is the count
   * label when a block's count is missing or no whole number from 0, an error at that count.
   */
  private void labelsAgree(MapNode labels, List<Block> accelerators, Integer labelCount, String labelType,
      String key) {
    BigDecimal attached = BigDecimal.ZERO;
    Set<String> types = new TreeSet<>();
    boolean countsWritten = true;
    // The first expression that leaves each label unchecked, and its path.
    ScalarNode countLeft = null;
    String countAt = null;
    ScalarNode typeLeft = null;
    String typeAt = null;
    for (Block b : accelerators) {
      BigDecimal count = written(Nodes.get(b.body(), "count"));
      ScalarNode countExpression = expression(Nodes.get(b.body(), "count"));
      ScalarNode typeExpression = expression(Nodes.get(b.body(), "type"));
      if (labelCount != null && countLeft == null && countExpression != null) {
        countLeft = countExpression;
        countAt = b.path() + ".count";
      }
      // A block of count 0 attaches nothing, whatever its type; one of a count stave cannot read may attach any.
      ScalarNode leavesType = countExpression != null ? countExpression
          : typeExpression != null && (count == null || count.signum() != 0) ? typeExpression : null;
      if (labelType != null && typeLeft == null && leavesType != null) {
        typeLeft = leavesType;
        typeAt = b.path() + (leavesType == countExpression ? ".count" : ".type");
      }
      // A count that is no whole number from 0 is an error at it (gpus), and the label is compared with none.
      boolean valid = count != null && count.signum() >= 0 && count.compareTo(MAX_COUNT) <= 0
          && count.stripTrailingZeros().scale() <= 0;
      countsWritten &= valid;
      attached = valid ? attached.add(count) : attached;
      if (valid && count.signum() != 0 && b.body().get("type") instanceof ScalarNode t && t.isString()
          && expression(t) == null) {
        types.add(t.text());
      }
    }
    if (labelCount != null && countsWritten && attached.compareTo(BigDecimal.valueOf(labelCount)) != 0) {
      problems.add(Diagnostic.error(labels.get("gpu_count").origin(), path(key, "node_config.labels.gpu_count"),
          "inventory-gpu", "label 'gpu_count' of node pool '" + key + "' is " + labelCount + ", but its"
              + " guest_accelerator blocks attach " + Words.count(attached.stripTrailingZeros().toPlainString(), "GPU")
              + " to a node",
          "make the label and the guest_accelerator count agree, as Cloudwise writes them"));
    }
    if (labelType != null && types.size() == 1 && !types.contains(labelType)) {
      problems.add(Diagnostic.error(labels.get("gpu_type").origin(), path(key, "node_config.labels.gpu_type"),
          "inventory-gpu", "label 'gpu_type' of node pool '" + key + "' is \"" + Names.printable(labelType)
              + "\", but its guest_accelerator attaches \"" + Names.printable(types.iterator().next()) + "\"",
          "make the label and the guest_accelerator type agree, as Cloudwise writes them"));
    }
    if (countLeft != null && countLeft == typeLeft) {
      uncheckedLabels(List.of("gpu_count", "gpu_type"), countLeft, countAt, key);
    } else {
      if (countLeft != null) {
        uncheckedLabels(List.of("gpu_count"), countLeft, countAt, key);
      }
      if (typeLeft != null) {
        uncheckedLabels(List.of("gpu_type"), typeLeft, typeAt, key);
      }
    }
  }

  /**
   * The warning that {@code labels} of pool {@code key} are used as written, unchecked, since what they would be
   * checked against, {@code value} at {@code path}, is a Terraform expression: not an error, as the pool is sized
   * by the labels, but a label that says more GPUs than the nodes have would place pods that never start.
   */
  private void uncheckedLabels(List<String> labels, ScalarNode value, String path, String key) {
    String said = labels.size() == 1 ? "label '" + labels.get(0) + "'" : "labels '" + String.join("' and '", labels)
        + "'";
    warnings.add(Diagnostic.warning(value.origin(), path(key, path), "inventory-label-unchecked",
        notEvaluated(value, key, path) + ", so " + said + " of the pool " + (labels.size() == 1 ? "is" : "are")
            + " used as written, unchecked against what GKE attaches",
        "write the value that it stands for, so that stave can check the " + (labels.size() == 1 ? "label" : "labels")
            + FROM_NODES));
  }

  /**
   * A {@code gpu_count} label above 0 on a pool without {@code guest_accelerator} blocks: GKE attaches a node's
   * GPUs by those blocks, or with an accelerator-optimized machine type (a2, g2, ...), so the nodes of any other
   * type have none, and placing pods by the label would count GPUs they do not have. It is the rule of
   * {@link #labelsAgree} with no blocks, which attach 0 GPUs: a label of 0 agrees, and a {@code gpu_type} label
   * alone, as beside blocks that attach none, is not compared. A machine type that is an expression may be one
   * that comes with GPUs, so it is not compared either. On a machine type whose GPUs stave knows (g2-standard-48),
   * the label must count them, and a {@code gpu_type} label must name them as written, as beside a block, since
   * GKE gives each node those GPUs whatever the labels say: read as written, a2-highgpu-2g labelled
   * nvidia-tesla-t4 would take T4 work and none of its A100s'.
   */
  private void noAccelerator(MapNode config, MapNode labels, Integer labelCount, String labelType, String key) {
    MachineTypes.Machine withGpus = withGpus(config);
    if (withGpus != null) {
      String machineType = Nodes.string(config, "machine_type");
      if (labelCount != null && labelCount != withGpus.gpus()) {
        problems.add(Diagnostic.error(labels.get("gpu_count").origin(), path(key, "node_config.labels.gpu_count"),
            "inventory-gpu", "label 'gpu_count' of node pool '" + key + "' is " + labelCount + ", but "
                + gkeGives(machineType, withGpus),
            "make the label " + withGpus.gpus() + ", or remove it: stave counts the GPUs of " + machineType));
      }
      typeLabelNamesMachineGpus(labels, labelType, withGpus, machineType, key);
      return;
    }
    Node machineType = Nodes.get(config, "machine_type");
    ScalarNode typeExpression = expression(machineType);
    if (labelCount != null && labelCount != 0 && typeExpression != null) {
      uncheckedLabels(List.of("gpu_count"), typeExpression, "node_config.machine_type", key);
    }
    if (labelCount == null || labelCount == 0 || machineType != null && !(machineType instanceof ScalarNode t
        && t.isString() && expression(t) == null && MachineTypes.gpus(t.text()).isEmpty())) {
      return;
    }
    String type = labelType != null ? labelType : "nvidia-tesla-t4";
    problems.add(Diagnostic.error(labels.get("gpu_count").origin(), path(key, "node_config.labels.gpu_count"),
        "inventory-gpu", "label 'gpu_count' of node pool '" + key + "' is " + labelCount + ", but the pool has no"
            + " guest_accelerator block, so GKE attaches no GPUs to its nodes",
        "add the GPUs that the label counts, as Cloudwise writes them: \"guest_accelerator\": [{\"type\": \""
            + Names.printable(type) + "\", \"count\": " + labelCount + "}]"));
  }

  /**
   * A {@code gpu_type} label on machine type {@code machineType}, whose GPUs stave knows, must name them as written,
   * since GKE gives each node those GPUs whatever the labels and guest_accelerator blocks say.
   */
  private void typeLabelNamesMachineGpus(MapNode labels, String labelType, MachineTypes.Machine withGpus,
      String machineType, String key) {
    if (labelType != null && !labelType.equals(withGpus.gpuType())) {
      problems.add(Diagnostic.error(labels.get("gpu_type").origin(), path(key, "node_config.labels.gpu_type"),
          "inventory-gpu", "label 'gpu_type' of node pool '" + key + "' is \"" + Names.printable(labelType)
              + "\", but " + gkeGives(machineType, withGpus),
          "make the label \"" + withGpus.gpuType() + "\", as GKE names them, or remove it: stave names the GPUs"
              + " of " + machineType));
    }
  }

  /**
   * GKE refuses an autoscaling block with limits per zone ({@code min_node_count}, {@code max_node_count}) and
   * limits for the whole pool ({@code total_min_node_count}, {@code total_max_node_count}) together; reading
   * either would be a guess at a pool that Terraform cannot create.
   */
  private void limits(MapNode autoscaling, String key) {
    String perZone = Nodes.get(autoscaling, "max_node_count") != null ? "max_node_count"
        : Nodes.get(autoscaling, "min_node_count") != null ? "min_node_count" : null;
    String total = Nodes.get(autoscaling, "total_max_node_count") != null ? "total_max_node_count"
        : Nodes.get(autoscaling, "total_min_node_count") != null ? "total_min_node_count" : null;
    if (perZone != null && total != null) {
      problems.add(Diagnostic.error(autoscaling.origin(), path(key, "autoscaling"), "inventory-count",
          "autoscaling of node pool '" + key + "' has both " + perZone + " and " + total + ", and GKE takes limits"
              + " per zone (min_node_count, max_node_count) or for the whole pool (total_min_node_count,"
              + " total_max_node_count), not both",
          "keep max_node_count, the most nodes per zone, or total_max_node_count, the most in all the pool's zones"));
    }
  }

  /**
   * Terraform's Google provider refuses a pool with a {@code node_count} and a non-zero
   * {@code initial_node_count} ("Cannot set both initial_node_count and node_count"); a count of 0 it reads as
   * unset. Reading either would be a guess at a pool that Terraform cannot create.
   */
  private void nodeCounts(MapNode pool, String key) {
    BigDecimal nodeCount = written(Nodes.get(pool, "node_count"));
    BigDecimal initial = written(Nodes.get(pool, "initial_node_count"));
    if (nodeCount != null && nodeCount.signum() != 0 && initial != null && initial.signum() != 0) {
      problems.add(Diagnostic.error(pool.origin(), path(key, ""), "inventory-count",
          "node pool '" + key + "' has both node_count " + nodeCount.toPlainString() + " and initial_node_count "
              + initial.toPlainString() + ", and Terraform's Google provider refuses a pool with both",
          "keep node_count, the nodes per zone, and remove initial_node_count"));
    }
  }

  /**
   * Says whether a pool's name is not one GKE takes, and which part of GKE's rule it breaks: Terraform could
   * not create the pool, so no node would carry the name. GKE's rule is narrower than a label value's.
   */
  private void poolName(ScalarNode s, String key) {
    String name = s.text();
    String why = name.isEmpty() ? "it is empty"
        : name.charAt(0) < 'a' || name.charAt(0) > 'z' ? "it starts with '" + first(name) + "', not a lowercase letter"
        : !GKE_NAME.matcher(name).matches() ? "it holds '" + first(GKE_NAME_PART.matcher(name).replaceFirst("")) + "'"
        : name.endsWith("-") ? "it ends with '-'"
        : name.length() > GKE_NAME_LENGTH ? "it has " + name.length() + " characters, more than " + GKE_NAME_LENGTH
        : null;
    if (why != null) {
      problems.add(Diagnostic.error(s.origin(), path(key, "name"), "inventory-pool-name", "the node pool name '"
              + Names.printable(name) + "' is not one GKE takes: " + why,
          "use at most " + GKE_NAME_LENGTH + " lowercase letters, digits and '-', starting with a lowercase letter"
              + " and ending with a letter or digit, such as \"gpu-pool\""));
    }
  }

  /** The first character of {@code text}, as a message shows it. */
  private static String first(String text) {
    return Names.printable(text.substring(0, text.offsetByCodePoints(0, 1)));
  }

  /**
   * The size of {@code node_config.machine_type}; null when there is none, it is no string or stave does not
   * know it, with the reason added to {@code problems}.
   */
  private MachineTypes.Machine machine(MapNode config, String key, Origin origin) {
    if (expression(Nodes.get(config, "machine_type"), key, "node_config.machine_type", "machine type",
        "n1-standard-8")) {
      return null;
    }
    Node written = Nodes.get(config, "machine_type");
    if (written != null && !(written instanceof ScalarNode s && s.isString())) {
      problems.add(Diagnostic.error(written.origin(), path(key, "node_config.machine_type"), "machine-type",
          "node_config.machine_type of node pool '" + key + "' is " + shown(written) + ", not a string",
          "write the machine type in quotes, such as \"n1-standard-8\""));
      return null;
    }
    String machineType = Nodes.string(config, "machine_type");
    if (machineType == null) {
      problems.add(Diagnostic.error(config == null ? origin : config.origin(), path(key, "node_config"),
          "inventory-size", "node pool '" + key + "' has neither labels cpu and memory_m nor a machine_type",
          "add node_config.machine_type (e.g. n1-standard-8), or Cloudwise's labels cpu and memory_m"));
      return null;
    }
    var machine = MachineTypes.lookup(machineType);
    Optional<String> custom = MachineTypes.customProblem(machineType);
    if (custom.isPresent()) {
      problems.add(Diagnostic.error(config.get("machine_type").origin(), path(key, "node_config.machine_type"),
          "machine-type", "'" + machineType + "' is no machine type GCE can create: " + custom.get(),
          MachineTypes.known(machineType)));
      return null;
    }
    if (machine.isEmpty()) {
      problems.add(Diagnostic.error(config.get("machine_type").origin(), path(key, "node_config.machine_type"),
          "machine-type", "'" + machineType + "' is not a machine type stave knows",
          MachineTypes.known(machineType)));
      return null;
    }
    return machine.get();
  }

  /**
   * On a machine type whose GPUs stave knows (a2-highgpu-2g), {@code guest_accelerator} blocks that attach other
   * GPUs than the type's, another number or another type, are an error at the first value that differs. stave has
   * found no source for what GKE does then, whether it gives the nodes the type's GPUs anyway or the blocks', so it
   * takes neither. Blocks that all have count 0 never get here: Terraform leaves them out, and the pool is one
   * without blocks. Blocks that agree (count 2 of nvidia-tesla-a100) are read as any others, with their
   * gpu_sharing_config. A count that is no whole number is an error of its own ({@link #gpus}); where one is
   * written as a Terraform expression, the blocks are not compared at all ({@link #uncheckedBlocks}).
   */
  private void blocksAgreeWithMachineType(MapNode config, List<Block> accelerators, String key) {
    MachineTypes.Machine withGpus = withGpus(config);
    if (withGpus == null) {
      return;
    }
    String machineType = Nodes.string(config, "machine_type");
    String comesWith = "machine type '" + machineType + "' comes with " + gpusOf(withGpus);
    String leaveOut = ", or leave the guest_accelerator block out: stave counts the GPUs of " + machineType;
    BigDecimal attached = BigDecimal.ZERO;
    for (Block b : accelerators) {
      BigDecimal count = written(Nodes.get(b.body(), "count"));
      if (count == null || count.signum() < 0 || count.compareTo(MAX_COUNT) > 0
          || count.stripTrailingZeros().scale() > 0) {
        return;
      }
      attached = attached.add(count);
      if (count.signum() != 0 && b.body().get("type") instanceof ScalarNode t && t.isString()
          && expression(t) == null && !t.text().equals(withGpus.gpuType())) {
        problems.add(Diagnostic.error(t.origin(), path(key, b.path() + ".type"), "inventory-gpu",
            "guest_accelerator of node pool '" + key + "' attaches \"" + Names.printable(t.text()) + "\", but "
                + comesWith,
            "make the type \"" + withGpus.gpuType() + "\"" + leaveOut));
        return;
      }
    }
    if (attached.compareTo(BigDecimal.valueOf(withGpus.gpus())) != 0) {
      Block first = accelerators.get(0);
      problems.add(Diagnostic.error(Nodes.get(first.body(), "count").origin(), path(key, first.path() + ".count"),
          "inventory-gpu", "guest_accelerator of node pool '" + key + "' attaches " + attached.toPlainString()
              + (attached.compareTo(BigDecimal.ONE) == 0 ? " GPU" : " GPUs") + " to a node, but " + comesWith,
          "make the count " + withGpus.gpus() + leaveOut));
    }
  }

  /**
   * The warning that the guest_accelerator blocks of pool {@code key}, on {@code machineType} whose GPUs stave knows
   * ({@code fixed}), are not checked against it, since the count of block {@code b} is a Terraform expression: not
   * an error, as GKE gives the nodes the machine type's GPUs, which the pool has; but a count that stands for
   * another number would be an error were it written (see {@link #blocksAgreeWithMachineType}).
   */
  private void uncheckedBlocks(Block b, MachineTypes.Machine fixed, String machineType, String key) {
    ScalarNode count = expression(Nodes.get(b.body(), "count"));
    String at = b.path() + ".count";
    warnings.add(Diagnostic.warning(count.origin(), path(key, at), "inventory-gpu-unchecked",
        notEvaluated(count, key, at) + ", so its guest_accelerator blocks are not checked against machine type '"
            + machineType + "', whose " + Words.count(fixed.gpus(), "GPU") + " of type \"" + fixed.gpuType()
            + "\" the pool has",
        "write the number that it stands for, " + fixed.gpus() + ", or leave the guest_accelerator block out: stave"
            + " counts the GPUs of " + machineType));
  }

  /**
   * The GPUs that GKE advertises of a node of machine type {@code fixed} whose GPUs are shared as {@code sharing};
   * null, with the reason added to {@code problems}, when more than a pool holds.
   */
  private Integer sharedByMachineType(MachineTypes.Machine fixed, NodePool.GpuSharing sharing, MapNode config,
      String key) {
    if (!sharing.overflows(fixed.gpus())) {
      return (int) sharing.advertised(fixed.gpus());
    }
    problems.add(Diagnostic.error(config.get("guest_accelerator").origin(), path(key, "node_config.guest_accelerator"),
        "inventory-count", "the guest_accelerator of node pool '" + key + "' shares the "
            + Words.count(fixed.gpus(), "GPU") + " of its machine type as " + sharing.describe() + ", and "
            + sharing.tooMany(fixed.gpus()),
        "write the number of clients per GPU, such as 2: the machine type fixes the number of GPUs"));
    return null;
  }

  /** What GKE attaches to each node of {@code machineType}, whose size is {@code m}, for messages. */
  private static String gkeGives(String machineType, MachineTypes.Machine m) {
    return "GKE gives each node of machine type '" + machineType + "' " + gpusOf(m);
  }

  /** The GPUs of machine size {@code m}, for messages: 2 GPUs of type "nvidia-tesla-a100". */
  private static String gpusOf(MachineTypes.Machine m) {
    return Words.count(m.gpus(), "GPU") + " of type \"" + m.gpuType() + "\"";
  }

  /**
   * The size of {@code node_config.machine_type} when it is a machine type that comes with GPUs whose number stave
   * knows (a2-highgpu-2g); null for any other, an expression or none.
   */
  private static MachineTypes.Machine withGpus(MapNode config) {
    Node written = Nodes.get(config, "machine_type");
    if (!(written instanceof ScalarNode s && s.isString() && expression(s) == null)) {
      return null;
    }
    return MachineTypes.lookup(s.text()).filter(m -> m.gpus() > 0).orElse(null);
  }

  /**
   * Whether {@code node_config.machine_type} comes with GPUs: a type whose GPUs stave counts ({@link #withGpus}), or
   * any other of the series whose types all do (a4-highgpu-8g-lowmem).
   */
  private static boolean comesWithGpus(MapNode config) {
    String machineType = Nodes.get(config, "machine_type") instanceof ScalarNode s && s.isString()
        && expression(s) == null ? s.text() : null;
    return withGpus(config) != null || machineType != null && MachineTypes.gpus(machineType).isPresent();
  }

  /**
   * The error that pool {@code key}, sized by its labels, has a machine type that comes with GPUs, which stave
   * cannot count: read as none, its nodes would take no GPU work, and GKE gives them the GPUs all the same.
   */
  private void uncountedGpus(MapNode config, String key) {
    String machineType = Nodes.string(config, "machine_type");
    String gpus = machineType == null ? null : MachineTypes.gpus(machineType).orElse(null);
    if (gpus != null) {
      problems.add(Diagnostic.error(config.get("machine_type").origin(), path(key, "node_config.machine_type"),
          "inventory-gpu", "node pool '" + key + "' has machine type '" + machineType + "', which comes with GPUs,"
              + " and no label gpu_count to say how many",
          "add labels gpu_count (GPUs per node) and gpu_type: " + gpus));
    }
  }

  /**
   * The GPUs that each node of a pool advertises, of one type (null when no block says it), shared as
   * {@code sharing} says (null when not).
   */
  private record Gpus(Integer count, String type, NodePool.GpuSharing sharing) {}

  /**
   * The GPUs that {@code guest_accelerator} blocks attach to each node: GKE attaches every block with a
   * count, so the counts are summed. A node has GPUs of one type, so blocks of two types are an error at the
   * later one's type, rather than a pool of either type with both counts. A block of count 0 attaches none,
   * as Terraform's Google provider leaves it out, and its type is the pool's only when no block attaches any.
   * {@code readType} is false when a label gives the type, and {@code readCount} when a label gives the
   * count: the blocks then only say how the GPUs are shared, and a count that is an expression is no error;
   * blocks of two types written as text are an error still, since the label can be right for one only.
   * A block's shared GPUs count as GKE advertises them, each {@code max_shared_clients_per_gpu} times; a
   * node's GPUs are shared one way, so blocks that share theirs otherwise are an error at the later one.
   */
  private Gpus gpus(MapNode config, List<Block> accelerators, String key, boolean readType, boolean readCount) {
    long sum = 0;
    Block typed = null;
    String type = null;
    String firstType = null;
    Block shared = null;
    NodePool.GpuSharing sharing = null;
    for (Block b : accelerators) {
      Node written = Nodes.get(b.body(), "count");
      // Beside a gpu_count label a count is still checked one by one: -1 and 3 sum to a label of 2, but GKE
      // takes no block of -1 GPUs. An expression there is not read (see labelsAgree).
      Integer checked = readCount || expression(written) == null
          ? count(written, key, b.path() + ".count", "GPUs per node") : null;
      Integer count = readCount ? checked : null;
      if (written == null) {
        // Read as 0, the pool would have no GPUs, and a pod that asks for them would find no pool; beside a label,
        // the label could not be checked.
        missing(b, key, "count", "add the number of GPUs per node, such as \"count\": 1");
      }
      String typeWritten = gpuType(b, key, readType);
      // With the type in a label, the blocks' types are not taken, but still a node has GPUs of one type.
      String attached = readType ? typeWritten : literalType(b);
      int before = problems.size();
      NodePool.GpuSharing blockSharing = sharing(b, key);
      firstType = b == accelerators.get(0) ? typeWritten : firstType;
      // Beside a label, a count of 0 written as such still attaches nothing, and shares nothing.
      BigDecimal none = readCount ? null : written(Nodes.get(b.body(), "count"));
      if (readCount && (count == null || count == 0) || none != null && none.signum() == 0
          || problems.size() > before) {
        continue;
      }
      sum += !readCount ? 0 : blockSharing == null ? count : blockSharing.advertised(count);
      if (shared == null) {
        shared = b;
        sharing = blockSharing;
      } else if (!Objects.equals(sharing, blockSharing)) {
        Node at = Nodes.get(b.body(), "gpu_sharing_config");
        problems.add(Diagnostic.error((at != null ? at : b.body()).origin(),
            path(key, b.path() + (at != null ? ".gpu_sharing_config" : "")), "inventory-gpu",
            b.path() + " of node pool '" + key + "' " + sharedAs(blockSharing) + ", and " + shared.path() + " "
                + sharedAs(sharing) + ": GKE shares the GPUs of a node one way",
            "give the pool's blocks one gpu_sharing_config, or put the GPUs of each in a pool of its own"));
      }
      if (type == null) {
        type = attached;
        typed = attached == null ? null : b;
      } else if (attached != null && !attached.equals(type)) {
        Node at = b.body().get("type");
        problems.add(Diagnostic.error(at.origin(), path(key, b.path() + ".type"), "inventory-gpu",
            b.path() + ".type of node pool '" + key + "' is " + shown(at) + ", and " + typed.path()
                + " attaches \"" + Names.printable(type) + "\": a node has GPUs of one type",
            "give the pool's blocks one type, or put the GPUs of each type in a pool of its own"));
      }
    }
    if (sum > Integer.MAX_VALUE) {
      problems.add(Diagnostic.error(config.get("guest_accelerator").origin(),
          path(key, "node_config.guest_accelerator"), "inventory-count", "the guest_accelerator blocks of node pool '"
              + key + "' attach " + (sharing == null ? sum + " GPUs to a node" : "GPUs that GKE advertises as " + sum
                  + " shared GPUs of a node") + ", more than " + MAX_COUNT.toPlainString(),
          sharing == null ? "write the number of GPUs per node, such as 4" : NodePool.GpuSharing.TOO_MANY_HINT));
      return new Gpus(null, type, sharing);
    }
    return new Gpus((int) sum, sum == 0 ? firstType : type, sharing);
  }

  /**
   * The GPUs that GKE advertises of a node with {@code gpus} of the {@code gpu_count} label, shared as
   * {@code sharing} says; null, with the reason added to {@code problems}, when more than a pool holds.
   */
  private Integer advertised(int gpus, NodePool.GpuSharing sharing, Node label, String key) {
    if (!sharing.overflows(gpus)) {
      return (int) sharing.advertised(gpus);
    }
    problems.add(Diagnostic.error(label.origin(), path(key, "node_config.labels.gpu_count"), "inventory-count",
        "label 'gpu_count' of node pool '" + key + "' is " + gpus + " GPUs, which its guest_accelerator shares as "
            + sharing.describe() + ", and " + sharing.tooMany(gpus), NodePool.GpuSharing.TOO_MANY_HINT));
    return null;
  }

  private static String sharedAs(NodePool.GpuSharing sharing) {
    return sharing == null ? "does not share its GPUs" : "shares its GPUs as " + sharing.describe();
  }

  /**
   * How GKE shares the GPUs of a guest_accelerator block ({@code gpu_sharing_config}); null when it does
   * not, or with the reason added to {@code problems}. Read as unshared, a pool would take a fraction of the
   * pods its nodes run; read as any other sharing, more or fewer.
   */
  private NodePool.GpuSharing sharing(Block b, String key) {
    String path = b.path() + ".gpu_sharing_config";
    List<Block> configs = blocks(b.body(), path, key, "block", BLOCK_HINT);
    if (configs.size() > 1) {
      problems.add(Diagnostic.error(b.body().get("gpu_sharing_config").origin(), path(key, path), "inventory-block",
          path + " of node pool '" + key + "' is a list of " + configs.size() + " blocks, and a guest_accelerator"
              + " has one", "write one gpu_sharing_config block"));
      return null;
    }
    if (configs.isEmpty()) {
      return null;
    }
    MapNode config = configs.get(0).body();
    String at = configs.get(0).path();
    int before = problems.size();
    Node strategy = Nodes.get(config, "gpu_sharing_strategy");
    String strategyHint = "write \"TIME_SHARING\" or \"MPS\"";
    if (strategy == null) {
      problems.add(Diagnostic.error(config.origin(), path(key, at + ".gpu_sharing_strategy"), "inventory-gpu",
          at + " of node pool '" + key + "' has no gpu_sharing_strategy, which Terraform requires of every"
              + " gpu_sharing_config", "add \"gpu_sharing_strategy\": \"TIME_SHARING\" or \"MPS\""));
    } else if (!expression(strategy, key, at + ".gpu_sharing_strategy", "sharing strategy", "\"TIME_SHARING\"")
        && !(strategy instanceof ScalarNode s && s.isString() && NodePool.GpuSharing.STRATEGIES.contains(s.text()))) {
      problems.add(Diagnostic.error(strategy.origin(), path(key, at + ".gpu_sharing_strategy"), "inventory-gpu",
          at + ".gpu_sharing_strategy of node pool '" + key + "' is " + shown(strategy)
              + ", not TIME_SHARING or MPS, the strategies GKE shares GPUs by", strategyHint));
    }
    Node clients = Nodes.get(config, "max_shared_clients_per_gpu");
    String clientsPath = at + ".max_shared_clients_per_gpu";
    // GKE shares each GPU among at least 1 container: a range from 0 would send -1 to 0, another error.
    Integer n = count(clients, key, clientsPath, "clients per GPU", 1);
    if (clients == null) {
      problems.add(Diagnostic.error(config.origin(), path(key, clientsPath), "inventory-gpu",
          at + " of node pool '" + key + "' has no max_shared_clients_per_gpu, which Terraform requires of every"
              + " gpu_sharing_config", "add the number of containers that share each GPU, such as"
              + " \"max_shared_clients_per_gpu\": 2"));
    }
    return problems.size() > before ? null : new NodePool.GpuSharing(Nodes.string(config, "gpu_sharing_strategy"), n);
  }

  /**
   * The {@code type} of a guest_accelerator block; null when a label gives the type ({@code readType} false)
   * or it is unknown, with the reason added to {@code problems}. Terraform requires a type in every block,
   * so a block without one, or with one that is no string, is an error even where a label gives the type:
   * read as no type, the pool's GPUs would match a request of any type, or none.
   */
  private String gpuType(Block b, String key, boolean readType) {
    Node n = Nodes.get(b.body(), "type");
    String path = b.path() + ".type";
    if (n == null) {
      missing(b, key, "type", "add the GPU type, such as \"type\": \"" + GPU_TYPE + "\"");
      return null;
    }
    if (expression(n) == null && !(n instanceof ScalarNode s && s.isString())) {
      problems.add(Diagnostic.error(n.origin(), path(key, path), "inventory-gpu",
          path + " of node pool '" + key + "' is " + shown(n) + ", not a string",
          "write the GPU type in quotes, such as \"" + GPU_TYPE + "\""));
      return null;
    }
    return !readType || expression(n, key, path, "GPU type", GPU_TYPE) ? null : Nodes.string(b.body(), "type");
  }

  /** The type block {@code b} writes as plain text, unchecked; null when absent, not a string or an expression. */
  private static String literalType(Block b) {
    return b.body().get("type") instanceof ScalarNode t && t.isString() && expression(t) == null ? t.text() : null;
  }

  /** The error at guest_accelerator block {@code b} of pool {@code key} that it lacks {@code field}. */
  private void missing(Block b, String key, String field, String fix) {
    problems.add(Diagnostic.error(b.body().origin(), path(key, b.path() + "." + field), "inventory-gpu", b.path()
        + " of node pool '" + key + "' has no " + field + ", which Terraform requires of every guest_accelerator",
        fix));
  }

  /** A nested block as written, and the path that names it: {@code field}, or {@code field[i]} in a list. */
  private record Block(MapNode body, String path) {}

  /**
   * The blocks at {@code path} (its last field in {@code parent}), which Terraform JSON writes as an object
   * or as a list of objects; empty when absent. Anything else is an error at it, named as {@code what}:
   * read as absent, a taint would leave the pool's pods without the toleration that its nodes need, an
   * accelerator would leave the pool without its GPUs.
   */
  private List<Block> blocks(MapNode parent, String path, String key, String what, String hint) {
    Node n = Nodes.get(parent, path.substring(path.lastIndexOf('.') + 1));
    if (n == null || expression(n, key, path, "map", null)) {
      return List.of();
    }
    List<Block> out = new ArrayList<>();
    items(n, path, (item, at) -> {
      if (item instanceof MapNode m) {
        out.add(new Block(m, at));
      } else if (!expression(item, key, at, "map", null)) {
        problems.add(Diagnostic.error(item.origin(), path(key, at), "inventory-" + what,
            at + " of node pool '" + key + "' is " + item.describe() + ", not a " + what, hint));
      }
    });
    return out;
  }

  /**
   * The one block at {@code path}, an object or a list of one; null when absent. Terraform refuses more
   * where the resource allows one, and stave would have to pick one of them, so it is an error at the list.
   */
  private MapNode block(MapNode parent, String path, String key) {
    List<Block> blocks = blocks(parent, path, key, "block", BLOCK_HINT);
    if (blocks.size() > 1) {
      problems.add(Diagnostic.error(parent.get(path).origin(), path(key, path), "inventory-block",
          path + " of node pool '" + key + "' is a list of " + blocks.size() + " blocks, and a pool has one",
          "write one " + path + " block"));
      return null;
    }
    return blocks.isEmpty() ? null : blocks.get(0).body();
  }

  /** {@code node_config.labels}, a map; null when absent, or with the reason added when it is no map. */
  private MapNode labels(MapNode config, String key) {
    Node n = Nodes.get(config, "labels");
    if (n == null || n instanceof MapNode || expression(n, key, "node_config.labels", "map", null)) {
      return n instanceof MapNode m ? m : null;
    }
    problems.add(Diagnostic.error(n.origin(), path(key, "node_config.labels"), "inventory-label",
        "node_config.labels of node pool '" + key + "' is " + n.describe() + ", not a map",
        "write the labels as an object, such as {\"cpu\": 8, \"memory_m\": 30720}"));
    return null;
  }

  /**
   * Without a {@code name}, Terraform generates the pool's name (from {@code name_prefix} when given), which
   * stave cannot know: the resource key in its place would select no node, and the pods would stay Pending.
   * As with a name that is an expression, only the gke model selects the pool by it.
   */
  private static Diagnostic generatedName(MapNode pool, String key, Origin origin) {
    return Diagnostic.error(origin, path(key, "name"), "inventory-no-name", "node pool '" + key + "' has no name"
        + (Nodes.get(pool, "name_prefix") == null ? "" : ", only a name_prefix") + ", so Terraform generates one,"
        + " which stave cannot know, and the gke model selects the pool's nodes by it (the node label"
        + " cloud.google.com/gke-nodepool)",
        "add \"name\" with the pool's name in GKE, or use dispatch_model: symphony, which selects by"
            + " node_config.labels.name" + FROM_NODES);
  }

  /**
   * A pool name written as a Terraform expression is no error in itself: only the model that selects the
   * pool by that name needs it, and a pod placed on the pool by that model meets the error returned here.
   */
  private Diagnostic unevaluatedName(Node n, String key, String path, String model, String selectedBy,
      String otherModel) {
    ScalarNode s = expression(n);
    return s == null ? null : Diagnostic.error(s.origin(), path(key, path), "inventory-expression",
        notEvaluated(s, key, path) + ", and the " + model + " model selects the pool's nodes by it (the "
            + selectedBy + ")",
        "write the name that it stands for, or use dispatch_model: " + otherModel + FROM_NODES);
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
    if (expression(n, key, "node_config.labels." + label, "number", label + ": 8")) {
      return null;
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
   * A count of nodes or GPUs: null when absent, or with the reason added to {@code problems} when it is no
   * whole number a pool holds. A string that is a number counts as that number, as Terraform converts it
   * ({@code "3"}). Read as absent, any other value would leave the pool unbounded or without its GPUs.
   */
  private Integer count(Node n, String key, String path, String what) {
    return count(n, key, path, what, 0);
  }

  /** A count of at least {@code least}, as {@link #count(Node, String, String, String)} reads it. */
  private Integer count(Node n, String key, String path, String what, int least) {
    if (n == null || expression(n, key, path, "number of " + what, "4")) {
      return null;
    }
    BigDecimal number = written(n);
    if (number != null && number.compareTo(BigDecimal.valueOf(least)) >= 0 && number.compareTo(MAX_COUNT) <= 0
        && number.stripTrailingZeros().scale() <= 0) {
      return number.intValueExact();
    }
    problems.add(Diagnostic.error(n.origin(), path(key, path), "inventory-count",
        path + " of node pool '" + key + "' is " + shown(n) + ", not a whole number from " + least + " to "
            + MAX_COUNT.toPlainString(), "write the number of " + what + ", such as 4"));
    return null;
  }

  /** The number a value holds, or a string spells, as Terraform converts it; null when none. */
  private static BigDecimal written(Node n) {
    return n instanceof ScalarNode s ? s.isString() ? decimal(s.text()) : number(s) : null;
  }

  /** The number a string spells as Terraform reads it (decimal, with an optional exponent); null when none. */
  private static BigDecimal decimal(String text) {
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * A flag such as {@code preemptible}: false when absent, or with the reason added to {@code problems} when
   * it is no boolean. The strings "true", "false", "1" and "0" count as Terraform converts them.
   */
  private boolean flag(MapNode config, String field, String key) {
    Node n = Nodes.get(config, field);
    if (n == null || expression(n, key, "node_config." + field, "boolean", "true")) {
      return false;
    }
    if (n instanceof ScalarNode s && s.value() instanceof Boolean b) {
      return b;
    }
    if (n instanceof ScalarNode s && s.isString() && List.of("true", "1", "false", "0").contains(s.text())) {
      return s.text().equals("true") || s.text().equals("1");
    }
    problems.add(Diagnostic.error(n.origin(), path(key, "node_config." + field), "inventory-flag",
        "node_config." + field + " of node pool '" + key + "' is " + shown(n) + ", not true or false",
        "write true or false"));
    return false;
  }

  /**
   * Whether the value is Terraform's own expression, with the reason added to {@code problems}: stave
   * does not evaluate Terraform, and a value taken in its place would be a guess (an unbounded pool, a
   * pool name its nodes do not have).
   */
  private boolean expression(Node n, String key, String path, String what, String example) {
    ScalarNode s = expression(n);
    if (s == null) {
      return false;
    }
    problems.add(Diagnostic.error(s.origin(), path(key, path), "inventory-expression", notEvaluated(s, key, path),
        "write the " + what + " that it stands for" + (example == null ? "" : ", such as " + example) + FROM_NODES));
    return true;
  }

  /** {@code n} when it is text holding a Terraform expression; else null. */
  private static ScalarNode expression(Node n) {
    return n instanceof ScalarNode s && s.isString() && EXPRESSION.matcher(s.text()).find() ? s : null;
  }

  private static String notEvaluated(ScalarNode s, String key, String path) {
    return path + " of node pool '" + key + "' is " + shown(s) + ", a Terraform expression, which stave does not"
        + " evaluate";
  }

  /** A value as a message quotes it: a string in double quotes, a number as written, else its kind. */
  private static String shown(Node n) {
    if (n instanceof ScalarNode s && s.isString()) {
      return "\"" + Names.printable(s.text()) + "\"";
    }
    return n instanceof ScalarNode s && s.isNumber() ? Names.printable(s.text()) : n.describe();
  }

  private String labelString(MapNode labels, String label, String key) {
    Node n = labels == null ? null : labels.get(label);
    if (n == null || expression(n, key, "node_config.labels." + label, "label value", null)) {
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

  private Taint taint(MapNode m, String pool, String field) {
    String path = path(pool, field);
    // Not ||: each expression is said.
    if (expression(Nodes.get(m, "key"), pool, field + ".key", "taint key", null)
        | expression(Nodes.get(m, "value"), pool, field + ".value", "taint value", null)
        | expression(Nodes.get(m, "effect"), pool, field + ".effect", "taint effect", "NO_SCHEDULE")) {
      return null;
    }
    String key = Nodes.string(m, "key");
    if (key == null) {
      problems.add(Diagnostic.error(m.origin(), path, "inventory-taint", "a taint needs a 'key'", TAINT_HINT));
      return null;
    }
    Node written = m.get("effect");
    String effect = Nodes.string(m, "effect");
    String mapped = effect == null ? null : Nodes.effect(effect);
    if (mapped == null) {
      // At the effect itself, which Terraform requires: a missing or mistyped one is not a taint of no effect.
      problems.add(written == null
          ? Diagnostic.error(m.origin(), path, "inventory-taint", "a taint needs an 'effect'", TAINT_HINT)
          : Diagnostic.error(written.origin(), path + ".effect", "inventory-taint",
              (written instanceof ScalarNode s ? "'" + Names.printable(s.text()) + "'" : written.describe())
                  + " is not a taint effect", TAINT_HINT));
      return null;
    }
    if (!Nodes.taintKey(key, m.get("key").origin(), path + ".key", problems)) {
      return null;
    }
    ScalarNode value = Nodes.scalar(m, "value");
    if (value != null
        && !Nodes.labelValue(value.text(), "the taint value", value.origin(), path + ".value", problems)) {
      return null;
    }
    return new Taint(key, value == null ? null : value.text(), mapped);
  }
}

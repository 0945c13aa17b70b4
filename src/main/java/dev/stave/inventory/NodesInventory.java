package dev.stave.inventory;

import dev.stave.config.ConfigFile;
import dev.stave.config.KeptEntries;
import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.model.Names;
import dev.stave.model.Quantities;
import dev.stave.model.Resources;
import io.kubernetes.client.custom.Quantity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Turns {@code kubectl get nodes -o json} into a {@code kind: inventory} file: one pool per value of the
 * pool label, sized from the nodes' {@code status.capacity} and {@code status.allocatable} (the smallest
 * value of each over a pool's nodes, so that what fits the pool fits every node). {@code max_nodes} is
 * the number of nodes seen; raise it by hand for a pool that autoscales. {@code provider: gke} when every
 * pooled node carries GKE's pool label.
 */
public final class NodesInventory {
  public static final String GKE_POOL_LABEL = "cloud.google.com/gke-nodepool";
  private static final String GKE_ACCELERATOR = "cloud.google.com/gke-accelerator";
  /** The labels GKE gives a node whose GPUs it shares, each advertised as that many nvidia.com/gpu. */
  private static final String GKE_SHARING_STRATEGY = "cloud.google.com/gke-gpu-sharing-strategy";
  private static final String GKE_SHARED_CLIENTS = "cloud.google.com/gke-max-shared-clients-per-gpu";
  /**
   * The labels (and values) that GKE, EKS, Karpenter and AKS give a node that the cloud may take back: the
   * gke model's resource picks such a pool last, so a spot pool read as on-demand would be picked first.
   */
  private static final Map<String, String> SPOT_LABELS = Map.of("cloud.google.com/gke-preemptible", "true",
      "cloud.google.com/gke-spot", "true", "eks.amazonaws.com/capacityType", "SPOT",
      "karpenter.sh/capacity-type", "spot", "kubernetes.azure.com/scalesetpriority", "spot");
  /**
   * The labels that NVIDIA's GPU feature discovery (run by the NVIDIA GPU operator, as on EKS, AKS and clusters of
   * one's own) gives a node: its GPU model ({@code Tesla-T4}) and number of GPUs ({@code 2}), as its "Generated
   * Labels" list them (https://github.com/NVIDIA/k8s-device-plugin/blob/main/docs/gpu-feature-discovery/README.md).
   */
  private static final String GFD_PRODUCT = "nvidia.com/gpu.product";
  private static final String GFD_COUNT = "nvidia.com/gpu.count";
  /**
   * What NVIDIA's device plugin does to a node whose GPUs it shares (time-slicing or MPS with replicas above 1),
   * as its README ("Shared Access to GPUs") and its labeller (internal/lm/resource.go) say: it advertises each
   * GPU as that many nvidia.com/gpu, labels the node with the replicas and the strategy, and adds -SHARED to the
   * product label; with renameByDefault it advertises them as nvidia.com/gpu.shared instead, and adds nothing.
   */
  private static final String GFD_REPLICAS = "nvidia.com/gpu.replicas";
  private static final String GFD_SHARING_STRATEGY = "nvidia.com/gpu.sharing-strategy";
  private static final String SHARED_PRODUCT = "-SHARED";
  private static final String SHARED_GPU = "nvidia.com/gpu.shared";
  /** The labels that name a node's GPU model: GKE's, and that of NVIDIA's GPU feature discovery. */
  private static final List<String> GPU_TYPE_LABELS = List.of(GKE_ACCELERATOR, GFD_PRODUCT);
  /**
   * The taints that Kubernetes puts on a node for its state, not its pool: a cordoned node
   * ({@code kubectl cordon}), one not ready or unreachable, under memory, disk or PID pressure, without its
   * network, not yet initialised by its cloud, or marked out of service (the constants of k8s.io/api's
   * core/v1/well_known_taints.go, and "Taint based evictions" in Kubernetes' "Taints and Tolerations").
   * Copied to a pool, every pod placed on it would tolerate them, and so be placed on cordoned nodes and stay on
   * unreachable ones.
   */
  private static final Set<String> NODE_STATE_TAINTS = Set.of("node.kubernetes.io/unschedulable",
      "node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable", "node.kubernetes.io/memory-pressure",
      "node.kubernetes.io/disk-pressure", "node.kubernetes.io/pid-pressure", "node.kubernetes.io/network-unavailable",
      "node.kubernetes.io/out-of-service", "node.cloudprovider.kubernetes.io/uninitialized");
  private static final String AS_KUBECTL_WROTE_IT =
      "write the file with 'kubectl get nodes -o json' and leave it as kubectl wrote it";

  private NodesInventory() {}

  /** The inventory document (null when the conversion failed) and the problems found. */
  public record Result(Map<String, Object> inventory, List<Diagnostic> diagnostics) {}

  /**
   * A node's sizes as the node states them, unrounded; GPUs as a count quantity ({@code 2}), those in its
   * capacity apart, with where allocatable states them (null when it does not).
   */
  private record NodeSize(String who, Origin origin, String path, Quantity cpu, Quantity memory, Quantity allocCpu,
      Quantity allocMemory, Quantity gpus, int gpuCapacity, Origin allocatableGpus, Origin labels,
      Map<String, String> gpuTypes, boolean preemptible, List<Map<String, Object>> taints, boolean gke,
      NodePool.GpuSharing sharing, LabelledGpus labelledGpus, NvidiaSharing nvidiaSharing,
      List<StateTaint> stateTaints) {}

  /** A taint that Kubernetes put on a node for its state, left out of the pool, and where it is. */
  private record StateTaint(String key, Origin origin, String path) {}

  /** What shows that NVIDIA's device plugin shares a node's GPUs, and whether its product label has -SHARED. */
  private record NvidiaSharing(String signs, boolean sharedProduct) {}

  /** The GPUs that a node's {@code nvidia.com/gpu.count} label says, and where. */
  private record LabelledGpus(int count, Origin origin) {}

  /** A node's {@code nvidia.com/gpu}: those the pool counts, those in capacity, and where allocatable has them. */
  private record Gpus(int count, int capacity, Origin allocatable) {}

  /** One size of a node, as the inventory and its warnings name it. */
  private record Dimension(String name, Function<NodeSize, Quantity> value) {
    /** The smallest over the nodes; of equal ones, the first node's, so that its spelling is kept. */
    Quantity min(List<NodeSize> nodes) {
      return nodes.stream().map(value).reduce(BinaryOperator.minBy(BY_NUMBER)).orElseThrow();
    }

    Quantity max(List<NodeSize> nodes) {
      return nodes.stream().map(value).reduce(BinaryOperator.maxBy(BY_NUMBER)).orElseThrow();
    }
  }

  private static final Comparator<Quantity> BY_NUMBER = Comparator.comparing(Quantity::getNumber);
  private static final Dimension CPU = new Dimension("cpu", NodeSize::cpu);
  private static final Dimension MEMORY = new Dimension("memory", NodeSize::memory);
  private static final Dimension ALLOCATABLE_CPU = new Dimension("allocatable cpu", NodeSize::allocCpu);
  private static final Dimension ALLOCATABLE_MEMORY = new Dimension("allocatable memory", NodeSize::allocMemory);
  private static final Dimension GPUS = new Dimension("GPUs", NodeSize::gpus);
  private static final List<Dimension> DIMENSIONS = List.of(CPU, MEMORY, ALLOCATABLE_CPU, ALLOCATABLE_MEMORY, GPUS);

  /**
   * The most bytes of a node list read: kubectl writes about 20 KB a node, most of it the images the
   * node holds, so this is some 3,000 nodes (a config may have 8 MiB).
   */
  public static final int MAX_BYTES = 64 * 1024 * 1024;

  /**
   * The parts of a node list that are read; the rest of each node (its images, conditions, managed
   * fields, annotations) is left out as the file is parsed, so a large cluster's list takes little memory
   * and its values count little towards the limit on a file's values.
   */
  public static final KeptEntries READ = (path, key) -> switch (path) {
    case "items.[]" -> key.equals("metadata") || key.equals("spec") || key.equals("status");
    case "items.[].metadata" -> key.equals("name") || key.equals("labels");
    case "items.[].spec" -> key.equals("taints");
    case "items.[].status" -> key.equals("capacity") || key.equals("allocatable");
    default -> true;
  };

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
      Node item = items.items().get(i);
      if (!(item instanceof MapNode node)) {
        problems.add(Diagnostic.error(item.origin(), path, "node-field-type", "the item is " + item.describe()
            + ", where kubectl writes a node: a map of metadata, spec and status", AS_KUBECTL_WROTE_IT));
        continue;
      }
      NodeReader reader = new NodeReader(path, problems);
      String pool = reader.pool(node, poolLabel);
      // A node whose metadata is wrong may belong to a pool: the rest of it is checked as well.
      NodeSize size = pool != null || reader.failed ? reader.size(node) : null;
      if (pool != null && size != null) {
        pools.computeIfAbsent(pool, k -> new ArrayList<>()).add(size);
      }
    }
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("kind", "inventory");
    // GKE's pool label on every node says the cluster is GKE's, whatever --pool-label the pools go by:
    // its GPU pools then carry the taint GKE gives them even where the nodes listed do not show it.
    if (!pools.isEmpty() && pools.values().stream().flatMap(List::stream).allMatch(NodeSize::gke)) {
      doc.put("provider", "gke");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    pools.forEach((pool, nodes) -> out.put(pool, pool(pool, nodes, poolLabel, problems)));
    doc.put("pools", out);
    if (items.items().isEmpty()) {
      // No pool label would help here: the list is of a cluster without nodes, or of another context's.
      problems.add(Diagnostic.error(items.origin(), "items", "no-nodes", "the file lists no nodes, so there are no"
              + " pools to write",
          "run 'kubectl get nodes -o json' against the cluster the pods will run on, once it has nodes"));
    } else if (pools.isEmpty() && problems.stream().noneMatch(Diagnostic::isError)) {
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
    // The fewest GPUs a node advertises, as the pool's other sizes are its smallest node's.
    int gpus = GPUS.min(nodes).getNumber().intValueExact();
    warnOfSizes(pool, nodes, problems);
    warnOfGpuTypes(pool, nodes, gpus, problems);
    NodePool.GpuSharing sharing = sharing(pool, nodes, gpus, problems);
    warnOfUnallocatableGpus(pool, nodes, gpus, sharing, problems);
    warnOfUnadvertisedGpus(pool, nodes, gpus, sharing, problems);
    warnOfNvidiaSharing(pool, nodes, physical(gpus, sharing), problems);
    warnOfStateTaints(pool, nodes, problems);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("cpu", Quantities.format(CPU.min(nodes)));
    m.put("memory", Quantities.format(MEMORY.min(nodes)));
    Map<String, Object> alloc = new LinkedHashMap<>();
    alloc.put("cpu", Quantities.format(ALLOCATABLE_CPU.min(nodes)));
    alloc.put("memory", Quantities.format(ALLOCATABLE_MEMORY.min(nodes)));
    m.put("allocatable", alloc);
    int physical = physical(gpus, sharing);
    if (physical > 0) {
      gpuType(nodes).ifPresent(t -> m.put("gpu_type", t));
      m.put("gpu_count", physical);
    }
    if (physical > 0 && sharing != null) {
      Map<String, Object> shared = new LinkedHashMap<>();
      shared.put("strategy", sharing.strategy());
      shared.put("max_shared_clients_per_gpu", sharing.clients());
      m.put("gpu_sharing", shared);
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

  /**
   * The pool's GPU type: the first GKE accelerator label among its nodes, else the first GPU product label of
   * NVIDIA's GPU feature discovery, written as it is ({@code NVIDIA-L4}). GKE's comes first, as the name GKE
   * and Terraform give the type ({@code nvidia-l4}), where a GKE node carries both.
   */
  private static Optional<String> gpuType(List<NodeSize> nodes) {
    for (String label : GPU_TYPE_LABELS) {
      Optional<String> type = nodes.stream().map(n -> n.gpuTypes().get(label)).filter(Objects::nonNull).findFirst();
      if (type.isPresent()) {
        return type;
      }
    }
    return Optional.empty();
  }

  /**
   * One warning per pool whose nodes differ in GPU type, at the first node that differs: an inventory pool has
   * one GPU type, so a pod placed on it may get another than {@code gpu_type} says, as the sizes of mixed nodes
   * are warned about. Each label is compared among the nodes that carry it: a node without GKE's label whose
   * GPU product is that of the others is of their type, as a GKE node carries both labels and a node of one's
   * own only NVIDIA's. Nodes differ when a label has two values, or some have no GPU type label and others do;
   * they may differ when no node carries the labels of both (GKE's {@code nvidia-l4} alone on one, NVIDIA's
   * {@code NVIDIA-A100} alone on another), since the two name a model differently. {@code gpus} is the fewest
   * GPUs a node of the pool advertises: the warning names the pool's GPU type only when it has GPUs.
   */
  private static void warnOfGpuTypes(String pool, List<NodeSize> nodes, int gpus, List<Diagnostic> problems) {
    List<String> differences = new ArrayList<>();
    TreeSet<Integer> differing = new TreeSet<>();
    for (String label : GPU_TYPE_LABELS) {
      List<NodeSize> holders = nodes.stream().filter(n -> n.gpuTypes().containsKey(label)).toList();
      TreeSet<String> types = new TreeSet<>();
      holders.forEach(n -> types.add(n.gpuTypes().get(label)));
      if (types.size() > 1) {
        differences.add(label + ": " + String.join(", ", types));
        String first = holders.get(0).gpuTypes().get(label);
        holders.stream().filter(n -> !n.gpuTypes().get(label).equals(first)).findFirst()
            .ifPresent(n -> differing.add(nodes.indexOf(n)));
      }
    }
    List<NodeSize> typed = nodes.stream().filter(n -> !n.gpuTypes().isEmpty()).toList();
    if (!typed.isEmpty() && typed.size() < nodes.size()) {
      differences.add("some nodes have no GPU type label");
      differing.add(typed.get(0) == nodes.get(0)
          ? nodes.indexOf(nodes.stream().filter(n -> n.gpuTypes().isEmpty()).findFirst().orElseThrow())
          : nodes.indexOf(typed.get(0)));
    }
    boolean unsure = false;
    if (differences.isEmpty() && !typed.isEmpty()) {
      // The labels the first typed node's type is known by, through each node that carries one of them.
      Set<String> tied = new TreeSet<>(typed.get(0).gpuTypes().keySet());
      boolean grew = true;
      while (grew) {
        grew = false;
        for (NodeSize n : typed) {
          grew |= !Collections.disjoint(n.gpuTypes().keySet(), tied) && tied.addAll(n.gpuTypes().keySet());
        }
      }
      Optional<NodeSize> apart = typed.stream().filter(n -> Collections.disjoint(n.gpuTypes().keySet(), tied))
          .findFirst();
      if (apart.isPresent()) {
        unsure = true;
        differences.add(typedAs(typed.get(0)) + " on " + typed.get(0).who() + " and " + typedAs(apart.get())
            + " on " + apart.get().who() + ", and no node has the labels of both to show they are one type");
        differing.add(nodes.indexOf(apart.get()));
      }
    }
    if (!differing.isEmpty()) {
      NodeSize other = nodes.get(differing.first());
      String named = gpus > 0
          ? gpuType(nodes).map(t -> ", though its gpu_type says " + t).orElse("") : "";
      problems.add(Diagnostic.warning(other.labels(), other.path() + ".metadata.labels", "pool-gpu-types-differ",
          "the nodes of pool '" + pool + "' " + (unsure ? "may differ" : "differ") + " in GPU type ("
              + String.join("; ", differences) + "), so a pod placed on the pool may get any of them" + named,
          "give the nodes of each GPU type a pool label of their own and name it with --pool-label"));
    }
  }

  /**
   * One warning per pool with a node that has a taint Kubernetes put on it for its state, at the first such
   * taint: the taint is left out of the pool, so that its pods do not tolerate it, and the warning says so, as
   * the list may have been written while a node was cordoned or not ready.
   */
  private static void warnOfStateTaints(String pool, List<NodeSize> nodes, List<Diagnostic> problems) {
    List<NodeSize> tainted = nodes.stream().filter(n -> !n.stateTaints().isEmpty()).toList();
    if (tainted.isEmpty()) {
      return;
    }
    String each = tainted.stream().map(n -> n.who() + " has " + n.stateTaints().stream().map(StateTaint::key)
        .collect(Collectors.joining(" and "))).collect(Collectors.joining("; "));
    StateTaint first = tainted.get(0).stateTaints().get(0);
    problems.add(Diagnostic.warning(first.origin(), first.path(), "node-state-taint",
        each + ": Kubernetes puts such taints on a node for its state (cordoned, not ready, under pressure), not"
            + " for its pool, so pool '" + pool + "' leaves them out and its pods do not tolerate them",
        "nothing to do: Kubernetes takes the taint off when the node is uncordoned or recovers"));
  }

  /** A node's GPU type labels as "label: value", joined by "and". */
  private static String typedAs(NodeSize node) {
    return node.gpuTypes().entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
        .collect(Collectors.joining(" and "));
  }

  /**
   * One warning per pool with a node whose GPUs NVIDIA's device plugin shares, at the first such node: an
   * inventory does not model that sharing, so the pool's gpu_count counts each GPU's replicas (a pod asking for
   * 2 may get one GPU twice), or the pool gets no GPUs where the plugin advertises them as nvidia.com/gpu.shared.
   * {@code physical} is the GPUs the pool gets. The gpu_type is said to leave out -SHARED only where it is read
   * from NVIDIA's product label: GKE's accelerator label, which wins where any node has it, has no -SHARED.
   */
  private static void warnOfNvidiaSharing(String pool, List<NodeSize> nodes, int physical,
      List<Diagnostic> problems) {
    boolean typeFromProduct = nodes.stream().noneMatch(n -> n.gpuTypes().containsKey(GKE_ACCELERATOR));
    nodes.stream().filter(n -> n.nvidiaSharing() != null).findFirst().ifPresent(n -> problems.add(
        Diagnostic.warning(n.labels(), n.path() + ".metadata.labels", "pool-gpus-shared-by-nvidia",
            n.who() + " has " + n.nvidiaSharing().signs() + ", so NVIDIA's device plugin shares its GPUs, which"
                + " stave does not model: " + (physical > 0
                    ? "the gpu_count " + physical + " of pool '" + pool + "' counts each GPU's replicas"
                    : "pool '" + pool + "' gets no GPUs")
                + (physical > 0 && typeFromProduct && n.nvidiaSharing().sharedProduct()
                    ? ", and its gpu_type leaves out the " + SHARED_PRODUCT + " that the plugin adds to " + GFD_PRODUCT
                    : ""),
            "to place pods on whole GPUs, turn sharing off in the device plugin's config and run from-nodes again,"
                + " or write gpu_count by hand as the node's GPUs")));
  }

  /**
   * One warning per pool whose nodes have GPUs that are not allocatable, at the first such node: the pool
   * counts allocatable GPUs, so it gets fewer than its nodes have, or none and no {@code gpu_count} when a
   * node allocates none, as when the device plugin is down or finds a GPU unhealthy. {@code gpus} is the fewest
   * GPUs a node of the pool advertises.
   */
  private static void warnOfUnallocatableGpus(String pool, List<NodeSize> nodes, int gpus,
      NodePool.GpuSharing sharing, List<Diagnostic> problems) {
    List<NodeSize> fewer = unallocatable(nodes);
    if (fewer.isEmpty()) {
      return;
    }
    String each = fewer.stream().map(n -> n.who() + " has " + n.gpuCapacity() + " " + Resources.GPU
        + " in status.capacity but " + n.gpus().getNumber() + " in status.allocatable")
        .collect(Collectors.joining("; "));
    NodeSize first = fewer.get(0);
    problems.add(Diagnostic.warning(first.allocatableGpus(), first.path() + ".status.allocatable." + Resources.GPU,
        "node-gpus-not-allocatable", each + ", so pool '" + pool + "' gets " + gets(gpus, sharing),
        checkDevicePlugin(fewer.size() == 1 ? "the node" : "those nodes")));
  }

  /**
   * One warning per pool with a node whose {@code nvidia.com/gpu.count} label says more GPUs than its
   * {@code status.capacity} advertises, at the first such node's label: the pool counts advertised GPUs, which
   * are all the scheduler places pods against, so it gets fewer than the node has, or none when the device
   * plugin does not run. {@code gpus} is the fewest GPUs a node of the pool advertises.
   */
  private static void warnOfUnadvertisedGpus(String pool, List<NodeSize> nodes, int gpus,
      NodePool.GpuSharing sharing, List<Diagnostic> problems) {
    List<NodeSize> fewer = nodes.stream()
        .filter(n -> n.labelledGpus() != null && n.labelledGpus().count() > n.gpuCapacity()).toList();
    if (fewer.isEmpty()) {
      return;
    }
    String each = fewer.stream().map(n -> n.who() + " has " + n.labelledGpus().count()
        + (n.labelledGpus().count() == 1 ? " GPU" : " GPUs") + " by its label " + GFD_COUNT + " but "
        + n.gpuCapacity() + " " + Resources.GPU + " in status.capacity").collect(Collectors.joining("; "));
    NodeSize first = fewer.get(0);
    problems.add(Diagnostic.warning(first.labelledGpus().origin(), first.path() + ".metadata.labels." + GFD_COUNT,
        "node-gpus-not-advertised", each + ", so pool '" + pool + "' gets " + gets(gpus, sharing),
        checkDevicePlugin(fewer.size() == 1 ? "the node" : "those nodes")));
  }

  /** The nodes with fewer GPUs in allocatable than in capacity. */
  private static List<NodeSize> unallocatable(List<NodeSize> nodes) {
    return nodes.stream().filter(n -> n.gpus().getNumber().compareTo(BigDecimal.valueOf(n.gpuCapacity())) < 0)
        .toList();
  }

  /** What a pool of nodes that advertise {@code gpus}, shared as {@code sharing} says, gets: "2 GPUs per node". */
  private static String gets(int gpus, NodePool.GpuSharing sharing) {
    int physical = physical(gpus, sharing);
    return physical == 0 ? "no GPUs" : physical + (physical == 1 ? " GPU" : " GPUs") + " per node"
        + (sharing == null ? "" : ", each shared by " + sharing.clients());
  }

  /**
   * The whole physical GPUs of a node that advertises {@code gpus}: a node advertises each shared GPU as that
   * many nvidia.com/gpu, and an inventory counts physical GPUs.
   */
  private static int physical(int gpus, NodePool.GpuSharing sharing) {
    return sharing == null ? gpus : gpus / sharing.clients();
  }

  /** How to count GPUs that the device plugin left out of {@code nodes}' allocatable. */
  private static String checkDevicePlugin(String nodes) {
    return "check the NVIDIA device plugin on " + nodes + " ('kubectl describe node' shows its allocatable), then"
        + " run from-nodes again; or write gpu_count by hand";
  }

  /**
   * How GKE shares the GPUs of the pool's nodes (null when it does not), as their labels say. Nodes shared
   * in different ways, or some not at all, are an error at the first that differs from the pool's first:
   * counted as either, the pool would give containers GPUs that some of its nodes refuse, or count a
   * fraction of their GPUs. A pool whose nodes advertise a count that is not a multiple of the clients
   * counts the whole GPUs in it, with a warning (as unallocatable GPUs are warned about). {@code gpus} is the
   * fewest GPUs a node of the pool advertises.
   */
  private static NodePool.GpuSharing sharing(String pool, List<NodeSize> nodes, int gpus,
      List<Diagnostic> problems) {
    NodeSize first = nodes.get(0);
    Optional<NodeSize> other = nodes.stream().filter(n -> !Objects.equals(n.sharing(), first.sharing())).findFirst();
    if (other.isPresent()) {
      NodeSize o = other.get();
      problems.add(Diagnostic.error(o.labels(), o.path() + ".metadata.labels", "pool-gpu-sharing-differs",
          "the nodes of pool '" + pool + "' share their GPUs in different ways (" + first.who() + ": "
              + sharedAs(first) + "; " + o.who() + ": " + sharedAs(o) + "), so no one gpu_count and gpu_sharing"
              + " is true of every node",
          "give the nodes of each sharing a pool label of their own and name it with --pool-label"));
      return null;
    }
    NodePool.GpuSharing sharing = first.sharing();
    // GPUs the device plugin left out are warned about with the rest of them.
    if (sharing != null && gpus % sharing.clients() != 0 && unallocatable(nodes).isEmpty()) {
      NodeSize fewest = nodes.stream().filter(n -> n.gpus().getNumber().intValueExact() == gpus).findFirst()
          .orElseThrow();
      problems.add(Diagnostic.warning(fewest.labels(), fewest.path() + ".metadata.labels", "pool-shared-gpus-uneven",
          fewest.who() + " has " + gpus + " " + Resources.GPU + ", not a multiple of its " + sharing.clients()
              + " clients per GPU, so pool '" + pool + "' gets " + gets(gpus, sharing),
          checkDevicePlugin("the node")));
    }
    return sharing;
  }

  private static String sharedAs(NodeSize node) {
    return node.sharing() == null ? "not shared" : node.sharing().describe();
  }

  /** One warning per pool whose nodes differ in a size, at the first node larger than the pool's size. */
  private static void warnOfSizes(String pool, List<NodeSize> nodes, List<Diagnostic> problems) {
    List<String> differences = new ArrayList<>();
    NodeSize larger = null;
    for (Dimension d : DIMENSIONS) {
      Quantity min = d.min(nodes);
      Quantity max = d.max(nodes);
      if (min.getNumber().compareTo(max.getNumber()) == 0) {
        continue;
      }
      differences.add(d.name() + " " + Quantities.format(min) + " to " + Quantities.format(max));
      NodeSize first = nodes.stream().filter(n -> d.value().apply(n).getNumber().compareTo(min.getNumber()) > 0)
          .findFirst().orElseThrow();
      larger = larger == null || nodes.indexOf(first) < nodes.indexOf(larger) ? first : larger;
    }
    if (larger != null) {
      problems.add(Diagnostic.warning(larger.origin(), larger.path() + ".status", "pool-sizes-differ",
          "the nodes of pool '" + pool + "' differ in size (" + String.join(", ", differences)
              + "), so the pool is sized from the smallest of each, which every node has",
          "to use the larger nodes fully, give them a pool label of their own and name it with --pool-label"));
    }
  }

  /**
   * Reads one node, each field as the type kubectl writes. A field of another type, a size that is no
   * quantity or a taint that is no taint is an error at that field: reading past it would describe a
   * node that is not there (a pool without the taint its nodes have, or without its GPUs).
   */
  private static final class NodeReader {
    private final String path;
    private final List<Diagnostic> problems;
    private String who = "the node";
    private String name;
    private MapNode labels;
    private boolean failed;

    NodeReader(String path, List<Diagnostic> problems) {
      this.path = path;
      this.problems = problems;
    }

    /** The node's pool label, or null when it has none: it is then left out, with a warning. */
    String pool(MapNode node, String poolLabel) {
      MapNode metadata = map(node, "", "metadata");
      name = string(metadata, "metadata", "name");
      who = name == null ? "the node" : "node '" + Names.printable(name) + "'";
      labels = map(metadata, "metadata", "labels");
      if (labels != null) {
        labels.entries().forEach((key, value) -> {
          if (!(value instanceof ScalarNode s && s.isString())) {
            wrongType(value, "metadata.labels." + key, "a string");
          }
        });
      }
      String pool = Nodes.string(labels, poolLabel);
      if (pool == null && !failed) {
        problems.add(Diagnostic.warning(node.origin(), path + ".metadata.labels", "node-without-pool",
            who + " has no label " + poolLabel + " and is left out", "name the pool label with --pool-label"));
      }
      return pool;
    }

    /** The node's sizes, GPUs and taints, or null when a field is missing or wrong (each said). */
    NodeSize size(MapNode node) {
      MapNode status = required(map(node, "", "status"), node, "", "status");
      MapNode capacity = required(map(status, "status", "capacity"), status, "status", "capacity");
      MapNode allocatable = required(map(status, "status", "allocatable"), status, "status", "allocatable");
      Quantity cpu = size(capacity, "status.capacity", SizeUnit.CPU);
      Quantity memory = size(capacity, "status.capacity", SizeUnit.MEMORY);
      Quantity allocCpu = size(allocatable, "status.allocatable", SizeUnit.CPU);
      Quantity allocMemory = size(allocatable, "status.allocatable", SizeUnit.MEMORY);
      Gpus gpus = gpus(capacity, allocatable);
      List<StateTaint> stateTaints = new ArrayList<>();
      List<Map<String, Object>> taints = taints(map(node, "", "spec"), stateTaints);
      NodePool.GpuSharing sharing = labels == null ? null : sharing();
      LabelledGpus labelledGpus = labels == null ? null : labelledGpus();
      if (failed) {
        return null;
      }
      return new NodeSize(name == null ? "the node " + path : who, status.origin(), path, cpu, memory, allocCpu,
          allocMemory, new Quantity(BigDecimal.valueOf(gpus.count()), Quantity.Format.DECIMAL_SI), gpus.capacity(),
          gpus.allocatable(), labels.origin(), gpuTypes(),
          SPOT_LABELS.entrySet().stream().anyMatch(e -> e.getValue().equals(Nodes.string(labels, e.getKey()))),
          taints,
          Nodes.string(labels, GKE_POOL_LABEL) != null, sharing, labelledGpus, nvidiaSharing(capacity),
          stateTaints);
    }

    /**
     * The GPUs that NVIDIA's GPU feature discovery counted on the node ({@code nvidia.com/gpu.count}, a whole
     * number), or null when it has no such label. Another value is an error at it, as GFD writes none: read as
     * absent, a node whose device plugin is down would not be warned about.
     */
    private LabelledGpus labelledGpus() {
      String count = Nodes.string(labels, GFD_COUNT);
      if (count == null) {
        return null;
      }
      if (count.matches("[0-9]{1,10}") && Long.parseLong(count) <= Integer.MAX_VALUE) {
        return new LabelledGpus(Integer.parseInt(count), labels.get(GFD_COUNT).origin());
      }
      failed = true;
      problems.add(Diagnostic.error(labels.get(GFD_COUNT).origin(), path + ".metadata.labels." + GFD_COUNT,
          "node-gpu-count-label", who + " has the label " + GFD_COUNT + " '" + Names.printable(count)
              + "', which is not a number of GPUs",
          "NVIDIA's GPU feature discovery writes the node's GPUs as a whole number from 0, such as 2"));
      return null;
    }

    /**
     * How GKE shares the node's GPUs, as its labels say (time-sharing or mps, and the clients of each GPU);
     * null when it has neither label. A label without the other, or with a value GKE does not write, is an
     * error at it: read as unshared, the node's pool would let a container ask for GPUs GKE refuses it.
     */
    private NodePool.GpuSharing sharing() {
      String strategy = Nodes.string(labels, GKE_SHARING_STRATEGY);
      String clients = Nodes.string(labels, GKE_SHARED_CLIENTS);
      if (strategy == null && clients == null) {
        return null;
      }
      if (strategy == null || clients == null) {
        failed = true;
        problems.add(Diagnostic.error(labels.origin(), path + ".metadata.labels", "node-gpu-sharing",
            who + " has the label " + (strategy == null ? GKE_SHARED_CLIENTS : GKE_SHARING_STRATEGY) + " but not "
                + (strategy == null ? GKE_SHARING_STRATEGY : GKE_SHARED_CLIENTS) + ", which GKE gives every node"
                + " whose GPUs it shares", AS_KUBECTL_WROTE_IT));
        return null;
      }
      String written = strategy.toUpperCase(Locale.ROOT).replace('-', '_');
      if (!NodePool.GpuSharing.STRATEGIES.contains(written)) {
        failed = true;
        problems.add(Diagnostic.error(labels.get(GKE_SHARING_STRATEGY).origin(),
            path + ".metadata.labels." + GKE_SHARING_STRATEGY, "node-gpu-sharing", who + " has the label "
                + GKE_SHARING_STRATEGY + " '" + Names.printable(strategy) + "', not time-sharing or mps, the"
                + " strategies GKE shares GPUs by", AS_KUBECTL_WROTE_IT));
      }
      Integer n = clients.matches("[0-9]{1,10}") && Long.parseLong(clients) <= Integer.MAX_VALUE
          && Long.parseLong(clients) > 0 ? Integer.valueOf(clients) : null;
      if (n == null) {
        failed = true;
        problems.add(Diagnostic.error(labels.get(GKE_SHARED_CLIENTS).origin(),
            path + ".metadata.labels." + GKE_SHARED_CLIENTS, "node-gpu-sharing", who + " has the label "
                + GKE_SHARED_CLIENTS + " '" + Names.printable(clients) + "', which is not a number of clients"
                + " per GPU", "GKE shares each GPU among a whole number of containers from 1, such as 2"));
      }
      return failed ? null : new NodePool.GpuSharing(written, n);
    }

    /**
     * The node's values of the GPU type labels, by label; those it lacks are left out. The -SHARED that NVIDIA's
     * device plugin adds to the product of a GPU it shares is left out, as it names no GPU model.
     */
    private Map<String, String> gpuTypes() {
      Map<String, String> types = new TreeMap<>();
      GPU_TYPE_LABELS.forEach(l -> {
        String type = Nodes.string(labels, l);
        if (type != null) {
          types.put(l, l.equals(GFD_PRODUCT) && type.endsWith(SHARED_PRODUCT) && type.length() > SHARED_PRODUCT.length()
              ? type.substring(0, type.length() - SHARED_PRODUCT.length()) : type);
        }
      });
      return types;
    }

    /**
     * What shows that NVIDIA's device plugin shares the node's GPUs ("nvidia.com/gpu.replicas 4 and ..."), or null
     * when nothing does: replicas above 1, a product with -SHARED, or nvidia.com/gpu.shared in its capacity.
     */
    private NvidiaSharing nvidiaSharing(MapNode capacity) {
      List<String> signs = new ArrayList<>();
      String replicas = Nodes.string(labels, GFD_REPLICAS);
      if (replicas != null && replicas.matches("[0-9]{1,9}") && Integer.parseInt(replicas) > 1) {
        signs.add(GFD_REPLICAS + " " + replicas);
      }
      String strategy = Nodes.string(labels, GFD_SHARING_STRATEGY);
      if (!signs.isEmpty() && strategy != null) {
        signs.add(GFD_SHARING_STRATEGY + " " + Names.printable(strategy));
      }
      String product = Nodes.string(labels, GFD_PRODUCT);
      boolean sharedProduct = product != null && product.endsWith(SHARED_PRODUCT);
      if (sharedProduct) {
        signs.add(GFD_PRODUCT + " " + Names.printable(product));
      }
      if (Nodes.get(capacity, SHARED_GPU) != null) {
        signs.add(SHARED_GPU + " in status.capacity");
      }
      return signs.isEmpty() ? null : new NvidiaSharing(String.join(" and ", signs), sharedProduct);
    }

    /** The node's taints, but for those Kubernetes put on it for its state, which go to {@code state}. */
    private List<Map<String, Object>> taints(MapNode spec, List<StateTaint> state) {
      List<Map<String, Object>> taints = new ArrayList<>();
      List<Node> items = list(spec, "spec", "taints");
      for (int j = 0; j < items.size(); j++) {
        String field = "spec.taints[" + j + "]";
        if (!(items.get(j) instanceof MapNode t)) {
          wrongType(items.get(j), field, "a taint: a map of key, value and effect");
          continue;
        }
        String key = string(t, field, "key");
        String value = string(t, field, "value");
        String effect = string(t, field, "effect");
        required(key, t, field, "key");
        required(effect, t, field, "effect");
        if (effect != null && Nodes.effect(effect) == null) {
          failed = true;
          problems.add(Diagnostic.error(t.get("effect").origin(), path + "." + field + ".effect", "node-taint-effect",
              who + " has the taint effect '" + Names.printable(effect) + "', which Kubernetes does not have",
              "write NoSchedule, PreferNoSchedule or NoExecute"));
        }
        if (key != null && NODE_STATE_TAINTS.contains(key)) {
          state.add(new StateTaint(key, t.origin(), path + "." + field));
        } else if (key != null && effect != null && Nodes.effect(effect) != null) {
          Map<String, Object> taint = new LinkedHashMap<>();
          taint.put("key", key);
          if (value != null) {
            taint.put("value", value);
          }
          taint.put("effect", Nodes.effect(effect));
          taints.add(taint);
        }
      }
      return taints;
    }

    /**
     * The node's GPUs: {@code nvidia.com/gpu} in {@code status.allocatable}, which the scheduler places pods
     * against (the device plugin leaves an unhealthy GPU out of it, not out of capacity); in
     * {@code status.capacity} when allocatable lacks it; 0 when both do.
     */
    private Gpus gpus(MapNode capacity, MapNode allocatable) {
      Integer inCapacity = gpus(capacity, "status.capacity");
      Integer inAllocatable = gpus(allocatable, "status.allocatable");
      int total = inCapacity == null ? 0 : inCapacity;
      return inAllocatable == null ? new Gpus(total, total, null)
          : new Gpus(inAllocatable, total, Nodes.get(allocatable, Resources.GPU).origin());
    }

    /**
     * The count of {@code nvidia.com/gpu} in {@code field}, or null when it has none. An extended resource,
     * which Kubernetes counts in whole units: a count that is not whole, or larger than an inventory's
     * {@code gpu_count} holds, is an error, since any count written for it would be wrong.
     */
    private Integer gpus(MapNode parent, String field) {
      Node n = Nodes.get(parent, Resources.GPU);
      if (n == null) {
        return null;
      }
      if (!(n instanceof ScalarNode s) || !(s.isString() || s.isNumber())) {
        wrongType(n, field + "." + Resources.GPU, "a count such as \"1\" or \"8\"");
        return 0;
      }
      var q = Quantities.parse(Quantities.text(s));
      if (q.isPresent() && q.get().getNumber().stripTrailingZeros().scale() <= 0
          && q.get().getNumber().compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) <= 0) {
        return q.get().getNumber().intValueExact();
      }
      failed = true;
      problems.add(Diagnostic.error(s.origin(), path + "." + field + "." + Resources.GPU, "node-gpu-count",
          who + " has " + Resources.GPU + " '" + Names.printable(s.text()) + "' in " + field
              + ", which is not a number of GPUs",
          "a node has a whole number of GPUs from 0 to " + Integer.MAX_VALUE + ", such as 1 or 8"));
      return 0;
    }

    /**
     * A size at {@code field.key}, a Kubernetes quantity above 0 that has a canonical spelling; null when
     * it is absent or is not such a quantity (each an error). A node with none of a size could run no pod,
     * and one with less than the unit stave schedules in would have none in the inventory written for it.
     */
    private Quantity size(MapNode parent, String field, SizeUnit unit) {
      String key = unit.key();
      Node n = Nodes.get(parent, key);
      if (n == null) {
        required(null, parent, field, key);
        return null;
      }
      if (!(n instanceof ScalarNode s) || !(s.isString() || s.isNumber())) {
        wrongType(n, field + "." + key, "a quantity such as \"4\" or \"16Gi\"");
        return null;
      }
      // Not parse: a quantity beyond 64 bits (9Ei) is well formed, and too large like any size above the largest.
      var q = Quantities.written(Quantities.text(s));
      if (q.isEmpty() || q.get().getNumber().signum() < 0 || !unit.aboveLargest(q.get().getNumber())
          && Quantities.canonical(Quantities.text(s)).isEmpty()) {
        failed = true;
        problems.add(Diagnostic.error(s.origin(), path + "." + field + "." + key, "node-quantity",
            who + " has " + key + " '" + Names.printable(s.text()) + "' in " + field
                + ", which is not a Kubernetes quantity of 0 or more", Quantities.hint(s.text())));
        return null;
      }
      if (q.get().getNumber().signum() == 0) {
        failed = true;
        problems.add(Diagnostic.error(s.origin(), path + "." + field + "." + key, "node-size-zero",
            who + " has " + key + " 0 in " + field + ", so no pod would fit it, nor a pool sized by it",
            "leave the node out of the file; a node that has just joined states its sizes once it is ready"));
        return null;
      }
      if (unit.belowOne(q.get().getNumber())) {
        failed = true;
        problems.add(Diagnostic.error(s.origin(), path + "." + field + "." + key, "node-size-below-unit",
            who + " has " + key + " '" + Names.printable(s.text()) + "' in " + field + ", " + unit.belowOneReason()
                + ", so no pod would fit it, nor a pool sized by it",
            "leave the node out of the file: " + unit.rounding()));
        return null;
      }
      if (unit.aboveLargest(q.get().getNumber())) {
        failed = true;
        problems.add(Diagnostic.error(s.origin(), path + "." + field + "." + key, "node-size-too-large",
            who + " has " + key + " '" + Names.printable(s.text()) + "' in " + field + ", "
                + unit.aboveLargestReason(), AS_KUBECTL_WROTE_IT));
        return null;
      }
      return q.get();
    }

    /** The value, or, when it is absent from a parent that was read, an error that says so. */
    private <T> T required(T value, Node parent, String field, String key) {
      if (value == null && parent != null && Nodes.get(parent instanceof MapNode m ? m : null, key) == null) {
        failed = true;
        String at = field.isEmpty() ? key : field + "." + key;
        problems.add(Diagnostic.error(parent.origin(), path + (field.isEmpty() ? "" : "." + field),
            "node-field-missing", who + " has no " + at, AS_KUBECTL_WROTE_IT));
      }
      return value;
    }

    private MapNode map(MapNode parent, String field, String key) {
      Node n = Nodes.get(parent, key);
      if (n == null || n instanceof MapNode) {
        return (MapNode) n;
      }
      wrongType(n, field.isEmpty() ? key : field + "." + key, "a map");
      return null;
    }

    private List<Node> list(MapNode parent, String field, String key) {
      Node n = Nodes.get(parent, key);
      if (n == null || n instanceof ListNode) {
        return n == null ? List.of() : ((ListNode) n).items();
      }
      wrongType(n, field + "." + key, "a list");
      return List.of();
    }

    private String string(MapNode parent, String field, String key) {
      Node n = Nodes.get(parent, key);
      if (n == null || n instanceof ScalarNode s && s.isString()) {
        return n == null ? null : ((ScalarNode) n).text();
      }
      wrongType(n, field + "." + key, "a string");
      return null;
    }

    private void wrongType(Node n, String field, String expected) {
      failed = true;
      problems.add(Diagnostic.error(n.origin(), path + "." + field, "node-field-type",
          who + " has " + n.describe() + " in " + field + ", where kubectl writes " + expected,
          AS_KUBECTL_WROTE_IT));
    }
  }
}

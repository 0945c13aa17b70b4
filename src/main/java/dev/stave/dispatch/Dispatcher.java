package dev.stave.dispatch;

import dev.stave.config.ConfigFile;
import dev.stave.config.ConfigLoader;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ProjectFolders;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Words;
import dev.stave.inventory.Inventories;
import dev.stave.inventory.Inventory;
import dev.stave.inventory.NodePool;
import dev.stave.inventory.Taint;
import dev.stave.model.Experiment;
import dev.stave.model.PodSettings;
import dev.stave.model.PodUnit;
import dev.stave.model.Process;
import dev.stave.model.Quantities;
import dev.stave.model.Resources;
import dev.stave.model.Toleration;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Places the processes that have a {@code schedule} (docs/scheduling.md) on the experiment's inventory with
 * the chosen allocation model, and checks the pools' capacity. The placement goes on the pod; requests go
 * on the scheduled container only, as Symphony put them on the learner alone.
 */
public final class Dispatcher {
  private static final BigDecimal MI = BigDecimal.valueOf(1024L * 1024);
  /** The prefix of labels that GKE alone gives nodes, such as its pool's: a pod that selects one runs on GKE. */
  private static final String GKE = "cloud.google.com/gke-";

  private final ConfigFile config;
  private final Experiment experiment;
  private final List<Diagnostic> problems = new ArrayList<>();

  /**
   * @param placements by pod unit name
   * @param inventory null when the experiment names none
   * @param model the allocation model's name
   */
  public record Result(Map<String, Placement> placements, Inventory inventory, String model, List<PoolUsage> usage,
      List<Diagnostic> diagnostics) {

    public static Result none() {
      return new Result(Map.of(), null, null, List.of(), List.of());
    }
  }

  private Dispatcher(ConfigFile config, Experiment experiment) {
    this.config = config;
    this.experiment = experiment;
  }

  public static Result dispatch(ConfigFile config, Experiment experiment, ConfigLoader loader, boolean strictCapacity) {
    return dispatch(config, experiment, null, null, null, null, loader, strictCapacity, 1);
  }

  /**
   * The same, with the inventory of the experiment's context ({@code contextInventory}, named at
   * {@code contextOrigin}, its key {@code contextKey}, in a contexts file that may name files in
   * {@code contextFolders}) used when the experiment names none; all null without one. A sweep runs the
   * experiment once per point, all at once, so the capacity check counts {@code instances} copies of every
   * pod (1 without a sweep).
   */
  public static Result dispatch(ConfigFile config, Experiment experiment, Path contextInventory, Origin contextOrigin,
      String contextKey, ProjectFolders contextFolders, ConfigLoader loader, boolean strictCapacity, long instances) {
    return new Dispatcher(config, experiment).run(contextInventory, contextOrigin, contextKey, contextFolders, loader,
        strictCapacity, instances);
  }

  private Result run(Path contextInventory, Origin contextOrigin, String contextKey, ProjectFolders contextFolders,
      ConfigLoader loader, boolean strict, long instances) {
    MapNode root = (MapNode) config.root();
    List<Schedule> schedules = ScheduleReader.read(root, experiment);
    Node inventoryNode = root.get("inventory");
    Inventory inventory;
    if (inventoryNode != null) {
      Path path = Path.of(((ScalarNode) inventoryNode).text());
      Path resolved = path.isAbsolute() || path.toString().startsWith("~") ? path
          : config.folder().resolve(path).normalize();
      inventory = Inventories.loadNamed(loader, resolved, inventoryNode.origin(), "inventory", config.folders(),
          "the inventory", "fix the path; it is relative to this config's folder", problems);
    } else if (contextInventory != null) {
      inventory = Inventories.loadForContext(loader, contextInventory, contextOrigin, contextKey, contextFolders,
          problems);
    } else {
      for (Schedule s : schedules) {
        problems.add(Diagnostic.error(s.origin(), s.path(), "no-inventory",
            "a schedule needs the experiment's node pools, and the experiment names no inventory",
            "add inventory = \"path/to/cluster.tf.json\" (relative to this config) to the experiment, or to its"
                + " context"));
      }
      return new Result(Map.of(), null, null, List.of(), List.copyOf(problems));
    }
    if (inventory == null) {
      return new Result(Map.of(), null, null, List.of(), List.copyOf(problems));
    }
    current = inventory;
    String modelName = root.get("dispatch_model") instanceof ScalarNode s ? s.text()
        : inventory.dispatchModel() != null ? inventory.dispatchModel() : "gke";
    AllocationModel model = AllocationModel.named(modelName);
    Map<String, Placement> placements = new TreeMap<>();
    Map<String, Schedule> firstOfUnit = new LinkedHashMap<>();
    Map<String, PodRequest> podRequests = podRequests(schedules);
    for (Schedule s : schedules) {
      Optional<NodePool> pool = pool(s, inventory, model, podRequests.get(s.unit()));
      if (pool.isEmpty()) {
        continue;
      }
      Diagnostic unevaluated = pool.get().selector() == null ? pool.get().unevaluatedNames().get(model.name()) : null;
      if (unevaluated != null) {
        if (!problems.contains(unevaluated)) {
          problems.add(unevaluated);
        }
        continue;
      }
      Schedule first = firstOfUnit.putIfAbsent(s.unit(), s);
      Placement existing = placements.get(s.unit());
      if (existing != null && !existing.pool().equals(pool.get().name())) {
        problems.add(Diagnostic.error(s.origin(), s.path(), "schedule-two-pools",
            "process '" + s.process() + "' is scheduled on pool '" + pool.get().name() + "', but its group's process '"
                + first.process() + "' is on '" + existing.pool() + "', and a group is one pod",
            "schedule the group's processes on the same pool"));
        continue;
      }
      Resources resources = resources(s, pool.get(), model);
      if (resources == null) {
        continue;
      }
      TreeMap<String, Resources> containers = new TreeMap<>(existing == null ? Map.of() : existing.containers());
      containers.put(s.process(), resources);
      placements.put(s.unit(), new Placement(s.unit(), pool.get().name(), model.selector(pool.get()),
          model.tolerations(pool.get()), Collections.unmodifiableSortedMap(containers),
          existing == null ? s.origin() : existing.origin()));
    }
    if (problems.stream().anyMatch(Diagnostic::isError)) {
      return new Result(Map.of(), inventory, model.name(), List.of(), List.copyOf(problems));
    }
    if (model instanceof SymphonyModel) {
      unlabelledPools(inventory, placements, firstOfUnit);
    }
    overriddenPlacements(placements);
    untoleratedTaints(inventory, placements);
    List<PoolUsage> usage = capacity(inventory, model, placements, firstOfUnit, strict, instances);
    return new Result(Collections.unmodifiableMap(placements), inventory, model.name(), usage, List.copyOf(problems));
  }

  /**
   * Symphony selects a pool's nodes by their {@code name} label, which Cloudwise gives them. A pool
   * with neither {@code labels.name} nor a selector is selected by {@code name: <pool>}, and one whose
   * {@code labels.name} is empty by {@code name: ""}, which nodes made otherwise seldom carry: their
   * pods would stay Pending, so say so once per pool.
   */
  private void unlabelledPools(Inventory inventory, Map<String, Placement> placements,
      Map<String, Schedule> firstOfUnit) {
    firstOnEachPool(placements, firstOfUnit).forEach((name, first) -> inventory.find(name)
        .filter(pool -> pool.selector() == null && (pool.labelName() == null || pool.labelName().isEmpty()))
        .ifPresent(pool -> problems.add(Diagnostic.warning(first.origin(), first.path(), "pool-unlabelled",
            "the symphony model selects pool '" + name + "' by the node label "
                + (pool.labelName() == null ? "name=" + name + ", but the inventory gives the pool no labels.name"
                    : "name=\"\", since the inventory gives the pool an empty labels.name")
                + ", so its nodes may not carry that label and the pods would stay Pending",
            "give the pool labels: {name: ...} (or a selector) as its nodes are labelled, or use dispatch_model: gke,"
                + " which selects by cloud.google.com/gke-nodepool"))));
  }

  /**
   * An override of a scheduled pod's placement or of a scheduled container's resources goes into the
   * bundle as written (maps merge, lists replace), but the dispatcher places and counts by the
   * schedule: plan and the capacity check would then describe another pod than the bundle holds.
   */
  private void overriddenPlacements(Map<String, Placement> placements) {
    for (PodUnit unit : experiment.units()) {
      Placement placement = placements.get(unit.name());
      if (placement == null) {
        continue;
      }
      String path = unit.path();
      for (String key : List.of("affinity", "nodeName", "nodeSelector", "tolerations")) {
        Origin origin = unit.pod().podOverrideOrigins().get(key);
        if (origin != null) {
          problems.add(Diagnostic.warning(origin, path + ".overrides.pod." + key, "override-of-placement",
              "the override sets " + key + " of a pod that the schedule places on pool '" + placement.pool()
                  + "': the bundle has the override's, while plan and the capacity check go by the schedule's",
              "place the pod with the schedule (node_pool_name), node_selector and tolerations, which plan counts"));
        }
      }
      for (Process p : unit.processes()) {
        Origin origin = p.containerOverrideOrigins().get("resources");
        if (origin != null && placement.containers().containsKey(p.name())) {
          String process = unit.path(p);
          problems.add(Diagnostic.warning(origin, process + ".overrides.container.resources", "override-of-placement",
              "the override sets the resources of process '" + p.name() + "', which the schedule sizes for pool '"
                  + placement.pool() + "': the bundle has the override's, while plan and the capacity check go"
                  + " by the schedule's",
              "set resource_request and resource_limit instead, which plan and the capacity check count"));
        }
      }
    }
  }

  /**
   * A pod override's tolerations replace the placement's (lists replace), so they can leave a taint of
   * the pool untolerated, and the pod would never be scheduled: an error, as a pod larger than a node is,
   * since the inventory states a pool's taints as it states its sizes. On GKE the pool's nodes carry more
   * than the inventory lists, and a pod gets more than the override gives ({@link #gkeGpuTaint}). The
   * config's own tolerations are added to the placement's and cannot drop one.
   */
  private void untoleratedTaints(Inventory inventory, Map<String, Placement> placements) {
    for (PodUnit unit : experiment.units()) {
      Placement placement = placements.get(unit.name());
      Map<String, Object> override = unit.pod().podOverride();
      if (placement == null || !override.containsKey("tolerations") || !onPlacedPool(placement, unit.pod())) {
        continue;
      }
      List<Toleration> tolerations = Tolerations.read(override.get("tolerations"));
      if (tolerations == null) {
        continue;
      }
      NodePool pool = inventory.find(placement.pool()).orElseThrow();
      List<Taint> taints = new ArrayList<>(pool.taints());
      List<Toleration> given = new ArrayList<>(tolerations);
      boolean gke = inventory.gke() || placement.nodeSelector().keySet().stream().anyMatch(k -> k.startsWith(GKE));
      if (gke && gkeGpuTaint(inventory, pool)) {
        taints.add(Tolerations.GKE_GPU);
      }
      if (gke && asksForGpus(unit, placement)) {
        given.add(Tolerations.GPU);
      }
      List<Taint> untolerated = Tolerations.untolerated(taints, given);
      if (untolerated.isEmpty()) {
        continue;
      }
      String path = unit.path() + ".overrides.pod.tolerations";
      List<String> names = new ArrayList<>();
      List<String> add = new ArrayList<>();
      for (Taint t : untolerated) {
        names.add(t.key() + (t.value() == null ? "" : "=" + t.value()) + ":" + t.effect());
        add.add(Tolerations.describe(t));
      }
      problems.add(Diagnostic.error(unit.pod().podOverrideOrigins().get("tolerations"), path, "untolerated-taint",
          "the override's tolerations replace the ones the schedule gives, and do not tolerate the taint"
              + (names.size() > 1 ? "s " : " ") + String.join(", ", names) + " of pool '" + pool.name()
              + "', where the schedule places the pod: it would never be scheduled"
              + (untolerated.contains(Tolerations.GKE_GPU) ? " (GKE gives the nodes of a GPU pool the nvidia.com/gpu"
                  + " taint, which the inventory does not list, and its toleration only to pods that ask for GPUs,"
                  + " which this one does not)" : ""),
          "add " + String.join(", ", add) + " to the override's tolerations"));
    }
  }

  /**
   * Whether GKE has tainted the nodes of {@code pool} with {@link Tolerations#GKE_GPU}: it does so to a
   * GPU pool when the cluster has nodes without GPUs too. A taint of that key in the inventory is what
   * the nodes carry instead (as {@code stave inventory from-nodes} reads it).
   */
  private static boolean gkeGpuTaint(Inventory inventory, NodePool pool) {
    return pool.hasGpu() && inventory.pools().stream().anyMatch(p -> !p.hasGpu())
        && pool.taints().stream().noneMatch(t -> t.key().equals(Tolerations.GKE_GPU.key()));
  }

  /**
   * Whether a container of the pod asks for GPUs, which makes GKE's ExtendedResourceToleration admission
   * give the pod {@link Tolerations#GPU}: a container as the bundle has it, and an init container of the pod
   * override. The admission looks at whether a container names the resource, not at how many it asks for,
   * and so does this.
   */
  private static boolean asksForGpus(PodUnit unit, Placement placement) {
    Map<String, Object> pod = unit.pod().podOverride();
    if (pod.get("initContainers") instanceof List<?> init && init.stream().anyMatch(Dispatcher::namesGpus)) {
      return true;
    }
    if (pod.get("containers") instanceof List<?> containers) {
      // Lists replace: the override's containers are the pod's, without what the schedule and the processes
      // gave theirs, and a process's container override merges into the one of its name (maps merge).
      return containers.stream().anyMatch(c -> namesGpus(c) || c instanceof Map<?, ?> m && unit.processes().stream()
          .anyMatch(p -> p.name().equals(m.get("name")) && namesGpus(p.containerOverride())));
    }
    for (Process p : unit.processes()) {
      Resources resources = p.resources().over(placement.containers().get(p.name()));
      if (resources.requests().containsKey(Resources.GPU) || resources.limits().containsKey(Resources.GPU)
          || namesGpus(p.containerOverride())) {
        return true;
      }
    }
    return false;
  }

  private static boolean namesGpus(Object container) {
    return container instanceof Map<?, ?> c && c.get("resources") instanceof Map<?, ?> r
        && Stream.of("requests", "limits")
            .anyMatch(k -> r.get(k) instanceof Map<?, ?> m && m.containsKey(Resources.GPU));
  }

  /**
   * Whether the pod still goes to the nodes of its placement: no nodeName takes it past the scheduler,
   * and neither the config's node_selector nor an override's nodeSelector changes a selector entry of
   * the placement's. Else the pod goes elsewhere, and other taints matter.
   */
  private static boolean onPlacedPool(Placement placement, PodSettings pod) {
    Object overridden = pod.podOverride().getOrDefault("nodeSelector", Map.of());
    if (pod.podOverride().containsKey("nodeName") || !(overridden instanceof Map<?, ?> selector)) {
      return false;
    }
    for (Map.Entry<String, String> e : placement.nodeSelector().entrySet()) {
      Object value = selector.containsKey(e.getKey()) ? selector.get(e.getKey())
          : pod.nodeSelector().getOrDefault(e.getKey(), e.getValue());
      if (!e.getValue().equals(value)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Per pod unit, what the whole pod asks for, as the capacity check will count it, with the shares of the
   * schedules that do not depend on the pool ({@code resource} and {@code node_pool}); a share of a node
   * ({@code machine}, {@code gpu}) is not known before the pool is, and counts as none. A unit with a share that
   * is no quantity (negative, or beyond what one can hold) has none: its schedule is refused by itself.
   */
  private Map<String, PodRequest> podRequests(List<Schedule> schedules) {
    Map<String, PodRequest> out = new TreeMap<>();
    units:
    for (PodUnit unit : experiment.units()) {
      BigInteger cpu = BigInteger.ZERO;
      BigInteger memory = BigInteger.ZERO;
      BigInteger gpus = BigInteger.ZERO;
      BigInteger containerGpus = BigInteger.ZERO;
      for (Process p : unit.processes()) {
        Optional<Schedule> schedule = schedules.stream()
            .filter(s -> s.unit().equals(unit.name()) && s.process().equals(p.name()))
            .filter(s -> s.assignTo().equals("resource") || s.assignTo().equals("node_pool"))
            .findFirst();
        if (schedule.isPresent() && !quantities(schedule.get())) {
          continue units;
        }
        Resources placed = schedule.map(s -> placed(requested(s))).orElse(null);
        Map<String, String> requests = p.resources().over(placed).requests();
        cpu = cpu.add(units(requests.get("cpu"), BigDecimal.valueOf(1000)));
        memory = memory.add(units(requests.get("memory"), BigDecimal.ONE.divide(MI)));
        BigInteger own = units(requests.get(Resources.GPU), BigDecimal.ONE);
        gpus = gpus.add(own);
        containerGpus = containerGpus.max(own);
      }
      out.put(unit.name(), new PodRequest(packed(cpu), packed(memory), packed(gpus), unit.processes().size(),
          packed(containerGpus)));
    }
    return out;
  }

  private Optional<NodePool> pool(Schedule s, Inventory inventory, AllocationModel model, PodRequest pod) {
    if (s.nodePoolName() == null) {
      if (!s.assignTo().equals("resource")) {
        problems.add(Diagnostic.error(s.origin(), s.path(), "schedule-no-pool",
            "assign_to = " + s.assignTo() + " needs node_pool_name",
            "add node_pool_name; pools: " + String.join(", ", inventory.names())));
        return Optional.empty();
      }
      ResourceRequest request = request(s);
      Optional<NodePool> inferred = model.infer(inventory, request, pod);
      if (inferred.isEmpty() && pod != null && pod.containerGpus() > 1) {
        // Only a pool whose GPUs are shared has GPUs enough: placed there, the capacity check says that GKE gives
        // a container at most 1 of them, which is truer than that no node has so many.
        inferred = model.infer(inventory, request,
            new PodRequest(pod.cpuMillis(), pod.memoryMi(), pod.gpus(), pod.containers(), 0));
      }
      if (inferred.isEmpty() && model.infer(inventory, request).isPresent()) {
        // A pool fits the schedule's request, none the whole pod: say what the pod asks for, or the message
        // would name a request that some pool does fit.
        String asks = millis(pod.cpuMillis()) + " cpu, " + pod.memoryMi() + " MiB"
            + (pod.gpus() > 0 ? ", " + Words.count(pod.gpus(), "GPU") : "");
        problems.add(Diagnostic.error(s.origin(), s.path(), "schedule-no-fit",
            "no node pool of " + inventory.file() + " takes " + (pod.containers() > 1 ? "the pod of group '"
                + s.unit() + "': it asks for " + asks + " (its " + pod.containers() + " processes together)"
                : "process '" + s.process() + "': it asks for " + asks + " (its own requests and the default"
                    + " resources over the schedule's)") + ", more than one node of any pool offers",
            // What a node offers after the system's reserve, as the pod is measured against it: the pools'
            // machine sizes would show a pool larger than the pod.
            "a node offers, with the " + model.name() + " model: " + offers(inventory, model)
                + "; lower the requests or add a pool"));
      } else if (inferred.isEmpty()) {
        problems.add(Diagnostic.error(s.origin(), s.path(), "schedule-no-fit",
            "no node pool of " + inventory.file() + " satisfies " + request.describe(),
            "pools: " + describe(inventory, model) + "; lower the request or add a pool"));
      }
      inferred.ifPresent(p -> warnOfGpuTypeWithoutCount(s, p));
      return inferred;
    }
    Optional<NodePool> pool = inventory.find(s.nodePoolName());
    if (pool.isEmpty()) {
      problems.add(Diagnostic.error(s.nodePoolOrigin(), s.path() + ".node_pool_name", "unknown-pool",
          "there is no node pool '" + dev.stave.model.Names.printable(s.nodePoolName()) + "' in " + inventory.file(),
          "pools: " + String.join(", ", inventory.names())));
      return pool;
    }
    boolean wantsGpu = s.assignTo().equals("gpu") || s.gpuCount() != null && s.gpuCount() > 0 || s.gpuType() != null;
    if (wantsGpu && !pool.get().hasGpu()) {
      List<String> gpuPools = inventory.pools().stream().filter(NodePool::hasGpu).map(NodePool::name).toList();
      problems.add(Diagnostic.error(s.nodePoolOrigin(), s.path() + ".node_pool_name", "gpu-on-cpu-pool",
          "node pool '" + s.nodePoolName() + "' has no GPUs, and this schedule asks for " + (s.assignTo().equals("gpu")
              ? "assign_to = gpu" : "GPUs"),
          gpuPools.isEmpty() ? "the inventory has no GPU pool" : "GPU pools: " + String.join(", ", gpuPools)));
      return Optional.empty();
    }
    warnOfGpuTypeWithoutCount(s, pool.get());
    return pool;
  }

  /**
   * A {@code gpu_type} without {@code gpu_count} places the pod on a GPU pool but requests no {@code nvidia.com/gpu},
   * so the scheduler assigns the container no GPU and may give every GPU of the node to other pods. Placing a CPU
   * process beside GPUs may be meant, so it is a warning.
   */
  private void warnOfGpuTypeWithoutCount(Schedule s, NodePool pool) {
    if (s.gpuType() != null && s.gpuCount() == null && pool.hasGpu()) {
      problems.add(Diagnostic.warning(s.origin(), s.path(), "gpu-type-without-count",
          "this schedule asks for gpu_type '" + dev.stave.model.Names.printable(s.gpuType()) + "' but no gpu_count,"
              + " so process '" + s.process() + "' is placed on GPU pool '" + pool.name() + "' but requests no GPU",
          "add gpu_count = 1 to give it a GPU, or leave out gpu_type"));
    }
  }

  private static ResourceRequest request(Schedule s) {
    return new ResourceRequest(s.cpu(), s.memoryM(), s.gpuType(), s.gpuCount());
  }

  private static String describe(Inventory inventory, AllocationModel model) {
    List<String> out = new ArrayList<>();
    for (NodePool p : inventory.pools()) {
      out.add(p.name() + " (" + p.cpu().stripTrailingZeros().toPlainString() + " cpu, " + p.memoryMi() + " MiB"
          + (p.hasGpu() ? ", " + p.gpuCount() + "x " + p.gpuType() : "")
          // Shared GPUs are many, but a container gets one: say so, or a gpu_count of 2 seems to fit.
          + (p.hasGpu() && p.gpuSharing() != null ? ", shared, at most 1 per container" : "") + ")");
    }
    return String.join(", ", out);
  }

  /** What one node of each pool offers pods under the model: "small (3.92 cpu, 13621 MiB)". */
  private static String offers(Inventory inventory, AllocationModel model) {
    List<String> out = new ArrayList<>();
    for (NodePool p : inventory.pools()) {
      out.add(p.name() + " (" + millis(model.nodeCpuMillis(p)) + " cpu, " + model.nodeMemoryMi(p) + " MiB"
          + (p.hasGpu() ? ", " + Words.count(p.gpuCount(), p.gpuSharing() == null ? "GPU" : "shared GPU") : "")
          + ")");
    }
    return String.join(", ", out);
  }

  /** The scheduled container's requests and limits, or null when the request cannot fit a node. */
  private Resources resources(Schedule s, NodePool pool, AllocationModel model) {
    Share share;
    int ways = 0; // how many processes share a node; 0 when the request is the user's own
    switch (s.assignTo()) {
      case "machine" -> {
        ways = s.processPerMachine() == null ? 1 : s.processPerMachine();
        share = model.machineShare(pool, ways);
        if (tooManySharedGpus(s, share.gpus(), pool)) {
          return null;
        }
      }
      case "gpu" -> {
        // Symphony: ppm = the pool's GPU count; on a pool whose GPUs are shared, the shared GPUs that GKE
        // advertises, so that each process gets one of them.
        ways = pool.gpuCount();
        share = model.machineShare(pool, ways);
      }
      default -> {
        // node_pool and resource: exactly what was asked; Symphony truncates memory_m to whole MiB.
        share = requested(s);
        if (tooManySharedGpus(s, share.gpus(), pool)) {
          return null;
        }
        if (!fits(share, pool, model)) {
          List<String> fitting = new ArrayList<>();
          // other pools that would take it
          for (NodePool other : inventoryOf(pool)) {
            if (fits(share, other, model)) {
              fitting.add(other.name());
            }
          }
          problems.add(Diagnostic.error(s.origin(), s.path(), "request-too-big",
              "the request " + describeShare(share) + " is more than one node of pool '" + pool.name() + "' offers ("
                  + nodeOffers(pool, model) + ")",
              fitting.isEmpty() ? "no pool has nodes that large; lower the request"
                  : "pools that would fit: " + String.join(", ", fitting)));
          return null;
        }
      }
    }
    if (ways > 0 ? model.leavesNothing(share) : AllocationModel.negative(share)) {
      // Symphony keeps 0.6 cpu of every node for the system and GKE its documented reserve: a node smaller
      // than that leaves nothing (and an inventory may simply give negative sizes).
      boolean nodeLeavesSome = model.nodeCpuMillis(pool) > 0 && model.nodeMemoryMi(pool) > 0;
      problems.add(Diagnostic.error(s.nodePoolOrigin(), s.path() + ".node_pool_name", "pool-too-small",
          "a node of pool '" + pool.name() + "' (" + pool.cpu().stripTrailingZeros().toPlainString() + " cpu, "
              + pool.memoryMi() + " MiB) leaves nothing for this process with the " + model.name()
              + " model (" + millis(model.nodeCpuMillis(pool)) + " cpu, " + model.nodeMemoryMi(pool)
              + " MiB after the system's reserve" + (nodeLeavesSome && ways > 1 ? ", shared by " + ways
                  + " processes: " + share.cpu().stripTrailingZeros().toPlainString() + " cpu, " + share.memoryMi()
                  + " MiB each" : "") + ")",
          nodeLeavesSome && ways > 1 && s.assignTo().equals("machine")
              ? "lower process_per_machine, or choose a pool with larger nodes"
              : "choose a pool with larger nodes, or check the pool's sizes in the inventory"));
      return null;
    }
    return placed(share);
  }

  /** What a {@code resource} or {@code node_pool} schedule asks for; Symphony truncates memory_m to whole MiB. */
  private static Share requested(Schedule s) {
    return new Share(s.cpu(), s.memoryM() == null ? null : s.memoryM().setScale(0, RoundingMode.DOWN).longValue(),
        s.gpuCount());
  }

  /** Whether the cpu and memory_m of a schedule make quantities, as {@link #placed} needs. */
  private static boolean quantities(Schedule s) {
    return (s.cpu() == null || Quantities.canonical(s.cpu().toPlainString()).isPresent())
        && (s.memoryM() == null || s.memoryM().signum() >= 0
            && s.memoryM().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0
            && Quantities.canonical(s.memoryM().setScale(0, RoundingMode.DOWN).toPlainString() + "Mi").isPresent());
  }

  /** A share as the scheduled container's requests and limits. */
  private static Resources placed(Share share) {
    TreeMap<String, String> requests = new TreeMap<>();
    TreeMap<String, String> limits = new TreeMap<>();
    if (share.cpu() != null) {
      requests.put("cpu", Quantities.canonical(share.cpu().toPlainString()).orElseThrow());
    }
    if (share.memoryMi() != null) {
      requests.put("memory", Quantities.canonical(share.memoryMi() + "Mi").orElseThrow());
    }
    if (share.gpus() != null && share.gpus() > 0) {
      // Symphony: GPUs are a limit; Kubernetes wants an extended resource's request equal to its limit.
      limits.put(Resources.GPU, share.gpus().toString());
      requests.put(Resources.GPU, share.gpus().toString());
    }
    return new Resources(Collections.unmodifiableSortedMap(requests), Collections.unmodifiableSortedMap(limits));
  }

  /**
   * Whether the schedule gives its container more than one GPU of a pool whose GPUs are shared, with the
   * error added: GKE refuses such a pod, and it would never start.
   */
  private boolean tooManySharedGpus(Schedule s, Integer gpus, NodePool pool) {
    if (pool.gpuSharing() == null || gpus == null || gpus <= 1) {
      return false;
    }
    problems.add(Diagnostic.error(s.origin(), s.path(), "shared-gpu-request", "this schedule gives process '"
            + s.process() + "' " + gpus + " GPUs of " + sharedPool(pool),
        s.assignTo().equals("machine") ? "raise process_per_machine to at least " + (pool.gpuCount() / 2 + 1)
            + ", or use assign_to = gpu, which gives each process 1 shared GPU"
            : "ask for gpu_count = 1, or choose a pool whose GPUs are not shared"));
    return true;
  }

  /** A pool whose GPUs are shared, as a shared-gpu-request error names it and says why the request fails. */
  private static String sharedPool(NodePool pool) {
    return "pool '" + pool.name() + "', whose GPUs are shared (" + pool.gpuSharing().describe()
        + "), and GKE gives a container at most 1 shared GPU";
  }

  private Inventory current;

  private List<NodePool> inventoryOf(NodePool pool) {
    return current == null ? List.of(pool) : current.pools();
  }

  private static boolean fits(Share share, NodePool pool, AllocationModel model) {
    return (share.cpu() == null
            || share.cpu().movePointRight(3).compareTo(BigDecimal.valueOf(model.nodeCpuMillis(pool))) <= 0)
        && (share.memoryMi() == null || share.memoryMi() <= model.nodeMemoryMi(pool))
        && (share.gpus() == null || share.gpus() <= pool.gpusPerContainer());
  }

  private static String describeShare(Share s) {
    List<String> parts = new ArrayList<>();
    if (s.cpu() != null) {
      parts.add("cpu=" + s.cpu().toPlainString());
    }
    if (s.memoryMi() != null) {
      parts.add("memory_m=" + s.memoryMi());
    }
    if (s.gpus() != null) {
      parts.add("gpu_count=" + s.gpus());
    }
    return String.join(", ", parts);
  }

  /** What one node of the pool offers under the model: "3.92 cpu, 13621 MiB with the gke model". */
  private static String nodeOffers(NodePool pool, AllocationModel model) {
    return millis(model.nodeCpuMillis(pool)) + " cpu, " + model.nodeMemoryMi(pool) + " MiB"
        + (pool.hasGpu() ? ", " + Words.count(pool.gpuCount(), pool.gpuSharing() == null ? "GPU" : "shared GPU") : "")
        + " with the " + model.name() + " model";
  }

  static String millis(long m) {
    return millis(BigInteger.valueOf(m));
  }

  private static String millis(BigInteger m) {
    return new BigDecimal(m, 3).stripTrailingZeros().toPlainString();
  }

  /**
   * Where a process's GPUs over a shared pool's limit came from, as its author wrote them: its own
   * {@code resource_limit} wins over the schedule's share ({@code placed}, null without one), which wins over
   * the defaults (see {@link Resources#over}).
   */
  private static String gpusFrom(Process p, Resources placed) {
    if (p.resources().limits().containsKey(Resources.GPU) || p.resources().requests().containsKey(Resources.GPU)) {
      return "the process's resource_limit";
    }
    boolean placedGpus = placed != null
        && (placed.limits().containsKey(Resources.GPU) || placed.requests().containsKey(Resources.GPU));
    if (!placedGpus && p.resources().defaults().containsKey(Resources.GPU)) {
      return "the experiment's or context's default resources (or give the process its own resource_limit of"
          + " gpu: 1)";
    }
    return "the schedule";
  }

  /** Per pool, the schedule that placed its first pod unit (units in name order): where its messages go. */
  private Map<String, Schedule> firstOnEachPool(Map<String, Placement> placements, Map<String, Schedule> firstOfUnit) {
    Map<String, Schedule> first = new TreeMap<>();
    for (PodUnit unit : experiment.units()) {
      Placement placement = placements.get(unit.name());
      if (placement != null) {
        first.putIfAbsent(placement.pool(), firstOfUnit.get(unit.name()));
      }
    }
    return first;
  }

  private List<PoolUsage> capacity(Inventory inventory, AllocationModel model, Map<String, Placement> placements,
      Map<String, Schedule> firstOfUnit, boolean strict, long instances) {
    Map<String, List<CapacityCheck.Pod>> pods = new TreeMap<>();
    for (PodUnit unit : experiment.units()) {
      Placement placement = placements.get(unit.name());
      if (placement == null) {
        continue;
      }
      // Exact: a quantity may be up to 2^63 - 1 cores, whose millicores (or a group's sum of them) are more.
      BigInteger cpu = BigInteger.ZERO;
      BigInteger memory = BigInteger.ZERO;
      BigInteger gpus = BigInteger.ZERO;
      NodePool pool = inventory.find(placement.pool()).orElse(null);
      for (Process p : unit.processes()) {
        // As the manifest has them: the process's own requests over the placement's, then the defaults.
        Map<String, String> requests = p.resources().over(placement.containers().get(p.name())).requests();
        cpu = cpu.add(units(requests.get("cpu"), BigDecimal.valueOf(1000)));
        memory = memory.add(units(requests.get("memory"), BigDecimal.ONE.divide(MI)));
        BigInteger own = units(requests.get(Resources.GPU), BigDecimal.ONE);
        gpus = gpus.add(own);
        if (pool != null && pool.gpuSharing() != null && own.compareTo(BigInteger.ONE) > 0) {
          Schedule first = firstOfUnit.get(unit.name());
          problems.add(Diagnostic.error(first.origin(), first.path(), "shared-gpu-request", "process '" + p.name()
                  + "' asks for " + own + " GPUs (its own requests and limits, and the default resources, over the"
                  + " schedule's share) on " + sharedPool(pool),
              "ask for at most 1 GPU in " + gpusFrom(p, placement.containers().get(p.name()))
                  + ", or choose a pool whose GPUs are not shared"));
        }
      }
      // The placement's share fits a node; the process's own requests, the defaults of the experiment's
      // or context's resources, and a group's sum may not.
      if (pool != null && (cpu.compareTo(BigInteger.valueOf(model.nodeCpuMillis(pool))) > 0
          || memory.compareTo(BigInteger.valueOf(model.nodeMemoryMi(pool))) > 0
          || gpus.compareTo(BigInteger.valueOf(pool.gpuCount())) > 0)) {
        Schedule first = firstOfUnit.get(unit.name());
        String asks = millis(cpu) + " cpu, " + memory + " MiB"
            + (gpus.signum() > 0 ? ", " + Words.count(gpus.toString(), "GPU") : "");
        boolean group = unit.group() && unit.processes().size() > 1;
        problems.add(Diagnostic.error(first.origin(), first.path(), group ? "group-too-big" : "pod-too-big",
            (group ? "the pod of group '" + unit.name() + "' asks for " + asks + " (its " + unit.processes().size()
                + " processes together)" : "process '" + first.process() + "' asks for " + asks
                + " (its own requests and limits, and the default resources, over the schedule's share)")
                + ", more than one node of pool '" + pool.name() + "' offers (" + nodeOffers(pool, model)
                + (gpus.signum() > 0 && !pool.hasGpu() ? ", no GPUs" : "") + "), so it could never be scheduled",
            group ? "lower the processes' requests, choose a pool with larger nodes, or split the group"
                : "lower the process's requests, or choose a pool with larger nodes"));
      }
      pods.computeIfAbsent(placement.pool(), k -> new ArrayList<>())
          .add(new CapacityCheck.Pod(unit.name(), packed(cpu), packed(memory), packed(gpus),
              unit.pod().replicas() * instances));
    }
    Map<String, Schedule> firstOnPool = firstOnEachPool(placements, firstOfUnit);
    List<PoolUsage> usage = CapacityCheck.usage(inventory, model, pods);
    for (PoolUsage u : usage) {
      if (!u.fits()) {
        String message = "pool '" + u.pool() + "' needs " + Words.count(u.nodesNeeded(), "node") + " for its "
            + Words.count(u.pods(), "pod") + (instances > 1 ? " (" + instances + " sweep instances)" : "")
            + ", but may have at most " + u.maxNodes();
        // Lower replicas or requests cannot make a pool of no nodes take a pod.
        String hint = (u.maxNodes() == 0 ? "give the pool nodes: its max_nodes, or in Terraform its node_count,"
            + " initial_node_count or autoscaling.max_node_count; or place the processes on another pool"
            : "raise the pool's max_nodes (in Terraform, its autoscaling.max_node_count), or lower replicas or the"
                + " requests")
            + (strict ? "" : "; --strict-capacity makes this an error");
        Schedule first = firstOnPool.get(u.pool());
        problems.add(strict
            ? Diagnostic.error(first.origin(), first.path(), "over-capacity", message, hint)
            : Diagnostic.warning(first.origin(), first.path(), "over-capacity", message, hint));
      }
    }
    return usage;
  }

  /** A quantity in whole units of {@code perUnit} (rounded up), 0 when absent. */
  private static BigInteger units(String quantity, BigDecimal scale) {
    if (quantity == null) {
      return BigInteger.ZERO;
    }
    return Quantities.value(quantity).multiply(scale).setScale(0, RoundingMode.CEILING).toBigIntegerExact();
  }

  /** A pod's size as the packing counts it: one beyond 64 bits is, as 2^63 - 1 is, larger than any node. */
  private static long packed(BigInteger size) {
    return size.min(BigInteger.valueOf(Long.MAX_VALUE)).longValueExact();
  }
}

package dev.stave.inventory;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * One node pool: what a node has ({@code cpu} cores, {@code memoryMi}, GPUs), what it may run
 * ({@code taints}), how many nodes it may grow to ({@code maxNodes}, null when unbounded) and how a
 * pod selects it.
 *
 * @param name the pool's key in the inventory, which {@code node_pool_name} names
 * @param gkeName the GKE pool name ({@code cloud.google.com/gke-nodepool}); the Terraform {@code name}; null
 *     when unknown ({@code unevaluatedNames} says why)
 * @param labelName Cloudwise's {@code labels.name}, which Symphony selects on; null when absent
 * @param allocatableCpuMillis allocatable cpu as read from nodes; null to derive it from {@code cpu}
 * @param allocatableMemoryMi allocatable memory as read from nodes; null to derive it from {@code memoryMi}
 * @param selector an explicit node selector (hand-written inventories); null to let the model choose
 * @param gpuCount the GPUs a node advertises as {@code nvidia.com/gpu}: on a pool whose GPUs are shared, its
 *     physical GPUs times the clients of each ({@code gpuSharing})
 * @param unevaluatedNames by allocation model ({@code gke}, {@code symphony}): the error that the name it
 *     selects the pool by is unknown (a Terraform expression, or a name Terraform generates), which only a pod
 *     placed on the pool by that model meets
 * @param gpuSharing how GKE shares each GPU of a node among containers; null when it does not
 */
public record NodePool(
    String name,
    String gkeName,
    String labelName,
    BigDecimal cpu,
    long memoryMi,
    String gpuType,
    int gpuCount,
    boolean preemptible,
    Integer maxNodes,
    List<Taint> taints,
    SortedMap<String, String> selector,
    Long allocatableCpuMillis,
    Long allocatableMemoryMi,
    Origin origin,
    Map<String, Diagnostic> unevaluatedNames,
    GpuSharing gpuSharing) {

  /**
   * GKE's GPU sharing ({@code gpu_sharing_config}): {@code strategy} TIME_SHARING or MPS, and {@code clients}
   * per physical GPU, each of which GKE advertises as one {@code nvidia.com/gpu}. A container may request at
   * most one of them: GKE refuses more.
   */
  public record GpuSharing(String strategy, int clients) {
    /** The strategies GKE shares GPUs by, as Terraform and an inventory write them. */
    public static final List<String> STRATEGIES = List.of("TIME_SHARING", "MPS");

    /** As a message names it: "TIME_SHARING, 4 clients per GPU". */
    public String describe() {
      return strategy + ", " + clients + " clients per GPU";
    }

    /** How to write a pool whose shared GPUs are more than a pool holds. */
    public static final String TOO_MANY_HINT =
        "write the number of GPUs per node, such as 4, and of clients per GPU, such as 2";

    /** The {@code nvidia.com/gpu} that GKE advertises of a node with {@code gpus} physical GPUs. */
    public long advertised(int gpus) {
      return (long) gpus * clients;
    }

    /**
     * Whether {@link #advertised} is more than a pool's {@code gpuCount} holds, the reason being
     * {@link #tooMany}.
     */
    public boolean overflows(int gpus) {
      return advertised(gpus) > Integer.MAX_VALUE;
    }

    /** Why the GPUs a node advertises are too many: "GKE advertises them as ... shared GPUs of a node, ...". */
    public String tooMany(int gpus) {
      return "GKE advertises them as " + advertised(gpus) + " shared GPUs of a node, more than " + Integer.MAX_VALUE;
    }
  }

  public NodePool {
    taints = List.copyOf(taints);
    unevaluatedNames = Map.copyOf(unevaluatedNames);
  }

  /** A pool whose names are all known. */
  public NodePool(String name, String gkeName, String labelName, BigDecimal cpu, long memoryMi, String gpuType,
      int gpuCount, boolean preemptible, Integer maxNodes, List<Taint> taints, SortedMap<String, String> selector,
      Long allocatableCpuMillis, Long allocatableMemoryMi, Origin origin) {
    this(name, gkeName, labelName, cpu, memoryMi, gpuType, gpuCount, preemptible, maxNodes, taints, selector,
        allocatableCpuMillis, allocatableMemoryMi, origin, Map.of(), null);
  }

  public boolean hasGpu() {
    return gpuCount > 0;
  }

  /** The most GPUs one container may request on a node of the pool: one on a pool whose GPUs are shared. */
  public int gpusPerContainer() {
    return gpuSharing == null ? gpuCount : Math.min(gpuCount, 1);
  }
}

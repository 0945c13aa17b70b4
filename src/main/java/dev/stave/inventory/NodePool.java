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
 * @param unevaluatedNames by allocation model ({@code gke}, {@code symphony}): the error that the name it
 *     selects the pool by is unknown (a Terraform expression, or a name Terraform generates), which only a pod
 *     placed on the pool by that model meets
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
    Map<String, Diagnostic> unevaluatedNames) {

  public NodePool {
    taints = List.copyOf(taints);
    unevaluatedNames = Map.copyOf(unevaluatedNames);
  }

  /** A pool whose names are all known. */
  public NodePool(String name, String gkeName, String labelName, BigDecimal cpu, long memoryMi, String gpuType,
      int gpuCount, boolean preemptible, Integer maxNodes, List<Taint> taints, SortedMap<String, String> selector,
      Long allocatableCpuMillis, Long allocatableMemoryMi, Origin origin) {
    this(name, gkeName, labelName, cpu, memoryMi, gpuType, gpuCount, preemptible, maxNodes, taints, selector,
        allocatableCpuMillis, allocatableMemoryMi, origin, Map.of());
  }

  public boolean hasGpu() {
    return gpuCount > 0;
  }
}

package dev.stave.dispatch;

import dev.stave.inventory.Inventory;
import dev.stave.inventory.NodePool;
import dev.stave.model.Toleration;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * GKE's allocatable resources: a node keeps back what GKE documents for the kubelet and system
 * daemons (memory: 25% of the first 4 GiB, 20% of the next 4, 10% of the next 8, 6% of the next 112,
 * 2% above 128 GiB, plus a 100 MiB eviction threshold; cpu: 6% of the first core, 1% of the next,
 * 0.5% of the next 2, 0.25% above 4), and n processes split the rest. Pools are selected by
 * {@code cloud.google.com/gke-nodepool}, which GKE sets on every node.
 */
public final class GkeModel implements AllocationModel {
  public static final String POOL_LABEL = "cloud.google.com/gke-nodepool";
  private static final long EVICTION_MI = 100;

  @Override
  public String name() {
    return "gke";
  }

  @Override
  public SortedMap<String, String> selector(NodePool pool) {
    TreeMap<String, String> out = new TreeMap<>();
    if (pool.selector() != null) {
      out.putAll(pool.selector());
    } else {
      out.put(POOL_LABEL, pool.gkeName());
    }
    return out;
  }

  @Override
  public List<Toleration> tolerations(NodePool pool) {
    return Tolerations.of(pool, "Exists");
  }

  @Override
  public Share machineShare(NodePool pool, int n) {
    long cpu = nodeCpuMillis(pool) / n;
    long memory = nodeMemoryMi(pool) / n;
    Integer gpus = pool.hasGpu() ? Math.max(pool.gpuCount() / n, 1) : null;
    return new Share(BigDecimal.valueOf(cpu, 3).stripTrailingZeros(), memory, gpus);
  }

  /**
   * A request of 0 cpu or 0 MiB would let the pod onto a node that GKE's reserve has already filled, and
   * the capacity check count it as fitting.
   */
  @Override
  public boolean leavesNothing(Share share) {
    return share.cpu() != null && share.cpu().signum() <= 0 || share.memoryMi() != null && share.memoryMi() <= 0;
  }

  /**
   * The smallest pool whose nodes fit the request; non-preemptible pools before preemptible ones. A pool that may
   * have no nodes ({@code max_nodes} 0) comes after every other: the smallest fitting pool would otherwise be one
   * that can never run the pod, while a larger pool could. It is still picked when no other pool fits, so that the
   * capacity check says how to give it nodes.
   */
  @Override
  public Optional<NodePool> infer(Inventory inventory, ResourceRequest r) {
    return infer(inventory, r, null);
  }

  /**
   * The same, among the pools whose nodes also fit the whole pod ({@code pod}, null to look at the request alone) as
   * the capacity check counts it: a pool that fits the schedule's own cpu and memory may be too small for the
   * process's own requests or its group's sum, and the pod would never be scheduled there while a larger pool would
   * take it. A pod whose containers ask for GPUs without the schedule's {@code gpu_count} goes to a GPU pool, and
   * one whose container asks for more than 1 to a pool whose GPUs are not shared, as GKE refuses it on the others.
   */
  @Override
  public Optional<NodePool> infer(Inventory inventory, ResourceRequest r, PodRequest pod) {
    boolean podGpus = pod != null && pod.gpus() > 0;
    return inventory.pools().stream()
        .filter(p -> r.cpu() == null
            || r.cpu().movePointRight(3).compareTo(BigDecimal.valueOf(nodeCpuMillis(p))) <= 0)
        .filter(p -> r.memoryM() == null || r.memoryM().compareTo(BigDecimal.valueOf(nodeMemoryMi(p))) <= 0)
        .filter(p -> r.gpuType() == null || AllocationModel.gpuTypeMatches(p, r.gpuType()))
        .filter(p -> r.gpuCount() != null ? p.gpusPerContainer() >= r.gpuCount()
            : r.gpuType() != null || podGpus || !p.hasGpu())
        .filter(p -> pod == null || pod.cpuMillis() <= nodeCpuMillis(p) && pod.memoryMi() <= nodeMemoryMi(p)
            && pod.gpus() <= p.gpuCount() && pod.containerGpus() <= p.gpusPerContainer())
        .min(Comparator.comparing((NodePool p) -> Integer.valueOf(0).equals(p.maxNodes()))
            .thenComparing(NodePool::preemptible)
            .thenComparingInt(NodePool::gpuCount)
            .thenComparingLong(this::nodeCpuMillis)
            .thenComparingLong(this::nodeMemoryMi)
            .thenComparing(NodePool::name));
  }

  @Override
  public long nodeCpuMillis(NodePool pool) {
    if (pool.allocatableCpuMillis() != null) {
      return pool.allocatableCpuMillis();
    }
    long c = pool.cpu().movePointRight(3).setScale(0, RoundingMode.FLOOR).longValueExact();
    // in ten-thousandths of a millicore: 6%, 1%, 0.5%, 0.25%
    long reserved = 600 * Math.min(c, 1000) + 100 * clamp(c - 1000, 1000) + 50 * clamp(c - 2000, 2000)
        + 25 * Math.max(c - 4000, 0);
    return c - ceilDiv(reserved, 10_000);
  }

  @Override
  public long nodeMemoryMi(NodePool pool) {
    if (pool.allocatableMemoryMi() != null) {
      return pool.allocatableMemoryMi();
    }
    long m = pool.memoryMi();
    // in hundredths of a MiB: 25%, 20%, 10%, 6%, 2%
    long reserved = 25 * Math.min(m, 4096) + 20 * clamp(m - 4096, 4096) + 10 * clamp(m - 8192, 8192)
        + 6 * clamp(m - 16384, 114688) + 2 * Math.max(m - 131072, 0);
    return Math.max(m - ceilDiv(reserved, 100) - EVICTION_MI, 0);
  }

  private static long clamp(long value, long max) {
    return Math.max(0, Math.min(value, max));
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}

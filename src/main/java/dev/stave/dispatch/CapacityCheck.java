package dev.stave.dispatch;

import dev.stave.inventory.Inventory;
import dev.stave.inventory.NodePool;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Packs every pod placed on a pool onto that pool's nodes (first fit, largest first, by cpu, memory and
 * GPUs) and compares the nodes needed with the pool's {@code max_node_count}. None of the seed systems
 * checked this: Symphony's pods simply stayed Pending.
 */
public final class CapacityCheck {
  /** One pod's requests in packing units. */
  public record Pod(String name, long cpuMillis, long memoryMi, long gpus) {}

  private CapacityCheck() {}

  public static List<PoolUsage> usage(Inventory inventory, AllocationModel model, Map<String, List<Pod>> podsByPool) {
    List<PoolUsage> out = new ArrayList<>();
    for (NodePool pool : inventory.pools()) {
      List<Pod> pods = new ArrayList<>(podsByPool.getOrDefault(pool.name(), List.of()));
      long cpu = model.nodeCpuMillis(pool);
      long memory = model.nodeMemoryMi(pool);
      pods.sort(Comparator.comparingLong(Pod::gpus).thenComparingLong(Pod::cpuMillis)
          .thenComparingLong(Pod::memoryMi).reversed().thenComparing(Pod::name));
      List<long[]> nodes = new ArrayList<>();
      for (Pod pod : pods) {
        long[] free = null;
        for (long[] node : nodes) {
          if (node[0] >= pod.cpuMillis() && node[1] >= pod.memoryMi() && node[2] >= pod.gpus()) {
            free = node;
            break;
          }
        }
        if (free == null) {
          free = new long[] {cpu, memory, pool.gpuCount()};
          nodes.add(free);
        }
        free[0] -= pod.cpuMillis();
        free[1] -= pod.memoryMi();
        free[2] -= pod.gpus();
      }
      out.add(new PoolUsage(pool.name(), pods.size(), nodes.size(), pool.maxNodes(),
          pods.stream().mapToLong(Pod::cpuMillis).sum(), pods.stream().mapToLong(Pod::memoryMi).sum(),
          pods.stream().mapToLong(Pod::gpus).sum(), cpu, memory, pool.gpuCount()));
    }
    return out;
  }
}

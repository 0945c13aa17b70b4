package dev.stave.dispatch;

import dev.stave.inventory.Inventory;
import dev.stave.inventory.NodePool;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * Packs every pod placed on a pool onto that pool's nodes (first fit, largest first, by cpu, memory and
 * GPUs) and compares the nodes needed with the pool's {@code max_node_count}. None of the seed systems
 * checked this: Symphony's pods simply stayed Pending.
 *
 * <p>Pods come in runs of identical ones (a process's replicas, times a sweep's instances: up to 10,000
 * of each, so a hundred million pods), and so do nodes, so both are counted rather than listed. First
 * fit of identical pods fills the first node with room as far as it goes, then the next: a run of them
 * is placed group of identical nodes by group, with the same result as placing them one by one.
 */
public final class CapacityCheck {
  /** {@code count} pods of one shape, in packing units. */
  public record Pod(String name, long cpuMillis, long memoryMi, long gpus, long count) {}

  /** {@code count} nodes with the same room left, in the order they were opened. */
  private record Nodes(long cpuMillis, long memoryMi, long gpus, long count) {
    /** How many of the pods one of these nodes still takes; 0 when none. */
    long fits(Pod pod) {
      if (cpuMillis < 0 || memoryMi < 0 || gpus < 0) {
        return 0; // overfull: a pod larger than a node is alone on it
      }
      return Math.min(fits(cpuMillis, pod.cpuMillis()),
          Math.min(fits(memoryMi, pod.memoryMi()), fits(gpus, pod.gpus())));
    }

    private static long fits(long free, long asked) {
      return asked > 0 ? free / asked : Long.MAX_VALUE;
    }

    /** {@code count} of these nodes after each took {@code pods} of them. */
    Nodes taking(Pod pod, long pods, long count) {
      return new Nodes(cpuMillis - pods * pod.cpuMillis(), memoryMi - pods * pod.memoryMi(), gpus - pods * pod.gpus(),
          count);
    }
  }

  private CapacityCheck() {}

  public static List<PoolUsage> usage(Inventory inventory, AllocationModel model, Map<String, List<Pod>> podsByPool) {
    List<PoolUsage> out = new ArrayList<>();
    for (NodePool pool : inventory.pools()) {
      List<Pod> pods = podsByPool.getOrDefault(pool.name(), List.of());
      long cpu = model.nodeCpuMillis(pool);
      long memory = model.nodeMemoryMi(pool);
      out.add(new PoolUsage(pool.name(), pods.stream().mapToLong(Pod::count).sum(),
          nodesNeeded(pods, cpu, memory, pool.gpuCount()), pool.maxNodes(), total(pods, Pod::cpuMillis),
          total(pods, Pod::memoryMi), total(pods, Pod::gpus), cpu, memory, pool.gpuCount()));
    }
    return out;
  }

  private static BigInteger total(List<Pod> pods, ToLongFunction<Pod> each) {
    return pods.stream().map(p -> BigInteger.valueOf(each.applyAsLong(p)).multiply(BigInteger.valueOf(p.count())))
        .reduce(BigInteger.ZERO, BigInteger::add);
  }

  /** The nodes of {@code cpu} millicores, {@code memory} MiB and {@code gpus} GPUs that first fit needs. */
  static long nodesNeeded(List<Pod> pods, long cpu, long memory, long gpus) {
    List<Pod> largestFirst = new ArrayList<>(pods);
    largestFirst.sort(Comparator.comparingLong(Pod::gpus).thenComparingLong(Pod::cpuMillis)
        .thenComparingLong(Pod::memoryMi).reversed().thenComparing(Pod::name));
    List<Nodes> nodes = new ArrayList<>();
    for (Pod pod : largestFirst) {
      place(pod, nodes, new Nodes(cpu, memory, gpus, 1));
    }
    return nodes.stream().mapToLong(Nodes::count).sum();
  }

  /** First fit of {@code pod.count()} identical pods onto the nodes, opening nodes like {@code fresh} as needed. */
  private static void place(Pod pod, List<Nodes> nodes, Nodes fresh) {
    long left = pod.count();
    for (int i = 0; i < nodes.size() && left > 0; i++) {
      Nodes group = nodes.get(i);
      long each = group.fits(pod);
      if (each == 0) {
        continue;
      }
      long filled = Math.min(group.count(), left / each);
      long partial = filled < group.count() ? left - filled * each : 0;
      List<Nodes> split = new ArrayList<>(3);
      if (filled > 0) {
        split.add(group.taking(pod, each, filled));
      }
      if (partial > 0) {
        split.add(group.taking(pod, partial, 1));
      }
      long untouched = group.count() - filled - (partial > 0 ? 1 : 0);
      if (untouched > 0) {
        split.add(group.taking(pod, 0, untouched));
      }
      left -= filled * each + partial;
      nodes.remove(i);
      nodes.addAll(i, split);
      i += split.size() - 1;
    }
    if (left > 0) {
      // A pod larger than a node still gets a node of its own, as it would wait for one.
      long each = Math.max(fresh.fits(pod), 1);
      long full = left / each;
      if (full > 0) {
        nodes.add(fresh.taking(pod, each, full));
      }
      if (left % each > 0) {
        nodes.add(fresh.taking(pod, left % each, 1));
      }
    }
  }
}

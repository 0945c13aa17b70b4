package dev.stave.dispatch;

import dev.stave.inventory.Inventory;
import dev.stave.inventory.NodePool;
import dev.stave.model.Toleration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SortedMap;

/**
 * How a placement on a pool becomes a node selector, tolerations and requests. Two models: Symphony's
 * bit for bit ({@link SymphonyModel}), and GKE's allocatable memory and cpu ({@link GkeModel}).
 */
public interface AllocationModel {
  String name();

  SortedMap<String, String> selector(NodePool pool);

  List<Toleration> tolerations(NodePool pool);

  /** One of {@code n} equal shares of a node ({@code assign_to = machine}). */
  Share machineShare(NodePool pool, int n);

  /**
   * Whether one of a node's shares ({@link #machineShare}) leaves nothing to run a process: the system's
   * reserve took the whole node. A negative share always does; a model may refuse an empty one too.
   */
  default boolean leavesNothing(Share share) {
    return negative(share);
  }

  static boolean negative(Share share) {
    return share.cpu() != null && share.cpu().signum() < 0 || share.memoryMi() != null && share.memoryMi() < 0;
  }

  /**
   * Whether a pool's GPU type contains the asked one, in any case, as whole parts between '-' or other
   * characters that are no letter or digit: GKE writes {@code nvidia-l4}, NVIDIA's feature discovery
   * {@code NVIDIA-L4}, and {@code gpu_type = l4} means either, but not {@code nvidia-l40s}, another GPU.
   * Symphony matched any substring of the lowercase types of GKE that its inventories hold; on those, a
   * type asked by whole parts ({@code k80}, {@code tesla-t4}, {@code a100}) matches the same pools.
   */
  static boolean gpuTypeMatches(NodePool pool, String asked) {
    if (pool.gpuType() == null) {
      return false;
    }
    String type = pool.gpuType().toLowerCase(Locale.ROOT);
    String part = asked.toLowerCase(Locale.ROOT);
    for (int at = type.indexOf(part); at >= 0; at = type.indexOf(part, at + 1)) {
      int end = at + part.length();
      if ((at == 0 || !Character.isLetterOrDigit(type.charAt(at - 1)))
          && (end == type.length() || !Character.isLetterOrDigit(type.charAt(end)))) {
        return true;
      }
    }
    return false;
  }

  /** The pool that {@code assign_to = resource} picks when no pool is named. */
  Optional<NodePool> infer(Inventory inventory, ResourceRequest request);

  /**
   * The same, knowing what the whole pod asks for ({@code pod}): a group's other processes and the process's own
   * requests may ask for more than the schedule does. Symphony picked by the schedule's arguments alone, and its
   * model keeps doing so.
   */
  default Optional<NodePool> infer(Inventory inventory, ResourceRequest request, PodRequest pod) {
    return infer(inventory, request);
  }

  /** What one node offers pods, in millicores: the limit for one request and the bin for packing. */
  long nodeCpuMillis(NodePool pool);

  long nodeMemoryMi(NodePool pool);

  static AllocationModel named(String name) {
    return "symphony".equals(name) ? new SymphonyModel() : new GkeModel();
  }
}

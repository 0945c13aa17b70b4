package dev.stave.dispatch;

import dev.stave.inventory.Inventory;
import dev.stave.inventory.NodePool;
import dev.stave.model.Toleration;
import java.util.List;
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

  /** The pool that {@code assign_to = resource} picks when no pool is named. */
  Optional<NodePool> infer(Inventory inventory, ResourceRequest request);

  /** What one node offers pods, in millicores: the limit for one request and the bin for packing. */
  long nodeCpuMillis(NodePool pool);

  long nodeMemoryMi(NodePool pool);

  static AllocationModel named(String name) {
    return "symphony".equals(name) ? new SymphonyModel() : new GkeModel();
  }
}

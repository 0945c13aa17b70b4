package dev.stave.dispatch;

import dev.stave.inventory.Inventory;
import dev.stave.inventory.NodePool;
import dev.stave.model.Toleration;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Symphony's GKEDispatcher, bit for bit: selector {@code name: <labels.name>}; 0.6 cpu per node kept
 * back and the rest split in n, truncated to 3 decimals; memory split in n + 1; GPUs split in n, at
 * least one. The arithmetic is in doubles because Symphony's is Python floats.
 */
public final class SymphonyModel implements AllocationModel {
  private static final double RESERVED_CPU = 0.6;

  @Override
  public String name() {
    return "symphony";
  }

  @Override
  public SortedMap<String, String> selector(NodePool pool) {
    if (pool.selector() != null) {
      return new TreeMap<>(pool.selector());
    }
    TreeMap<String, String> out = new TreeMap<>();
    out.put("name", pool.labelName() != null ? pool.labelName() : pool.name());
    return out;
  }

  @Override
  public List<Toleration> tolerations(NodePool pool) {
    // Symphony: a taint without a value gets no operator (Kubernetes then reads Equal with an empty value).
    return Tolerations.of(pool, null);
  }

  @Override
  public Share machineShare(NodePool pool, int n) {
    double cpu = pool.cpu().doubleValue();
    long thousandths = (long) Math.floor(((cpu - RESERVED_CPU) / n) * 1000);
    long memory = (long) Math.floor(pool.memoryMi() / (double) (n + 1));
    Integer gpus = pool.hasGpu() ? Math.max((int) Math.floor(pool.gpuCount() / (double) n), 1) : null;
    return new Share(BigDecimal.valueOf(thousandths, 3).stripTrailingZeros(), memory, gpus);
  }

  /** Symphony: the first pool in name order that is strictly larger; a GPU type matches by whole parts in any case. */
  @Override
  public Optional<NodePool> infer(Inventory inventory, ResourceRequest r) {
    for (NodePool pool : inventory.pools()) {
      if (r.memoryM() != null && BigDecimal.valueOf(pool.memoryMi()).compareTo(r.memoryM()) <= 0) {
        continue;
      }
      if (r.cpu() != null && pool.cpu().compareTo(r.cpu()) <= 0) {
        continue;
      }
      if (r.gpuType() != null && !AllocationModel.gpuTypeMatches(pool, r.gpuType())) {
        continue;
      }
      if (r.gpuCount() != null ? !pool.hasGpu() || pool.gpusPerContainer() < r.gpuCount() : pool.hasGpu()) {
        continue;
      }
      return Optional.of(pool);
    }
    return Optional.empty();
  }

  @Override
  public long nodeCpuMillis(NodePool pool) {
    return (long) Math.floor((pool.cpu().doubleValue() - RESERVED_CPU) * 1000 + 1e-6);
  }

  @Override
  public long nodeMemoryMi(NodePool pool) {
    return pool.memoryMi();
  }
}

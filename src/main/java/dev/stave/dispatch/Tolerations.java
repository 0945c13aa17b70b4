package dev.stave.dispatch;

import dev.stave.inventory.NodePool;
import dev.stave.inventory.Taint;
import dev.stave.model.Toleration;
import java.util.ArrayList;
import java.util.List;

final class Tolerations {
  /** GKE taints GPU nodes with this; Symphony adds the matching toleration on every GPU pool. */
  static final Toleration GPU = new Toleration("nvidia.com/gpu", "Exists", null, "NoSchedule", null);

  private Tolerations() {}

  /**
   * One toleration per taint, in the file's order, then the GPU one; repeats dropped as Symphony's
   * add_toleration does. {@code valueless} is the operator for a taint without a value.
   */
  static List<Toleration> of(NodePool pool, String valueless) {
    List<Toleration> out = new ArrayList<>();
    for (Taint t : pool.taints()) {
      Toleration toleration = new Toleration(t.key(), t.value() != null ? "Equal" : valueless, t.value(), t.effect(), null);
      if (!out.contains(toleration)) {
        out.add(toleration);
      }
    }
    if (pool.hasGpu() && !out.contains(GPU)) {
      out.add(GPU);
    }
    return List.copyOf(out);
  }
}

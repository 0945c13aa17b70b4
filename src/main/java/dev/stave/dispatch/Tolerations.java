package dev.stave.dispatch;

import dev.stave.inventory.NodePool;
import dev.stave.inventory.Taint;
import dev.stave.model.Resources;
import dev.stave.model.Toleration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

final class Tolerations {
  /** GKE taints GPU nodes with this; Symphony adds the matching toleration on every GPU pool. */
  static final Toleration GPU = new Toleration(Resources.GPU, "Exists", null, "NoSchedule", null);

  /**
   * The taint GKE gives the nodes of a GPU pool in a cluster that has nodes without GPUs too, which
   * inventories do not list; GKE's ExtendedResourceToleration admission gives a pod that asks for GPUs
   * {@link #GPU}.
   */
  static final Taint GKE_GPU = new Taint(Resources.GPU, "present", "NoSchedule");

  private Tolerations() {}

  /**
   * One toleration per taint, in the file's order, then the GPU one; repeats dropped as Symphony's
   * add_toleration does. {@code valueless} is the operator for a taint without a value.
   */
  static List<Toleration> of(NodePool pool, String valueless) {
    List<Toleration> out = new ArrayList<>();
    for (Taint t : pool.taints()) {
      Toleration toleration = new Toleration(t.key(), t.value() != null ? "Equal" : valueless,
          t.value(), t.effect(), null);
      if (!out.contains(toleration)) {
        out.add(toleration);
      }
    }
    if (pool.hasGpu() && !out.contains(GPU)) {
      out.add(GPU);
    }
    return List.copyOf(out);
  }

  /**
   * The taints of a pool's nodes that keep a pod with {@code tolerations} off them, in their order: the
   * scheduler's TaintToleration filter looks at NoSchedule and NoExecute only, since PreferNoSchedule
   * merely makes it avoid a node.
   */
  static List<Taint> untolerated(List<Taint> taints, List<Toleration> tolerations) {
    List<Taint> out = new ArrayList<>();
    for (Taint taint : taints) {
      boolean blocks = "NoSchedule".equals(taint.effect()) || "NoExecute".equals(taint.effect());
      if (blocks && tolerations.stream().noneMatch(t -> tolerates(t, taint)) && !out.contains(taint)) {
        out.add(taint);
      }
    }
    return out;
  }

  /**
   * Whether {@code t} tolerates {@code taint}, as Kubernetes decides it (core/v1 Toleration.ToleratesTaint):
   * an empty effect matches every effect and an empty key every key; operator Exists matches every value,
   * Equal (and an empty operator, its default) only the same one, where a missing value is ""; any other
   * operator matches nothing. tolerationSeconds does not matter to whether a pod may be placed.
   */
  static boolean tolerates(Toleration t, Taint taint) {
    if (!empty(t.effect()) && !t.effect().equals(taint.effect())) {
      return false;
    }
    if (!empty(t.key()) && !t.key().equals(taint.key())) {
      return false;
    }
    if (empty(t.operator()) || t.operator().equals("Equal")) {
      return text(t.value()).equals(text(taint.value()));
    }
    return t.operator().equals("Exists");
  }

  /**
   * The tolerations of a pod override's {@code tolerations} (null, as the merge writes it, is none), or
   * null when it is not a list of tolerations with string fields, which the check of the rendered
   * object reports.
   */
  static List<Toleration> read(Object tolerations) {
    if (tolerations == null) {
      return List.of();
    }
    if (!(tolerations instanceof List<?> items)) {
      return null;
    }
    List<Toleration> out = new ArrayList<>();
    for (Object item : items) {
      if (!(item instanceof Map<?, ?> m)) {
        return null;
      }
      List<String> fields = new ArrayList<>();
      for (String field : List.of("key", "operator", "value", "effect")) {
        Object v = m.get(field);
        if (v != null && !(v instanceof String)) {
          return null;
        }
        fields.add((String) v);
      }
      out.add(new Toleration(fields.get(0), fields.get(1), fields.get(2), fields.get(3), null));
    }
    return out;
  }

  /**
   * The toleration of one taint, as the gke model writes it (GKE's GPU taint as {@link #GPU}), for a hint
   * in a config's syntax.
   */
  static String describe(Taint taint) {
    return "{key: \"" + taint.key() + "\", operator: " + (taint.equals(GKE_GPU) || empty(taint.value()) ? "Exists"
        : "Equal, value: \"" + taint.value() + "\"") + ", effect: " + taint.effect() + "}";
  }

  private static boolean empty(String s) {
    return s == null || s.isEmpty();
  }

  private static String text(String s) {
    return s == null ? "" : s;
  }
}

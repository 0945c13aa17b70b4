package dev.stave.compile;

import dev.stave.dispatch.Placement;
import dev.stave.model.Process;
import dev.stave.model.Resources;
import dev.stave.model.Toleration;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * How a dispatcher placement meets what the config says itself: the config's own node selector
 * entries, tolerations, requests and limits win over the placement's, so a user can always adjust one;
 * the placement's requests win over the experiment's or context's default {@code resources}.
 */
public final class Placements {
  private Placements() {}

  public static SortedMap<String, String> nodeSelector(Placement placement, SortedMap<String, String> own) {
    if (placement == null) {
      return own;
    }
    TreeMap<String, String> out = new TreeMap<>(placement.nodeSelector());
    out.putAll(own);
    return out;
  }

  /** The placement's tolerations first (taints in the inventory's order), then the config's own. */
  public static List<Toleration> tolerations(Placement placement, List<Toleration> own) {
    if (placement == null) {
      return own;
    }
    List<Toleration> out = new ArrayList<>(placement.tolerations());
    for (Toleration t : own) {
      if (!out.contains(t)) {
        out.add(t);
      }
    }
    return out;
  }

  public static Resources resources(Placement placement, Process process) {
    return process.resources().over(placement == null ? null : placement.containers().get(process.name()));
  }
}

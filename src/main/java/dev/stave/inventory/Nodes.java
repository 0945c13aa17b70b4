package dev.stave.inventory;

import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.model.LabelRules;
import dev.stave.model.Names;
import java.util.List;

/** Small typed look-ups on config trees that no schema has checked (Terraform files are read as they are). */
final class Nodes {

  private Nodes() {}

  /**
   * Whether a value that goes into a node selector or a toleration is a Kubernetes label value; if not,
   * says so: the API server would refuse the compiled objects.
   */
  static boolean labelValue(String value, String what, Origin origin, String path, List<Diagnostic> problems) {
    if (value == null || LabelRules.validValue(value)) {
      return true;
    }
    problems.add(Diagnostic.error(origin, path, "inventory-label-value",
        what + " '" + Names.printable(value) + "' is not a Kubernetes label value, so it cannot select nodes",
        "use at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit"));
    return false;
  }

  /**
   * Whether a taint key is a Kubernetes label key; if not, says so: the toleration stave writes for it
   * would be refused by the API server.
   */
  static boolean taintKey(String key, Origin origin, String path, List<Diagnostic> problems) {
    if (key == null || LabelRules.validKey(key)) {
      return true;
    }
    problems.add(Diagnostic.error(origin, path, "inventory-taint-key",
        "the taint key '" + Names.printable(key) + "' is not a Kubernetes label key, so no toleration can name it",
        "use a name of at most 63 letters, digits, '-', '_' and '.', with an optional DNS prefix and '/'"
            + " (such as nvidia.com/gpu)"));
    return false;
  }

  /** The value at {@code key}; null when absent, as when kubectl or Terraform writes {@code null}. */
  static Node get(MapNode map, String key) {
    Node n = map == null ? null : map.get(key);
    return n instanceof ScalarNode s && s.value() == null ? null : n;
  }

  static MapNode map(MapNode map, String key) {
    return map != null && map.get(key) instanceof MapNode m ? m : null;
  }

  static List<Node> list(MapNode map, String key) {
    return map != null && map.get(key) instanceof ListNode l ? l.items() : List.of();
  }

  static String string(MapNode map, String key) {
    return map != null && map.get(key) instanceof ScalarNode s && s.isString() ? s.text() : null;
  }

  static ScalarNode scalar(MapNode map, String key) {
    return map != null && map.get(key) instanceof ScalarNode s && s.value() != null ? s : null;
  }

  static boolean bool(MapNode map, String key) {
    return map != null && map.get(key) instanceof ScalarNode s && Boolean.TRUE.equals(s.value());
  }

  /** The integer at {@code key}; null when it is absent or beyond an int, which a schema maximum refuses. */
  static Integer integer(MapNode map, String key) {
    // bitLength leaves out the sign bit.
    return map != null && map.get(key) instanceof ScalarNode s && s.value() instanceof java.math.BigInteger i
        && i.bitLength() < 32 ? i.intValue() : null;
  }

  /** Terraform writes NO_SCHEDULE, Kubernetes NoSchedule; both are accepted. */
  static String effect(String given) {
    return switch (given) {
      case "NO_SCHEDULE", "NoSchedule" -> "NoSchedule";
      case "PREFER_NO_SCHEDULE", "PreferNoSchedule" -> "PreferNoSchedule";
      case "NO_EXECUTE", "NoExecute" -> "NoExecute";
      default -> null;
    };
  }
}

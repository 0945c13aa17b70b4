package dev.stave.model;

import dev.stave.config.MapNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.util.List;

/**
 * Kubernetes's rules for one toleration (pkg/apis/core/validation ValidateTolerations), past what the
 * schema's enums check: a toleration names a taint, so its key and value follow the label rules.
 */
final class TolerationRules {
  private TolerationRules() {}

  /** Whether {@code t}, read from {@code m} at {@code path}, is valid; every rule it breaks becomes an error. */
  static boolean check(Toleration t, MapNode m, String path, List<Diagnostic> problems) {
    int before = problems.size();
    boolean hasKey = t.key() != null && !t.key().isEmpty();
    boolean exists = "Exists".equals(t.operator());
    if (hasKey && !LabelRules.validKey(t.key())) {
      problems.add(Diagnostic.error(m.get("key").origin(), path + ".key", "toleration-key",
          "'" + Names.printable(t.key()) + "' is not a valid toleration key (a taint key is written like a label key)",
          LabelRules.KEY_HINT));
    }
    if (!hasKey && !exists) {
      Origin origin = m.has("operator") ? m.get("operator").origin() : m.origin();
      problems.add(Diagnostic.error(origin, m.has("operator") ? path + ".operator" : path, "toleration-operator",
          "a toleration without a key must have operator Exists (it then tolerates every taint), and this one's"
              + " operator is " + (t.operator() == null ? "Equal, the default" : t.operator()),
          "add the key of the taint to tolerate, or set operator to Exists"));
    }
    if (exists && t.value() != null && !t.value().isEmpty()) {
      problems.add(Diagnostic.error(m.get("value").origin(), path + ".value", "toleration-value",
          "a toleration with operator Exists matches every value, so it cannot have value '"
              + Names.printable(t.value()) + "'",
          "remove 'value', or set operator to Equal to tolerate only that value"));
    } else if (!exists && t.value() != null && !LabelRules.validValue(t.value())) {
      problems.add(Diagnostic.error(m.get("value").origin(), path + ".value", "toleration-value",
          "'" + Names.printable(t.value()) + "' is not a valid toleration value (a taint value is written like a"
              + " label value)",
          LabelRules.VALUE_HINT));
    }
    if (t.tolerationSeconds() != null && !"NoExecute".equals(t.effect())) {
      problems.add(Diagnostic.error(m.keyOrigin("toleration_seconds"), path + ".toleration_seconds",
          "toleration-seconds",
          "toleration_seconds applies only to effect NoExecute, and this toleration's effect is "
              + (t.effect() == null ? "not set" : t.effect()),
          "set effect to NoExecute, or remove toleration_seconds"));
    }
    return problems.size() == before;
  }
}

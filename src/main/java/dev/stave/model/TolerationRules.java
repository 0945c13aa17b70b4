package dev.stave.model;

import dev.stave.config.MapNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.util.EnumSet;
import java.util.List;

/**
 * Kubernetes's rules for one toleration (pkg/apis/core/validation ValidateTolerations), past what the
 * schema's enums check: a toleration names a taint, so its key and value follow the label rules.
 */
public final class TolerationRules {
  private TolerationRules() {}

  /** A rule of the API server's that a toleration can break. */
  public enum Broken { KEY, KEYLESS_NOT_EXISTS, VALUE_WITH_EXISTS, VALUE, SECONDS_WITHOUT_NO_EXECUTE }

  /**
   * The rules a toleration breaks, whoever wrote it: the config's own {@code tolerations} and a pod
   * override's. A missing key or value is null or empty; {@code operator} null is Equal, the default.
   */
  public static EnumSet<Broken> broken(String key, String operator, String value, String effect, boolean seconds) {
    EnumSet<Broken> broken = EnumSet.noneOf(Broken.class);
    boolean hasKey = key != null && !key.isEmpty();
    boolean exists = "Exists".equals(operator);
    if (hasKey && !LabelRules.validKey(key)) {
      broken.add(Broken.KEY);
    }
    if (!hasKey && !exists) {
      broken.add(Broken.KEYLESS_NOT_EXISTS);
    }
    if (exists && value != null && !value.isEmpty()) {
      broken.add(Broken.VALUE_WITH_EXISTS);
    } else if (!exists && value != null && !LabelRules.validValue(value)) {
      broken.add(Broken.VALUE);
    }
    if (seconds && !"NoExecute".equals(effect)) {
      broken.add(Broken.SECONDS_WITHOUT_NO_EXECUTE);
    }
    return broken;
  }

  /** Whether {@code t}, read from {@code m} at {@code path}, is valid; every rule it breaks becomes an error. */
  static boolean check(Toleration t, MapNode m, String path, List<Diagnostic> problems) {
    EnumSet<Broken> broken = broken(t.key(), t.operator(), t.value(), t.effect(), t.tolerationSeconds() != null);
    if (broken.contains(Broken.KEY)) {
      problems.add(Diagnostic.error(m.get("key").origin(), path + ".key", "toleration-key",
          "'" + Names.printable(t.key()) + "' is not a valid toleration key (a taint key is written like a label key)",
          LabelRules.KEY_HINT));
    }
    if (broken.contains(Broken.KEYLESS_NOT_EXISTS)) {
      Origin origin = m.has("operator") ? m.get("operator").origin() : m.origin();
      problems.add(Diagnostic.error(origin, m.has("operator") ? path + ".operator" : path, "toleration-operator",
          "a toleration without a key must have operator Exists (it then tolerates every taint), and this one's"
              + " operator is " + (t.operator() == null ? "Equal, the default" : t.operator()),
          "add the key of the taint to tolerate, or set operator to Exists"));
    }
    if (broken.contains(Broken.VALUE_WITH_EXISTS)) {
      problems.add(Diagnostic.error(m.get("value").origin(), path + ".value", "toleration-value",
          "a toleration with operator Exists matches every value, so it cannot have value '"
              + Names.printable(t.value()) + "'",
          "remove 'value', or set operator to Equal to tolerate only that value"));
    } else if (broken.contains(Broken.VALUE)) {
      problems.add(Diagnostic.error(m.get("value").origin(), path + ".value", "toleration-value",
          "'" + Names.printable(t.value()) + "' is not a valid toleration value (a taint value is written like a"
              + " label value)",
          LabelRules.VALUE_HINT));
    }
    if (broken.contains(Broken.SECONDS_WITHOUT_NO_EXECUTE)) {
      problems.add(Diagnostic.error(m.keyOrigin("toleration_seconds"), path + ".toleration_seconds",
          "toleration-seconds",
          "toleration_seconds applies only to effect NoExecute, and this toleration's effect is "
              + (t.effect() == null ? "not set" : t.effect()),
          "set effect to NoExecute, or remove toleration_seconds"));
    }
    return broken.isEmpty();
  }
}

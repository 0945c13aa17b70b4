package dev.stave.model;

import dev.stave.config.MapNode;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Printable;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Kubernetes's rules for label keys and values, shared by every place a user writes labels or node
 * selectors, so that one message and one hint describe each rule.
 */
public final class LabelRules {
  private static final Pattern VALUE = Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");
  private static final Pattern NAME = Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
  public static final String KEY_HINT =
      "a label key is an optional DNS prefix and '/', then up to 63 letters, digits, '-', '_' or '.'";
  public static final String VALUE_HINT =
      "a label value has at most 63 letters, digits, '-', '_' or '.', and starts and ends with a letter or digit";

  private LabelRules() {}

  public static boolean validKey(String key) {
    int slash = key.indexOf('/');
    String prefix = slash < 0 ? null : key.substring(0, slash);
    String name = slash < 0 ? key : key.substring(slash + 1);
    if (prefix != null && !Names.isDns1123Subdomain(prefix)) {
      return false;
    }
    return name.length() <= Names.MAX_LABEL && NAME.matcher(name).matches();
  }

  public static boolean validValue(String value) {
    return value.length() <= Names.MAX_LABEL && VALUE.matcher(value).matches();
  }

  /** Labels stave sets itself: a user may not set them, or selectors could match the wrong pods. */
  static boolean reserved(String key) {
    return key.startsWith("app.kubernetes.io/") || key.startsWith("stave.dev/") || key.contains(".stave.dev/");
  }

  /**
   * The valid entries of a labels map; every invalid or reserved key ({@code alsoReserved} adds
   * kind-specific ones) and invalid value becomes a diagnostic under {@code jsonPath}.
   */
  static TreeMap<String, String> read(MapNode labels, String jsonPath, Set<String> alsoReserved, String what,
      List<Diagnostic> problems) {
    TreeMap<String, String> out = new TreeMap<>();
    if (labels == null) {
      return out;
    }
    labels.entries().forEach((k, v) -> {
      String value = ((ScalarNode) v).text();
      String path = jsonPath + "." + Printable.pathKey(k);
      if (!validKey(k)) {
        problems.add(Diagnostic.error(labels.keyOrigin(k), path, "label-key",
            "'" + Names.printable(k) + "' is not a valid " + what + " key", Names.keyHint(k, KEY_HINT)));
      } else if (alsoReserved != null && (reserved(k) || alsoReserved.contains(k))) {
        problems.add(Diagnostic.error(labels.keyOrigin(k), path, "label-reserved",
            "label '" + k + "' is set by stave itself",
            "choose another key; stave sets " + (alsoReserved.isEmpty()
                ? "app.kubernetes.io/* and stave.dev/* labels"
                : "app.kubernetes.io/*, stave.dev/* and " + String.join(", ", new TreeSet<>(alsoReserved)))));
      } else if (!validValue(value)) {
        problems.add(Diagnostic.error(v.origin(), path, "label-value",
            "'" + Names.printable(value) + "' is not a valid " + what + " value", VALUE_HINT));
      } else {
        out.put(k, value);
      }
    });
    return out;
  }
}

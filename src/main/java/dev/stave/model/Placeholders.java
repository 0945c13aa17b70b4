package dev.stave.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Sweep parameters in {@code command}, {@code args} and {@code env} values: {@code {{lr}}} is the point's
 * value of {@code lr}; {@code {{{{} writes a literal {@code {{}. Any other {@code {{} (e.g. {@code {{ x }}},
 * with spaces) is left as written, so that most template syntax of other tools passes through.
 */
public final class Placeholders {
  private Placeholders() {}

  /** The parameter names that {@code text} refers to, in order. */
  public static List<String> names(String text) {
    List<String> out = new ArrayList<>();
    scan(text, null, out);
    return out;
  }

  /** {@code text} with every placeholder replaced by its value and every {@code {{{{} by {@code {{}. */
  public static String substitute(String text, Map<String, String> values) {
    if (text.indexOf("{{") < 0) {
      return text;
    }
    return scan(text, values, null);
  }

  private static String scan(String text, Map<String, String> values, List<String> names) {
    StringBuilder out = new StringBuilder(text.length());
    int i = 0;
    while (i < text.length()) {
      if (text.startsWith("{{{{", i)) {
        out.append("{{");
        i += 4;
        continue;
      }
      if (text.startsWith("{{", i)) {
        int end = text.indexOf("}}", i + 2);
        String name = end < 0 ? null : text.substring(i + 2, end);
        if (name != null && name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
          if (names != null) {
            names.add(name);
          }
          String value = values == null ? null : values.get(name);
          out.append(value != null ? value : text, value != null ? 0 : i, value != null ? value.length() : end + 2);
          i = end + 2;
          continue;
        }
      }
      out.append(text.charAt(i));
      i++;
    }
    return out.toString();
  }
}

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
  private static final String NAME = "[A-Za-z_][A-Za-z0-9_]*";

  private Placeholders() {}

  /** The parameter names that {@code text} refers to, in order. */
  public static List<String> names(String text) {
    List<String> out = new ArrayList<>();
    scan(text, null, out, null);
    return out;
  }

  /**
   * The names written with blank space inside the braces ({@code {{ lr }}}), in order: those are left as
   * written, which a user who meant the parameter would not see until the program got the braces.
   */
  public static List<String> spacedNames(String text) {
    List<String> out = new ArrayList<>();
    scan(text, null, null, out);
    return out;
  }

  /** {@code text} with every placeholder replaced by its value and every {@code {{{{} by {@code {{}. */
  public static String substitute(String text, Map<String, String> values) {
    if (text.indexOf("{{") < 0) {
      return text;
    }
    return scan(text, values, null, null);
  }

  private static String scan(String text, Map<String, String> values, List<String> names, List<String> spaced) {
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
        if (name != null && name.matches(NAME)) {
          if (names != null) {
            names.add(name);
          }
          String value = values == null ? null : values.get(name);
          out.append(value != null ? value : text, value != null ? 0 : i, value != null ? value.length() : end + 2);
          i = end + 2;
          continue;
        }
        if (name != null && spaced != null && name.strip().matches(NAME)) {
          spaced.add(name.strip());
        }
      }
      out.append(text.charAt(i));
      i++;
    }
    return out.toString();
  }
}

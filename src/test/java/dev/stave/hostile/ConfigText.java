package dev.stave.hostile;

import dev.stave.render.CanonicalYaml;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes one config tree (maps, lists, strings, integers, booleans, {@link Written} numbers) as YAML and
 * as HOCON, so that a property can check that both formats mean the same thing. Every string is quoted
 * in both.
 */
final class ConfigText {
  private ConfigText() {}

  /** A number written bare, exactly as this text ({@code 007}, {@code 1.50}, {@code 1e3}), in both formats. */
  record Written(String text) {
    @Override
    public String toString() {
      return text;
    }
  }

  /** Where the emitter wrote a {@link Written} number: a plain scalar that no generated string spells. */
  private static final Pattern WRITTEN = Pattern.compile("\\bzzwritten(\\d+)zz$", Pattern.MULTILINE);

  /** YAML through stave's own emitter; {@code ${} is escaped as {@code $${} because YAML files interpolate. */
  static String yaml(Object tree) {
    List<String> written = new ArrayList<>();
    String text = CanonicalYaml.emit(escapeInterpolation(tree, written));
    Matcher m = WRITTEN.matcher(text);
    StringBuilder out = new StringBuilder();
    int replaced = 0;
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(written.get(Integer.parseInt(m.group(1)))));
      replaced++;
    }
    m.appendTail(out);
    if (replaced != written.size()) {
      throw new IllegalStateException("the emitter quoted a written number: " + text);
    }
    return out.toString();
  }

  private static Object escapeInterpolation(Object value, List<String> written) {
    if (value instanceof Written w) {
      written.add(w.text());
      return "zzwritten" + (written.size() - 1) + "zz";
    }
    if (value instanceof String s) {
      return s.replace("${", "$${");
    }
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>();
      map.forEach((k, v) -> out.put((String) k, escapeInterpolation(v, written)));
      return out;
    }
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>();
      list.forEach(v -> out.add(escapeInterpolation(v, written)));
      return out;
    }
    return value;
  }

  /** HOCON with every key and string as a JSON string, which HOCON never substitutes or splits. */
  static String hocon(Object tree) {
    StringBuilder out = new StringBuilder();
    write(tree, out, "");
    return out.append('\n').toString();
  }

  private static void write(Object value, StringBuilder out, String indent) {
    if (value instanceof Map<?, ?> map) {
      out.append("{\n");
      for (Map.Entry<?, ?> e : map.entrySet()) {
        out.append(indent).append("  ").append(quote((String) e.getKey())).append(" = ");
        write(e.getValue(), out, indent + "  ");
        out.append('\n');
      }
      out.append(indent).append('}');
    } else if (value instanceof List<?> list) {
      out.append("[");
      for (int i = 0; i < list.size(); i++) {
        out.append(i == 0 ? "" : ", ");
        write(list.get(i), out, indent + "  ");
      }
      out.append(']');
    } else if (value instanceof String s) {
      out.append(quote(s));
    } else if (value instanceof Integer || value instanceof Long || value instanceof BigInteger
        || value instanceof Boolean || value instanceof Written) {
      out.append(value);
    } else if (value == null) {
      out.append("null");
    } else {
      throw new IllegalArgumentException("no HOCON for " + value.getClass());
    }
  }

  static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    s.chars().forEach(c -> {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0) || c == 0x2028 || c == 0x2029 || c == 0xFEFF) {
            b.append(String.format(java.util.Locale.ROOT, "\\u%04x", c));
          } else {
            b.append((char) c);
          }
        }
      }
    });
    return b.append('"').toString();
  }
}

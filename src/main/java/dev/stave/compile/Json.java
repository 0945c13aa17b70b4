package dev.stave.compile;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Canonical JSON for generated files: keys sorted (HOCON has no key order, and both formats must give
 * the same bytes), two-space indent, and everything outside printable ASCII escaped.
 */
final class Json {
  private Json() {}

  static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out, "");
    return out.append('\n').toString();
  }

  private static void write(Object value, StringBuilder out, String indent) {
    if (value instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        out.append("{}");
        return;
      }
      TreeMap<String, Object> sorted = new TreeMap<>();
      map.forEach((k, v) -> sorted.put(String.valueOf(k), v));
      out.append("{\n");
      String inner = indent + "  ";
      int i = 0;
      for (Map.Entry<String, Object> e : sorted.entrySet()) {
        out.append(inner).append(string(e.getKey(), false)).append(": ");
        write(e.getValue(), out, inner);
        out.append(++i < sorted.size() ? ",\n" : "\n");
      }
      out.append(indent).append('}');
    } else if (value instanceof List<?> list) {
      if (list.isEmpty()) {
        out.append("[]");
        return;
      }
      out.append("[\n");
      String inner = indent + "  ";
      for (int i = 0; i < list.size(); i++) {
        out.append(inner);
        write(list.get(i), out, inner);
        out.append(i + 1 < list.size() ? ",\n" : "\n");
      }
      out.append(indent).append(']');
    } else if (value == null) {
      out.append("null");
    } else if (value instanceof Boolean || value instanceof Long || value instanceof Integer
        || value instanceof BigInteger) {
      out.append(value);
    } else if (value instanceof BigDecimal d) {
      out.append(d.toString());
    } else {
      out.append(string(String.valueOf(value), false));
    }
  }

  /**
   * A double-quoted string. With {@code python}, characters beyond the BMP are written as
   * {@code \UXXXXXXXX}, because Python does not join {@code \\u} surrogate pairs the way JSON does.
   */
  static String string(String text, boolean python) {
    StringBuilder b = new StringBuilder(text.length() + 2).append('"');
    text.codePoints().forEach(cp -> {
      if (cp == '"') {
        b.append("\\\"");
      } else if (cp == '\\') {
        b.append("\\\\");
      } else if (cp == '\n') {
        b.append("\\n");
      } else if (cp >= 0x20 && cp < 0x7f) {
        b.appendCodePoint(cp);
      } else if (cp > 0xffff && python) {
        b.append(String.format(java.util.Locale.ROOT, "\\U%08x", cp));
      } else {
        for (char c : Character.toChars(cp)) {
          b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
        }
      }
    });
    return b.append('"').toString();
  }
}

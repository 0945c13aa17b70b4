package dev.stave.compile;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Canonical JSON for generated files (keys sorted: HOCON has no key order, and both formats must give
 * the same bytes), and string literals for the generated Python entry script.
 */
final class Json {
  // Gson writes the JSON; stave only fixes the key order. Two-space pretty printing, nulls kept, and
  // no HTML escaping, which would turn '<' and '=' into \u003c and \u003d for no reader's benefit.
  private static final Gson GSON =
      new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeNulls().create();

  private Json() {}

  static String write(Object value) {
    return GSON.toJson(sorted(value)) + "\n";
  }

  /** The same tree with every map's keys sorted, so the bytes never depend on the input format. */
  private static Object sorted(Object value) {
    if (value instanceof Map<?, ?> map) {
      TreeMap<String, Object> out = new TreeMap<>();
      map.forEach((k, v) -> out.put(String.valueOf(k), sorted(v)));
      return out;
    }
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      list.forEach(v -> out.add(sorted(v)));
      return out;
    }
    return value;
  }

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

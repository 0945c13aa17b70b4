package dev.stave.bundle;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/** Prints {@link ObjectDiff} changes as plain text or as Markdown for a pull-request comment. */
public final class DiffReport {
  private static final int LONGEST_VALUE = 120;

  private DiffReport() {}

  public static String text(List<ObjectDiff.Change> changes) {
    StringBuilder out = new StringBuilder();
    for (ObjectDiff.Change c : changes) {
      out.append(sign(c.kind())).append(' ').append(c.object().display()).append(" (")
          .append(c.kind().name().toLowerCase(java.util.Locale.ROOT)).append(")\n");
      for (ObjectDiff.Field f : c.fields()) {
        out.append("    ").append(f.path()).append(": ").append(value(f, f.before())).append(" → ")
            .append(value(f, f.after())).append('\n');
      }
    }
    out.append(summary(changes)).append('\n');
    return out.toString();
  }

  public static String markdown(List<ObjectDiff.Change> changes) {
    StringBuilder out = new StringBuilder("### stave diff: ").append(summary(changes)).append("\n");
    if (changes.isEmpty()) {
      return out.toString();
    }
    out.append("\n| | object | field | before | after |\n|---|---|---|---|---|\n");
    for (ObjectDiff.Change c : changes) {
      String object = code(c.object().display());
      if (c.fields().isEmpty()) {
        out.append("| ").append(c.kind().name().toLowerCase(java.util.Locale.ROOT)).append(" | ").append(object)
            .append(" | | | |\n");
      }
      for (ObjectDiff.Field f : c.fields()) {
        out.append("| changed | ").append(object).append(" | ").append(code(f.path())).append(" | ")
            .append(code(value(f, f.before()))).append(" | ").append(code(value(f, f.after()))).append(" |\n");
      }
    }
    return out.toString();
  }

  static String summary(List<ObjectDiff.Change> changes) {
    if (changes.isEmpty()) {
      return "no differences";
    }
    long added = changes.stream().filter(c -> c.kind() == ObjectDiff.Kind.ADDED).count();
    long removed = changes.stream().filter(c -> c.kind() == ObjectDiff.Kind.REMOVED).count();
    long changed = changes.size() - added - removed;
    return changes.size() + (changes.size() == 1 ? " object differs: " : " objects differ: ")
        + added + " added, " + removed + " removed, " + changed + " changed";
  }

  private static char sign(ObjectDiff.Kind kind) {
    return switch (kind) {
      case ADDED -> '+';
      case REMOVED -> '-';
      case CHANGED -> '~';
    };
  }

  /** Secret values never appear: only whether there is one. */
  private static String value(ObjectDiff.Field f, Object v) {
    if (v == ObjectDiff.ABSENT) {
      return "(absent)";
    }
    if (f.secret()) {
      return "(secret value hidden)";
    }
    String text = json(v);
    return text.length() > LONGEST_VALUE ? text.substring(0, LONGEST_VALUE) + "..." : text;
  }

  private static String code(String text) {
    String safe = text.replace("`", "'").replace("|", "\\|").replace("\n", " ");
    return "`" + safe + "`";
  }

  static String json(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof String s) {
      StringBuilder out = new StringBuilder("\"");
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        switch (c) {
          case '"' -> out.append("\\\"");
          case '\\' -> out.append("\\\\");
          case '\n' -> out.append("\\n");
          case '\t' -> out.append("\\t");
          default -> {
            if (c < 0x20) {
              out.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
            } else {
              out.append(c);
            }
          }
        }
      }
      return out.append('"').toString();
    }
    if (v instanceof Double d) {
      BigDecimal exact = BigDecimal.valueOf(d).stripTrailingZeros();
      return exact.scale() <= 0 ? exact.toBigInteger().toString() : exact.toPlainString();
    }
    if (v instanceof Map<?, ?> map) {
      StringBuilder out = new StringBuilder("{");
      for (Map.Entry<?, ?> e : new java.util.TreeMap<>(stringKeys(map)).entrySet()) {
        out.append(out.length() > 1 ? ", " : "").append(json(e.getKey())).append(": ").append(json(e.getValue()));
      }
      return out.append('}').toString();
    }
    if (v instanceof List<?> list) {
      StringBuilder out = new StringBuilder("[");
      for (Object item : list) {
        out.append(out.length() > 1 ? ", " : "").append(json(item));
      }
      return out.append(']').toString();
    }
    return String.valueOf(v);
  }

  private static Map<String, Object> stringKeys(Map<?, ?> map) {
    Map<String, Object> out = new java.util.HashMap<>();
    map.forEach((k, val) -> out.put(String.valueOf(k), val));
    return out;
  }
}

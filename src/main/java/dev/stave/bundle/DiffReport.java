package dev.stave.bundle;

import dev.stave.diag.Markdown;
import dev.stave.diag.Printable;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Prints {@link ObjectDiff} changes as plain text or as Markdown for a pull-request comment. Names, keys
 * and values come from bundle files or an API server, neither of them stave's: every report is finished
 * by {@link Printable}, so that no control, invisible or bidirectional character in them reaches the
 * terminal, by the same list as everywhere else. Values and keys are JSON, where a backslash is always
 * two; names and the lines of a line diff are shown as they are, through {@link Printable#exactLine}, so
 * that there too a literal backslash, u, 001b reads apart from an escaped ESC.
 */
public final class DiffReport {
  private static final int LONGEST_VALUE = 120;
  /** How much of a long value shows before its first difference, so that the reader sees where it is. */
  private static final int LEAD = 40;
  /** Unchanged lines shown around each changed one in a line diff. */
  private static final int CONTEXT = 2;

  private DiffReport() {}

  public static String text(List<ObjectDiff.Change> changes) {
    StringBuilder out = new StringBuilder();
    appendText(out, "", changes);
    out.append(summary(changes)).append('\n');
    return Printable.text(out.toString());
  }

  /** Each differing bundle as {@code ~ bundle NAME (changed)} with its objects indented under it. */
  public static String text(BundleSetDiff diff) {
    StringBuilder out = new StringBuilder();
    for (BundleSetDiff.BundleChange b : diff.differing()) {
      out.append(sign(b.kind())).append(" bundle ").append(Printable.exactLine(b.name())).append(" (")
          .append(name(b.kind())).append(")\n");
      appendText(out, "    ", b.changes());
    }
    out.append(summary(diff)).append('\n');
    return Printable.text(out.toString());
  }

  public static String markdown(List<ObjectDiff.Change> changes) {
    StringBuilder out = new StringBuilder("### stave diff: ").append(summary(changes)).append("\n");
    if (changes.isEmpty()) {
      return out.toString();
    }
    out.append("\n| | object | field | before | after |\n|---|---|---|---|---|\n");
    StringBuilder diffs = new StringBuilder();
    appendRows(out, diffs, null, changes);
    return Printable.text(out.append(diffs).toString());
  }

  /** The same table with a bundle column. */
  public static String markdown(BundleSetDiff diff) {
    StringBuilder out = new StringBuilder("### stave diff: ").append(summary(diff)).append("\n");
    if (diff.isEmpty()) {
      return out.toString();
    }
    out.append("\n| | bundle | object | field | before | after |\n|---|---|---|---|---|---|\n");
    StringBuilder diffs = new StringBuilder();
    for (BundleSetDiff.BundleChange b : diff.differing()) {
      appendRows(out, diffs, Printable.exactLine(b.name()), b.changes());
    }
    return Printable.text(out.append(diffs).toString());
  }

  private static void appendText(StringBuilder out, String indent, List<ObjectDiff.Change> changes) {
    for (ObjectDiff.Change c : changes) {
      out.append(indent).append(sign(c.kind())).append(' ').append(Printable.exactLine(c.object().display()))
          .append(" (").append(name(c.kind())).append(")\n");
      for (ObjectDiff.Field f : c.fields()) {
        List<String> lines = lineDiff(f);
        if (lines != null) {
          out.append(indent).append("    ").append(f.path()).append(":\n");
          for (String line : lines) {
            out.append(line.isBlank() ? "" : indent + "        " + line).append('\n');
          }
          continue;
        }
        Values v = values(f);
        out.append(indent).append("    ").append(f.path()).append(": ").append(v.before()).append(" → ")
            .append(v.after()).append('\n');
      }
    }
  }

  /**
   * One row per object or changed field, with a bundle column unless {@code bundle} (shown as it is) is
   * null. A table cell holds one line, so line diffs go to {@code diffs}, to follow the table in fenced blocks.
   */
  private static void appendRows(StringBuilder out, StringBuilder diffs, String bundle,
      List<ObjectDiff.Change> changes) {
    String before = bundle == null ? "" : Markdown.codeInTable(bundle) + " | ";
    for (ObjectDiff.Change c : changes) {
      String display = Printable.exactLine(c.object().display());
      String object = Markdown.codeInTable(display);
      if (c.fields().isEmpty()) {
        out.append("| ").append(name(c.kind())).append(" | ").append(before).append(object).append(" | | | |\n");
      }
      for (ObjectDiff.Field f : c.fields()) {
        String path = Markdown.codeInTable(f.path());
        List<String> lines = lineDiff(f);
        if (lines != null) {
          out.append("| changed | ").append(before).append(object).append(" | ").append(path).append(" | ")
              .append(lineCount((String) f.before())).append(" | ").append(lineCount((String) f.after()))
              .append(", diff below |\n");
          diffs.append('\n').append(bundle == null ? "" : Markdown.code(bundle) + " ")
              .append(Markdown.code(display)).append(' ').append(Markdown.code(f.path())).append(":\n\n");
          appendFenced(diffs, lines);
          continue;
        }
        Values v = values(f);
        out.append("| changed | ").append(before).append(object).append(" | ").append(path).append(" | ")
            .append(Markdown.codeInTable(v.before())).append(" | ").append(Markdown.codeInTable(v.after()))
            .append(" |\n");
      }
    }
  }

  private static String lineCount(String text) {
    int lines = LineDiff.lines(text).size();
    return lines == 1 ? "1 line" : lines + " lines";
  }

  /** A {@code diff} code block, its fence longer than any run of backticks in the lines. */
  private static void appendFenced(StringBuilder out, List<String> lines) {
    int longest = 0;
    for (String line : lines) {
      int run = 0;
      for (int i = 0; i < line.length(); i++) {
        run = line.charAt(i) == '`' ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
    }
    String fence = "`".repeat(Math.max(3, longest + 1));
    out.append(fence).append("diff\n");
    for (String line : lines) {
      out.append(line.isBlank() ? "" : line).append('\n');
    }
    out.append(fence).append('\n');
  }

  static String summary(List<ObjectDiff.Change> changes) {
    if (changes.isEmpty()) {
      return "no differences";
    }
    return counts(" object differs: ", " objects differ: ", changes.stream().map(ObjectDiff.Change::kind).toList());
  }

  /** Names how many bundles were compared, so that an empty comparison cannot pass for a clean one. */
  static String summary(BundleSetDiff diff) {
    if (diff.isEmpty()) {
      return "no differences in " + diff.compared() + (diff.compared() == 1 ? " bundle" : " bundles");
    }
    List<ObjectDiff.Change> changes = diff.differing().stream().flatMap(b -> b.changes().stream()).toList();
    String of = " of " + diff.compared() + (diff.compared() == 1 ? " bundle" : " bundles");
    List<ObjectDiff.Kind> kinds = diff.differing().stream().map(BundleSetDiff.BundleChange::kind).toList();
    return counts(of + " differs: ", of + " differ: ", kinds) + "; " + summary(changes);
  }

  /** {@code 3 objects differ: 1 added, 0 removed, 2 changed}, with the words given for one and many. */
  private static String counts(String one, String many, List<ObjectDiff.Kind> kinds) {
    long added = kinds.stream().filter(k -> k == ObjectDiff.Kind.ADDED).count();
    long removed = kinds.stream().filter(k -> k == ObjectDiff.Kind.REMOVED).count();
    long changed = kinds.size() - added - removed;
    return kinds.size() + (kinds.size() == 1 ? one : many) + added + " added, " + removed + " removed, " + changed
        + " changed";
  }

  private static String name(ObjectDiff.Kind kind) {
    return kind.name().toLowerCase(java.util.Locale.ROOT);
  }

  private static char sign(ObjectDiff.Kind kind) {
    return switch (kind) {
      case ADDED -> '+';
      case REMOVED -> '-';
      case CHANGED -> '~';
    };
  }

  /**
   * The hunks of a line diff when old and new are both text and either spans several lines, where one
   * line each could only show their first lines; otherwise null. Never for a secret value. The lines are
   * a file's, shown as they are ({@link Printable#exactLine}).
   */
  private static List<String> lineDiff(ObjectDiff.Field f) {
    if (f.secret() || !(f.before() instanceof String before) || !(f.after() instanceof String after)
        || before.indexOf('\n') < 0 && after.indexOf('\n') < 0) {
      return null;
    }
    return LineDiff.unified(before, after, CONTEXT).stream().map(Printable::exactLine).toList();
  }

  private record Values(String before, String after) {}

  /**
   * The old and new value of a field on one line each. A value too long to show whole shows from a little
   * before its first difference from the other, on both sides alike, so that what changed is in view.
   */
  private static Values values(ObjectDiff.Field f) {
    String before = value(f, f.before());
    String after = value(f, f.after());
    int first = 0;
    while (first < before.length() && first < after.length() && before.charAt(first) == after.charAt(first)) {
      first++;
    }
    int start = Math.max(0, first - LEAD);
    return new Values(cut(before, start), cut(after, start));
  }

  /** Secret values never appear: only whether there is one. */
  private static String value(ObjectDiff.Field f, Object v) {
    if (v == ObjectDiff.ABSENT) {
      return "(absent)";
    }
    if (f.secret()) {
      return "(secret value hidden)";
    }
    return json(v);
  }

  /** At most {@link #LONGEST_VALUE} characters from {@code start}, with "..." where text is left out. */
  private static String cut(String text, int start) {
    if (text.length() <= LONGEST_VALUE) {
      return text;
    }
    int from = start;
    if (from > 0 && Character.isLowSurrogate(text.charAt(from))) {
      from--;
    }
    int to = Math.min(from + LONGEST_VALUE, text.length());
    if (to < text.length() && Character.isHighSurrogate(text.charAt(to - 1))) {
      to++;
    }
    return (from > 0 ? "..." : "") + text.substring(from, to) + (to < text.length() ? "..." : "");
  }

  /**
   * A value as JSON writes it, on one line. Of the characters JSON escapes, those with a short escape are
   * written here; the other control characters are left to {@link Printable}, which writes for them the
   * escape JSON writes (backslash, u, four hex digits), as for every other character it escapes.
   */
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
          default -> out.append(c);
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

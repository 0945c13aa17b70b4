package dev.stave.diag;

/**
 * User text (names, values, paths) in Markdown reports, reading exactly as written once rendered
 * (CommonMark with GitHub's tables): no character is dropped or replaced by another. A line break is
 * {@code <br>}, since a table row is one line; {@code |} is {@code \|} in a table cell, where GitHub
 * removes that backslash before anything else, code spans included; every character that {@link Printable}
 * escapes (control characters but tabs, which would end a row or not show, invisible and bidirectional
 * ones, which would hide or reorder text) is written as it writes it, {@code \}{@code u000d} as in a JSON
 * string.
 */
public final class Markdown {
  private Markdown() {}

  /** Inline code in a heading, a paragraph or a list item; several spans apart by {@code <br>} for several lines. */
  public static String code(String text) {
    return code(text, false);
  }

  /** Inline code in a table cell. */
  public static String codeInTable(String text) {
    return code(text, true);
  }

  /** Plain text, anywhere inline: each character that could start Markdown or HTML is escaped. */
  public static String text(String text) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints().forEach(c -> {
      if (c == '\n') {
        out.append("<br>");
      } else if ("\\`*_[]<>&|~".indexOf(c) >= 0) {
        out.append('\\').appendCodePoint(c);
      } else {
        shown(out, c);
      }
    });
    return out.toString();
  }

  /**
   * A label in a Mermaid diagram, inside {@code "..."}: Mermaid's entity codes for what would end or mark it
   * up, and the escapes of the rest for what would not show: Mermaid turns an entity code back into its
   * character, a right-to-left override as much as a quote.
   */
  public static String mermaidLabel(String text) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints().forEach(c -> {
      if ("\"#<>&`".indexOf(c) >= 0) {
        out.append('#').append(c).append(';');
      } else {
        shown(out, c);
      }
    });
    return out.toString();
  }

  private static String code(String text, boolean inTable) {
    StringBuilder out = new StringBuilder(text.length() + 2);
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      out.append(i == 0 ? "" : "<br>").append(span(lines[i], inTable));
    }
    return out.toString();
  }

  /**
   * One line as a code span (CommonMark, code spans): its fence longer than any run of backticks in it, so
   * that none ends it early, and a space inside the fence where the line begins or ends with a backtick,
   * or begins and ends with a space (a renderer removes one space on either side). An empty line is nothing.
   */
  private static String span(String line, boolean inTable) {
    if (line.isEmpty()) {
      return "";
    }
    int longest = 0;
    int run = 0;
    StringBuilder body = new StringBuilder(line.length());
    for (int i = 0; i < line.length(); ) {
      int c = line.codePointAt(i);
      i += Character.charCount(c);
      run = c == '`' ? run + 1 : 0;
      longest = Math.max(longest, run);
      if (c == '|' && inTable) {
        body.append("\\|");
      } else {
        shown(body, c);
      }
    }
    String fence = "`".repeat(longest + 1);
    boolean pad = line.startsWith("`") || line.endsWith("`")
        || line.startsWith(" ") && line.endsWith(" ") && line.chars().anyMatch(c -> c != ' ');
    String space = pad ? " " : "";
    return fence + space + body + space + fence;
  }

  private static void shown(StringBuilder out, int c) {
    if (Printable.escaped(c)) {
      Printable.appendEscape(out, c);
    } else {
      out.appendCodePoint(c);
    }
  }
}

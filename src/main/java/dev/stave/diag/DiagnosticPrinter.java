package dev.stave.diag;

import java.io.PrintWriter;
import java.util.List;
import java.util.Set;

/**
 * Prints diagnostics as {@code file:line:col: error: path: message}, then the source line with a caret
 * under the column, then where a copied value is written (a YAML anchor, a HOCON substitution's original),
 * then the hints. Long or control-laden source lines are shortened so that a hostile
 * file cannot flood the terminal.
 */
public final class DiagnosticPrinter {
  private static final int MAX_SOURCE_WIDTH = 160;
  /** A message quotes config values; a hostile value must not flood the terminal either. */
  private static final int MAX_MESSAGE_LENGTH = 400;

  /**
   * Codes of diagnostics whose line is never quoted: one about what a path is rather than what it holds
   * ({@code --templates} naming a file), not even when that file is a config of the same run, whose lines are kept
   * to quote its own errors; and a bundle file that is not YAML (dev.stave.bundle.BundleReader), whose line may
   * hold a Secret's data, which nothing in a bundle file marks as hidden.
   */
  private static final Set<String> NOT_QUOTED = Set.of("templates-dir", "bundle-yaml");

  private final Sources sources;

  public DiagnosticPrinter(Sources sources) {
    this.sources = sources;
  }

  public void print(List<Diagnostic> diagnostics, PrintWriter err) {
    Quotes quotes = new Quotes();
    for (Diagnostic d : diagnostics) {
      err.print(format(d, quotes));
    }
    err.flush();
  }

  public String format(Diagnostic d) {
    return format(d, new Quotes());
  }

  /**
   * The source line quoted last, as it is shown: with its hidden values replaced and its columns counted
   * once. Diagnostics in a row often quote one line, and an error at every key of a line of 100,000 keys
   * took minutes when the line was redacted and counted from its start again for each.
   */
  private final class Quotes {
    private String line;
    /** How many values were hidden then: reading a file to quote it may hide more, which this line may hold. */
    private int hidden;
    private Sources.RedactedLine shown;
    private LineColumns columns;
    private LineColumns shownColumns;

    void quote(String next) {
      if (next != line || hidden != sources.hiddenCount()) {
        line = next;
        hidden = sources.hiddenCount();
        shown = sources.redactLine(next);
        columns = new LineColumns(next);
        shownColumns = shown.text() == next ? columns : new LineColumns(shown.text());
      }
    }
  }

  private String format(Diagnostic d, Quotes quotes) {
    // First, as reading a file only to quote it hides its credentials, before anything is printed.
    String line = NOT_QUOTED.contains(d.code()) ? null : sources.line(d.origin().file(), d.origin().line());
    StringBuilder out = new StringBuilder();
    // A file's name is someone else's text too: one named with an escape sequence must not reach the terminal.
    out.append(Printable.exactLine(sources.redact(d.origin().toString()))).append(": ")
        .append(d.severity().label()).append(": ");
    if (!d.jsonPath().isEmpty()) {
      // The path holds the config's own keys, which may hold line breaks or credentials too. Its keys are
      // escaped as the message quotes them, so that a key written "\\u202e" reads apart from one holding U+202E.
      out.append(shorten(Printable.quoted(sources.redact(d.jsonPath())))).append(": ");
    }
    out.append(shorten(sources.redact(d.message()))).append('\n');
    if (line != null) {
      quotes.quote(line);
      // The caret moves with the text, so that it still points at the same character.
      int caret = quotes.shown.caret(quotes.columns.index(d.origin().column()));
      appendSource(out, quotes.shown.text(), quotes.shownColumns, caret);
    }
    if (d.origin().copied() != null) {
      out.append("  = note: ").append(shorten(sources.redact(d.origin().copied()))).append('\n');
    }
    for (String hint : d.hints()) {
      out.append("  = hint: ").append(shorten(sources.redact(hint))).append('\n');
    }
    return out.toString();
  }

  private static String shorten(String given) {
    // A line break in a quoted value must not start what looks like another diagnostic, and no other
    // control, invisible or bidirectional character (NUL, escape sequences, overrides) reaches the terminal.
    String text = Printable.line(given);
    if (text.length() <= MAX_MESSAGE_LENGTH) {
      return text;
    }
    int end = MAX_MESSAGE_LENGTH;
    if (Character.isHighSurrogate(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(0, end) + "... (" + (text.length() - end) + " more characters)";
  }

  /**
   * The line, cut to {@link #MAX_SOURCE_WIDTH} characters around the caret, and the caret under the
   * character at {@code caretIndex}: one space for each character (code point) before it, as columns count.
   */
  private static void appendSource(StringBuilder out, String line, LineColumns columns, int caretIndex) {
    int caret = columns.column(caretIndex) - 1;
    int start = Math.max(0, caret - (MAX_SOURCE_WIDTH - 20));
    String shown = printable(line.substring(columns.index(start + 1), columns.index(start + 1 + MAX_SOURCE_WIDTH)));
    out.append("    | ").append(shown).append('\n');
    out.append("    | ").append(" ".repeat(caret - start)).append("^\n");
  }

  /**
   * One character shown for each of {@code text}, so that the caret below stays under its character.
   * What moves the terminal's cursor is a space when the loader reads it as one: a tab, and in HOCON a
   * lone CR, U+2028 or U+2029 (YAML ends its lines at these, so no quoted YAML line holds one); any other
   * character that {@link Printable} escapes in messages (a control, invisible or bidirectional one) is
   * a '?', as an escape would move the caret.
   */
  private static String printable(String text) {
    StringBuilder b = new StringBuilder(text.length());
    text.codePoints().forEach(cp -> {
      if (cp == '\t' || cp == '\r' || cp == '\u2028' || cp == '\u2029') {
        b.append(' ');
      } else if (Printable.escaped(cp)) {
        b.append('?');
      } else {
        b.appendCodePoint(cp);
      }
    });
    return b.toString();
  }
}

package dev.stave.diag;

import java.util.Locale;

/**
 * Text that stave did not write (an API server's messages, the names and values of live objects) as it
 * may safely reach a terminal. Such text can hold escape sequences that move the cursor, recolour or
 * rewrite what was printed before, and invisible or bidirectional characters that make one text read
 * as another; each is written as the escape JSON writes for it (ESC as backslash, u, 001b) instead, so
 * the user sees that it is there. Every place that shows others' text takes its list from here.
 */
public final class Printable {
  private Printable() {}

  /** One line: line breaks are escaped too, so that the text cannot start what looks like another line. */
  public static String line(String text) {
    return escape(text, false, false, false);
  }

  /** Several lines: '\n' stays a line break, every other control and invisible character is escaped. */
  public static String text(String text) {
    return escape(text, true, false, false);
  }

  /**
   * One line of someone else's text shown as it is rather than quoted in a message (a line of a file in a
   * diff, an object's name), so that it reads back exactly: escaped as by {@link #line}, with a backslash
   * right before an escape, or before text that reads as one ({@code u} and four hex digits), written as
   * two. So {@code \u001b} is always the escaped character and {@code \\u001b} those six characters as
   * written, while a backslash anywhere else stays one. Not for a message: it may quote JSON, whose
   * backslashes are JSON's escapes already.
   */
  public static String exactLine(String text) {
    return escape(text, false, true, false);
  }

  /**
   * A value from a config quoted in a message to say what is wrong with it: escaped as by {@link #exactLine},
   * so that a written {@code \u202e} reads apart from an escaped override, and a tab escaped too, which
   * would read as spaces there. Only the value: the rest of a message may quote JSON, whose backslashes are
   * escapes already. {@link Sources} hides a secret in this form as well, as a message holds it so.
   */
  public static String quoted(String text) {
    return escape(text, false, true, true);
  }

  /**
   * A config's map key as a path names it ({@code env.LOG_LEVEL}): as written, dots and spaces too, as
   * Kubernetes's own paths write label keys, except the empty key, which would leave only the dot before it
   * ({@code env.}) and so is written {@code ""} ({@code env.""}).
   */
  public static String pathKey(String key) {
    return key.isEmpty() ? "\"\"" : key;
  }

  /** How many characters of a value a message quotes, so that the message's own words after it still show. */
  public static final int QUOTED_LENGTH = 80;

  /**
   * {@code text} cut after {@link #QUOTED_LENGTH} characters, with "..." after it, or as it is when that
   * short. Every message that quotes a value cuts it so, and {@link Sources} hides a secret in this form too.
   */
  public static String cut(String text) {
    if (text.codePointCount(0, text.length()) <= QUOTED_LENGTH) {
      return text;
    }
    return text.substring(0, text.offsetByCodePoints(0, QUOTED_LENGTH)) + "...";
  }

  /**
   * A value as a message quotes it: {@link #cut} and escaped by {@link #quoted}. {@link Sources} hides a
   * secret in this form, so the two must not drift apart.
   */
  public static String inMessage(String text) {
    return quoted(cut(text));
  }

  /** Writes the escape of a character that {@link #escaped} names: JSON's, for each of its UTF-16 chars. */
  public static void appendEscape(StringBuilder out, int c) {
    for (char unit : Character.toChars(c)) {
      out.append(String.format(Locale.ROOT, "\\u%04x", (int) unit));
    }
  }

  private static String escape(String text, boolean keepLineBreaks, boolean exact, boolean tabs) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i);
      int next = i + Character.charCount(c);
      boolean doubled = false;
      if (exact && c == '\\') {
        while (next < text.length() && text.charAt(next) == '\\') {
          next++;
        }
        doubled = next < text.length()
            && (escapes(text.codePointAt(next), keepLineBreaks, tabs) || readsAsEscape(text, next));
      }
      if (doubled || escapes(c, keepLineBreaks, tabs)) {
        if (out == null) {
          out = new StringBuilder(text.length() + 16).append(text, 0, i);
        }
        if (doubled) {
          out.append(text, i, next).append(text, i, next);
        } else {
          appendEscape(out, c);
        }
      } else if (out != null) {
        out.append(text, i, next);
      }
      i = next;
    }
    return out == null ? text : out.toString();
  }

  private static boolean escapes(int c, boolean keepLineBreaks, boolean tabs) {
    return escaped(c) && !(keepLineBreaks && c == '\n') || tabs && c == '\t';
  }

  /** Whether {@code u} and four hex digits start at {@code at}: what follows the backslash of an escape. */
  private static boolean readsAsEscape(String text, int at) {
    if (at + 5 > text.length() || text.charAt(at) != 'u') {
      return false;
    }
    for (int i = at + 1; i < at + 5; i++) {
      if ("0123456789abcdefABCDEF".indexOf(text.charAt(i)) < 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * C0 controls but the tab, DEL, C1 controls (U+009B starts an escape sequence on some terminals),
   * lone surrogates, and the characters that are invisible or reorder text: soft hyphen, zero-width
   * spaces and joiners, the bidi marks, embeddings, overrides and isolates, the line and paragraph
   * separators, the byte order mark, interlinear annotations and the tag characters. A fixed list, so
   * that what is escaped does not change with the JDK's Unicode version. The zero-width (non-)joiner
   * stays: emoji sequences and several scripts need it.
   */
  public static boolean escaped(int c) {
    if (c < 0x20) {
      return c != '\t';
    }
    if (c < 0x7f) {
      return false;
    }
    return c <= 0x9f
        || c == 0xad
        || c == 0x061c
        || c == 0x180e
        || c == 0x200b
        || c == 0x200e
        || c == 0x200f
        || c >= 0x2028 && c <= 0x202e
        || c >= 0x2060 && c <= 0x206f
        || c >= 0xd800 && c <= 0xdfff
        || c == 0xfeff
        || c >= 0xfff9 && c <= 0xfffb
        || c >= 0xe0000 && c <= 0xe007f;
  }
}

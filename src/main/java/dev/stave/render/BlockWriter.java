package dev.stave.render;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Writes one value tree as block-style YAML in a single pass over one StringBuilder. Layout follows
 * kubectl: two-space indent, sequences "compact" ({@code -} at the parent key's column), the first
 * entry of a map or list inside a list item on the dash's line.
 */
final class BlockWriter {

  /** Deeper than any Kubernetes object; mostly here to turn a self-containing map into an error. */
  static final int MAX_DEPTH = 200;

  /**
   * Implicit keys end within 1024 characters in both go-yaml and SnakeYAML; a key rendered longer
   * than this (only possible for keys Kubernetes would reject anyway) is written as {@code ? key}.
   */
  static final int MAX_IMPLICIT_KEY = 1000;

  private static final String SPACES = " ".repeat(64);

  private final StringBuilder out;
  private final ScalarTokens tokens;
  private final ScalarTokens gaps;

  private BlockWriter(StringBuilder out, ScalarTokens tokens, ScalarTokens gaps) {
    this.out = out;
    this.tokens = tokens;
    this.gaps = gaps;
  }

  static String write(Object document) {
    return write(document, null);
  }

  /**
   * As {@link #write(Object)}, noting in {@code tokens} (when not null) where each one-line string
   * key, value and list item was written.
   */
  static String write(Object document, ScalarTokens tokens) {
    return write(document, tokens, null);
  }

  /**
   * As {@link #write(Object, ScalarTokens)}, for a tree that may hold {@link TemplateShapes.Hole}s as
   * keys and values: each is written as the placeholder {@link ShapeWriter#MARK} and its number, and
   * noted in {@code gaps} with its place and its number as the value.
   */
  static String write(Object document, ScalarTokens tokens, ScalarTokens gaps) {
    BlockWriter w = new BlockWriter(new StringBuilder(256), tokens, gaps);
    try {
      w.document(document);
    } catch (PathedError e) {
      throw new IllegalArgumentException(e.describe());
    }
    return w.out.toString();
  }

  private void document(Object v) {
    if (v instanceof Map<?, ?> m && !m.isEmpty()) {
      map(m, 0, false, true, 0);
    } else if (v instanceof List<?> l && !l.isEmpty()) {
      list(l, 0, false, true, 0);
    } else {
      scalar(v, 0, true, ScalarTokens.NONE);
    }
  }

  /**
   * Writes a non-empty map; {@link #list} takes the same arguments.
   *
   * @param indent column of the keys (for a list, of the dashes); block scalars hang from it
   * @param inline the first line's indentation is already written: we are right after a {@code - }
   * @param tail nothing follows in the document
   */
  private void map(Map<?, ?> m, int indent, boolean inline, boolean tail, int depth) {
    checkDepth(depth);
    int left = m.size();
    boolean first = true;
    for (Map.Entry<?, ?> e : m.entrySet()) {
      left--;
      if (gaps != null && e.getKey() instanceof TemplateShapes.Hole hole) {
        if (!first || !inline) {
          indent(indent);
        }
        first = false;
        gap(hole, ScalarTokens.KEY);
        out.append(':');
        value(e.getValue(), indent, indent, tail && left == 0, depth);
        continue;
      }
      if (!(e.getKey() instanceof String key)) {
        throw new PathedError("map keys must be strings, found " + describe(e.getKey()));
      }
      try {
        if (!first || !inline) {
          indent(indent);
        }
        first = false;
        entry(key, e.getValue(), indent, tail && left == 0, depth);
      } catch (PathedError err) {
        throw err.under(keySegment(key));
      }
    }
  }

  private void entry(String key, Object value, int indent, boolean tail, int depth) {
    ScalarStyle keyStyle = keyStyle(key);
    int keyStart = out.length();
    if (keyStyle == ScalarStyle.PLAIN) {
      out.append(key);
    } else {
      doubleQuoted(key);
    }
    // Nested lists sit at the key's column (compact), except under an explicit "? key", where
    // only an indented list is unambiguous to every reader.
    int listIndent = indent;
    if (out.length() - keyStart > MAX_IMPLICIT_KEY) {
      out.insert(keyStart, "? ");
      out.append('\n');
      indent(indent);
      listIndent = indent + 2;
    } else if (tokens != null) {
      tokens.add(ScalarTokens.KEY, keyStart, out.length(), key);
    }
    out.append(':');
    value(value, indent, listIndent, tail, depth);
  }

  /** What follows a key's colon. */
  private void value(Object value, int indent, int listIndent, boolean tail, int depth) {
    if (value instanceof Map<?, ?> m && !m.isEmpty()) {
      out.append('\n');
      map(m, indent + 2, false, tail, depth + 1);
    } else if (value instanceof List<?> l && !l.isEmpty()) {
      out.append('\n');
      list(l, listIndent, false, tail, depth + 1);
    } else {
      out.append(' ');
      scalar(value, indent, tail, ScalarTokens.VALUE);
    }
  }

  private void gap(TemplateShapes.Hole hole, char place) {
    int start = out.length();
    out.append(ShapeWriter.MARK).append(hole.index());
    gaps.add(place, start, out.length(), String.valueOf(hole.index()));
  }

  /**
   * The token {@link #write} writes for {@code s} as a key or as a value or list item, when that is
   * one line: null for a block scalar, an explicit {@code ? key}, or a string YAML cannot carry.
   */
  static String token(String s, char place) {
    ScalarStyle style;
    try {
      style = place == ScalarTokens.KEY ? keyStyle(s) : ScalarStyle.ofValue(s);
    } catch (IllegalArgumentException | PathedError e) {
      return null;
    }
    if (style == ScalarStyle.PLAIN) {
      return place == ScalarTokens.KEY && s.length() > MAX_IMPLICIT_KEY ? null : s;
    }
    if (style == ScalarStyle.LITERAL) {
      return null;
    }
    BlockWriter w = new BlockWriter(new StringBuilder(s.length() + 8), null, null);
    w.doubleQuoted(s);
    return place == ScalarTokens.KEY && w.out.length() > MAX_IMPLICIT_KEY ? null : w.out.toString();
  }

  /**
   * Objects of one kind repeat the same few dozen keys, and finding a style reads every character, so
   * each thread keeps the styles of the keys it has written.
   */
  private static ScalarStyle keyStyle(String key) {
    Map<String, ScalarStyle> known = KEY_STYLES.get();
    ScalarStyle style = known.get(key);
    if (style == null) {
      try {
        style = ScalarStyle.ofKey(key);
      } catch (IllegalArgumentException e) {
        throw new PathedError("key " + e.getMessage());
      }
      if (known.size() < MAX_KNOWN_KEYS) {
        known.put(key, style);
      }
    }
    return style;
  }

  private static final int MAX_KNOWN_KEYS = 4096;
  private static final ThreadLocal<Map<String, ScalarStyle>> KEY_STYLES = ThreadLocal.withInitial(HashMap::new);

  private void list(List<?> l, int indent, boolean inline, boolean tail, int depth) {
    checkDepth(depth);
    int i = 0;
    int last = l.size() - 1;
    for (Iterator<?> it = l.iterator(); it.hasNext(); i++) {
      Object item = it.next();
      try {
        if (i > 0 || !inline) {
          indent(indent);
        }
        out.append("- ");
        boolean itemTail = tail && i == last;
        if (item instanceof Map<?, ?> m && !m.isEmpty()) {
          map(m, indent + 2, true, itemTail, depth + 1);
        } else if (item instanceof List<?> inner && !inner.isEmpty()) {
          list(inner, indent + 2, true, itemTail, depth + 1);
        } else {
          // A block scalar hangs from the dash's column, as the readers count it.
          scalar(item, indent, itemTail, ScalarTokens.ITEM);
        }
      } catch (PathedError err) {
        throw err.under("[" + i + "]");
      }
    }
  }

  /** Writes a scalar or empty collection and its line break; {@code owner} is its key's or dash's column. */
  private void scalar(Object v, int owner, boolean tail, char place) {
    if (gaps != null && v instanceof TemplateShapes.Hole hole && place != ScalarTokens.NONE) {
      gap(hole, place);
      out.append('\n');
    } else if (v == null) {
      out.append("null\n");
    } else if (v instanceof String s) {
      string(s, owner, tail, place);
    } else if (v instanceof Boolean b) {
      out.append(b ? "true\n" : "false\n");
    } else if (v instanceof Integer || v instanceof Long || v instanceof BigInteger) {
      out.append(v).append('\n');
    } else if (v instanceof Double || v instanceof Float || v instanceof BigDecimal) {
      try {
        out.append(YamlNumbers.formatFloat((Number) v)).append('\n');
      } catch (IllegalArgumentException e) {
        throw new PathedError(e.getMessage());
      }
    } else if (v instanceof Map<?, ?>) {
      out.append("{}\n");
    } else if (v instanceof List<?>) {
      out.append("[]\n");
    } else {
      throw new PathedError("cannot write " + describe(v) + " as YAML");
    }
  }

  private void string(String s, int owner, boolean tail, char place) {
    ScalarStyle style;
    try {
      style = ScalarStyle.ofValue(s);
    } catch (IllegalArgumentException e) {
      throw new PathedError(e.getMessage());
    }
    // "|+" keeps trailing blank lines; as the document's last node they would leave it ending in
    // more than one line break, so such a string is quoted there instead.
    int start = out.length();
    if (style == ScalarStyle.LITERAL && !(tail && s.endsWith("\n\n"))) {
      literal(s, owner);
      return;
    } else if (style == ScalarStyle.PLAIN) {
      out.append(s);
    } else {
      doubleQuoted(s);
    }
    if (tokens != null && place != ScalarTokens.NONE) {
      tokens.add(place, start, out.length(), s);
    }
    out.append('\n');
  }

  /**
   * A {@code |} block whose lines sit two columns right of {@code owner}. The indentation indicator
   * is relative to the enclosing collection's column in both go-yaml and SnakeYAML, so it is always 2.
   */
  private void literal(String s, int owner) {
    int n = s.length();
    int breaks = 0;
    while (breaks < n && s.charAt(n - 1 - breaks) == '\n') {
      breaks++;
    }
    out.append('|');
    // Readers guess the indentation from the first non-empty line; a leading space would fool them.
    int firstText = 0;
    while (s.charAt(firstText) == '\n') {
      firstText++;
    }
    if (s.charAt(firstText) == ' ') {
      out.append('2');
    }
    if (breaks == 0) {
      out.append('-');
    } else if (breaks > 1) {
      out.append('+');
    }
    out.append('\n');
    int start = 0;
    while (start < n) {
      int end = s.indexOf('\n', start);
      if (end < 0) {
        end = n;
      }
      if (end > start) {
        indent(owner + 2);
        out.append(s, start, end);
      }
      out.append('\n');
      start = end + 1;
    }
  }

  /** Escapes as libyaml (go-yaml's emitter) does, so every YAML 1.1 and 1.2 reader knows them. */
  private void doubleQuoted(String s) {
    out.append('"');
    int n = s.length();
    int run = 0; // start of the pending run of characters that need no escape
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c != '"' && c != '\\' && c >= 0x20 && c < 0x7F) {
        continue; // fast path for ASCII text
      }
      int cp = c;
      int width = 1;
      if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
        cp = Character.toCodePoint(c, s.charAt(i + 1));
        width = 2;
      }
      if (c != '"' && c != '\\' && !ScalarStyle.isEscaped(cp)) {
        i += width - 1;
        continue;
      }
      out.append(s, run, i);
      escape(cp);
      i += width - 1;
      run = i + 1;
    }
    out.append(s, run, n).append('"');
  }

  private void escape(int c) {
    switch (c) {
      case '"' -> out.append("\\\"");
      case '\\' -> out.append("\\\\");
      case 0x00 -> out.append("\\0");
      case 0x07 -> out.append("\\a");
      case 0x08 -> out.append("\\b");
      case 0x09 -> out.append("\\t");
      case 0x0A -> out.append("\\n");
      case 0x0B -> out.append("\\v");
      case 0x0C -> out.append("\\f");
      case 0x0D -> out.append("\\r");
      case 0x1B -> out.append("\\e");
      case 0x85 -> out.append("\\N");
      case 0xA0 -> out.append("\\_");
      case 0x2028 -> out.append("\\L");
      case 0x2029 -> out.append("\\P");
      default -> {
        if (c <= 0xFF) {
          out.append("\\x");
          hexDigits(c, 2);
        } else if (c <= 0xFFFF) {
          out.append("\\u");
          hexDigits(c, 4);
        } else {
          out.append("\\U");
          hexDigits(c, 8);
        }
      }
    }
  }

  private void hexDigits(int c, int digits) {
    for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
      out.append("0123456789ABCDEF".charAt((c >> shift) & 0xF));
    }
  }

  private void indent(int n) {
    while (n > SPACES.length()) {
      out.append(SPACES);
      n -= SPACES.length();
    }
    out.append(SPACES, 0, n);
  }

  private static void checkDepth(int depth) {
    if (depth > MAX_DEPTH) {
      throw new PathedError(
          "nesting is deeper than " + MAX_DEPTH + " levels (does a collection contain itself?)");
    }
  }

  private static String keySegment(String key) {
    return key.isEmpty() || key.indexOf('.') >= 0 || key.indexOf('[') >= 0 ? "[\"" + key + "\"]" : "." + key;
  }

  private static String describe(Object o) {
    return o == null ? "null" : "a " + o.getClass().getName();
  }

  /** Carries the path to a bad value up the recursion so the message can name it. */
  private static final class PathedError extends RuntimeException {
    private final Deque<String> path = new ArrayDeque<>();

    PathedError(String message) {
      super(message, null, false, false);
    }

    PathedError under(String segment) {
      path.addFirst(segment);
      return this;
    }

    String describe() {
      if (path.isEmpty()) {
        return getMessage();
      }
      String where = String.join("", path);
      return "at " + (where.startsWith(".") ? where.substring(1) : where) + ": " + getMessage();
    }
  }
}

package dev.stave.render;

import java.util.Locale;

/**
 * How the canonical emitter writes one string, and the quoting predicate behind that choice.
 *
 * <p>The predicate is deliberately wider than any one reader's resolver: kubectl reads with go-yaml v2
 * (YAML 1.1), kustomize and Flux with go-yaml v3 (YAML 1.2), Java tools with SnakeYAML (1.1) or
 * snakeyaml-engine (1.2). A string goes out plain only when every one of them reads it back as that
 * same string; anything that merely looks like a number, boolean, null, date or YAML syntax is quoted.
 * It is hand-written (no regex) because it runs on every key and value of a 30,000-object bundle.
 */
enum ScalarStyle {
  PLAIN,
  /** {@code |} block: multi-line text that a reviewer should see as lines. */
  LITERAL,
  DOUBLE_QUOTED;

  /**
   * The style for a map value or sequence item.
   *
   * @throws IllegalArgumentException if the string holds a character no YAML stream can carry
   */
  static ScalarStyle ofValue(String s) {
    return of(s, true);
  }

  /** The style for a map key: like a value, but never a block scalar (implicit keys are one line). */
  static ScalarStyle ofKey(String s) {
    return of(s, false);
  }

  private static ScalarStyle of(String s, boolean blockAllowed) {
    int n = s.length();
    if (n == 0) {
      return DOUBLE_QUOTED;
    }
    boolean plain = true;
    boolean literal = true;
    boolean lineBreak = false;
    boolean onlyLineBreaks = true;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c == '\n') {
        lineBreak = true;
        plain = false;
        // A space before a line break would be invisible in a block scalar and is dropped by editors.
        if (i > 0 && s.charAt(i - 1) == ' ') {
          literal = false;
        }
        continue;
      }
      onlyLineBreaks = false;
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++; // a well-formed pair: printable (emoji, rare CJK) unless listed as invisible
          if (isEscaped(Character.toCodePoint(c, s.charAt(i)))) {
            plain = false;
            literal = false;
          }
          continue;
        }
        throw new IllegalArgumentException(
            "string holds a lone surrogate " + hex(c) + " at index " + i
                + "; YAML streams are Unicode text and cannot carry it");
      }
      if (c == '\uFFFE' || c == '\uFFFF') {
        throw new IllegalArgumentException(
            "string holds the non-character " + hex(c) + " at index " + i
                + "; YAML streams cannot carry it");
      }
      if (isEscaped(c)) {
        plain = false;
        literal = false;
      } else if (plain) {
        // Inside a plain scalar only ": " and " #" end it early (block context, where we always are).
        if (c == ':' && (i + 1 == n || s.charAt(i + 1) == ' ')) {
          plain = false;
        } else if (c == '#' && i > 0 && s.charAt(i - 1) == ' ') {
          plain = false;
        }
      }
    }
    if (lineBreak) {
      boolean trailingSpace = s.charAt(n - 1) == ' ';
      return blockAllowed && literal && !onlyLineBreaks && !trailingSpace ? LITERAL : DOUBLE_QUOTED;
    }
    if (!plain || s.charAt(0) == ' ' || s.charAt(n - 1) == ' ' || isIndicator(s.charAt(0))) {
      return DOUBLE_QUOTED;
    }
    if (s.startsWith("...") || isTypeAmbiguous(s)) {
      return DOUBLE_QUOTED;
    }
    return PLAIN;
  }

  /**
   * Characters written as escapes inside double quotes, which also rule out plain and block styles.
   * C0/C1 controls, DEL and the line breaks YAML 1.1 knows (NEL, LS, PS) must be escaped; the
   * invisible spaces, joiners and bidi controls are escaped so a reviewer can see them (a right-to-left
   * override in a manifest is never intended). The list is fixed here, not taken from {@link
   * Character#getType}, so output does not change with the JDK's Unicode version. U+200C/U+200D stay
   * literal: emoji sequences and several scripts need them.
   */
  static boolean isEscaped(int c) {
    if (c < 0x20 || c == 0x7F) {
      return true;
    }
    if (c < 0x80) {
      return false;
    }
    return c <= 0xA0 // C1 controls incl. NEL, and NBSP
        || c == 0xAD // soft hyphen
        || c == 0x061C // Arabic letter mark
        || c == 0x1680
        || c == 0x180E
        || (c >= 0x2000 && c <= 0x200B) // spaces, zero-width space
        || c == 0x200E
        || c == 0x200F // LRM, RLM
        || (c >= 0x2028 && c <= 0x202F) // LS, PS, bidi embeddings and overrides, narrow NBSP
        || (c >= 0x205F && c <= 0x206F) // math space, word joiner, bidi isolates
        || c == 0x3000
        || c == 0xFEFF // BOM: go-yaml rejects it anywhere but the start of the stream
        || (c >= 0xFFF9 && c <= 0xFFFB);
  }

  /** The c-indicator characters: a plain scalar may not start with any of them. */
  private static boolean isIndicator(char c) {
    switch (c) {
      case '-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
        return true;
      default:
        return false;
    }
  }

  /**
   * Whether some YAML 1.1 or 1.2 reader could resolve this plain scalar to a non-string: null, bool,
   * int (any base, after removing {@code _}), float, infinity, NaN, sexagesimal, timestamp, or the
   * YAML 1.1 merge and value keys. Over-approximates on purpose: quoting "1.2.3" costs nothing.
   */
  static boolean isTypeAmbiguous(String s) {
    int n = s.length();
    if (n <= 5 && isKeyword(s)) {
      return true;
    }
    int i = 0;
    char c = s.charAt(0);
    if (c == '+' || c == '-') {
      i = 1;
      if (n == 1) {
        return false;
      }
      c = s.charAt(1);
    }
    if (c == '.') {
      String rest = s.substring(i + 1);
      if (equalsAsciiIgnoreCase(rest, "inf") || equalsAsciiIgnoreCase(rest, "nan")) {
        return true;
      }
      // SnakeYAML's float also takes a dot and underscores with no digit ("._", "-.__e1"), and its
      // constructor then fails on them.
      int j = skipUnderscores(s, i + 1);
      if (j > i + 1 && (j == n || (s.charAt(j) == 'e' || s.charAt(j) == 'E') && isExponent(s, j + 1))) {
        return true;
      }
    }
    // Go's ParseFloat, which KYAML's predicate uses, accepts these words too.
    if (c == 'i' || c == 'I' || c == 'n' || c == 'N') {
      String rest = s.substring(i);
      return equalsAsciiIgnoreCase(rest, "inf")
          || equalsAsciiIgnoreCase(rest, "infinity")
          || equalsAsciiIgnoreCase(rest, "nan");
    }
    if (!isDigit(c) && c != '.' && c != '_') {
      return false;
    }
    if (i == 0 && looksLikeDate(s)) {
      return true;
    }
    return looksNumeric(s, i);
  }

  private static boolean isKeyword(String s) {
    switch (s) {
      case "~", "=", "<<":
        return true;
      default:
        break;
    }
    switch (s.length()) {
      case 1: {
        char c = s.charAt(0);
        // y/n: YAML 1.1 booleans; t/f: Go's ParseBool, part of KYAML's ambiguity set.
        return c == 'y' || c == 'Y' || c == 'n' || c == 'N'
            || c == 't' || c == 'T' || c == 'f' || c == 'F';
      }
      case 2:
        return equalsAsciiIgnoreCase(s, "no") || equalsAsciiIgnoreCase(s, "on");
      case 3:
        return equalsAsciiIgnoreCase(s, "yes") || equalsAsciiIgnoreCase(s, "off");
      case 4:
        return equalsAsciiIgnoreCase(s, "true") || equalsAsciiIgnoreCase(s, "null");
      case 5:
        return equalsAsciiIgnoreCase(s, "false");
      default:
        return false;
    }
  }

  /** {@code dddd-}: the start of every YAML 1.1 timestamp; kustomize rewrites these. */
  private static boolean looksLikeDate(String s) {
    return s.length() >= 5
        && isDigit(s.charAt(0))
        && isDigit(s.charAt(1))
        && isDigit(s.charAt(2))
        && isDigit(s.charAt(3))
        && s.charAt(4) == '-';
  }

  /**
   * After an optional sign (already skipped to {@code from}) and ignoring every {@code _}: a base
   * prefix {@code 0x 0o 0b} followed by hex-float characters, or digits with any mix of {@code .} and
   * {@code :} and an optional exponent, holding at least one digit. Covers go-yaml v2's
   * ParseInt(base 0) and float regex, SnakeYAML's int/float/sexagesimal, YAML 1.2 core and JSON.
   */
  private static boolean looksNumeric(String s, int from) {
    int n = s.length();
    int i = skipUnderscores(s, from);
    if (i + 1 < n && s.charAt(i) == '0') {
      int j = skipUnderscores(s, i + 1);
      char p = j < n ? s.charAt(j) : ' ';
      if (p == 'x' || p == 'X' || p == 'o' || p == 'O' || p == 'b' || p == 'B') {
        for (int k = j + 1; k < n; k++) {
          char c = s.charAt(k);
          if (!isHexDigit(c) && c != '_' && c != '.' && c != 'p' && c != 'P' && c != '+' && c != '-') {
            return false;
          }
        }
        return true;
      }
    }
    boolean digit = false;
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (isDigit(c)) {
        digit = true;
      } else if (c == 'e' || c == 'E') {
        return digit && isExponent(s, i + 1);
      } else if (c != '.' && c != ':' && c != '_') {
        return false;
      }
    }
    return digit;
  }

  /** {@code [+-]?[0-9_]*} with at least one digit, to the end of the string. */
  private static boolean isExponent(String s, int from) {
    int n = s.length();
    int i = from;
    if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
      i++;
    }
    boolean digit = false;
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (isDigit(c)) {
        digit = true;
      } else if (c != '_') {
        return false;
      }
    }
    return digit;
  }

  private static int skipUnderscores(String s, int i) {
    while (i < s.length() && s.charAt(i) == '_') {
      i++;
    }
    return i;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isHexDigit(char c) {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  /** ASCII-only, so "ınf" with a dotless i is not mistaken for "inf" the way equalsIgnoreCase would. */
  private static boolean equalsAsciiIgnoreCase(String s, String lower) {
    if (s.length() != lower.length()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        c = (char) (c + ('a' - 'A'));
      }
      if (c != lower.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  static String hex(int c) {
    String h = Integer.toHexString(c).toUpperCase(Locale.ROOT);
    return "U+" + "0000".substring(Math.min(4, h.length())) + h;
  }
}

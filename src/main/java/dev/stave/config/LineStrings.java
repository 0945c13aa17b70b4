package dev.stave.config;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The quoted strings written on one line of a HOCON file, read once from the line's start up to a comment: where
 * each is and the text it stands for, with its escapes read ({@code "a\tb"} stands for a, a tab and b). A list
 * item or a key written with escapes is not its text on the line, so looking for its text found it nowhere, after
 * searching the rest of the line for each: 20,000 such items on one line took 6 s.
 *
 * <p>A line that starts inside a string of several lines ({@code """}) is read from where that string ends: read
 * from its start, the rest of the string would be read as HOCON, and what follows as strings.
 */
final class LineStrings {
  /** A quoted string from its opening quote at {@code start} to just after its closing one at {@code end}. */
  record Quoted(int start, int end, String text) {}

  private final List<Quoted> all = new ArrayList<>();
  /** The strings written as values, not keys, by their text: indexes into {@link #all}, in order. */
  private final Map<String, List<Integer>> values = new HashMap<>();
  /** Where each brace or bracket outside the strings that closes on the line closes, by where it opens. */
  private final Map<Integer, Integer> closings = new HashMap<>();

  /** What ends unquoted text in HOCON besides spaces ({@code a"b"} is a, then the string b). */
  static final String NOT_IN_UNQUOTED = "$\"{}[]:=,+#`^?!@*&\\";

  /** What follows a key: its separator, a brace or a path's dot ({@code +=} too, see {@link #isKey}). */
  static final String KEY_ENDS = "=:{.";

  /** Where the line's HOCON ends: at a comment, or a string that goes on to the next line; else its length. */
  private int end;
  private final int length;
  /** Where the line's HOCON starts: after the end of a string it starts inside, if any; else 0. */
  private final int begin;
  /** Whether a string of several lines opens on the line and goes on to the next one, or the line is in one. */
  private boolean goesOn;

  /** {@code inString}: whether the line starts inside a string of several lines. */
  LineStrings(String line, boolean inString) {
    ArrayDeque<Integer> open = new ArrayDeque<>();
    length = line.length();
    end = length;
    int after = inString ? tripleEnd(line, 0) : 0;
    // A line all inside the string holds nothing else.
    goesOn = after < 0;
    begin = after < 0 ? length : after;
    for (int i = begin; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '#' || c == '/' && line.startsWith("//", i)) {
        end = i;
        break;
      }
      if (c == '{' || c == '[') {
        open.push(i);
      } else if ((c == '}' || c == ']') && !open.isEmpty()) {
        closings.put(open.pop(), i);
      }
      if (c == '"') {
        Quoted quoted = read(line, i);
        if (quoted == null) {
          end = i;
          goesOn = line.startsWith("\"\"\"", i);
          break;
        }
        if (!isKey(line, quoted.end())) {
          values.computeIfAbsent(quoted.text(), t -> new ArrayList<>()).add(all.size());
        }
        all.add(quoted);
        i = quoted.end() - 1;
      }
    }
  }

  /** Where what the line holds ends: at a comment, or a string that goes on, else at the line's end. */
  int end() {
    return end;
  }

  /** Where what the line holds starts: after a string of several lines that it starts inside, else at 0. */
  int begin() {
    return begin;
  }

  /** Whether the next line starts inside a string of several lines that this one opens or is in. */
  boolean goesOn() {
    return goesOn;
  }

  /** The strings on the line, in order. */
  List<Quoted> all() {
    return all;
  }

  /** The first string of {@code text} written as a value at or after {@code from}; null if there is none. */
  Quoted value(String text, int from) {
    List<Integer> found = values.get(text);
    if (found == null) {
      return null;
    }
    int lo = 0;
    int hi = found.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (all.get(found.get(mid)).start() < from) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo < found.size() ? all.get(found.get(lo)) : null;
  }

  /** The string whose opening quote is at {@code open}; null where none opens there. */
  Quoted at(int open) {
    int found = Collections.binarySearch(all, new Quoted(open, open, ""), Comparator.comparingInt(Quoted::start));
    return found >= 0 ? all.get(found) : null;
  }

  /**
   * Where the object or list item whose brace or bracket opens at {@code open} ends: just after its closing
   * one, or the line's end when it goes on to the next line.
   */
  int itemEnd(int open) {
    Integer close = closings.get(open);
    return close == null ? length : close + 1;
  }

  /** Whether what ends at {@code end} is a key: followed by its separator, a brace or a path's dot. */
  static boolean isKey(String line, int end) {
    int i = end;
    while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
      i++;
    }
    return i < line.length() && (KEY_ENDS.indexOf(line.charAt(i)) >= 0 || line.startsWith("+=", i));
  }

  /** Where a string of several lines whose text goes on at {@code from} ends on the line: -1 where it does not. */
  private static int tripleEnd(String line, int from) {
    int close = line.indexOf("\"\"\"", from);
    if (close < 0) {
      return -1;
    }
    // Quotes just before the closing three are the string's own ("""a"""" is a and a quote).
    int end = close + 3;
    while (end < line.length() && line.charAt(end) == '"') {
      end++;
    }
    return end;
  }

  /** The string whose opening quote is at {@code open}; null when it does not end on the line. */
  private static Quoted read(String line, int open) {
    if (line.startsWith("\"\"\"", open)) {
      int end = tripleEnd(line, open + 3);
      return end < 0 ? null : new Quoted(open, end, line.substring(open + 3, end - 3));
    }
    StringBuilder text = new StringBuilder();
    for (int i = open + 1; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '"') {
        return new Quoted(open, i + 1, text.toString());
      }
      if (c != '\\') {
        text.append(c);
        continue;
      }
      if (++i >= line.length()) {
        return null;
      }
      char escaped = line.charAt(i);
      int simple = "\"\\/bfnrt".indexOf(escaped);
      if (simple >= 0) {
        text.append("\"\\/\b\f\n\r\t".charAt(simple));
      } else if (escaped == 'u' && i + 4 < line.length()) {
        try {
          text.append((char) Integer.parseInt(line.substring(i + 1, i + 5), 16));
        } catch (NumberFormatException e) {
          return null;
        }
        i += 4;
      } else {
        return null;
      }
    }
    return null;
  }
}

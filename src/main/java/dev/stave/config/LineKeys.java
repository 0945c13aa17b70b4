package dev.stave.config;

import dev.stave.diag.LineColumns;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where keys are written on one line of a HOCON file: Typesafe Config gives a key its line only. The line is
 * read once for every key written on it; searching it again for each key took minutes on a line of 100,000
 * keys ({@code a0 = 1, a1 = 1, ...}), since each search and each column counted from the line's start.
 *
 * <p>A key is where it is written as a key: followed by its separator ({@code =}, {@code :} or {@code +=}), a
 * brace, or a dot in a path that ends so, after a closing quote and spaces if any, outside the line's quoted
 * strings ({@link LineStrings}), so that {@code b} of {@code labels {a = "b", b = 1}}, of {@code g = "b = 1", b = 2} or
 * of {@code g = [b.sh, ${b.c}], b = 2} is not found in "labels" or in a value. A key of letters, digits,
 * {@code _} and {@code -} is found as a whole word written so; a quoted key where it is written in quotes, with
 * its escapes read; any other key where it is written unquoted
 * ({@code a/b = 1}, {@code a b = 1}). A key found in none of these ways is searched for along the line: its
 * first whole word, its first match, or the line's first character.
 */
final class LineKeys {
  /**
   * Where a key is written: the index of its first character on the line, that character's column, and the
   * index after the key as written (after its escapes; its closing quote is not part of it).
   */
  record Place(int index, int column, int end) {}

  /** What ends unquoted text in HOCON besides spaces, and a path's dot, which ends a key in it. */
  private static final String NOT_IN_UNQUOTED_KEYS = LineStrings.NOT_IN_UNQUOTED + ".";

  private final String line;
  /** Where the line's HOCON starts: after a string of several lines that it starts inside, if any. */
  private final int begin;
  private final LineColumns columns;
  /** The line's quoted strings, in order. */
  private final List<LineStrings.Quoted> strings;
  /** The places of each whole word written as a key, in order, by its text. */
  private final Map<String, List<Place>> words = new HashMap<>();
  /** The places of each quoted key, in order, by its text between the quotes. */
  private final Map<String, List<Place>> quoted = new HashMap<>();
  /** The places of each key of other characters than a word's written unquoted, in order, by its text. */
  private final Map<String, List<Place>> unquoted = new HashMap<>();
  /** Keys written neither way, each searched for once. */
  private final Map<String, Place> searched = new HashMap<>();
  /** Where the values written after each key start ({@code r = 2}), in order, by the key's text. */
  private final Map<String, List<Integer>> values = new HashMap<>();

  LineKeys(String line, LineColumns columns, LineStrings strings) {
    this.line = line;
    this.columns = columns;
    this.strings = strings.all();
    this.begin = strings.begin();
    int i = begin;
    for (int k = 0; k < this.strings.size(); k++) {
      separatorsBefore(i, this.strings.get(k).start(), k - 1);
      i = this.strings.get(k).end();
    }
    // Not into a comment: a key written there (a value left as a note) is none of the line's.
    separatorsBefore(i, strings.end(), this.strings.size() - 1);
  }

  /**
   * Records the keys before the separators from {@code from} to {@code to}, where no string is; the line's
   * {@code string}th is the last before them. A path's dot is read with the path's last key ({@link #keyBefore});
   * {@code +=} ends a key as {@code =} does.
   */
  private void separatorsBefore(int from, int to, int string) {
    for (int i = from; i < to; i++) {
      char c = line.charAt(i);
      if (c != '.' && LineStrings.KEY_ENDS.indexOf(c) >= 0 || c == '+' && line.startsWith("+=", i)) {
        keyBefore(i, string);
      }
    }
  }

  /** A key as written: its text, where it is, and whether in quotes. */
  private record Written(String key, Place place, boolean inQuotes) {}

  /**
   * Records the key written before the separator at {@code at}, and the keys before it in its path
   * ({@code a.b.c = 1}), after the line's strings up to the {@code string}th. Text before a dot is a key only in
   * a path that ends so: not in a value ({@code x = v1.2}) or a substitution ({@code ${a.b}}), where the key
   * {@code a} would be found though written nowhere as one. Each character is looked at again for one
   * separator at most: the spaces, words and strings of a path reach back no further than the separator before.
   */
  private void keyBefore(int at, int string) {
    List<Written> path = new ArrayList<>(1);
    int end = at;
    while (true) {
      end = spacesBefore(end);
      LineStrings.Quoted last = string >= 0 ? strings.get(string) : null;
      int start;
      if (last != null && last.end() == end) {
        // A quoted key is placed at its first character; the empty key "" has none, so at its opening quote, as
        // YAML places it.
        int first = last.text().isEmpty() ? last.start() : last.start() + 1;
        path.add(new Written(last.text(), place(first, last.end() - 1), true));
        start = last.start();
        string--;
      } else {
        int floor = last == null ? begin : last.end();
        start = end;
        while (start > floor && NOT_IN_UNQUOTED_KEYS.indexOf(line.charAt(start - 1)) < 0) {
          start--;
        }
        int first = start;
        while (first < end && Character.isWhitespace(line.charAt(first))) {
          first++;
        }
        if (first == end) {
          break;
        }
        path.add(new Written(line.substring(first, end), place(first, end), false));
      }
      int dot = spacesBefore(start);
      if (dot == 0 || line.charAt(dot - 1) != '.') {
        break;
      }
      end = dot - 1;
    }
    // In the order written: of a key written twice (a.a = 1), the first is its place.
    for (int i = path.size() - 1; i >= 0; i--) {
      Written key = path.get(i);
      if (key.inQuotes()) {
        add(quoted, key);
      }
      // A word is a key only as the whole of one: b of a/b is not.
      if (isWord(key.key())) {
        add(words, key);
      } else if (!key.inQuotes()) {
        add(unquoted, key);
      }
    }
    if (!path.isEmpty()) {
      valueAfter(path.get(0).key(), at);
    }
  }

  private static void add(Map<String, List<Place>> places, Written key) {
    places.computeIfAbsent(key.key(), k -> new ArrayList<>(1)).add(key.place());
  }

  /** The index after the last character before {@code end} that is not a space; 0 where none is. */
  private int spacesBefore(int end) {
    int i = end;
    while (i > 0 && Character.isWhitespace(line.charAt(i - 1))) {
      i--;
    }
    return i;
  }

  /** Records where the value of {@code key} starts, when the character at {@code at} is its separator. */
  private void valueAfter(String key, int at) {
    if (line.charAt(at) == '=' || line.charAt(at) == ':') {
      int value = at + 1;
      while (value < line.length() && line.charAt(value) == ' ') {
        value++;
      }
      values.computeIfAbsent(key, k -> new ArrayList<>(1)).add(value);
    }
  }

  /** How many of a key's values, from the last back, {@link #lastValue} looks at: a line may hold 100,000. */
  private static final int LAST_VALUES = 64;

  /**
   * Where the last value of {@code key} written as one of {@code forms} starts on the line, or null where the
   * key has one value on the line, or none of the last {@link #LAST_VALUES} is written so. A key given a value
   * twice on one line ({@code r = 2, r = "x"}) has the last in effect, the one written as it is.
   */
  Place lastValue(String key, List<String> forms) {
    List<Integer> starts = values.get(key);
    return starts == null || starts.size() < 2 ? null : written(starts, starts.size() - 1, 0, forms);
  }

  /**
   * As {@link #lastValue(String, List)}, for a key of the map whose braces are from {@code from} to {@code to} on
   * the line: the last value written so between them, so that the same key in two maps ({@code a {r = "x"},
   * b {r = "x"}}) has each map's, whether their values differ or not. Where none is written so there, the
   * line's (a map written twice, {@code a {r = 1}, a {r = "x"}}, has the later in effect), else the first value
   * between them, written another way ({@code "a\tb"}, {@code x-${N}}).
   */
  Place lastValue(String key, List<String> forms, int from, int to) {
    List<Integer> starts = values.get(key);
    int first = starts == null ? 0 : firstFrom(starts, from);
    int last = starts == null ? -1 : firstFrom(starts, to) - 1;
    Place found = last < first ? null : written(starts, last, from, forms);
    found = found != null ? found : lastValue(key, forms);
    return found != null || last < first ? found : place(starts.get(first), starts.get(first));
  }

  /** How many of {@code starts}, which are in order and differ, are before {@code index}. */
  private static int firstFrom(List<Integer> starts, int index) {
    int found = Collections.binarySearch(starts, index);
    return found >= 0 ? found : -found - 1;
  }

  /** The last of the values {@code starts} up to the {@code last}th, from {@code from} on, written as a form. */
  private Place written(List<Integer> starts, int last, int from, List<String> forms) {
    for (int i = last; i >= Math.max(0, last + 1 - LAST_VALUES) && starts.get(i) >= from; i--) {
      int start = starts.get(i);
      for (String form : forms) {
        int end = start + form.length();
        if (line.startsWith(form, start) && (end == line.length() || " \t,}]#/".indexOf(line.charAt(end)) >= 0)) {
          return place(start, end);
        }
      }
    }
    return null;
  }

  private Place place(int index, int end) {
    return new Place(index, columns.column(index), end);
  }

  /** Where {@code key} is written on the line (see the class comment). */
  Place find(String key) {
    return find(key, 0, line.length());
  }

  /**
   * Where {@code key} is first written from index {@code from} up to {@code to}, between the braces of its map,
   * so that the same key in two maps on one line ({@code a {comand = x}, b {comand = y}}) is each map's own;
   * where it is not written there, where it is on the line.
   */
  Place find(String key, int from, int to) {
    // The empty key can only be written in quotes ("" = x).
    Place found = first(!key.isEmpty() && isWord(key) ? words.get(key) : quoted.get(key), from, to);
    found = found != null || key.isEmpty() || isWord(key) ? found : first(unquoted.get(key), from, to);
    boolean whole = from <= 0 && to >= line.length();
    return found != null ? found : whole ? searched.computeIfAbsent(key, this::search) : find(key);
  }

  /** The first of {@code places}, which are in order, from index {@code from} up to {@code to}; null if none is. */
  private static Place first(List<Place> places, int from, int to) {
    if (places == null) {
      return null;
    }
    int found = Collections.binarySearch(places, new Place(from, 0, from), Comparator.comparingInt(Place::index));
    int lo = found >= 0 ? found : -found - 1;
    return lo < places.size() && places.get(lo).index() < to ? places.get(lo) : null;
  }

  /** Where a key that neither index holds is (see the class comment), searching the line from its start. */
  private Place search(String key) {
    int word = -1;
    for (int at = line.indexOf(key); at >= 0 && !key.isEmpty(); at = line.indexOf(key, at + 1)) {
      if (!isWordAt(line, key, at)) {
        continue;
      }
      int end = at + key.length();
      word = word < 0 ? at : word;
      int i = end < line.length() && line.charAt(end) == '"' ? end + 1 : end;
      while (i < line.length() && line.charAt(i) == ' ') {
        i++;
      }
      if (i < line.length() && LineStrings.KEY_ENDS.indexOf(line.charAt(i)) >= 0) {
        // Written as a key after all, in a way no index holds.
        word = at;
        break;
      }
    }
    int any = line.indexOf(key);
    int index = word >= 0 ? word : any >= 0 ? any : HoconLoader.firstIndex(line);
    return place(index, Math.min(index + key.length(), line.length()));
  }

  /** Whether {@code key}, found at {@code at} on the line, is a whole word there. */
  static boolean isWordAt(String line, String key, int at) {
    int end = at + key.length();
    return !(at > 0 && isWordChar(line.charAt(at - 1)) || end < line.length() && isWordChar(line.charAt(end)));
  }

  private static boolean isWord(String key) {
    for (int i = 0; i < key.length(); i++) {
      if (!isWordChar(key.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '-';
  }
}

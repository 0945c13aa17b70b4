package dev.stave.render;

import java.util.Arrays;

/**
 * Where {@link BlockWriter} wrote each one-line string: its place (a key, a mapping value or a list
 * item), the span of its token in the text, and the string. Tokens that hold a line break of any YAML
 * version are left out, so each recorded token sits alone on its line's tail.
 */
final class ScalarTokens {
  static final char KEY = 'k';
  static final char VALUE = 'v';
  static final char ITEM = 'i';
  static final char NONE = '-';

  private char[] places = new char[64];
  private int[] starts = new int[64];
  private int[] ends = new int[64];
  private String[] values = new String[64];
  private int size;

  void add(char place, int start, int end, String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029) {
        return;
      }
    }
    if (size == places.length) {
      int n = size * 2;
      places = Arrays.copyOf(places, n);
      starts = Arrays.copyOf(starts, n);
      ends = Arrays.copyOf(ends, n);
      values = Arrays.copyOf(values, n);
    }
    places[size] = place;
    starts[size] = start;
    ends[size] = end;
    values[size] = value;
    size++;
  }

  int size() {
    return size;
  }

  char place(int i) {
    return places[i];
  }

  int start(int i) {
    return starts[i];
  }

  int end(int i) {
    return ends[i];
  }

  String value(int i) {
    return values[i];
  }
}

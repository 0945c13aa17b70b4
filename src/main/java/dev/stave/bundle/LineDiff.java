package dev.stave.bundle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The lines that differ between two texts, as the hunks of a unified diff ({@code @@ -3,5 +3,6 @@}, then
 * lines starting with a space, {@code -} or {@code +}). Myers' algorithm finds the fewest lines to remove
 * and add; it runs in time proportional to the size of the texts times the number of edits, so past
 * {@link #MOST_EDITS} it stops and shows the whole stretch between the first and the last changed line
 * as removed and added instead, which is still a true diff, only not the shortest. (That bound is why
 * this is not java-diff-utils, whose Myers search explores every edit count up to the texts' sizes:
 * {@code diff --cluster} compares whatever the cluster holds.)
 */
final class LineDiff {
  /** Git's marker for a last line without a newline, shown only when the two texts differ in that. */
  static final String NO_NEWLINE = "\\ No newline at end of file";
  static final int MOST_EDITS = 1000;

  private record Edit(char sign, int before, int after) {}

  private LineDiff() {}

  /** The text's lines, each with its newline if it has one; none for an empty text. */
  static List<String> lines(String text) {
    List<String> out = new ArrayList<>();
    int start = 0;
    while (start < text.length()) {
      int end = text.indexOf('\n', start);
      end = end < 0 ? text.length() : end + 1;
      out.add(text.substring(start, end));
      start = end;
    }
    return out;
  }

  /** The hunks, each as its header then its lines, with {@code context} unchanged lines around changes. */
  static List<String> unified(String before, String after, int context) {
    // Two texts that both end without a newline compare as if both had one: no marker for what they share.
    if (!before.isEmpty() && !after.isEmpty() && !before.endsWith("\n") && !after.endsWith("\n")) {
      before += "\n";
      after += "\n";
    }
    List<String> a = lines(before);
    List<String> b = lines(after);
    List<Edit> edits = edits(a, b);
    List<String> out = new ArrayList<>();
    int next = 0;
    while (next < edits.size()) {
      int first = next;
      while (first < edits.size() && edits.get(first).sign() == ' ') {
        first++;
      }
      if (first == edits.size()) {
        break;
      }
      int last = first;
      for (int i = first + 1; i < edits.size() && i - last - 1 <= 2 * context; i++) {
        if (edits.get(i).sign() != ' ') {
          last = i;
        }
      }
      int from = Math.max(next, first - context);
      int to = Math.min(edits.size(), last + context + 1);
      hunk(edits.subList(from, to), a, b, out);
      next = to;
    }
    return out;
  }

  private static void hunk(List<Edit> edits, List<String> a, List<String> b, List<String> out) {
    int removed = 0;
    int added = 0;
    for (Edit e : edits) {
      removed += e.sign() == '+' ? 0 : 1;
      added += e.sign() == '-' ? 0 : 1;
    }
    out.add("@@ -" + range(edits.get(0).before(), removed) + " +" + range(edits.get(0).after(), added) + " @@");
    for (Edit e : edits) {
      String line = e.sign() == '+' ? b.get(e.after()) : a.get(e.before());
      boolean whole = line.endsWith("\n");
      out.add(e.sign() + (whole ? line.substring(0, line.length() - 1) : line));
      if (!whole) {
        out.add(NO_NEWLINE);
      }
    }
  }

  /** GNU diff's range: the first line counted from 1 and how many; an empty range names the line before it. */
  private static String range(int start, int count) {
    if (count == 1) {
      return String.valueOf(start + 1);
    }
    return (count == 0 ? start : start + 1) + "," + count;
  }

  /** Every line of both texts in order: kept, removed or added, with its place in each text. */
  private static List<Edit> edits(List<String> a, List<String> b) {
    Map<String, Integer> ids = new HashMap<>();
    int[] x = ids(a, ids);
    int[] y = ids(b, ids);
    int head = 0;
    while (head < x.length && head < y.length && x[head] == y[head]) {
      head++;
    }
    int tail = 0;
    while (tail < x.length - head && tail < y.length - head && x[x.length - 1 - tail] == y[y.length - 1 - tail]) {
      tail++;
    }
    int[] midA = Arrays.copyOfRange(x, head, x.length - tail);
    int[] midB = Arrays.copyOfRange(y, head, y.length - tail);
    char[] middle = myers(midA, midB);
    if (middle == null) {
      middle = new char[midA.length + midB.length];
      Arrays.fill(middle, 0, midA.length, '-');
      Arrays.fill(middle, midA.length, middle.length, '+');
    }
    List<Edit> out = new ArrayList<>();
    int i = 0;
    int j = 0;
    for (; i < head; i++, j++) {
      out.add(new Edit(' ', i, j));
    }
    for (char sign : middle) {
      out.add(new Edit(sign, i, j));
      i += sign == '+' ? 0 : 1;
      j += sign == '-' ? 0 : 1;
    }
    for (; i < x.length; i++, j++) {
      out.add(new Edit(' ', i, j));
    }
    return out;
  }

  private static int[] ids(List<String> lines, Map<String, Integer> ids) {
    int[] out = new int[lines.size()];
    for (int i = 0; i < out.length; i++) {
      Integer id = ids.putIfAbsent(lines.get(i), ids.size());
      out[i] = id == null ? ids.size() - 1 : id;
    }
    return out;
  }

  /**
   * The shortest edit script from {@code a} to {@code b} as signs (space, -, +), or null when it takes
   * more than {@link #MOST_EDITS} edits. Myers (1986), "An O(ND) difference algorithm", keeping each
   * round's furthest points to walk back from the end.
   */
  private static char[] myers(int[] a, int[] b) {
    int n = a.length;
    int m = b.length;
    int most = Math.min(n + m, MOST_EDITS);
    int offset = most + 1;
    int[] v = new int[2 * most + 3];
    List<int[]> trace = new ArrayList<>();
    for (int d = 0; d <= most; d++) {
      trace.add(Arrays.copyOfRange(v, offset - d - 1, offset + d + 2));
      for (int k = -d; k <= d; k += 2) {
        int x = k == -d || k != d && v[offset + k - 1] < v[offset + k + 1] ? v[offset + k + 1] : v[offset + k - 1] + 1;
        int y = x - k;
        while (x < n && y < m && a[x] == b[y]) {
          x++;
          y++;
        }
        v[offset + k] = x;
        if (x >= n && y >= m) {
          return walkBack(trace, n, m);
        }
      }
    }
    return null;
  }

  private static char[] walkBack(List<int[]> trace, int n, int m) {
    char[] out = new char[n + m];
    int at = out.length;
    int x = n;
    int y = m;
    for (int d = trace.size() - 1; d >= 0; d--) {
      int[] v = trace.get(d);
      int k = x - y;
      int prevK = k == -d || k != d && v[k - 1 + d + 1] < v[k + 1 + d + 1] ? k + 1 : k - 1;
      int prevX = d == 0 ? 0 : v[prevK + d + 1];
      int prevY = d == 0 ? 0 : prevX - prevK;
      while (x > prevX && y > prevY) {
        out[--at] = ' ';
        x--;
        y--;
      }
      if (d > 0) {
        out[--at] = x == prevX ? '+' : '-';
        x = prevX;
        y = prevY;
      }
    }
    return Arrays.copyOfRange(out, at, out.length);
  }
}

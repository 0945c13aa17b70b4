package dev.stave.schema;

import java.util.List;

/** "Did you mean" suggestions by edit distance. */
public final class Suggest {
  private Suggest() {}

  /** The closest candidate within a distance that still looks like a typo, or null. */
  public static String closest(String word, List<String> candidates) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      int d = distance(word, candidate);
      if (d < bestDistance) {
        bestDistance = d;
        best = candidate;
      }
    }
    int limit = Math.max(2, word.length() / 3);
    return bestDistance <= limit ? best : null;
  }

  static int distance(String a, String b) {
    if (a.length() > 200 || b.length() > 200) {
      return Integer.MAX_VALUE;
    }
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}

package dev.stave.diag;

import java.util.List;

/** "Did you mean" suggestions by edit distance, shared by every stage that reports a misspelt name. */
public final class Suggest {
  private static final int MAX_COMPARED_LENGTH = 200;

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

  /**
   * Levenshtein distance that also counts swapping two neighbours as one edit ("spce" is one edit from
   * "spec"). Very long strings are never similar: no hostile input makes this quadratic in its size.
   */
  public static int distance(String a, String b) {
    if (a.length() > MAX_COMPARED_LENGTH || b.length() > MAX_COMPARED_LENGTH) {
      return Integer.MAX_VALUE;
    }
    int[] twoBack = new int[b.length() + 1];
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int best = Math.min(previous[j - 1] + cost, Math.min(previous[j], current[j - 1]) + 1);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          best = Math.min(best, twoBack[j - 2] + 1);
        }
        current[j] = best;
      }
      int[] recycled = twoBack;
      twoBack = previous;
      previous = current;
      current = recycled;
    }
    return previous[b.length()];
  }
}

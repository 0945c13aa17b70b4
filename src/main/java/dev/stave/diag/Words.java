package dev.stave.diag;

import java.util.List;

/** Words listed in a message as a sentence lists them. */
public final class Words {
  private Words() {}

  /** "a", "a and b", "a, b and c". */
  public static String and(List<String> words) {
    return list(words, " and ");
  }

  /** "a", "a or b", "a, b or c". */
  public static String or(List<String> words) {
    return list(words, " or ");
  }

  private static String list(List<String> words, String beforeLast) {
    int last = words.size() - 1;
    return last == 0 ? words.get(0) : String.join(", ", words.subList(0, last)) + beforeLast + words.get(last);
  }

  /** "1 node", "3 nodes": a count and its noun, plural unless the count is 1. */
  public static String count(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  /** As {@link #count(long, String)} for a number written as text, such as a decimal: "1 GPU", "0.5 GPUs". */
  public static String count(String n, String noun) {
    return n + " " + noun + (n.equals("1") ? "" : "s");
  }
}

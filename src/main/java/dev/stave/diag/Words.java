package dev.stave.diag;

import java.util.List;

/** Words listed in a message as a sentence lists them. */
public final class Words {
  private Words() {}

  /** "a", "a and b", "a, b and c". */
  public static String and(List<String> words) {
    int last = words.size() - 1;
    return last == 0 ? words.get(0) : String.join(", ", words.subList(0, last)) + " and " + words.get(last);
  }
}

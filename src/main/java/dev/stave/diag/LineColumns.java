package dev.stave.diag;

/**
 * Columns and indexes on one line, as {@link Sources#column} and {@link Sources#index} count them, for the
 * many places that may be looked up on it. Counting from the start of the line for each took minutes for an
 * error at every key of a line of 100,000 keys, and for a line of 100,000 lists.
 */
public final class LineColumns {
  /** How many characters (code points) apart the remembered indexes are. */
  private static final int STEP = 256;

  private final String line;
  /** The index of character {@code STEP * k}, for each k; null when every character is one char. */
  private final int[] steps;

  public LineColumns(String line) {
    this.line = line;
    int[] found = null;
    for (int i = 0; i < line.length() && found == null; i++) {
      if (Character.isSurrogate(line.charAt(i))) {
        found = steps(line);
      }
    }
    this.steps = found;
  }

  private static int[] steps(String line) {
    int[] steps = new int[line.codePointCount(0, line.length()) / STEP + 1];
    int points = 0;
    for (int i = 0; i < line.length(); i += Character.charCount(line.codePointAt(i))) {
      if (points % STEP == 0) {
        steps[points / STEP] = i;
      }
      points++;
    }
    if (points % STEP == 0) {
      // The line ends where the next would start.
      steps[points / STEP] = line.length();
    }
    return steps;
  }

  /** The index of the character at the 1-based {@code column}; the line's length past its end. */
  public int index(int column) {
    if (steps == null) {
      return Math.max(0, Math.min(column - 1, line.length()));
    }
    int k = Math.max(0, Math.min((column - 1) / STEP, steps.length - 1));
    int i = steps[k];
    for (int c = 1 + k * STEP; c < column && i < line.length(); c++) {
      i += Character.charCount(line.codePointAt(i));
    }
    return i;
  }

  /** The 1-based column of the character at {@code index}. */
  public int column(int index) {
    int end = Math.min(index, line.length());
    if (steps == null) {
      return 1 + end;
    }
    int k = java.util.Arrays.binarySearch(steps, end);
    k = k >= 0 ? k : -k - 2;
    return 1 + k * STEP + line.codePointCount(steps[k], end);
  }
}

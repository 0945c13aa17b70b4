package dev.stave.diag;

import java.util.HashMap;
import java.util.Map;

/** The text of every file read in a run, so that diagnostics can quote the offending line. */
public final class Sources {
  private final Map<String, String[]> lines = new HashMap<>();

  public void put(String file, String text) {
    lines.put(file, text.split("\r?\n", -1));
  }

  /** The 1-based line of a file, or null when the file or line is unknown. */
  public String line(String file, int line) {
    String[] all = lines.get(file);
    if (all == null || line < 1 || line > all.length) {
      return null;
    }
    return all[line - 1];
  }
}

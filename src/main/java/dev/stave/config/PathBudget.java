package dev.stave.config;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.util.Locale;

/**
 * What the paths to a file's values ({@code processes.a.args[3]}) come to, added up as a loader builds them.
 *
 * <p>Every step after loading names a value by its path too, so a key costs its length once for every value
 * under it: a key of 200 KiB over a list of 100,000 values is 20 GB of text, and a YAML alias of a long
 * string used as a key at many levels is far more. Such files of a few hundred KiB took from 20 seconds to
 * minutes before their first diagnostic. A loader that stops building paths at {@link #MAX_CHARACTERS}
 * bounds its own work and that of every later step.
 */
final class PathBudget {
  /**
   * Room for any file within the 200,000-value limit whose paths are of ordinary length, 500 characters
   * (a few keys of up to 253), and none for the gigabytes above.
   */
  static final long MAX_CHARACTERS = 100_000_000;

  private long characters;

  /** Counts the path of one more value, a list or map too; true only when it is the one that goes over. */
  boolean goesOver(String path) {
    boolean before = over();
    characters += path.length();
    return !before && over();
  }

  /** Whether the paths have come to more than {@link #MAX_CHARACTERS}: no more should be built. */
  boolean over() {
    return characters > MAX_CHARACTERS;
  }

  /** The error at the value whose path went over; {@code repeaters} are what repeat keys ("aliases"). */
  static Diagnostic error(Origin origin, String path, String code, String repeaters) {
    return Diagnostic.error(origin, path, code,
        String.format(Locale.ROOT, "the paths to the file's values come to more than %,d characters, counting each"
            + " key once for every value under it", MAX_CHARACTERS),
        "keep keys short, above all those over long lists and those that " + repeaters + " repeat");
  }
}

package dev.stave.diag;

import java.time.Duration;

/** How messages write a duration: as --timeout is written ({@code 2s}, {@code 5m}, {@code 1500ms}). */
public final class Durations {
  private Durations() {}

  /** {@code 2s}, {@code 5m}, {@code 1500ms}: the duration as a --timeout that means it is written. */
  public static String written(Duration d) {
    if (d.toSeconds() % 60 == 0 && d.toMinutes() > 0 && d.toMillis() % 1000 == 0) {
      return d.toMinutes() + "m";
    }
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
  }
}

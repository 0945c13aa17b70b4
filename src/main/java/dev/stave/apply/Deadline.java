package dev.stave.apply;

import java.time.Duration;

/** The end of the run's --timeout, on the monotonic clock. */
public final class Deadline {
  private final long endNanos;

  private Deadline(long endNanos) {
    this.endNanos = endNanos;
  }

  public static Deadline after(Duration timeout) {
    long nanos;
    try {
      nanos = timeout.toNanos();
    } catch (ArithmeticException e) {
      nanos = Long.MAX_VALUE / 4; // centuries: no limit in practice, and no overflow below
    }
    return new Deadline(System.nanoTime() + Math.min(nanos, Long.MAX_VALUE / 4));
  }

  public boolean passed() {
    return System.nanoTime() - endNanos >= 0;
  }

  /** Whether waiting {@code pause} still ends before the deadline. */
  boolean allows(Duration pause) {
    return System.nanoTime() + pause.toNanos() - endNanos < 0;
  }

  /** The time left, 0 once it has passed. */
  public Duration left() {
    return Duration.ofNanos(Math.max(0, endNanos - System.nanoTime()));
  }

  /** {@code 2s}, {@code 5m}, {@code 1500ms}: a --timeout as it is written. */
  public static String written(Duration d) {
    if (d.toSeconds() % 60 == 0 && d.toMinutes() > 0 && d.toMillis() % 1000 == 0) {
      return d.toMinutes() + "m";
    }
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
  }
}

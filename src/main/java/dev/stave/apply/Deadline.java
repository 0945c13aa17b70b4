package dev.stave.apply;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The end of the run's --timeout, on the monotonic clock. One per run, begun before the kubeconfig's
 * credentials are had: an exec plugin's time counts against --timeout as the requests' does.
 */
public final class Deadline {
  private final Duration timeout;
  private final long endNanos;
  private final LongSupplier nanoTime;

  private Deadline(Duration timeout, long endNanos, LongSupplier nanoTime) {
    this.timeout = timeout;
    this.endNanos = endNanos;
    this.nanoTime = nanoTime;
  }

  public static Deadline after(Duration timeout) {
    return after(timeout, System::nanoTime);
  }

  /** The same on {@code nanoTime}, a clock read as {@link System#nanoTime} is (tests move their own). */
  public static Deadline after(Duration timeout, LongSupplier nanoTime) {
    long nanos;
    try {
      nanos = timeout.toNanos();
    } catch (ArithmeticException e) {
      nanos = Long.MAX_VALUE / 4; // centuries: no limit in practice, and no overflow below
    }
    return new Deadline(timeout, nanoTime.getAsLong() + Math.min(nanos, Long.MAX_VALUE / 4), nanoTime);
  }

  /** The --timeout this deadline ends, as given. */
  public Duration timeout() {
    return timeout;
  }

  public boolean passed() {
    return nanoTime.getAsLong() - endNanos >= 0;
  }

  /** Whether waiting {@code pause} still ends before the deadline. */
  boolean allows(Duration pause) {
    return nanoTime.getAsLong() + pause.toNanos() - endNanos < 0;
  }

  /** The time left, 0 once it has passed. */
  public Duration left() {
    return Duration.ofNanos(Math.max(0, endNanos - nanoTime.getAsLong()));
  }
}

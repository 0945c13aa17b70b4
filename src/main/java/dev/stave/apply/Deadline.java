package dev.stave.apply;

import dev.stave.diag.Durations;
import java.io.IOException;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The end of the run's --timeout, on the monotonic clock. One per run, begun before the kubeconfig's
 * credentials are had: an exec plugin's time counts against --timeout as the requests' does.
 */
public final class Deadline {
  private final Duration timeout;
  private final String limit;
  private final long endNanos;
  private final LongSupplier nanoTime;

  private Deadline(Duration timeout, String limit, long endNanos, LongSupplier nanoTime) {
    this.timeout = timeout;
    this.limit = limit;
    this.endNanos = endNanos;
    this.nanoTime = nanoTime;
  }

  /** A deadline set by --timeout. */
  public static Deadline after(Duration timeout) {
    return after(timeout, System::nanoTime);
  }

  /** The same on {@code nanoTime}, a clock read as {@link System#nanoTime} is (tests move their own). */
  public static Deadline after(Duration timeout, LongSupplier nanoTime) {
    return after(timeout, "--timeout " + Durations.written(timeout), nanoTime);
  }

  /**
   * A deadline on {@code nanoTime} whose limit messages name as {@code limit} ("the default --timeout of
   * 5m"), where the user did not give --timeout: the advice to raise --timeout is right either way, and the
   * name says what ran out.
   */
  public static Deadline after(Duration timeout, String limit, LongSupplier nanoTime) {
    long nanos;
    try {
      nanos = timeout.toNanos();
    } catch (ArithmeticException e) {
      nanos = Long.MAX_VALUE / 4; // centuries: no limit in practice, and no overflow below
    }
    return new Deadline(timeout, limit, nanoTime.getAsLong() + Math.min(nanos, Long.MAX_VALUE / 4), nanoTime);
  }

  /** The --timeout this deadline ends, as given. */
  public Duration timeout() {
    return timeout;
  }

  /** The limit as messages name it: "--timeout 2m", "the default --timeout of 5m". */
  public String limit() {
    return limit;
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

  /** What a request that is not sent, since the deadline has passed, throws; {@code request} names it. */
  public RanOut ranOutBefore(Object request) {
    return ranOut("before " + request + " was sent");
  }

  /** What a request that the deadline cut off while it waited for its answer throws; {@code request} names it. */
  public RanOut ranOutAwaiting(Object request) {
    return ranOut("while " + request + " waited for its answer");
  }

  private RanOut ranOut(String when) {
    return new RanOut("stopped: " + limit + " ran out " + when
        + "; raise --timeout to give the run longer");
  }

  /**
   * A request not sent, or cut off before its answer, because the run's --timeout had ended. The run's own
   * limit stopped it, whatever state the server is in, so the run does not end saying that the server could
   * not be reached.
   */
  public static final class RanOut extends IOException {
    private RanOut(String message) {
      super(message);
    }

    /** How the run ends. */
    public ClusterFailure failure() {
      return new ClusterFailure(getMessage());
    }
  }
}

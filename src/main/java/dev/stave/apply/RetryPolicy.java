package dev.stave.apply;

import java.time.Duration;

/**
 * How often and how patiently a request is tried again after a 429, a 5xx or a broken connection: the
 * delay doubles from {@code firstDelay} up to {@code maxDelay}, and a server's {@code Retry-After} wins
 * when it asks for longer (capped at {@code maxDelay}).
 */
public record RetryPolicy(int attempts, Duration firstDelay, Duration maxDelay) {

  public static final RetryPolicy DEFAULT = new RetryPolicy(6, Duration.ofMillis(250), Duration.ofSeconds(8));

  public RetryPolicy {
    if (attempts < 1) {
      throw new IllegalArgumentException("at least one attempt");
    }
  }

  /** The pause before attempt {@code next} (2 for the first retry). */
  Duration delay(int next, Duration retryAfter) {
    long millis = firstDelay.toMillis() << Math.min(next - 2, 20);
    Duration backoff = Duration.ofMillis(Math.min(millis, maxDelay.toMillis()));
    if (retryAfter != null && retryAfter.compareTo(backoff) > 0) {
      return retryAfter.compareTo(maxDelay) > 0 ? maxDelay : retryAfter;
    }
    return backoff;
  }
}

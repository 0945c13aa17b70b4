package dev.stave.apply;

import java.time.Duration;

/**
 * What one {@code stave apply} asks for. {@code poll} is how often --wait looks; {@code retry} how
 * requests are retried (tests shorten both).
 */
public record ApplyOptions(boolean dryRun, boolean forceConflicts, boolean prune, boolean waitReady,
    Duration timeout, Duration poll, RetryPolicy retry) {

  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);
  public static final Duration DEFAULT_POLL = Duration.ofSeconds(2);
}

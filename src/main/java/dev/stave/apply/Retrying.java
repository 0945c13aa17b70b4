package dev.stave.apply;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Tries a request again when the server is busy (429), failing (5xx) or the connection broke, as
 * kubectl does. A request that keeps failing returns its last response, or throws its last error, so
 * the caller reports what the server said. Never retries past the deadline: the last answer is what
 * the run reports then too, not that the deadline stopped the next try.
 */
final class Retrying implements KubeTransport {
  private final KubeTransport inner;
  private final RetryPolicy policy;
  private final Deadline deadline;

  Retrying(KubeTransport inner, RetryPolicy policy, Deadline deadline) {
    this.inner = inner;
    this.policy = policy;
    this.deadline = deadline;
  }

  @Override
  public String server() {
    return inner.server();
  }

  @Override
  public Response send(Request request) throws IOException {
    Response lastResponse = null;
    IOException lastError = null;
    for (int attempt = 1; ; attempt++) {
      Response response;
      try {
        response = inner.send(request);
      } catch (Deadline.RanOut e) {
        // The deadline passed after the pause's last look and before the transport's: the try is abandoned
        // as one the pause had refused, and the run reports the last answer, not that it stopped.
        if (lastResponse != null) {
          return lastResponse;
        }
        throw lastError != null ? lastError : e;
      } catch (IOException e) {
        if (!pause(attempt, null)) {
          throw e;
        }
        lastResponse = null;
        lastError = e;
        continue;
      }
      if (!retriable(response.status()) || !pause(attempt, retryAfter(response))) {
        return response;
      }
      lastResponse = response;
      lastError = null;
    }
  }

  static boolean retriable(int status) {
    return status == 429 || status >= 500;
  }

  /** Sleeps before the next attempt; false when no attempt is left. */
  private boolean pause(int attempt, Duration retryAfter) {
    if (attempt >= policy.attempts()) {
      return false;
    }
    Duration delay = policy.delay(attempt + 1, retryAfter);
    if (!deadline.allows(delay)) {
      return false;
    }
    try {
      Thread.sleep(delay.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    // A pause that the deadline allowed by a hair can end past it (a sleep lasts at least as asked).
    return !deadline.passed();
  }

  private static Duration retryAfter(Response response) {
    return retryAfter(response.headers().get("retry-after"), Instant.now());
  }

  /**
   * Retry-After as RFC 9110 gives it: delay-seconds, or an HTTP-date (a date already past means now).
   * Anything else is ignored and the backoff applies.
   */
  static Duration retryAfter(String value, Instant now) {
    if (value == null || value.isBlank()) {
      return null;
    }
    String text = value.trim();
    if (text.chars().allMatch(c -> c >= '0' && c <= '9')) {
      try {
        return Duration.ofSeconds(Long.parseLong(text));
      } catch (NumberFormatException e) {
        return null; // more seconds than a long holds
      }
    }
    try {
      Instant date = ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
      Duration until = Duration.between(now, date);
      return until.isNegative() ? Duration.ZERO : until;
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}

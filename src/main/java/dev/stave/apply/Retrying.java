package dev.stave.apply;

import java.io.IOException;
import java.time.Duration;

/**
 * Tries a request again when the server is busy (429), failing (5xx) or the connection broke, as
 * kubectl does. A request that keeps failing returns its last response, or throws its last error, so
 * the caller reports what the server said. Never retries past the deadline.
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
    for (int attempt = 1; ; attempt++) {
      Response response;
      try {
        response = inner.send(request);
      } catch (IOException e) {
        if (!pause(attempt, null)) {
          throw e;
        }
        continue;
      }
      if (!retriable(response.status()) || !pause(attempt, retryAfter(response))) {
        return response;
      }
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
    return true;
  }

  /** Retry-After in seconds; the HTTP-date form is rare from API servers and is ignored. */
  private static Duration retryAfter(Response response) {
    String value = response.headers().get("retry-after");
    if (value == null) {
      return null;
    }
    try {
      return Duration.ofSeconds(Math.max(0, Long.parseLong(value.trim())));
    } catch (NumberFormatException e) {
      return null;
    }
  }
}

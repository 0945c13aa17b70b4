package dev.stave.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Retry-After in both of its forms (RFC 9110, section 10.2.3). */
class RetryAfterTest {
  private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");

  @Test
  void secondsAreTakenAsTheyAre() {
    assertEquals(Duration.ofSeconds(3), Retrying.retryAfter("3", NOW));
    assertEquals(Duration.ZERO, Retrying.retryAfter(" 0 ", NOW));
  }

  @Test
  void anHttpDateIsTheTimeLeftUntilIt() {
    assertEquals(Duration.ofSeconds(90), Retrying.retryAfter("Mon, 23 Nov 2026 10:01:30 GMT", NOW));
    assertEquals(Duration.ZERO, Retrying.retryAfter("Mon, 23 Nov 2026 09:59:00 GMT", NOW), "already past");
  }

  @Test
  void anythingElseLeavesTheBackoffInCharge() {
    assertNull(Retrying.retryAfter(null, NOW));
    assertNull(Retrying.retryAfter("", NOW));
    assertNull(Retrying.retryAfter("-5", NOW));
    assertNull(Retrying.retryAfter("soon", NOW));
    assertNull(Retrying.retryAfter("99999999999999999999", NOW));
    assertNull(Retrying.retryAfter("Lun, 23 Nov 2026 10:01:30 GMT", NOW));
  }
}

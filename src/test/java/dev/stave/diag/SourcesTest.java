package dev.stave.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SourcesTest {
  private final Sources sources = new Sources();

  @Test
  void aLineIsRedactedWholeAndTheCaretMovesWithTheText() {
    sources.hide("AKIAVERYSECRET");
    sources.hide("very-secret-value");
    String line = "key = AKIAVERYSECRET, secret_key = very-secret-value }";
    // Before every value, inside the first (where a parse error in it would point), between, after both.
    assertEquals(new Sources.Redacted("key = ***, secret_key = *** }", 4), sources.redact(line, 4));
    assertEquals(new Sources.Redacted("key = ***, secret_key = *** }", 6), sources.redact(line, 12));
    assertEquals(new Sources.Redacted("key = ***, secret_key = *** }", 11), sources.redact(line, 22));
    assertEquals(new Sources.Redacted("key = ***, secret_key = *** }", 24), sources.redact(line, 40));
    assertEquals(new Sources.Redacted("key = ***, secret_key = *** }", 28), sources.redact(line, line.length() - 1));
  }

  @Test
  void aValueHiddenInsideALongerOneIsHiddenWithIt() {
    sources.hide("secret");
    sources.hide("my-secret-token");
    assertEquals(new Sources.Redacted("a *** b ***", 2), sources.redact("a my-secret-token b secret", 5));
  }
}

package dev.stave.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** What of a text from outside reaches the terminal. */
class PrintableTest {
  @Test
  void controlAndInvisibleCharactersAreEscaped() {
    assertEquals("a\\u001b[2Jb\\u007f\\u009b\\u200b\\u202ec\\u2066\\ufeff\\udb40\\udc41\\u000ad\\u000d",
        Printable.line("a\033[2Jb\u007f\u009b\u200b\u202ec\u2066\ufeff\udb40\udc41\nd\r"));
  }

  @Test
  void textKeepsItsLineBreaks() {
    assertEquals("one\n\\u001b[31mtwo\n", Printable.text("one\n\033[31mtwo\n"));
  }

  @Test
  void printableTextIsLeftAsItIs() {
    String text = "Deployment surreal/x: \"gcr.io/acme:1.4\" → \"1.5\"\tÄ 日本 🙂 e\u0301 \u200d";
    assertSame(text, Printable.line(text));
  }
}

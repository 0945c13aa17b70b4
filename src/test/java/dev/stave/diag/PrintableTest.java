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

  /**
   * A line shown as it is doubles a backslash before an escape or before what reads as one, so that the two
   * read apart, and leaves every other backslash alone.
   */
  @Test
  void anExactLineTellsAWrittenEscapeFromAnEscapedCharacter() {
    assertEquals("\\u001b \\\\u001b \\\\\\u001b \\\\\\\\u001B \\\\\\u202e",
        Printable.exactLine("\u001b \\u001b \\\u001b \\\\u001B \\\u202e"));
    String plain = "C:\\temp\\new \\n \\u00 \\uzzzz \\U0001F600 \\ end\\";
    assertSame(plain, Printable.exactLine(plain));
    assertEquals("a\\u000ab", Printable.exactLine("a\nb"));
    assertEquals("\\u001b \\u001b", Printable.line("\u001b \\u001b"));
  }

  @Test
  void printableTextIsLeftAsItIs() {
    String text = "Deployment surreal/x: \"gcr.io/acme:1.4\" → \"1.5\"\tÄ 日本 🙂 e\u0301 \u200d";
    assertSame(text, Printable.line(text));
  }
}

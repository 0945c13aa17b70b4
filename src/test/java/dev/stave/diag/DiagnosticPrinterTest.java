package dev.stave.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiagnosticPrinterTest {
  @Test
  void whatHoconReadsAsASpaceIsQuotedAsOneAndTheCaretStaysUnderItsCharacter() {
    Sources sources = new Sources();
    sources.put("c.conf", "a = 1\r b = 2\u2028 c = x\u0085y\r\n", Sources.LineBreaks.HOCON);
    String shown = new DiagnosticPrinter(sources).format(
        Diagnostic.error(new Origin("c.conf", 1, 21), "c", "test", "wrong", "fix it"));
    assertEquals("c.conf:1:21: error: c: wrong\n"
        + "    | a = 1  b = 2  c = x?y\n"
        + "    |                     ^\n"
        + "  = hint: fix it\n", shown);
  }

  @Test
  void aCopiedValueSaysWhereItIsWritten() {
    Sources sources = new Sources();
    sources.put("c.yaml", "a: &s x\nb: *s\n", Sources.LineBreaks.YAML);
    String shown = new DiagnosticPrinter(sources).format(Diagnostic.error(
        new Origin("c.yaml", 2, 4).copiedFrom("the anchor &s", new Origin("c.yaml", 1, 4)), "b", "test", "wrong",
        "fix it"));
    assertEquals("c.yaml:2:4: error: b: wrong\n"
        + "    | b: *s\n"
        + "    |    ^\n"
        + "  = note: the value comes from the anchor &s at 1:4\n"
        + "  = hint: fix it\n", shown);
  }

  @Test
  void theCaretCountsCharactersAndALongLineIsCutByCharactersToo() {
    Sources sources = new Sources();
    String emoji = "😀";
    sources.put("c.yaml", "a: \"" + emoji.repeat(200) + "\" ]\n", Sources.LineBreaks.YAML);
    String shown = new DiagnosticPrinter(sources).format(
        Diagnostic.error(new Origin("c.yaml", 1, 207), "", "test", "wrong"));
    // 140 characters of the line are shown before the caret's: 138 emoji, the quote and the space.
    assertEquals("c.yaml:1:207: error: wrong\n"
        + "    | " + emoji.repeat(138) + "\" ]\n"
        + "    | " + " ".repeat(140) + "^\n", shown);
  }

  @Test
  void aQuotedLineShowsWhatMessagesEscapeAsOneQuestionMarkEach() {
    Sources sources = new Sources();
    // A right-to-left override, a zero-width space, a C1 control and the half of a character.
    sources.put("c.yaml", "a: [\"\u202Eabc\u200B\u009B\uD800\"], b: 1\n", Sources.LineBreaks.YAML);
    String shown = new DiagnosticPrinter(sources).format(
        Diagnostic.error(new Origin("c.yaml", 1, 17), "b", "test", "wrong"));
    assertEquals("c.yaml:1:17: error: b: wrong\n"
        + "    | a: [\"?abc???\"], b: 1\n"
        + "    |                 ^\n", shown);
  }

  /** Each of many diagnostics on one long line is printed as it is alone, hidden values and all. */
  @Test
  void diagnosticsThatQuoteOneLineArePrintedAsEachAlone() {
    Sources sources = new Sources();
    sources.hide("hidden-value");
    StringBuilder line = new StringBuilder();
    List<Diagnostic> all = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      all.add(Diagnostic.error(new Origin("c.conf", 1, line.codePointCount(0, line.length()) + 1), "a" + i, "test",
          "wrong"));
      line.append("a").append(i).append(i % 7 == 0 ? " = hidden-value, " : i % 5 == 0 ? " = \uD83D\uDE00, " : " = 1, ");
    }
    sources.put("c.conf", line + "\n", Sources.LineBreaks.HOCON);
    StringWriter printed = new StringWriter();
    new DiagnosticPrinter(sources).print(all, new PrintWriter(printed));
    StringBuilder alone = new StringBuilder();
    for (Diagnostic d : all) {
      alone.append(new DiagnosticPrinter(sources).format(d));
    }
    assertEquals(alone.toString(), printed.toString());
    assertFalse(printed.toString().contains("hidden"));
  }

  @Test
  void lineSeparatorsInAMessageAreEscaped() {
    String shown = new DiagnosticPrinter(new Sources()).format(
        Diagnostic.error(Origin.of("c.yaml"), "", "test", "key 'a\u2028b'"));
    assertEquals("c.yaml:1:1: error: key 'a\\u2028b'\n", shown);
  }

  /**
   * The path's keys are escaped as the message quotes them: a key written with the six characters of an
   * escape reads apart from one holding the character.
   */
  @Test
  void keysInThePathAreEscapedAsTheMessageQuotesThem() {
    DiagnosticPrinter printer = new DiagnosticPrinter(new Sources());
    assertEquals("c.yaml:1:1: error: a.b\\\\u202e: unknown key 'b\\\\u202e'\n", printer.format(
        Diagnostic.error(Origin.of("c.yaml"), "a.b\\u202e", "test", "unknown key 'b\\\\u202e'")));
    assertEquals("c.yaml:1:1: error: a.c\\u202e: unknown key 'c\\u202e'\n", printer.format(
        Diagnostic.error(Origin.of("c.yaml"), "a.c\u202e", "test", "unknown key 'c\\u202e'")));
  }

  /** A tab in a key would read as spaces, as in a quoted value. */
  @Test
  void aTabInThePathIsEscaped() {
    assertEquals("c.yaml:1:1: error: a.d\\u0009e: unknown key 'd\\u0009e'\n", new DiagnosticPrinter(new Sources())
        .format(Diagnostic.error(Origin.of("c.yaml"), "a.d\te", "test", "unknown key 'd\\u0009e'")));
  }
}

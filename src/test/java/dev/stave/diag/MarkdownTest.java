package dev.stave.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Text in Markdown that renders (CommonMark, GitHub's tables) as exactly the text. */
class MarkdownTest {
  @Test
  void codeFencesAreLongerThanAnyRunOfBackticksInside() {
    assertEquals("`plain`", Markdown.code("plain"));
    assertEquals("``c`d``", Markdown.code("c`d"));
    assertEquals("```a ``b`` c```", Markdown.code("a ``b`` c"));
  }

  /** A renderer removes one space on either side when both are there; a backtick at an edge would join the fence. */
  @Test
  void codeKeepsBackticksAndSpacesAtItsEdges() {
    assertEquals("`` `e` ``", Markdown.code("`e`"));
    assertEquals("`` `e ``", Markdown.code("`e"));
    assertEquals("`  x  `", Markdown.code(" x "));
    assertEquals("` x`", Markdown.code(" x"));
    assertEquals("`  `", Markdown.code("  "));
  }

  @Test
  void aPipeIsEscapedOnlyInATable() {
    assertEquals("`a\\|b`", Markdown.codeInTable("a|b"));
    assertEquals("`a|b`", Markdown.code("a|b"));
    assertEquals("`a\\\\|b`", Markdown.codeInTable("a\\|b"));
  }

  @Test
  void lineBreaksAreBreaksAndOtherControlCharactersAreEscaped() {
    assertEquals("`line1`<br>`line2`", Markdown.codeInTable("line1\nline2"));
    assertEquals("`a`<br><br>`b`<br>", Markdown.code("a\n\nb\n"));
    assertEquals("`a\\u000db\tc`", Markdown.code("a\rb\tc"));
    assertEquals("a<br>b\\u000d", Markdown.text("a\nb\r"));
  }

  /** The same characters as Printable escapes, whichever form the text takes; an emoji stays whole. */
  @Test
  void invisibleAndBidirectionalCharactersAreEscapedAsPrintableEscapesThem() {
    String text = "demo\u202egpj zero\u200bwidth next\u0085line \ud83d\ude42";
    String escaped = "demo\\u202egpj zero\\u200bwidth next\\u0085line \ud83d\ude42";
    assertEquals(escaped, Printable.line(text));
    assertEquals("`" + escaped + "`", Markdown.code(text));
    assertEquals("`" + escaped + "`", Markdown.codeInTable(text));
    assertEquals(escaped, Markdown.text(text));
    assertEquals(escaped, Markdown.mermaidLabel(text));
  }

  @Test
  void textEscapesWhatWouldBecomeMarkup() {
    assertEquals("s3://b/my\\_results.csv (x.conf:1:2) = 50%",
        Markdown.text("s3://b/my_results.csv (x.conf:1:2) = 50%"));
    assertEquals("\\*a\\* \\[l\\](u) \\<b\\> \\&amp; \\~s\\~ \\`c\\` a\\|b \\\\",
        Markdown.text("*a* [l](u) <b> &amp; ~s~ `c` a|b \\"));
  }

  @Test
  void mermaidLabelsUseEntityCodes() {
    assertEquals("learner", Markdown.mermaidLabel("learner"));
    assertEquals("a#34;b#35;c#60;d#62;#38;#96;", Markdown.mermaidLabel("a\"b#c<d>&`"));
  }
}

package dev.stave.diag;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  /** A name made from a hidden value is written in lower case with '-' for '_', '.', ' ' and '/': hidden too. */
  @Test
  void aHiddenValueIsHiddenAsTheNameKubernetesWritesItAs() {
    sources.hide("Neptune_Token.Q7/XZ");
    assertEquals("name '***' is written as '***'; ***",
        sources.redact("name 'Neptune_Token.Q7/XZ' is written as 'neptune-token-q7-xz'; neptune_token.q7/xz"));
  }

  /** Looked for only where "key" or "api_token" is written, a credential is found wherever it is. */
  @Test
  void aCredentialIsHiddenAtTheStartOfTheTextBetweenOthersAndAfterALineBreak() {
    sources.hideCredentialLines("secret_key=first-secret-1\n{\"secret_key\": 'second-secret-2', key: third-secret-3}\n"
        + "monkey = not-a-secret\n x: 1, api_token = fourth-secret-4,key=fifth-secret-5\n" + "# key\n".repeat(1_000)
        + "\tkey :\n  sixth-secret-6\n", false);
    assertEquals("*** *** *** not-a-secret *** *** ***", sources.redact("first-secret-1 second-secret-2 third-secret-3"
        + " not-a-secret fourth-secret-4 fifth-secret-5 sixth-secret-6"));
  }

  /** A file that does not parse: the lines a credential's value goes on over are hidden, up to the next key. */
  @Test
  void aCredentialsValueIsHiddenOnTheLinesItGoesOnOver() {
    sources.hideCredentialLines("a:\n  api_token: \"first-part\n    second-part\" x\n  other: visible-value\n"
        + "b:\n  key: plain-first\n    plain-second: y\nc: shown-value\n- key: role\n  operator: Equal\n"
        + "d = { api_token = \"\"\"triple-first\nno-indent-second\"\"\" }\nafter-triple\n", false);
    assertEquals("*** *** visible-value *** *** shown-value operator *** *** after-triple", sources.redact("first-part"
        + " second-part visible-value plain-first plain-second shown-value operator triple-first no-indent-second"
        + " after-triple"));
  }

  /**
   * A YAML file that does not parse: a quoted value goes on up to its closing quote whatever the indentation
   * (a tab, less than the key), a plain one in braces up to a comma, bracket or ": ", a plain one in a block
   * over the lines indented more in characters or in an editor's columns; what follows is not hidden.
   */
  @Test
  void aCredentialIsHiddenUpToWhereItsValueEndsAsYamlReadsIt() {
    assertHidden("tracking: {neptune: {api_token: s3cr3tT\n  OKEN42, project: [}}", false, "  ***, project: [}}");
    assertHidden("tracking: {neptune: {api_token: \"s3cr3tT\n  OKEN42\", project: [}}", false,
        "  ***\", project: [}}");
    assertHidden("tracking: {neptune: {\n  api_token: \"s3cr3tT\nOKEN42\", region: [}}", false,
        "  api_token: ***", "***\", region: [}}");
    assertHidden("tracking:\n  neptune:\n    api_token: \"s3cr3tT\n\tOKEN42\" region", false,
        "  neptune:", "    api_token: ***", "\t***\" region");
    assertHidden("tracking: {neptune: {api_token: \"s3cr3tT\\\n  \\OKEN42\", project: 1}}", false,
        "  \\***\", project: 1}}");
    assertHidden("t: {api_token: 'it''s s3cr3tT\n  OKEN42', project: 1}", false, "  ***', project: 1}");
    // YAML reads "s3cr3tT OKEN42 project" as the value, then fails at the ':'.
    assertHidden("t: {api_token: s3cr3tT\n  OKEN42 project: [}}", false, "  *** ***: [}}");
    assertHidden("t:\n    api_token: s3cr3tT\n\tOKEN42\n  project: region", false, "    api_token: ***",
        "\t***", "  project: region");
    // In HOCON a value ends at its line whatever the braces, and a string at its line.
    assertHidden("t: {api_token: s3cr3tT\n  OKEN42 project: [}}", true, "  OKEN42 project: [}}");
    // In a block, ',', '}', ']' and a '#' after no blank are part of a plain value; HOCON ends it there.
    assertHidden("t:\n  api_token: s3cr3tT,OKEN42 x: [}\n  project: region", false, "  api_token: ***: [}",
        "  project: region");
    assertHidden("t:\n  api_token: s3cr3tT#OKEN42]more-of-it\n    OKEN43 # note\n  project: region", false,
        "  api_token: ***", "    *** # note", "  project: region");
    assertHidden("t:\n  api_token: s3cr3tT,OKEN42 region", true, "  api_token: ***,OKEN42 region");
    assertHidden("t:\n  api_token: s3cr3tT}OKEN42 x: [}\n  project: region", false, "  api_token: ***: [}",
        "  project: region");
    assertHidden("t:\n  api_token: s3cr3tT]\n    OKEN42 x: [}\n  project: region", false, "  api_token: ***",
        "    *** x: [}", "  project: region");
  }

  /** A YAML tag before a credential is no part of it: the message about the tag names it. */
  @Test
  void aTagBeforeACredentialIsShownAndTheValueHidden() {
    sources.hideCredentialLines("t:\n  api_token: !!binary czNjcjN0VE9LRU40Mg==\n  key: !!str &anchor \"s3cr3tT\n"
        + "OKEN42, more-of-it\" region\n", false);
    assertEquals("YAML tags such as '!!binary' are not allowed: ***; !!str &anchor ***; ***, *** region",
        sources.redact("YAML tags such as '!!binary' are not allowed: czNjcjN0VE9LRU40Mg==; !!str &anchor s3cr3tT;"
            + " OKEN42, more-of-it region"));
  }

  /** Each line of {@code text} but the first, with what {@link Sources#hideCredentialLines} hides hidden. */
  private static void assertHidden(String text, boolean hocon, String... shown) {
    Sources sources = new Sources();
    sources.hideCredentialLines(text, hocon);
    String[] lines = text.split("\n");
    String[] redacted = new String[lines.length - 1];
    for (int i = 1; i < lines.length; i++) {
      redacted[i - 1] = sources.redact(lines[i]);
    }
    assertArrayEquals(shown, redacted);
  }

  /** A parsed credential written over two lines: each line's part of it is hidden, and nothing after it. */
  @Test
  void aParsedCredentialIsHiddenOnEachLineItIsWrittenOver(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, "t: {api_token: \"first-part\\\n   second-part\", other: next-value}\nthird-part: x\n");
    sources.hideWrittenOver(file.toString(), 1, 16, "first-partsecond-part");
    assertEquals("*** *** next-value third-part", sources.redact("first-part second-part next-value third-part"));
  }

  @Test
  void aCredentialThatIsOnlyAVariableKeepsItsNameAndALiteralOneIsHidden() {
    sources.hideCredentialLines("key: ${AWS_ACCESS_KEY_ID}\nsecret_key = ${?AWS_SECRET}\n"
        + "api_token: \"literal-token-1\"\noutput { key = ${A:-default-secret} }\n", false);
    String names = "key: ${AWS_ACCESS_KEY_ID} or ${?AWS_SECRET}";
    assertEquals(names, sources.redact(names));
    assertEquals("api_token: ***, key = ***",
        sources.redact("api_token: \"literal-token-1\", key = ${A:-default-secret}"));
  }

  @Test
  void yamlLinesEndWhereSnakeYamlEndsThem() {
    String text = "a\r\nb\rc\u0085d\u2028e\u2029f\ng\r";
    assertArrayEquals(new String[] {"a", "b", "c", "d", "e", "f", "g"},
        Sources.lines(text, Sources.LineBreaks.YAML));
    assertEquals(new Origin("f", 6, 1), Sources.at("f", text, text.indexOf('f'), Sources.LineBreaks.YAML));
  }

  @Test
  void hoconLinesEndAtLineFeedsOnly() {
    String text = "a\r\nb\rc\u0085d\u2028e\u2029f\ng\r";
    assertArrayEquals(new String[] {"a", "b\rc\u0085d\u2028e\u2029f", "g"},
        Sources.lines(text, Sources.LineBreaks.HOCON));
    assertEquals(new Origin("f", 2, 9), Sources.at("f", text, text.indexOf('f'), Sources.LineBreaks.HOCON));
  }

  @Test
  void templateLinesEndWhereFreeMarkerEndsThem() {
    String text = "a\r\nb\rc\u0085d\u2028e\u2029f\ng\r";
    assertArrayEquals(new String[] {"a", "b", "c\u0085d\u2028e\u2029f", "g", ""},
        Sources.lines(text, Sources.LineBreaks.FREEMARKER));
    assertEquals(new Origin("f", 3, 7), Sources.at("f", text, text.indexOf('f'), Sources.LineBreaks.FREEMARKER));
  }

  /** Files no loader kept are read when quoted: a template with FreeMarker's line breaks, an include with HOCON's. */
  @Test
  void aFileUnderAFolderOfTemplatesIsQuotedWithFreeMarkersLineBreaks(@TempDir Path dir) throws IOException {
    Path templates = dir.resolve("templates");
    Files.createDirectories(templates);
    Files.writeString(templates.resolve("service.ftl"), "kind: Service\rspec: {}\r");
    Files.writeString(dir.resolve("part.conf"), "a = 1\rb = 2\n");
    sources.readUnder(dir.resolve("templates/../templates"), Sources.LineBreaks.FREEMARKER);
    assertEquals("spec: {}", sources.line(templates.resolve("service.ftl").toString(), 2));
    assertEquals("a = 1\rb = 2", sources.line(dir.resolve("part.conf").toString(), 1));
  }

  @Test
  void aColumnIsACharacterWhateverItsLengthInJava() {
    String line = "a\t😀b";
    assertEquals(4, Sources.column(line, line.indexOf('b')));
    assertEquals(line.indexOf('b'), Sources.index(line, 4));
    assertEquals(line.length(), Sources.index(line, 99));
    assertEquals(new Origin("f", 2, 4), Sources.at("f", "x\n" + line, 2 + line.indexOf('b'), Sources.LineBreaks.YAML));
  }

  @Test
  void aByteOrderMarkThatStartsTheTextIsNoPartOfItsFirstLine() {
    String text = "\uFEFFa: 1\n\uFEFFb";
    assertArrayEquals(new String[] {"a: 1", "\uFEFFb"}, Sources.lines(text, Sources.LineBreaks.HOCON));
    assertEquals(new Origin("f", 1, 1), Sources.at("f", text, 1, Sources.LineBreaks.YAML));
    assertEquals(new Origin("f", 2, 2), Sources.at("f", text, text.indexOf('b'), Sources.LineBreaks.YAML));
  }

  @Test
  void aQuotedLineIsTheLineTheLoaderCounted() {
    sources.put("c.yaml", "kind: x\r\n# note\u0085\r\nbad: 1\r\n", Sources.LineBreaks.YAML);
    assertEquals("bad: 1", sources.line("c.yaml", 4));
    sources.put("c.conf", "kind = x\r\n# note\u0085\r\nbad = 1\r\n", Sources.LineBreaks.HOCON);
    assertEquals("bad = 1", sources.line("c.conf", 3));
  }
}

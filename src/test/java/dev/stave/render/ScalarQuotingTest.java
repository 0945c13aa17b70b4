package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The quoting decision for the strings that break real manifests (anchors-manifest-tools.md 4.1 and
 * 4.2), each with the exact text the emitter writes, then read back by a YAML 1.1 and a YAML 1.2 reader.
 */
class ScalarQuotingTest {

  static Stream<Arguments> table() {
    return Stream.of(
        // YAML 1.1 booleans, in every case (go-yaml v2 reads y, yes, on, n, no, off).
        row("yes", "\"yes\""),
        row("Yes", "\"Yes\""),
        row("YES", "\"YES\""),
        row("yEs", "\"yEs\""), // only go-yaml's listed spellings are booleans; quoted anyway
        row("y", "\"y\""),
        row("Y", "\"Y\""),
        row("n", "\"n\""),
        row("no", "\"no\""),
        row("on", "\"on\""),
        row("On", "\"On\""),
        row("off", "\"off\""),
        row("OFF", "\"OFF\""),
        row("true", "\"true\""),
        row("False", "\"False\""),
        row("t", "\"t\""), // Go's ParseBool, part of KYAML's ambiguity set
        // Null-likes.
        row("~", "\"~\""),
        row("null", "\"null\""),
        row("Null", "\"Null\""),
        row("NULL", "\"NULL\""),
        row("", "\"\""),
        // Numbers in every base and spelling a reader accepts.
        row("0777", "\"0777\""),
        row("01234", "\"01234\""),
        row("0o17", "\"0o17\""),
        row("08", "\"08\""),
        row("0x1F", "\"0x1F\""),
        row("0b101", "\"0b101\""),
        row("1_000", "\"1_000\""),
        row("1e3", "\"1e3\""),
        row("1.5e+10", "\"1.5e+10\""),
        row("3.10", "\"3.10\""),
        row("1.10", "\"1.10\""),
        row("+1", "\"+1\""),
        row("-1", "\"-1\""),
        row(".5", "\".5\""),
        row("5.", "\"5.\""),
        row("12345678901234567890", "\"12345678901234567890\""),
        row("1.2.3", "\"1.2.3\""), // the YAML 1.1 spec's float regex matches it
        row("0x1p-2", "\"0x1p-2\""), // Go's ParseFloat reads hex floats
        // SnakeYAML's float takes a dot and underscores without a digit (its constructor then fails).
        row("._", "\"._\""),
        row("+._", "\"+._\""),
        row("-.__", "\"-.__\""),
        row("._e+1", "\"._e+1\""),
        // Infinity and NaN.
        row(".inf", "\".inf\""),
        row("-.inf", "\"-.inf\""),
        row("+.Inf", "\"+.Inf\""),
        row(".nan", "\".nan\""),
        row(".NaN", "\".NaN\""),
        row("NaN", "\"NaN\""),
        row("Infinity", "\"Infinity\""),
        // Sexagesimal and timestamps.
        row("1:20", "\"1:20\""),
        row("190:20:30.15", "\"190:20:30.15\""),
        row("2020-01-01", "\"2020-01-01\""),
        row("2001-12-14T21:59:43.10Z", "\"2001-12-14T21:59:43.10Z\""),
        row("2001-12-14t21:59:43.10-05:00", "\"2001-12-14t21:59:43.10-05:00\""),
        // Indicators at the start.
        row("*", "\"*\""),
        row("&x", "\"&x\""),
        row("!x", "\"!x\""),
        row("%x", "\"%x\""),
        row("@x", "\"@x\""),
        row("`x", "\"`x\""),
        row("- x", "\"- x\""),
        row("-", "\"-\""),
        row("--verbose", "\"--verbose\""),
        row("? x", "\"? x\""),
        row(":x", "\":x\""),
        row("{x}", "\"{x}\""),
        row("[x]", "\"[x]\""),
        row("#x", "\"#x\""),
        row("|x", "\"|x\""),
        row(">x", "\">x\""),
        row("'x", "\"'x\""),
        row("\"x", "\"\\\"x\""),
        row(",x", "\",x\""),
        row("{\"a\":1}", "\"{\\\"a\\\":1}\""),
        row("{{param}}", "\"{{param}}\""),
        row("!!python/object", "\"!!python/object\""),
        row("---", "\"---\""),
        row("...", "\"...\""),
        // Structure inside the string.
        row("a: b", "\"a: b\""),
        row("a:", "\"a:\""),
        row("a #b", "\"a #b\""),
        row(" x", "\" x\""),
        row("x ", "\"x \""),
        row("<<", "\"<<\""),
        row("=", "\"=\""),
        // Characters that must be escaped.
        row("a\tb", "\"a\\tb\""),
        row("bell\u0007", "\"bell\\a\""),
        row("\uFEFFx", "\"\\uFEFFx\""),
        row("nul\u0000", "\"nul\\0\""),
        row("esc\u001B[0m", "\"esc\\e[0m\""),
        row("del\u007F", "\"del\\x7F\""),
        row("nel\u0085", "\"nel\\N\""),
        row("ls\u2028ps\u2029", "\"ls\\Lps\\P\""),
        row("nb\u00A0sp", "\"nb\\_sp\""),
        row("zero\u200Bwidth", "\"zero\\u200Bwidth\""),
        row("\u202Eevil", "\"\\u202Eevil\""),
        row("cr\r", "\"cr\\r\""),
        row("say \"hi\": \\o/", "\"say \\\"hi\\\": \\\\o/\""),
        // Plain: just text to every reader.
        row("a,b", "a,b"),
        row(".", "."),
        row("it's \"q\"", "it's \"q\""),
        row("back\\slash\"", "back\\slash\""),
        row("héllo ✓", "héllo ✓"),
        row("中文", "中文"),
        row("😀 ok", "😀 ok"),
        row("${HOME}", "${HOME}"),
        row("<#assign x=1>", "<#assign x=1>"),
        row("a#b", "a#b"),
        row("a:b", "a:b"),
        row("http://example.com/a?b=c#d", "http://example.com/a?b=c#d"),
        row("registry.example.com/trainer:1.4.2", "registry.example.com/trainer:1.4.2"),
        row("100m", "100m"),
        row("4Gi", "4Gi"),
        row("1e", "1e"),
        row("0xfoo", "0xfoo"),
        row("yesterday", "yesterday"),
        row("info", "info"),
        row("~home", "~home"),
        row("_", "_"),
        row("_.", "_."),
        row("._.", "._."),
        row("x-", "x-"),
        // Multi-line.
        row("a\n---\nb", "|-\n  a\n  ---\n  b"),
        row("line1\nline2\n", "|\n  line1\n  line2"),
        row("line1 \nline2\n", "\"line1 \\nline2\\n\""));
  }

  private static Arguments row(String input, String written) {
    return Arguments.of(input, written);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("table")
  void valueIsWrittenExactly(String input, String written) {
    assertEquals("k: " + written + "\n", CanonicalYaml.emit(map("k", input)));
    assertEquals(input, ((Map<?, ?>) CanonicalYaml.parse(CanonicalYaml.emit(map("k", input)))).get("k"));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("table")
  void listItemIsWrittenLikeAValue(String input, String written) {
    String expected = "- " + written + "\n";
    assertEquals(expected, CanonicalYaml.emit(List.of(input)));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("table")
  void keyIsQuotedUnderTheSamePredicate(String input, String written) {
    if (written.indexOf('\n') >= 0) {
      return; // keys are never block scalars: see multiLineKeyIsDoubleQuoted
    }
    String yaml = CanonicalYaml.emit(map(input, "v"));
    assertEquals(written + ": v\n", yaml);
    assertEquals(map(input, "v"), CanonicalYaml.parse(yaml));
  }

  /**
   * anchors-manifest-tools.md 4.4 rule 11: a YAML 1.2 reader (kustomize, Flux, snakeyaml-engine)
   * must read the same strings. Whatever the 1.2 core schema or SnakeYAML's 1.1 resolver would type
   * as plain text is double-quoted, which no reader types, and a SnakeYAML driven by the 1.2 core
   * schema reads every entry back as the same string.
   */
  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("table")
  void yaml12ReaderReadsTheSameString(String input, String written) {
    if (Yaml12.resolvesToNonString(input) || Yaml12.yaml11ResolvesToNonString(input)) {
      assertTrue(written.startsWith("\""), "an ambiguous string must be double-quoted: " + written);
    }
    assertEquals(input, ((Map<?, ?>) Yaml12.parse(CanonicalYaml.emit(map("k", input)))).get("k"));
    if (written.indexOf('\n') < 0) {
      assertEquals(map(input, "v"), Yaml12.parse(CanonicalYaml.emit(map(input, "v"))));
    }
  }

  @Test
  void tableCoversTheReferenceList() {
    assertTrue(table().count() >= 60);
  }

  @Test
  void keysThatReadersWouldRetypeAreQuoted() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("on", 1);
    m.put("y", 2);
    m.put("1", 3);
    m.put("a: b", 4);
    m.put("app.kubernetes.io/name", 5);
    assertEquals(
        "\"on\": 1\n\"y\": 2\n\"1\": 3\n\"a: b\": 4\napp.kubernetes.io/name: 5\n", CanonicalYaml.emit(m));
  }

  @Test
  void multiLineKeyIsDoubleQuoted() {
    assertEquals("\"a\\nb\": v\n", CanonicalYaml.emit(map("a\nb", "v")));
  }

  private static Map<String, Object> map(String key, Object value) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(key, value);
    return m;
  }
}

package dev.stave.config;

import static dev.stave.diag.Origin.Copy.INSIDE;
import static dev.stave.diag.Origin.Copy.MADE_HERE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.cli.Run;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.DiagnosticPrinter;
import dev.stave.diag.Origin;
import dev.stave.diag.Sources;
import dev.stave.diag.UserError;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class YamlLoaderTest {
  private final YamlLoader loader = new YamlLoader(new Env(Map.of("TAG", "1.4"), "/home/u"));

  private MapNode load(String text) {
    return (MapNode) loader.load(text, "x.yaml");
  }

  @Test
  void aPartOfAFileIsReadWithItsPlacesAndOnlyItsValuesCount() {
    // Keeps the root's entries, and of each item only 'keep': what 'drop' holds (here more values than a
    // file may have) is neither built nor counted, whether a list, a map, a scalar or an alias.
    KeptEntries kept = (path, key) -> !path.equals("items.[]") || key.equals("keep");
    String text = "items:\n"
        + "- drop: [" + "1, ".repeat(200_000) + "1]\n"
        + "  keep: {a: &x [1, {b: 2}]}\n"
        + "  drop2: {x: [1], y: {z: 3}}\n"
        + "- {drop: *x, keep: 4, drop3: s}\n"
        + "other: {drop: 5}\n";
    MapNode root = (MapNode) YamlLoader.verbatim(kept, 8 * 1024 * 1024).load(text, "x.yaml");
    ListNode items = (ListNode) root.get("items");
    MapNode first = (MapNode) items.items().get(0);
    MapNode second = (MapNode) items.items().get(1);
    assertEquals(List.of("keep"), List.copyOf(first.entries().keySet()));
    assertEquals(List.of("keep"), List.copyOf(second.entries().keySet()));
    assertEquals(new Origin("x.yaml", 3, 9), first.get("keep").origin());
    assertEquals(new Origin("x.yaml", 5, 20), second.get("keep").origin());
    assertEquals(4L, ((Number) ((ScalarNode) second.get("keep")).value()).longValue());
    assertEquals(List.of("drop"), List.copyOf(((MapNode) root.get("other")).entries().keySet()),
        "a key of the same name elsewhere is kept");
    assertThrows(UserError.class, () -> YamlLoader.verbatim().load(text, "x.yaml"), "the whole file is too large");
  }

  @Test
  void anEntryLeftOutIsReadAfterAllWhenItDefinesAnAnchor() {
    KeptEntries kept = (path, key) -> !key.startsWith("drop");
    MapNode root = (MapNode) YamlLoader.verbatim(kept, 1024).load("""
        drop: {a: &l {p: x}}
        labels: *l
        drop2: [*l]
        dropped: &k 1
        keep: *k
        """, "x.yaml");
    assertEquals(List.of("drop", "labels", "dropped", "keep"), List.copyOf(root.entries().keySet()));
    assertEquals("x", ((ScalarNode) ((MapNode) root.get("labels")).get("p")).value());
  }

  /**
   * Of an entry left out, only the anchored nodes are kept, in a list in its place: the rest is dropped as it
   * is read, neither held nor counted towards the values a file may have.
   */
  @Test
  void anEntryLeftOutKeepsOnlyItsAnchoredNodes() {
    KeptEntries kept = (path, key) -> !key.startsWith("drop");
    MapNode root = (MapNode) YamlLoader.verbatim(kept, 8 * 1024 * 1024).load("drop:\n"
        + "  many: [" + "1, ".repeat(200_000) + "1]\n"
        + "  b: {c: &l2 y, d: [2, 3]}\n"
        + "  a: &l {p: [x, *l2]}\n"
        + "&k dropped: {e: 4}\n"
        + "labels: *l\n"
        + "keep: *k\n", "x.yaml");
    assertEquals(List.of("drop", "dropped", "labels", "keep"), List.copyOf(root.entries().keySet()));
    ListNode anchored = (ListNode) root.get("drop");
    assertEquals(2, anchored.items().size());
    assertEquals("y", ((ScalarNode) anchored.items().get(0)).value());
    assertEquals(new Origin("x.yaml", 4, 6), anchored.items().get(1).origin());
    assertEquals(List.of(), ((ListNode) root.get("dropped")).items());
    assertEquals("dropped", ((ScalarNode) root.get("keep")).value());
    assertEquals("y", ((ScalarNode) ((ListNode) ((MapNode) root.get("labels")).get("p")).items().get(1)).value());
  }

  @Test
  void aFileThatEndsTooSoonPointsAtTheEndOfItsLastWrittenLine() {
    // SnakeYAML names where the text ends: the empty line after the last break, or after a comment.
    for (String end : List.of("", "\n", "\n\n  # later\n\n", "\n# later")) {
      for (String unfinished : List.of("command: [ru", "command: {ru", "command: \"ru", "command: 'ru")) {
        UserError e = assertThrows(UserError.class, () -> loader.load("name: demo\n" + unfinished + end, "x.yaml"));
        assertEquals(new Origin("x.yaml", 2, 13), e.diagnostics().get(0).origin(), unfinished + end);
      }
    }
    // An error before the end keeps its place.
    UserError e = assertThrows(UserError.class, () -> loader.load("a: b: c\n\n", "x.yaml"));
    assertEquals(new Origin("x.yaml", 1, 5), e.diagnostics().get(0).origin());
  }

  @Test
  void tooManyValuesBlameAliasesOnlyWhenThereAreAny() {
    YamlLoader loader = YamlLoader.verbatim();
    UserError plain = assertThrows(UserError.class,
        () -> loader.load("a: [" + "1, ".repeat(200_000) + "1]\n", "x.yaml"));
    assertEquals("the file holds more than 200000 values (lists, maps and scalars)",
        plain.diagnostics().get(0).message());
    // 40 aliases of a list of 5,001 values: over 200,000 values, every one but 5,002 through an alias.
    UserError aliased = assertThrows(UserError.class,
        () -> loader.load("a: &a [" + "1, ".repeat(5_000) + "1]\nb: [" + "*a, ".repeat(39) + "*a]\n", "x.yaml"));
    assertEquals("the file expands to more than 200000 values through its aliases",
        aliased.diagnostics().get(0).message());
    // At the alias that goes over, the 39th, not at the value it brings in from line 1.
    assertEquals(new Origin("x.yaml", 2, 157, "the value comes from the anchor &a at 1:4", MADE_HERE),
        aliased.diagnostics().get(0).origin());
    assertEquals("b[38][4919]", aliased.diagnostics().get(0).jsonPath());
  }

  /**
   * A file over the limit is refused at the value that goes over, and nothing after it is read: a flow list
   * of 2,000,000 items was read whole, in 15 to 23 s and over a gigabyte, before it was refused.
   */
  @Test
  void aFileOfTooManyValuesIsRefusedAtTheValueThatGoesOverWithoutReadingOn() {
    // The map, the list and 199,999 items are 200,001 values: item 199,998 goes over, at column 5 + 3 x 199,998.
    String text = "a: [" + "1, ".repeat(200_001) + "1]\n";
    for (String after : List.of("", "]", "\n---\nb: 1", "\nb: !!str [x]")) {
      UserError e = assertThrows(UserError.class, () -> YamlLoader.verbatim().load(text + after, "x.yaml"));
      assertEquals(1, e.diagnostics().size(), after + ": " + e.diagnostics());
      Diagnostic d = e.diagnostics().get(0);
      assertEquals("yaml-size", d.code());
      assertEquals("the file holds more than 200000 values (lists, maps and scalars)", d.message());
      assertEquals(new Origin("x.yaml", 1, 599_999), d.origin());
      assertEquals("a[199998]", d.jsonPath());
    }
    // Cut short inside a list used as a key: the key is refused, and the values are counted all the same.
    UserError key = assertThrows(UserError.class,
        () -> YamlLoader.verbatim().load("? [" + "1, ".repeat(200_001) + "1]\n: v\n", "x.yaml"));
    assertEquals(List.of("yaml-key", "yaml-size"), key.diagnostics().stream().map(Diagnostic::code).toList());
    assertEquals(new Origin("x.yaml", 1, 600_001), key.diagnostics().get(1).origin());
  }

  /** An alias brings in the anchored node itself, which tells where the anchor is, not which use is one too many. */
  @Test
  void limitsGoneOverThroughAnAliasAreErrorsAtTheAliasInTheFilesOwnText() {
    // A million characters, then four, nine, ten and eleven million: the second alias in m goes over.
    String text = "s: &s \"" + "x".repeat(1_000_000) + "\"\n"
        + "l: &l [*s, *s, *s, *s]\n"
        + "m:\n  - *l\n  - {k: *l}\n  - *l\n";
    UserError e = assertThrows(UserError.class, () -> YamlLoader.verbatim().load(text, "x.yaml"));
    assertEquals(1, e.diagnostics().size(), e.diagnostics().toString());
    assertEquals(new Origin("x.yaml", 5, 9, "the value comes from the anchor &l at 2:4", MADE_HERE),
        e.diagnostics().get(0).origin());
    assertEquals("m[1].k[1]", e.diagnostics().get(0).jsonPath());
    UserError inMap = assertThrows(UserError.class, () -> YamlLoader.verbatim().load(
        text.replace("  - *l\n  - {k: *l}\n  - *l\n", "  - a: 1\n    b: *l\n    c: {d: 1, e: *l}\n"), "x.yaml"));
    assertEquals(new Origin("x.yaml", 6, 18, "the value comes from the anchor &l at 2:4", MADE_HERE),
        inMap.diagnostics().get(0).origin());
    assertEquals("m[0].c.e[0]", inMap.diagnostics().get(0).jsonPath());
    // An alias of a map that holds itself: the alias inside it is the one to remove.
    UserError itself = assertThrows(UserError.class,
        () -> YamlLoader.verbatim().load("a: 1\np: &p\n  q: [x]\n  r: *p\n", "x.yaml"));
    assertEquals(new Origin("x.yaml", 4, 6, "the value comes from the anchor &p at 2:4", MADE_HERE),
        itself.diagnostics().get(0).origin());
  }

  @Test
  void aRawNelInAValueIsAnErrorAtTheCharacter() {
    UserError e = assertThrows(UserError.class, () -> YamlLoader.verbatim().load(
        "a: 1\r\nb: \"x\u0085y\"\r\nc: 'p\u0085q'\r\nd: \"\\x85 is fine\"\r\n", "x.yaml"));
    assertEquals(List.of(new Origin("x.yaml", 2, 6), new Origin("x.yaml", 4, 6)),
        e.diagnostics().stream().map(Diagnostic::origin).toList());
    assertEquals(List.of("b", "c"), e.diagnostics().stream().map(Diagnostic::jsonPath).toList());
  }

  /** A long value with a NEL, used 200,000 times through aliases, is read for the NEL once, not every time. */
  @Test
  void aValueWithANelIsReadOnceHoweverOftenAnAliasUsesIt() {
    String text = "x: &s \"" + "A".repeat(1_000_000) + "\u0085\"\n"
        + "l1: &l1 [" + "*s, ".repeat(999) + "*s]\n"
        + "l2: &l2 [" + "*l1, ".repeat(23) + "*l1]\n"
        + "l3: [" + "*l2, ".repeat(23) + "*l2]\n";
    // Without the guard the loader reads a million characters for each use: minutes, not a moment.
    UserError e = assertTimeoutPreemptively(Duration.ofMinutes(1),
        () -> assertThrows(UserError.class, () -> YamlLoader.verbatim().load(text, "x.yaml")));
    assertEquals(List.of("yaml-nel", "yaml-bomb"), e.diagnostics().stream().map(Diagnostic::code).distinct().toList());
  }

  @Test
  void valuesThatVariablesOrAliasesGrowPastTenMillionCharactersAreErrors() {
    YamlLoader big = new YamlLoader(new Env(Map.of("BIG", "x".repeat(1_000_000)), "/home/u"));
    // Eleven values of a million characters each: the eleventh is one too many.
    UserError many = assertThrows(UserError.class, () -> big.load("args:\n" + "- ${BIG}\n".repeat(11), "x.yaml"));
    assertEquals(1, many.diagnostics().size(), many.diagnostics().toString());
    Diagnostic d = many.diagnostics().get(0);
    assertEquals(new Origin("x.yaml", 12, 3), d.origin());
    assertEquals("args[10]", d.jsonPath());
    assertEquals("the file's values come to more than 10,000,000 characters through its aliases and variables",
        d.message());
    // One value that names the variable eleven times.
    UserError one = assertThrows(UserError.class, () -> big.load("a: ${BIG}" + "${BIG}".repeat(10) + "\n", "x.yaml"));
    assertEquals("with its variables, the value is more than 10,000,000 characters long",
        one.diagnostics().get(0).message());
    // Ten fit.
    assertEquals(10, ((ListNode) ((MapNode) big.load("args:\n" + "- ${BIG}\n".repeat(10), "x.yaml")).get("args"))
        .items().size());
  }

  /** Values within the 200,000-value limit under keys of ordinary length are far from the paths' limit. */
  @Test
  void aLongListUnderAKeyOfOrdinaryLengthIsWithinThePathsLimit() {
    String list = java.util.stream.IntStream.range(0, 130_000).mapToObj(Integer::toString)
        .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
    MapNode root = (MapNode) YamlLoader.verbatim()
        .load("processes:\n  " + "p".repeat(60) + ":\n    args: " + list + "\n", "x.yaml");
    MapNode process = (MapNode) ((MapNode) root.get("processes")).get("p".repeat(60));
    assertEquals(130_000, ((ListNode) process.get("args")).items().size());
  }

  /**
   * A key counts once for every value under it, since each value's path holds it: a key of a million
   * characters over 99 values comes to over a hundred million. Without the limit, paths of a long key over
   * 100,000 values, or of a long string used as a key through aliases, took from 20 s to minutes to build.
   */
  @Test
  void pathsToTheValuesThatComeToMoreThanAHundredMillionCharactersAreAnError() {
    String key = "k".repeat(1_000_000);
    UserError e = assertThrows(UserError.class,
        () -> YamlLoader.verbatim().load("? " + key + "\n: [" + "1, ".repeat(119) + "1]\n", "x.yaml"));
    assertEquals(1, e.diagnostics().size(), e.diagnostics().toString());
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("yaml-size", d.code());
    assertEquals("the paths to the file's values come to more than 100,000,000 characters, counting each key once"
        + " for every value under it", d.message());
    assertEquals(List.of("keep keys short, above all those over long lists and those that aliases repeat"), d.hints());
    // The list's own path and 98 items' come to 99,000,382 characters: the 99th item goes over.
    assertEquals(new Origin("x.yaml", 2, 298), d.origin());
    assertEquals(key + "[98]", d.jsonPath());
    MapNode most = (MapNode) YamlLoader.verbatim().load("? " + key + "\n: [" + "1, ".repeat(97) + "1]\n", "x.yaml");
    assertEquals(98, ((ListNode) most.get(key)).items().size());
    // A long string used as a key, in a map used through aliases: at the alias whose expansion goes over.
    UserError aliased = assertThrows(UserError.class, () -> YamlLoader.verbatim().load("s: &s " + key + "\n"
        + "k: &k {? *s : [1, 1]}\n"
        + "l: [" + "*k, ".repeat(39) + "*k]\n", "x.yaml"));
    assertEquals(1, aliased.diagnostics().size(), aliased.diagnostics().toString());
    // The map k's paths come to some 3,000,000 characters, and each alias's to as much again: the 33rd goes over.
    assertEquals(new Origin("x.yaml", 3, 133, "the value comes from the anchor &k at 2:4", MADE_HERE),
        aliased.diagnostics().get(0).origin());
    assertEquals("l[32]." + key, aliased.diagnostics().get(0).jsonPath());
  }

  @Test
  void everyValueAndKeyHasItsLineAndColumn() {
    MapNode root = load("kind: experiment\nprocesses:\n  agent:\n    replicas: 8\n");
    MapNode agent = (MapNode) ((MapNode) root.get("processes")).get("agent");
    assertEquals(new Origin("x.yaml", 4, 15), agent.get("replicas").origin());
    assertEquals(new Origin("x.yaml", 4, 5), agent.keyOrigin("replicas"));
    assertEquals(new Origin("x.yaml", 2, 1), root.keyOrigin("processes"));
  }

  /**
   * A value left out ('h:') is at its key: SnakeYAML places it after the colon, which on a file's last line
   * without a newline is past the end of the text.
   */
  @ParameterizedTest
  @ValueSource(strings = {"", "\n", "   ", " # c", "\n  g: {}\n"})
  void aValueLeftOutIsAtItsKey(String after) {
    MapNode processes = (MapNode) load("kind: experiment\nprocesses:\n  h:" + after).get("processes");
    assertEquals(new Origin("x.yaml", 3, 3), processes.get("h").origin());
    // A value written is where it is written, a null as much as any.
    assertEquals(new Origin("x.yaml", 2, 4), load("kind: experiment\nh: ~").get("h").origin());
  }

  /**
   * An item left out ('-') is at its dash: SnakeYAML places it just after the dash, which on a file's last line
   * without a newline is past the end of the text.
   */
  @ParameterizedTest
  @ValueSource(strings = {"", "\n", "   ", " # c", "\n  - b\n", "\ng: 1\n"})
  void anItemLeftOutIsAtItsDash(String after) {
    ListNode command = (ListNode) load("kind: experiment\ncommand:\n  -" + after).get("command");
    assertEquals(new Origin("x.yaml", 3, 3), command.items().get(0).origin());
    // Under its key's indent as well, and an item written is where it is written.
    ListNode indentless = (ListNode) load("kind: experiment\ncommand:\n- a\n-\n").get("command");
    assertEquals(new Origin("x.yaml", 3, 3), indentless.items().get(0).origin());
    assertEquals(new Origin("x.yaml", 4, 1), indentless.items().get(1).origin());
  }

  /** An alias is where its key got the value, so an error in the value is there, naming the anchor. */
  @Test
  void aValueWrittenAsAnAliasIsAtTheAlias() {
    MapNode root = load("kind: experiment\nname: x\nlabels: {a: &s \"three\", b: &m {c: 1}}\n"
        + "processes:\n  p:\n    replicas: *s\n    resources: *m\n");
    MapNode p = (MapNode) ((MapNode) root.get("processes")).get("p");
    assertEquals(new Origin("x.yaml", 6, 15, "the value comes from the anchor &s at 3:13", MADE_HERE),
        p.get("replicas").origin());
    assertEquals(new Origin("x.yaml", 7, 16, "the value comes from the anchor &m at 3:28", MADE_HERE),
        p.get("resources").origin());
    // Inside the map an alias brings in, each value and key is where the anchored text writes it, noting the copy.
    assertEquals(new Origin("x.yaml", 3, 35, "the value is copied by *m at 7:16", INSIDE),
        ((MapNode) p.get("resources")).get("c").origin());
    assertEquals(new Origin("x.yaml", 3, 32, "the value is copied by *m at 7:16", INSIDE),
        ((MapNode) p.get("resources")).keyOrigin("c"));
    assertEquals(new Origin("x.yaml", 3, 13), ((MapNode) root.get("labels")).get("a").origin());
  }

  /**
   * An error inside a map that an alias copies is where the anchored text writes it, which is also where the
   * original's own error is: a note says which alias made the copy, as HOCON's does for a substitution.
   */
  @Test
  void anErrorInsideACopiedMapNotesTheAlias(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, "kind: experiment\nname: x\nimage: img:1\nprocesses:\n  a: &base\n    command: [python]\n"
        + "    replicas: -2\n    env: {A: [1]}\n  b: *base\n");
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals("""
        x.yaml:7:15: error: processes.a.replicas: must have a minimum value of 0
            |     replicas: -2
            |               ^
          = hint: write a number from 0 to 10000
        x.yaml:7:15: error: processes.b.replicas: must have a minimum value of 0
            |     replicas: -2
            |               ^
          = note: the value is copied by *base at 9:6
          = hint: write a number from 0 to 10000
        x.yaml:8:11: error: processes.a.env.A: expected a string, a number or a boolean, got a list
            |     env: {A: [1]}
            |           ^
          = hint: write a string, a number or a boolean here
        x.yaml:8:11: error: processes.b.env.A: expected a string, a number or a boolean, got a list
            |     env: {A: [1]}
            |           ^
          = note: the value is copied by *base at 9:6
          = hint: write a string, a number or a boolean here
        """, run.err().replace(file.toString(), "x.yaml"));
  }

  /** An alias used as a key brings in its anchored node, which tells where the anchor is, not where the key is. */
  @Test
  void aKeyWrittenAsAnAliasIsAtTheAlias() {
    MapNode root = load("name: &s tiny\nprocesses:\n  *s: {command: [sh]}\n  p: {? *s : 1}\n"
        + "m: &m\n  *s: 2\nn: *m\n");
    MapNode processes = (MapNode) root.get("processes");
    assertEquals(new Origin("x.yaml", 3, 3), processes.keyOrigin("tiny"));
    assertEquals(new Origin("x.yaml", 4, 9), ((MapNode) processes.get("p")).keyOrigin("tiny"));
    // In a map that an alias brings in, where the map's own text writes the key.
    assertEquals(new Origin("x.yaml", 6, 3), ((MapNode) root.get("n")).keyOrigin("tiny"));
    assertEquals(new Origin("x.yaml", 1, 1), root.keyOrigin("name"));

    UserError twice = assertThrows(UserError.class, () -> load("name: &s tiny\nm:\n  tiny: 1\n  *s: 2\n"));
    assertEquals(List.of(new Origin("x.yaml", 4, 3)), twice.diagnostics().stream().map(Diagnostic::origin).toList());
    assertEquals("key 'tiny' is given twice (first at line 3)", twice.diagnostics().get(0).message());
    UserError first = assertThrows(UserError.class, () -> load("name: &s tiny\nm:\n  *s: 1\n  tiny: 2\n"));
    assertEquals("key 'tiny' is given twice (first at line 3)", first.diagnostics().get(0).message());
    UserError map = assertThrows(UserError.class, () -> load("a: &a {b: 1}\nm:\n  x: 1\n  *a : 2\n"));
    assertEquals("yaml-key", map.diagnostics().get(0).code());
    assertEquals(new Origin("x.yaml", 4, 3), map.diagnostics().get(0).origin());
  }

  @ParameterizedTest(name = "{0} reads as {1}")
  @CsvSource({
      "yes, a string", "on, a string", "No, a string", "0755, an integer", "1_000, a string", "1e3, a number",
      "true, a boolean", "False, a boolean", "~, null", "0x1F, an integer", "2024-01-01, a string",
      "1:20, a string", ".inf, a string", "'\"8\"', a string", "-12, an integer", "3.10, a number"
  })
  void plainScalarsAreTypedByYaml12CoreRules(String scalar, String type) {
    assertEquals(type, load("v: " + scalar + "\n").get("v").describe());
  }

  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource(delimiter = '|', value = {
      "${NONE:-${ALSO_NONE:-z}}|z", "${NONE:-${TAG}}|1.4", "${TAG:-${NONE}}|1.4", "${NONE:-v${TAG}-${NONE:-x}}|v1.4-x",
      "${NONE:-$${TAG}}|${TAG}", "a-${NONE:-}-b|a--b", "${NONE:-a}b}|ab}"
  })
  void aDefaultMayReferToVariablesItself(String written, String value) {
    assertEquals(value, ((ScalarNode) load("v: \"" + written + "\"\n").get("v")).value());
  }

  @Test
  void defaultsNestedTooDeepAreAnErrorNotAStackOverflow() {
    String deep = "${NONE:-".repeat(5000) + "x" + "}".repeat(5000);
    UserError e = assertThrows(UserError.class, () -> load("v: \"" + deep + "\"\n"));
    assertEquals("the defaults refer to variables more than 10 levels deep", e.diagnostics().get(0).message());
    String ten = "${NONE:-".repeat(10) + "x" + "}".repeat(10);
    assertEquals("x", ((ScalarNode) load("v: \"" + ten + "\"\n").get("v")).value());
  }

  @Test
  void aVariableInADefaultThatIsUsedMustBeSet() {
    UserError unset = assertThrows(UserError.class, () -> load("v: \"${NONE:-${ALSO_NONE}}\"\n"));
    assertEquals("environment variable ALSO_NONE is not set", unset.diagnostics().get(0).message());
    UserError open = assertThrows(UserError.class, () -> load("v: \"${NONE:-${TAG}\"\n"));
    assertEquals("'${' is not closed by '}'", open.diagnostics().get(0).message());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "${{z}}|'${{z}}' is not an environment variable reference",
      "${a b}c}|'${a b}' is not an environment variable reference",
      "${{z}|'${{z}' is not an environment variable reference",
      "${1234567890123456789012345678901234567890123}|'${1234567890123456789012345678901234567890...}' is not an"
          + " environment variable reference",
  })
  void aReferenceThatIsNoVariableIsQuotedAsWritten(String written, String message) {
    UserError e = assertThrows(UserError.class, () -> load("v: \"" + written + "\"\n"));
    assertEquals(message, e.diagnostics().get(0).message());
  }

  /** The reader fills a buffer of 1,024 characters; an emoji is two, and may start at its last one. */
  @ParameterizedTest(name = "an emoji at character {0}")
  @ValueSource(ints = {1021, 1022, 1023, 1024, 2047, 3071})
  void anEmojiAcrossTheReadersBufferEdgeReadsWhole(int at) {
    String value = "a".repeat(at - "v: ".length()) + "😀 end";
    assertEquals(value, ((ScalarNode) load("v: " + value + "\n").get("v")).value());
  }

  @Test
  void aQuotedCredentialWithACommaOnABrokenLineIsHiddenWhole(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("b.yaml");
    Files.writeString(file, "kind: benchmark\noutput: {secret_key: \"abc,defSECRETghijkl\" ]\n");
    Sources sources = new Sources();
    UserError e = assertThrows(UserError.class, () -> new ConfigLoader(new Env(Map.of(), "/"), sources).load(file));
    String printed = new DiagnosticPrinter(sources).format(e.diagnostics().get(0));
    assertTrue(printed.contains("output: {secret_key: *** ]"), printed);
    assertFalse(printed.contains("SECRET"), printed);
  }

  @Test
  void numbersKeepTheirTextAndValue() {
    ScalarNode n = (ScalarNode) load("v: 3.10\n").get("v");
    assertEquals(new BigDecimal("3.10"), n.value());
    assertEquals("3.10", n.text());
    // YAML 1.2: a leading zero is decimal, not octal.
    assertEquals(new BigInteger("755"), ((ScalarNode) load("v: 0755\n").get("v")).value());
  }

  @Test
  void environmentVariablesAreSubstitutedInStrings() {
    assertEquals("gcr.io/x:1.4", ((ScalarNode) load("image: gcr.io/x:${TAG}\n").get("image")).value());
    assertEquals("a-d", ((ScalarNode) load("v: a-${NOPE:-d}\n").get("v")).value());
    assertEquals("${TAG}", ((ScalarNode) load("v: $${TAG}\n").get("v")).value());
  }

  @Test
  void anUnsetVariableIsALocatedError() {
    UserError e = assertThrows(UserError.class, () -> load("kind: x\nimage: 'gcr.io/x:${UNSET}'\n"));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals(new Origin("x.yaml", 2, 8), d.origin());
    assertEquals("image", d.jsonPath());
    assertEquals("environment variable UNSET is not set", d.message());
  }

  @Test
  void duplicateKeysAreErrorsAtTheSecondKey() {
    UserError e = assertThrows(UserError.class, () -> load("a: 1\nb: 2\na: 3\n"));
    assertEquals(List.of("x.yaml:3:1 key 'a' is given twice (first at line 1)"),
        e.diagnostics().stream().map(d -> d.origin() + " " + d.message()).toList());
  }

  @Test
  void tagsAreRefused() {
    UserError e = assertThrows(UserError.class, () -> load("a: !!python/object:os.system x\n"));
    assertEquals("yaml-tag", e.diagnostics().get(0).code());
  }

  @Test
  void aliasBombsEndInADiagnostic() {
    StringBuilder yaml = new StringBuilder("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for (char c = 'b'; c <= 'h'; c++) {
      char prev = (char) (c - 1);
      yaml.append(c).append(": &").append(c).append(" [");
      for (int i = 0; i < 10; i++) {
        yaml.append(i > 0 ? ", " : "").append('*').append(prev);
      }
      yaml.append("]\n");
    }
    UserError e = assertThrows(UserError.class, () -> load(yaml.toString()));
    assertEquals("invalid YAML: the file uses too many aliases", e.diagnostics().get(0).message());
  }

  @Test
  void deepNestingEndsInADiagnostic() {
    String deep = "a: " + "[".repeat(10_000) + "]".repeat(10_000) + "\n";
    UserError e = assertThrows(UserError.class, () -> load(deep));
    assertEquals("invalid YAML: the file is nested more than 100 levels deep", e.diagnostics().get(0).message());
  }

  @Test
  void syntaxErrorsPointAtTheProblem() {
    UserError e = assertThrows(UserError.class, () -> load("a:\n  b: [1, 2\n  c: 3\n"));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("yaml-syntax", d.code());
    assertEquals(3, d.origin().line());
    assertEquals(List.of("check the indentation and the quoting on this line"), d.hints());
  }

  @Test
  void aSecondDocumentIsNamedAsSuch() {
    for (String text : List.of("kind: experiment\n---\nkind: experiment\n", "a: 1\n---\n")) {
      UserError e = assertThrows(UserError.class, () -> load(text));
      Diagnostic d = e.diagnostics().get(0);
      assertEquals("yaml-documents", d.code(), text);
      assertEquals("invalid YAML: a config file holds one YAML document, and a second one starts here", d.message());
      assertEquals(2, d.origin().line(), text);
      assertEquals(List.of("put each config in a file of its own, or remove this '---'"), d.hints(), text);
    }
  }

  @Test
  void aPlainVariableInAFlowListIsToldToBeQuoted() {
    for (String text : List.of("args: [--seed, ${TAG}]\n", "p: {image: ${TAG}}\n", "\u00e9\uD83D\uDE00: [${TAG}]\n")) {
      UserError e = assertThrows(UserError.class, () -> load(text));
      Diagnostic d = e.diagnostics().get(0);
      assertEquals("yaml-syntax", d.code(), text);
      assertEquals(text.indexOf("${") + 2 - (text.startsWith("\u00e9") ? 1 : 0), d.origin().column(), text);
      assertEquals(List.of("put the variable in quotes, \"${...}\": in a flow list or map ([...] or {...}) a brace"
          + " ends a plain value"), d.hints(), text);
    }
    UserError other = assertThrows(UserError.class, () -> load("args: [a, b{c}]\n"));
    assertEquals(List.of("check the indentation and the quoting on this line"), other.diagnostics().get(0).hints());
  }
}

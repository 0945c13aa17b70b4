package dev.stave.config;

import static dev.stave.diag.Origin.Copy.MADE_HERE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.cli.Run;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.DiagnosticPrinter;
import dev.stave.diag.Origin;
import dev.stave.diag.Sources;
import dev.stave.diag.UserError;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HoconLoaderTest {
  @TempDir
  Path dir;

  private MapNode load(String text, Map<String, String> env) throws IOException {
    Path file = dir.resolve("x.conf");
    Files.writeString(file, text);
    return (MapNode) new ConfigLoader(new Env(env, "/home/u"), new Sources()).load(file).root();
  }

  /** An error's headline as printed: the file (its name only), line and column, and the path. */
  private static final Pattern ERROR = Pattern.compile("^(?:.*/)?(\\S+:\\d+:\\d+): error: ([^:]+):", Pattern.MULTILINE);

  /** Where {@code stave validate} reports errors in {@code text}, a HOCON experiment: file:line:column and path. */
  private List<String> rejected(String text) throws IOException {
    List<String> places = new ArrayList<>();
    Matcher error = ERROR.matcher(errors(text));
    while (error.find()) {
      places.add(error.group(1) + " " + error.group(2));
    }
    return places;
  }

  /** What {@code stave validate} prints for {@code text}, a HOCON experiment it rejects, with x.conf for its path. */
  private String errors(String text) throws IOException {
    Path file = dir.resolve("x.conf");
    Files.writeString(file, text);
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    return run.err().replace(file.toString(), "x.conf");
  }

  /** The same key with the same value in two maps on one line is an error at each map's own value. */
  @Test
  void theSameValueInTwoMapsOnALineIsAtEachMapsOwnValue() throws IOException {
    String head = "kind = experiment\nname = x\nimage = \"img:1\"\n";
    assertEquals(List.of("x.conf:4:42 processes.a.replicas", "x.conf:4:77 processes.b.replicas"),
        rejected(head + "processes { a {command = [x], replicas = \"x\"}, b {command = [y], replicas = \"x\"} }\n"));
    // In maps that are list items, and written with escapes, which are not their text on the line.
    assertEquals(List.of("x.conf:4:67 processes.a.tolerations[0].operator",
        "x.conf:4:97 processes.a.tolerations[1].operator"), rejected(head + "processes { a {command = [x],"
        + " tolerations = [{key = k, operator = \"x\\ty\"}, {key = k, operator = \"x\\ty\"}]} }\n"));
  }

  /**
   * The same key in two maps on one line is at each map's own: in maps that are values, in maps in them, and in
   * maps that are list items; so is a substitution each map's key is given. All were at the first map's.
   */
  @Test
  void theSameKeyInTwoMapsOnALineIsInEachMap() throws IOException {
    String head = "kind = experiment\nname = x\nimage = \"img:1\"\nlabels { n = \"3\" }\n";
    assertEquals(List.of("x.conf:5:16 processes.a.comand", "x.conf:5:47 processes.b.comand"),
        rejected(head + "processes { a {comand = x, command = [x]}, b {comand = y, command = [y]} }\n"));
    assertEquals(List.of("x.conf:5:53 process_groups.g.processes.c.x",
        "x.conf:5:110 process_groups.h.processes.k.x"),
        rejected(head + "process_groups { g { processes { c { command = [z], x {comand = 1} } } },"
            + " h { processes { k { command = [z], x {comand = 1} } } } }\n"));
    assertEquals(List.of("x.conf:5:57 processes.f.tolerations[0].efect",
        "x.conf:5:88 processes.f.tolerations[1].efect"),
        rejected(head + "processes { f { command = [x], tolerations = [{key = k, efect = NoSchedule},"
            + " {key = k, efect = NoSchedule}] } }\n"));
    assertEquals(List.of("x.conf:5:43 processes.d.replicas", "x.conf:5:88 processes.e.replicas"),
        rejected(head + "processes { d { command = [x], replicas = ${labels.n} },"
            + " e { command = [y], replicas = ${labels.n} } }\n"));
  }

  /** A key's name before a dot in a value or in a substitution is no key: the key is where it is written as one. */
  @Test
  void aKeysNameBeforeADotInAValueOrASubstitutionIsNotTheKey() throws IOException {
    String head = "kind = experiment\nname = x\nimage = \"img:1\"\n";
    assertEquals(List.of("x.conf:4:46 processes.p.replcas"),
        rejected(head + "processes { p { command = [run, replcas.sh], replcas = 2 } }\n"));
    assertEquals(List.of("x.conf:4:52 processes.p.team", "x.conf:5:1 team"),
        rejected(head + "processes { p { command = [x], args = [${team.x}], team = 2 } }\nteam { x = a }\n"));
    // A path's keys are keys, quoted or not.
    assertEquals(List.of("x.conf:4:15 processes.p.replcas"),
        rejected(head + "processes.\"p\".replcas = 2, processes.p.command = [x]\n"));
  }

  /** A list item written in pieces is at its first piece, and the items after it are looked for past it. */
  @Test
  void anItemWrittenInPiecesIsAtItsFirstPiece() throws IOException {
    String head = "kind = experiment\nname = x\nimage = \"img:1\"\n";
    assertEquals(List.of("x.conf:4:44 processes.p.connects", "x.conf:4:53 processes.p.connects"),
        rejected(head + "processes { p { command = [x], connects = [a \"b\" c, d \"e\"] } }\n"));
    // Not in the piece of an item before (the 2 of run "x" 2), nor after text with a substitution or an escape.
    assertEquals(List.of("x.conf:4:39 processes.p.command[1]", "x.conf:4:55 processes.p.command[3]",
        "x.conf:4:68 processes.p.command[5]"),
        rejected(head + "processes { p { command = [run \"x\" 2, 2, x-${name} y, 3, \"a\\tb\" c, 4] } }\n"));
  }

  /** Each item written in pieces on a line of twenty thousand is at its column, read once along the line. */
  @Test
  void everyItemWrittenInPiecesOnALineOfTwentyThousandIsAtItsColumn() throws IOException {
    StringBuilder line = new StringBuilder("x = [");
    int[] columns = new int[20_000];
    for (int i = 0; i < columns.length; i++) {
      line.append(i == 0 ? "" : ", ");
      columns[i] = line.length() + 1;
      line.append("a").append(i).append(" \"b\"");
    }
    List<Node> items = ((ListNode) load(line + "]\n", Map.of()).get("x")).items();
    for (int i : new int[] {0, 1, 10, 12_345, 19_999}) {
      assertEquals(List.of(1, columns[i]), List.of(items.get(i).origin().line(), items.get(i).origin().column()),
          "item " + i);
      assertEquals("a" + i + " b", ((ScalarNode) items.get(i)).value());
    }
  }

  /** A key followed by += is where it is written as one, not where its name is written in a value before it. */
  @Test
  void aKeyThatAppendsIsWhereItIsWrittenAsAKey() throws IOException {
    assertEquals(List.of("x.conf:4:38 processes.p.replcas"), rejected("kind = experiment\nname = x\nimage = \"img:1\"\n"
        + "processes { p { command = [replcas], replcas += x } }\n"));
  }

  @Test
  void valuesCarryTheirLineAndTheKeysColumn() throws IOException {
    MapNode root = load("kind = experiment\nprocesses {\n  agent { replicas = 8 }\n}\n", Map.of());
    MapNode agent = (MapNode) ((MapNode) root.get("processes")).get("agent");
    Origin origin = agent.keyOrigin("replicas");
    assertEquals(3, origin.line());
    assertEquals(11, origin.column());
    assertEquals(new BigInteger("8"), ((ScalarNode) agent.get("replicas")).value());
  }

  @Test
  void listItemsCarryTheColumnTheyAreWrittenAt() throws IOException {
    MapNode root = load("args = [\"--lr\", 3, x, x, true, {a = 1}, [2], \"\"]\n"
        + "command = [\n  python,\n    \"-m\"\n]\n", Map.of());
    List<Integer> columns = new ArrayList<>();
    for (Node item : ((ListNode) root.get("args")).items()) {
      assertEquals(1, item.origin().line());
      columns.add(item.origin().column());
    }
    // The second x is found after the first; a bracket marks an object or a list.
    assertEquals(List.of(9, 17, 20, 23, 26, 32, 41, 46), columns);
    // Looked for after the list's bracket: not at the key tb, nor in another list's string.
    MapNode tb = (MapNode) load("tb { command = [\"x tb\"], connects = [tb, \"\"\"ps\"\"\"] }\n", Map.of()).get("tb");
    List<Node> connects = ((ListNode) tb.get("connects")).items();
    assertEquals(List.of(38, 42), List.of(connects.get(0).origin().column(), connects.get(1).origin().column()));
    List<Node> command = ((ListNode) root.get("command")).items();
    assertEquals(List.of(3, 3), List.of(command.get(0).origin().line(), command.get(0).origin().column()));
    assertEquals(List.of(4, 5), List.of(command.get(1).origin().line(), command.get(1).origin().column()));
  }

  @Test
  void optionalEnvironmentOverridesApply() throws IOException {
    MapNode root = load("tag = \"1.0\"\ntag = ${?TAG}\nimage = \"x:\"${tag}\n", Map.of("TAG", "2.0"));
    assertEquals("x:2.0", ((ScalarNode) root.get("image")).value());
    MapNode unset = load("tag = \"1.0\"\ntag = ${?TAG}\n", Map.of());
    assertEquals("1.0", ((ScalarNode) unset.get("tag")).value());
  }

  @Test
  void numbersKeepTheTextTheyAreWrittenWithAndAreTypedAsInYaml() throws IOException {
    MapNode root = load("a = [1.0, 1e3, 007, 1.50, -0.0, 1., 1e400]\nb = ${a}\n", Map.of());
    for (String key : new String[] {"a", "b"}) {
      var items = ((ListNode) root.get(key)).items();
      String[] written = {"1.0", "1e3", "007", "1.50", "-0.0", "1.", "1e400"};
      for (int i = 0; i < written.length; i++) {
        ScalarNode s = (ScalarNode) items.get(i);
        ScalarNode yaml = YamlLoader.typed(written[i], s.origin());
        assertEquals(written[i], s.text());
        assertEquals(yaml.value(), s.value(), written[i]);
      }
    }
  }

  @Test
  void aValueFromTheEnvironmentIsWhereItsReferenceIsWritten() throws IOException {
    MapNode root = load("kind = experiment\nlabels {\n  team = ${?TEAM}\n  dir = \"/w/\"${?TEAM}\n}\n",
        Map.of("TEAM", "rl"));
    MapNode labels = (MapNode) root.get("labels");
    assertEquals(new Origin(dir.resolve("x.conf").toString(), 3, 3), labels.keyOrigin("team"));
    assertEquals(new Origin(dir.resolve("x.conf").toString(), 3, 10), labels.get("team").origin());
    assertEquals(4, labels.keyOrigin("dir").line());
    assertEquals("/w/rl", ((ScalarNode) labels.get("dir")).value());
  }

  @Test
  void aKeyIsFoundWhereItIsWrittenAsAKeyNotInsideAnotherWordOrAValue() throws IOException {
    MapNode root = load("kind = experiment\nlabels {a = \"b\", tab = 2, b: [1], \"c\" = 3, d.e = 4}\n", Map.of());
    MapNode labels = (MapNode) root.get("labels");
    assertEquals(List.of(2, 2, 2, 2), List.of(labels.keyOrigin("a").line(), labels.keyOrigin("tab").line(),
        labels.keyOrigin("b").line(), labels.keyOrigin("c").line()));
    assertEquals(List.of(9, 18, 27, 36), List.of(labels.keyOrigin("a").column(), labels.keyOrigin("tab").column(),
        labels.keyOrigin("b").column(), labels.keyOrigin("c").column()));
    assertEquals(2, root.keyOrigin("labels").line());
    assertEquals(1, root.keyOrigin("labels").column());
    MapNode d = (MapNode) labels.get("d");
    assertEquals(new Origin(dir.resolve("x.conf").toString(), 2, 46), d.keyOrigin("e"));
    assertEquals(44, labels.keyOrigin("d").column());
  }

  /**
   * Each key of a long line is at its own column. Every key was searched for from the start of the line,
   * which took from 20 s to a minute for a line of 100,000 keys; the line is now read once for all of them. A key
   * of other characters ({@code a0/b}) was still searched for, once per key.
   */
  @ParameterizedTest
  @ValueSource(strings = {"", "/b"})
  void everyKeyOnALineOfTwentyThousandIsAtItsColumn(String suffix) throws IOException {
    StringBuilder line = new StringBuilder("x {");
    int[] columns = new int[20_000];
    for (int i = 0; i < columns.length; i++) {
      line.append(i == 0 ? "" : ", ");
      columns[i] = line.length() + 1;
      line.append('a').append(i).append(suffix).append(" = ").append(i);
    }
    MapNode x = (MapNode) load(line + "}\n", Map.of()).get("x");
    for (int i : new int[] {0, 1, 10, 12_345, 19_999}) {
      String key = "a" + i + suffix;
      assertEquals(List.of(1, columns[i]), List.of(x.keyOrigin(key).line(), x.keyOrigin(key).column()), key);
      assertEquals(columns[i] + key.length() + 3, x.get(key).origin().column(), key);
    }
  }

  /**
   * A line that starts inside a string of several lines is read from where the string ends: the keys and items after
   * it are at their columns, not where their names are written in the string. Read from its start, the line's keys
   * were each searched for along it, and found in the string.
   */
  @Test
  void keysAndItemsAfterTheEndOfAStringOfSeveralLinesAreAtTheirColumns() throws IOException {
    assertEquals(List.of("x.conf:5:21 processes.p.replcas", "x.conf:6:7 processes.p.connects[1]"),
        rejected("kind = experiment\nname = x\nimage = \"img:1\"\nprocesses { p { command = [x], args = [\"\"\"a\n"
            + "replcas = 1\"\"\", b], replcas = 2, connects = [\"\"\"c\n5\"\"\", 5] } }\n"));
    StringBuilder line = new StringBuilder("a0 = 1\"\"\"");
    int[] columns = new int[20_000];
    for (int i = 0; i < columns.length; i++) {
      line.append(", ");
      columns[i] = line.length() + 1;
      line.append(i % 2 == 0 ? "a" + i : "\"a" + i + "\\t\"").append(" = ").append(i);
    }
    MapNode x = (MapNode) load("x {s = \"\"\"a\n\n" + line + "}\n", Map.of()).get("x");
    for (int i : new int[] {0, 1, 10, 12_345, 19_999}) {
      String key = i % 2 == 0 ? "a" + i : "a" + i + "\t";
      // A quoted key is at its first character, inside the quotes.
      assertEquals(List.of(3, columns[i] + i % 2), List.of(x.keyOrigin(key).line(), x.keyOrigin(key).column()), key);
    }
  }

  /**
   * The items of each list on a long line of lists are at their columns, in characters after an emoji. Each
   * list counted the line from its start to find its own: a line of 100,000 lists took over a minute.
   */
  @Test
  void theItemsOfEachListOnALineOfListsAreAtTheirColumns() throws IOException {
    StringBuilder line = new StringBuilder("x = [\"\uD83D\uDE00\"");
    int[] columns = new int[20_000];
    for (int i = 0; i < columns.length; i++) {
      line.append(", [");
      columns[i] = line.codePointCount(0, line.length()) + 1;
      line.append(i).append(']');
    }
    List<Node> lists = ((ListNode) load(line + "]\n", Map.of()).get("x")).items();
    for (int i : new int[] {0, 1, 10, 12_345, 19_999}) {
      Node item = ((ListNode) lists.get(i + 1)).items().get(0);
      assertEquals(List.of(1, columns[i]), List.of(item.origin().line(), item.origin().column()), "item " + i);
    }
  }

  /**
   * An item written with escapes is at its column, in the characters written, not those it stands for; the same
   * text written twice is found twice in turn, and a backslash or a slash is not found inside another item. Such
   * items were searched for along the line as their text, which is not written there: at column 1, or in another
   * item.
   */
  @Test
  void itemsWrittenWithEscapesAreAtTheirColumns() throws IOException {
    List<String> written = List.of("\"\uD83D\uDE00\\t\"", "\"a\\tb\"", "\"c\\u0064\"", "\"a\\tb\"", "plain",
        "\"\\\\\"", "\"\\\"q\\\"\"", "\"\\/\"", "[1]", "\"a\\tb\"");
    StringBuilder line = new StringBuilder("x = [");
    List<Integer> columns = new ArrayList<>();
    for (String item : written) {
      line.append(columns.isEmpty() ? "" : ", ");
      columns.add(line.codePointCount(0, line.length()) + 1);
      line.append(item);
    }
    List<Node> items = ((ListNode) load(line + "]\n", Map.of()).get("x")).items();
    List<Integer> found = new ArrayList<>();
    List<Object> texts = new ArrayList<>();
    for (Node item : items) {
      found.add(item.origin().column());
      texts.add(item instanceof ScalarNode s ? s.value() : null);
    }
    assertEquals(List.of(6, 13, 21, 32, 40, 47, 53, 62, 68, 73), columns);
    assertEquals(columns, found);
    assertEquals(Arrays.asList("\uD83D\uDE00\t", "a\tb", "cd", "a\tb", "plain", "\\", "\"q\"", "/", null, "a\tb"),
        texts);
  }

  /** A value in effect after a quoted key is found; one written in a comment is not the line's. */
  @Test
  void theValueInEffectIsFoundAfterAQuotedKeyAndNotInAComment() throws IOException {
    MapNode quoted = (MapNode) load("w { replicas = 2, \"replicas\" = \"x\" }\n", Map.of()).get("w");
    assertEquals(32, quoted.get("replicas").origin().column());
    MapNode noted = (MapNode) load("w { replicas = \"x\" }  // was: replicas = \"x\"\n", Map.of()).get("w");
    assertEquals(16, noted.get("replicas").origin().column());
    MapNode twice = (MapNode) load("w { replicas = 3, replicas = \"x\" }  # replicas = \"x\"\n", Map.of()).get("w");
    assertEquals(30, twice.get("replicas").origin().column());
  }

  /** An item after an object or a list is looked for past its end, not inside it. */
  @Test
  void itemsAfterAnObjectOrAListAreAtTheirColumns() throws IOException {
    List<Node> items = ((ListNode) load("x = [{a = 2}, 2, [[1]], [2], \"s\", {k = \"a\\tb\"}, \"a\\tb\"]\n", Map.of())
        .get("x")).items();
    List<Integer> found = new ArrayList<>();
    for (Node item : items) {
      found.add(item.origin().column());
    }
    assertEquals(List.of(6, 15, 18, 25, 30, 35, 49), found);
  }

  /** Each escaped item of a long line is at its column, after a list whose end the items are looked for past. */
  @Test
  void everyEscapedItemOnALineOfTwentyThousandIsAtItsColumn() throws IOException {
    StringBuilder line = new StringBuilder("x = [[1]");
    int[] columns = new int[20_000];
    for (int i = 0; i < columns.length; i++) {
      line.append(", ");
      columns[i] = line.length() + 1;
      line.append("\"a").append(i).append("\\tb\"");
    }
    List<Node> items = ((ListNode) load(line + "]\n", Map.of()).get("x")).items();
    for (int i : new int[] {0, 1, 10, 12_345, 19_999}) {
      Node item = items.get(i + 1);
      assertEquals(List.of(1, columns[i]), List.of(item.origin().line(), item.origin().column()), "item " + i);
      assertEquals("a" + i + "\tb", ((ScalarNode) item).value());
    }
  }

  /** Columns count characters: an emoji, two Java chars, is one column, before a key and in it. */
  @Test
  void keysOfOtherCharactersAreFoundWhereTheyAreWrittenAsKeys() throws IOException {
    MapNode x = (MapNode) load("x {\uD83D\uDE00 = 0, \"a.b\" = 1, g = \"a.b\", \"c/d\" = 2, e/f = 3,"
        + " \"\uD83D\uDE00\uD83D\uDE00\" = 4}\n", Map.of()).get("x");
    List<List<Integer>> columns = new ArrayList<>();
    for (String key : List.of("\uD83D\uDE00", "a.b", "g", "c/d", "e/f", "\uD83D\uDE00\uD83D\uDE00")) {
      columns.add(List.of(x.keyOrigin(key).column(), x.get(key).origin().column()));
    }
    assertEquals(List.of(List.of(4, 8), List.of(12, 19), List.of(22, 26), List.of(34, 41), List.of(44, 50),
        List.of(54, 60)), columns);
  }

  /**
   * A key of other characters, written unquoted, is where it is written as a key, not in a quoted value before
   * it, nor as the end of a longer key; a quoted key is found with its escapes read. Each was searched for along
   * the line, from its start.
   */
  @Test
  void keysOfOtherCharactersAreNotFoundInsideQuotedValues() throws IOException {
    String line = "x {g = \"a/b = 1, b = 1\", a/b = 2, b = 3, \"c\\td\" = 4, e f = 5, xa/b = 6, \"\\\"\" : 7}\n";
    MapNode x = (MapNode) load(line, Map.of()).get("x");
    List<List<Integer>> columns = new ArrayList<>();
    for (String key : List.of("g", "a/b", "b", "c\td", "e f", "xa/b", "\"")) {
      columns.add(List.of(x.keyOrigin(key).column(), x.get(key).origin().column()));
    }
    assertEquals(List.of(List.of(4, 8), List.of(26, 32), List.of(35, 39), List.of(43, 51), List.of(54, 60),
        List.of(63, 70), List.of(74, 80)), columns);
  }

  /** The empty key has no first character to be placed at: it is at its opening quote, as YAML places it. */
  @Test
  void theEmptyKeyIsPlacedAtItsOpeningQuote() throws IOException {
    MapNode root = load("a = 1\nx {b = 1, \"\" = 2}\ny.\"\" = 3\n", Map.of());
    MapNode x = (MapNode) root.get("x");
    MapNode y = (MapNode) root.get("y");
    assertEquals(List.of(List.of(2, 11, 16), List.of(3, 3, 8)),
        List.of(List.of(x.keyOrigin("").line(), x.keyOrigin("").column(), x.get("").origin().column()),
            List.of(y.keyOrigin("").line(), y.keyOrigin("").column(), y.get("").origin().column())));
  }

  @Test
  void aVariableIsTypedAsYamlTypesIt() throws IOException {
    Map<String, String> env = Map.of("N", "3", "ON", "true", "TAG", "1.50", "NAME", "rl");
    MapNode hocon = load("replicas = ${N}\nflag = ${?ON}\ntag = ${TAG}\nname = ${NAME}\nimage = \"x:\"${N}\n", env);
    Path yamlFile = dir.resolve("y.yaml");
    Files.writeString(yamlFile, "replicas: ${N}\nflag: ${ON}\ntag: ${TAG}\nname: ${NAME}\nimage: x:${N}\n");
    MapNode yaml = (MapNode) new ConfigLoader(new Env(env, "/home/u"), new Sources()).load(yamlFile).root();
    assertEquals(new BigInteger("3"), ((ScalarNode) hocon.get("replicas")).value());
    for (String key : new String[] {"replicas", "flag", "tag", "name", "image"}) {
      ScalarNode h = (ScalarNode) hocon.get(key);
      ScalarNode y = (ScalarNode) yaml.get(key);
      assertEquals(y.value(), h.value(), key);
      assertEquals(y.text(), h.text(), key);
    }
    // Until the schema types it for its place, which is the same for both (dev.stave.schema.VariableTypes).
    assertEquals("${N}", ((ScalarNode) hocon.get("replicas")).variable());
    assertEquals("${N}", ((ScalarNode) yaml.get("replicas")).variable());
    assertEquals(null, ((ScalarNode) yaml.get("image")).variable());
  }

  @Test
  void unquotedYesStaysAString() throws IOException {
    assertEquals("yes", ((ScalarNode) load("a = yes\n", Map.of()).get("a")).value());
  }

  @Test
  void anOverrideFromTheEnvironmentIsWhereItIsWritten() throws IOException {
    // Typesafe places the two as one value at the first line; a message about N's value points at N.
    MapNode root = load("replicas = 2\n# from the environment when set\nreplicas = ${?N}\n", Map.of("N", "abc"));
    ScalarNode replicas = (ScalarNode) root.get("replicas");
    assertEquals("abc", replicas.value());
    assertEquals("${?N}", replicas.variable());
    assertEquals(List.of(3, 12), List.of(replicas.origin().line(), replicas.origin().column()));
    // Unset, the value written first is the value, where it is written.
    ScalarNode unset = (ScalarNode) load("replicas = 2\nreplicas = ${?N}\n", Map.of()).get("replicas");
    assertEquals(List.of(1, 12), List.of(unset.origin().line(), unset.origin().column()));
  }

  @Test
  void ofOverridesFromTheEnvironmentTheOneWhoseValueIsInEffectIsNamed() throws IOException {
    // B is unset, so the value is A's: the later ${?B} is not where it came from.
    ScalarNode r = (ScalarNode) load("r = ${?A}\n# B when set\nr = ${?B}\n", Map.of("A", "x")).get("r");
    assertEquals("x", r.value());
    assertEquals("${?A}", r.variable());
    assertEquals(List.of(1, 5), List.of(r.origin().line(), r.origin().column()));
    // On one line too, at the one that gives the value.
    ScalarNode one = (ScalarNode) load("r = ${?B}, r = ${?A}, r = ${?C}\n", Map.of("A", "x")).get("r");
    assertEquals("${?A}", one.variable());
    assertEquals(List.of(1, 16), List.of(one.origin().line(), one.origin().column()));
    // A later one that finds a value is in effect, whether the environment or the file gives it.
    ScalarNode set = (ScalarNode) load("r = ${?A}\nr = ${?B}\n", Map.of("A", "x", "B", "y")).get("r");
    assertEquals(List.of("y", "${?B}", 2), List.of(set.value(), set.variable(), set.origin().line()));
    ScalarNode copied = (ScalarNode) load("b = ${?B}\nr = ${?A}\nr = ${?b}\n", Map.of("A", "x", "B", "y")).get("r");
    assertEquals(List.of("y", "${?b}", 3), List.of(copied.value(), copied.variable(), copied.origin().line()));
  }

  @Test
  void anOverrideFromTheEnvironmentIsAtItsColumnInCharacters() throws IOException {
    // Each emoji is two Java chars and one column, as in every other column a diagnostic names.
    MapNode root = load("agent.replicas = 2\nagent { command = [\"\uD83D\uDE00\uD83D\uDE00\"], replicas = ${?N} }\n",
        Map.of("N", "abc"));
    ScalarNode replicas = (ScalarNode) ((MapNode) root.get("agent")).get("replicas");
    assertEquals(List.of(2, 38), List.of(replicas.origin().line(), replicas.origin().column()));
  }

  /**
   * An object written at a key as a substitution and then as braces is one object once merged: before, Typesafe
   * says it is an object but gives no keys, which stopped the load with its own "need to Config#resolve()".
   */
  @Test
  void anObjectMergedWithASubstitutionOfOneHasTheKeysOfBoth() throws IOException {
    MapNode root = load("base { p = 1 }\nd = ${base}\nd { q = 2 }\n", Map.of());
    MapNode d = (MapNode) root.get("d");
    assertEquals(List.of("1", "2"), List.of(((ScalarNode) d.get("p")).text(), ((ScalarNode) d.get("q")).text()));
  }

  @Test
  void anUnresolvedSubstitutionIsALocatedError() throws IOException {
    UserError e = assertThrows(UserError.class, () -> load("a = 1\nb = ${missing}\n", Map.of()));
    assertEquals("hocon-substitution", e.diagnostics().get(0).code());
    assertEquals(2, e.diagnostics().get(0).origin().line());
  }

  /** As YAML's unset ${IMG}: the key that has the substitution, the variable, and how to set or default it. */
  @Test
  void anUnsetVariableNamesItsKeyAndTheVariable() throws IOException {
    assertEquals("""
        x.conf:4:46: error: processes.p.env.A: environment variable UNSET_VAR_XYZ is not set, and the file has no \
        key UNSET_VAR_XYZ
            | processes { p { command = [x], env { A = "v-"${UNSET_VAR_XYZ} } } }
            |                                              ^
          = hint: set UNSET_VAR_XYZ in the environment, or write ${?UNSET_VAR_XYZ} with a default before it
        """, errors("kind = experiment\nname = demo\nimage = \"img:1\"\n"
        + "processes { p { command = [x], env { A = \"v-\"${UNSET_VAR_XYZ} } } }\n"));
    // A path the environment cannot set can only be a key of the file.
    assertEquals("""
        x.conf:4:31: error: processes.p.command[1]: ${base.cmd} names no value: the file has no key base.cmd
            | processes { p { command = [x, ${base.cmd}] } }
            |                               ^
          = hint: write the key base.cmd, or write ${?base.cmd} with a default before it
        """, errors("kind = experiment\nname = demo\nimage = \"img:1\"\n"
        + "processes { p { command = [x, ${base.cmd}] } }\n"));
  }

  /** The headlines of what {@code stave validate} prints for {@code text}, files named relative to the test's. */
  private List<String> headlines(String text) throws IOException {
    return errors(text).replace(dir + "/", "").lines().filter(l -> l.contains(": error: ")).toList();
  }

  private static String unsetAt(String where, String name) {
    return where + ": environment variable " + name + " is not set, and the file has no key " + name;
  }

  /** Typesafe stops at the first unset substitution; each is reported, so that one run says all to set. */
  @Test
  void everyUnsetSubstitutionIsReportedInOneRun() throws IOException {
    assertEquals(List.of(unsetAt("x.conf:2:8: error: name", "NAME_X_UNSET"),
        unsetAt("x.conf:3:9: error: image", "IMG_X_UNSET"),
        unsetAt("x.conf:4:28: error: processes.a.command[0]", "CMD_X_UNSET")),
        headlines("kind = experiment\nname = ${NAME_X_UNSET}\nimage = ${IMG_X_UNSET}\n"
            + "processes { a { command = [${CMD_X_UNSET}] } }\n"));
    String full = errors("kind = experiment\nname = ${NAME_X_UNSET}\nimage = ${IMG_X_UNSET}\n"
        + "processes { a { command = [run] } }\n");
    assertTrue(full.endsWith("""
        x.conf:3:9: error: image: environment variable IMG_X_UNSET is not set, and the file has no key IMG_X_UNSET
            | image = ${IMG_X_UNSET}
            |         ^
          = hint: set IMG_X_UNSET in the environment, or write ${?IMG_X_UNSET} with a default before it
        """), full);
  }

  /**
   * In a list, in a text made of several, and in objects merged at a key, each unset one is at its own column;
   * one that is optional is never reported, and a key that copies an unset value is not reported again.
   */
  @Test
  void unsetSubstitutionsInListsConcatenationsAndMergesAreEachReported() throws IOException {
    assertEquals(List.of(unsetAt("x.conf:2:8: error: name", "P_UNSET"), unsetAt("x.conf:2:19: error: name", "Q_UNSET"),
        unsetAt("x.conf:4:33: error: processes.a.command[1]", "R_UNSET")),
        headlines("kind = experiment\nname = ${P_UNSET}-${Q_UNSET}\nimage = \"i:1\"${?O_UNSET}\n"
            + "processes { a { command = [run, ${R_UNSET}, ${?O_UNSET}] } }\n"));
    // Copied by b, a's unset X is reported where a has it, once.
    assertEquals(List.of(unsetAt("x.conf:2:5: error: a", "X_UNSET")),
        headlines("kind = experiment\na = ${X_UNSET}\nb = ${a}\nname = ${b}\n"));
    // Objects merged: written twice, and written after a substitution that is itself unset.
    assertEquals(List.of(unsetAt("x.conf:2:9: error: m.x", "X_UNSET"), unsetAt("x.conf:3:9: error: m.y", "Y_UNSET"),
        unsetAt("x.conf:4:5: error: e", "X_UNSET"), unsetAt("x.conf:5:11: error: e", "Z_UNSET")),
        headlines("kind = experiment\nm { x = ${X_UNSET} }\nm { y = ${Y_UNSET} }\ne = ${X_UNSET}\n"
            + "e = { c = ${Z_UNSET} }\n"));
  }

  /**
   * Inside an object that a substitution joins or merges at a key, an unset substitution is at the inner key that
   * has it, also when another key copies the object.
   */
  @Test
  void anUnsetSubstitutionInsideAnObjectJoinedWithASubstitutionNamesTheInnerKey() throws IOException {
    assertEquals(List.of(unsetAt("x.conf:4:19: error: d.q", "Q_UNSET")),
        headlines("kind = experiment\nbase { p = 1 }\ne = ${d}\nd = ${base} { q = ${Q_UNSET} }\n"));
    assertEquals(List.of(unsetAt("x.conf:4:9: error: d.r", "Y_UNSET")),
        headlines("kind = experiment\nbase { p = 1 }\nd = ${base}\nd { r = ${Y_UNSET} }\n"));
  }

  /**
   * A map written at one key in a file and in a file it includes is merged with no line of its own: its key is
   * where the map in effect, the one written later, is written, in either file.
   */
  @Test
  void aKeyMergedAcrossAnIncludeIsWhereTheMapInEffectIsWritten() throws IOException {
    Files.writeString(dir.resolve("inc.conf"), "\nlabelz {\n  a = 1\n}\n");
    String top = "kind = experiment\nname = demo\nimage = \"i:1\"\nprocesses { a { command = [x] } }\n";
    assertEquals(List.of("x.conf:6:1 labelz"), rejected(top + "include \"inc.conf\"\nlabelz { b = 2 }\n"));
    assertEquals(List.of("inc.conf:2:1 labelz"), rejected(top + "labelz { b = 2 }\ninclude \"inc.conf\"\n"));
  }

  /**
   * A map merged across a file and one it includes whose name holds ": 1," is in that file, and one merged across an
   * include and the file that one includes is at the one in effect, not at a file named after the merge.
   */
  @Test
  void aKeyMergedAcrossIncludesIsPlacedInTheFileThatHasIt() throws IOException {
    Files.writeString(dir.resolve("a: 1,b.conf"), "\nlabelz {\n  a = 1\n}\n");
    String top = "kind = experiment\nname = demo\nimage = \"i:1\"\nprocesses { a { command = [x] } }\n";
    String unknown = ": error: labelz: unknown key 'labelz'";
    assertEquals(List.of("a: 1,b.conf:2:1" + unknown), headlines(top + "labelz { b = 2 }\ninclude \"a: 1,b.conf\"\n"));
    Files.writeString(dir.resolve("n1.conf"), "include \"n2.conf\"\n\nlabelz { c = 3 }\n");
    Files.writeString(dir.resolve("n2.conf"), "labelz { d = 4 }\n");
    assertEquals(List.of("n1.conf:3:1" + unknown), headlines(top + "include \"n1.conf\"\n"));
    assertEquals(List.of("x.conf:7:1" + unknown),
        headlines(top + "labelz { b = 2 }\ninclude \"n1.conf\"\nlabelz { e = 5 }\n"));
  }

  /** An unset substitution in an included file is in that file, even when the file is included inside a key. */
  @Test
  void anUnsetSubstitutionInAnIncludedFileIsReportedThere() throws IOException {
    Files.writeString(dir.resolve("inc.conf"), "x = 1\ny = ${I_UNSET}\n");
    assertEquals(List.of("inc.conf:2:5: error: foo.y: environment variable I_UNSET is not set, and the file has no"
        + " key I_UNSET", unsetAt("x.conf:3:7: error: top", "T_UNSET")),
        headlines("kind = experiment\nfoo { include \"inc.conf\" }\ntop = ${T_UNSET}\n"));
  }

  /**
   * Each of many unset substitutions is at its own key: the keys are looked up in one index of the file, not by
   * a walk of the whole file for each.
   */
  @Test
  void manyUnsetSubstitutionsAreEachAtTheirKey() throws IOException {
    StringBuilder text = new StringBuilder("kind = experiment\nlabels {\n");
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      text.append("  l").append(i).append(" = ${U").append(i).append("_UNSET}, m").append(i).append(" = [${V")
          .append(i).append("_UNSET}]\n");
      int digits = String.valueOf(i).length();
      expected.add(unsetAt("x.conf:" + (i + 3) + ":" + (7 + digits) + ": error: labels.l" + i, "U" + i + "_UNSET"));
      expected.add(unsetAt("x.conf:" + (i + 3) + ":" + (24 + 3 * digits) + ": error: labels.m" + i + "[0]",
          "V" + i + "_UNSET"));
    }
    assertEquals(expected, headlines(text.append("}\n").toString()));
  }

  /** The key of an unset substitution is the one that has it, not one before it on its line with it in quotes. */
  @Test
  void anUnsetSubstitutionIsAtItsKeyNotAtAQuotedOneBeforeIt() throws IOException {
    assertEquals(List.of(unsetAt("x.conf:2:45: error: processes.a.env.B", "X_UNSET")),
        headlines("kind = experiment\nprocesses { a { env { A = \"${X_UNSET}\", B = ${X_UNSET} } } }\n"));
    assertEquals(List.of(unsetAt("x.conf:2:32: error: labels.b", "X_UNSET"),
        unsetAt("x.conf:3:8: error: name", "Y_UNSET")),
        headlines("kind = experiment\nlabels { a = \"${X_UNSET}\", b = ${X_UNSET} }\nname = ${Y_UNSET}\n"));
    // Nor at one that has it in quotes or as optional, in a value still to resolve.
    assertEquals(List.of(unsetAt("x.conf:2:37: error: labels.b", "X_UNSET")),
        headlines("kind = experiment\nlabels { a = \"${X_UNSET}\"${?Y}, b = ${X_UNSET} }\n"));
    assertEquals(List.of(unsetAt("x.conf:2:32: error: labels.b", "X_UNSET")),
        headlines("kind = experiment\nlabels { a = x${?X_UNSET}, b = ${X_UNSET} }\n"));
  }

  /** An unset substitution at the empty key names it as every path does, {@code ""}. */
  @Test
  void anUnsetSubstitutionAtTheEmptyKeyNamesIt() throws IOException {
    assertEquals(List.of(unsetAt("x.conf:2:15: error: labels.\"\"", "X_UNSET")),
        headlines("kind = experiment\nlabels { \"\" = ${X_UNSET} }\n"));
    assertEquals(List.of(unsetAt("x.conf:2:6: error: \"\"", "X_UNSET")),
        headlines("kind = experiment\n\"\" = ${X_UNSET}\n"));
  }

  /** A cycle is not fixed by defining the value, which the hint for an undefined one says to do. */
  @Test
  void aCycleOfSubstitutionsIsAnError() throws IOException {
    UserError e = assertThrows(UserError.class, () -> load("a = ${b}\nb = ${a}\n", Map.of()));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("hocon-cycle", d.code());
    assertTrue(d.message().startsWith("invalid HOCON"), e.diagnostics().toString());
    assertEquals(List.of("write one of these values out, so that their substitutions do not lead back to each other"),
        d.hints());
  }

  /**
   * A key that names itself with no earlier value is undefined, as HOCON's spec reads it, not a cycle: the error
   * says so and how to give it a value.
   */
  @Test
  void aSelfReferenceWithoutAnEarlierValueSaysSo() throws IOException {
    assertEquals("""
        x.conf:2:8: error: args: ${args} refers to args itself, which has no earlier value for it to take
            | args = ${args} [y]
            |        ^
          = hint: give args a value above this line, or write ${?args} to start from no value
        """, errors("kind = experiment\nargs = ${args} [y]\n"));
    // With an earlier value it takes that one; in a cycle of two keys, it is still a cycle.
    assertEquals(List.of(unsetAt("x.conf:3:17: error: args", "Q_UNSET")),
        headlines("kind = experiment\nargs = [x]\nargs = ${args} [${Q_UNSET}]\n"));
    assertEquals(List.of("x.conf:2:5: error: a: invalid HOCON: the substitutions go round in a circle: a takes ${b},"
        + " b takes ${a}, without end"),
        headlines("kind = experiment\na = ${b}\nb = ${a}\n"));
  }

  /**
   * A cycle and unset substitutions are reported in one run, whichever Typesafe meets first: the cycle where it
   * places it, each unset one where it is used, in a value of the cycle too.
   */
  @Test
  void aCycleAndUnsetSubstitutionsAreReportedTogether() throws IOException {
    String cycle = ": error: a: invalid HOCON: the substitutions go round in a circle: a takes ${b}, b takes ${a},"
        + " without end";
    assertEquals(List.of(unsetAt("x.conf:2:5: error: c", "Z_UNSET"), "x.conf:3:5" + cycle),
        headlines("kind = experiment\nc = ${Z_UNSET}\na = ${b}\nb = ${a}\n"));
    assertEquals(List.of("x.conf:2:5" + cycle, unsetAt("x.conf:4:5: error: c", "Z_UNSET")),
        headlines("kind = experiment\na = ${b}\nb = ${a}\nc = ${Z_UNSET}\n"));
    assertEquals(List.of("x.conf:2:5" + cycle, unsetAt("x.conf:2:9: error: a", "W_UNSET")),
        headlines("kind = experiment\na = ${b}${W_UNSET}\nb = ${a}\n"));
  }

  /**
   * Every cycle of substitutions is reported in one run, once, at its first value in the file, where it names the
   * next; a key that takes its own earlier value among them is no cycle.
   */
  @Test
  void everyCycleOfSubstitutionsIsReportedInOneRun() throws IOException {
    String round = ": invalid HOCON: the substitutions go round in a circle: ";
    assertEquals(List.of("x.conf:2:5: error: a" + round + "a takes ${b}, b takes ${a}, without end",
        "x.conf:6:5: error: c" + round + "c takes ${d}, d takes ${e}, e takes ${c}, without end",
        "x.conf:9:9: error: m.f" + round + "m.f takes ${m}, which holds m.f, without end"),
        headlines("kind = experiment\na = ${b}\nargs = [x]\nargs = ${args} [y]\nb = ${a}\nc = ${d}\nd = ${e}\n"
            + "e = ${c}\nm { f = ${m} }\n"));
    // A long circle is shown by its first five values.
    StringBuilder chain = new StringBuilder("kind = experiment\n");
    for (int i = 0; i < 8; i++) {
      chain.append("k").append(i).append(" = ${k").append((i + 1) % 8).append("}\n");
    }
    assertEquals(List.of("x.conf:2:6: error: k0" + round + "k0 takes ${k1}, k1 takes ${k2}, k2 takes ${k3},"
        + " k3 takes ${k4}, k4 takes ${k5}, and 3 more keys, back to k0, without end"), headlines(chain.toString()));
  }

  /**
   * A chain of substitutions 10,000 keys long that ends in a cycle is that cycle, where it is written; adding up the
   * sizes of the values along it went as deep as the chain and ran out of stack, which was reported at 1:1 as a file
   * nested too deeply.
   */
  @Test
  void aLongChainIntoACycleIsTheCycle() throws IOException {
    StringBuilder chain = new StringBuilder("kind = experiment\n");
    for (int i = 0; i < 10_000; i++) {
      chain.append("k").append(i).append(" = ${").append(i + 1 < 10_000 ? "k" + (i + 1) : "a").append("}\n");
    }
    chain.append("a = ${b}\nb = ${a}\n");
    assertEquals(List.of("x.conf:10002:5: error: a: invalid HOCON: the substitutions go round in a circle: a takes"
        + " ${b}, b takes ${a}, without end"), headlines(chain.toString()));
  }

  /**
   * An unset substitution in an included value that a key takes as its earlier one is reported at the key, with a
   * cycle elsewhere too.
   */
  @Test
  void anUnsetSubstitutionInAnIncludedEarlierValueIsReportedWithACycle() throws IOException {
    Files.writeString(dir.resolve("inc.conf"), "args = [${Q_UNSET}]\n");
    assertEquals(List.of(unsetAt("inc.conf:1:9: error: args", "Q_UNSET"), "x.conf:4:5: error: a: invalid HOCON: the"
        + " substitutions go round in a circle: a takes ${b}, b takes ${a}, without end"),
        headlines("kind = experiment\ninclude \"inc.conf\"\nargs = ${args} [y]\na = ${b}\nb = ${a}\n"));
    assertEquals(List.of(unsetAt("inc.conf:1:9: error: args", "Q_UNSET")),
        headlines("kind = experiment\ninclude \"inc.conf\"\nargs = ${args} [y]\n"));
  }

  /**
   * A substitution in an included file that finds nothing falls back only as Typesafe does: inside
   * {@code foo { include ... }} to the name as written, at the top to nothing. No cycle is reported that a shorter
   * path than those would make.
   */
  @Test
  void anIncludedSubstitutionFallsBackOnlyToTheNameAsWritten() throws IOException {
    Files.writeString(dir.resolve("top.conf"), "p = ${q.p}\n");
    Files.writeString(dir.resolve("in.conf"), "p = ${q.p}\nx = ${y}\n");
    String noQp = ": error: %s: ${q.p} names no value: the file has no key q.p";
    assertEquals(List.of("top.conf:1:5" + noQp.formatted("p"), unsetAt("x.conf:3:5: error: c", "Z_UNSET")),
        headlines("kind = experiment\ninclude \"top.conf\"\nc = ${Z_UNSET}\n"));
    assertEquals(List.of("in.conf:1:5" + noQp.formatted("foo.p"), "in.conf:2:5: error: foo.x: invalid HOCON: the"
        + " substitutions go round in a circle: foo.x takes ${foo.y}, y takes ${foo.x}, without end",
        unsetAt("x.conf:5:5: error: c", "Z_UNSET")),
        headlines("kind = experiment\nfoo { include \"in.conf\" }\np = ${foo.p}\ny = ${foo.x}\nc = ${Z_UNSET}\n"));
  }

  /**
   * Keys that take their values only from each other, one of them with an optional substitution, have none: a key
   * that needs one of them is told so, not that the file lacks the key.
   */
  @Test
  void aCycleOfOptionalSubstitutionsHasNoValue() throws IOException {
    assertEquals("""
        x.conf:4:5: error: c: ${a} has no value: a and b take their values only from each other, round in a circle,\
         and an optional substitution (${?...}) there finds none
            | c = ${a}
            |     ^
          = hint: give one of a and b a value of its own
        """, errors("kind = experiment\na = ${?b}\nb = ${?a}\nc = ${a}\n"));
    assertEquals(List.of("x.conf:2:5: error: a: ${b} has no value: a and b take their values only from each other,"
        + " round in a circle, and an optional substitution (${?...}) there finds none"),
        headlines("kind = experiment\na = ${b}\nb = ${?a}\n"));
    assertEquals(List.of("x.conf:3:5: error: c: ${b} has no value: the file's b is written with optional"
        + " substitutions (${?...}) only, and none of them has a value"),
        headlines("kind = experiment\nb = ${?B_UNSET}\nc = ${b}\n"));
  }

  /**
   * Includes more than 50 deep without a cycle are refused by Typesafe, which guesses a cycle and traces its own
   * classes: the error says only how deep, and the hint how to flatten them.
   */
  @Test
  void includesNestedTooDeepAreNoCycle() throws IOException {
    Files.writeString(dir.resolve("f0.conf"), "kind = experiment\ninclude \"f1.conf\"\n");
    for (int i = 1; i <= 55; i++) {
      Files.writeString(dir.resolve("f" + i + ".conf"), "include \"f" + (i + 1) + ".conf\"\n");
    }
    Files.writeString(dir.resolve("f56.conf"), "name = x\n");
    UserError e = assertThrows(UserError.class,
        () -> new ConfigLoader(new Env(Map.of(), "/"), new Sources()).load(dir.resolve("f0.conf")));
    assertEquals(1, e.diagnostics().size());
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("hocon-include", d.code());
    assertEquals(dir.resolve("f51.conf").toString(), d.origin().file());
    assertEquals(1, d.origin().line());
    assertEquals("invalid HOCON: include statements nested more than 50 times", d.message());
    assertEquals(List.of("include the files side by side from one file rather than each inside the one before"),
        d.hints());
  }

  /** Only Typesafe's words for a cycle make one: an undefined value whose name holds "cycle" is just undefined. */
  @Test
  void anUndefinedSubstitutionNamedLikeACycleIsUndefined() {
    UserError e = assertThrows(UserError.class, () -> load("a = ${lr_cycles}\n", Map.of()));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("hocon-substitution", d.code());
    assertEquals("environment variable lr_cycles is not set, and the file has no key lr_cycles", d.message());
    assertEquals(List.of("set lr_cycles in the environment, or write ${?lr_cycles} with a default before it"),
        d.hints());
  }

  /**
   * An include of a file being read is an error at that include, naming the files round the circle; Typesafe's
   * own error came 50 levels deep, with a trace of its classes.
   */
  @Test
  void aCycleOfIncludesIsAnErrorAtTheIncludeThatLeadsBack() throws IOException {
    Files.writeString(dir.resolve("a.conf"), "kind = experiment\ninclude \"b.conf\"\n");
    Files.createDirectories(dir.resolve("sub"));
    Files.writeString(dir.resolve("b.conf"), "name = x\ninclude \"sub/c\"\n");
    Files.writeString(dir.resolve("sub/c.conf"), "image = i\n  include \"../b.conf\"\n");
    UserError e = assertThrows(UserError.class,
        () -> new ConfigLoader(new Env(Map.of(), "/"), new Sources()).load(dir.resolve("a.conf")));
    assertEquals(1, e.diagnostics().size());
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("hocon-cycle", d.code());
    assertEquals(dir.resolve("sub/c.conf").toString(), d.origin().file());
    assertEquals(2, d.origin().line());
    assertEquals(3, d.origin().column());
    assertEquals("invalid HOCON: include \"../b.conf\": the includes go round in a circle, " + dir.resolve("b.conf")
        + " includes " + dir.resolve("sub/c.conf") + ", which includes " + dir.resolve("b.conf")
        + " again, without end", d.message());
    assertEquals(List.of("remove the include that leads back, or move what the files share into a file that"
        + " includes neither"), d.hints());
    // A file that includes itself.
    Files.writeString(dir.resolve("self.conf"), "include \"self.conf\"\n");
    UserError self = assertThrows(UserError.class,
        () -> new ConfigLoader(new Env(Map.of(), "/"), new Sources()).load(dir.resolve("self.conf")));
    assertEquals("invalid HOCON: include \"self.conf\": the includes go round in a circle, "
        + dir.resolve("self.conf") + " includes " + dir.resolve("self.conf") + " again, without end",
        self.diagnostics().get(0).message());
    // One file included twice, not inside itself, is no cycle.
    Files.writeString(dir.resolve("twice.conf"), "include \"sub/d.conf\"\ninclude \"sub/d.conf\"\n");
    Files.writeString(dir.resolve("sub/d.conf"), "kind = experiment\n");
    new ConfigLoader(new Env(Map.of(), "/"), new Sources()).load(dir.resolve("twice.conf"));
  }

  @Test
  void aFailedAppendDoesNotPrintTheEnvironment() throws IOException {
    // Typesafe's messages for a failed resolution may dump the objects it was resolving, the environment
    // among them, which is resolved with the config.
    UserError e = assertThrows(UserError.class,
        () -> load("b = 1\nb += 2\n", Map.of("AAA_TOKEN", "hunter2-SECRET")));
    String message = e.diagnostics().get(0).message();
    assertEquals("invalid HOCON: Cannot concatenate object or list with a non-object-or-list", message);
    // An append to a list of a nested object resolves.
    MapNode appended = load("b { c = [1] }\nb.c += 2\n", Map.of("AAA_TOKEN", "hunter2-SECRET"));
    assertEquals(2, ((ListNode) ((MapNode) appended.get("b")).get("c")).items().size());
  }

  @Test
  void anIncludeResolvesNextToAFileNamedWithoutAFolder() throws IOException {
    // The working directory is the only place a bare file name can be; clean up whatever happens.
    Path main = Path.of("hocon-include-test-main.conf");
    Path included = Path.of("hocon-include-test-part.conf");
    try {
      Files.writeString(main, "include \"hocon-include-test-part.conf\"\nkind = experiment\n");
      Files.writeString(included, "name = from-include\n");
      MapNode root = (MapNode) new ConfigLoader(new Env(Map.of(), "/"), new Sources()).load(main).root();
      assertEquals("from-include", ((ScalarNode) root.get("name")).value());
    } finally {
      Files.deleteIfExists(main);
      Files.deleteIfExists(included);
    }
  }

  @Test
  void aCredentialOnABrokenLineOfAnIncludeIsHidden() throws IOException {
    Files.writeString(dir.resolve("creds.conf"),
        "output { path = \"r.csv\", key = AKIAVERYSECRET, secret_key = \"very,secret-value\" }}\n");
    Files.writeString(dir.resolve("main.conf"), "kind = benchmark\ninclude required(\"creds.conf\")\n");
    Sources sources = new Sources();
    UserError e = assertThrows(UserError.class,
        () -> new ConfigLoader(new Env(Map.of(), "/"), sources).load(dir.resolve("main.conf")));
    String printed = new DiagnosticPrinter(sources).format(e.diagnostics().get(0));
    assertTrue(printed.contains("key = ***, secret_key = *** }}"), printed);
    assertFalse(printed.contains("AKIAVERYSECRET") || printed.contains("secret-value"), printed);
  }

  @Test
  void aParseErrorInsideACredentialDoesNotSplitItOutOfHiding() throws IOException {
    // '+' is not allowed in an unquoted HOCON string: the error points into the middle of the value.
    Files.writeString(dir.resolve("main.conf"), "kind = benchmark\noutput {\n  path = x.csv\n"
        + "  secret_key = wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY\n}\n");
    Sources sources = new Sources();
    UserError e = assertThrows(UserError.class,
        () -> new ConfigLoader(new Env(Map.of(), "/"), sources).load(dir.resolve("main.conf")));
    String printed = new DiagnosticPrinter(sources).format(e.diagnostics().get(0));
    assertTrue(printed.contains("\n    |   secret_key = ***\n    |                ^\n"), printed);
    assertFalse(printed.contains("wJalr") || printed.contains("EXAMPLEKEY"), printed);
  }

  @Test
  void anEnvironmentOverrideAndValuesThatReferToThemselvesResolve() throws IOException {
    String text = "image = \"busybox:1\"\nimage = ${?IMG}\nargs = [a]\nargs += b\nargs = ${args} [x]\n";
    MapNode unset = load(text, Map.of());
    assertEquals("busybox:1", ((ScalarNode) unset.get("image")).text());
    assertEquals(List.of("a", "b", "x"),
        ((ListNode) unset.get("args")).items().stream().map(n -> ((ScalarNode) n).text()).toList());
    MapNode set = load(text, Map.of("IMG", "alpine:3", "OTHER", "left out"));
    assertEquals("alpine:3", ((ScalarNode) set.get("image")).text());
    // The environment only answers substitutions; its variables are not keys of the config.
    assertEquals(java.util.Set.of("image", "args"), set.entries().keySet());
  }

  @Test
  void anIncludeReadsAFileNextToTheConfigOrIsAnErrorAtItsLine() throws IOException {
    Files.writeString(dir.resolve("base.conf"), "name = from-base\n");
    MapNode found = load("include \"base\"\nkind = experiment\n", Map.of());
    assertEquals("from-base", ((ScalarNode) found.get("name")).text());
    // A name that is no file here: Typesafe would look on stave's class path, or skip it without a word.
    String nextToIt = ": there is no such file next to this config";
    // file(...) is read from the current folder, where there is no base.conf: skipped without a word too.
    String inTheCurrentFolder = ": there is no such file in the current folder";
    Map<String, String> includes = Map.of(
        "include \"stave/init/experiment.conf\"", nextToIt,
        "include \"misspelt.conf\"", nextToIt,
        "include required(\"misspelt.conf\")", nextToIt,
        "include file(\"base.conf\")", inTheCurrentFolder,
        "include required(file(\"base.conf\"))", inTheCurrentFolder);
    includes.forEach((include, message) -> {
      UserError e = assertThrows(UserError.class, () -> load("kind = experiment\n" + include + "\n", Map.of()));
      Diagnostic d = e.diagnostics().get(0);
      assertEquals(2, d.origin().line(), include);
      assertEquals(1, d.origin().column(), include);
      // Quoted as written, required(...) too.
      assertEquals("invalid HOCON: " + include + message, d.message());
    });
    // With spaces inside its parentheses, required(...) is still quoted; the spaces are not.
    Map<String, String> spaced = Map.of(
        "include required( \"misspelt.conf\" )", "include required(\"misspelt.conf\")" + nextToIt,
        "include required(file( \"base.conf\" ))", "include required(file(\"base.conf\"))" + inTheCurrentFolder,
        "include required( file(\"base.conf\") )", "include required(file(\"base.conf\"))" + inTheCurrentFolder);
    spaced.forEach((include, message) -> {
      UserError e = assertThrows(UserError.class, () -> load("kind = experiment\n" + include + "\n", Map.of()));
      Diagnostic d = e.diagnostics().get(0);
      assertEquals(List.of(2, 1), List.of(d.origin().line(), d.origin().column()), include);
      assertEquals("invalid HOCON: " + message, d.message());
    });
  }

  @Test
  void anEmptyIncludeNameIsCheckedAsTypesafeReadsIt() throws IOException {
    // Typesafe adds its extensions to the name as written: .conf, .json and .properties next to the config,
    // not the config's folder with an extension, which is outside the project.
    UserError missing = assertThrows(UserError.class, () -> load("kind = experiment\ninclude \"\"\n", Map.of()));
    Diagnostic d = missing.diagnostics().get(0);
    assertEquals("hocon-include", d.code());
    assertEquals(new Origin(d.origin().file(), 2, 1), d.origin());
    assertEquals("invalid HOCON: include \"\": HOCON reads .conf, .json or .properties for it, and none of them is"
        + " next to this config", d.message());
    Files.writeString(dir.resolve(".conf"), "name = from-dot-conf\n");
    MapNode found = load("include \"\"\nkind = experiment\n", Map.of());
    assertEquals("from-dot-conf", ((ScalarNode) found.get("name")).text());
  }

  @Test
  void aFileIncludeWithoutAnExtensionNeedsAFileWithOne() throws IOException {
    // Typesafe reads name.conf, name.json and name.properties for it, never the bare name: with only that,
    // the include would read nothing and compile as if it were not there.
    Path bare = Path.of("hocon-include-test-bare");
    try {
      Files.writeString(bare, "name = never-read\n");
      UserError e = assertThrows(UserError.class,
          () -> load("kind = experiment\ninclude file(\"hocon-include-test-bare\")\n", Map.of()));
      Diagnostic d = e.diagnostics().get(0);
      assertEquals("invalid HOCON: include file(\"hocon-include-test-bare\"): HOCON reads hocon-include-test-bare.conf,"
          + " hocon-include-test-bare.json or hocon-include-test-bare.properties for it, and none of them is in the"
          + " current folder", d.message());
      assertEquals(List.of("rename hocon-include-test-bare to hocon-include-test-bare.conf: HOCON never reads a file"
          + " whose name has none of these endings"), d.hints());
    } finally {
      Files.deleteIfExists(bare);
    }
  }

  @Test
  void anIncludeWithoutAnExtensionNamesTheFilesReadAndABareFileIsToBeRenamed() throws IOException {
    Files.createDirectory(dir.resolve("sub"));
    Files.writeString(dir.resolve("sub/base"), "name = never-read\n");
    UserError e = assertThrows(UserError.class, () -> load("kind = experiment\ninclude \"sub/base\"\n", Map.of()));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("invalid HOCON: include \"sub/base\": HOCON reads sub/base.conf, sub/base.json or sub/base.properties"
        + " for it, and none of them is next to this config", d.message());
    assertEquals(List.of("rename sub/base to sub/base.conf: HOCON never reads a file whose name has none of these"
        + " endings"), d.hints());
    // No file of the bare name either: the name is to be fixed.
    e = assertThrows(UserError.class, () -> load("kind = experiment\ninclude \"sub/other\"\n", Map.of()));
    assertEquals(List.of("fix the file name: an include names a file relative to the folder of the config that has it"),
        e.diagnostics().get(0).hints());
  }

  @Test
  void aMissingIncludeIsFoundAtItsLineNotInAComment() {
    for (String comment : List.of("# old: include \"misspelt.conf\"", "// include \"misspelt.conf\"")) {
      UserError e = assertThrows(UserError.class,
          () -> load(comment + "\nkind = experiment\ninclude \"misspelt.conf\"\n", Map.of()));
      assertEquals(3, e.diagnostics().get(0).origin().line(), comment);
      assertEquals(1, e.diagnostics().get(0).origin().column(), comment);
    }
  }

  @Test
  void charactersNoYamlFileCanCarryAreLocatedErrors() {
    UserError e = assertThrows(UserError.class,
        () -> load("a { \"k\\uffff\" = 1 }\nb = [ok, \"x\\ud800\"]\nc = \"\\ud83d\\ude00 whole\"\n", Map.of()));
    assertEquals(2, e.diagnostics().size(), e.diagnostics().toString());
    assertEquals("unwritable-character", e.diagnostics().get(0).code());
    assertTrue(e.diagnostics().get(0).message().startsWith("the key holds the non-character U+FFFF"));
    assertEquals("b[1]", e.diagnostics().get(1).jsonPath());
    assertEquals(2, e.diagnostics().get(1).origin().line());
    assertTrue(e.diagnostics().get(1).message().startsWith("the value holds a lone surrogate U+D800"));
  }

  @Test
  void syntaxErrorsNameTheLine() throws IOException {
    UserError e = assertThrows(UserError.class, () -> load("a {\n  b = [1, 2\n}\n", Map.of()));
    assertEquals("hocon-syntax", e.diagnostics().get(0).code());
  }

  private Origin errorAt(String text) {
    UserError e = assertThrows(UserError.class, () -> load(text, Map.of()));
    return e.diagnostics().get(0).origin();
  }

  @Test
  void anUnresolvedSubstitutionPointsAtTheSubstitution() {
    Origin origin = errorAt("a = 1\nb { c = [x, ${missing}] }\n");
    assertEquals(2, origin.line());
    assertEquals(13, origin.column());
    // Written with spaces or as optional elsewhere on the line, it is still found.
    assertEquals(13, errorAt("b = [${?x}, ${ missing }]\n").column());
  }

  @Test
  void aCycleOfSubstitutionsPointsAtItsFirstValueInTheFile() {
    Origin origin = errorAt("b = ${a}\na = ${b}\n");
    assertEquals(new Origin(origin.file(), 1, 5), origin);
  }

  @Test
  void aParseErrorPointsAtTheTokenItMet() {
    Origin origin = errorAt("a = 1\nb { c = 1, d = 2 ]\n");
    assertEquals(2, origin.line());
    assertEquals(18, origin.column());
  }

  @Test
  void anUnexpectedEndOfLineOrFilePointsAtTheEndOfTheLine() {
    Origin newline = errorAt("a = 1\nname = \"demo\n");
    assertEquals(new Origin(newline.file(), 2, 13), newline);
    Origin end = errorAt("c = [run, walk   ");
    assertEquals(new Origin(end.file(), 1, 15), end);
  }

  @Test
  void aFileThatEndsTooSoonPointsAtTheEndOfItsLastWrittenLine() {
    // Typesafe names the empty line after the last break; blank lines and comments tell nothing either.
    Origin list = errorAt("a = 1\nc = [run, walk  \n");
    assertEquals(new Origin(list.file(), 2, 15), list);
    Origin map = errorAt("a = 1\nx {\n  b = 2\n\n  // not yet\n# later\n\n");
    assertEquals(new Origin(map.file(), 3, 8), map);
    Origin text = errorAt("a = \"\"\"run\n\n");
    assertEquals(new Origin(text.file(), 1, 11), text);
  }

  @Test
  void anyOtherErrorPointsAtTheStatementOnItsLine() {
    // Typesafe names the line only; the statement starts at its first character that is not a space.
    Origin origin = errorAt("x {\n    a = [1, 2] \"s\"\n}\n");
    assertEquals(2, origin.line());
    assertEquals(5, origin.column());
  }

  @Test
  void aKeyNamedEndOfFileIsNoEndOfTheFile() {
    // The words in a key the message quotes are the user's, not Typesafe's for a text that ended too soon.
    Origin key = errorAt("\"end of file\" x ]\nname = a\n");
    assertEquals(new Origin(key.file(), 1, 17), key);
    Origin end = errorAt("a = [1\n\n# c\n");
    assertEquals(new Origin(end.file(), 1, 7), end);
  }

  @Test
  void aTokenSeenTwiceOnTheLineIsNotGuessedAt() {
    assertEquals(1, HoconLoader.errorColumn("a ] b ]", "Expecting close brace } or a comma, got ']'"));
    assertEquals(3, HoconLoader.errorColumn("  a ] b ]", "Expecting close brace } or a comma, got ']'"));
  }

  @Test
  void anErrorColumnCountsAnEmojiBeforeItAsOneCharacter() {
    String line = "x = \"😀\" ] ${y}";
    assertEquals(9, HoconLoader.errorColumn(line, "Expecting close brace } or a comma, got ']'"));
    assertEquals(11, HoconLoader.errorColumn(line, "Could not resolve substitution to a value: ${y}"));
    assertEquals(15, HoconLoader.errorColumn(line, "Expecting a value but got wrong token: 'newline'"));
  }

  /** Forty lines that each double the one before would ask for a terabyte; stopped before resolving. */
  @Test
  void substitutionsThatDoubleEveryLineAreStoppedWhereTheyPassTheLimit() {
    StringBuilder strings = new StringBuilder("a0 = x\n");
    StringBuilder lists = new StringBuilder("a0 = [x, x, x, x, x, x, x, x, x, x]\n");
    for (int i = 0; i < 40; i++) {
      strings.append("a").append(i + 1).append(" = ${a").append(i).append("}${a").append(i).append("}\n");
      lists.append("a").append(i + 1).append(" = ${a").append(i).append("} ${a").append(i).append("}\n");
    }
    UserError e = assertThrows(UserError.class, () -> load(strings.toString(), Map.of()));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("hocon-expansion", d.code());
    assertEquals("invalid HOCON: its substitutions would make this value more than 10,000,000 characters long",
        d.message());
    // "x" is three characters as written ("x" in quotes): a22 is 3 * 2^22, the first past the limit.
    assertEquals(23, d.origin().line());
    assertEquals(1, d.origin().column());
    UserError list = assertThrows(UserError.class, () -> load(lists.toString(), Map.of()));
    assertEquals("hocon-expansion", list.diagnostics().get(0).code());
    assertEquals(20, list.diagnostics().get(0).origin().line());
  }

  /**
   * No one value is too large, but the copies of a long one come to more than the limit together: as YAML
   * reports the alias that goes over (YamlLoaderTest), the substitution that takes them past it is the error,
   * not the file as a whole at its first line.
   */
  @Test
  void copiesThatTogetherPassTheLimitAreAnErrorAtTheSubstitutionThatGoesOver() {
    String file = dir.resolve("x.conf").toString();
    String s = "s = \"" + "x".repeat(1_000_000) + "\"\n";
    // s and eight copies come to 9,000,000 characters and more: the ninth copy goes over.
    String list = "l = [" + "${s}, ".repeat(11) + "${s}]";
    UserError inList = assertThrows(UserError.class, () -> load("kind = experiment\n" + s + list + "\n", Map.of()));
    assertEquals(1, inList.diagnostics().size(), inList.diagnostics().toString());
    Diagnostic d = inList.diagnostics().get(0);
    assertEquals("hocon-expansion", d.code());
    assertEquals("invalid HOCON: the file's values would come to more than 10,000,000 characters through its"
        + " substitutions", d.message());
    assertEquals(List.of("write a long value that is used many times once, or keep large values out of the config"),
        d.hints());
    assertEquals("l[8]", d.jsonPath());
    assertEquals(new Origin(file, 3, list.indexOf("${s}") + 6 * 8 + 1, "the value comes from ${s} at 2:5", MADE_HERE),
        d.origin());
    // Keys on one line are added up as written, not in the order of their names.
    StringBuilder keys = new StringBuilder("o { ");
    for (int i = 9; i >= 0; i--) {
      keys.append("k").append(i).append(" = ${s}, ");
    }
    String object = keys + "}";
    UserError inObject = assertThrows(UserError.class, () -> load(s + object + "\n", Map.of()));
    assertEquals("o.k1", inObject.diagnostics().get(0).jsonPath());
    assertEquals(new Origin(file, 2, object.indexOf("k1 = ${s}") + 6, "the value comes from ${s} at 1:5", MADE_HERE),
        inObject.diagnostics().get(0).origin());
    // Top-level keys, one copy a line.
    StringBuilder copies = new StringBuilder(s + "a = 1\n");
    for (int i = 0; i < 10; i++) {
      copies.append("b").append(i).append(" = ${s}\n");
    }
    UserError lines = assertThrows(UserError.class, () -> load(copies.toString(), Map.of()));
    assertEquals("b8", lines.diagnostics().get(0).jsonPath());
    assertEquals(new Origin(file, 11, 6, "the value comes from ${s} at 1:5", MADE_HERE),
        lines.diagnostics().get(0).origin());
  }

  /** As in YAML (YamlLoaderTest): a long list under a key of ordinary length is within the paths' limit. */
  @Test
  void aLongListUnderAKeyOfOrdinaryLengthIsWithinThePathsLimit() throws IOException {
    String list = java.util.stream.IntStream.range(0, 130_000).mapToObj(Integer::toString)
        .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
    MapNode root = load("processes." + "p".repeat(60) + ".args = " + list + "\n", Map.of());
    MapNode process = (MapNode) ((MapNode) root.get("processes")).get("p".repeat(60));
    assertEquals(130_000, ((ListNode) process.get("args")).items().size());
  }

  /** As in YAML (YamlLoaderTest): a key counts once for every value under it, and a long one over many is an error. */
  @Test
  void pathsToTheValuesThatComeToMoreThanAHundredMillionCharactersAreAnError() throws IOException {
    String key = "k".repeat(1_000_000);
    UserError e = assertThrows(UserError.class,
        () -> load("a = 1\n" + key + " = [" + "1, ".repeat(119) + "1]\n", Map.of()));
    assertEquals(1, e.diagnostics().size(), e.diagnostics().toString());
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("hocon-size", d.code());
    assertEquals("the paths to the file's values come to more than 100,000,000 characters, counting each key once"
        + " for every value under it", d.message());
    assertEquals(List.of("keep keys short, above all those over long lists and those that substitutions repeat"),
        d.hints());
    assertEquals(new Origin(dir.resolve("x.conf").toString(), 2, 1_000_299), d.origin());
    assertEquals(key + "[98]", d.jsonPath());
    MapNode most = load("a = 1\n" + key + " = [" + "1, ".repeat(97) + "1]\n", Map.of());
    assertEquals(98, ((ListNode) most.get(key)).items().size());
  }

  /**
   * Typesafe gives a copy the origin of the value it copies, which tells where that value is, not which use
   * is one too many: as a YAML alias (YamlLoaderTest), the substitution that copies a value over a limit is
   * where the error is, at the column of its own "${", past any other on its line.
   */
  @Test
  void limitsGoneOverThroughASubstitutionAreErrorsAtTheSubstitution() throws IOException {
    String key = "k".repeat(1_000_000);
    String file = dir.resolve("x.conf").toString();
    String m = "m = [" + "1, ".repeat(59) + "1]\n";
    // The paths under key.a come to some 62,000,000 characters: the copy under key.b goes over.
    String inMap = key + " { a = ${m}, b = ${m} }";
    UserError map = assertThrows(UserError.class, () -> load("a = 1\n" + m + inMap + "\n", Map.of()));
    assertEquals(1, map.diagnostics().size(), map.diagnostics().toString());
    assertEquals("hocon-size", map.diagnostics().get(0).code());
    assertEquals(".b[36]", map.diagnostics().get(0).jsonPath().substring(key.length()));
    assertEquals(new Origin(file, 3, inMap.lastIndexOf("${m}") + 1, "the value comes from ${m} at 2:5", MADE_HERE),
        map.diagnostics().get(0).origin());
    String inList = key + " = [${m}, ${m}]";
    UserError list = assertThrows(UserError.class, () -> load("a = 1\n" + m + inList + "\n", Map.of()));
    assertEquals("[1][36]", list.diagnostics().get(0).jsonPath().substring(key.length()));
    assertEquals(new Origin(file, 3, inList.lastIndexOf("${m}") + 1, "the value comes from ${m} at 2:5", MADE_HERE),
        list.diagnostics().get(0).origin());
    // Sixty levels copied sixty levels deep.
    String deep = "{ a = ".repeat(60) + "1" + " }".repeat(60);
    String copy = "n = " + "{ a = ".repeat(60) + "${m}" + " }".repeat(60);
    UserError depth = assertThrows(UserError.class, () -> load("m = " + deep + "\n" + copy + "\n", Map.of()));
    assertEquals("hocon-depth", depth.diagnostics().get(0).code());
    assertEquals(new Origin(file, 2, copy.indexOf("${m}") + 1, "the value comes from ${m} at 1:5", MADE_HERE),
        depth.diagnostics().get(0).origin());
  }

  /** A substitution is where its key got the value, as a YAML alias is, so an error in the value is there. */
  @Test
  void aValueCopiedByASubstitutionIsAtTheSubstitution() throws IOException {
    String file = dir.resolve("x.conf").toString();
    MapNode root = load("m = \"three\"\nn { o = [1] }\np { r = ${m}, l = ${n.o}, i = [${m}] }\n", Map.of());
    MapNode p = (MapNode) root.get("p");
    assertEquals(new Origin(file, 3, 9, "the value comes from ${m} at 1:5", MADE_HERE), p.get("r").origin());
    assertEquals(new Origin(file, 3, 19, "the value comes from ${n.o} at 2:9", MADE_HERE), p.get("l").origin());
    assertEquals(new Origin(file, 3, 32, "the value comes from ${m} at 1:5", MADE_HERE),
        ((ListNode) p.get("i")).items().get(0).origin());
    assertEquals(new Origin(file, 1, 5), root.get("m").origin());
  }

  /**
   * A key whose value a substitution copies is where the key is written: Typesafe gives the copy the origin of the
   * value it copies, so an unknown key given a copy was reported at the line of the copied value, under another key.
   * The keys inside a copied map are where the map is written.
   */
  @Test
  void aKeyGivenACopyIsWhereTheKeyIsWritten() throws IOException {
    String head = "kind = experiment\nname = x\nimage = \"img:1\"\nlabels { cmd = run }\n";
    assertEquals(List.of("x.conf:8:5 processes.p.comand"), rejected(head
        + "processes {\n  p {\n    command = [x]\n    comand = ${labels.cmd}\n  }\n}\n"));
    assertEquals(List.of("x.conf:6:52 processes.a.replcas", "x.conf:6:52 processes.c.replcas",
        "x.conf:7:22 processes.b.resource_reqest"),
        rejected(head + "processes {\n  a { command = [x], resource_request { cpu = 1 }, replcas = 2 }\n"
            + "  b { command = [y], resource_reqest = ${processes.a.resource_request} }\n"
            + "  c = ${processes.a}\n}\n"));
  }

  /**
   * The keys of a map that a substitution copies are where the original writes them, in its own braces: they were
   * looked for by their first writing on the original's line, which here is another map's. An error in the copy
   * notes where the copy is made, since the original's own error is at the same place.
   */
  @Test
  void aKeyInsideACopiedMapIsInTheOriginalsBracesNotingTheCopy() throws IOException {
    String maps = "  b { command = [x], replcas = 2 }, a { command = [y], replcas = 2 }";
    String err = errors("kind = experiment\nname = x\nimage = \"img:1\"\nprocesses {\n" + maps + "\n"
        + "  c = ${processes.a}\n}\n");
    assertTrue(err.contains("x.conf:5:56: error: processes.c.replcas: unknown key 'replcas'\n"
        + "    | " + maps + "\n"
        + "    | " + " ".repeat(maps.lastIndexOf("replcas")) + "^\n"
        + "  = note: the value is copied by ${processes.a} at 6:7\n"), err);
    assertTrue(err.contains("x.conf:5:56: error: processes.a.replcas: unknown key 'replcas'\n"), err);
    // An item of a list in a copied map, on lines of their own, is where the original has it, noting the copy.
    String list = "base {\n  command = [python]\n  args = [--x, {}]\n}\nprocesses { p = ${base} }\n";
    err = errors("kind = experiment\nname = x\nimage = \"img:1\"\n" + list);
    assertTrue(err.contains("x.conf:6:16: error: processes.p.args[1]: expected a string, a number or"
        + " a boolean, got a map\n    |   args = [--x, {}]\n    |                ^\n"
        + "  = note: the value is copied by ${base} at 8:17\n"), err);
  }

  /**
   * The note of a copied value is where its key is written in the braces of the maps around it: the same name
   * earlier on the line ({@code processes { a { ... { a {} } } }}) is another key.
   */
  @Test
  void aCopiedValuesNoteIsAtItsKeyInTheMapsAroundIt() throws IOException {
    String original = "processes { a { command = [x], overrides.pod { a { b = 1 } } } }";
    String err = errors("kind = experiment\nname = x\nimage = \"img:1\"\n" + original + "\n"
        + "labels { x = ${processes.a.overrides.pod.a} }\n");
    assertTrue(err.contains("x.conf:5:14: error: labels.x: expected a string, got a map\n"), err);
    assertTrue(err.contains("  = note: the value comes from ${processes.a.overrides.pod.a} at 4:"
        + (original.indexOf("a { b") + 1) + "\n"), err);
  }

  /** A reference written in three quotes is quoted so in the hint and the warning, as the user wrote it. */
  @Test
  void aReferenceInThreeQuotesIsQuotedAsWritten() throws IOException {
    String err = errors("kind = experiment\nname = x\nimage = \"img:1\"\n"
        + "processes { p { command = [\"\"\"${X}\"\"\"], replicas = \"\"\"${N}\"\"\" } }\n");
    assertTrue(err.contains("x.conf:4:52: error: processes.p.replicas: expected an integer, got a string\n"
        + "    | processes { p { command = [\"\"\"${X}\"\"\"], replicas = \"\"\"${N}\"\"\" } }\n"
        + "    | " + " ".repeat(51) + "^\n"
        + "  = hint: HOCON takes \"\"\"${N}\"\"\" in quotes as that text: write ${N} without them so that its value is"
        + " read as an integer\n"), err);
    err = errors("kind = experiment\nname = x\nimage = \"img:1\"\nprocesses { p { command = [x] } }\n"
        + "labels { a = \"\"\"${N}\"\"\" }\n");
    assertTrue(err.contains("x.conf:5:14: warning: labels.a: \"\"\"${N}\"\"\" is kept as that text, not the variable's"
        + " value: HOCON does not substitute in quotes\n"), err);
  }

  /** Typesafe keeps the last of a key's values on a line, and gives it the line alone. */
  @Test
  void aValueThatOverridesOneOnItsLineIsAtTheLast() throws IOException {
    String file = dir.resolve("x.conf").toString();
    MapNode root = load("r = 2, r = \"x\"\na { r = 1 }, b { r = 2 }\n", Map.of());
    assertEquals(new Origin(file, 1, 12), root.get("r").origin());
    assertEquals(new Origin(file, 2, 9), ((MapNode) root.get("a")).get("r").origin());
    assertEquals(new Origin(file, 2, 22), ((MapNode) root.get("b")).get("r").origin());
  }

  /**
   * A value merged from statements ({@code n.a.b = 1}, then {@code n.a = ${m}}) has the first's line from
   * Typesafe: the copy that goes over a limit is the last statement's, with the substitution.
   */
  @Test
  void aLimitGoneOverInAMergeIsAtItsSubstitution() throws IOException {
    String file = dir.resolve("x.conf").toString();
    String deep = "{ a = ".repeat(60) + "1" + " }".repeat(60);
    String first = "n = " + "{ a = ".repeat(59) + "{ b = 1 }" + " }".repeat(59);
    String copy = "n" + ".a".repeat(59) + " = ${m}";
    UserError depth = assertThrows(UserError.class,
        () -> load("m = " + deep + "\n" + first + "\n" + copy + "\n", Map.of()));
    assertEquals("hocon-depth", depth.diagnostics().get(0).code());
    assertEquals(new Origin(file, 3, copy.indexOf("${m}") + 1), depth.diagnostics().get(0).origin());
  }

  @Test
  void substitutionsWithinTheLimitAreResolved() throws IOException {
    StringBuilder text = new StringBuilder("a0 = xx\n");
    for (int i = 0; i < 10; i++) {
      text.append("a").append(i + 1).append(" = ${a").append(i).append("}${a").append(i).append("}\n");
    }
    MapNode root = load(text.toString(), Map.of());
    assertEquals("xx".repeat(1024), ((ScalarNode) root.get("a10")).text());
  }

  /** Only local files are included: anything else would make the bundle depend on who answers. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "include url(\"http://127.0.0.1:9/x.conf\")|include url(\"http://127.0.0.1:9/x.conf\")",
    "include \"https://example.com/x.conf\"|include \"https://example.com/x.conf\"",
    "include required(url(\"file:///etc/hostname\"))|include url(\"file:/etc/hostname\")",
    "include classpath(\"reference.conf\")|include classpath(\"reference.conf\")"
  })
  void onlyLocalFilesAreIncluded(String include, String named) {
    UserError e = assertThrows(UserError.class, () -> load("a = 1\n" + include + "\nb = 2\n", Map.of()));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("hocon-include", d.code());
    assertEquals("invalid HOCON: " + named + " reads from outside the local files, so the same files could"
        + " compile to different bundles", d.message());
    assertEquals(2, d.origin().line());
  }
}

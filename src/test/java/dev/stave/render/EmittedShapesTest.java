package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/**
 * The per-shape read-back check says yes to what the emitter writes and no to text that does not read
 * back as the tree, including text that differs from an already proven shape only in one token.
 */
class EmittedShapesTest {

  private static Map<String, Object> job(String name, String arg, String label) {
    Map<String, Object> labels = new LinkedHashMap<>();
    labels.put("app.kubernetes.io/name", label);
    labels.put("stave.dev/sweep-point", "seed=" + arg);
    Map<String, Object> container = new LinkedHashMap<>();
    container.put("name", "main");
    container.put("args", new ArrayList<>(List.of("--seed", arg)));
    container.put("env", new ArrayList<>(List.of(new LinkedHashMap<>(Map.of("name", "SEED", "value", arg)))));
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("name", name);
    metadata.put("labels", labels);
    Map<String, Object> job = new LinkedHashMap<>();
    job.put("apiVersion", "batch/v1");
    job.put("kind", "Job");
    job.put("metadata", metadata);
    job.put("spec", new LinkedHashMap<>(Map.of("backoffLimit", 0, "containers", new ArrayList<>(List.of(container)))));
    return job;
  }

  private static boolean check(EmittedShapes shapes, Object tree) {
    ScalarTokens tokens = new ScalarTokens();
    String text = BlockWriter.write(tree, tokens);
    assertEquals(CanonicalYaml.emit(tree), text, "noting tokens changes nothing in the text");
    return shapes.readsBack(text, tokens, tree);
  }

  /** Text written by hand, with the given tokens noted as place, token, string in turn. */
  private static boolean check(EmittedShapes shapes, String text, Object tree, Object... noted) {
    ScalarTokens tokens = new ScalarTokens();
    int from = 0;
    for (int i = 0; i < noted.length; i += 3) {
      String token = (String) noted[i + 1];
      int start = text.indexOf(token, from);
      tokens.add((Character) noted[i], start, start + token.length(), (String) noted[i + 2]);
      from = start + token.length();
    }
    return shapes.readsBack(text, tokens, tree);
  }

  @Test
  void sweepPointsShareOneShape() {
    EmittedShapes shapes = new EmittedShapes();
    for (int seed = 0; seed < 20; seed++) {
      assertTrue(check(shapes, job("run-" + seed, String.valueOf(seed), seed % 2 == 0 ? "yes" : "no")));
    }
  }

  @Test
  void aTokenThatReadsAsAnotherTypeIsCaught() {
    EmittedShapes shapes = new EmittedShapes();
    assertTrue(check(shapes, "k: \"yes\"\n", Map.of("k", "yes"), ScalarTokens.VALUE, "\"yes\"", "yes"));
    // The same shape with the quotes lost: the reader makes a boolean of it.
    assertFalse(check(shapes, "k: yes\n", Map.of("k", "yes"), ScalarTokens.VALUE, "yes", "yes"));
    assertFalse(check(shapes, "yes: 1\n", Map.of("yes", 1), ScalarTokens.KEY, "yes", "yes"));
    assertFalse(check(shapes, "- 0755\n", List.of("0755"), ScalarTokens.ITEM, "0755", "0755"));
  }

  @Test
  void aTokenThatChangesTheStructureIsCaught() {
    EmittedShapes shapes = new EmittedShapes();
    assertFalse(check(shapes, "k: a: b\n", Map.of("k", "a: b"), ScalarTokens.VALUE, "a: b", "a: b"));
    assertFalse(check(shapes, "k: x #c\n", Map.of("k", "x #c"), ScalarTokens.VALUE, "x #c", "x #c"));
    assertFalse(check(shapes, "- - x\n", List.of("- x"), ScalarTokens.ITEM, "- x", "- x"));
    Map<String, Object> two = new LinkedHashMap<>();
    two.put("k", "\"abc");
    two.put("j", "x");
    assertFalse(check(shapes, "k: \"abc\nj: x\n", two, ScalarTokens.VALUE, "\"abc", "\"abc", ScalarTokens.VALUE, "x",
        "x"));
  }

  @Test
  void aTokenNotedInTheWrongPlaceOrForAnotherStringIsCaught() {
    EmittedShapes shapes = new EmittedShapes();
    assertTrue(check(shapes, "k: v\n", Map.of("k", "v"), ScalarTokens.KEY, "k", "k", ScalarTokens.VALUE, "v", "v"));
    assertFalse(check(shapes, "k: v\n", Map.of("k", "v"), ScalarTokens.KEY, "k", "k", ScalarTokens.ITEM, "v", "v"));
    assertFalse(check(shapes, "k: v\n", Map.of("k", "v"), ScalarTokens.KEY, "k", "k", ScalarTokens.VALUE, "v", "w"));
    assertFalse(check(shapes, "k: v\n", Map.of("k", "w"), ScalarTokens.KEY, "k", "k", ScalarTokens.VALUE, "v", "v"));
  }

  @Test
  void textThatIsNotTheTreeIsCaught() {
    EmittedShapes shapes = new EmittedShapes();
    assertFalse(check(shapes, "k: 1\n", Map.of("k", 2)));
    assertFalse(check(shapes, "k: [\n", Map.of("k", List.of())));
    Map<String, Object> reordered = new LinkedHashMap<>();
    reordered.put("b", "2");
    reordered.put("a", "1");
    assertFalse(check(shapes, "a: \"1\"\nb: \"2\"\n", reordered, ScalarTokens.KEY, "a", "a", ScalarTokens.VALUE,
        "\"1\"", "1", ScalarTokens.KEY, "b", "b", ScalarTokens.VALUE, "\"2\"", "2"));
  }

  @Test
  void theMarkOutsideATokenMakesTheShapeUnusable() {
    EmittedShapes shapes = new EmittedShapes();
    Map<String, Object> tree = Map.of("k", "¶0\nsecond line");
    assertFalse(check(shapes, BlockWriter.write(tree), tree));
    assertTrue(CanonicalYaml.sameValue(CanonicalYaml.parse(BlockWriter.write(tree)), tree));
  }

  @Test
  void tokensProvenTogetherAreRememberedOneByOne() {
    EmittedShapes shapes = new EmittedShapes();
    assertTrue(shapes.provenAll(
        new char[] {ScalarTokens.VALUE, ScalarTokens.ITEM, ScalarTokens.VALUE, ScalarTokens.KEY},
        new String[] {"sweep-7", "--seed", "'7'", "app"}, new String[] {"sweep-7", "--seed", "7", "app"}));
    assertEquals("'7'", shapes.provenToken(ScalarTokens.VALUE, "7"));
    assertEquals("--seed", shapes.provenToken(ScalarTokens.ITEM, "--seed"));
    assertEquals("app", shapes.provenToken(ScalarTokens.KEY, "app"));
    assertEquals(null, shapes.provenToken(ScalarTokens.KEY, "7"));
  }

  @Test
  void oneBadTokenFailsTheBatchButNotTheTokensBeforeIt() {
    EmittedShapes shapes = new EmittedShapes();
    // 7 reads as a number; an open quote runs into the next line of the batch, so "c" is read alone.
    assertFalse(shapes.provenAll(new char[] {ScalarTokens.VALUE, ScalarTokens.VALUE, ScalarTokens.VALUE},
        new String[] {"a", "7", "b"}, new String[] {"a", "7", "b"}));
    assertFalse(shapes.provenAll(new char[] {ScalarTokens.VALUE, ScalarTokens.VALUE},
        new String[] {"c", "\"open"}, new String[] {"c", "open"}));
    assertEquals("a", shapes.provenToken(ScalarTokens.VALUE, "a"));
    assertEquals("c", shapes.provenToken(ScalarTokens.VALUE, "c"));
    assertEquals(null, shapes.provenToken(ScalarTokens.VALUE, "7"));
    assertEquals(null, shapes.provenToken(ScalarTokens.VALUE, "open"));
  }

  @Test
  void anAliasCannotBorrowAnAnchorFromAnotherLine() {
    EmittedShapes shapes = new EmittedShapes();
    assertFalse(shapes.provenAll(new char[] {ScalarTokens.ITEM, ScalarTokens.ITEM},
        new String[] {"&a x", "*a"}, new String[] {"x", "x"}));
    assertFalse(shapes.provenAll(new char[] {ScalarTokens.VALUE, ScalarTokens.VALUE},
        new String[] {"x", "*a"}, new String[] {"x", "x"}));
  }

  @Test
  void aByteOrderMarkIsNotProvenFirstInABatchNorLater() {
    // The reader skips a mark at the start of the stream only: after another line it is a character.
    String mark = "\uFEFF";
    assertFalse(new EmittedShapes().proven(ScalarTokens.KEY, mark, mark));
    assertFalse(new EmittedShapes().provenAll(new char[] {ScalarTokens.KEY, ScalarTokens.KEY},
        new String[] {"\"  \"", mark}, new String[] {"  ", mark}));
    assertEquals("\"\\uFEFF\"", BlockWriter.token(mark, ScalarTokens.KEY));
  }

  /** Reading a batch says exactly what reading each of its tokens alone says. */
  @Property(tries = 2000)
  void aBatchIsProvenExactlyWhenEachTokenIsProvenAlone(
      @ForAll("batches") List<Tuple.Tuple3<Character, String, String>> batch) {
    char[] places = new char[batch.size()];
    String[] tokens = new String[batch.size()];
    String[] expected = new String[batch.size()];
    boolean eachAlone = true;
    for (int i = 0; i < batch.size(); i++) {
      places[i] = batch.get(i).get1();
      tokens[i] = batch.get(i).get2();
      expected[i] = batch.get(i).get3();
      eachAlone &= new EmittedShapes().proven(places[i], tokens[i], expected[i]);
    }
    assertEquals(eachAlone, new EmittedShapes().provenAll(places, tokens, expected), batch.toString());
  }

  @Provide
  Arbitrary<List<Tuple.Tuple3<Character, String, String>>> batches() {
    Arbitrary<String> strings = Arbitraries.frequencyOf(
            Tuple.of(6, Arbitraries.of(CanonicalYamlPropertyTest.FRAGMENTS)),
            Tuple.of(2, Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6)),
            Tuple.of(2, Arbitraries.of("&a", "*a", "!t", "'", "\"", "#", ": ", "- ", "---", "...", "%", "[", "{", "?")))
        .list().ofMinSize(1).ofMaxSize(4).map(parts -> String.join("", parts))
        .filter(s -> lineFree(s) && !hasLoneSurrogate(s)
            && s.indexOf('\uFFFE') < 0 && s.indexOf('\uFFFF') < 0);
    Arbitrary<Character> places = Arbitraries.of(ScalarTokens.KEY, ScalarTokens.VALUE, ScalarTokens.ITEM);
    // Mostly the emitter's own token; sometimes the bare string or another string's token.
    Arbitrary<Tuple.Tuple3<Character, String, String>> entry = Arbitraries.integers().between(0, 9)
        .flatMap(kind -> places.flatMap(place -> strings.flatMap(value -> strings.map(other -> {
          String token = kind < 6 ? BlockWriter.token(value, place)
              : kind < 8 ? value : BlockWriter.token(other, place);
          return Tuple.of(place, token == null ? value : token, value);
        }))));
    return entry.list().ofMinSize(1).ofMaxSize(6);
  }

  @Provide
  Arbitrary<Object> documents() {
    return value(4);
  }

  private Arbitrary<Object> value(int depth) {
    Arbitrary<String> strings = Arbitraries.frequencyOf(
            Tuple.of(6, Arbitraries.of(CanonicalYamlPropertyTest.FRAGMENTS)),
            Tuple.of(2, Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6)),
            Tuple.of(1, Arbitraries.strings().ofMaxLength(3)))
        .list().ofMaxSize(5).map(parts -> String.join("", parts))
        .filter(s -> s.indexOf('\uFFFE') < 0 && s.indexOf('\uFFFF') < 0 && !hasLoneSurrogate(s));
    Arbitrary<Object> leaf = Arbitraries.oneOf(strings.map(s -> (Object) s),
        Arbitraries.integers().map(i -> (Object) i), Arbitraries.of(true, false).map(b -> (Object) b))
        .injectNull(0.05);
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<Object> child = Arbitraries.lazy(() -> value(depth - 1));
    Arbitrary<Object> maps = Arbitraries.entries(strings, child).list().ofMaxSize(4).map(entries -> {
      Map<String, Object> m = new LinkedHashMap<>();
      entries.forEach(e -> m.put(e.getKey(), e.getValue()));
      return (Object) m;
    });
    Arbitrary<Object> lists = child.list().ofMaxSize(4).map(l -> (Object) new ArrayList<>(l));
    return Arbitraries.frequencyOf(Tuple.of(3, leaf), Tuple.of(2, maps), Tuple.of(2, lists));
  }

  private static boolean lineFree(String s) {
    return s.chars().noneMatch(c -> c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029);
  }

  private static boolean hasLoneSurrogate(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c) && (i + 1 == s.length() || !Character.isLowSurrogate(s.charAt(i + 1)))) {
        return true;
      }
      if (Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1)))) {
        return true;
      }
      if (Character.isHighSurrogate(c)) {
        i++;
      }
    }
    return false;
  }

  @Property(tries = 1000)
  void whateverTheEmitterWritesIsProvenTwice(@ForAll("documents") Object doc) {
    String text = BlockWriter.write(doc);
    // Objects are maps; a scalar document is left to the whole-text check.
    Assume.that(doc instanceof Map<?, ?> || doc instanceof List<?>);
    Assume.that(text.indexOf(ShapeWriter.MARK) < 0);
    EmittedShapes shapes = new EmittedShapes();
    assertTrue(check(shapes, doc), text);
    assertTrue(check(shapes, doc), "again, from the remembered shape and tokens:\n" + text);
  }
}

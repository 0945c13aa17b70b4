package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/** A rendered template read through its shape is exactly what the YAML reader makes of the full text. */
class TemplateShapesTest {

  /** Text and values in turn, as a template writes them: even arguments are text, odd ones values. */
  static RenderedText render(String... parts) {
    ShapeWriter out = new ShapeWriter();
    try {
      for (int i = 0; i < parts.length; i++) {
        if (i % 2 == 0) {
          out.write(parts[i]);
        } else {
          out.value(parts[i]);
        }
      }
    } catch (ShapeWriter.TooLong e) {
      throw new AssertionError("no test writes that much", e);
    }
    return out.rendered();
  }

  /** The packaged templates' layout: flow maps and lists, keys and values from data. */
  private static RenderedText object(String name, String labelKey, String labelValue, String arg) {
    return render("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ", name, ", labels: {", labelKey, ": ",
        labelValue, "}}\ndata:\n  list: [", arg, ", 3]\n  ", labelKey, ": ", arg, "\n");
  }

  /** Both ways give the same tree, or both refuse the text. */
  private static void assertSameAsReader(TemplateShapes shapes, RenderedText rendered) {
    Object expected;
    try {
      expected = CanonicalYaml.parse(rendered.text());
    } catch (IllegalArgumentException e) {
      assertThrows(IllegalArgumentException.class, () -> shapes.read(rendered), rendered.text());
      return;
    }
    assertEquals(expected, shapes.read(rendered).tree(), rendered.text());
  }

  @Test
  void textPutsEveryValueBackAsOneQuotedScalar() {
    RenderedText r = render("a: ", "x\"y", "\nb: [", "1", "]\n");
    assertEquals("a: \"x\\\"y\"\nb: [\"1\"]\n", r.text());
    assertEquals("a: \"¶0\"\nb: [\"¶1\"]\n", r.shape());
  }

  @Test
  void objectsOfOneShapeGetTheirOwnValues() {
    TemplateShapes shapes = new TemplateShapes();
    RenderedText first = object("a", "team", "x", "--seed=1");
    RenderedText second = object("b", "team", "y", "--seed=2");
    assertEquals(first.shape(), second.shape());
    assertSameAsReader(shapes, first);
    assertSameAsReader(shapes, second);
    @SuppressWarnings("unchecked")
    Map<String, Object> tree = (Map<String, Object>) shapes.read(second).tree();
    assertEquals(Map.of("name", "b", "labels", Map.of("team", "y")), tree.get("metadata"));
    assertEquals(List.of("--seed=2", 3), ((Map<?, ?>) tree.get("data")).get("list"));
  }

  @Test
  void valuesThatLookLikeYamlStayStrings() {
    TemplateShapes shapes = new TemplateShapes();
    for (String v : List.of("yes", "3", "~", "null", "a: b", "- x", "#c", "{x: 1}", "[1]", "*a", "&a", "!!int 3",
        "'q'", "\"", "\\", "line\nbreak", "tab\there", "", " ", "¶0", "¶", "\r\n")) {
      assertSameAsReader(shapes, object(v, "k", v, v));
    }
  }

  @Test
  void twoValuesMakingOneKeyAreRefusedAsTheReaderRefusesThem() {
    TemplateShapes shapes = new TemplateShapes();
    assertSameAsReader(shapes, object("a", "team", "x", "y"));
    RenderedText duplicate = object("a", "list", "x", "y");
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.parse(duplicate.text()));
    assertSameAsReader(shapes, duplicate);
  }

  @Test
  void keysTooLongForAReaderTakeThePlainPath() {
    TemplateShapes shapes = new TemplateShapes();
    assertSameAsReader(shapes, object("a", "k", "x", "y"));
    assertSameAsReader(shapes, object("a", "k".repeat(1200), "x", "y"));
    assertSameAsReader(shapes, object("a", "\"".repeat(600), "x", "y"));
  }

  @Test
  void placeholdersThatAreNotWholeScalarsTakeThePlainPath() {
    TemplateShapes shapes = new TemplateShapes();
    // In a comment, in a block scalar, inside a longer plain scalar, and a template that writes the mark.
    assertSameAsReader(shapes, render("a: 1 # ", "x", "\nb: ", "y", "\n"));
    assertSameAsReader(shapes, render("a: |\n  ", "x", "\nb: ", "y", "\n"));
    assertSameAsReader(shapes, render("a: pre-", "x", "\n"));
    assertSameAsReader(shapes, render("a: \"¶0\"\nb: # ", "x", "\n"));
    assertSameAsReader(shapes, render("a: \"¶1\"\nb: ", "x", "\nc: ", "y", "\n"));
    assertSameAsReader(shapes, render("a: [", "x", "\n"));
  }

  @Test
  void valuesWithEscapesOrLongTextTakeThePlainPath() {
    assertTrue(object("a", "k", "x", "y").fillable());
    assertTrue(object("a", "k", "line\nbreak \"q\" \\", "y").fillable());
    for (String v : List.of("\u0000", "\u0085", "\u2028", "\uFEFF", "😀", "\uD800", "x".repeat(999))) {
      assertEquals(false, object("a", "k", v, "y").fillable(), v);
      assertSameAsReader(new TemplateShapes(), object("a", "k", v, "y"));
    }
  }

  @Provide
  Arbitrary<String> values() {
    Arbitrary<String> piece = Arbitraries.frequencyOf(
        Tuple.of(6, Arbitraries.of(CanonicalYamlPropertyTest.FRAGMENTS)),
        Tuple.of(2, Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6)),
        Tuple.of(1, Arbitraries.of("¶", "¶0", "¶1", "¶12")),
        Tuple.of(1, Arbitraries.strings().ofMaxLength(3)));
    return piece.list().ofMaxSize(6).map(parts -> String.join("", parts));
  }

  @Property(tries = 1000)
  void anyValuesReadAsTheFullTextReads(@ForAll("values") String name, @ForAll("values") String key,
      @ForAll("values") String value, @ForAll("values") String arg) {
    TemplateShapes shapes = new TemplateShapes();
    assertSameAsReader(shapes, object("seen-before", "k", "v", "a"));
    assertSameAsReader(shapes, object(name, key, value, arg));
  }
}

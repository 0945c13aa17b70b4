package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/** Objects written by filling a shape's gaps are byte for byte what the emitter writes for them. */
class RenderPlanTest {

  /** A Job as the packaged template writes one: values as keys, values and list items, in flow style. */
  private static RenderedText job(String name, String labelKey, String labelValue, String arg, String env) {
    return TemplateShapesTest.render("apiVersion: batch/v1\nkind: Job\nmetadata: {name: ", name, ", labels: {",
        labelKey, ": ",
        labelValue, "}}\nspec:\n  backoffLimit: 0\n  template:\n    spec: {restartPolicy: Never, containers: "
            + "[{name: main, image: ", "img:1", ", args: [", arg, ", \"--fixed\"], env: [{name: SEED, value: ", env,
        "}]}]}\n");
  }

  /** What the plan writes, checked against the emitter; null when the plan leaves the object to it. */
  private static String viaPlan(RenderedText rendered, EmittedShapes proofs) {
    TemplateShapes.Parsed read = new TemplateShapes().read(rendered);
    assertNotNull(read.shape(), "filled from its shape");
    RenderPlan plan = read.shape().plan();
    assertNotNull(plan, "a plan for an ordinary shape");
    String written = plan.write(rendered.values(), proofs);
    if (written != null) {
      Map<String, Object> content = ObjectRenderer.canonicalOrder(ObjectRenderer.cast(read.tree()));
      assertEquals(BlockWriter.write(content), written, rendered.text());
    }
    return written;
  }

  @Test
  void sweepPointsAreWrittenThroughThePlan() {
    EmittedShapes proofs = new EmittedShapes();
    for (int seed = 0; seed < 5; seed++) {
      String yaml = viaPlan(job("run-" + seed, "team", "a", "--seed=" + seed, String.valueOf(seed)), proofs);
      assertNotNull(yaml);
    }
    assertEquals("""
        apiVersion: batch/v1
        kind: Job
        metadata:
          name: run-7
          labels:
            "yes": "no"
        spec:
          backoffLimit: 0
          template:
            spec:
              restartPolicy: Never
              containers:
              - name: main
                image: img:1
                args:
                - "--seed=7"
                - "--fixed"
                env:
                - name: SEED
                  value: "7"
        """, viaPlan(job("run-7", "yes", "no", "--seed=7", "7"), proofs));
  }

  @Test
  void valuesThePlanCannotWriteAreLeftToTheEmitter() {
    EmittedShapes proofs = new EmittedShapes();
    // No-break spaces are written as \_, so this key grows past the 1,000 characters of a simple key.
    assertNull(viaPlan(job("a", "\u00A0".repeat(600), "v", "x", "1"), proofs), "an explicit ? key");
    assertNull(viaPlan(job("a", "k", "two\nlines", "x", "1"), proofs), "a block scalar");
    assertNull(viaPlan(job("a", "k", "v", "tab\tthen\rreturn", "1"), proofs), "a line break of YAML 1.1");
  }

  @Test
  void aShapeWithAValueAsATopLevelKeyHasNoPlan() {
    RenderedText rendered = TemplateShapesTest.render("apiVersion: v1\n", "kind", ": Namespace\n");
    TemplateShapes.Parsed read = new TemplateShapes().read(rendered);
    assertNotNull(read.shape());
    assertNull(read.shape().plan());
    assertEquals(Map.of("apiVersion", "v1", "kind", "Namespace"), read.tree());
  }

  @Provide
  Arbitrary<String> values() {
    Arbitrary<String> piece = Arbitraries.frequencyOf(
        Tuple.of(6, Arbitraries.of(CanonicalYamlPropertyTest.FRAGMENTS)),
        Tuple.of(3, Arbitraries.strings().alpha().numeric().withChars("-./:").ofMinLength(1).ofMaxLength(12)),
        Tuple.of(1, Arbitraries.strings().ofMaxLength(3)));
    return piece.list().ofMaxSize(5).map(parts -> String.join("", parts));
  }

  @Property(tries = 1000)
  void thePlanWritesWhatTheEmitterWrites(@ForAll("values") String name, @ForAll("values") String key,
      @ForAll("values") String value, @ForAll("values") String arg, @ForAll("values") String env) {
    RenderedText rendered = job(name, key, value, arg, env);
    net.jqwik.api.Assume.that(rendered.fillable() && !List.of(key).contains(""));
    TemplateShapes.Parsed read;
    try {
      read = new TemplateShapes().read(rendered);
    } catch (IllegalArgumentException e) {
      return; // duplicate keys and the like: refused whole, as the reader refuses them
    }
    net.jqwik.api.Assume.that(read.shape() != null);
    EmittedShapes proofs = new EmittedShapes();
    viaPlan(job("seen-before", "k", "v", "a", "1"), proofs);
    viaPlan(rendered, proofs);
  }
}

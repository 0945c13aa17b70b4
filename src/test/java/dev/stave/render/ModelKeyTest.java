package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kubernetes.client.openapi.models.V1Job;
import io.kubernetes.client.openapi.models.V1Pod;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Objects share a round-trip key exactly when they differ only where the model copies text unchanged. */
class ModelKeyTest {
  private static final ModelKey KEYS = new ModelKey(new ModelShapes());

  private static String key(String yaml) {
    Map<String, Object> pod = ObjectVerifierTest.parse(yaml);
    return KEYS.of(pod, V1Pod.class);
  }

  private static String pod(String replace, String with) {
    assertTrue(ObjectVerifierTest.POD.contains(replace), replace);
    return ObjectVerifierTest.POD.replace(replace, with);
  }

  @Test
  void namesLabelsArgsAndEnvValuesAreLeftOut() {
    String base = key(ObjectVerifierTest.POD);
    assertEquals(base, key(pod("name: worker-0", "name: worker-1")));
    assertEquals(base, key(pod("app: worker", "app: trainer")));
    assertEquals(base, key(pod("app: worker", "tier: worker")));
    assertEquals(base, key(pod("args: [--rank, \"0\"]", "args: [--rank, \"7\"]")));
    assertEquals(base, key(pod("{name: RANK, value: \"0\"}", "{name: SEED, value: \"42\"}")));
  }

  @Test
  void quantitiesNumbersAndStructureStayIn() {
    String base = key(ObjectVerifierTest.POD);
    assertNotEquals(base, key(pod("cpu: 500m", "cpu: 250m")));
    assertNotEquals(base, key(pod("containerPort: 8080", "containerPort: 8081")));
    assertNotEquals(base, key(pod("periodSeconds: 5", "periodSeconds: 5.0")));
    assertNotEquals(base, key(pod("port: http}", "port: 8080}")));
    assertNotEquals(base, key(pod("sizeLimit: 10Gi", "sizeLimit: 10G")));
    assertNotEquals(base, key(pod("args: [--rank, \"0\"]", "args: [--rank]")));
    assertNotEquals(base, key(pod("nodeSelector: {pool: cpu}", "nodeSelector: {pool: cpu, zone: a}")));
  }

  @Test
  void aSoundObjectRememberedHidesNoProblemOfAnother() {
    ObjectVerifier verifier = new ObjectVerifier();
    assertEquals(List.of(), verifier.problems(ObjectVerifierTest.parse(ObjectVerifierTest.POD)));
    assertEquals(List.of(), verifier.problems(ObjectVerifierTest.parse(pod("name: worker-0", "name: worker-1"))));
    assertEquals(List.of("spec.containers[0].ports[0].containerPort: expected an integer, found string \"8080\""),
        verifier.problems(ObjectVerifierTest.parse(pod("containerPort: 8080", "containerPort: \"8080\""))));
    assertEquals(List.of("spec.containers[0].readinessProbe.periodSecond: unknown field (did you mean periodSeconds?)"),
        verifier.problems(ObjectVerifierTest.parse(pod("periodSeconds: 5}", "periodSeconds: 5, periodSecond: 5}"))));
    assertEquals(1, verifier.problems(ObjectVerifierTest.parse(pod("cpu: 500m", "cpu: \"0.5\""))).size());
    assertEquals(1, verifier.problems(ObjectVerifierTest.parse(pod("app: worker", "1: worker"))).size());
  }

  @Test
  void keysThatAreNotStringsHaveNoKey() {
    assertEquals(null, KEYS.of(ObjectVerifierTest.parse(pod("app: worker", "1: worker")), V1Pod.class));
  }

  // A Job as a template writes it, every value a placeholder: names, label keys and values, env and
  // port field names (written by stave_flow, so values too), a quantity, an int-or-string, args.
  private static final String JOB_SHAPE = """
      apiVersion: batch/v1
      kind: Job
      metadata: {name: "¶0", labels: {"¶1": "¶2", "¶3": "¶4"}}
      spec:
        backoffLimit: 0
        template:
          metadata: {labels: {"¶5": "¶6"}}
          spec: {restartPolicy: Never, containers: [{name: "¶7", image: "¶8", args: ["¶9", "¶10"],
            env: [{"¶11": "¶12", "¶13": "¶14"}], ports: [{"¶15": "¶16", "¶17": 7000}],
            resources: {"¶18": {"¶19": "¶20"}}}]}
      """;

  private static final String[] POOL = {"name", "value", "containerPort", "protocol", "requests", "limits",
      "cpu", "memory", "500m", "0.5", "1", "8080", "http", "true", "", "x", "app", "worker", "a:b", "nme", "TCP",
      "2Gi", "valueFrom", "\"quoted\""};

  private static TemplateShapes.Shape jobShape() {
    String[] placeholders = new String[21];
    int[] offsets = new int[21];
    for (int i = 0; i < 21; i++) {
      placeholders[i] = "x";
      offsets[i] = JOB_SHAPE.indexOf(RenderedText.placeholder(i));
      assertTrue(offsets[i] >= 0, "placeholder " + i);
    }
    TemplateShapes.Shape shape = TemplateShapes.Shape.of(new RenderedText(JOB_SHAPE, placeholders, offsets));
    assertTrue(shape.canonical() != null);
    return shape;
  }

  /** The shape's key, filled in, is the key of the object the shape makes with those values. */
  @Property(tries = 3000)
  void aShapesKeyTemplateGivesEachObjectsKey(@ForAll("jobValues") String[] first,
      @ForAll("jobValues") String[] values) {
    TemplateShapes.Shape shape = jobShape();
    ModelKey.Template template = KEYS.template(shape.canonical(), V1Job.class, first);
    Object tree = shape.fill(values);
    assertEquals(tree != null, shape.keysDistinct(values));
    Assume.that(tree != null && template != null);
    String filled = template.fill(values);
    String expected = KEYS.of(ObjectRenderer.canonicalOrder(ObjectRenderer.cast(tree)), V1Job.class);
    if (filled != null) {
      assertEquals(expected, filled);
    }
    // Values that name the same fields as the first object's always fill.
    String[] sameFields = values.clone();
    for (int i : template.fieldHoles()) {
      sameFields[i] = first[i];
    }
    Object sameTree = shape.fill(sameFields);
    if (sameTree != null) {
      assertEquals(KEYS.of(ObjectRenderer.canonicalOrder(ObjectRenderer.cast(sameTree)), V1Job.class),
          template.fill(sameFields));
    }
  }

  @Provide
  Arbitrary<String[]> jobValues() {
    return Arbitraries.of(POOL).array(String[].class).ofSize(21);
  }

  @Test
  void fieldNamesFromValuesAreConditionsOfTheTemplate() {
    TemplateShapes.Shape shape = jobShape();
    String[] values = {"job", "app", "w", "tier", "t", "app", "w", "main", "img", "--seed", "1", "name", "SEED",
        "value", "1", "name", "params", "containerPort", "requests", "cpu", "500m"};
    ModelKey.Template template = KEYS.template(shape.canonical(), V1Job.class, values);
    // env and port field names are conditions; a resources map (cpu) is free, like labels.
    assertEquals(List.of(11, 13, 15, 17, 18), java.util.Arrays.stream(template.fieldHoles()).boxed().toList());
    String key = template.fill(values);
    assertEquals(KEYS.of(ObjectRenderer.canonicalOrder(ObjectRenderer.cast(shape.fill(values))), V1Job.class), key);
    String[] otherPoint = values.clone();
    otherPoint[0] = "job-2";
    otherPoint[10] = "2";
    otherPoint[14] = "2";
    assertEquals(key, template.fill(otherPoint));
    String[] otherCpu = values.clone();
    otherCpu[20] = "250m";
    assertNotEquals(key, template.fill(otherCpu));
    String[] otherField = values.clone();
    otherField[13] = "valueFrom";
    assertEquals(null, template.fill(otherField));
  }
}

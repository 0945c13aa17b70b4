package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kubernetes.client.openapi.models.V1Pod;
import java.util.List;
import java.util.Map;
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
}

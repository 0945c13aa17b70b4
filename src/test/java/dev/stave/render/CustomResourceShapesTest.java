package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CustomResourceShapesTest {
  private final CustomResourceShapes shapes = new CustomResourceShapes(new ObjectVerifier());

  private static Map<String, Object> object(String kind, Object spec) {
    return Map.of("apiVersion", "kubernetes.dask.org/v1", "kind", kind,
        "metadata", Map.of("name", "b", "namespace", "n"), "spec", spec);
  }

  private static Map<String, Object> pod(String image) {
    return Map.of("containers", List.of(Map.of("name", "c", "image", image)));
  }

  @Test
  void handlesOnlyTheDaskKinds() {
    assertTrue(CustomResourceShapes.handles("kubernetes.dask.org/v1", "DaskJob"));
    assertEquals(false, CustomResourceShapes.handles("kubernetes.dask.org/v1", "Pod"));
    assertEquals(false, CustomResourceShapes.handles("v1", "DaskJob"));
  }

  @Test
  void acceptsASoundDaskJob() {
    Map<String, Object> cluster = Map.of("worker", Map.of("replicas", 2L, "spec", pod("i")),
        "scheduler", Map.of("spec", pod("i"), "service", Map.of("type", "ClusterIP")));
    assertEquals(List.of(), shapes.problems(object("DaskJob",
        Map.of("job", Map.of("spec", pod("i")), "cluster", Map.of("spec", cluster)))));
  }

  @Test
  void reportsUnknownAndMissingFieldsWithTheirPaths() {
    Map<String, Object> cluster = Map.of("worker", Map.of("replicas", "two", "spec",
        Map.of("containers", List.of(Map.of("name", "c", "image", "i", "imagePull", "x")))),
        "scheduler", Map.of("spec", pod("i")));
    assertEquals(List.of(
        "spec.jobs: unknown field",
        "spec.job: required field missing",
        "spec.cluster.spec.worker.replicas: expected an integer",
        "spec.cluster.spec.worker.spec.containers[0].imagePull: unknown field",
        "spec.cluster.spec.scheduler.service: required field missing"),
        shapes.problems(object("DaskJob", Map.of("cluster", Map.of("spec", cluster), "jobs", Map.of()))).stream()
            .map(p -> p.replaceAll(" \\(.*", "")).toList());
  }

  @Test
  void checksTheAutoscaler() {
    assertEquals(List.of("spec.cluster: required field missing", "spec.maximum: expected an integer"),
        shapes.problems(object("DaskAutoscaler", Map.of("minimum", 1L, "maximum", "8"))));
  }
}

package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.bundle.KindOrder;
import dev.stave.render.CanonicalYaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code stave compile --gitops argo}: each object's Argo CD sync wave is its file name's rank. */
class SyncWavesTest {
  @Test
  void everyObjectCarriesTheRankOfItsKind() {
    Run run = Run.of("compile", "examples/cheetah-ppo.conf", "-o", "-", "--gitops", "argo");
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of("Namespace 1", "Service 23", "Service 23", "Service 23", "Deployment 28", "Job 31",
        "Job 31"), waves(run.out()));
  }

  /** Apart from the wave, each object is what a compile without the option writes, annotations and all. */
  @SuppressWarnings("unchecked")
  @ParameterizedTest
  @ValueSource(strings = {"examples/lr-seed-grid.yaml", "examples/mars-tuned.conf",
      "examples/benchmarks/deepecho-operator.conf"})
  void theWaveJoinsTheAnnotationsStaveSetsAlready(String example) {
    Run plain = Run.of("compile", example, "-o", "-");
    Run argo = Run.of("compile", example, "-o", "-", "--gitops", "argo");
    assertEquals(0, plain.code(), plain.err());
    assertEquals(0, argo.code(), argo.err());
    List<Map<String, Object>> expected = objects(plain.out());
    List<Map<String, Object>> actual = objects(argo.out());
    assertEquals(expected.size(), actual.size());
    for (int i = 0; i < expected.size(); i++) {
      Map<String, Object> o = expected.get(i);
      Map<String, Object> annotations = new TreeMap<>();
      annotations(o).forEach((k, v) -> annotations.put((String) k, v));
      annotations.put("argocd.argoproj.io/sync-wave", String.valueOf(KindOrder.rank((String) o.get("kind"))));
      ((Map<String, Object>) o.get("metadata")).put("annotations", annotations);
      assertEquals(o, actual.get(i));
    }
    assertTrue(argo.out().contains("stave.dev/sweep-point") == example.contains("grid"), "a sweep's own annotation");
  }

  @Test
  void withoutTheOptionNothingChanges() {
    Run plain = Run.of("compile", "examples/cheetah-ppo.conf", "-o", "-");
    assertEquals(0, plain.code(), plain.err());
    assertTrue(!plain.out().contains("sync-wave"), plain.out());
  }

  @Test
  void anUnknownToolIsAUsageError() {
    Run run = Run.of("compile", "examples/cheetah-ppo.conf", "-o", "-", "--gitops", "flux");
    assertEquals(Main.USAGE, run.code());
    assertTrue(run.err().contains("--gitops"), run.err());
    assertTrue(run.err().contains("argo"), run.err());
    assertEquals("", run.out());
  }

  private static List<String> waves(String stream) {
    List<String> waves = new ArrayList<>();
    for (Map<String, Object> o : objects(stream)) {
      waves.add(o.get("kind") + " " + annotations(o).get("argocd.argoproj.io/sync-wave"));
    }
    return waves;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> objects(String stream) {
    List<Map<String, Object>> objects = new ArrayList<>();
    for (String doc : stream.split("(?m)^---\n")) {
      if (!doc.isBlank()) {
        objects.add((Map<String, Object>) CanonicalYaml.parse(doc));
      }
    }
    return objects;
  }

  private static Map<?, ?> annotations(Map<String, Object> o) {
    Object annotations = ((Map<?, ?>) o.get("metadata")).get("annotations");
    return annotations instanceof Map<?, ?> map ? map : Map.of();
  }
}

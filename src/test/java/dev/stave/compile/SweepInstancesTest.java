package dev.stave.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.config.ConfigLoader;
import dev.stave.config.Env;
import dev.stave.diag.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sweep's objects are made when asked for, the same every time, in the order of the bundle. */
class SweepInstancesTest {
  @TempDir
  Path dir;

  private Compiled compile(String yaml) throws IOException {
    Path file = dir.resolve("sweep.yaml");
    Files.writeString(file, yaml);
    ConfigLoader loader = new ConfigLoader(new Env(Map.of(), dir.toString()), new Sources());
    Compiled compiled = new ExperimentKind().compile(loader.load(file), CompileOptions.defaults().withLoader(loader));
    assertFalse(compiled.failed(), compiled.diagnostics().toString());
    return compiled;
  }

  @Test
  void objectsAreMadeOnDemandAndEqualEachTime() throws IOException {
    Compiled compiled = compile("""
        kind: experiment
        name: sw
        project: lab
        image: img:1
        sweep: {grid: {seed: [1, 2, 3]}}
        processes: {train: {command: [python], args: ["--seed={{seed}}"], binds: [params]}}
        """);
    List<PlannedObject> objects = compiled.objects();
    assertTrue(Sweep.madeOnDemand(objects), "Compiled keeps the sweep's list instead of copying it");
    // The Namespace is shared; then each point's Service and Job, in the order the processes made them.
    assertEquals(7, objects.size());
    List<String> kinds = new ArrayList<>();
    objects.forEach(o -> kinds.add(o.kind()));
    assertEquals(List.of("Namespace", "Service", "Job", "Service", "Job", "Service", "Job"), kinds);
    for (int i = 0; i < objects.size(); i++) {
      PlannedObject once = objects.get(i);
      PlannedObject twice = objects.get(i);
      assertEquals(once, twice);
      if (i > 0) {
        assertNotSame(once.data(), twice.data(), "each caller gets its own data to render");
      }
    }
    assertEquals(List.of("--seed=2"), args(objects.get(4)));
    assertThrows(IndexOutOfBoundsException.class, () -> objects.get(7));
    assertThrows(UnsupportedOperationException.class, () -> objects.add(objects.get(0)));
  }

  @Test
  void theFirstPointHasTheOverridesOfEveryPoint() throws IOException {
    Compiled compiled = compile("""
        kind: experiment
        name: sw
        project: lab
        image: img:1
        sweep: {grid: {seed: [1, 2, 3]}}
        processes:
          train:
            command: [python]
            args: ["--seed={{seed}}"]
            overrides: {container: {securityContext: {runAsNonRoot: true}}}
        """);
    List<PlannedObject> first = compiled.firstPoint();
    assertEquals(compiled.objects().subList(0, 2), first, "the Namespace and the first point's Job");
    assertEquals(List.of("--seed=1"), args(first.get(1)));
    assertEquals(1, first.get(1).overrides().size());
    for (PlannedObject job : compiled.objects().subList(1, 4)) {
      assertEquals(first.get(1).overrides(), job.overrides());
    }
  }

  @Test
  void theFirstPointOfNoSweepIsEveryObject() throws IOException {
    Compiled compiled = compile("""
        kind: experiment
        name: one
        project: lab
        image: img:1
        processes: {train: {command: [python], binds: [params]}}
        """);
    assertEquals(3, compiled.objects().size());
    assertSame(compiled.objects(), compiled.firstPoint());
  }

  @SuppressWarnings("unchecked")
  private static List<String> args(PlannedObject job) {
    Map<String, Object> pod = (Map<String, Object>) job.data().get("pod");
    return (List<String>) ((List<Map<String, Object>>) pod.get("containers")).get(0).get("args");
  }
}

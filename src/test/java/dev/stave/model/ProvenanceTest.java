package dev.stave.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.config.ConfigFile;
import dev.stave.config.ConfigLoader;
import dev.stave.config.Env;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Sources;
import dev.stave.model.Provenance.From;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which value came from the context and which from the experiment, for {@code stave plan}. */
class ProvenanceTest {
  @TempDir
  Path dir;

  private ConfigFile load(String name, String text) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, text);
    return new ConfigLoader(new Env(Map.of(), "/home/user"), new Sources()).load(file);
  }

  @Test
  void everyMergedValueNamesItsSource() throws IOException {
    ConfigFile contexts = load("contexts.conf", """
        kind = contexts
        contexts {
          "gke.sandbox" {
            namespace = sandbox
            registry_url = "https://gcr.io/acme/"
            resources = "cpu=4 mem=8G"
            storage = /storage
            default_pvc_size = 100G
            neptune { api_token_secret = "tokens/neptune" }
            labels { owner = robotics, team = ctx }
          }
        }
        """);
    ConfigFile experiment = load("exp.conf", """
        kind = experiment
        name = run1
        project = "ws/proj"
        resources = "cpu=2"
        labels { team = rl }
        processes { main { command = [x] } }
        """);
    ContextDef context = ContextsReader.read(contexts).contexts().get("gke.sandbox");
    List<Diagnostic> problems = new ArrayList<>();
    ContextDefaults defaults = ContextDefaults.of(experiment, context, problems);
    assertEquals(List.of(), problems);
    Provenance p = defaults.provenance();
    assertEquals(List.of("labels.owner", "labels.team", "namespace", "neptune.api_token_secret", "neptune.project",
        "registry_url", "resources.cpu", "resources.memory", "storage.mount", "storage.size"),
        p.entries().stream().map(Provenance.Entry::key).toList());
    assertEntry(p, "namespace", "ws/proj", From.EXPERIMENT, null, 3);
    assertEntry(p, "registry_url", "gcr.io/acme", From.CONTEXT, "gke.sandbox", 5);
    assertEntry(p, "resources.cpu", "2", From.EXPERIMENT, null, 4);
    assertEntry(p, "resources.memory", "8Gi", From.CONTEXT, "gke.sandbox", 6);
    assertEntry(p, "storage.mount", "/storage", From.CONTEXT, "gke.sandbox", 7);
    assertEntry(p, "storage.size", "100Gi", From.CONTEXT, "gke.sandbox", 8);
    assertEntry(p, "neptune.project", "ws/proj", From.EXPERIMENT, null, 3);
    assertEntry(p, "neptune.api_token_secret", "tokens/neptune", From.CONTEXT, "gke.sandbox", 9);
    assertEntry(p, "labels.owner", "robotics", From.CONTEXT, "gke.sandbox", 10);
    assertEntry(p, "labels.team", "rl", From.EXPERIMENT, null, 5);
    assertEquals("gcr.io/acme/img:1", defaults.image("img:1"));
    assertEquals("localhost:5000/img:1", defaults.image("localhost:5000/img:1"));
    // An image that names its registry is never prefixed; a bare Docker Hub name is, as documented.
    for (String named : List.of("gcr.io/other/x:1", "localhost/x:1", "registry:5000/x:1",
        "docker.io/library/python:3")) {
      assertEquals(named, defaults.image(named));
    }
    assertEquals("gcr.io/acme/python:3", defaults.image("python:3"));
    assertEquals(Map.of("cpu", "2", "memory", "8Gi"), defaults.resources());
  }

  @Test
  void withoutAContextEverythingIsTheExperimentsOrTheDefault() throws IOException {
    ConfigFile experiment = load("exp.yaml", """
        kind: experiment
        name: run1
        storage: {mount: /data}
        processes: {main: {command: [x]}}
        """);
    List<Diagnostic> problems = new ArrayList<>();
    Provenance p = ContextDefaults.of(experiment, null, problems).provenance();
    assertEquals(List.of(), problems);
    assertEntry(p, "namespace", "run1", From.DEFAULT, null, 0);
    assertEntry(p, "storage.mount", "/data", From.EXPERIMENT, null, 3);
    assertEntry(p, "storage.size", "40Gi", From.DEFAULT, null, 0);
    assertTrue(p.get("registry_url").isEmpty());
  }

  private static void assertEntry(Provenance p, String key, String value, From from, String context, int line) {
    Provenance.Entry e = p.get(key).orElseThrow(() -> new AssertionError("no " + key + " in " + p));
    assertEquals(value, e.value(), key);
    assertEquals(from, e.from(), key);
    assertEquals(context, e.context(), key);
    assertEquals(line, e.origin() == null ? 0 : e.origin().line(), key);
  }
}

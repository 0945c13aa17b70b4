package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stave diff A B} between bundle folders and {@code stave compile --check}. */
class DiffAndCheckTest {
  private static final String CONFIG = "examples/cheetah-ppo.yaml";

  @TempDir
  Path tmp;

  private Path compile(String folder) {
    Run run = Run.of("compile", CONFIG, "-o", tmp.resolve(folder).toString());
    assertEquals(0, run.code(), run.err());
    return tmp.resolve(folder).resolve("cheetah-ppo");
  }

  private static Map<String, String> snapshot(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      java.util.TreeMap<String, String> out = new java.util.TreeMap<>();
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        out.put(dir.relativize(f).toString(), Files.readString(f));
      }
      return out;
    }
  }

  @Test
  void checkPassesWhenTheBundleOnDiskIsCurrentAndWritesNothing() throws IOException {
    compile("out");
    Map<String, String> before = snapshot(tmp.resolve("out"));
    Run run = Run.of("compile", CONFIG, "-o", tmp.resolve("out").toString(), "--check");
    assertEquals(0, run.code(), run.err());
    assertEquals("", run.out());
    assertEquals(before, snapshot(tmp.resolve("out")));
  }

  @Test
  void checkListsAddedRemovedAndChangedFilesAndExits3() throws IOException {
    Path bundle = compile("out");
    Path deployment = bundle.resolve("28-deployment-cheetah-ppo-tensorboard.yaml");
    Files.writeString(deployment, Files.readString(deployment).replace("replicas: 1", "replicas: 2"));
    Files.delete(bundle.resolve("31-job-cheetah-ppo-agent.yaml"));
    Files.writeString(bundle.resolve("99-stale.yaml"), "kind: Stale\n");
    Map<String, String> before = snapshot(tmp.resolve("out"));
    Run run = Run.of("compile", CONFIG, "-o", tmp.resolve("out").toString(), "--check");
    assertEquals(3, run.code(), run.err());
    String dir = tmp.resolve("out").resolve("cheetah-ppo").toString().replace('\\', '/');
    assertEquals("changed " + dir + "/28-deployment-cheetah-ppo-tensorboard.yaml\n"
        + "added " + dir + "/31-job-cheetah-ppo-agent.yaml\n"
        + "removed " + dir + "/99-stale.yaml\n", run.out());
    assertTrue(run.err().startsWith("stave: 3 files differ"), run.err());
    assertEquals(before, snapshot(tmp.resolve("out")));
  }

  @Test
  void checkOfAnEmptyFolderAddsEveryFileAndCreatesNothing() {
    Run run = Run.of("compile", CONFIG, "-o", tmp.resolve("empty").toString(), "--check");
    assertEquals(3, run.code());
    assertEquals(8, run.out().lines().filter(l -> l.startsWith("added ")).count(), run.out());
    assertFalse(Files.exists(tmp.resolve("empty")));
  }

  @Test
  void checkWithStandardOutputIsAUsageError() {
    assertEquals(2, Run.of("compile", CONFIG, "-o", "-", "--check").code());
  }

  @Test
  void identicalBundlesHaveNoDifferences() {
    Run run = Run.of("diff", compile("a").toString(), compile("b").toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("no differences\n", run.out());
  }

  @Test
  void diffShowsFieldPathsWithOldAndNewValues() throws IOException {
    Path a = compile("a");
    Path b = compile("b");
    Path deployment = b.resolve("28-deployment-cheetah-ppo-tensorboard.yaml");
    Files.writeString(deployment, Files.readString(deployment).replace("replicas: 1", "replicas: 2")
        .replaceFirst("\n    team: rl\n", "\n    team: rl\n    tier: gold\n"));
    Files.delete(b.resolve("23-service-cheetah-ppo-replay-server.yaml"));
    Run run = Run.of("diff", a.toString(), b.toString());
    assertEquals(3, run.code(), run.err());
    assertEquals("""
        - Service surreal/cheetah-ppo-replay-server (removed)
        ~ Deployment surreal/cheetah-ppo-tensorboard (changed)
            metadata.labels.tier: (absent) → "gold"
            spec.replicas: 1 → 2
        2 objects differ: 0 added, 1 removed, 1 changed
        """, run.out());
    Run markdown = Run.of("diff", a.toString(), b.toString(), "--format", "markdown");
    assertEquals(3, markdown.code());
    assertEquals("""
        ### stave diff: 2 objects differ: 0 added, 1 removed, 1 changed

        | | object | field | before | after |
        |---|---|---|---|---|
        | removed | `Service surreal/cheetah-ppo-replay-server` | | | |
        | changed | `Deployment surreal/cheetah-ppo-tensorboard` | `metadata.labels.tier` | `(absent)` | `"gold"` |
        | changed | `Deployment surreal/cheetah-ppo-tensorboard` | `spec.replicas` | `1` | `2` |
        """, markdown.out());
  }

  @Test
  void secretValuesNeverShow() throws IOException {
    Path a = tmp.resolve("sa");
    Path b = tmp.resolve("sb");
    Files.createDirectories(a);
    Files.createDirectories(b);
    String secret = """
        apiVersion: v1
        kind: Secret
        metadata:
          name: creds
          namespace: surreal
        type: Opaque
        data:
          token: %s
        stringData:
          %s
        """;
    Files.writeString(a.resolve("08-secret-creds.yaml"), secret.formatted("b2xkLXRva2Vu", "{}"));
    Files.writeString(b.resolve("08-secret-creds.yaml"), secret.formatted("bmV3LXRva2Vu", "password: hunter2"));
    Run run = Run.of("diff", a.toString(), b.toString());
    assertEquals(3, run.code(), run.err());
    assertEquals("""
        ~ Secret surreal/creds (changed)
            data.token: (secret value hidden) → (secret value hidden)
            stringData.password: (absent) → (secret value hidden)
        1 object differs: 0 added, 0 removed, 1 changed
        """, run.out());
    for (String leak : List.of("b2xkLXRva2Vu", "bmV3LXRva2Vu", "hunter2")) {
      assertFalse(run.out().contains(leak) || run.err().contains(leak), leak);
    }
  }

  @Test
  void aFolderWithAFileThatIsNotAnObjectIsInvalidInput() throws IOException {
    Path a = compile("a");
    Path b = compile("b");
    Files.writeString(b.resolve("50-list.yaml"), "- not\n- an object\n");
    Run run = Run.of("diff", a.toString(), b.toString());
    assertEquals(1, run.code());
    assertTrue(run.err().contains(b.resolve("50-list.yaml") + " is not a Kubernetes object"), run.err());
  }

  @Test
  void diffNeedsTwoBundlesOrOneWithCluster() {
    assertEquals(2, Run.of("diff", compile("a").toString()).code());
  }
}

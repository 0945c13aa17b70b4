package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** kustomize is a real consumer of bundles: it must accept them and keep stave's order. */
class KustomizeTest {
  @TempDir
  Path out;

  @Test
  void kubectlKustomizeAcceptsTheBundleInOrder() throws Exception {
    Path kubectl = onPath("kubectl");
    assumeTrue(kubectl != null, "kubectl is not on the PATH");
    Run run = Run.of("compile", "examples/cheetah-ppo.conf", "-o", out.toString());
    assertEquals(0, run.code(), run.err());
    Run kustomize = Run.finish(new ProcessBuilder(kubectl.toString(), "kustomize",
        out.resolve("cheetah-ppo").toString()).redirectErrorStream(true).start(), "kubectl kustomize");
    String output = kustomize.out();
    assertEquals(0, kustomize.code(), output);
    List<String> kinds = new ArrayList<>();
    for (String line : output.split("\n")) {
      if (line.startsWith("kind: ")) {
        kinds.add(line.substring(6));
      }
    }
    assertEquals(List.of("Namespace", "Service", "Service", "Service", "Deployment", "Job", "Job"), kinds);
  }

  /**
   * {@code kubectl apply -f BUNDLE/} reads every {@code .yaml}, {@code .yml} and {@code .json} file of
   * the folder as objects to apply, and fails on a kustomization there ("no matches for kind
   * Kustomization"); so those files must be exactly the objects the kustomization lists.
   */
  @Test
  void kubectlApplyOnTheFolderReadsOnlyTheObjects() throws Exception {
    Run run = Run.of("compile", "examples/cheetah-ppo.conf", "-o", out.toString());
    assertEquals(0, run.code(), run.err());
    Path bundle = out.resolve("cheetah-ppo");
    List<String> read;
    try (Stream<Path> files = Files.list(bundle)) {
      read = files.map(f -> f.getFileName().toString())
          .filter(f -> f.endsWith(".yaml") || f.endsWith(".yml") || f.endsWith(".json"))
          .sorted().toList();
    }
    List<String> listed = Files.readAllLines(bundle.resolve("Kustomization")).stream()
        .filter(line -> line.startsWith("- ")).map(line -> line.substring(2)).toList();
    assertEquals(listed, read);
    assertEquals(7, read.size(), read.toString());
  }

  static Path onPath(String name) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path candidate = Path.of(dir, name);
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}

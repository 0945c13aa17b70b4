package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compile that fails while rendering (after other configs rendered fine, on all cores) leaves the
 * output folder as it was, and a good one replaces a bundle whole.
 */
class AtomicWriteTest {
  @TempDir
  Path tmp;

  /** A sweep large enough to be rendered on all cores. */
  private Path sweep(String name, int points, String image) throws IOException {
    StringBuilder seeds = new StringBuilder();
    for (int i = 1; i <= points; i++) {
      seeds.append(i == 1 ? "" : ", ").append(i);
    }
    Path file = tmp.resolve(name + ".yaml");
    Files.writeString(file, """
        kind: experiment
        name: %s
        image: %s
        sweep: {grid: {seed: [%s]}}
        processes: {train: {command: [python, train.py], args: ["{{seed}}"]}}
        """.formatted(name, image, seeds));
    return file;
  }

  /** Fails only when rendering: the override is checked against the Kubernetes model then. */
  private Path failsWhileRendering() throws IOException {
    Path file = tmp.resolve("bad.yaml");
    Files.writeString(file, """
        kind: experiment
        name: bad
        image: img:1
        processes:
          train:
            command: [run]
            overrides: {container: {notAField: 1}}
        """);
    return file;
  }

  private static Map<String, String> contents(Path dir) throws IOException {
    Map<String, String> all = new TreeMap<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        all.put(dir.relativize(p).toString(), Files.readString(p));
      }
    }
    return all;
  }

  @Test
  void aFailureWhileRenderingLeavesNoFolderBehind() throws IOException {
    Path out = tmp.resolve("out/new");
    Run run = Run.of("compile", sweep("good", 100, "img:1").toString(), failsWhileRendering().toString(),
        "-o", out.toString());
    assertEquals(1, run.code(), run.err());
    assertTrue(run.err().contains("the override makes an invalid Job"), run.err());
    assertFalse(Files.exists(out));
    try (Stream<Path> files = Files.list(tmp)) {
      assertEquals(List.of("bad.yaml", "good.yaml"), files.map(p -> p.getFileName().toString()).sorted().toList(),
          "no output folder was made");
    }
  }

  @Test
  void aFailureWhileRenderingLeavesTheBundleOnDiskAsItWas() throws IOException {
    Path out = tmp.resolve("out");
    assertEquals(0, Run.of("compile", sweep("good", 100, "img:1").toString(), "-o", out.toString()).code());
    Map<String, String> before = contents(out);
    assertEquals(102, before.size(), "100 Jobs, the Namespace and the kustomization");
    Run run = Run.of("compile", sweep("good", 120, "img:2").toString(), failsWhileRendering().toString(),
        "-o", out.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(before, contents(out), "no file changed, none added, no staging folder left");
  }

  @Test
  void aGoodCompileReplacesTheBundleWhole() throws IOException {
    Path out = tmp.resolve("out");
    assertEquals(0, Run.of("compile", sweep("good", 100, "img:1").toString(), "-o", out.toString()).code());
    Run run = Run.of("compile", sweep("good", 70, "img:2").toString(), "-o", out.toString());
    assertEquals(0, run.code(), run.err());
    Map<String, String> after = contents(out);
    assertEquals(72, after.size(), after.keySet().toString());
    assertTrue(after.values().stream().filter(t -> t.contains("kind: Job")).allMatch(t -> t.contains("image: img:2")));
    try (Stream<Path> files = Files.list(out)) {
      assertEquals(List.of("good"), files.map(p -> p.getFileName().toString()).toList(), "no staging folder left");
    }
  }
}

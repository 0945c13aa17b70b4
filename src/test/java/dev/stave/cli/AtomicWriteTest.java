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

  /** What is where a bundle goes is replaced only if it is a bundle: never a folder of configs, a file or a link. */
  @Test
  void whatIsNotABundleIsNeverReplaced() throws IOException {
    Path project = tmp.resolve("project");
    Path config = sweep("demo", 1, "img:1");
    Files.createDirectories(project.resolve("demo"));
    Path own = Files.copy(config, project.resolve("demo/a.yaml"));
    Files.writeString(project.resolve("demo/notes.txt"), "notes");
    Run run = Run.of("compile", own.toString(), "-o", project.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(project.resolve("demo") + ":1:1: error: " + project.resolve("demo") + " is a folder that stave did"
        + " not write (it has no kustomization of stave's); compiling would replace it with the bundle\n"
        + "  = hint: write the bundles elsewhere with -o DIR, or move it away\n", run.err());
    assertEquals(Map.of("demo/a.yaml", Files.readString(config), "demo/notes.txt", "notes"), contents(project));
    try (Stream<Path> files = Files.list(project)) {
      assertEquals(List.of("demo"), files.map(p -> p.getFileName().toString()).toList(), "nothing staged");
    }

    Path file = tmp.resolve("file-out");
    Files.createDirectories(file);
    Files.writeString(file.resolve("demo"), "password: hunter2-and-more");
    Run onFile = Run.of("compile", config.toString(), "-o", file.toString());
    assertEquals(1, onFile.code(), onFile.err());
    assertTrue(onFile.err().contains("is a file; compiling would replace it"), onFile.err());
    assertFalse(onFile.err().contains("hunter2"), "a file stave did not read is never quoted: " + onFile.err());
    assertEquals("password: hunter2-and-more", Files.readString(file.resolve("demo")));

    Path linked = tmp.resolve("link-out");
    Files.createDirectories(linked);
    Files.createSymbolicLink(linked.resolve("demo"), project.resolve("demo"));
    Run onLink = Run.of("compile", config.toString(), "-o", linked.toString());
    assertEquals(1, onLink.code(), onLink.err());
    assertTrue(onLink.err().contains("is a symbolic link; compiling would replace it"), onLink.err());
    assertTrue(Files.isSymbolicLink(linked.resolve("demo")));
  }

  /** A file of the user's with the name of the folder a bundle is staged in is neither deleted nor quoted. */
  @Test
  void aFileWhereABundleIsStagedIsNeverDeletedNorQuoted() throws IOException {
    Path out = tmp.resolve("out");
    Files.createDirectories(out);
    Files.writeString(out.resolve(".demo.stave-new"), "password: hunter2-and-more");
    Run run = Run.of("compile", sweep("demo", 1, "img:1").toString(), "-o", out.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(out.resolve("demo") + ":1:1: error: " + out.resolve(".demo.stave-new") + " is a file; compiling"
        + " uses that name for a bundle being written, and would delete it\n"
        + "  = hint: move it away, or write the bundles elsewhere with -o DIR\n", run.err());
    assertEquals("password: hunter2-and-more", Files.readString(out.resolve(".demo.stave-new")));
  }

  /** An empty folder, and a bundle of an older stave (its kustomization named kustomization.yaml), are replaced. */
  @Test
  void emptyFoldersAndOlderBundlesAreReplaced() throws IOException {
    Path config = sweep("demo", 1, "img:1");
    Path out = tmp.resolve("out");
    Files.createDirectories(out.resolve("demo"));
    assertEquals(0, Run.of("compile", config.toString(), "-o", out.toString()).code());
    Path kustomization = out.resolve("demo/Kustomization");
    Files.move(kustomization, out.resolve("demo/kustomization.yaml"));
    Files.writeString(out.resolve("demo/31-job-demo-old.yaml"), "kind: Job\n");
    Files.writeString(out.resolve("demo/notes.txt"), "what is added to a bundle goes with it");
    Run again = Run.of("compile", config.toString(), "-o", out.toString());
    assertEquals(0, again.code(), again.err());
    assertTrue(Files.exists(kustomization));
    assertFalse(Files.exists(out.resolve("demo/kustomization.yaml")));
    assertFalse(Files.exists(out.resolve("demo/31-job-demo-old.yaml")));
    assertFalse(Files.exists(out.resolve("demo/notes.txt")));

    // A kustomize project of one's own with the bundle's name is not stave's to replace.
    Files.writeString(out.resolve("demo/Kustomization"), "resources: [deployment.yaml]\n");
    Run mine = Run.of("compile", config.toString(), "-o", out.toString());
    assertEquals(1, mine.code(), mine.err());
    assertEquals("resources: [deployment.yaml]\n", Files.readString(out.resolve("demo/Kustomization")));
  }

  @Test
  void anEmptyOutputIsAUsageError() throws IOException {
    Run run = Run.of("compile", sweep("demo", 1, "img:1").toString(), "-o", "");
    assertEquals(Main.USAGE, run.code(), run.err());
    assertEquals("stave: -o needs a folder, or '-' for standard output\nTry 'stave compile --help' for more"
        + " information.\n", run.err());
  }
}

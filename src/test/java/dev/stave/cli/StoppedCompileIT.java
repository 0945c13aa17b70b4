package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compile of several configs that SIGTERM stops as it swaps the bundles into place leaves every bundle
 * old, or (stopped once all were in place) every bundle new: never some of each. Where the signal lands
 * is up to the machine (with 300 bundles, most often among the swaps); what is left must hold
 * wherever it does.
 */
class StoppedCompileIT {
  private static final Path JAR = Path.of(System.getProperty("stave.jar", "target/stave.jar"));
  private static final int CONFIGS = 300;

  @TempDir
  Path tmp;

  @Test
  void sigtermWhileSwappingLeavesAllBundlesOldOrAllNew() throws Exception {
    List<String> oldConfigs = configs("img:1");
    Path out = tmp.resolve("out");
    assertEquals(0, Run.of(args(oldConfigs, out)).code());
    Map<String, String> before = contents(out);
    List<String> newConfigs = configs("img:2");
    Path expected = tmp.resolve("expected");
    assertEquals(0, Run.of(args(newConfigs, expected)).code());
    Map<String, String> after = contents(expected);

    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", JAR.toString(), Main.class.getName()));
    command.addAll(List.of(args(newConfigs, out)));
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(tmp.resolve("stopped.log").toFile()).start();
    // The first old bundle moved aside: the swaps have begun.
    long end = System.nanoTime() + Run.HANG.toNanos();
    while (process.isAlive() && hidden(out).stream().noneMatch(name -> name.contains(".stave-old"))) {
      if (System.nanoTime() > end) {
        process.destroyForcibly();
        throw new AssertionError("the compile neither swapped a bundle nor ended in " + Run.HANG.toMinutes()
            + " minutes: " + Files.readString(tmp.resolve("stopped.log")));
      }
      Thread.onSpinWait();
    }
    process.destroy();
    assertTrue(process.waitFor(Run.HANG.toMillis(), TimeUnit.MILLISECONDS), "the stopped compile ended");

    Map<String, String> left = contents(out);
    String log = Files.readString(tmp.resolve("stopped.log"));
    if (left.equals(before)) {
      assertEquals(List.of(), hidden(out), "no hidden folder is left: " + log);
    } else {
      assertEquals(after, left, "every bundle is new if not every one is old: " + log);
      assertTrue(hidden(out).stream().allMatch(name -> name.matches("\\.e[0-9]+\\.stave-old")),
          "only an old copy whose deletion was stopped may be left: " + hidden(out));
    }
  }

  /** Many small bundles, so that the swaps take long enough for the signal to land among them. */
  private List<String> configs(String image) throws IOException {
    List<String> files = new ArrayList<>();
    for (int c = 1; c <= CONFIGS; c++) {
      Path file = tmp.resolve("e" + c + "-" + image.replace(':', '-') + ".yaml");
      Files.writeString(file, """
          kind: experiment
          name: e%d
          image: %s
          processes: {train: {command: [python, train.py]}}
          """.formatted(c, image));
      files.add(file.toString());
    }
    return files;
  }

  private static String[] args(List<String> configs, Path out) {
    List<String> args = new ArrayList<>(List.of("compile"));
    args.addAll(configs);
    args.addAll(List.of("-o", out.toString()));
    return args.toArray(String[]::new);
  }

  /** Every file in the bundles, by bundle and name; hidden folders are not read. */
  private static Map<String, String> contents(Path dir) throws IOException {
    Map<String, String> all = new TreeMap<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        String name = dir.relativize(p).toString();
        if (!name.startsWith(".")) {
          all.put(name, Files.readString(p));
        }
      }
    }
    return all;
  }

  private static List<String> hidden(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".")).sorted().toList();
    }
  }
}

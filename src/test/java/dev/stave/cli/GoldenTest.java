package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every config under {@code examples/} is compiled and compared byte for byte with {@code golden/}.
 * Configs under {@code examples/errors/} must fail; their diagnostics are the golden. With
 * {@code -Dgolden.update=true} the goldens are rewritten and the test still fails, so an update can
 * never pass in CI unnoticed.
 */
class GoldenTest {
  static final Path EXAMPLES = Path.of("examples");
  static final Path GOLDEN = Path.of("golden");
  static final Set<String> CONFIG_EXTENSIONS = Set.of(".yaml", ".yml", ".json", ".conf");
  private static final boolean UPDATE = Boolean.getBoolean("golden.update");

  @TempDir
  Path temp;

  static List<Path> examples() {
    try (Stream<Path> files = Files.walk(EXAMPLES)) {
      return files.filter(Files::isRegularFile)
          .filter(p -> CONFIG_EXTENSIONS.stream().anyMatch(ext -> p.toString().endsWith(ext)))
          .filter(p -> !p.startsWith(EXAMPLES.resolve("secrets")))
          .filter(p -> !p.startsWith(EXAMPLES.resolve("contexts")))
          .filter(p -> !p.startsWith(EXAMPLES.resolve("inventories"))) // node pools, read by experiments
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path goldenOf(Path example) {
    return GOLDEN.resolve(EXAMPLES.relativize(example).toString());
  }

  @TestFactory
  List<DynamicTest> examplesMatchTheirGoldens() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Path example : examples()) {
      tests.add(DynamicTest.dynamicTest(example.toString(), () -> check(example)));
    }
    return tests;
  }

  private void check(Path example) throws IOException {
    Path out = temp.resolve(EXAMPLES.relativize(example).toString());
    Run run = Run.of("compile", example.toString(), "-o", out.toString());
    TreeMap<String, String> actual = new TreeMap<>();
    boolean expectFailure = example.startsWith(EXAMPLES.resolve("errors"));
    if (expectFailure) {
      assertEquals(1, run.code(), "an example under errors/ must fail with exit code 1:\n" + run.err());
      assertTrue(!Files.exists(out), "a failed compile must write nothing");
    } else {
      assertEquals(0, run.code(), "compile failed:\n" + run.err());
      actual.putAll(read(out));
    }
    String stderr = run.err().replace(out.toString(), "OUT");
    if (!stderr.isEmpty()) {
      actual.put("stderr.txt", stderr);
    }
    Path golden = goldenOf(example);
    if (UPDATE) {
      BundleFiles.replace(golden, actual);
      fail("golden files of " + example + " were rewritten; review the diff and run again without golden.update");
    }
    TreeMap<String, String> expected = read(golden);
    assertEquals(expected.keySet(), actual.keySet(), "files of " + example);
    for (String file : expected.keySet()) {
      assertEquals(expected.get(file), actual.get(file), file + " of " + example);
    }
  }

  @Test
  void everyGoldenBelongsToAnExample() throws IOException {
    Set<Path> expected = new TreeSet<>();
    for (Path example : examples()) {
      expected.add(goldenOf(example));
    }
    Set<Path> orphans = new TreeSet<>();
    try (Stream<Path> dirs = Files.walk(GOLDEN)) {
      dirs.filter(Files::isRegularFile).forEach(file -> {
        if (expected.stream().noneMatch(file::startsWith)) {
          orphans.add(file);
        }
      });
    }
    assertEquals(Set.of(), orphans, "golden files without an example; delete them");
  }

  @Test
  void yamlAndHoconOfTheQuickStartCompileToTheSameBytes() throws IOException {
    assertEquals(read(goldenOf(EXAMPLES.resolve("cheetah-ppo.conf"))),
        read(goldenOf(EXAMPLES.resolve("cheetah-ppo.yaml"))));
    Run conf = Run.of("compile", "examples/cheetah-ppo.conf", "-o", "-");
    Run yaml = Run.of("compile", "examples/cheetah-ppo.yaml", "-o", "-");
    assertEquals(0, conf.code(), conf.err());
    assertEquals(conf.out(), yaml.out());
  }

  static TreeMap<String, String> read(Path dir) throws IOException {
    TreeMap<String, String> files = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return files;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
        files.put(dir.relativize(p).toString().replace('\\', '/'),
            new String(Files.readAllBytes(p), StandardCharsets.UTF_8));
      }
    }
    return files;
  }
}

package dev.stave.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.stave.cli.Run;
import dev.stave.config.Env;
import dev.stave.render.CanonicalYaml;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs every hostile input through {@code stave compile} and holds it to the contract in
 * docs/guarantees.md.
 *
 * <p>Layout, per kind: {@code hostile/<kind>/errors/X} must be rejected with exit code 1 and exactly
 * the diagnostics in {@code errors/X.stderr}; {@code hostile/<kind>/accepted/X} is free text that must
 * compile to exactly {@code accepted/X.stdout}, with every JSON string listed in {@code X.values}
 * coming back as one whole string; inputs made by the kind's {@link HostileGenerator} are rejected
 * with {@code generated/X.stderr}. Nothing may throw, spin (use {@link #SPIN} of CPU time), hang, print a
 * stack trace, write a file or print a canary secret. With {@code -Dgolden.update=true} the goldens are
 * rewritten and the test fails.
 */
class HostileCorpusTest {
  static final Path ROOT = Path.of("src/test/resources/hostile");
  static final List<HostileGenerator> GENERATORS = List.of(new ExperimentHostileInputs(),
      new BenchmarkHostileInputs(), new ClusterHostileInputs(), new InventoryHostileInputs(),
      new ContextsHostileInputs());
  static final Set<String> CONFIG_EXTENSIONS = Set.of(".yaml", ".yml", ".json", ".conf");
  static final Set<String> GOLDEN_EXTENSIONS = Set.of(".stderr", ".stdout", ".values");

  /** A secret in the environment; configs under errors/ refer to it, and it must never be printed. */
  static final String ENV_CANARY = "stave-canary-env-91b2e0";
  /** The content of errors/secrets/canary.txt; compile must never read it. */
  static final String FILE_CANARY = "stave-canary-5ecret-7f3a9c";
  /**
   * Credentials that configs write literally ({@code output.key}, {@code output.secret_key},
   * {@code tracking.neptune.api_token}, a context's {@code neptune.api_token}): only {@code stave secrets}
   * may print them; compile output, diagnostics and bundle files never hold them.
   */
  static final String KEY_CANARY = "stave-canary-awskey-3d81c4";
  static final String SECRET_KEY_CANARY = "stave-canary-awssecret-c0ffee";
  static final String TOKEN_CANARY = "stave-canary-neptune-6a5e21";
  /** The same credentials taken from the environment, as the docs recommend. */
  static final String ENV_KEY_CANARY = "stave-canary-envkey-41d7aa";
  static final String ENV_TOKEN_CANARY = "stave-canary-envtoken-e9f013";
  static final List<String> CANARIES = List.of(ENV_CANARY, FILE_CANARY, KEY_CANARY, SECRET_KEY_CANARY,
      TOKEN_CANARY, ENV_KEY_CANARY, ENV_TOKEN_CANARY);
  static final Env ENV = new Env(Map.of(
      "STAVE_CANARY", ENV_CANARY, "STAVE_TEST_TAG", "1.4", "HOME", "/home/user", "PATH", "/usr/bin",
      "AWS_ACCESS_KEY_ID", ENV_KEY_CANARY, "AWS_SECRET_ACCESS_KEY", ENV_KEY_CANARY + "-secret",
      "NEPTUNE_API_TOKEN", ENV_TOKEN_CANARY),
      "/home/user");

  private static final boolean UPDATE = Boolean.getBoolean("golden.update");
  /**
   * The CPU time one input's runs may take before the input is taken to make stave spin: the largest take
   * under 2 seconds. CPU time, not wall-clock time, which a busy machine stretches tenfold and more.
   */
  static final Duration SPIN = Duration.ofSeconds(30);

  @TempDir
  Path temp;

  static List<Path> errors() {
    return configs("errors");
  }

  static List<Path> accepted() {
    return configs("accepted");
  }

  static List<HostileGenerator.Generated> generated() {
    List<HostileGenerator.Generated> all = new ArrayList<>();
    for (HostileGenerator g : GENERATORS) {
      for (HostileGenerator.Generated input : g.inputs()) {
        all.add(new HostileGenerator.Generated(g.kind() + "/" + input.fileName(), input.bytes(), input.beside()));
      }
    }
    return all;
  }

  /** The configs directly in {@code hostile/<kind>/<folder>/}; subfolders hold included files. */
  private static List<Path> configs(String folder) {
    List<Path> all = new ArrayList<>();
    for (Path kind : list(ROOT)) {
      Path dir = kind.resolve(folder);
      if (Files.isDirectory(dir)) {
        list(dir).stream().filter(Files::isRegularFile).filter(HostileCorpusTest::isConfig).forEach(all::add);
      }
    }
    return all;
  }

  private static boolean isConfig(Path p) {
    return CONFIG_EXTENSIONS.stream().anyMatch(ext -> p.getFileName().toString().endsWith(ext));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("errors")
  void rejected(Path config) throws Exception {
    CpuLimit.run(config.toString(), SPIN,
        () -> checkRejected(config.toString(), config, Path.of(config + ".stderr"), config.toString(), null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("generated")
  void generatedRejected(HostileGenerator.Generated input) throws Exception {
    String kind = input.fileName().substring(0, input.fileName().indexOf('/'));
    String name = input.fileName().substring(kind.length() + 1);
    Path in = temp.resolve("in");
    Files.createDirectories(in);
    Path config = in.resolve(name);
    Files.write(config, input.bytes().get());
    for (Map.Entry<String, HostileGenerator.BytesSupplier> file : input.beside().entrySet()) {
      Path beside = in.resolve(file.getKey());
      Files.createDirectories(beside.getParent());
      Files.write(beside, file.getValue().get());
    }
    Path golden = ROOT.resolve(kind).resolve("generated").resolve(name + ".stderr");
    CpuLimit.run(input.fileName(), SPIN, () -> checkRejected(input.fileName(), config, golden, "GENERATED/" + name,
        in + "/"));
  }

  /** {@code folder}, when set, is the temporary folder of a generated input: shown as GENERATED/ too. */
  private void checkRejected(String label, Path config, Path golden, String shownAs, String folder)
      throws IOException {
    Path outDir = temp.resolve("out");
    Files.createDirectories(outDir);
    Run run = Run.with(ENV, "compile", config.toString(), "-o", outDir.resolve("bundle").toString());
    String stderr = run.err().replace(config.toString(), shownAs);
    if (folder != null) {
      stderr = stderr.replace(folder, "GENERATED/");
    }
    assertEquals("", run.out(), "nothing on standard output");
    assertNoStackTraceOrCanary(run);
    assertEquals(List.of(), list(outDir), "a rejected config must write nothing");
    if (UPDATE) {
      write(golden, stderr);
      fail("rewrote " + golden + "; review it and run again without golden.update");
    }
    assertEquals(1, run.code(), () -> label + " must be rejected with exit code 1:\n" + run.err());
    assertTrue(Files.exists(golden), () -> "no golden " + golden + "; run with -Dgolden.update=true");
    assertEquals(Files.readString(golden), stderr, label);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("accepted")
  void acceptedAsFreeText(Path config) throws Exception {
    CpuLimit.run(config.toString(), SPIN, () -> checkAccepted(config));
  }

  private void checkAccepted(Path config) throws IOException {
    Run run = Run.with(ENV, "compile", config.toString(), "-o", "-");
    assertNoStackTraceOrCanary(run);
    Path golden = Path.of(config + ".stdout");
    Path notes = Path.of(config + ".stderr");
    if (UPDATE) {
      write(golden, run.out());
      Files.deleteIfExists(notes);
      if (!run.err().isEmpty()) {
        write(notes, run.err());
      }
      fail("rewrote " + golden + "; review it and run again without golden.update");
    }
    assertEquals(0, run.code(), () -> config + " must compile:\n" + run.err());
    assertEquals(Files.exists(notes) ? Files.readString(notes) : "", run.err(), "notes (sanitized names)");
    assertEquals(Files.readString(golden), run.out(), config.toString());
    assertWritesOnlyInsideTheOutputFolder(config);
    assertEquals(run.out(), Run.with(ENV, "compile", config.toString(), "-o", "-").out(), "same bytes twice");
    List<String> strings = new ArrayList<>();
    for (Object document : OutputValues.documents(run.out())) {
      OutputValues.strings(document, strings);
    }
    for (String expected : OutputValues.jsonStrings(Files.readString(Path.of(config + ".values")))) {
      assertTrue(strings.contains(expected),
          () -> "the value " + OutputValues.quote(expected) + " did not come back as one string");
    }
  }

  /** Whatever the names say, a compile to DIR writes one bundle folder directly inside DIR and nothing else. */
  private void assertWritesOnlyInsideTheOutputFolder(Path config) throws IOException {
    Path out = temp.resolve("jail").resolve("out");
    Files.createDirectories(out);
    Run run = Run.with(ENV, "compile", config.toString(), "-o", out.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of(out), list(temp.resolve("jail")), "nothing beside the output folder");
    List<Path> bundles = list(out);
    assertEquals(1, bundles.size(), "one bundle folder");
    assertTrue(bundles.get(0).getFileName().toString().matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?"),
        () -> "bundle folder " + bundles.get(0));
    try (Stream<Path> walk = Files.walk(temp)) {
      for (Path p : walk.toList()) {
        assertTrue(p.equals(temp) || p.equals(temp.resolve("jail")) || p.normalize().startsWith(bundles.get(0))
            || p.equals(out), () -> "written outside the bundle: " + p);
        if (Files.isRegularFile(p)) {
          String content = Files.readString(p);
          for (String canary : CANARIES) {
            assertFalse(content.contains(canary), () -> "the canary " + canary + " is in the bundle file " + p);
          }
        }
      }
    }
  }

  private static void assertNoStackTraceOrCanary(Run run) {
    for (String stream : List.of(run.out(), run.err())) {
      assertFalse(stream.contains("\tat "), () -> "a stack trace:\n" + stream);
      // Standard output may hold a benchmark's Python launcher (except Exception:); Java's names are checked.
      assertFalse(stream == run.err() && (stream.contains("Exception") || stream.contains("Error:"))
          || stream.contains("java.lang.") || stream.contains("java.io."), () -> "an exception:\n" + stream);
      assertFalse(stream.contains("internal error"), () -> "an internal error:\n" + stream);
      for (String canary : CANARIES) {
        assertFalse(stream.contains(canary), () -> "the canary " + canary + " leaked:\n" + stream);
      }
    }
  }

  @Test
  void corpusIsLargeEnoughAndHasNoOrphanGoldens() {
    assertTrue(errors().size() + generated().size() + accepted().size() >= 60);
    Set<Path> expected = new TreeSet<>();
    errors().forEach(p -> expected.add(Path.of(p + ".stderr")));
    accepted().forEach(p -> {
      expected.add(Path.of(p + ".stdout"));
      expected.add(Path.of(p + ".stderr"));
      expected.add(Path.of(p + ".values"));
    });
    for (HostileGenerator g : GENERATORS) {
      g.inputs().forEach(i -> expected.add(
          ROOT.resolve(g.kind()).resolve("generated").resolve(i.fileName() + ".stderr")));
    }
    Set<Path> orphans = new TreeSet<>();
    try (Stream<Path> walk = Files.walk(ROOT)) {
      walk.filter(Files::isRegularFile)
          .filter(p -> GOLDEN_EXTENSIONS.stream().anyMatch(ext -> p.toString().endsWith(ext)))
          .filter(p -> !expected.contains(p))
          .forEach(orphans::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertEquals(Set.of(), orphans, "goldens without an input; delete them");
  }

  static List<Path> list(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.write(file, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Reading a compiled YAML stream back, for checks on the values in it. */
  static final class OutputValues {
    private OutputValues() {}

    /** The documents of a {@code ---}-separated stream; block scalars are indented, so a bare --- splits. */
    static List<Object> documents(String stream) {
      List<Object> docs = new ArrayList<>();
      StringBuilder current = new StringBuilder();
      for (String line : stream.split("\n", -1)) {
        if (line.equals("---")) {
          if (!current.toString().isBlank()) {
            docs.add(CanonicalYaml.parse(current.toString()));
          }
          current.setLength(0);
        } else {
          current.append(line).append('\n');
        }
      }
      if (!current.toString().isBlank()) {
        docs.add(CanonicalYaml.parse(current.toString()));
      }
      return docs;
    }

    /** Every string value (not key) in a parsed tree, in document order. */
    static void strings(Object value, List<String> into) {
      if (value instanceof String s) {
        into.add(s);
      } else if (value instanceof Map<?, ?> map) {
        map.values().forEach(v -> strings(v, into));
      } else if (value instanceof List<?> list) {
        list.forEach(v -> strings(v, into));
      }
    }

    /** One JSON string per line, as the .values files hold them. */
    @SuppressWarnings("unchecked")
    static List<String> jsonStrings(String text) {
      List<String> out = new ArrayList<>();
      for (String line : text.split("\n")) {
        if (!line.isEmpty()) {
          // A JSON string is a YAML double-quoted scalar.
          out.add((String) ((List<Object>) CanonicalYaml.parse("[" + line + "]")).get(0));
        }
      }
      return out;
    }

    static String quote(String s) {
      return "\"" + s.replace("\\", "\\\\").replace("\n", "\\n").replace("\"", "\\\"") + "\"";
    }
  }
}

package dev.stave.fuzz;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.stave.config.ConfigFile;
import dev.stave.config.ConfigLoader;
import dev.stave.config.Env;
import dev.stave.diag.Sources;
import dev.stave.diag.UserError;
import dev.stave.render.CanonicalYaml;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Coverage-guided fuzz targets. A normal build replays the seeds in {@code LoaderFuzzTestInputs/}
 * (and any crash Jazzer saved there) in well under a second; to search for new crashes run
 * {@code JAZZER_FUZZ=1 mvn test -Dtest=LoaderFuzzTest#loadersReturnATreeOrAUserError} (see
 * docs/guarantees.md).
 */
class LoaderFuzzTest {
  private static final Env ENV = new Env(Map.of("STAVE_TEST_TAG", "1.4"), "/home/user");
  private static final Path DIR;

  static {
    try {
      DIR = Files.createTempDirectory("stave-fuzz");
      DIR.toFile().deleteOnExit();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Arbitrary bytes as a YAML, JSON or HOCON file: a config tree or a UserError, nothing else. */
  @FuzzTest(maxDuration = "10s")
  void loadersReturnATreeOrAUserError(FuzzedDataProvider data) throws IOException {
    String extension = data.pickValue(List.of(".yaml", ".json", ".conf"));
    Path file = DIR.resolve("input" + extension);
    Files.write(file, data.consumeRemainingAsBytes());
    try {
      ConfigFile config = new ConfigLoader(ENV, new Sources()).load(file);
      assertNotNull(config.root());
    } catch (UserError e) {
      assertTrue(!e.diagnostics().isEmpty(), "a UserError carries its diagnostics");
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** Any string, as a value and as a key, comes back from emit then parse; only YAML-less characters fail. */
  @FuzzTest(maxDuration = "10s")
  void emittedStringsParseBack(FuzzedDataProvider data) {
    String s = data.consumeRemainingAsString();
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("value", s);
    doc.put("items", List.of(s, Map.of("x", s)));
    doc.put("keyed", Map.of(s, "v"));
    String yaml;
    try {
      yaml = CanonicalYaml.emit(doc);
    } catch (IllegalArgumentException e) {
      assertTrue(!carryable(s), () -> "refused a string YAML can carry: " + e.getMessage());
      return;
    }
    assertTrue(carryable(s), () -> "wrote a string YAML cannot carry:\n" + yaml);
    Object back = CanonicalYaml.parse(yaml);
    assertTrue(CanonicalYaml.sameValue(doc, back), () -> "did not round-trip:\n" + yaml);
  }

  /** YAML can hold every Unicode scalar value except U+FFFE and U+FFFF; lone surrogates are no text. */
  static boolean carryable(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == 0xFFFE || c == 0xFFFF) {
        return false;
      }
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }
}

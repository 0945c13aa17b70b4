package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class InitCommandTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @CsvSource({"experiment, x.conf, 4", "benchmark, x.yaml, 6", "cluster, x.yaml, 9"})
  void everyStarterCompilesAsItIs(String kind, String file, int objects) throws IOException {
    Path config = dir.resolve(file);
    Run init = Run.of("init", kind, "-o", config.toString());
    assertEquals(0, init.code(), init.err());
    Run compile = Run.of("compile", config.toString(), "-o", dir.resolve("out").toString());
    assertEquals(0, compile.code(), compile.err());
    assertTrue(compile.err().endsWith("(" + objects + " objects)\n"), compile.err());
  }

  @Test
  void printsTheExperimentStarterByDefault() throws IOException {
    Run run = Run.of("init");
    assertEquals(0, run.code());
    assertEquals(new String(InitCommand.class.getResourceAsStream("/stave/init/experiment.conf").readAllBytes(),
        java.nio.charset.StandardCharsets.UTF_8), run.out());
  }

  @Test
  void neverOverwritesAFile() throws IOException {
    Path existing = dir.resolve("mine.conf");
    Files.writeString(existing, "kind = experiment\n");
    Run run = Run.of("init", "-o", existing.toString());
    assertEquals(4, run.code());
    assertEquals("kind = experiment\n", Files.readString(existing));
    assertEquals(2, Run.of("init", "nope").code());
  }
}

package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File and folder names are the user's text, or whoever named the files: one holding an escape sequence
 * or a bidirectional override reaches the terminal escaped wherever stave names it.
 */
class PrintedPathsTest {
  private static final String HOSTILE = "x\u001b[2J\u202e";
  private static final String SHOWN = "x\\u001b[2J\\u202e";

  @TempDir
  Path dir;

  @Test
  void aDiagnosticNamesItsFileEscaped() throws IOException {
    Path config = dir.resolve(HOSTILE + ".yaml");
    Files.writeString(config, "kind: experiment\nname: e\nimage: python\nprocesses: {a: {comand: [python]}}\n");
    Run run = Run.of("validate", config.toString());
    assertEquals(1, run.code());
    assertTrue(run.err().startsWith(dir + "/" + SHOWN + ".yaml:4:17: error: processes.a.comand: unknown key"),
        run.err());
  }

  @Test
  void compileNamesItsOutputFolderEscaped() {
    Path out = dir.resolve(HOSTILE);
    Run run = Run.of("compile", "examples/cheetah-ppo.conf", "-o", out.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("wrote " + dir + "/" + SHOWN + "/cheetah-ppo/ (7 objects)\n", run.err());
    Run check = Run.of("compile", "examples/cheetah-ppo.conf", "-o", out.toString(), "--check");
    assertEquals(0, check.code(), check.err());
    assertEquals("stave: " + dir + "/" + SHOWN + " is up to date\n", check.err());
  }

  @Test
  void aFolderThatCannotBeWrittenIsNamedEscaped() throws IOException {
    Path file = Files.writeString(dir.resolve(HOSTILE), "a file, not a folder");
    Run run = Run.of("compile", "examples/cheetah-ppo.conf", "-o", file.toString());
    assertEquals(4, run.code(), run.err());
    assertTrue(run.err().startsWith("stave: cannot write to " + dir + "/" + SHOWN + ":"), run.err());
    assertTrue(!run.err().contains("\u001b") && !run.err().contains("\u202e"), run.err());
  }

  @Test
  void secretsNamesAConfigWithoutSecretsEscaped() throws IOException {
    Path config = Files.writeString(dir.resolve(HOSTILE + ".yaml"),
        "kind: experiment\nname: e\nimage: python\nprocesses: {a: {command: [python]}}\n");
    Run run = Run.of("secrets", config.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("stave: " + dir + "/" + SHOWN + ".yaml refers to no secrets\n", run.err());
  }
}

package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM in the C locale reads a non-ASCII argument with its letters lost: a path it cannot name is a
 * usage error that says why and what to do, not the JVM's exception or an internal error.
 */
class UnencodablePathTest {
  private static final String WHY = " cannot be used as a path: its characters are not in this locale's"
      + " character set (ANSI_X3.4-1968); run stave in a UTF-8 locale, such as LC_ALL=C.UTF-8\n";

  @Test
  void aConfigOrOutputFolderTheLocaleCannotNameIsAUsageError() {
    // This JVM must be able to pass the name on as UTF-8 for the C-locale one to misread it.
    assumeTrue("UTF-8".equals(System.getProperty("sun.jnu.encoding")));
    Map<String, String> env = Map.of("LC_ALL", "C", "PATH", "/usr/bin:/bin");
    String classPath = System.getProperty("java.class.path");

    Run config = Run.inJvm(classPath, env, List.of("validate", "exp-ü.conf"));
    assertEquals(new Run(2, "", "stave: Invalid value for positional parameter at index 0..* (CONFIG):"
        + " 'exp-\uFFFD\uFFFD.conf'" + WHY + "Try 'stave validate --help' for more information.\n"), config);

    Run output = Run.inJvm(classPath, env, List.of("compile", "examples/cheetah-ppo.conf", "-o", "out-ö"));
    assertEquals(new Run(2, "", "stave: -o: 'out-\uFFFD\uFFFD'" + WHY), output);
  }

  /** A path the config writes arrives whole, but the JVM cannot name it either: not an internal error. */
  @Test
  void aPathInAConfigTheLocaleCannotNameIsAUsageError(@TempDir Path dir) throws IOException {
    assumeTrue("UTF-8".equals(System.getProperty("sun.jnu.encoding")));
    Map<String, String> env = Map.of("LC_ALL", "C", "PATH", "/usr/bin:/bin");
    Path config = dir.resolve("exp.yaml");
    Files.writeString(config, "kind: experiment\nname: e1\nimage: python:3\ncontexts: ctx-\u00fc.yaml\n"
        + "processes:\n  p:\n    command: [python]\n");

    Run run = Run.inJvm(System.getProperty("java.class.path"), env, List.of("validate", config.toString()));
    assertEquals(new Run(2, "", "stave: 'ctx-\u00fc.yaml'" + WHY), run);
  }
}

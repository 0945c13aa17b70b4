package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SPEC 1.1: the same content as HOCON and as YAML compiles to the same bytes, and fails with the same
 * errors. Numbers are where the two parsers differ most, so every case here writes numbers.
 */
class FormatEquivalenceTest {
  @TempDir
  Path dir;

  private static final String HOCON_HEAD = """
      kind = experiment
      name = nums
      image = "img:1"
      """;
  private static final String YAML_HEAD = """
      kind: experiment
      name: nums
      image: "img:1"
      """;

  /** Compiles both files to stdout; both succeed with the same bytes, which are returned. */
  private String sameBundle(String hocon, String yaml) throws IOException {
    Run fromHocon = Run.of("compile", write("c.conf", HOCON_HEAD + hocon).toString(), "-o", "-");
    Run fromYaml = Run.of("compile", write("c.yaml", YAML_HEAD + yaml).toString(), "-o", "-");
    assertEquals(0, fromHocon.code(), fromHocon.err());
    assertEquals(0, fromYaml.code(), fromYaml.err());
    assertEquals(fromYaml.out(), fromHocon.out(), "YAML and HOCON give the same bytes");
    return fromYaml.out();
  }

  /** Validates both files; both fail with the same messages, file names aside, which are returned. */
  private String sameErrors(String hocon, String yaml) throws IOException {
    Run fromHocon = Run.of("validate", write("c.conf", HOCON_HEAD + hocon).toString());
    Run fromYaml = Run.of("validate", write("c.yaml", YAML_HEAD + yaml).toString());
    assertEquals(1, fromHocon.code(), fromHocon.err());
    assertEquals(1, fromYaml.code(), fromYaml.err());
    assertEquals(messages(fromYaml.err()), messages(fromHocon.err()), "YAML and HOCON give the same errors");
    return messages(fromYaml.err());
  }

  /** The error lines without their file:line:column, which differ with the layout of the file. */
  private static String messages(String err) {
    StringBuilder out = new StringBuilder();
    for (String line : err.split("\n")) {
      if (line.contains(": error: ")) {
        out.append(line.substring(line.indexOf(": error: ") + 2)).append('\n');
      }
    }
    return out.toString();
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  @Test
  void argsAndEnvKeepNumbersAsWritten() throws IOException {
    String out = sameBundle("""
        processes { p { command = [run], args = [1.0, 1e3, 007, 1.50, -0.0, 1., 1E3, 1e400, 0.10e-2]
                        env { D = 0.10, E = 1e-3, BIG = 18446744073709551616 } } }
        """, """
        processes:
          p:
            command: [run]
            args: [1.0, 1e3, 007, 1.50, -0.0, 1., 1E3, 1e400, 0.10e-2]
            env: {D: 0.10, E: 1e-3, BIG: 18446744073709551616}
        """);
    assertTrue(out.contains("""
                args:
                - "1.0"
                - "1e3"
                - "007"
                - "1.50"
                - "-0.0"
                - "1."
                - "1E3"
                - "1e400"
                - "0.10e-2"
        """), out);
    assertTrue(out.contains("""
                - name: BIG
                  value: "18446744073709551616"
                - name: D
                  value: "0.10"
                - name: E
                  value: "1e-3"
        """), out);
  }

  @Test
  void numbersTakenFromSubstitutionsKeepTheirText() throws IOException {
    String out = sameBundle("""
        processes { p { command = [run], env { R = 0.10 }, args = [${processes.p.env.R}] } }
        """, """
        processes: {p: {command: [run], env: {R: 0.10}, args: [0.10]}}
        """);
    assertTrue(out.contains("- \"0.10\"") && out.contains("value: \"0.10\""), out);
  }

  @Test
  void sweepPointsAndTheirNamesAreTheSame() throws IOException {
    String out = sameBundle("""
        sweep { grid { lr = [1.0, 1e-4, 0.0010], seed = [007] } }
        processes { p { command = [run], args = ["--lr={{lr}}"] } }
        """, """
        sweep: {grid: {lr: [1.0, 1e-4, 0.0010], seed: [007]}}
        processes: {p: {command: [run], args: ["--lr={{lr}}"]}}
        """);
    assertTrue(out.contains("stave.dev/sweep-point: lr=1.0,seed=007"), out);
    assertTrue(out.contains("stave.dev/sweep-point: lr=1e-4,seed=007"), out);
    assertTrue(out.contains("stave.dev/sweep-point: lr=0.0010,seed=007"), out);
    assertTrue(out.contains("- \"--lr=1e-4\""), out);
  }

  @Test
  void theSameNumberWrittenTwoWaysIsOneSweepValueInBoth() throws IOException {
    assertEquals("""
        error: sweep.grid.lr: value 0.0010 of sweep parameter 'lr' is the same number as 1e-3, listed before it
        error: sweep.grid.lr: value 0.001 of sweep parameter 'lr' is the same number as 1e-3, listed before it
        """, sameErrors("""
        processes { p { command = [run] } }
        sweep { grid { lr = [
          1e-3
          0.0010
          "0.001"
          0.002
        ] } }
        """, """
        processes: {p: {command: [run]}}
        sweep:
          grid:
            lr:
            - 1e-3
            - 0.0010
            - "0.001"
            - 0.002
        """));
  }

  @Test
  void aNumberPastBigDecimalIsTheSameErrorInBoth() throws IOException {
    assertEquals("error: processes.p.args[0]: the number is too large to read\n", sameErrors("""
        processes { p { command = [run], args = [1e9999999999] } }
        """, """
        processes: {p: {command: [run], args: [1e9999999999]}}
        """));
  }
}

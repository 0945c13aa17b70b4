package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.config.Env;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same content as HOCON and as YAML compiles to the same bytes, and fails with the same
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
    return sameBundle(Run.ENV, hocon, yaml);
  }

  private String sameBundle(Env env, String hocon, String yaml) throws IOException {
    Run fromHocon = Run.with(env, "compile", write("c.conf", HOCON_HEAD + hocon).toString(), "-o", "-");
    Run fromYaml = Run.with(env, "compile", write("c.yaml", YAML_HEAD + yaml).toString(), "-o", "-");
    assertEquals(0, fromHocon.code(), fromHocon.err());
    assertEquals(0, fromYaml.code(), fromYaml.err());
    assertEquals(fromYaml.out(), fromHocon.out(), "YAML and HOCON give the same bytes");
    return fromYaml.out();
  }

  /** Validates both files; both fail with the same messages, file names aside, which are returned. */
  private String sameErrors(String hocon, String yaml) throws IOException {
    return sameErrors(Run.ENV, hocon, yaml);
  }

  private String sameErrors(Env env, String hocon, String yaml) throws IOException {
    Run fromHocon = Run.with(env, "validate", write("c.conf", HOCON_HEAD + hocon).toString());
    Run fromYaml = Run.with(env, "validate", write("c.yaml", YAML_HEAD + yaml).toString());
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

  /**
   * Validates both files, written with the same lines after their heads; both fail with the very same
   * output, locations and quoted lines included, which is returned with the file named {@code c}.
   */
  private String sameOutput(String hocon, String yaml) throws IOException {
    Path conf = write("c.conf", HOCON_HEAD + hocon);
    Path yml = write("c.yaml", YAML_HEAD + yaml);
    Run fromHocon = Run.of("validate", conf.toString());
    Run fromYaml = Run.of("validate", yml.toString());
    assertEquals(1, fromHocon.code(), fromHocon.err());
    assertEquals(1, fromYaml.code(), fromYaml.err());
    String shown = fromYaml.err().replace(yml.toString(), "c");
    assertEquals(shown, fromHocon.err().replace(conf.toString(), "c"), "YAML and HOCON give the same output");
    return shown;
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

  private static final String TYPED_HOCON = """
      create_namespace = ${CREATE}
      labels { seed = ${SEED} }
      processes { p { replicas = ${N}, command = [run], args = [--seed, ${SEED}] } }
      """;
  private static final String TYPED_YAML = """
      create_namespace: ${CREATE}
      labels:
        seed: ${SEED}
      processes:
        p:
          replicas: ${N}
          command: [run]
          args:
            - --seed
            - ${SEED}
      """;

  @Test
  void aVariableIsTypedByWhatItsPlaceTakes() throws IOException {
    String out = sameBundle(new Env(Map.of("SEED", "3", "N", "2", "CREATE", "false"), "/home/user"),
        TYPED_HOCON, TYPED_YAML);
    assertTrue(out.contains("""
                args:
                - "--seed"
                - "3"
        """), out);
    assertTrue(out.contains("  completions: 2\n  parallelism: 2\n"), out);
    assertTrue(out.contains("    seed: \"3\"\n"), out);
    assertFalse(out.contains("kind: Namespace"), out);
  }

  @Test
  void aVariableThatIsNoValueForItsPlaceIsAnErrorThatNamesIt() throws IOException {
    Env env = new Env(Map.of("SEED", "3", "N", "twelve", "CREATE", "no"), "/home/user");
    // "twelve" is long enough to be hidden, as every referred variable's value is; "no" is not.
    assertEquals("""
        error: create_namespace: expected a boolean, got 'no' from ${CREATE}
        error: processes.p.replicas: expected an integer, got '***' from ${N}
        """, sameErrors(env, TYPED_HOCON, TYPED_YAML));
    Run run = Run.with(env, "compile", dir.resolve("c.yaml").toString(), "-o", "-");
    assertEquals(1, run.code());
    assertTrue(run.err().contains("c.yaml:9:15: error: processes.p.replicas: expected an integer, got '***' from ${N}\n"
        + "    |     replicas: ${N}\n    |               ^\n  = hint: set N to an integer\n"), run.err());
  }

  /**
   * A message quotes a value with its control and invisible characters escaped; a variable's value holding
   * one is hidden in that form too, not shown escaped.
   */
  @Test
  void aVariableHoldingAnEscapedCharacterIsHiddenInAMessage() throws IOException {
    for (String secret : List.of("secret\u202eimage-value:1", "secret\timage-value:1", "secret\\u202eimage-value:1")) {
      Env env = new Env(Map.of("IMG", secret), "/home/user");
      String errors = sameErrors(env, "processes { p { image = ${IMG}, command = [run] } }\n",
          "processes:\n  p:\n    image: ${IMG}\n    command: [run]\n");
      assertEquals("error: processes.p.image: '***' is not a container image reference\n", errors);
      Run run = Run.with(env, "validate", dir.resolve("c.yaml").toString());
      assertFalse(run.err().contains("image-value"), run.err());
    }
  }

  /** A message quotes a long value cut short; the cut form is the secret too, and hidden as it is. */
  @Test
  void aLongVariableValueCutShortInAMessageIsHiddenToo() throws IOException {
    String secret = "tok3n" + "x".repeat(95) + "tail";
    Env env = new Env(Map.of("V", secret), "/home/user");
    String errors = sameErrors(env, "processes { p { workload = ${V}, replicas = ${V}, command = [run] } }\n",
        "processes:\n  p:\n    workload: ${V}\n    replicas: ${V}\n    command: [run]\n");
    assertEquals("error: processes.p.workload: '***' is not one of job, pod, deployment\n"
        + "error: processes.p.replicas: expected an integer, got '***' from ${V}\n", errors);
    Run run = Run.with(env, "validate", dir.resolve("c.yaml").toString());
    assertFalse(run.err().contains("tok3n"), run.err());
  }

  @Test
  void textAroundAVariableMakesAStringAndVariablesAloneTakeTheirPlacesType() throws IOException {
    String out = sameBundle(new Env(Map.of("A", "1", "B", "2"), "/home/user"), """
        labels { version = ${A}.${B} }
        processes { p { replicas = ${A}${B}, command = [run], args = [v${A}] } }
        """, """
        labels:
          version: ${A}.${B}
        processes:
          p:
            replicas: ${A}${B}
            command: [run]
            args:
              - v${A}
        """);
    assertTrue(out.contains("    version: \"1.2\"\n"), out);
    assertTrue(out.contains("  completions: 12\n"), out);
    assertTrue(out.contains("        - v1\n"), out);
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

  @Test
  void integersBeyondLongAreNumbersInBoth() throws IOException {
    Path conf = write("b.conf", """
        kind = benchmark
        name = big
        run { function = a.b, args { x = 12345678901234567890, y = [9223372036854775808, -9223372036854775809]
                                      s = "12345678901234567890", z = ${run.args.x} } }
        dask_cluster { image = "i:1" }
        """);
    Path yaml = write("b.yaml", """
        kind: benchmark
        name: big
        run: {function: a.b, args: {x: 12345678901234567890, y: [9223372036854775808, -9223372036854775809],
                                    s: "12345678901234567890", z: 12345678901234567890}}
        dask_cluster: {image: "i:1"}
        """);
    Run fromHocon = Run.of("compile", conf.toString(), "-o", "-");
    Run fromYaml = Run.of("compile", yaml.toString(), "-o", "-");
    assertEquals(0, fromHocon.code(), fromHocon.err());
    assertEquals(fromYaml.out(), fromHocon.out(), "YAML and HOCON give the same bytes");
    assertTrue(fromYaml.out().contains("""
              "s": "12345678901234567890",
              "x": 12345678901234567890,
              "y": [
                9223372036854775808,
                -9223372036854775809
              ],
              "z": 12345678901234567890
        """), fromYaml.out());
    assertEquals("error: processes.p.replicas: must have a maximum value of 10000\n",
        sameErrors("""
        processes { p { command = [run], replicas = 9223372036854775808 } }
        """, """
        processes: {p: {command: [run], replicas: 9223372036854775808}}
        """));
  }

  @Test
  void columnsCountCharactersSoAnEmojiBeforeAnErrorIsOneColumnInBoth() throws IOException {
    String lines = """
        labels: {note: "😀😀", team: [1]}
        processes: {
          a: {command: ["😀", [2]], replicas: "😀"}
        }
        """;
    assertEquals("""
        c:4:22: error: labels.team: expected a string, got a list
            | labels: {note: "😀😀", team: [1]}
            |                      ^
          = hint: write a string here
        c:6:22: error: processes.a.command[1]: expected a string, got a list
            |   a: {command: ["😀", [2]], replicas: "😀"}
            |                      ^
          = hint: write a string here
        c:6:38: error: processes.a.replicas: expected an integer, got a string
            |   a: {command: ["😀", [2]], replicas: "😀"}
            |                                      ^
          = hint: write an integer here
        """, sameOutput(lines, lines));
  }

  @Test
  void aByteOrderMarkThatStartsTheFileTakesNoColumnInEither() throws IOException {
    Path conf = write("bom.conf", "\uFEFFbogus = 1\n" + HOCON_HEAD + "processes { a { command = [x] } }\n");
    Path yml = write("bom.yaml", "\uFEFFbogus: 1\n" + YAML_HEAD + "processes: {a: {command: [x]}}\n");
    for (Path file : List.of(conf, yml)) {
      Run run = Run.of("validate", file.toString());
      assertEquals(1, run.code(), run.err());
      assertTrue(run.err().startsWith(file + ":1:1: error: bogus: unknown key 'bogus'\n"
          + "    | bogus" + (file == conf ? " = 1" : ": 1") + "\n"
          + "    | ^\n"), run.err());
    }
  }

  /** A key is the user's text in a message and its path too: a written \\u202e reads apart from an escaped U+202E. */
  @Test
  void anUnknownKeyIsQuotedAsItIsWritten() throws IOException {
    Path yml = write("keys.yaml", YAML_HEAD + "processes: {a: {command: [x], 'b\\u202e': 1, \"c\\u202e\": 2}}\n");
    Run run = Run.of("validate", yml.toString());
    assertEquals(1, run.code(), run.err());
    List<String> messages = run.err().lines().filter(l -> l.contains(": error: ")).toList();
    assertEquals(List.of(yml + ":4:31: error: processes.a.b\\\\u202e: unknown key 'b\\\\u202e'",
        yml + ":4:45: error: processes.a.c\\u202e: unknown key 'c\\u202e'"), messages);
  }

  private static String secretMount(String hoconMode) {
    return "processes { p { command = [run], mounts = [{ type = secret, secret_name = s, mount_path = /s, "
        + "default_mode = " + hoconMode + " }] } }\n";
  }

  private static String secretMountYaml(String yamlMode) {
    return "processes: {p: {command: [run], mounts: [{type: secret, secret_name: s, mount_path: /s, "
        + "default_mode: " + yamlMode + "}]}}\n";
  }

  @Test
  void fileModesInOctalOrDecimalAreTheSameModeInBoth() throws IOException {
    for (String mode : new String[] {"0o440", "\"0o440\"", "288", "0x120"}) {
      String out = sameBundle(secretMount(mode), secretMountYaml(mode));
      assertTrue(out.contains("          defaultMode: 288\n"), mode + "\n" + out);
    }
    assertTrue(sameBundle(secretMount("0o0"), secretMountYaml("0o0")).contains("defaultMode: 0\n"));
    assertTrue(sameBundle(secretMount("0o777"), secretMountYaml("0o777")).contains("defaultMode: 511\n"));
    String defaulted = sameBundle("processes { p { command = [run], mounts = [{ type = config_map, "
        + "config_map_name = c, mount_path = /c }] } }\n",
        "processes: {p: {command: [run], mounts: [{type: config_map, config_map_name: c, mount_path: /c}]}}\n");
    assertTrue(defaulted.contains("defaultMode: 420\n"), defaulted);
  }

  /** kubectl's YAML 1.1 reads 0440 as octal; here it is decimal 440 (the mode 0o670), so it is refused. */
  @Test
  void aFileModeWithALeadingZeroIsAnErrorThatSaysHowToWriteIt() throws IOException {
    String path = "error: processes.p.mounts[0].default_mode: ";
    assertEquals(path + "default_mode 0440 reads as decimal 440 here, not as octal\n",
        sameErrors(secretMount("0440"), secretMountYaml("0440")));
    assertEquals(path + "default_mode 0400 reads as decimal 400 here, not as octal\n",
        sameErrors(secretMount("0400"), secretMountYaml("0400")));
    assertEquals(path + "default_mode 0644 reads as decimal 644 here, not as octal\n",
        sameErrors(secretMount("0644"), secretMountYaml("0644")));
    assertEquals(path + "default_mode \"0440\" is a string; a mode is a number, and with a leading zero it would"
            + " read as decimal\n",
        sameErrors(secretMount("\"0440\""), secretMountYaml("\"0440\"")));
    assertEquals(path + "default_mode 0o1000 is more than 0o777 (511), the largest file mode\n",
        sameErrors(secretMount("0o1000"), secretMountYaml("0o1000")));
    assertEquals(path + "default_mode 512 is more than 0o777 (511), the largest file mode\n",
        sameErrors(secretMount("512"), secretMountYaml("512")));
    assertEquals(path + "default_mode -1 is not a file mode\n", sameErrors(secretMount("-1"), secretMountYaml("-1")));
    assertEquals(path + "default_mode true is not a file mode\n",
        sameErrors(secretMount("true"), secretMountYaml("true")));
    assertEquals(path + "default_mode \"288\" is a string, not a number\n",
        sameErrors(secretMount("\"288\""), secretMountYaml("\"288\"")));
  }

  @Test
  void aLeadingZeroModeHintsAtBothWaysToWriteIt() throws IOException {
    Run run = Run.of("validate", write("c.yaml", YAML_HEAD + secretMountYaml("0440")).toString());
    assertTrue(run.err().endsWith("  = hint: write 0o440 or 288\n"), run.err());
    run = Run.of("validate", write("c.conf", HOCON_HEAD + secretMount("0644")).toString());
    assertTrue(run.err().endsWith("  = hint: write 0o644 or 420\n"), run.err());
    run = Run.of("validate", write("c.conf", HOCON_HEAD + secretMount("0999")).toString());
    assertTrue(run.err().endsWith("  = hint: write the mode in octal as 0o644, or in decimal without a leading zero\n"),
        run.err());
  }

  @Test
  void modesInPodOverridesAreReadTheSameWay() throws IOException {
    String hocon = "processes { p { command = [run], overrides.pod { volumes = [{ name = v, secret { secretName = s, "
        + "defaultMode = MODE, items = [{ key = k, path = p, mode = MODE }] } }] } } }\n";
    String yaml = "processes: {p: {command: [run], overrides: {pod: {volumes: [{name: v, secret: {defaultMode: MODE, "
        + "items: [{key: k, mode: MODE, path: p}], secretName: s}}]}}}}\n";
    // Keys written in another order: overrides are sorted in both formats, so the bundle is the same
    // (errors on one line still come in the order they are written).
    String reordered = "processes: {p: {command: [run], overrides: {pod: {volumes: [{secret: {secretName: s, "
        + "items: [{path: p, key: k, mode: MODE}], defaultMode: MODE}, name: v}]}}}}\n";
    assertEquals(sameBundle(hocon.replace("MODE", "0o440"), yaml.replace("MODE", "0o440")),
        sameBundle(hocon.replace("MODE", "0o440"), reordered.replace("MODE", "0o440")));
    String out = sameBundle(hocon.replace("MODE", "0o440"), yaml.replace("MODE", "0o440"));
    assertTrue(out.contains("defaultMode: 288\n") && out.contains("mode: 288\n"), out);
    assertEquals("""
        error: processes.p.overrides.pod.volumes[0].secret.defaultMode: defaultMode 0440 reads as decimal 440 \
        here, not as octal
        error: processes.p.overrides.pod.volumes[0].secret.items[0].mode: mode 0440 reads as decimal 440 here, \
        not as octal
        """, sameErrors(hocon.replace("MODE", "0440"), yaml.replace("MODE", "0440")));
  }
}

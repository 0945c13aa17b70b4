package dev.stave.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.stave.config.ConfigFile;
import dev.stave.config.ConfigLoader;
import dev.stave.config.Env;
import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Sources;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every schema error says what is wrong and how to fix it, whichever keyword failed. */
class SchemaValidatorTest {
  @TempDir
  Path dir;

  private Diagnostic only(String kind, String yaml) throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, yaml);
    List<Diagnostic> found = new ArrayList<>();
    new SchemaValidator(kind).accept(new ConfigLoader(new Env(Map.of(), "/home/u"), new Sources()).load(file), found);
    assertEquals(1, found.size(), found::toString);
    return found.get(0);
  }

  private static final String EXPERIMENT = "kind: experiment\nname: x\nimage: img:1\n";

  @Test
  void aNumberOutOfRangeIsToldTheRange() throws IOException {
    Diagnostic d = only("experiment", EXPERIMENT + "processes: {a: {binds: {svc: 70000}}}\n");
    assertEquals("processes.a.binds.svc", d.jsonPath());
    assertEquals("must have a maximum value of 65535", d.message());
    assertEquals(List.of("write a number from 1 to 65535"), d.hints());
    assertEquals(List.of("write a number from 0 to 10000"),
        only("experiment", EXPERIMENT + "processes: {a: {replicas: -1}}\n").hints());
  }

  @Test
  void anEmptyStringOrMapIsCalledEmpty() throws IOException {
    Diagnostic name = only("experiment", "kind: experiment\nname: ''\nimage: img:1\nprocesses: {a: {}}\n");
    assertEquals("must not be empty", name.message());
    assertEquals(List.of("write a value here"), name.hints());
    Diagnostic group = only("experiment", EXPERIMENT + "process_groups: {g: {processes: {}}}\n");
    assertEquals("must not be empty", group.message());
    assertEquals(List.of("name the group's processes, e.g. processes { learner { command = [python, learner.py] } }"),
        group.hints());
  }

  /** Not also "not allowed here" with assign_to's keys, nor "missing required key" for the key meant. */
  @Test
  void aMisspeltScheduleKeyIsOneErrorWithTheKeyMeant() throws IOException {
    for (String written : List.of("node_pool", "node_pool_nam")) {
      Diagnostic d = only("experiment", EXPERIMENT
          + "processes: {a: {schedule: {assign_to: node_pool, " + written + ": p}}}\n");
      assertEquals("processes.a.schedule." + written, d.jsonPath());
      assertEquals(4, d.origin().line());
      assertEquals(50, d.origin().column());
      assertEquals("unknown key '" + written + "'", d.message());
      assertEquals(List.of("did you mean 'node_pool_name'?"), d.hints());
    }
  }

  /** The key meant is one that assign_to takes: process_per_machine or cpu would then be "not allowed here". */
  @Test
  void aMisspeltScheduleKeyIsToldTheKeysItsAssignToTakes() throws IOException {
    for (String written : List.of("process_per_machin", "cpuu")) {
      Diagnostic d = only("experiment", EXPERIMENT
          + "processes: {a: {schedule: {assign_to: gpu, node_pool_name: p, " + written + ": 2}}}\n");
      assertEquals("processes.a.schedule." + written, d.jsonPath());
      assertEquals("unknown key '" + written + "'", d.message());
      assertEquals(List.of("with assign_to: gpu, a schedule takes node_pool_name (required) only"), d.hints());
    }
    assertEquals(List.of("did you mean 'process_per_machine'?"), only("experiment", EXPERIMENT
        + "processes: {a: {schedule: {assign_to: machine, node_pool_name: p, process_per_machin: 2}}}\n").hints());
    assertEquals(List.of("did you mean 'node_pool_name'?"), only("experiment", EXPERIMENT
        + "processes: {a: {schedule: {assign_to: resource, node_pool: p}}}\n").hints());
  }

  /** Without assign_to no assign_to's keys apply: not node_pool_name missing four times, nor cpu refused. */
  @Test
  void aScheduleWithoutAssignToIsOneErrorForIt() throws IOException {
    Diagnostic d = only("experiment", EXPERIMENT + "processes: {a: {schedule: {cpu: 1}}}\n");
    assertEquals("processes.a.schedule", d.jsonPath());
    assertEquals("missing required key 'assign_to'", d.message());
    assertEquals(List.of("add 'assign_to'"), d.hints());
  }

  @Test
  void aKeyThatDoesNotApplyIsReportedAtTheKey() throws IOException {
    Diagnostic d = only("experiment", EXPERIMENT
        + "processes: {a: {schedule: {assign_to: gpu, node_pool_name: p, cpu: 2}}}\n");
    assertEquals("processes.a.schedule.cpu", d.jsonPath());
    assertEquals(4, d.origin().line());
    assertEquals(63, d.origin().column());
    assertEquals("key 'cpu' is not allowed here", d.message());
    assertEquals(List.of("with assign_to: gpu, a schedule takes node_pool_name (required) only"), d.hints());
    Diagnostic grid = only("experiment", EXPERIMENT + "processes: {a: {}}\nsweep: {grid: {1lr: [1]}}\n");
    assertEquals("sweep.grid.1lr", grid.jsonPath());
    assertEquals("key '1lr' is not allowed here: does not match the regex pattern ^[A-Za-z_][A-Za-z0-9_]*$",
        grid.message());
  }

  @Test
  void aCommandWrittenAsOneStringIsShownAsTheListItMeans() throws IOException {
    Diagnostic command = only("experiment", EXPERIMENT + "processes: {a: {command: python train.py --lr 0.001}}\n");
    assertEquals("processes.a.command", command.jsonPath());
    assertEquals("expected a list, got a string", command.message());
    assertEquals(List.of("write it as a list: [python, train.py, --lr, \"0.001\"]"), command.hints());
    assertEquals(List.of("write it as a list: [--epochs, \"10\", --resume, \"true\", ~/ckpt]"),
        only("experiment", EXPERIMENT + "processes: {a: {args: '--epochs 10 --resume true ~/ckpt'}}\n").hints());
    // Quotes, escapes or shell syntax: splitting on spaces could differ from what was meant.
    for (String meant : List.of("\"sh -c 'echo hi'\"", "'a\\ b'", "'python $SCRIPT'", "'a && b'", "''")) {
      assertEquals(List.of("write a list, e.g. [python, train.py]"),
          only("experiment", EXPERIMENT + "processes: {a: {command: " + meant + "}}\n").hints(), meant);
    }
  }

  @Test
  void mrunnersNameForMemoryIsToldOurs() throws IOException {
    for (String key : List.of("resource_request", "resource_limit")) {
      Diagnostic d = only("experiment", EXPERIMENT + "processes: {a: {" + key + ": {mem: 2G}}}\n");
      assertEquals("processes.a." + key + ".mem", d.jsonPath());
      assertEquals("unknown key 'mem'", d.message());
      assertEquals(List.of("did you mean 'memory'?"), d.hints());
    }
  }

  /** A credential's words, split into a list, would no longer be the value that diagnostics hide. */
  @Test
  void aCommandCopiedFromElsewhereIsNotShownAsAList() throws IOException {
    Diagnostic copied = only("experiment", EXPERIMENT + "tracking: {neptune: {project: a/b,"
        + " api_token: &t 'tok-part1 tok-part2'}}\nprocesses: {a: {args: *t}}\n");
    assertEquals("processes.a.args", copied.jsonPath());
    assertEquals(List.of("write a list, e.g. [--lr, \"0.001\"]"), copied.hints());
  }

  @Test
  void aValueNotAllowedIsToldTheAllowedOnes() throws IOException {
    Diagnostic one = only("contexts", "kind: contexts\ncontexts: {lab: {type: slurm}}\n");
    assertEquals("'slurm' is not one of kubernetes", one.message());
    assertEquals(List.of("write 'kubernetes'"), one.hints());
    // The schema's own hint for the key replaces the general one.
    Diagnostic framework = only("cluster",
        "kind: cluster\nname: m\nframework: ray\nimage: img:1\nworker_cpu: 1\nworker_mem: 1Gi\n");
    assertEquals(List.of("stave compiles Mars clusters: write 'framework: mars'"), framework.hints());
    Diagnostic close = only("experiment", EXPERIMENT + "processes: {a: {workload: jobb}}\n");
    assertEquals(List.of("did you mean 'job'?"), close.hints());
  }

  /** A key whose own hint names the allowed values gets that hint alone, not a guess beside it. */
  @Test
  void aKeysOwnHintThatNamesTheValuesReplacesDidYouMean() throws IOException {
    Diagnostic far = only("inventory", "kind: inventory\nprovider: eks\npools: {p: {cpu: 1, memory: 1Gi}}\n");
    assertEquals(List.of("write gke for a GKE cluster, or leave provider out for another"), far.hints());
    Diagnostic close = only("cluster", "kind: cluster\nname: m\nframework: mras\nimage: img:1\nworker_cpu: 1\n"
        + "worker_mem: 1Gi\n");
    assertEquals(List.of("stave compiles Mars clusters: write 'framework: mars'"), close.hints());
  }

  /** The experiment in {@code name} (YAML or HOCON by its extension) as the schema types it, or its errors. */
  private ConfigFile accepted(String name, String text, Map<String, String> env, List<Diagnostic> problems)
      throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, text);
    return new SchemaValidator("experiment")
        .accept(new ConfigLoader(new Env(env, "/home/u"), new Sources()).load(file), problems);
  }

  private static Object value(ConfigFile config, String... path) {
    Node node = config.root();
    for (String key : path) {
      node = node instanceof ListNode list ? list.items().get(Integer.parseInt(key)) : ((MapNode) node).get(key);
    }
    return ((ScalarNode) node).value();
  }

  @ParameterizedTest
  @ValueSource(strings = {"yaml", "conf"})
  void aVariableTakesTheTypeItsPlaceTakes(String format) throws IOException {
    String yaml = """
        kind: experiment
        name: x
        image: ${TAG}
        create_namespace: ${NO}
        labels:
          seed: ${SEED}
          on: ${YES}
          empty: ${EMPTY}
        processes:
          p:
            replicas: ${SEED}
            command:
              - ${SEED}
            args:
              - ${SEED}
              - ${YES}
              - ${EMPTY}
            restart_policy: ${NEVER}
            overrides:
              container:
                securityContext:
                  runAsUser: ${SEED}
                workingDir: ${EMPTY}
        """;
    String hocon = """
        kind = experiment
        name = x
        image = ${TAG}
        create_namespace = ${NO}
        labels { seed = ${SEED}, on = ${YES}, empty = ${EMPTY} }
        processes {
          p {
            replicas = ${SEED}
            command = [${SEED}]
            args = [${SEED}, ${YES}, ${EMPTY}]
            restart_policy = ${NEVER}
            overrides { container { securityContext { runAsUser = ${SEED} }, workingDir = ${EMPTY} } }
          }
        }
        """;
    List<Diagnostic> problems = new ArrayList<>();
    ConfigFile config = accepted("x." + format, format.equals("yaml") ? yaml : hocon,
        Map.of("TAG", "1.4", "NO", "false", "SEED", "3", "YES", "true", "EMPTY", "", "NEVER", "Never"), problems);
    assertEquals(List.of(), problems);
    // Only a string is taken: the variable's text.
    assertEquals("1.4", value(config, "image"));
    assertEquals("3", value(config, "labels", "seed"));
    assertEquals("true", value(config, "labels", "on"));
    assertEquals("", value(config, "labels", "empty"));
    assertEquals("3", value(config, "processes", "p", "command", "0"));
    assertEquals("Never", value(config, "processes", "p", "restart_policy"));
    // A number or a boolean is taken: the value.
    assertEquals(BigInteger.valueOf(3), value(config, "processes", "p", "replicas"));
    assertEquals(Boolean.FALSE, value(config, "create_namespace"));
    // Both are taken, or anything is: the value its text is written there; null is not an args item.
    assertEquals(BigInteger.valueOf(3), value(config, "processes", "p", "args", "0"));
    assertEquals(Boolean.TRUE, value(config, "processes", "p", "args", "1"));
    assertEquals("", value(config, "processes", "p", "args", "2"));
    assertEquals(BigInteger.valueOf(3),
        value(config, "processes", "p", "overrides", "container", "securityContext", "runAsUser"));
    assertNull(value(config, "processes", "p", "overrides", "container", "workingDir"));
  }

  @Test
  void aQuotedVariableIsTextWhereTextIsTakenAndTypedWhereNoneIs() throws IOException {
    // In a flow map a plain ${N} would end at its brace: the quotes are only syntax where no text is taken.
    String yaml = """
        kind: experiment
        name: x
        create_namespace: "${NO}"
        processes:
          p: {replicas: "${N}", command: ["${N}"], args: ["${N}", "${NO}"], ttl_seconds_after_finished: "${BAD}"}
        """;
    List<Diagnostic> problems = new ArrayList<>();
    assertNull(accepted("x.yaml", yaml, Map.of("N", "3", "NO", "false", "BAD", "1.5"), problems));
    assertEquals(1, problems.size(), problems.toString());
    assertEquals("processes.p.ttl_seconds_after_finished", problems.get(0).jsonPath());
    assertEquals("expected an integer, got '1.5' from ${BAD}", problems.get(0).message());
    assertEquals(List.of("set BAD to an integer"), problems.get(0).hints());

    problems.clear();
    ConfigFile config = accepted("x.yaml", yaml, Map.of("N", "3", "NO", "false", "BAD", "60"), problems);
    assertEquals(List.of(), problems);
    assertEquals(BigInteger.valueOf(3), value(config, "processes", "p", "replicas"));
    assertEquals(Boolean.FALSE, value(config, "create_namespace"));
    assertEquals(BigInteger.valueOf(60), value(config, "processes", "p", "ttl_seconds_after_finished"));
    // Where text is taken, alone or with numbers, the quotes make text.
    assertEquals("3", value(config, "processes", "p", "command", "0"));
    assertEquals("3", value(config, "processes", "p", "args", "0"));
    assertEquals("false", value(config, "processes", "p", "args", "1"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"yaml", "conf"})
  void aVariableThatIsNoValueForItsPlaceIsNamed(String format) throws IOException {
    String text = format.equals("yaml")
        ? "kind: experiment\nname: x\nprocesses:\n  p:\n    replicas: ${N}\n    restart_policy: ${P}\n"
        : "kind = experiment\nname = x\nprocesses {\n  p {\n    replicas = ${N}\n    restart_policy = ${?P}\n  }\n}\n";
    List<Diagnostic> problems = new ArrayList<>();
    assertNull(accepted("x." + format, text, Map.of("N", "abc", "P", "3"), problems));
    problems.sort(Comparator.comparing(Diagnostic::jsonPath));
    Diagnostic replicas = problems.get(0);
    assertEquals("processes.p.replicas", replicas.jsonPath());
    assertEquals(List.of(5, format.equals("yaml") ? 15 : 16),
        List.of(replicas.origin().line(), replicas.origin().column()));
    assertEquals("expected an integer, got 'abc' from ${N}", replicas.message());
    assertEquals(List.of("set N to an integer"), replicas.hints());
    // Only a string is taken, so it is the text "3", which is not one of the values.
    Diagnostic policy = problems.get(1);
    assertEquals("'3' is not one of Never, OnFailure, Always", policy.message());
    assertEquals(List.of("write one of the values above, spelled as shown",
        "the value comes from " + (format.equals("yaml") ? "${P}" : "${?P}")), policy.hints());
    assertEquals(2, problems.size());
  }

  /** Quoting a null would make it the string "null"; a key left without a value is most often meant empty. */
  @ParameterizedTest
  @ValueSource(strings = {"B:\n", "B: null\n", "B: ~\n"})
  void aNullStringIsToldToWriteAnEmptyString(String env) throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    accepted("x.yaml", EXPERIMENT + "processes:\n  a:\n    env:\n      " + env + "    args: [x, null]\n", Map.of(),
        problems);
    problems.sort(Comparator.comparing(Diagnostic::jsonPath));
    assertEquals(List.of("processes.a.args[1]", "processes.a.env.B"),
        problems.stream().map(Diagnostic::jsonPath).toList(), problems.toString());
    assertEquals(List.of("write \"\" for an empty value"), problems.get(0).hints());
    assertEquals(List.of("write 'B: \"\"' for an empty value"), problems.get(1).hints());
  }

  /** name takes no empty string (minLength 1): writing "" would only trade this error for another. */
  @Test
  void aNullWhereNoEmptyStringGoesIsNotToldToWriteOne() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    accepted("x.yaml", "kind: experiment\nname:\nimage: img:1\nprocesses: {a: {}}\n", Map.of(), problems);
    assertEquals(1, problems.size(), problems.toString());
    assertEquals("name", problems.get(0).jsonPath());
    assertEquals("expected a string, got null", problems.get(0).message());
    assertEquals(List.of("write a string here"), problems.get(0).hints());
  }

  /** An image is no empty string either: "" is refused as no image reference, as a benchmark's or cluster's is. */
  @Test
  void aNullImageIsNotToldToWriteAnEmptyString() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    accepted("x.yaml", "kind: experiment\nname: n\nimage:\nprocesses: {a: {image:}}\n", Map.of(), problems);
    problems.sort(Comparator.comparing(Diagnostic::jsonPath));
    assertEquals(List.of("image", "processes.a.image"), problems.stream().map(Diagnostic::jsonPath).toList(),
        problems.toString());
    assertEquals(List.of("write a string here"), problems.get(0).hints());
    assertEquals(List.of("write a string here"), problems.get(1).hints());
  }

  @ParameterizedTest
  @ValueSource(strings = {"yaml", "conf"})
  void aYaml11BooleanWordIsToldTheBooleanItMeant(String format) throws IOException {
    String text = format.equals("yaml")
        ? EXPERIMENT + "processes: {a: {}}\ntracking:\n  neptune: yes\ncreate_namespace: Off\n"
        : "kind = experiment\nname = x\nimage = \"img:1\"\nprocesses { a {} }\ntracking { neptune: yes }\n"
            + "create_namespace = Off\n";
    List<Diagnostic> problems = new ArrayList<>();
    accepted("x." + format, text, Map.of(), problems);
    assertEquals(2, problems.size(), problems.toString());
    problems.sort(Comparator.comparing(Diagnostic::jsonPath));
    assertEquals("create_namespace", problems.get(0).jsonPath());
    assertEquals(List.of("write 'create_namespace: false'; 'Off' is a string here, not a boolean"),
        problems.get(0).hints());
    assertEquals("tracking.neptune", problems.get(1).jsonPath());
    assertEquals("expected a boolean or a map, got a string", problems.get(1).message());
    assertEquals(List.of("write 'neptune: true'; 'yes' is a string here, not a boolean"), problems.get(1).hints());
  }

  @Test
  void ofHoconOverridesTheVariableWhoseValueIsInEffectIsNamed() throws IOException {
    String text = "kind = experiment\nname = x\nprocesses {\n  p {\n    replicas = ${?A}\n    replicas = ${?B}\n"
        + "  }\n}\n";
    List<Diagnostic> problems = new ArrayList<>();
    assertNull(accepted("x.conf", text, Map.of("A", "abc"), problems));
    assertEquals(1, problems.size(), problems.toString());
    assertEquals("expected an integer, got 'abc' from ${?A}", problems.get(0).message());
    assertEquals(List.of("set A to an integer"), problems.get(0).hints());
    assertEquals(List.of(5, 16), List.of(problems.get(0).origin().line(), problems.get(0).origin().column()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"yaml", "conf"})
  void aValueOfSeveralVariablesNamesThemAll(String format) throws IOException {
    String text = format.equals("yaml")
        ? "kind: experiment\nname: x\nprocesses:\n  p:\n    replicas: ${N}${M}\n"
        : "kind = experiment\nname = x\nprocesses { p { replicas = ${N}${M} } }\n";
    List<Diagnostic> problems = new ArrayList<>();
    assertNull(accepted("x." + format, text, Map.of("N", "a", "M", "1"), problems));
    assertEquals(1, problems.size(), problems.toString());
    assertEquals("expected an integer, got 'a1' from ${N}${M}", problems.get(0).message());
    assertEquals(List.of("set N and M so that together they make an integer"), problems.get(0).hints());
  }

  @Test
  void aDefaultThatIsNoValueForItsPlaceIsToBeChangedInTheFile() throws IOException {
    String text = "kind: experiment\nname: x\nprocesses:\n  p:\n    replicas: ${N:-three}\n";
    List<Diagnostic> problems = new ArrayList<>();
    assertNull(accepted("x.yaml", text, Map.of(), problems));
    assertEquals("expected an integer, got 'three' from ${N:-three}", problems.get(0).message());
    assertEquals(List.of("set N to an integer, or change the default 'three' in the file"), problems.get(0).hints());
    // Set, N is the value: the default is not it.
    problems.clear();
    assertNull(accepted("x.yaml", text, Map.of("N", "abc"), problems));
    assertEquals(List.of("set N to an integer"), problems.get(0).hints());
    assertEquals(1, problems.size(), problems.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"yaml", "conf"})
  void textAroundAVariableIsAStringAndTheErrorSaysSo(String format) throws IOException {
    String text = format.equals("yaml")
        ? "kind: experiment\nname: x\ncreate_namespace: ${B}e\nprocesses:\n  p:\n    replicas: ${N}0\n"
        : "kind = experiment\nname = x\ncreate_namespace = ${B}e\nprocesses { p { replicas = ${N}0 } }\n";
    List<Diagnostic> problems = new ArrayList<>();
    assertNull(accepted("x." + format, text, Map.of("N", "3", "B", "true"), problems));
    problems.sort(Comparator.comparing(Diagnostic::jsonPath));
    assertEquals(2, problems.size(), problems.toString());
    assertEquals("expected a boolean, got 'truee', text with ${B} in it, which is always a string",
        problems.get(0).message());
    assertEquals(List.of("write ${B} alone, with no text around it, so that its value is read as a boolean"),
        problems.get(0).hints());
    assertEquals("expected an integer, got '30', text with ${N} in it, which is always a string",
        problems.get(1).message());
    assertEquals(List.of("write ${N} alone, with no text around it, so that its value is read as an integer"),
        problems.get(1).hints());
  }

  @Test
  void textAroundAVariableThatOverridesAnEarlierValueIsAStringAndTheErrorSaysSo() throws IOException {
    String text = "kind = experiment\nname = x\nprocesses {\n  p {\n    replicas = 2\n    replicas = ${N}0\n  }\n"
        + "  q { replicas = 2, replicas = x-${N}, replicas = ${?UNSET} }\n}\n";
    List<Diagnostic> problems = new ArrayList<>();
    assertNull(accepted("x.conf", text, Map.of("N", "3"), problems));
    problems.sort(Comparator.comparing(Diagnostic::jsonPath));
    assertEquals(2, problems.size(), problems.toString());
    assertEquals("expected an integer, got '30', text with ${N} in it, which is always a string",
        problems.get(0).message());
    assertEquals(List.of("write ${N} alone, with no text around it, so that its value is read as an integer"),
        problems.get(0).hints());
    assertEquals(List.of(6, 16), List.of(problems.get(0).origin().line(), problems.get(0).origin().column()));
    // On one line, where the value in effect starts: a later ${?UNSET} leaves it in place.
    assertEquals("expected an integer, got 'x-3', text with ${N} in it, which is always a string",
        problems.get(1).message());
    assertEquals(List.of(8, 32), List.of(problems.get(1).origin().line(), problems.get(1).origin().column()));
  }

  /** The key's name written inside the value's text is no key: the error is where the value starts. */
  @Test
  void textAroundAVariableIsAtItsValueWhenTheTextHoldsTheKey() throws IOException {
    String text = "kind = experiment\nname = x\nprocesses {\n  p {\n    replicas = \"replicas: \"${N}\n  }\n"
        + "  q { \"replicas\" = 2, \"replicas\" = \"replicas = \"${N} }\n}\n";
    List<Diagnostic> problems = new ArrayList<>();
    assertNull(accepted("x.conf", text, Map.of("N", "3"), problems));
    problems.sort(Comparator.comparing(Diagnostic::jsonPath));
    assertEquals(2, problems.size(), problems.toString());
    assertEquals("expected an integer, got 'replicas: 3', text with ${N} in it, which is always a string",
        problems.get(0).message());
    assertEquals(List.of(5, 16), List.of(problems.get(0).origin().line(), problems.get(0).origin().column()));
    assertEquals(List.of(7, 36), List.of(problems.get(1).origin().line(), problems.get(1).origin().column()));
  }

  @Test
  void quotedTextAroundAVariableIsAStringAndTheErrorSaysSo() throws IOException {
    List<Diagnostic> problems = new ArrayList<>();
    assertNull(accepted("x.yaml", "kind: experiment\nname: x\nprocesses: {p: {replicas: \"${N}0\"}}\n",
        Map.of("N", "3"), problems));
    assertEquals(1, problems.size(), problems.toString());
    assertEquals("expected an integer, got '30', text with ${N} in it, which is always a string",
        problems.get(0).message());
    assertEquals(List.of("write ${N} alone, with no text around it, so that its value is read as an integer"),
        problems.get(0).hints());
  }

  @Test
  void theSchemasSayWhatIsInsideAValueOnlyInWaysThatVariablesFollow() throws IOException {
    for (String kind : List.of("experiment", "benchmark", "cluster", "contexts", "inventory")) {
      String schema = new String(Schemas.open(kind).readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      for (String keyword : VariableTypes.NOT_FOLLOWED) {
        assertFalse(schema.contains('"' + keyword + '"'), kind + " uses " + keyword);
      }
    }
  }
}

package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.bundle.Locks;
import dev.stave.diag.Sources;
import dev.stave.diag.StaveBug;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stave diff A B} between bundle folders and {@code stave compile --check}. */
class DiffAndCheckTest {
  private static final String CONFIG = "examples/cheetah-ppo.yaml";

  @TempDir
  Path tmp;

  private Path compile(String folder) {
    Run run = Run.of("compile", CONFIG, "-o", tmp.resolve(folder).toString());
    assertEquals(0, run.code(), run.err());
    return tmp.resolve(folder).resolve("cheetah-ppo");
  }

  private static Map<String, String> snapshot(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      java.util.TreeMap<String, String> out = new java.util.TreeMap<>();
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        out.put(dir.relativize(f).toString(), Files.readString(f));
      }
      return out;
    }
  }

  @Test
  void checkPassesWhenTheBundleOnDiskIsCurrentAndWritesNothing() throws IOException {
    compile("out");
    Map<String, String> before = snapshot(tmp.resolve("out"));
    Run run = Run.of("compile", CONFIG, "-o", tmp.resolve("out").toString(), "--check");
    assertEquals(0, run.code(), run.err());
    assertEquals("", run.out());
    assertEquals(before, snapshot(tmp.resolve("out")));
  }

  @Test
  void checkListsAddedRemovedAndChangedFilesAndExits3() throws IOException {
    Path bundle = compile("out");
    Path deployment = bundle.resolve("28-deployment-cheetah-ppo-tensorboard.yaml");
    Files.writeString(deployment, Files.readString(deployment).replace("replicas: 1", "replicas: 2"));
    Files.delete(bundle.resolve("31-job-cheetah-ppo-agent.yaml"));
    Files.writeString(bundle.resolve("99-stale.yaml"), "kind: Stale\n");
    Map<String, String> before = snapshot(tmp.resolve("out"));
    Run run = Run.of("compile", CONFIG, "-o", tmp.resolve("out").toString(), "--check");
    assertEquals(3, run.code(), run.err());
    String dir = tmp.resolve("out").resolve("cheetah-ppo").toString().replace('\\', '/');
    assertEquals("changed " + dir + "/28-deployment-cheetah-ppo-tensorboard.yaml\n"
        + "added " + dir + "/31-job-cheetah-ppo-agent.yaml\n"
        + "removed " + dir + "/99-stale.yaml\n", run.out());
    assertTrue(run.err().startsWith("stave: 3 files differ"), run.err());
    assertEquals(before, snapshot(tmp.resolve("out")));
  }

  @Test
  void checkOfAnEmptyFolderAddsEveryFileAndCreatesNothing() {
    Run run = Run.of("compile", CONFIG, "-o", tmp.resolve("empty").toString(), "--check");
    assertEquals(3, run.code());
    assertEquals(8, run.out().lines().filter(l -> l.startsWith("added ")).count(), run.out());
    assertFalse(Files.exists(tmp.resolve("empty")));
  }

  /**
   * --check refuses what compile refuses, with the same words and exit code, instead of 'up to date' or 'run
   * compile'.
   */
  @Test
  void checkRefusesWhatCompileRefuses() throws IOException {
    Path bundle = compile("out");
    Path elsewhere = tmp.resolve("elsewhere");
    Files.move(bundle, elsewhere);

    Files.createSymbolicLink(bundle, elsewhere);
    assertSameRefusal(tmp.resolve("out"), 1, bundle + ":1:1: error: " + bundle + " is a symbolic link; compiling"
        + " would replace it with the bundle\n  = hint: write the bundles elsewhere with -o DIR, or move it away\n");
    Files.delete(bundle);

    Files.writeString(bundle, "mine");
    assertSameRefusal(tmp.resolve("out"), 1, bundle + ":1:1: error: " + bundle + " is a file; compiling"
        + " would replace it with the bundle\n  = hint: write the bundles elsewhere with -o DIR, or move it away\n");
    Files.delete(bundle);

    Files.createDirectories(bundle);
    Files.writeString(bundle.resolve("notes.txt"), "mine");
    assertSameRefusal(tmp.resolve("out"), 1, bundle + ":1:1: error: " + bundle + " is a folder that stave did not"
        + " write (it has no kustomization of stave's); compiling would replace it with the bundle\n"
        + "  = hint: write the bundles elsewhere with -o DIR, or move it away\n");

    Path file = Files.writeString(tmp.resolve("notdir"), "mine");
    assertSameRefusal(file, 4, "stave: cannot write to " + file + ": it is a file, not a folder\n");
  }

  private static void assertSameRefusal(Path output, int code, String err) {
    Run check = Run.of("compile", CONFIG, "-o", output.toString(), "--check");
    assertEquals(code, check.code(), check.out() + check.err());
    assertEquals("", check.out());
    assertEquals(err, check.err());
    Run compile = Run.of("compile", CONFIG, "-o", output.toString());
    assertEquals(code, compile.code(), compile.err());
    assertEquals(err, compile.err());
  }

  @Test
  void checkWithStandardOutputIsAUsageError() {
    assertEquals(2, Run.of("compile", CONFIG, "-o", "-", "--check").code());
  }

  @Test
  void diffOfTwoInvalidConfigsReportsTheErrorsOfBoth() throws IOException {
    Path a = Files.writeString(tmp.resolve("a.yaml"),
        "kind: experiment\nname: a\nimage: x/y:1\nprocesses:\n  p: {comand: [x]}\n");
    Path b = Files.writeString(tmp.resolve("b.yaml"),
        "kind: experiment\nname: a\nimage: x/y:1\nprocesses:\n  p: {command: [x], replica: 2}\n");
    Run run = Run.of("diff", b.toString(), a.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    assertEquals(a + ":5:7: error: processes.p.comand: unknown key 'comand'\n"
        + "    |   p: {comand: [x]}\n"
        + "    |       ^\n"
        + "  = hint: did you mean 'command'?\n"
        + b + ":5:21: error: processes.p.replica: unknown key 'replica'\n"
        + "    |   p: {command: [x], replica: 2}\n"
        + "    |                     ^\n"
        + "  = hint: did you mean 'replicas'?\n", run.err());
  }

  /**
   * A stack overflow on one side comes after the other side's errors too: a benchmark's run.function of
   * twenty thousand dotted names reached one.
   */
  @Test
  void aStackOverflowOnOneSideComesAfterTheOtherSidesErrors() throws IOException {
    Path a = Files.writeString(tmp.resolve("a.yaml"),
        "kind: experiment\nname: a\nimage: x/y:1\nprocesses:\n  p: {comand: [x]}\n");
    Path b = tmp.resolve("b.yaml");
    StringWriter err = new StringWriter();
    Context context = new Context(new PrintWriter(new StringWriter()), new PrintWriter(err), Run.ENV, new Sources());
    Targets.Shared shared = new Targets.Shared();
    shared.holdWarnings();
    dev.stave.compile.CompileOptions options = new ContextOptions().compileOptions(context);
    assertThrows(StackOverflowError.class, () -> DiffCommand.readBoth(context, a, b, side -> {
      if (side.equals(b)) {
        throw new StackOverflowError();
      }
      return Targets.folder(context, side, null, options, shared);
    }, shared::held));
    assertEquals(a + ":5:7: error: processes.p.comand: unknown key 'comand'\n"
        + "    |   p: {comand: [x]}\n"
        + "    |       ^\n"
        + "  = hint: did you mean 'command'?\n", err.toString());
  }

  /** An internal error on one side (exit 70) comes after the other side's errors, which it used to hide. */
  @Test
  void anInternalErrorOnOneSideComesAfterTheOtherSidesErrors() throws IOException {
    Path a = Files.writeString(tmp.resolve("a.yaml"),
        "kind: experiment\nname: a\nimage: x/y:1\nprocesses:\n  p: {comand: [x]}\n");
    Path b = tmp.resolve("b.yaml");
    StringWriter err = new StringWriter();
    Context context = new Context(new PrintWriter(new StringWriter()), new PrintWriter(err), Run.ENV, new Sources());
    Targets.Shared shared = new Targets.Shared();
    shared.holdWarnings();
    dev.stave.compile.CompileOptions options = new ContextOptions().compileOptions(context);
    for (List<Path> sides : List.of(List.of(a, b), List.of(b, a))) {
      err.getBuffer().setLength(0);
      StaveBug bug = assertThrows(StaveBug.class, () -> DiffCommand.readBoth(context, sides.get(0), sides.get(1),
          side -> {
            if (side.equals(b)) {
              throw new StaveBug("Job b fails the Kubernetes model check");
            }
            return Targets.folder(context, side, null, options, shared);
          }, shared::held));
      assertEquals("Job b fails the Kubernetes model check", bug.getMessage());
      assertEquals(a + ":5:7: error: processes.p.comand: unknown key 'comand'\n"
          + "    |   p: {comand: [x]}\n"
          + "    |       ^\n"
          + "  = hint: did you mean 'command'?\n", err.toString());
    }
  }

  /**
   * With an error on one side, the other side's warnings are sorted in with it, as validate sorts them, not
   * printed before it because that side compiled.
   */
  @Test
  void diffPrintsTheWarningsOfTheSideThatCompiledAfterTheErrorsOfAnEarlierFile() throws IOException {
    Path a = Files.writeString(tmp.resolve("a.yaml"),
        "kind: experiment\nname: a\nimage: x/y:1\nprocesses:\n  p: {comand: [x]}\n");
    Path b = Files.writeString(tmp.resolve("b.yaml"), "kind: benchmark\nname: b\nrun:\n  function: m.run\n"
        + "output:\n  path: r.csv\n  bucket: bk\n  key: k\n  secret_key: s\ndask_cluster:\n  image: x/y:1\n");
    Run run = Run.of("diff", a.toString(), b.toString());
    assertEquals(1, run.code(), run.err());
    List<String> said = run.err().lines().filter(l -> l.contains(": error: ") || l.contains(": warning: "))
        .toList();
    assertEquals(List.of(a + ":5:7: error: processes.p.comand: unknown key 'comand'",
        b + ":5:1: warning: output.key: the credential on line 8 is written into the config file itself",
        b + ":5:1: warning: output.secret_key: the credential on line 9 is written into the config file itself"),
        said);
  }

  @Test
  void identicalBundlesHaveNoDifferences() {
    Run run = Run.of("diff", compile("a").toString(), compile("b").toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("no differences\n", run.out());
  }

  @Test
  void diffShowsFieldPathsWithOldAndNewValues() throws IOException {
    Path a = compile("a");
    Path b = compile("b");
    Path deployment = b.resolve("28-deployment-cheetah-ppo-tensorboard.yaml");
    Files.writeString(deployment, Files.readString(deployment).replace("replicas: 1", "replicas: 2")
        .replaceFirst("\n    team: rl\n", "\n    team: rl\n    tier: gold\n"));
    Files.delete(b.resolve("23-service-cheetah-ppo-replay-server.yaml"));
    Run run = Run.of("diff", a.toString(), b.toString());
    assertEquals(3, run.code(), run.err());
    assertEquals("""
        - Service surreal/cheetah-ppo-replay-server (removed)
        ~ Deployment surreal/cheetah-ppo-tensorboard (changed)
            metadata.labels.tier: (absent) → "gold"
            spec.replicas: 1 → 2
        2 objects differ: 0 added, 1 removed, 1 changed
        """, run.out());
    Run markdown = Run.of("diff", a.toString(), b.toString(), "--format", "markdown");
    assertEquals(3, markdown.code());
    assertEquals("""
        ### stave diff: 2 objects differ: 0 added, 1 removed, 1 changed

        | | object | field | before | after |
        |---|---|---|---|---|
        | removed | `Service surreal/cheetah-ppo-replay-server` | | | |
        | changed | `Deployment surreal/cheetah-ppo-tensorboard` | `metadata.labels.tier` | `(absent)` | `"gold"` |
        | changed | `Deployment surreal/cheetah-ppo-tensorboard` | `spec.replicas` | `1` | `2` |
        """, markdown.out());
  }

  @Test
  void secretValuesNeverShow() throws IOException {
    Path a = tmp.resolve("sa");
    Path b = tmp.resolve("sb");
    Files.createDirectories(a);
    Files.createDirectories(b);
    String secret = """
        apiVersion: v1
        kind: Secret
        metadata:
          name: creds
          namespace: surreal
        type: Opaque
        data:
          token: %s
        stringData:
          %s
        """;
    Files.writeString(a.resolve("08-secret-creds.yaml"), secret.formatted("b2xkLXRva2Vu", "{}"));
    Files.writeString(b.resolve("08-secret-creds.yaml"), secret.formatted("bmV3LXRva2Vu", "password: hunter2"));
    Run run = Run.of("diff", a.toString(), b.toString());
    assertEquals(3, run.code(), run.err());
    assertEquals("""
        ~ Secret surreal/creds (changed)
            data.token: (secret value hidden) → (secret value hidden)
            stringData.password: (absent) → (secret value hidden)
        1 object differs: 0 added, 0 removed, 1 changed
        """, run.out());
    for (String leak : List.of("b2xkLXRva2Vu", "bmV3LXRva2Vu", "hunter2")) {
      assertFalse(run.out().contains(leak) || run.err().contains(leak), leak);
    }
  }

  @Test
  void aChangedMultiLineSecretValueShowsNoLineOfEitherSide() throws IOException {
    Path a = Files.createDirectories(tmp.resolve("sa"));
    Path b = Files.createDirectories(tmp.resolve("sb"));
    String secret = """
        apiVersion: v1
        kind: Secret
        metadata:
          name: creds
          namespace: surreal
        type: Opaque
        stringData:
          credentials: |
            [default]
            aws_access_key_id = %s
            aws_secret_access_key = %s
        """;
    Files.writeString(a.resolve("08-secret-creds.yaml"), secret.formatted("AKIAOLDKEY", "old-secret"));
    Files.writeString(b.resolve("08-secret-creds.yaml"), secret.formatted("AKIAOLDKEY", "new-secret"));
    for (String format : List.of("text", "markdown")) {
      Run run = Run.of("diff", a.toString(), b.toString(), "--format", format);
      assertEquals(3, run.code(), run.err());
      assertTrue(run.out().contains("(secret value hidden)"), run.out());
      for (String leak : List.of("default", "aws_access_key_id", "AKIAOLDKEY", "old-secret", "new-secret", "@@")) {
        assertFalse(run.out().contains(leak) || run.err().contains(leak), format + ": " + leak + " in " + run.out());
      }
    }
    assertEquals("""
        ~ Secret surreal/creds (changed)
            stringData.credentials: (secret value hidden) → (secret value hidden)
        1 object differs: 0 added, 0 removed, 1 changed
        """, Run.of("diff", a.toString(), b.toString()).out());
  }

  @Test
  void aChangedScriptShowsTheLinesThatDiffer() throws IOException {
    String config = Files.readString(Path.of("examples/benchmarks/deepecho-operator.conf"));
    Path changed = tmp.resolve("deepecho-operator.conf");
    Files.writeString(changed, config.replace("<2", "<3").replace("run_benchmark", "run_benchmarks"));
    Run run = Run.of("diff", "examples/benchmarks/deepecho-operator.conf", changed.toString());
    assertEquals(3, run.code(), run.err());
    assertEquals("""
        ~ ConfigMap benchmarks/deepecho-operator-benchmark (changed)
            data["entry.py"]:
                @@ -5,5 +5,5 @@
                 import sys

                -FUNCTION = "deepecho.benchmark.run_benchmark"
                +FUNCTION = "deepecho.benchmark.run_benchmarks"
                 OUTPUT_PATH = "deepecho/results.csv"
                 OUTPUT_BUCKET = "my-s3-bucket"
            data["setup.sh"]:
                @@ -11,5 +11,5 @@
                 apt-get update
                 apt-get install -y 'libpq-dev'
                -pip install 'boto3==1.34.0' 'pandas>=1.1,<2'
                +pip install 'boto3==1.34.0' 'pandas>=1.1,<3'
                 (cd "$work/repo" && bash -c 'pip install -e .[dev]')
                 exec "$@"
        1 object differs: 0 added, 0 removed, 1 changed
        """, run.out());
  }

  /**
   * The diff, as text and as Markdown, between the bundles of a one-process experiment whose {@code args}
   * are written {@code [before]}, then {@code [after]}.
   */
  private List<String> diffOfArgs(String before, String after) throws IOException {
    String config = "kind: experiment\nname: q\nimage: x:1\nprocesses:\n  p: {command: [sh], args: [%s]}\n";
    Files.writeString(tmp.resolve("a.yaml"), config.formatted(before));
    Files.writeString(tmp.resolve("b.yaml"), config.formatted(after));
    assertEquals(0, Run.of("compile", tmp.resolve("a.yaml").toString(), "-o", tmp.resolve("a").toString()).code());
    assertEquals(0, Run.of("compile", tmp.resolve("b.yaml").toString(), "-o", tmp.resolve("b").toString()).code());
    Run text = Run.of("diff", tmp.resolve("a").toString(), tmp.resolve("b").toString());
    assertEquals(3, text.code(), text.err());
    Run markdown = Run.of("diff", tmp.resolve("a").toString(), tmp.resolve("b").toString(), "--format", "markdown");
    assertEquals(3, markdown.code(), markdown.err());
    return List.of(text.out(), markdown.out());
  }

  /** An apostrophe changed to a backtick shows as that change in a pull request, as it does in a terminal. */
  @Test
  void markdownShowsABacktickAsABacktick() throws IOException {
    List<String> diff = diffOfArgs("\"echo x'y\"", "\"echo x`y\"");
    assertTrue(diff.get(0).contains("    spec.template.spec.containers[0].args[0]: \"echo x'y\" → \"echo x`y\"\n"),
        diff.get(0));
    assertEquals("""
        ### stave diff: 1 of 1 bundle differs: 0 added, 0 removed, 1 changed; \
        1 object differs: 0 added, 0 removed, 1 changed

        | | bundle | object | field | before | after |
        |---|---|---|---|---|---|
        | changed | `q` | `Job q/q-p` | `spec.template.spec.containers[0].args[0]` | `"echo x'y"` | ``"echo x`y"`` |
        """, diff.get(1));
  }

  /**
   * Bundles may come from anyone's pull request: a right-to-left override (which turns 'gpj.exe' into what
   * reads as 'exe.jpg') and a C1 control in their values are escaped, as in diagnostics and cluster diffs.
   */
  @Test
  void bidiOverridesAndC1ControlsInValuesAreEscaped() throws IOException {
    List<String> diff = diffOfArgs("\"get \\u202Egpj.exe\\x85\", \"set -e\\n\\u202Eb\\x85\"",
        "\"get x\", \"set -e\\nc\"");
    assertEquals("""
        ~ bundle q (changed)
            ~ Job q/q-p (changed)
                spec.template.spec.containers[0].args[0]: "get \\u202egpj.exe\\u0085" → "get x"
                spec.template.spec.containers[0].args[1]:
                    @@ -1,2 +1,2 @@
                     set -e
                    -\\u202eb\\u0085
                    +c
        1 of 1 bundle differs: 0 added, 0 removed, 1 changed; 1 object differs: 0 added, 0 removed, 1 changed
        """, diff.get(0));
    assertEquals("""
        ### stave diff: 1 of 1 bundle differs: 0 added, 0 removed, 1 changed; \
        1 object differs: 0 added, 0 removed, 1 changed

        | | bundle | object | field | before | after |
        |---|---|---|---|---|---|
        | changed | `q` | `Job q/q-p` | `spec.template.spec.containers[0].args[0]` | \
        `"get \\u202egpj.exe\\u0085"` | `"get x"` |
        | changed | `q` | `Job q/q-p` | `spec.template.spec.containers[0].args[1]` | 2 lines | 2 lines, diff below |

        `q` `Job q/q-p` `spec.template.spec.containers[0].args[1]`:

        ```diff
        @@ -1,2 +1,2 @@
         set -e
        -\\u202eb\\u0085
        +c
        ```
        """, diff.get(1));
  }

  @Test
  void markdownShowsAChangedScriptAsADiffBlockAfterTheTable() throws IOException {
    Path changed = tmp.resolve("deepecho-operator.conf");
    Files.writeString(changed,
        Files.readString(Path.of("examples/benchmarks/deepecho-operator.conf")).replace("<2", "<3"));
    assertEquals(0,
        Run.of("compile", "examples/benchmarks/deepecho-operator.conf", "-o", tmp.resolve("a").toString()).code());
    assertEquals(0, Run.of("compile", changed.toString(), "-o", tmp.resolve("b").toString()).code());
    Run run = Run.of("diff", tmp.resolve("a").toString(), tmp.resolve("b").toString(), "--format", "markdown");
    assertEquals(3, run.code(), run.err());
    assertEquals("""
        ### stave diff: 1 of 1 bundle differs: 0 added, 0 removed, 1 changed; \
        1 object differs: 0 added, 0 removed, 1 changed

        | | bundle | object | field | before | after |
        |---|---|---|---|---|---|
        | changed | `deepecho-operator` | `ConfigMap benchmarks/deepecho-operator-benchmark` | `data["setup.sh"]` \
        | 15 lines | 15 lines, diff below |

        `deepecho-operator` `ConfigMap benchmarks/deepecho-operator-benchmark` `data["setup.sh"]`:

        ```diff
        @@ -11,5 +11,5 @@
         apt-get update
         apt-get install -y 'libpq-dev'
        -pip install 'boto3==1.34.0' 'pandas>=1.1,<2'
        +pip install 'boto3==1.34.0' 'pandas>=1.1,<3'
         (cd "$work/repo" && bash -c 'pip install -e .[dev]')
         exec "$@"
        ```
        """, run.out());
  }

  @Test
  void aFolderWithAFileThatIsNotAnObjectIsInvalidInput() throws IOException {
    Path a = compile("a");
    Path b = compile("b");
    Files.writeString(b.resolve("50-list.yaml"), "- not\n- an object\n");
    Run run = Run.of("diff", a.toString(), b.toString());
    assertEquals(1, run.code());
    assertTrue(run.err().contains(b.resolve("50-list.yaml") + " is not a Kubernetes object"), run.err());
  }

  /**
   * A file that is not YAML is reported at the reader's problem, not as "not a Kubernetes object" at 1:1; its line
   * is not quoted, since a Secret's data may be on it.
   */
  @Test
  void aFileThatIsNotYamlIsReportedWhereTheYamlIsWrongWithoutItsLine() throws IOException {
    Path a = compile("a");
    Path b = compile("b");
    String secret = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: neptune\ndata:\n";
    Path colon = b.resolve("00-colon.yaml");
    Files.writeString(colon, secret + "  api-token: czNjcjN0VE9LRU40Mg==: x\n");
    Path twice = b.resolve("00-twice.yaml");
    Files.writeString(twice, "---\n" + secret + "  api-token: czNjcjN0VE9LRU40Mg==\n  api-token: eA==\n");
    Path binary = b.resolve("00-binary.yaml");
    Files.writeString(binary, secret + "  api-token: !!binary czNjcjN0VE9LRU40Mg==\n");
    Run run = Run.of("diff", a.toString(), b.toString());
    assertEquals(1, run.code(), run.out());
    assertEquals("", run.out());
    String hint = "  = hint: fix the file at this place, or remove it from the bundle folder\n";
    assertEquals(binary + ":6:14: error: " + binary + " is not valid YAML: the tag !!binary is not allowed in a"
        + " Kubernetes object\n" + hint
        + colon + ":6:34: error: " + colon + " is not valid YAML: mapping values are not allowed here\n" + hint
        + twice + ":8:3: error: " + twice + " is not valid YAML: found duplicate key api-token\n" + hint,
        run.err());
  }

  /** SnakeYAML names an alias or a tag as the file writes it: on a Secret's line, that is its data. */
  @Test
  void aFileThatIsNotYamlIsReportedWithoutTheTextOfItsLine() throws IOException {
    Path a = compile("a");
    Path b = compile("b");
    String secret = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: neptune\nstringData:\n";
    Path alias = b.resolve("00-alias.yaml");
    Files.writeString(alias, secret + "  api-token: *s3cr3tTOKEN42\n");
    Path tag = b.resolve("00-tag.yaml");
    Files.writeString(tag, secret + "  api-token: !s3cr3tTOKEN42 x\n");
    Path standard = b.resolve("00-standard.yaml");
    Files.writeString(standard, secret + "  api-token: !!s3cr3tTOKEN42 x\n");
    Path handle = b.resolve("00-handle.yaml");
    Files.writeString(handle, secret + "  api-token: !s3cr3t!TOKEN42 x\n");
    Path escape = b.resolve("00-escape.yaml");
    Files.writeString(escape, secret + "  api-token: \"\\us3cr\"\n");
    Run run = Run.of("diff", a.toString(), b.toString());
    assertEquals(1, run.code(), run.out());
    assertEquals("", run.out());
    String hint = "  = hint: fix the file at this place, or remove it from the bundle folder\n";
    assertEquals(alias + ":6:14: error: " + alias + " is not valid YAML: found undefined alias\n" + hint
        + escape + ":6:17: error: " + escape + " is not valid YAML: expected escape sequence of 4 hexadecimal"
        + " numbers\n" + hint
        + handle + ":6:14: error: " + handle + " is not valid YAML: found undefined tag handle\n" + hint
        + standard + ":6:14: error: " + standard + " is not valid YAML: Global tag is not allowed\n" + hint
        + tag + ":6:14: error: " + tag + " is not valid YAML: a tag that is not allowed in a Kubernetes object\n"
        + hint, run.err());
  }

  /** Diff keys objects by identity: a second file of one object would silently hide the first. */
  @Test
  void twoFilesOfOneObjectAreInvalidInput() throws IOException {
    Path a = compile("a");
    Path b = compile("b");
    Path first = b.resolve("28-deployment-cheetah-ppo-tensorboard.yaml");
    Path second = b.resolve("99-copy.yaml");
    Files.writeString(second, Files.readString(first).replace("replicas: 1", "replicas: 2"));
    Run run = Run.of("diff", a.toString(), b.toString());
    assertEquals(1, run.code(), run.out());
    assertEquals("", run.out());
    assertEquals(second + ":1:1: error: " + second + " holds Deployment surreal/cheetah-ppo-tensorboard, which "
        + first + " holds too; a bundle holds each object once\n"
        + "    | apiVersion: apps/v1\n    | ^\n"
        + "  = hint: remove one of the two files from the bundle folder\n", run.err());
  }

  @Test
  void aFileThatIsNotUtf8IsInvalidInput() throws IOException {
    Path a = compile("a");
    Path b = compile("b");
    Path file = b.resolve("50-x.yaml");
    Files.write(file,
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: \u00ff}\n".getBytes(StandardCharsets.ISO_8859_1));
    Run run = Run.of("diff", a.toString(), b.toString());
    assertEquals(1, run.code(), run.out());
    assertTrue(run.err().startsWith(file + ":1:1: error: " + file
        + " is not UTF-8 text, so it is not a Kubernetes object file\n"), run.err());
    assertTrue(run.err().endsWith("  = hint: remove the file from the bundle folder, or save it as UTF-8\n"),
        run.err());
  }

  /** kubectl apply -f fails on a link to nothing; diff said nothing differs. */
  @Test
  void aLinkToNothingIsInvalidInput() throws IOException {
    Path a = compile("a");
    Path b = compile("b");
    Path link = Files.createSymbolicLink(b.resolve("50-gone.yaml"), Path.of("gone.yaml"));
    Run run = Run.of("diff", a.toString(), b.toString());
    assertEquals(1, run.code(), run.out());
    assertEquals(link + ":1:1: error: " + link + " is a symbolic link to gone.yaml, which does not exist\n"
        + "  = hint: remove the link from the bundle folder, or restore what it points to\n", run.err());
  }

  /** One object file of a bundle, given where the bundle's folder was meant, is named as such, with the folder. */
  @Test
  void anObjectFileGivenToDiffPointsAtItsFolder() {
    Path bundle = compile("out");
    Path object = bundle.resolve("01-namespace-surreal.yaml");
    Run run = Run.of("diff", bundle.toString(), object.toString());
    assertEquals(1, run.code());
    assertEquals("", run.out());
    assertEquals(object + ":2:7: error: kind: 'Namespace' is not a kind stave compiles\n"
        + "    | kind: Namespace\n"
        + "    |       ^\n"
        + "  = hint: this is a Kubernetes object, not a config: diff and apply take bundle folders (as 'stave compile"
        + " -o DIR' writes them), such as " + bundle + ", or configs (kinds: experiment, benchmark, cluster)\n",
        run.err());
  }

  /** A bundle folder by hand: one ConfigMap named settings with the given value. */
  private Path handBundle(String folder, String bundle, String value) throws IOException {
    Path dir = tmp.resolve(folder).resolve(bundle);
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("10-configmap-settings.yaml"), """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
          namespace: default
        data:
          value: %s
        """.formatted(value));
    return dir;
  }

  @Test
  void foldersOfBundlesAreComparedBundleByBundleByName() throws IOException {
    Path deployment = compile("b").resolve("28-deployment-cheetah-ppo-tensorboard.yaml");
    Files.writeString(deployment, Files.readString(deployment).replace("replicas: 1", "replicas: 2"));
    compile("a");
    // The same object in two bundles is two objects: moving it from one bundle to another shows.
    handBundle("a", "old", "x");
    handBundle("b", "new", "x");
    handBundle("a", "same", "y");
    handBundle("b", "same", "y");
    Run run = Run.of("diff", tmp.resolve("a").toString(), tmp.resolve("b").toString());
    assertEquals(3, run.code(), run.err());
    assertEquals("""
        ~ bundle cheetah-ppo (changed)
            ~ Deployment surreal/cheetah-ppo-tensorboard (changed)
                spec.replicas: 1 → 2
        + bundle new (added)
            + ConfigMap default/settings (added)
        - bundle old (removed)
            - ConfigMap default/settings (removed)
        3 of 4 bundles differ: 1 added, 1 removed, 1 changed; 3 objects differ: 1 added, 1 removed, 1 changed
        """, run.out());
    assertEquals("", run.err());
    Run markdown = Run.of("diff", tmp.resolve("a").toString(), tmp.resolve("b").toString(), "--format", "markdown");
    assertEquals(3, markdown.code(), markdown.err());
    assertEquals("""
        ### stave diff: 3 of 4 bundles differ: 1 added, 1 removed, 1 changed; \
        3 objects differ: 1 added, 1 removed, 1 changed

        | | bundle | object | field | before | after |
        |---|---|---|---|---|---|
        | changed | `cheetah-ppo` | `Deployment surreal/cheetah-ppo-tensorboard` | `spec.replicas` | `1` | `2` |
        | added | `new` | `ConfigMap default/settings` | | | |
        | removed | `old` | `ConfigMap default/settings` | | | |
        """, markdown.out());
  }

  @Test
  void aBundleOnOneSideOnlyCountsWithAllItsObjects() throws IOException {
    compile("a");
    handBundle("b", "other", "x");
    Run run = Run.of("diff", tmp.resolve("a").toString(), tmp.resolve("b").toString());
    assertEquals(3, run.code(), run.err());
    assertEquals("""
        - bundle cheetah-ppo (removed)
            - Namespace surreal (removed)
            - Service surreal/cheetah-ppo-parameter-server (removed)
            - Service surreal/cheetah-ppo-replay-server (removed)
            - Service surreal/cheetah-ppo-tensorboard (removed)
            - Deployment surreal/cheetah-ppo-tensorboard (removed)
            - Job surreal/cheetah-ppo-agent (removed)
            - Job surreal/cheetah-ppo-nonagent (removed)
        + bundle other (added)
            + ConfigMap default/settings (added)
        2 of 2 bundles differ: 1 added, 1 removed, 0 changed; 8 objects differ: 1 added, 7 removed, 0 changed
        """, run.out());
  }

  @Test
  void identicalFoldersOfBundlesSayHowManyBundlesWereCompared() throws IOException {
    compile("a");
    compile("b");
    handBundle("a", "other", "x");
    handBundle("b", "other", "x");
    // Hidden entries and files that are not objects are no part of a folder of bundles.
    Files.createDirectories(tmp.resolve("b/.git/objects"));
    Files.createDirectories(tmp.resolve("b/.cheetah-ppo.stave-new"));
    Files.writeString(tmp.resolve("b/README.md"), "Bundles compiled from configs/.\n");
    Files.writeString(tmp.resolve("b/kustomization.yaml"), "resources: [cheetah-ppo, other]\n");
    Run run = Run.of("diff", tmp.resolve("a").toString(), tmp.resolve("b").toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("no differences in 2 bundles\n", run.out());
    Run markdown = Run.of("diff", tmp.resolve("a").toString(), tmp.resolve("b").toString(), "--format", "markdown");
    assertEquals("### stave diff: no differences in 2 bundles\n", markdown.out());
  }

  @Test
  void anEmptyFolderIsInvalidInputNotAnEmptyBundle() throws IOException {
    compile("committed");
    Path empty = Files.createDirectories(tmp.resolve("new"));
    Files.writeString(empty.resolve("README.md"), "not an object\n");
    Run run = Run.of("diff", tmp.resolve("committed").toString(), empty.toString());
    assertEquals(1, run.code(), run.out());
    assertEquals("", run.out());
    assertEquals(empty + ":1:1: error: " + empty + " holds no bundle: no .yaml, .yml or .json object file and no"
        + " bundle folder\n"
        + "  = hint: pass a bundle folder or a folder of bundles: DIR/<bundle> or DIR of 'stave compile CONFIG -o"
        + " DIR'\n", run.err());
    assertEquals(1, Run.of("diff", empty.toString(), empty.toString()).code());
  }

  @Test
  void aFolderWithObjectFilesAndFoldersIsInvalidInput() throws IOException {
    Path bundle = compile("a");
    Files.createDirectories(bundle.resolve("patches"));
    Files.createDirectories(bundle.resolve("base"));
    Run run = Run.of("diff", bundle.toString(), compile("b").toString());
    assertEquals(1, run.code(), run.out());
    assertEquals(bundle + ":1:1: error: " + bundle + " holds both object files and folders (base, patches), so it is"
        + " neither one bundle nor a folder of bundles\n"
        + "  = hint: move the folders out of it, or its object files into a bundle folder of their own\n", run.err());
  }

  @Test
  void everyFolderInAFolderOfBundlesMustBeABundle() throws IOException {
    Path mixed = compile("a");
    Files.createDirectories(mixed.resolve("patches"));
    Path empty = Files.createDirectories(tmp.resolve("a/empty"));
    Path nested = handBundle("a/nested", "inner", "x").getParent();
    compile("b");
    Path a = tmp.resolve("a");
    Run run = Run.of("diff", a.toString(), tmp.resolve("b").toString());
    assertEquals(1, run.code(), run.out());
    assertEquals(""
        + mixed + ":1:1: error: " + mixed + " is not a bundle: it holds folders (patches) besides its object files\n"
        + "  = hint: move the folders out of " + mixed + "; a bundle folder holds only object files\n"
        + empty + ":1:1: error: " + empty + " is not a bundle: it holds no .yaml, .yml or .json object file\n"
        + "  = hint: move it out of " + a + ", which should hold only bundle folders\n"
        + nested + ":1:1: error: " + nested + " is not a bundle but holds folders (inner), and a folder of bundles"
        + " cannot hold another\n"
        + "  = hint: compare " + nested + " on its own, or move it out of " + a + "\n", run.err());
  }

  @Test
  void aFolderOfBundlesAgainstOneBundleIsAUsageError() {
    Path bundle = compile("a");
    Path folder = tmp.resolve("a");
    for (List<String> pair : List.of(List.of(folder.toString(), bundle.toString()),
        List.of(CONFIG, folder.toString()))) {
      Run run = Run.of("diff", pair.get(0), pair.get(1));
      assertEquals(2, run.code(), run.err());
      String one = pair.get(0).equals(CONFIG) ? CONFIG : bundle.toString();
      assertEquals("stave: " + folder + " is a folder of bundles and " + one + " is one bundle; compare two folders"
          + " of bundles, or two bundles such as " + folder.resolve("<bundle>") + " and " + one + "\n"
          + "Try 'stave diff --help' for more information.\n", run.err());
    }
  }

  @Test
  void diffNeedsTwoBundlesOrOneWithCluster() {
    assertEquals(2, Run.of("diff", compile("a").toString()).code());
  }

  /** Standard error, on whose first flush of the waiting note {@code onWait} runs: the other write ends. */
  private static final class WaitWatch extends StringWriter {
    private final Runnable onWait;
    private boolean ran;

    WaitWatch(Runnable onWait) {
      this.onWait = onWait;
    }

    @Override
    public void flush() {
      if (!ran && toString().contains("stave: waiting for")) {
        ran = true;
        onWait.run();
      }
    }
  }

  /**
   * diff of a bundle folder whose folder of bundles another compile is writing: it waits for that write,
   * which here puts back the file it had removed, and compares the bundle that write left.
   */
  @Test
  void diffWaitsForACompileWritingTheBundle() throws IOException {
    Path a = compile("a");
    Path b = compile("b");
    Path job = a.resolve("31-job-cheetah-ppo-agent.yaml");
    String text = Files.readString(job);
    Files.delete(job);
    Path lock = Locks.file(tmp.resolve("a").toRealPath());
    Process holder = Locks.hold(lock);
    try {
      StringWriter out = new StringWriter();
      WaitWatch err = new WaitWatch(() -> {
        try {
          Files.writeString(job, text);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        holder.destroyForcibly();
      });
      int code = Main.run(new Context(new PrintWriter(out), new PrintWriter(err), Run.ENV, new Sources()),
          "diff", a.toString(), b.toString());
      assertEquals("stave: waiting for another stave compile to finish writing its bundles (it holds " + lock
          + ")\n", err.toString());
      assertEquals(0, code, out.toString());
    } finally {
      holder.destroyForcibly();
    }
  }

  /**
   * diff of a bundle folder that another compile has moved aside, between the two renames that put its new
   * bundle in place: it waits for that write, which here moves the folder back, rather than finding no folder.
   */
  @Test
  void diffOfABundleFolderBeingSwappedWaitsForIt() throws IOException {
    Path a = compile("a");
    Path b = compile("b");
    Path aside = a.resolveSibling(".cheetah-ppo.stave-old");
    Files.move(a, aside);
    Path lock = Locks.file(tmp.resolve("a").toRealPath());
    Process holder = Locks.hold(lock);
    try {
      StringWriter out = new StringWriter();
      WaitWatch err = new WaitWatch(() -> {
        try {
          Files.move(aside, a);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        holder.destroyForcibly();
      });
      int code = Main.run(new Context(new PrintWriter(out), new PrintWriter(err), Run.ENV, new Sources()),
          "diff", a.toString(), b.toString());
      assertEquals("stave: waiting for another stave compile to finish writing its bundles (it holds " + lock
          + ")\n", err.toString());
      assertEquals(0, code, out.toString());
    } finally {
      holder.destroyForcibly();
    }
  }
}

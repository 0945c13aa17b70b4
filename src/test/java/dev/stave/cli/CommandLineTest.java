package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.render.CanonicalYaml;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The exit-code contract and the commands' behaviour around the pipeline. */
class CommandLineTest {
  @TempDir
  Path dir;

  /** Standard output that refuses every write, as a full disk or a closed pipe does. */
  private static Run withBrokenOutput(String... args) {
    java.io.OutputStream full = new java.io.OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw new IOException("No space left on device");
      }
    };
    java.io.StringWriter err = new java.io.StringWriter();
    int code = Main.run(new Context(new java.io.PrintWriter(new java.io.OutputStreamWriter(full,
        java.nio.charset.StandardCharsets.UTF_8)), new java.io.PrintWriter(err), Run.ENV,
        new dev.stave.diag.Sources()), args);
    return new Run(code, "", err.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"compile examples/cheetah-ppo.conf -o -", "schema experiment", "--help",
      "plan examples/cheetah-ppo.conf --format json", "init"})
  void outputThatCannotBeWrittenIsAnIoFailure(String args) {
    Run run = withBrokenOutput(args.split(" "));
    assertEquals(Main.IO, run.code(), run.err());
    assertTrue(run.err().endsWith("stave: cannot write to standard output (the disk is full, or the pipe was"
        + " closed); what was written is incomplete\n"), run.err());
  }

  @ParameterizedTest
  @ValueSource(strings = {"compile", "validate", "secrets", "schema", "plan", "diff", "apply", "inventory", "init"})
  void everyCommandHasHelp(String command) {
    Run run = Run.of(command, "--help");
    assertEquals(0, run.code());
    assertTrue(run.out().startsWith("Usage: stave " + command), run.out());
  }

  /** The synopsis shows what diff takes: one or two, not up to four. */
  @Test
  void diffHelpShowsOneOrTwoBundles() {
    Run run = Run.of("diff", "--help");
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().contains("[--timeout=DURATION]\n                  BUNDLE [BUNDLE]\n"), run.out());
    assertTrue(run.out().contains("\n      BUNDLE [BUNDLE]       Configs, bundle folders"), run.out());
    assertTrue(run.out().contains(" [--format=FORMAT] "), run.out());
    assertEquals(2, Run.of("diff", "a", "b", "c").code());
  }

  /** diff and apply share --timeout's field, but it bounds different things: each help says what it does there. */
  @Test
  void timeoutHelpSaysWhatItBoundsForEachCommand() {
    String diff = Run.of("diff", "--help").out().replaceAll("\\s+", " ");
    assertTrue(diff.contains(" --timeout=DURATION With --cluster, give up on the cluster after this long (default 5m)."
        + " -V,"), diff);
    String apply = Run.of("apply", "--help").out().replaceAll("\\s+", " ");
    assertTrue(apply.contains(" --timeout=DURATION Give up on the cluster after this long, --wait included (default:"
        + " the bundle's stave. dev/wait-timeout when it has one, else 5m). -V,"), apply);
  }

  /** A bundle folder's reader skips both kustomization names kustomize reads, in any case; the help says so. */
  @Test
  void diffHelpNamesBothKustomizationFilesItSkips() {
    Run run = Run.of("diff", "--help");
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().replace("\n", " ").contains(
        "every .yaml, .yml and .json but kustomization.yaml and kustomization.yml, in any case)"), run.out());
  }

  @Test
  void topLevelHelpListsCommandsAndExitCodes() {
    Run run = Run.of("--help");
    assertEquals(0, run.code());
    assertTrue(run.out().contains("compile") && run.out().contains("70"), run.out());
  }

  /** Every command is described as stave's own are ("Compiles ..."), not in picocli's imperative. */
  @Test
  void topLevelHelpDescribesCompletionAndHelpAsTheOtherCommands() {
    String out = Run.of("--help").out();
    assertTrue(out.contains("\n  generate-completion  Prints a bash/zsh completion script for stave.\n"
        + "  help                 Shows the help of a command, as its --help does.\n"), out);
  }

  @Test
  void topLevelHelpListsEveryCommandInOrder() {
    String out = Run.of("--help").out();
    String[] commands = {"compile", "validate", "secrets", "diff", "apply", "schema", "plan", "inventory", "init",
        "generate-completion", "help"};
    int from = out.indexOf("Commands:");
    for (String command : commands) {
      int at = out.indexOf("\n  " + command + " ", from);
      assertTrue(at > from, command + " missing or out of order in:\n" + out);
      from = at;
    }
  }

  @Test
  void helpNamesACommandAndTyposGetASuggestion() {
    Run help = Run.of("help", "compile");
    assertEquals(0, help.code(), help.err());
    assertTrue(help.out().startsWith("Usage: stave compile"), help.out());
    Run typo = Run.of("compil", "x.yaml");
    assertEquals(2, typo.code());
    assertTrue(typo.err().contains("compile"), typo.err());
  }

  @Test
  void generatesBashCompletion() {
    Run run = Run.of("generate-completion");
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().contains("complete -F _complete_stave"), run.out().substring(0, 200));
  }

  @Test
  void generateCompletionTakesNoArguments() {
    Run extra = Run.of("generate-completion", "extra");
    assertEquals(2, extra.code());
    assertEquals("", extra.out());
    assertEquals("stave: Unmatched argument at index 1: 'extra'\n"
        + "Try 'stave generate-completion --help' for more information.\n", extra.err());
    Run option = Run.of("generate-completion", "--bash");
    assertEquals(2, option.code());
    assertEquals("stave: Unknown option: '--bash'\n"
        + "Try 'stave generate-completion --help' for more information.\n", option.err());
  }

  /** plan and secrets take one config: a second is named as one too many, with how to see several. */
  @Test
  void aConfigTooManyIsNamedSo() {
    Run plan = Run.of("plan", "a.yaml", "b.yaml");
    assertEquals(2, plan.code());
    assertEquals("", plan.out());
    assertEquals("stave: plan takes one config; 'b.yaml' is one too many: run 'stave plan CONFIG' once for each"
        + " config\nTry 'stave plan --help' for more information.\n", plan.err());
    Run secrets = Run.of("secrets", "a.yaml", "b.yaml", "c\u001b.yaml");
    assertEquals(2, secrets.code());
    assertEquals("stave: secrets takes one config; 'b.yaml', 'c\\u001b.yaml' are 2 too many: run 'stave secrets"
        + " CONFIG' once for each config\nTry 'stave secrets --help' for more information.\n", secrets.err());
    Run option = Run.of("plan", "a.yaml", "--formt", "json");
    assertEquals(2, option.code());
    assertEquals("stave: Unknown option: '--formt'\n", option.err().lines().findFirst().orElseThrow() + "\n");
  }

  /** The completion script offers stave's commands after 'stave help', as it did for picocli's help command. */
  @Test
  void completionOffersCommandsAfterHelp() {
    assertTrue(Run.of("generate-completion").out().contains("  local COMMAND_pos_param_args=(\"compile\" \"validate\""
        + " \"secrets\" \"diff\" \"apply\" \"schema\" \"plan\" \"inventory\" \"init\" \"generate-completion\")"));
  }

  @Test
  void helpShowsASubcommandNamedAfterItsCommand() {
    Run help = Run.of("help", "inventory", "from-nodes");
    assertEquals(0, help.code(), help.err());
    assertEquals("", help.err());
    assertTrue(help.out().startsWith("Usage: stave inventory from-nodes "), help.out());
    assertEquals(Run.of("inventory", "from-nodes", "--help").out(), help.out());
    assertEquals(Run.of("inventory", "--help").out(), Run.of("help", "inventory").out());
    assertEquals(Run.of("--help").out(), Run.of("help").out());
  }

  /** These two printed their message alone, without the line that every other usage error ends with. */
  @Test
  void compilesOutputErrorsAreUsageErrorsLikeTheOthers() {
    assertUsageError("stave: --check compares with a folder on disk; it cannot be used with '-o -'\n"
        + "Try 'stave compile --help' for more information.\n", "compile", "examples/cheetah-ppo.conf", "-o", "-",
        "--check");
    assertUsageError("stave: -o needs a folder, or '-' for standard output\n"
        + "Try 'stave compile --help' for more information.\n", "compile", "examples/cheetah-ppo.conf", "-o", "");
  }

  @Test
  void helpForWhatIsNoCommandIsAUsageError() {
    assertUsageError("stave: Unknown subcommand 'extra'.\nTry 'stave compile --help' for more information.\n",
        "help", "compile", "extra");
    assertUsageError("stave: Unknown subcommand 'nope'.\nTry 'stave inventory --help' for more information.\n",
        "help", "inventory", "nope");
    assertUsageError("stave: Unknown subcommand 'nope'.\nTry 'stave --help' for more information.\n", "help", "nope");
    assertUsageError("stave: Unknown option: '--bogus'\nTry 'stave help --help' for more information.\n",
        "help", "--bogus");
  }

  /**
   * A misspelt option is named alone: picocli cannot know that it takes a value, so the arguments after
   * it seem one too many; and it checks for a missing config before it reports the option.
   */
  @Test
  void aMisspeltOptionIsNamedAlone() {
    String formt = "stave: Unknown option: '--formt'\nPossible solutions: --format\n"
        + "Try 'stave plan --help' for more information.\n";
    assertUsageError(formt, "plan", "--formt", "json", "X");
    assertUsageError(formt, "plan", "X", "--formt", "json");
    assertUsageError("stave: Unknown options: '--formt', '--bogus'\nPossible solutions: --format\n"
        + "Try 'stave plan --help' for more information.\n", "plan", "--formt", "--bogus", "json", "X");
    assertUsageError("stave: Unknown option: '--pool-labl'\nPossible solutions: --pool-label\n"
        + "Try 'stave inventory from-nodes --help' for more information.\n",
        "inventory", "from-nodes", "--pool-labl", "gke", "x.json");
    assertUsageError("stave: Unknown option: '--bogus'\nTry 'stave compile --help' for more information.\n",
        "compile", "--bogus");
    assertUsageError("stave: Unknown option: '--strict-capcity'\nPossible solutions: --strict-capacity, --stacktrace\n"
        + "Try 'stave plan --help' for more information.\n", "plan", "--strict-capcity");
    assertUsageError("stave: Missing required parameter: 'CONFIG'\nTry 'stave plan --help' for more information.\n",
        "plan", "--format", "json");
    // Given to the parent command, while the argument missing is the subcommand's.
    assertUsageError("stave: Unknown option: '--bogus'\nTry 'stave inventory --help' for more information.\n",
        "inventory", "--bogus", "from-nodes");
    assertUsageError("stave: Unknown option: '--stacktrce'\nPossible solutions: --stacktrace\n"
        + "Try 'stave inventory --help' for more information.\n", "inventory", "--stacktrce", "from-nodes");
  }

  /**
   * Unknown options given to a command and to its subcommand are both named, each with its own command's
   * suggestions and help, the parent's first: picocli names only the subcommand's.
   */
  @Test
  void unknownOptionsOfACommandAndOfItsSubcommandAreAllNamed() {
    String both = "stave: Unknown option: '-x'\nTry 'stave inventory --help' for more information.\n"
        + "stave: Unknown option: '--pool-lbel'\nPossible solutions: --pool-label\n"
        + "Try 'stave inventory from-nodes --help' for more information.\n";
    assertUsageError(both, "inventory", "-x", "from-nodes", "--pool-lbel", "a");
    assertUsageError(both, "inventory", "-x", "from-nodes", "--pool-lbel");
    assertUsageError("stave: Unknown options: '--stacktrce', '-y'\nPossible solutions: --stacktrace\n"
        + "Try 'stave inventory --help' for more information.\n"
        + "stave: Unknown options: '--pool-lbel', '--zz'\nPossible solutions: --pool-label\n"
        + "Try 'stave inventory from-nodes --help' for more information.\n",
        "inventory", "--stacktrce", "-y", "from-nodes", "--pool-lbel", "--zz", "a");
  }

  private static void assertUsageError(String err, String... args) {
    Run run = Run.of(args);
    assertEquals(2, run.code(), run.err());
    assertEquals("", run.out());
    assertEquals(err, run.err());
  }

  @Test
  void usageErrorsExitWithTwo() {
    assertEquals(2, Run.of("compile").code());
    assertEquals(2, Run.of("frobnicate").code());
    assertEquals(2, Run.of("compile", "--no-such-option", "x.yaml").code());
    assertEquals(2, Run.of().code());
  }

  /** The help names every kind of Secret that is only named, as the README's table of commands does. */
  @Test
  void secretsHelpNamesTheNeptuneSecretAmongTheOnesOnlyNamed() {
    String help = Run.of("secrets", "--help").out().replaceAll("\\s+", " ");
    assertTrue(help.contains(" The Secrets the config only names (secret_env, image_pull_secrets, a secret mount, a"
        + " Neptune api_token_secret without the token), which must already exist, are listed on standard error. "),
        help);
  }

  @Test
  void noCommandListsTheCommandsAndSaysOnceToTryHelp() {
    Run run = Run.of();
    assertEquals(2, run.code());
    assertEquals("", run.out());
    assertEquals("stave: missing command; commands: compile, validate, secrets, diff, apply, schema, plan,"
        + " inventory, init, generate-completion, help\n"
        + "Try 'stave --help' for more information.\n", run.err());
  }

  @Test
  void schemaPrintsTheExperimentSchema() {
    Run run = Run.of("schema", "experiment");
    assertEquals(0, run.code());
    assertTrue(run.out().contains("\"$schema\": \"https://json-schema.org/draft/2020-12/schema\""));
    assertEquals(2, Run.of("schema", "nope").code());
  }

  /** A misspelt kind or choice is a usage error like a misspelt command: the nearest name and the way to the help. */
  @Test
  void aMisspeltKindOrChoiceGetsASuggestion() {
    Run kind = Run.of("schema", "experimnt");
    assertEquals(2, kind.code());
    assertEquals("", kind.out());
    assertEquals("stave: unknown kind 'experimnt'; kinds: experiment, benchmark, cluster, inventory, contexts\n"
        + "Did you mean: experiment?\n"
        + "Try 'stave schema --help' for more information.\n", kind.err());
    Run none = Run.of("schema");
    assertEquals(2, none.code());
    assertEquals("", none.out());
    assertEquals("stave: missing KIND; kinds: experiment, benchmark, cluster, inventory, contexts\n"
        + "Try 'stave schema --help' for more information.\n", none.err());
    assertTrue(Run.of("schema", "--help").out().startsWith("Usage: stave schema [-hV] [--stacktrace] KIND\n"));
    // The list of parameters agrees with the synopsis: KIND is required, not [KIND].
    assertTrue(Run.of("schema", "--help").out().contains("\n      KIND           One of: experiment, benchmark,"
        + " cluster, inventory,\n"), Run.of("schema", "--help").out());
    Run far = Run.of("schema", "nope");
    assertEquals(2, far.code());
    assertEquals("stave: unknown kind 'nope'; kinds: experiment, benchmark, cluster, inventory, contexts\n"
        + "Try 'stave schema --help' for more information.\n", far.err());
    Run format = Run.of("plan", "examples/cheetah-ppo.conf", "--format", "markdwn");
    assertEquals(2, format.code());
    assertEquals("stave: Invalid value for option '--format': expected one of [text, markdown, json] (case-sensitive)"
        + " but was 'markdwn'\n"
        + "Did you mean: markdown?\n"
        + "Try 'stave plan --help' for more information.\n", format.err());
  }

  @Test
  void validateReportsSuccessAndWritesNothing() {
    Run run = Run.of("validate", "examples/cheetah-ppo.conf", "examples/symphony-pods.yaml");
    assertEquals(0, run.code(), run.err());
    assertEquals("2 configs are valid\n", run.err());
    assertEquals("", run.out());
  }

  @Test
  void validateReportsEveryProblemOfEveryConfig() {
    Run run = Run.of("validate", "examples/errors/unknown-key.conf", "examples/errors/wrong-type.yaml");
    assertEquals(1, run.code());
    assertEquals(4, run.err().split(": error: ", -1).length - 1, run.err());
  }

  /** validate also takes inventory and contexts files, so its kind messages list and suggest them too. */
  @Test
  void aKindErrorListsTheKindsOfItsCommand() throws IOException {
    Path none = Files.writeString(dir.resolve("none.yaml"), "name: e\n");
    Path near = Files.writeString(dir.resolve("near.yaml"), "kind: context\n");
    Path inventory = Files.writeString(dir.resolve("inventory.yaml"), "kind: inventory\n");
    String noKind = ":1:1: error: kind: the config has no 'kind'\n    | name: e\n    | ^\n"
        + "  = hint: add 'kind: experiment' (kinds: experiment, benchmark, cluster";
    Run validate = Run.of("validate", none.toString(), near.toString());
    assertEquals(1, validate.code(), validate.err());
    assertEquals(near + ":1:7: error: kind: 'context' is not a kind stave validates\n    | kind: context\n"
        + "    |       ^\n  = hint: did you mean 'contexts'?\n"
        + none + noKind + ", inventory, contexts)\n", validate.err());
    Run compile = Run.of("compile", none.toString(), near.toString(), inventory.toString(), "-o", "-");
    assertEquals(1, compile.code(), compile.err());
    assertEquals(inventory + ":1:7: error: kind: 'inventory' is not a kind stave compiles\n    | kind: inventory\n"
        + "    |       ^\n  = hint: inventory files are checked by 'stave validate'; kinds compiled: experiment,"
        + " benchmark, cluster\n"
        + near + ":1:7: error: kind: 'context' is not a kind stave compiles\n    | kind: context\n"
        + "    |       ^\n  = hint: kinds: experiment, benchmark, cluster\n"
        + none + noKind + ")\n", compile.err());
  }

  @Test
  void aFailedCompileLeavesTheOutputFolderAsItWas() throws IOException {
    Path out = dir.resolve("out");
    assertEquals(0, Run.of("compile", "examples/symphony-pods.yaml", "-o", out.toString()).code());
    Map<String, String> before = GoldenTest.read(out);
    Files.writeString(out.resolve("zmq-demo/extra.txt"), "mine");
    before = GoldenTest.read(out);
    Run failed = Run.of("compile", "examples/cheetah-ppo.conf", "examples/errors/port-twice.conf", "-o",
        out.toString());
    assertEquals(1, failed.code());
    assertEquals(before, GoldenTest.read(out));
    assertFalse(Files.exists(out.resolve("cheetah-ppo")));
  }

  @Test
  void recompilingReplacesTheBundleWhole() throws IOException {
    Path out = dir.resolve("out");
    assertEquals(0, Run.of("compile", "examples/symphony-pods.yaml", "-o", out.toString()).code());
    Files.writeString(out.resolve("zmq-demo/99-stale-object.yaml"), "kind: Stale\n");
    assertEquals(0, Run.of("compile", "examples/symphony-pods.yaml", "-o", out.toString()).code());
    assertFalse(Files.exists(out.resolve("zmq-demo/99-stale-object.yaml")));
    assertEquals(GoldenTest.read(Path.of("golden/symphony-pods.yaml/zmq-demo")),
        GoldenTest.read(out.resolve("zmq-demo")));
    try (var files = Files.list(out)) {
      assertEquals(1, files.count(), "no staging folders are left behind");
    }
  }

  @Test
  void twoConfigsWithTheSameBundleNameAreAnError() {
    Run run = Run.of("compile", "examples/cheetah-ppo.conf", "examples/cheetah-ppo.yaml", "-o", "-");
    assertEquals(1, run.code());
    assertEquals("""
        examples/cheetah-ppo.yaml:3:7: error: name: this config and examples/cheetah-ppo.conf both compile to the \
        bundle 'cheetah-ppo'
            | name: cheetah-ppo
            |       ^
          = hint: give the configs different names
        """, run.err());
    Run valid = Run.of("validate", "examples/cheetah-ppo.conf", "examples/cheetah-ppo.yaml");
    assertEquals(1, valid.code());
    assertEquals(run.err(), valid.err());
  }

  @Test
  void aConfigGivenTwiceIsAnErrorThatSaysSo() {
    Run run = Run.of("validate", "examples/cheetah-ppo.yaml", "./examples/cheetah-ppo.yaml");
    assertEquals(1, run.code());
    assertEquals("""
        examples/cheetah-ppo.yaml:3:7: error: name: this config is given twice, and would write the bundle \
        'cheetah-ppo' twice
            | name: cheetah-ppo
            |       ^
          = hint: give each config once
        """, run.err());
  }

  @Test
  void aLinkToAConfigGivenBesideItIsTheConfigGivenTwice() throws IOException {
    Path config = Files.copy(Path.of("examples/cheetah-ppo.yaml"), dir.resolve("a.yaml"));
    Path link = Files.createSymbolicLink(dir.resolve("current.yaml"), config.getFileName());
    Run run = Run.of("validate", config.toString(), link.toString());
    assertEquals(1, run.code());
    assertEquals(List.of(
        link + ":3:7: error: name: this config is the file " + config + " again, and would write the bundle"
            + " 'cheetah-ppo' twice",
        "  = hint: give each config once"),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void userTemplatesReplacePackagedOnesByFileName() throws IOException {
    Path templates = dir.resolve("templates");
    Files.createDirectories(templates);
    Files.writeString(templates.resolve("service.ftl"), """
        <#import "lib.ftl" as k>
        apiVersion: v1
        kind: Service
        metadata: {name: ${name}, namespace: ${namespace}, labels: {team.example/tier: ml<#list labels as k, v>, \
        ${k}: ${v}</#list>}, annotations: {team.example/owner: "rl"}}
        spec:
          type: ${type}
          selector: <@k.v selector/>
          ports: [<#list ports as p>{name: ${p.name}, port: ${p.port?c?no_esc}, \
        targetPort: ${p.targetPort?c?no_esc}}</#list>]
        """);
    Run run = Run.of("compile", "examples/symphony-pods.yaml", "--templates", templates.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    Object service = CanonicalYaml.parse(run.out().split("(?m)^---\n")[2]);
    assertEquals("rl", ExperimentMappingTest.at(service, "metadata", "annotations", "team.example/owner"));
    assertEquals("ml", ExperimentMappingTest.at(service, "metadata", "labels", "team.example/tier"));
  }

  /**
   * A misspelt template name replaces nothing: a warning names the packaged template it comes close to. A file
   * that another template imports is the user's own, and one far from every packaged name is no misspelling.
   */
  @Test
  void aTemplateNamedCloseToAPackagedOneIsAWarning() throws IOException {
    Path templates = Files.createDirectories(dir.resolve("templates"));
    Path misspelt = Files.writeString(templates.resolve("jobb.ftl"), "<#import \"lib.ftl\" as k>\n");
    Files.writeString(templates.resolve("lib2.ftl"), "<#macro x>x</#macro>\n");
    Files.writeString(templates.resolve("notes.ftl"), "notes\n");
    Files.writeString(templates.resolve("pod.ftl"), Files.readString(Path.of("templates/pod.ftl"))
        .replace("<#import \"lib.ftl\" as k>", "<#import \"lib.ftl\" as k><#import \"lib2.ftl\" as l2>"));
    Run run = Run.of("compile", "examples/symphony-pods.yaml", "--templates", templates.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of(misspelt + ":1:1: warning: template 'jobb.ftl' replaces no packaged template, and no"
            + " template of the folder names it, so it is not used: the packaged job.ftl renders instead",
        "  = hint: did you mean 'job.ftl'? rename the file to replace that template"),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
    // diff compiles each config on its own; the folder is the same, and so is the one warning.
    Run diff = Run.of("diff", "examples/symphony-pods.yaml", "examples/cheetah-ppo.conf", "--templates",
        templates.toString());
    assertEquals(1, diff.err().lines().filter(l -> l.contains(": warning: ")).count(), diff.err());
  }

  /**
   * Templates in subfolders are loaded when a template names them, and may name a file of the folder in turn
   * ({@code ../deploymnt.ftl}), which is then used. A name in a FreeMarker comment is no use: {@code <#-- -->},
   * or {@code [#-- --]} in a template of square bracket tags.
   */
  @Test
  void aTemplateNamedInASubfolderIsUsedAndOneNamedInACommentIsNot() throws IOException {
    Path templates = Files.createDirectories(dir.resolve("templates"));
    Path parts = Files.createDirectories(templates.resolve("parts"));
    Path jobb = Files.writeString(templates.resolve("jobb.ftl"), "<#import \"lib.ftl\" as k>\n");
    Files.writeString(templates.resolve("deploymnt.ftl"), "<#macro x>x</#macro>\n");
    Path servce = Files.writeString(templates.resolve("servce.ftl"), "<#macro x>x</#macro>\n");
    Files.writeString(parts.resolve("common.ftl"), "<#import \"../deploymnt.ftl\" as d>\n");
    Files.writeString(parts.resolve("square.ftl"), "[#ftl]\n[#-- was servce.ftl --]\n");
    Files.writeString(templates.resolve("pod.ftl"), Files.readString(Path.of("templates/pod.ftl"))
        .replace("<#import \"lib.ftl\" as k>", "<#-- jobb.ftl is the old job.ftl --><#import \"lib.ftl\" as k>"
            + "<#import \"parts/common.ftl\" as c><#import \"parts/square.ftl\" as s>"));
    Run run = Run.of("compile", "examples/symphony-pods.yaml", "--templates", templates.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of(jobb + ":1:1: warning: template 'jobb.ftl' replaces no packaged template, and no"
            + " template of the folder names it, so it is not used: the packaged job.ftl renders instead",
        "  = hint: did you mean 'job.ftl'? rename the file to replace that template",
        servce + ":1:1: warning: template 'servce.ftl' replaces no packaged template, and no"
            + " template of the folder names it, so it is not used: the packaged service.ftl renders instead",
        "  = hint: did you mean 'service.ftl'? rename the file to replace that template"),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /** The internal-error message says to run again with --stacktrace, so every command must take it. */
  @ParameterizedTest
  @ValueSource(strings = {"compile examples/cheetah-ppo.conf -o -", "validate examples/cheetah-ppo.conf",
      "plan examples/cheetah-ppo.conf", "secrets examples/cheetah-ppo.conf", "schema experiment", "init -o -",
      "inventory from-nodes src/test/resources/inventory/nodes.json"})
  void everyCommandTakesStacktrace(String command) {
    List<String> args = new ArrayList<>(List.of(command.split(" ")));
    args.add(args.indexOf(command.split(" ")[0]) + 1 + (command.startsWith("inventory") ? 1 : 0), "--stacktrace");
    Run run = Run.of(args.toArray(String[]::new));
    assertEquals(0, run.code(), String.join(" ", args) + ": " + run.err());
  }

  @Test
  void validateChecksInventoriesAndContextsFilesAsExperimentsReadThem() {
    Run good = Run.of("validate", "examples/inventories/lab.yaml", "examples/inventories/rl-small.tf.json",
        "examples/contexts/mrunner.conf");
    assertEquals(0, good.code(), good.err());
    assertEquals("3 configs are valid\n", good.err());
    Run bad = Run.of("validate", "examples/inventories/errors/bad-selector-key.yaml",
        "examples/inventories/errors/no-pools.tf.json");
    assertEquals(1, bad.code(), bad.err());
    assertEquals(List.of("examples/inventories/errors/bad-selector-key.yaml:4:44: error: pools.batch.selector: the"
            + " selector key 'team pool!' is not a Kubernetes label key, so it cannot select nodes",
        "examples/inventories/errors/no-pools.tf.json:2:15: error: resource.google_container_node_pool: the inventory"
            + " has no resource.google_container_node_pool"),
        bad.err().lines().filter(l -> l.contains(": error: ")).toList());
  }

  @Test
  void validateChecksOverridesAndCapacityAsCompileDoes() {
    Run compile = Run.of("compile", "examples/errors/override-invalid.conf", "-o", "-");
    Run validate = Run.of("validate", "examples/errors/override-invalid.conf");
    assertEquals(1, validate.code(), validate.err());
    assertEquals(3, validate.err().split(": error: ", -1).length - 1, validate.err());
    assertEquals(compile.err(), validate.err());

    Run strict = Run.of("validate", "--strict-capacity", "examples/gke-lab.yaml");
    assertEquals(1, strict.code(), strict.err());
    assertTrue(strict.err().startsWith("examples/gke-lab.yaml:10:15: error: processes.agent.schedule: pool"
        + " 'cpu-small'"), strict.err());
    Run lenient = Run.of("validate", "examples/gke-lab.yaml");
    assertEquals(0, lenient.code(), lenient.err());
    assertTrue(lenient.err().startsWith("examples/gke-lab.yaml:10:15: warning: processes.agent.schedule: pool"
        + " 'cpu-small'"), lenient.err());
  }

  @Test
  void tildeIsTheHomeOfTheRunAndHomeComesFromTheEnvironment() throws IOException {
    Path home = Files.createDirectories(dir.resolve("home"));
    Files.writeString(home.resolve("key.txt"), "k");
    Path config = Files.writeString(dir.resolve("exp.yaml"),
        "kind: experiment\nname: t\nimage: x:1\nsecrets: [\"~/key.txt\"]\nprocesses: {a: {}}\n");
    Run run = Run.with(new dev.stave.config.Env(Map.of(), home.toString()), "secrets", config.toString());
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().contains("  key.txt: aw==\n"), run.out());
    // A fresh JVM takes $HOME, as the shell's ~ and kubectl do, not the password database's home.
    Run fresh = Run.inJvm(System.getProperty("java.class.path"), Map.of("HOME", home.toString()),
        List.of("secrets", config.toString()));
    assertEquals(0, fresh.code(), fresh.err());
    assertEquals(run.out(), fresh.out());
  }

  @Test
  void theInventoryCommandTakesStacktraceBeforeItsSubcommandToo() {
    Run run = Run.of("inventory", "--stacktrace", "from-nodes", "src/test/resources/inventory/nodes.json");
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().startsWith("kind: inventory\n"), run.out());
  }

  @Test
  void twoSpellingsOfAServiceInTwoFilesNameTheOtherFile() throws IOException {
    Path procs = Files.writeString(dir.resolve("procs.conf"),
        "processes {\n  a { command = [x], binds = [Param_Server] }\n}\n");
    Path main = Files.writeString(dir.resolve("main.conf"), "kind = experiment\nname = h\nimage = \"img:1\"\n"
        + "include \"procs.conf\"\nprocesses {\n  b { command = [x], binds = [param-server] }\n}\n");
    Run run = Run.of("validate", main.toString());
    assertEquals(1, run.code(), run.err());
    assertTrue(run.err().contains(main + ":6:31: error: processes.b.binds: 'param-server' and 'Param_Server' ("
        + procs + ":2) are one service name after sanitizing, 'param-server'\n"), run.err());
  }

  @Test
  void anEmptyTemplatesFolderIsAUsageErrorForEveryCommandThatTakesOne() {
    for (String command : new String[] {"compile", "apply", "diff"}) {
      Run run = Run.of(command, "examples/symphony-pods.yaml", "--templates", "");
      assertEquals(Main.USAGE, run.code(), command + ": " + run.err());
      assertTrue(run.err().startsWith("stave: Invalid value for option '--templates': the folder's name is empty"
          + " (an unset variable?)\n"), command + ": " + run.err());
      assertEquals("", run.out());
    }
  }

  /** A file given as --templates is named, never quoted: it may be any file, such as a credentials file. */
  @Test
  void aFileGivenAsTheTemplatesFolderIsNamedButNotQuoted() throws IOException {
    Path file = Files.writeString(dir.resolve("credentials"), "aws_secret_access_key = wJalrXUtnFEMI\n");
    for (String command : new String[] {"compile", "apply", "diff"}) {
      List<String> args = new ArrayList<>(List.of(command, "examples/symphony-pods.yaml"));
      if (command.equals("diff")) {
        args.add("examples/cheetah-ppo.conf");
      }
      args.addAll(List.of("--templates", file.toString()));
      Run run = Run.of(args.toArray(String[]::new));
      assertEquals(1, run.code(), command + ": " + run.err());
      assertEquals(file + ":1:1: error: --templates names a file; it must name a folder of templates\n"
          + "  = hint: pass a folder holding files such as job.ftl\n", run.err(), command);
    }
    // Nor is a config of the same run, read for its own errors, when it is given as the templates folder too.
    Path config = Files.writeString(dir.resolve("c.yaml"), "kind: experiment\nname: c\nimage: img:1\n"
        + "processes: {p: {command: [x]}}\n");
    Run same = Run.of("compile", config.toString(), "--templates", config.toString(), "-o", "-");
    assertEquals(1, same.code(), same.err());
    assertEquals(config + ":1:1: error: --templates names a file; it must name a folder of templates\n"
        + "  = hint: pass a folder holding files such as job.ftl\n", same.err());
    assertEquals("", same.out());
  }

  /** A --templates path that is not there says so, rather than that it must name a folder. */
  @Test
  void aTemplatesFolderThatDoesNotExistIsToldSo() throws IOException {
    Path missing = dir.resolve("templtes");
    Path link = Files.createSymbolicLink(dir.resolve("link"), dir.resolve("gone"));
    for (Path given : List.of(missing, link)) {
      Run run = Run.of("compile", "examples/symphony-pods.yaml", "-o", dir.resolve("out").toString(),
          "--templates", given.toString());
      assertEquals(1, run.code(), run.err());
      assertEquals(given + ":1:1: error: --templates names a folder that does not exist"
          + (given.equals(link) ? ": it is a symbolic link to " + dir.resolve("gone") + ", which does not exist" : "")
          + "\n"
          + "  = hint: check the path; pass a folder holding files such as job.ftl\n", run.err());
      assertFalse(Files.exists(dir.resolve("out")));
    }
  }

  /** '-' for a config is not looked for as a file: standard input is not read, and that is a usage error. */
  @Test
  void aDashForAConfigIsAUsageErrorThatSaysToSaveItToAFile() {
    for (String command : new String[] {"compile", "validate", "plan", "secrets"}) {
      Run run = Run.of(command, "-");
      assertEquals(Main.USAGE, run.code(), command + ": " + run.err());
      String index = command.equals("plan") || command.equals("secrets") ? "0" : "0..*";
      assertEquals(List.of("stave: Invalid value for positional parameter at index " + index
          + " (CONFIG): standard input ('-') is not supported: configs are read from files; save the"
          + " config to a file and name that file", "Try 'stave " + command + " --help' for more information."),
          run.err().lines().toList());
      assertEquals("", run.out());
    }
  }

  /** '-' after a config file is the same usage error: picocli would call it only an argument it did not match. */
  @Test
  void aDashAfterAConfigIsTheSameUsageError() {
    for (String command : new String[] {"compile", "validate"}) {
      for (List<String> configs : List.of(List.of("a.yaml", "-"), List.of("a.yaml", "-", "b.yaml"))) {
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(configs);
        Run run = Run.of(args.toArray(String[]::new));
        assertEquals(Main.USAGE, run.code(), args + ": " + run.err());
        assertEquals(List.of("stave: Invalid value for positional parameter at index 0..* (CONFIG): standard input"
            + " ('-') is not supported: configs are read from files; save the config to a file and name that file",
            "Try 'stave " + command + " --help' for more information."), run.err().lines().toList(), args.toString());
        assertEquals("", run.out());
      }
    }
  }

  /** The real limit, through the command line: ten seconds of this test are the limit passing. */
  @Test
  void aUserTemplateThatNeverFinishesIsStoppedAndReported() throws IOException {
    Path templates = dir.resolve("endless");
    Files.createDirectories(templates);
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\nn: <#list 1.. as i></#list>\n");
    Path out = dir.resolve("out");
    Run run = Run.of("compile", "examples/cheetah-ppo.conf", "--templates", templates.toString(), "-o", out.toString());
    assertEquals(1, run.code(), run.err());
    assertTrue(run.err().startsWith(templates.resolve("job.ftl") + ":2:4: error: template job.ftl was stopped after 10s"
        + " without finishing"), run.err());
    assertFalse(Files.exists(out));
  }

  @Test
  void aBrokenUserTemplateIsTheUsersError() throws IOException {
    Path templates = dir.resolve("templates");
    Files.createDirectories(templates);
    Files.writeString(templates.resolve("service.ftl"), "apiVersion: v1\nkind: Service\n${undefinedVariable}\n");
    Run run = Run.of("compile", "examples/symphony-pods.yaml", "--templates", templates.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertTrue(run.err().contains("service.ftl"), run.err());
    Files.writeString(templates.resolve("service.ftl"),
        "apiVersion: v1\nkind: Service\nmetadata: {name: ${name}, namespace: ${namespace}}\nspec: {tpye: x}\n");
    Run invalid = Run.of("compile", "examples/symphony-pods.yaml", "--templates", templates.toString(), "-o", "-");
    assertEquals(1, invalid.code(), invalid.err());
    assertTrue(invalid.err().contains("spec.tpye: unknown field (did you mean type?)"), invalid.err());
  }

  /**
   * A replaced template may add to the object stave planned, not make another: a file named for one
   * object would hold another, and kustomize refuses two files that hold the same object.
   */
  @Test
  void aReplacedTemplateMustRenderThePlannedObject() throws IOException {
    Path config = dir.resolve("two-jobs.yaml");
    Files.writeString(config,
        "kind: experiment\nname: two\nimage: img:1\nprocesses: {a: {command: [x]}, b: {command: [x]}}\n");
    Path templates = dir.resolve("fixed");
    Files.createDirectories(templates);
    Files.writeString(templates.resolve("job.ftl"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n");
    Run run = Run.of("compile", config.toString(), "--templates", templates.toString(), "-o",
        dir.resolve("out").toString());
    assertEquals(1, run.code(), run.err());
    assertFalse(Files.exists(dir.resolve("out")));
    assertEquals(templates.resolve("job.ftl") + ":1:1: error: template job.ftl departs from the Job two-a"
        + " stave planned:"
        + " apiVersion is 'v1', not 'batch/v1'; kind is 'ConfigMap', not 'Job'; metadata.name is 'x', not 'two-a';"
        + " metadata.namespace is absent, not 'two'; label stave.dev/bundle is absent, not 'two'",
        run.err().lines().findFirst().orElseThrow());
    assertTrue(run.err().contains("hint: a template may add labels, annotations and fields, but must keep apiVersion,"
        + " kind, metadata.name, metadata.namespace and the label stave.dev/bundle as given (lib.ftl's metadata"
        + " macro writes them from the data)\n"), run.err());
  }

  @ParameterizedTest(name = "[{index}] {1}")
  @CsvSource(delimiter = '|', textBlock = """
      name: \"../../etc\", namespace: default, labels: <@k.v labels/> | metadata.name is '../../etc', \
      not 'zmq-demo-rpc'; metadata.namespace is 'default', not 'zmq-demo'
      name: ${name}, namespace: ${namespace}, labels: {team: rl}      | label stave.dev/bundle is absent, not 'zmq-demo'
      name: ${name}, namespace: ${namespace}, labels: {stave.dev/bundle: other} | \
      label stave.dev/bundle is 'other', not 'zmq-demo'
      name: ${name}, labels: <@k.v labels/>                             | metadata.namespace is absent, not 'zmq-demo'
      """)
  void aReplacedTemplateKeepsNameNamespaceAndBundleLabel(String metadata, String expected) throws IOException {
    Path templates = dir.resolve("identity");
    Files.createDirectories(templates);
    Files.writeString(templates.resolve("service.ftl"), "<#import \"lib.ftl\" as k>\napiVersion: v1\nkind: Service\n"
        + "metadata: {" + metadata + "}\nspec: {type: ${type}, selector: <@k.v selector/>, ports: [<#list ports as p>"
        + "{name: ${p.name}, port: ${p.port?c?no_esc}}</#list>]}\n");
    Run run = Run.of("compile", "examples/symphony-pods.yaml", "--templates", templates.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(templates.resolve("service.ftl") + ":1:1: error: template service.ftl departs from the Service"
        + " zmq-demo-rpc stave planned: " + expected, run.err().lines().findFirst().orElseThrow());
  }

  /** A replaced lib.ftl reaches every packaged template: the error names the folder and the template. */
  @Test
  void aReplacedMacroThatDropsIdentityNamesTheFolder() throws IOException {
    Path templates = dir.resolve("lib");
    Files.createDirectories(templates);
    String lib = Files.readString(Path.of("templates/lib.ftl"))
        .replace("labels: <@stave_flow value=o.labels/>", "labels: {team: rl}");
    Files.writeString(templates.resolve("lib.ftl"), lib);
    Run run = Run.of("compile", "examples/symphony-pods.yaml", "--templates", templates.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(templates + ":1:1: error: template namespace.ftl (with the templates in " + templates + ") departs"
        + " from the Namespace zmq-demo stave planned: label stave.dev/bundle is absent, not 'zmq-demo'",
        run.err().lines().findFirst().orElseThrow());
  }

  @Test
  void everyCommandInTheHelpIsSummedUpInOneSentence() {
    Run run = Run.of("--help");
    assertEquals(0, run.code(), run.err());
    List<String> lines = run.out().lines().toList();
    int first = lines.indexOf("Commands:") + 1;
    List<String> summaries = new ArrayList<>();
    for (String line : lines.subList(first, lines.size())) {
      if (line.isBlank()) {
        break;
      }
      if (line.startsWith("    ")) {
        summaries.set(summaries.size() - 1, summaries.get(summaries.size() - 1) + " " + line.strip());
      } else {
        summaries.add(line.strip());
      }
    }
    assertTrue(summaries.size() >= 9, summaries::toString);
    for (String summary : summaries) {
      assertTrue(summary.endsWith("."), summary);
    }
  }

  /** FreeMarker's own errors in a replaced template: its line and column, and its reason on one line. */
  @ParameterizedTest(name = "[{index}] {1}")
  @CsvSource(delimiter = '|', textBlock = """
      service.ftl | 'kind: Service\n<#if x>\nspec: {}'                 | service.ftl:3:9: error: \
      template service.ftl failed: Unexpected end of file reached. You have an unclosed #if.
      service.ftl | 'kind: Service\nmetadata: {name: ${nosuch.x}}'     | service.ftl:2:20: error: \
      template service.ftl failed: The following has evaluated to null or missing: nosuch
      service.ftl | 'kind: Service\nspec: {port: ${1/0}}'               | service.ftl:2:14: error: \
      template service.ftl failed: Arithmetic operation failed: / by zero
      service.ftl | '<#include "part.ftl">'                               | part.ftl:2:8: error: \
      template service.ftl failed: Unknown built-in: "nosuch".
      lib.ftl     | '<#macro metadata o>\n<#if x>\n</#macro>'          | lib.ftl:3:1: error: \
      template lib.ftl, imported by the packaged namespace.ftl, failed: Encountered "</#macro>", but at this \
      place only this can be closed: "#if".
      lib.ftl     | '<#macro metadata o>{name: ${1/0}}</#macro>'          | lib.ftl:1:27: error: \
      template lib.ftl, imported by the packaged namespace.ftl, failed: Arithmetic operation failed: / by zero
      """)
  void freeMarkerErrorsPointIntoTheReplacedTemplate(String file, String text, String expected) throws IOException {
    Path templates = dir.resolve("broken");
    Files.createDirectories(templates);
    Files.writeString(templates.resolve(file), text + "\n");
    Files.writeString(templates.resolve("part.ftl"), "kind: Service\nx: ${1?nosuch}\n");
    Run run = Run.of("compile", "examples/symphony-pods.yaml", "--templates", templates.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    String first = run.err().lines().filter(l -> l.contains(": error: ")).findFirst().orElseThrow();
    assertTrue(first.startsWith(templates.toString()), first);
    assertTrue(first.startsWith(expected, templates.toString().length() + 1), first);
  }

  /** FreeMarker ends a line at a lone CR too (classic Mac OS): the line its error names is the line quoted. */
  @Test
  void aTemplateErrorQuotesTheLineFreeMarkerNamesWhenLinesEndInALoneCr() throws IOException {
    assertEquals("service.ftl:3:14: error: template service.ftl failed: Arithmetic operation failed: / by zero\n"
        + "    | spec: {port: ${1/0}}\n"
        + "    |              ^\n"
        + "  = hint: fix the template, or remove it to use the packaged one\n",
        templateErrors("service.ftl", "kind: Service\rmetadata: {name: x}\rspec: {port: ${1/0}}\r"));
  }

  /** FreeMarker counts a byte order mark that starts a template as a column; the quoted line does not show it. */
  @Test
  void aTemplateErrorAfterAByteOrderMarkPointsAtItsCharacter() throws IOException {
    assertEquals("namespace.ftl:1:1: error: template namespace.ftl failed: Arithmetic operation failed: / by zero\n"
        + "    | ${1/0}\n"
        + "    | ^\n"
        + "  = hint: fix the template, or remove it to use the packaged one\n",
        templateErrors("namespace.ftl", "\uFEFF${1/0}\n"));
  }

  /**
   * A template that is not UTF-8 (a Latin-1 é) is refused at its bad byte, in an included file too, rather than
   * rendered with U+FFFD in its place; a file of the folder that no template uses stops nothing.
   */
  @Test
  void aTemplateThatIsNotUtf8IsReportedAtItsBadByte() throws IOException {
    Path templates = dir.resolve("latin1");
    Files.createDirectories(templates.resolve("parts"));
    byte[] cafe = "kind: Service\nmetadata: {name: ${name}}\nnote: \"caf\u00E9\"\n"
        .getBytes(StandardCharsets.ISO_8859_1);
    Files.write(templates.resolve("unused.ftl"), cafe);
    Run unused = Run.of("compile", "examples/symphony-pods.yaml", "--templates", templates.toString(), "-o", "-");
    assertEquals(0, unused.code(), unused.err());
    Files.write(templates.resolve("service.ftl"), cafe);
    Run run = Run.of("compile", "examples/symphony-pods.yaml", "--templates", templates.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(templates.resolve("service.ftl") + ":3:11: error: the file is not valid UTF-8: byte 0xE9"
        + " cannot start or continue a character here\n"
        + "    | note: \"caf\uFFFD\"\n"
        + "    |           ^\n"
        + "  = hint: save the file as UTF-8\n", run.err());
    Files.writeString(templates.resolve("service.ftl"), "<#include \"parts/note.ftl\">\n");
    Files.write(templates.resolve("parts/note.ftl"), cafe);
    Run included = Run.of("compile", "examples/symphony-pods.yaml", "--templates", templates.toString(), "-o", "-");
    assertEquals(1, included.code(), included.err());
    assertTrue(included.err().startsWith(templates.resolve("parts/note.ftl") + ":3:11: error: the file is not valid"
        + " UTF-8: byte 0xE9 cannot start or continue a character here\n"), included.err());
  }

  /**
   * A file cut inside a character (the first two bytes of the three of '€') is not said to hold a byte that cannot
   * start a character: 0xE2 can, the file ends before the character does.
   */
  @Test
  void aTemplateCutInsideACharacterSaysItEndsThere() throws IOException {
    Path templates = dir.resolve("replaced");
    Files.createDirectories(templates);
    Files.write(templates.resolve("service.ftl"), new byte[] {'k', 'i', 'n', 'd', ':', ' ', 'S', '\n', '#', ' ',
        (byte) 0xE2, (byte) 0x82});
    Run run = Run.of("compile", "examples/symphony-pods.yaml", "--templates", templates.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(templates.resolve("service.ftl") + ":2:3: error: the file is not valid UTF-8: it ends inside the"
        + " character that byte 0xE2 starts\n"
        + "    | # \uFFFD\n"
        + "    |   ^\n"
        + "  = hint: save the file as UTF-8\n", run.err());
  }

  /**
   * An include or import of a file that is in neither the folder nor the packaged templates says so, and which file
   * to create (a name relative to an included file's folder as FreeMarker resolves it), not which loaders looked.
   */
  @Test
  void aMissingIncludeOrImportSaysWhichFileToCreate() throws IOException {
    Path templates = dir.resolve("replaced");
    String created = templates.resolve("parts/extra.ftl").toString();
    assertEquals("service.ftl:2:1: error: template service.ftl failed: it includes 'parts/extra.ftl', which is neither"
        + " a file of the templates folder nor a packaged template\n"
        + "    | <#include \"parts/extra.ftl\">\n"
        + "    | ^\n"
        + "  = hint: create " + created + ", or fix the name\n",
        templateErrors("service.ftl", "kind: Service\n<#include \"parts/extra.ftl\">\n"));
    assertTrue(templateErrors("service.ftl", "<#import \"parts/extra.ftl\" as x>\nkind: Service\n").startsWith(
        "service.ftl:1:1: error: template service.ftl failed: it imports 'parts/extra.ftl', which is neither a file of"
        + " the templates folder nor a packaged template\n"));
    Files.createDirectories(templates.resolve("parts"));
    Files.writeString(templates.resolve("parts/a.ftl"), "spec:\n<#include \"extra.ftl\">\n");
    String nested = templateErrors("service.ftl", "kind: Service\n<#include \"parts/a.ftl\">\n");
    assertTrue(nested.startsWith(templates.resolve("parts/a.ftl") + ":2:1: error: template service.ftl failed: it"
        + " includes 'parts/extra.ftl', which is neither a file of the templates folder nor a packaged template\n"),
        nested);
    assertTrue(nested.endsWith("  = hint: create " + created + ", or fix the name\n"), nested);
    assertTrue(templateErrors("service.ftl", "kind: Service\n<#include \"../x.ftl\">\n").startsWith("service.ftl:2:1:"
        + " error: template service.ftl failed: it includes '../x.ftl', which leads out of the templates folder\n"));
  }

  /**
   * An include with a '*' step (acquisition) that finds nothing names the nearest file to create, in the folder
   * before the '*', not a folder named '*'.
   */
  @Test
  void aMissingAcquiredIncludeSaysWhichFileToCreate() throws IOException {
    Path templates = dir.resolve("replaced");
    assertEquals("service.ftl:2:1: error: template service.ftl failed: it includes '*/extra.ftl', which finds no"
        + " 'extra.ftl' in the templates folder or among the packaged templates\n"
        + "    | <#include \"*/extra.ftl\">\n"
        + "    | ^\n"
        + "  = hint: create " + templates.resolve("extra.ftl") + ", or fix the name\n",
        templateErrors("service.ftl", "kind: Service\n<#include \"*/extra.ftl\">\n"));
    Files.createDirectories(templates.resolve("parts"));
    Files.writeString(templates.resolve("parts/a.ftl"), "spec:\n<#import \"*/sub/extra.ftl\" as x>\n");
    String nested = templateErrors("service.ftl", "kind: Service\n<#include \"parts/a.ftl\">\n");
    assertTrue(nested.startsWith(templates.resolve("parts/a.ftl") + ":2:1: error: template service.ftl failed: it"
        + " imports 'parts/*/sub/extra.ftl', which finds no 'sub/extra.ftl' in parts/, in a folder above it or among"
        + " the packaged templates\n"), nested);
    assertTrue(nested.endsWith("  = hint: create " + templates.resolve("parts/sub/extra.ftl") + ", or fix the name\n"),
        nested);
  }

  /** What a compile with {@code text} as the replaced template {@code file} prints, the template named by its name. */
  private String templateErrors(String file, String text) throws IOException {
    Path templates = dir.resolve("replaced");
    Files.createDirectories(templates);
    Files.writeString(templates.resolve(file), text);
    Run run = Run.of("compile", "examples/symphony-pods.yaml", "--templates", templates.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    return run.err().replace(templates.resolve(file).toString(), file);
  }

  /**
   * Text that is not YAML is reported where the template wrote it: in its static text (an included file's too),
   * or at the interpolation whose value the reader stopped after, however long the values before it on the line.
   */
  @Test
  void textThatIsNotYamlIsReportedWhereTheTemplateWroteIt() throws IOException {
    String notYaml = ": error: template service.ftl wrote text for Service zmq-demo-rpc that is not YAML: ";
    assertEquals("service.ftl:3:11" + notYaml + "mapping values are not allowed here (line 3 of its output:"
        + " 'x: \"zmq-demo-rpc\": b')\n"
        + "    | x: ${name}: b\n"
        + "    |           ^\n"
        + "  = hint: put a value that holds ': ' in double quotes, or print it with ${...}, which quotes it, or"
        + " remove the template to use the packaged one\n",
        templateErrors("service.ftl",
            "kind: Service\nmetadata: {name: ${name}, labels: {a: ${name}}}\nx: ${name}: b\n"));
    assertEquals("service.ftl:4:1" + notYaml + "expected a single document in the stream, but found another"
        + " document (line 3 of its output: '---')\n"
        + "    | ---\n"
        + "    | ^\n"
        + "  = hint: write one object per template (stave writes each object to a file of its own): remove the '---'"
        + " and what follows it, or remove the template to use the packaged one\n",
        templateErrors("service.ftl",
            "kind: Service\n<#if true>\nmetadata: {name: ${name}}\n---\nkind: Service\n</#if>\n"));
    Path parts = dir.resolve("replaced/parts");
    Files.createDirectories(parts);
    Files.writeString(parts.resolve("spec.ftl"), "spec:\n\tports: []\n");
    String err = templateErrors("service.ftl",
        "kind: Service\nmetadata: {name: ${name}}\n<#include \"parts/spec.ftl\">\n");
    assertTrue(err.startsWith(parts.resolve("spec.ftl") + ":2:1" + notYaml + "while scanning for the next token,"
        + " found character '\\t(TAB)' that cannot start any token. (Do not use \\t(TAB) for indentation) (line 4 of"
        + " its output: 'ports: []')\n"), err);
    assertTrue(err.endsWith("  = hint: indent with spaces: YAML allows no tab in indentation, or remove the template"
        + " to use the packaged one\n"), err);
  }

  /** Whatever a replaced template makes of the objects is the user's to fix: exit 1 and a diagnostic. */
  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', textBlock = """
      service.ftl | ''                                                        | rendered null instead of an object
      service.ftl | 'hello'                                                   | rendered hello instead of an object
      service.ftl | 'kind: Service\nmetadata: &m {name: a, labels: *m}'      | it recursed without end
      service.ftl | '<#macro r n><@r n+1/></#macro><@r 0/>'                   | it recursed without end
      service.ftl | '<#include "service.ftl">'                                | it recursed without end
      lib.ftl     | '<#macro metadata m>x</#macro>'                           | fails the Kubernetes model check
      """)
  void whateverAReplacedTemplateBreaksIsTheUsersError(String file, String text, String expected) throws IOException {
    Path templates = dir.resolve("broken");
    Files.createDirectories(templates);
    Files.writeString(templates.resolve(file), text + "\n");
    Run run = Run.of("compile", "examples/symphony-pods.yaml", "--templates", templates.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertTrue(run.err().contains(expected), run.err());
    assertTrue(run.err().contains("hint: fix the template, or remove it to use the packaged one"), run.err());
    assertFalse(run.err().contains("internal error") || run.err().contains("\tat "), run.err());
  }

  /** Inventories and contexts files are checked on their own as an experiment reads them. */
  @ParameterizedTest
  @ValueSource(strings = {"examples/inventories/lab.yaml", "examples/inventories/rl-small.tf.json",
      "examples/contexts/mrunner.conf"})
  void validateChecksTheFilesExperimentsReferTo(String file) {
    Run run = Run.of("validate", file);
    assertEquals(0, run.code(), run.err());
    assertEquals("1 config is valid\n", run.err());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "examples/inventories/errors/bad-selector-key.yaml|examples/inventories/errors/bad-selector-key.yaml:4:44:"
        + " error: pools.batch.selector: the selector key 'team pool!' is not a Kubernetes label key",
    "examples/inventories/errors/unknown-machine.tf.json|examples/inventories/errors/unknown-machine.tf.json:7:41:"
        + " error: resource.google_container_node_pool.arm-pool.node_config.machine_type: 't2a-standard-8' is not"
  })
  void validateReportsAnInventorysProblemsWhereTheyAre(String file, String first) {
    Run run = Run.of("validate", file);
    assertEquals(1, run.code(), run.err());
    assertTrue(run.err().startsWith(first), run.err());
  }

  @Test
  void validateChecksAContextsFileAgainstItsSchema() throws IOException {
    Path contexts = dir.resolve("contexts.yaml");
    Files.writeString(contexts, "kind: contexts\ncontexts: {lab: {namespce: x}}\n");
    Run run = Run.of("validate", contexts.toString());
    assertEquals(1, run.code(), run.err());
    assertTrue(run.err().startsWith(contexts + ":2:18: error: contexts.lab.namespce:"), run.err());
  }

  /**
   * A contexts file is checked with the inventories its contexts name, each as an experiment that uses the
   * context reads it: a missing one at the context's key (named as in the contexts file), a malformed one inside
   * its own file.
   */
  @Test
  void validateOfAContextsFileChecksTheInventoriesItsContextsName() throws IOException {
    Path contexts = dir.resolve("contexts.conf");
    Files.writeString(contexts, "kind = contexts\ncontexts {\n  gone { inventory = missing.yaml }\n"
        + "  broken { inventory = bad.yaml }\n  fine { inventory = good.yaml }\n  none { namespace = x }\n}\n");
    Files.writeString(dir.resolve("bad.yaml"), "kind: inventory\npools:\n  cpu: {cpu: four, memory: 16Gi}\n");
    Files.writeString(dir.resolve("good.yaml"), "kind: inventory\npools:\n  cpu: {cpu: 4, memory: 16Gi}\n");
    String missing = contexts + ":3:22: error: contexts.gone.inventory: the context's inventory "
        + dir.resolve("missing.yaml") + " does not exist\n"
        + "    |   gone { inventory = missing.yaml }\n"
        + "    |                      ^\n"
        + "  = hint: fix the path (relative to the contexts file), or set inventory in the experiment\n";
    String malformed = dir.resolve("bad.yaml") + ":3:14: error: pools.cpu.cpu: 'four' is not a number of cpus\n"
        + "    |   cpu: {cpu: four, memory: 16Gi}\n"
        + "    |              ^\n"
        + "  = hint: write cores, e.g. 8 or 7910m\n";
    Run run = Run.of("validate", contexts.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(malformed + missing, run.err());
    // compile of an experiment that uses the context says the same.
    for (String context : List.of("gone", "broken")) {
      Path experiment = dir.resolve(context + ".conf");
      Files.writeString(experiment, "kind = experiment\nname = e\nimage = x\ncontexts = contexts.conf\n"
          + "context = " + context + "\nprocesses { p { command = [x] } }\n");
      Run compile = Run.of("compile", experiment.toString(), "-o", "-");
      assertEquals(1, compile.code(), compile.err());
      assertEquals(context.equals("gone") ? missing : malformed, compile.err());
    }
    Files.writeString(dir.resolve("missing.yaml"), "kind: inventory\npools:\n  cpu: {cpu: 4, memory: 16Gi}\n");
    Files.writeString(dir.resolve("bad.yaml"), "kind: inventory\npools:\n  cpu: {cpu: 4, memory: 16Gi}\n");
    Run fixed = Run.of("validate", contexts.toString());
    assertEquals(0, fixed.code(), fixed.err());
    assertEquals("1 config is valid\n", fixed.err());
  }

  /** A folder named as an inventory is said to be one at the key, whether the experiment or its context names it. */
  @Test
  void aFolderNamedAsAnInventoryIsNotAFile() throws IOException {
    Files.createDirectory(dir.resolve("pools"));
    Files.writeString(dir.resolve("contexts.conf"), "kind = contexts\ncontexts { lab { inventory = pools } }\n");
    Path own = dir.resolve("own.conf");
    Files.writeString(own, "kind = experiment\nname = e\nimage = x\ninventory = pools\n"
        + "processes { p { command = [x] } }\n");
    Run run = Run.of("compile", own.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(own + ":4:13: error: inventory: the inventory " + dir.resolve("pools") + " is not a file\n"
        + "    | inventory = pools\n"
        + "    |             ^\n"
        + "  = hint: fix the path; it is relative to this config's folder\n", run.err());
    Path context = dir.resolve("context.conf");
    Files.writeString(context, "kind = experiment\nname = e\nimage = x\ncontexts = contexts.conf\ncontext = lab\n"
        + "processes { p { command = [x] } }\n");
    Run viaContext = Run.of("compile", context.toString(), "-o", "-");
    assertEquals(1, viaContext.code(), viaContext.err());
    assertEquals(dir.resolve("contexts.conf") + ":2:30: error: contexts.lab.inventory: the context's inventory "
        + dir.resolve("pools") + " is not a file\n"
        + "    | contexts { lab { inventory = pools } }\n"
        + "    |                              ^\n"
        + "  = hint: fix the path (relative to the contexts file), or set inventory in the experiment\n",
        viaContext.err());
  }

  /** An empty path (an unset variable) names no file: Java would read it as the working folder. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "validate,''|positional parameter at index 0..* (CONFIG)",
      "plan,''|positional parameter at index 0 (CONFIG)",
      "secrets,''|positional parameter at index 0 (CONFIG)",
      "diff,'',x.yaml|positional parameter at index 0..1 (BUNDLE [BUNDLE])",
      "inventory,from-nodes,''|positional parameter at index 0 (FILE)",
      "init,-o,''|option '--output'",
      "compile,x.yaml,--contexts,''|option '--contexts'",
      "apply,x.yaml,--kubeconfig,''|option '--kubeconfig'"})
  void anEmptyPathIsAUsageError(String args, String what) {
    List<String> list = new ArrayList<>();
    for (String arg : args.split(",", -1)) {
      list.add(arg.equals("''") ? "" : arg);
    }
    Run run = Run.of(list.toArray(String[]::new));
    assertEquals(2, run.code(), run.err());
    assertTrue(run.err().startsWith("stave: Invalid value for " + what
        + ": the path is empty (an unset variable?)\n"), run.err());
  }

  /**
   * '-' is standard input to many tools, but stave reads configs from files only. The commands that take only
   * configs refuse it as a usage error; diff, which also takes bundle folders, looks for it and says why not.
   */
  @Test
  void aDashForAConfigSaysThatStandardInputIsNotRead() {
    Run run = Run.of("diff", "-", "examples/symphony-pods.yaml");
    assertEquals(1, run.code(), run.err());
    assertEquals("-:1:1: error: '-' names no file: stave does not read configs from standard input\n"
        + "  = hint: save the config to a file named *.yaml or *.conf and name that file; its name says its format,"
        + " and relative paths in it start from its folder\n", run.err());
  }

  /** After '--' every argument is a file, so an option written there is a missing file that says so. */
  @Test
  void anOptionAfterDoubleDashIsAMissingFileThatSaysWhy() {
    Run run = Run.of("compile", "--", "examples/symphony-pods.yaml", "-o");
    assertEquals(1, run.code(), run.err());
    assertEquals("-o:1:1: error: file not found\n"
        + "  = hint: check the path; relative paths start from the current folder; every argument after '--' is a"
        + " file, so write an option such as '-o' before '--'\n", run.err());
  }

  @Test
  void aMissingFileIsCalledMissingWhateverItsName() {
    Path missing = dir.resolve("no-such-bundle");
    Run run = Run.of("diff", missing.toString(), dir.resolve("other").toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(missing + ":1:1: error: file not found\n"
        + "  = hint: check the path; relative paths start from the current folder\n"
        + dir.resolve("other") + ":1:1: error: file not found\n"
        + "  = hint: check the path; relative paths start from the current folder\n", run.err());
  }

  /** A usage error quotes the argument it refuses with its control characters escaped, as every message does. */
  @ParameterizedTest
  @ValueSource(strings = {"schema|\u001b[2Jx", "compile|--\u001b[2J", "plan|x.yaml|--format|\u001b]0;t\u0007"})
  void aUsageErrorQuotesAnArgumentEscaped(String args) {
    Run run = Run.of(args.split("\\|"));
    assertEquals(Main.USAGE, run.code(), run.err());
    assertFalse(run.err().chars().anyMatch(c -> c == 0x1b || c == 0x07), run.err());
    assertTrue(run.err().startsWith("stave: ") && run.err().contains("\\u001b"), run.err());
  }
}

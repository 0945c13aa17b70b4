package dev.stave.cli;

import static dev.stave.cli.ExperimentMappingTest.at;
import static dev.stave.cli.ExperimentMappingTest.cast;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.config.Env;
import dev.stave.render.CanonicalYaml;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mrunner's workflow (contexts, storage, secret_env, tracking and sweeps) through the CLI. */
class MrunnerTest {
  private static final String CONTEXTS = """
      kind: contexts
      current_context: gke.sandbox
      contexts:
        gke.sandbox:
          type: kubernetes
          registry_url: https://gcr.io/acme
          resources: "cpu=4 mem=8G tpu=1"
          storage: /storage
          default_pvc_size: 100G
          neptune: true
          image_pull_secrets: [gcr-pull]
          labels: {owner: robotics, team: ctx}
        minikube:
          namespace: sandbox
          resources: {cpu: 1, gpu: 1}
      """;

  @TempDir
  Path dir;

  private Path write(String name, String text) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, text);
    return file;
  }

  private static List<Map<String, Object>> docs(Run run) {
    assertEquals(0, run.code(), run.err());
    List<Map<String, Object>> docs = new ArrayList<>();
    for (String doc : run.out().split("(?m)^---\n")) {
      if (!doc.isEmpty()) {
        docs.add(cast(CanonicalYaml.parse(doc)));
      }
    }
    return docs;
  }

  private static Map<String, Object> only(List<Map<String, Object>> docs, String kind) {
    List<Map<String, Object>> found = docs.stream().filter(d -> kind.equals(d.get("kind"))).toList();
    assertEquals(1, found.size(), kind + " in " + docs);
    return found.get(0);
  }

  private static Map<String, Object> env(Map<String, Object> job) {
    Map<String, Object> env = new LinkedHashMap<>();
    for (Object e : (List<?>) at(job, "spec", "template", "spec", "containers", 0, "env")) {
      Map<String, Object> m = cast(e);
      env.put((String) m.get("name"), m.containsKey("value") ? m.get("value") : m.get("valueFrom"));
    }
    return env;
  }

  @Test
  void contextValuesAreDefaultsAndTheExperimentsOwnKeysWin() throws IOException {
    write("contexts.yaml", CONTEXTS);
    Path exp = write("exp.yaml", """
        kind: experiment
        name: run1
        project: rl
        contexts: contexts.yaml
        context: gke.sandbox
        image: acme/rl:1.4
        labels: {team: rl}
        processes:
          main:
            command: [python, main.py]
            resource_limit: {cpu: 2}
            active_deadline_seconds: 3600
            ttl_seconds_after_finished: 60
          other:
            image: docker.io/library/python:3
        """);
    List<Map<String, Object>> docs = docs(Run.of("compile", exp.toString(), "-o", "-"));
    Map<String, Object> main = docs.stream().filter(d -> "run1-main".equals(at(d, "metadata", "name"))).findFirst()
        .orElseThrow();
    assertEquals("gcr.io/acme/acme/rl:1.4", at(main, "spec", "template", "spec", "containers", 0, "image"));
    assertEquals(Map.of("cpu", "2", "memory", "8Gi", "cloud-tpus.google.com/v2", "1"),
        at(main, "spec", "template", "spec", "containers", 0, "resources", "limits"));
    assertEquals(Map.of("memory", "8Gi", "cloud-tpus.google.com/v2", "1"),
        at(main, "spec", "template", "spec", "containers", 0, "resources", "requests"));
    assertEquals("rl", at(main, "metadata", "labels", "team"));
    assertEquals("robotics", at(main, "metadata", "labels", "owner"));
    assertEquals(List.of(Map.of("name", "gcr-pull")), at(main, "spec", "template", "spec", "imagePullSecrets"));
    // A single process is an mrunner run: a Job that is never retried.
    assertEquals(0, at(main, "spec", "backoffLimit"));
    assertEquals("Never", at(main, "spec", "template", "spec", "restartPolicy"));
    assertEquals(3600, at(main, "spec", "activeDeadlineSeconds"));
    assertEquals(60, at(main, "spec", "ttlSecondsAfterFinished"));
    Map<String, Object> other = docs.stream().filter(d -> "run1-other".equals(at(d, "metadata", "name")))
        .findFirst().orElseThrow();
    assertEquals("docker.io/library/python:3", at(other, "spec", "template", "spec", "containers", 0, "image"));
    assertEquals("rl", at(main, "metadata", "namespace"));
  }

  @Test
  void neptuneNeedsAProjectAndTheContextSuppliesTheNamespace() throws IOException {
    write("contexts.yaml", CONTEXTS);
    Path exp = write("exp.yaml", """
        kind: experiment
        name: run1
        contexts: contexts.yaml
        image: img:1
        processes: {main: {command: [x]}}
        """);
    Run noProject = Run.of("compile", exp.toString(), "-o", "-");
    assertEquals(1, noProject.code());
    assertTrue(noProject.err().contains("error: contexts.gke.sandbox.neptune: Neptune tracking needs a project"),
        noProject.err());
    List<Map<String, Object>> docs = docs(Run.of("compile", exp.toString(), "--context", "minikube", "-o", "-"));
    Map<String, Object> job = only(docs, "Job");
    assertEquals("sandbox", at(job, "metadata", "namespace"));
    assertEquals(Map.of("cpu", "1", "nvidia.com/gpu", "1"),
        at(job, "spec", "template", "spec", "containers", 0, "resources", "requests"));
    assertEquals(Map.of("cpu", "1", "nvidia.com/gpu", "1"),
        at(job, "spec", "template", "spec", "containers", 0, "resources", "limits"));
  }

  @Test
  void theContextsFileComesFromTheFlagTheEnvironmentTheKeyOrTheHome() throws IOException {
    Path contexts = write("elsewhere.yaml", CONTEXTS);
    Path exp = write("exp.yaml", """
        kind: experiment
        name: run1
        context: minikube
        image: img:1
        processes: {main: {command: [x]}}
        """);
    Run viaFlag = Run.of("compile", exp.toString(), "--contexts", contexts.toString(), "-o", "-");
    assertEquals("sandbox", at(only(docs(viaFlag), "Job"), "metadata", "namespace"));
    Run viaEnv = Run.with(new Env(Map.of("STAVE_CONTEXTS", contexts.toString()), "/nonexistent"),
        "compile", exp.toString(), "-o", "-");
    assertEquals("sandbox", at(only(docs(viaEnv), "Job"), "metadata", "namespace"));
    Run missing = Run.with(new Env(Map.of(), dir.resolve("home").toString()), "compile", exp.toString(), "-o", "-");
    assertEquals(1, missing.code());
    // The home file is looked for because the experiment names a context, so the error is at that key.
    assertEquals(exp + ":3:10: error: context: the contexts file " + dir.resolve("home/.config/stave/contexts.conf")
        + " does not exist, so context 'minikube' cannot be found\n"
        + "    | context: minikube\n    |          ^\n"
        + "  = hint: write one with kind: contexts (see 'stave schema contexts'), or name it with --contexts or "
        + "$STAVE_CONTEXTS\n", missing.err());
    // Without any context named, a missing home file is no problem.
    Path plain = write("plain.yaml", "kind: experiment\nname: p\nimage: img:1\nprocesses: {main: {command: [x]}}\n");
    Run none = Run.with(new Env(Map.of(), dir.resolve("home").toString()), "compile", plain.toString(), "-o", "-");
    assertEquals("p", at(only(docs(none), "Job"), "metadata", "namespace"));
  }

  @Test
  void aMissingContextsFileNamedOnTheCommandLineOrInTheEnvironmentSaysWhereItWasNamed() throws IOException {
    Path exp = write("exp.yaml", "kind: experiment\nname: p\nimage: img:1\nprocesses: {main: {command: [x]}}\n");
    Path missing = dir.resolve("missing.yaml");
    Run viaFlag = Run.with(new Env(Map.of(), dir.resolve("home").toString()),
        "compile", exp.toString(), "--contexts", missing.toString(), "-o", "-");
    assertEquals(1, viaFlag.code());
    assertEquals(exp + ":1:1: error: --contexts: the contexts file " + missing + " named by --contexts does not exist\n"
        + "    | kind: experiment\n    | ^\n"
        + "  = hint: correct the file named by --contexts, or write it with kind: contexts "
        + "(see 'stave schema contexts')\n", viaFlag.err());
    Run viaEnv = Run.with(new Env(Map.of("STAVE_CONTEXTS", missing.toString()), dir.resolve("home").toString()),
        "compile", exp.toString(), "--context", "minikube", "-o", "-");
    assertEquals(1, viaEnv.code());
    assertEquals(exp + ":1:1: error: $STAVE_CONTEXTS: the contexts file " + missing
        + " named by $STAVE_CONTEXTS does not exist, so context 'minikube' cannot be found\n"
        + "    | kind: experiment\n    | ^\n"
        + "  = hint: correct the file named by $STAVE_CONTEXTS, or write it with kind: contexts "
        + "(see 'stave schema contexts')\n", viaEnv.err());
  }

  @Test
  void contextOptionsGivenToARunOfNoExperimentAreAWarning() throws IOException {
    Path bench = write("bench.yaml",
        "kind: benchmark\nname: b\nrun: {function: a.b}\ndask_cluster: {image: \"i:1\"}\n");
    Path exp = write("exp.yaml", "kind: experiment\nname: e\nimage: \"i:1\"\nprocesses: {main: {command: [x]}}\n");
    Path contexts = write("contexts.yaml", CONTEXTS);
    Run name = Run.of("validate", bench.toString(), "--context", "nope");
    assertEquals(0, name.code(), name.err());
    assertEquals("stave: warning: --context is ignored: only experiments read contexts, and no config given is one\n"
        + "1 config is valid\n", name.err());
    Run both = Run.of("compile", bench.toString(), "--context", "minikube", "--contexts", contexts.toString(),
        "-o", "-");
    assertEquals(0, both.code(), both.err());
    assertEquals("stave: warning: --context and --contexts are ignored: only experiments read contexts, and no config"
        + " given is one\n", both.err());
    Run file = Run.of("plan", bench.toString(), "--contexts", contexts.toString());
    assertEquals(0, file.code(), file.err());
    assertEquals("stave: warning: --contexts is ignored: only experiments read contexts, and no config given is one\n",
        file.err());
    // With an experiment in the run the options are read: no warning, for the benchmark either.
    Run withExperiment = Run.of("validate", bench.toString(), exp.toString(), "--context", "minikube", "--contexts",
        contexts.toString());
    assertEquals(0, withExperiment.code(), withExperiment.err());
    assertEquals("2 configs are valid\n", withExperiment.err());

    // diff and apply of bundle folders, compiled already, read no contexts either; of an experiment they do.
    Path out = dir.resolve("out");
    assertEquals(0, Run.of("compile", exp.toString(), "-o", out.toString()).code());
    Path bundle = out.resolve("e");
    Run folders = Run.of("diff", bundle.toString(), bundle.toString(), "--context", "minikube");
    assertEquals(0, folders.code(), folders.err());
    assertEquals("stave: warning: --context is ignored: only experiments read contexts, and no config given is one\n",
        folders.err());
    Run ofConfig = Run.of("diff", bundle.toString(), exp.toString(), "--context", "minikube", "--contexts",
        contexts.toString());
    assertEquals("", ofConfig.err());
    Run applied = Run.of("apply", bundle.toString(), "--contexts", contexts.toString(), "--kubeconfig",
        dir.resolve("no-kubeconfig").toString());
    assertEquals("stave: warning: --contexts is ignored: only experiments read contexts, and no config given is one",
        applied.err().lines().findFirst().orElseThrow());
  }

  @Test
  void aMissingContextsFileForTheExperimentsContextIsReportedAtItsContextKey() throws IOException {
    Path exp = write("exp.conf", "kind = experiment\nname = p\nimage = \"img:1\"\ncontext = gke\n"
        + "processes { main { command = [x] } }\n");
    Path missing = dir.resolve("missing.conf");
    Run run = Run.with(new Env(Map.of(), dir.resolve("home").toString()),
        "compile", exp.toString(), "--contexts", missing.toString(), "-o", "-");
    assertEquals(1, run.code());
    assertEquals(exp + ":4:11: error: context: the contexts file " + missing + " named by --contexts does not "
        + "exist, so context 'gke' cannot be found\n"
        + "    | context = gke\n    |           ^\n"
        + "  = hint: correct the file named by --contexts, or write it with kind: contexts "
        + "(see 'stave schema contexts')\n", run.err());
  }

  @Test
  void currentContextIsUsedWhenNoneIsNamedAndSaysSo() throws IOException {
    Path home = dir.resolve("home");
    Files.createDirectories(home.resolve(".config/stave"));
    Files.writeString(home.resolve(".config/stave/contexts.conf"), """
        kind = contexts
        current_context = minikube
        contexts { minikube { namespace = sandbox } }
        """);
    Path exp = write("exp.yaml", "kind: experiment\nname: p\nimage: img:1\nprocesses: {main: {command: [x]}}\n");
    Run run = Run.with(new Env(Map.of(), home.toString()), "compile", exp.toString(), "-o", "-");
    assertEquals("sandbox", at(only(docs(run), "Job"), "metadata", "namespace"));
    assertTrue(run.err().startsWith(exp + ":1:1: note: context: using context 'minikube', the current_context of "),
        run.err());
  }

  @Test
  void aContextCopiedFromMrunnerKeepsItsNameWhichMustBeItsKey() throws IOException {
    // mrunner's own example of a remote context, as its README shows it, under stave's 'contexts'.
    Path contexts = write("contexts.yaml", """
        kind: contexts
        contexts:
          gke.sandbox:
            name: gke.sandbox
            type: kubernetes
            registry_url: https://gcr.io
            resources: cpu=4 tpu=1
            neptune: true
            storage: /storage
          other:
            name: gke.other
        """);
    Path exp = write("exp.yaml", "kind: experiment\nname: p\nproject: rl\ncontext: gke.sandbox\ncontexts: "
        + "contexts.yaml\nimage: img:1\nprocesses: {main: {command: [x]}}\n");
    Map<String, Object> job = only(docs(Run.of("compile", exp.toString(), "-o", "-")), "Job");
    assertEquals("gcr.io/img:1", at(job, "spec", "template", "spec", "containers", 0, "image"));

    String wrongName = contexts + ":11:11: error: contexts.other.name: context 'other' has the name 'gke.other'; "
        + "a context is named by its key\n"
        + "    |     name: gke.other\n"
        + "    |           ^\n"
        + "  = hint: make it 'other', or remove 'name'\n";
    Run valid = Run.of("validate", contexts.toString());
    assertEquals(1, valid.code(), valid.err());
    assertEquals(wrongName, valid.err());
    Run other = Run.of("compile", exp.toString(), "--context", "other", "-o", "-");
    assertEquals(1, other.code(), other.err());
    assertTrue(other.err().contains(wrongName), other.err());
  }

  @Test
  void aProblemWithAContextsValueNamesItsKeyInTheContextsFile() throws IOException {
    Path contexts = write("contexts.yaml", """
        kind: contexts
        contexts:
          lab:
            registry_url: "gcr.io/a b"
            resources: cpu=four
            storage: storage
            default_pvc_size: 100GB
            namespace: Lab!
            image_pull_secrets: [Pull_Secret]
            neptune: {api_token_secret: Bad_Name/key}
        """);
    Path exp = write("exp.yaml", "kind: experiment\nname: p\ncontext: lab\ncontexts: contexts.yaml\nimage: img:1\n"
        + "tracking: {neptune: {project: ws/p}}\nprocesses: {main: {command: [x]}}\n");
    Run run = Run.of("validate", exp.toString());
    assertEquals(1, run.code(), run.err());
    List<String> keys = run.err().lines().filter(l -> l.startsWith(contexts.toString()))
        .map(l -> l.replaceFirst("^[^ ]+ (error|warning|note): ([^ ]+):? .*$", "$2")).toList();
    assertEquals(List.of("contexts.lab.registry_url:", "contexts.lab.resources:", "contexts.lab.storage:",
        "contexts.lab.default_pvc_size:", "contexts.lab.namespace:", "contexts.lab.image_pull_secrets:",
        "contexts.lab.neptune.api_token_secret:"),
        keys, run.err());
  }

  @Test
  void validateOfAContextsFileAloneReportsWhatAnExperimentUsingAContextWould() throws IOException {
    Path contexts = write("contexts.yaml", """
        kind: contexts
        current_context: lap
        contexts:
          lab:
            registry_url: "gcr.io/x y"
            resources: "cpu=4 mem"
            storage: storage
            image_pull_secrets: [Pull_Secret]
            labels: {team: "a b"}
        """);
    Path exp = write("exp.yaml", "kind: experiment\nname: e\nimage: img:1\ncontext: lab\n"
        + "processes: {a: {command: [x]}}\n");
    List<String> expected = List.of(
        contexts + ":2:18: error: current_context: context 'lap' is not defined in " + contexts,
        "    | current_context: lap",
        "    |                  ^",
        "  = hint: did you mean 'lab'?",
        contexts + ":5:19: error: contexts.lab.registry_url: 'gcr.io/x y' is not a registry",
        "    |     registry_url: \"gcr.io/x y\"",
        "    |                   ^",
        "  = hint: write a registry host with an optional path, e.g. gcr.io/acme",
        contexts + ":6:16: error: contexts.lab.resources: 'mem' in resources is not NAME=VALUE",
        "    |     resources: \"cpu=4 mem\"",
        "    |                ^",
        "  = hint: resources are cpu, mem, gpu and tpu, e.g. \"cpu=4 mem=8G gpu=1\"",
        contexts + ":7:14: error: contexts.lab.storage: 'storage' is not an absolute path",
        "    |     storage: storage",
        "    |              ^",
        "  = hint: start it with '/'",
        contexts + ":8:26: error: contexts.lab.image_pull_secrets: 'Pull_Secret' is not a valid Secret name",
        "    |     image_pull_secrets: [Pull_Secret]",
        "    |                          ^",
        "  = hint: write the Secret's name as the cluster has it: at most 253 lower-case letters, digits, '-' and"
            + " '.', starting and ending with a letter or digit",
        contexts + ":9:20: error: contexts.lab.labels.team: 'a b' is not a valid label value",
        "    |     labels: {team: \"a b\"}",
        "    |                    ^",
        "  = hint: a label value has at most 63 letters, digits, '-', '_' or '.', and starts and ends with a letter"
            + " or digit");
    Run alone = Run.of("validate", contexts.toString());
    assertEquals(1, alone.code(), alone.err());
    assertEquals(expected, alone.err().lines().toList());
    // With an experiment that uses the context, each is reported once: the same diagnostics.
    Run both = Run.of("validate", contexts.toString(), exp.toString(), "--contexts", contexts.toString());
    assertEquals(1, both.code(), both.err());
    assertEquals(expected.subList(4, expected.size()), both.err().lines().toList().subList(4, expected.size()));
    assertEquals(expected.size(), both.err().lines().count(), both.err());
  }

  @Test
  void validateOfAContextsFileChecksEveryContextAsAnExperimentReadingItWould() throws IOException {
    Path contexts = write("contexts.yaml", """
        kind: contexts
        contexts:
          lab:
            registry_url: "gcr.io/a b"
            resources: gpu=one
            storage: storage
            default_pvc_size: 0
            namespace: Bad_NS!
            image_pull_secrets: [Pull_Secret]
            labels: {"-bad": x}
            neptune: {api_token_secret: Bad_Name/key}
          other:
            neptune: {api_token: t, api_token_file: f}
          fine:
            neptune: true
            storage: /storage
        """);
    Run run = Run.of("validate", contexts.toString());
    assertEquals(1, run.code(), run.err());
    List<String> found = run.err().lines().filter(l -> l.startsWith(contexts.toString()))
        .map(l -> l.substring(contexts.toString().length() + 1)
            .replaceFirst("^([0-9]+:[0-9]+): error: ([^ ]+): .*$", "$1 $2"))
        .toList();
    // Neptune's project is left out: an experiment that uses the context may name it.
    assertEquals(List.of("4:19 contexts.lab.registry_url", "5:16 contexts.lab.resources", "6:14 contexts.lab.storage",
        "7:23 contexts.lab.default_pvc_size", "8:16 contexts.lab.namespace", "9:26 contexts.lab.image_pull_secrets",
        "10:14 contexts.lab.labels.-bad", "11:33 contexts.lab.neptune.api_token_secret",
        "13:45 contexts.other.neptune.api_token_file"), found, run.err());

    Run valid = Run.of("validate", write("valid.yaml", CONTEXTS).toString());
    assertEquals(0, valid.code(), valid.err());
    assertEquals("1 config is valid\n", valid.err());
  }

  @Test
  void resourcesStringsMapAsMrunnerDoesIntoRequestsAndLimits() throws IOException {
    Path exp = write("exp.yaml", """
        kind: experiment
        name: res
        image: img:1
        resources: "cpu=4 mem=8G gpu=2 tpu=1"
        processes: {main: {command: [x], resource_request: {memory: 1Gi}}}
        """);
    Map<String, Object> job = only(docs(Run.of("compile", exp.toString(), "-o", "-")), "Job");
    assertEquals(Map.of("cpu", "4", "nvidia.com/gpu", "2", "cloud-tpus.google.com/v2", "1"),
        at(job, "spec", "template", "spec", "containers", 0, "resources", "limits"));
    assertEquals(Map.of("cpu", "4", "memory", "1Gi", "nvidia.com/gpu", "2", "cloud-tpus.google.com/v2", "1"),
        at(job, "spec", "template", "spec", "containers", 0, "resources", "requests"));
  }

  @Test
  void bundlesOfOneCompileMayShareAnObjectOnlyWhenItIsTheSame() throws IOException {
    // One project: the Namespace and the storage claim are in both bundles, alike.
    Path a = write("a.yaml", "kind: experiment\nname: a\nproject: lab\nimage: img:1\nstorage: {mount: /data}\n"
        + "processes: {b-c: {command: [x]}}\n");
    Path ab = write("ab.yaml", "kind: experiment\nname: a-b\nproject: lab\nimage: img:1\nstorage: {mount: /data}\n"
        + "processes: {d: {command: [x]}}\n");
    Run shared = Run.of("compile", a.toString(), ab.toString(), "-o", dir.resolve("shared").toString());
    assertEquals(0, shared.code(), shared.err());
    // On standard output the project's Namespace and storage claim come once, in the first bundle.
    Run stream = Run.of("compile", a.toString(), ab.toString(), "-o", "-");
    assertEquals(0, stream.code(), stream.err());
    assertEquals(List.of("Namespace", "PersistentVolumeClaim", "Job", "Job"), stream.out().lines()
        .filter(l -> l.startsWith("kind: ")).map(l -> l.substring(6)).toList());
    Run sharedValid = Run.of("validate", a.toString(), ab.toString());
    assertEquals(0, sharedValid.code(), sharedValid.err());
    assertEquals("2 configs are valid\n", sharedValid.err());

    // Experiment a's process b-c and experiment a-b's process c are both the Job a-b-c.
    Path c = write("c.yaml", "kind: experiment\nname: a-b\nproject: lab\nimage: img:2\nstorage: {mount: /data}\n"
        + "processes: {c: {command: [y]}}\n");
    Run clash = Run.of("compile", a.toString(), c.toString(), "-o", dir.resolve("clash").toString());
    assertEquals(1, clash.code(), clash.err());
    // Each at the process whose name makes the Job's; the first bundle's as a note.
    assertEquals(a + ":6:13: note: bundle 'a' makes Job lab/a-b-c here, and bundle 'a-b' another at " + c + ":6:13\n"
        + "    | processes: {b-c: {command: [x]}}\n    |             ^\n"
        + c + ":6:13: error: bundles 'a' and 'a-b' both have Job lab/a-b-c, each a different one (the other"
        + " made at " + a + ":6:13); applied together, the one applied last would replace the other\n"
        + "    | processes: {c: {command: [y]}}\n    |             ^\n"
        + "  = hint: rename an experiment or a process, or give the experiments different namespaces (project)\n",
        clash.err());
    assertFalse(Files.exists(dir.resolve("clash")));
    // validate, which renders nothing otherwise, finds the same (it renders the two Jobs to compare them).
    Run clashValid = Run.of("validate", a.toString(), c.toString());
    assertEquals(1, clashValid.code(), clashValid.err());
    assertEquals(clash.err(), clashValid.err());

    // A storage claim asked for twice in one namespace with different sizes is two different claims.
    Path big = write("big.yaml", "kind: experiment\nname: big\nproject: lab\nimage: img:1\n"
        + "storage: {mount: /data, size: 100Gi}\nprocesses: {d: {command: [x]}}\n");
    Run claims = Run.of("compile", a.toString(), big.toString(), "-o", "-");
    assertEquals(1, claims.code(), claims.err());
    // Renaming does not part a project's shared claim; the hint says what does.
    assertEquals(a + ":5:1: note: bundle 'a' makes PersistentVolumeClaim lab/lab-storage here, and bundle 'big'"
        + " another at " + big + ":5:1\n    | storage: {mount: /data}\n    | ^\n"
        + big + ":5:1: error: bundles 'a' and 'big' both have PersistentVolumeClaim lab/lab-storage, each a"
        + " different one (the other made at " + a + ":5:1); applied together, the one applied last would replace"
        + " the other\n    | storage: {mount: /data, size: 100Gi}\n"
        + "    | ^\n  = hint: the project's experiments share its storage claim: give them the same storage size and"
        + " storage_class (or context default_pvc_size), or different projects\n", claims.err());
    Run claimsValid = Run.of("validate", a.toString(), big.toString());
    assertEquals(1, claimsValid.code(), claimsValid.err());
    assertEquals(claims.err(), claimsValid.err());

    // A sweep point's Job is made at its process too, not at the start of the sweep's file.
    Path sweep = write("sweep.yaml", "kind: experiment\nname: s\nproject: lab\nimage: img:1\n"
        + "sweep: {grid: {seed: [0, 1]}}\nprocesses: {t: {command: [x]}}\n");
    Path point = write("point.yaml", "kind: experiment\nname: s-t\nproject: lab\nimage: img:1\n"
        + "processes: {\"42792869\": {command: [x]}}\n");
    Run swept = Run.of("compile", sweep.toString(), point.toString(), "-o", "-");
    assertEquals(1, swept.code(), swept.err());
    assertEquals(point + ":5:13: error: bundles 's' and 's-t' both have Job lab/s-t-42792869, each a different one"
        + " (the other made at " + sweep + ":6:13); applied together, the one applied last would replace the other\n"
        + "    | processes: {\"42792869\": {command: [x]}}\n    |             ^\n"
        + "  = hint: rename an experiment or a process, or give the experiments different namespaces (project)\n"
        + sweep + ":6:13: note: bundle 's' makes Job lab/s-t-42792869 here, and bundle 's-t' another at " + point
        + ":5:13\n    | processes: {t: {command: [x]}}\n    |             ^\n", swept.err());

    // An experiment's Namespace is named by its project, and is reported there rather than at its name.
    Path mars = write("mars.yaml", "kind: cluster\nframework: mars\nname: m\nscheduler_num: 1\nweb_num: 1\n"
        + "worker_num: 2\nworker_cpu: 1\nworker_mem: 1g\n");
    Path inMars = write("in-mars.yaml", "kind: experiment\nname: e\nproject: m\nimage: img:1\n"
        + "processes: {p: {command: [x]}}\n");
    Run namespaces = Run.of("validate", mars.toString(), inMars.toString());
    assertEquals(1, namespaces.code(), namespaces.err());
    assertEquals(List.of(inMars + ":3:10: error: bundles 'm' and 'e' both have Namespace m, each a different one (the"
        + " other made at " + mars + ":3:7); applied together, the one applied last would replace the other",
        "    | project: m", mars + ":3:7: note: bundle 'm' makes Namespace m here, and bundle 'e' another at " + inMars
        + ":3:10"), namespaces.err().lines().filter(l -> l.contains(": error: ") || l.contains(": note: ")
            || l.startsWith("    | p")).toList());
    // The cluster's Namespace is its own, named after it; renaming a process would part nothing.
    assertEquals(List.of("  = hint: bundle 'm' owns Namespace m, as it is named after it, while bundle 'e' shares it as"
        + " a project's: to share it, rename config 'm' and set its namespace to m; to keep them apart,"
        + " give 'e' another project"), namespaces.err().lines().filter(l -> l.startsWith("  = hint:"))
        .toList());
    // An experiment named after the project owns its Namespace even with that project set: the projects agree.
    Path owner = write("owner.yaml", "kind: experiment\nname: lab\nproject: lab\nimage: img:1\n"
        + "processes: {p: {command: [x]}}\n");
    Run owned = Run.of("compile", owner.toString(), a.toString(), "-o", "-");
    assertEquals(1, owned.code(), owned.err());
    assertEquals(a + ":3:10: error: bundles 'lab' and 'a' both have Namespace lab, each a different one (the other"
        + " made at " + owner + ":3:10); applied together, the one applied last would replace the other\n"
        + "    | project: lab\n    |          ^\n"
        + "  = hint: bundle 'lab' owns Namespace lab, as it is named after it, while bundle 'a' shares it as a"
        + " project's: to share it, rename config 'lab' and set its project to lab; to keep them apart,"
        + " give 'a' another project\n"
        + owner + ":3:10: note: bundle 'lab' makes Namespace lab here, and bundle 'a' another at " + a
        + ":3:10\n    | project: lab\n    |          ^\n", owned.err());

    // Given after two configs that share the Namespace, the owner clashes with the first only, and the other one
    // would clash next: the hint names both, and a cluster's key, which is namespace (it has no project).
    Path other = write("other.conf", "kind = cluster\nframework = mars\nname = o\nnamespace = lab\nworker_num = 1\n"
        + "worker_cpu = 1\nworker_mem = 1g\n");
    Run three = Run.of("validate", a.toString(), other.toString(), owner.toString());
    assertEquals(1, three.code(), three.err());
    assertEquals(List.of("  = hint: bundle 'lab' owns Namespace lab, as it is named after it, while bundles 'a' and 'o'"
        + " share it as a project's: to share it, rename config 'lab' and set its project to lab; to keep them apart,"
        + " give 'a' another project and 'o' another namespace"), three.err().lines()
        .filter(l -> l.startsWith("  = hint:")).toList());
    // A cluster's or a benchmark's Namespace is reported at its namespace key, as an experiment's is.
    Path bench = write("bench.yaml", "kind: benchmark\nname: bm\nnamespace: lab\nrun: {function: m.run}\n"
        + "dask_cluster: {workers: 1, image: img:1}\n");
    Run keyed = Run.of("validate", owner.toString(), other.toString(), bench.toString());
    assertEquals(1, keyed.code(), keyed.err());
    assertEquals(List.of(bench + ":3:12: error: bundles 'lab' and 'bm' both have Namespace lab, each a different one"
        + " (the other made at " + owner + ":3:10); applied together, the one applied last would replace the other",
        other + ":4:13: error: bundles 'lab' and 'o' both have Namespace lab, each a different one (the other made at "
        + owner + ":3:10); applied together, the one applied last would replace the other"),
        keyed.err().lines().filter(l -> l.contains(": error: ")).toList());
    // The hint that names every bundle of the Namespace is given in full once, at the first of its errors.
    assertEquals(List.of("  = hint: bundle 'lab' owns Namespace lab, as it is named after it, while bundles 'o' and"
        + " 'bm' share it as a project's: to share it, rename config 'lab' and set its project to lab; to keep them"
        + " apart, give 'o' and 'bm' another namespace",
        "  = hint: see the hint at " + bench + ":3:12, which names every bundle of the Namespace"),
        keyed.err().lines().filter(l -> l.startsWith("  = hint:")).toList());

    // Made at one key of a file both configs include, the error says so, and no note names its own place.
    Path common = write("common.conf", "project = shared\nimage = \"img:1\"\nstorage { mount = /data }\n");
    Path contexts = write("sizes.conf", "kind = contexts\ncontexts {\n  small { default_pvc_size = 1G }\n"
        + "  big { default_pvc_size = 2G }\n}\n");
    Path small = write("small.conf", "kind = experiment\nname = s\ncontext = small\ninclude \"common.conf\"\n"
        + "processes { p { command = [x] } }\n");
    Path large = write("large.conf", "kind = experiment\nname = l\ncontext = big\ninclude \"common.conf\"\n"
        + "processes { p { command = [x] } }\n");
    Run included = Run.of("validate", small.toString(), large.toString(), "--contexts", contexts.toString());
    assertEquals(1, included.code(), included.err());
    assertEquals(common + ":3:1: error: bundles 's' and 'l' both have PersistentVolumeClaim shared/shared-storage, each"
        + " a different one, both made here; applied together, the one applied last would replace the other\n"
        + "    | storage { mount = /data }\n    | ^\n  = hint: the project's experiments share its storage claim: give"
        + " them the same storage size and storage_class (or context default_pvc_size), or different projects\n",
        included.err());
  }

  @Test
  void storageIsAProjectClaimMountedEverywhereOrAnExistingClaim() throws IOException {
    Path exp = write("exp.yaml", """
        kind: experiment
        name: store
        project: Acme/RL_Team
        image: img:1
        storage: {mount: /data, storage_class: standard-rwx}
        processes: {a: {command: [x]}, b: {command: [y], env: {STORAGE_DIR: /mine}}}
        """);
    List<Map<String, Object>> docs = docs(Run.of("compile", exp.toString(), "-o", "-"));
    Map<String, Object> pvc = only(docs, "PersistentVolumeClaim");
    assertEquals("acme-rl-team-storage", at(pvc, "metadata", "name"));
    assertEquals("acme-rl-team", at(pvc, "metadata", "namespace"));
    assertEquals("40Gi", at(pvc, "spec", "resources", "requests", "storage"));
    assertEquals("standard-rwx", at(pvc, "spec", "storageClassName"));
    assertEquals(List.of("ReadWriteMany"), at(pvc, "spec", "accessModes"));
    assertFalse(cast(at(pvc, "metadata", "labels")).containsKey("stave.dev/bundle"), "prune must not delete it");
    Map<String, Object> a = docs.stream().filter(d -> "store-a".equals(at(d, "metadata", "name"))).findFirst()
        .orElseThrow();
    assertEquals("/data", env(a).get("STORAGE_DIR"));
    assertEquals(List.of(Map.of("name", "stave-storage", "mountPath", "/data")),
        at(a, "spec", "template", "spec", "containers", 0, "volumeMounts"));
    assertEquals(List.of(Map.of("name", "stave-storage", "persistentVolumeClaim",
        Map.of("claimName", "acme-rl-team-storage"))), at(a, "spec", "template", "spec", "volumes"));
    Map<String, Object> b = docs.stream().filter(d -> "store-b".equals(at(d, "metadata", "name"))).findFirst()
        .orElseThrow();
    assertEquals("/mine", env(b).get("STORAGE_DIR"));

    Path claim = write("claim.yaml", """
        kind: experiment
        name: store
        image: img:1
        storage: {mount: /data, claim: shared-nfs}
        processes: {a: {command: [x]}}
        """);
    List<Map<String, Object>> claimDocs = docs(Run.of("compile", claim.toString(), "-o", "-"));
    assertTrue(claimDocs.stream().noneMatch(d -> "PersistentVolumeClaim".equals(d.get("kind"))));
    assertEquals("shared-nfs", at(only(claimDocs, "Job"), "spec", "template", "spec", "volumes", 0,
        "persistentVolumeClaim", "claimName"));
  }

  /**
   * storage.claim and image_pull_secrets name existing objects, written as given: a name with a dot is one the API
   * server takes for a claim or a Secret, as in a pvc or secret mount, and a bad one gets the same error.
   */
  @Test
  void anExistingClaimOrPullSecretIsNamedAsTheApiServerNamesIt() throws IOException {
    Path contexts = write("contexts.yaml", """
        kind: contexts
        contexts:
          lab: {namespace: lab, image_pull_secrets: [gcr.pull, Pull_Secret]}
        """);
    Path exp = write("exp.yaml", """
        kind: experiment
        name: store
        image: img:1
        storage: {mount: /data, claim: lab.shared-nfs}
        image_pull_secrets: [gcr.pull-v1]
        processes: {a: {command: [x]}}
        """);
    Map<String, Object> job = only(docs(Run.of("compile", exp.toString(), "-o", "-")), "Job");
    assertEquals("lab.shared-nfs", at(job, "spec", "template", "spec", "volumes", 0, "persistentVolumeClaim",
        "claimName"));
    assertEquals(List.of(Map.of("name", "gcr.pull-v1")), at(job, "spec", "template", "spec", "imagePullSecrets"));

    Path bad = write("bad.yaml", """
        kind: experiment
        name: store
        image: img:1
        context: lab
        storage: {mount: /data, claim: "Lab Data"}
        processes: {a: {command: [x]}}
        """);
    Run run = Run.of("validate", bad.toString(), "--contexts", contexts.toString());
    assertEquals(1, run.code(), run.err());
    String hint = " name as the cluster has it: at most 253 lower-case letters, digits, '-' and '.', starting and"
        + " ending with a letter or digit";
    assertEquals(List.of(
        bad + ":5:32: error: storage.claim: 'Lab Data' is not a valid PersistentVolumeClaim name",
        "  = hint: write the PersistentVolumeClaim's" + hint,
        contexts + ":3:56: error: contexts.lab.image_pull_secrets: 'Pull_Secret' is not a valid Secret name",
        "  = hint: write the Secret's" + hint),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * A bad claim name hides none of the storage's other problems: the size and storage_class beside a claim, and
   * the size's own value, are reported in the same run.
   */
  @Test
  void aBadClaimNameAndTheSizeBesideItAreReportedInOneRun() throws IOException {
    Path bad = write("bad.yaml", """
        kind: experiment
        name: store
        image: img:1
        storage: {mount: /data, claim: Bad_Claim, size: 10foo, storage_class: fast}
        processes: {a: {command: [x]}}
        """);
    Run run = Run.of("validate", bad.toString());
    assertEquals(1, run.code(), run.err());
    String both = " describes a claim stave creates, and 'claim' names an existing one";
    assertEquals(List.of(
        bad + ":4:32: error: storage.claim: 'Bad_Claim' is not a valid PersistentVolumeClaim name",
        bad + ":4:43: error: storage.size: 'size'" + both,
        bad + ":4:49: error: storage.size: '10foo' is not a Kubernetes quantity",
        bad + ":4:56: error: storage.storage_class: 'storage_class'" + both),
        run.err().lines().filter(l -> l.contains(": error: ")).toList());
  }

  /**
   * Storage with no mount path (none in the experiment, no storage in the context) hides none of its other problems
   * either: the claim's name, the size beside it and the size's own value are reported in the same run.
   */
  @Test
  void aStorageWithNoMountPathStillReportsItsClaimAndSize() throws IOException {
    Path bad = write("bad.yaml", """
        kind: experiment
        name: store
        image: img:1
        storage: {claim: Bad_Claim, size: 10foo}
        processes: {a: {command: [x]}}
        """);
    Run run = Run.of("validate", bad.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(
        bad + ":4:1: error: storage: the storage has no mount path",
        bad + ":4:18: error: storage.claim: 'Bad_Claim' is not a valid PersistentVolumeClaim name",
        bad + ":4:29: error: storage.size: 'size' describes a claim stave creates, and 'claim' names an existing one",
        bad + ":4:35: error: storage.size: '10foo' is not a Kubernetes quantity"),
        run.err().lines().filter(l -> l.contains(": error: ")).toList());
    Files.writeString(bad, Files.readString(bad).replace("claim: Bad_Claim, ", ""));
    assertEquals(List.of(
        bad + ":4:1: error: storage: the storage has no mount path",
        bad + ":4:17: error: storage.size: '10foo' is not a Kubernetes quantity"),
        Run.of("validate", bad.toString()).err().lines().filter(l -> l.contains(": error: ")).toList());
  }

  @Test
  void secretEnvAndNeptuneComeFromSecretsAndStaveSecretsPrintsTheToken() throws IOException {
    Path exp = write("exp.yaml", """
        kind: experiment
        name: tracked
        project: workspace/project
        image: img:1
        tracking: {neptune: {api_token: "${NEPTUNE_API_TOKEN}"}}
        processes:
          main: {command: [x], secret_env: {WANDB_KEY: wandb/api-key}}
        """);
    Env env = new Env(Map.of("NEPTUNE_API_TOKEN", "tok-1234567890"), "/home/user");
    Run run = Run.with(env, "compile", exp.toString(), "-o", "-");
    Map<String, Object> e = env(only(docs(run), "Job"));
    assertEquals("workspace/project", e.get("NEPTUNE_PROJECT"));
    assertEquals(Map.of("secretKeyRef", Map.of("name", "neptune", "key", "api-token")), e.get("NEPTUNE_API_TOKEN"));
    assertEquals(Map.of("secretKeyRef", Map.of("name", "wandb", "key", "api-key")), e.get("WANDB_KEY"));
    assertFalse(run.out().contains("tok-1234567890"));
    Run secrets = Run.with(env, "secrets", exp.toString());
    assertEquals(0, secrets.code(), secrets.err());
    String encoded = java.util.Base64.getEncoder().encodeToString("tok-1234567890".getBytes(StandardCharsets.UTF_8));
    assertTrue(secrets.out().contains("name: neptune\n  namespace: workspace-project\n"), secrets.out());
    assertTrue(secrets.out().contains("  api-token: " + encoded + "\n"), secrets.out());
  }

  @Test
  void theTokensSecretCannotBeTheSecretOfTheSecretFiles() throws IOException {
    Path exp = write("exp.yaml", """
        kind: experiment
        name: tracked
        project: p
        image: img:1
        secrets: [key.txt]
        tracking: {neptune: {api_token: "${NEPTUNE_API_TOKEN}", api_token_secret: tracked-secrets/token}}
        processes: {main: {command: [x]}}
        """);
    Env env = new Env(Map.of("NEPTUNE_API_TOKEN", "tok-1234567890"), "/home/user");
    for (String command : List.of("validate", "secrets")) {
      Run run = Run.with(env, command, exp.toString());
      assertEquals(1, run.code(), run.err());
      assertEquals("", run.out());
      assertEquals(List.of(
          exp + ":6:75: error: tracking.neptune.api_token_secret: the Neptune token's Secret 'tracked-secrets' has the"
              + " name of the Secret stave makes of 'secrets' (line 5)",
          "    | tracking: {neptune: {api_token: \"${NEPTUNE_API_TOKEN}\", api_token_secret: tracked-secrets/token}}",
          "    |                                                                           ^",
          "  = hint: name another Secret for the token, e.g. \"neptune/api-token\""),
          run.err().lines().toList());
    }
  }

  @Test
  void aTokenInPlainEnvOrArgsIsAnError() throws IOException {
    Path plain = write("plain.yaml", """
        kind: experiment
        name: leak
        image: img:1
        processes: {main: {command: [x], env: {NEPTUNE_API_TOKEN: abc}}}
        """);
    Run run = Run.of("compile", plain.toString(), "-o", dir.resolve("out").toString());
    assertEquals(1, run.code());
    assertTrue(run.err().startsWith(plain + ":4:40: error: processes.main.env.NEPTUNE_API_TOKEN: NEPTUNE_API_TOKEN "
        + "must not be a plain environment variable"), run.err());
    assertFalse(Files.exists(dir.resolve("out")));
    Path args = write("args.yaml", """
        kind: experiment
        name: leak
        project: p
        image: img:1
        tracking: {neptune: {api_token: "${TOKEN}"}}
        processes: {main: {command: [x], args: ["--token=${TOKEN}"]}}
        """);
    Run leaked = Run.with(new Env(Map.of("TOKEN", "secret-value-42"), "/home/user"), "compile", args.toString(),
        "-o", "-");
    assertEquals(1, leaked.code());
    assertTrue(leaked.err().startsWith(args + ":6:41: error: processes.main.args[0]: the value holds the secret value "
        + "of tracking.neptune.api_token, and would put it into the bundle in plain text\n"), leaked.err());
    assertFalse(leaked.err().contains("secret-value-42"));
  }

  @Test
  void aTokenCopiedIntoAnOverrideFailsEveryCommandThatCompiles() throws IOException {
    Path exp = write("override.yaml", """
        kind: experiment
        name: demo
        project: ws/p
        image: img:1
        tracking: {neptune: {api_token: "${NEPTUNE_API_TOKEN}"}}
        processes:
          a:
            command: [run]
            overrides: {container: {env: [{name: NEPTUNE_API_TOKEN, value: "${NEPTUNE_API_TOKEN}"}]}}
        """);
    Env env = new Env(Map.of("NEPTUNE_API_TOKEN", "toksecret123"), "/home/user");
    for (String[] command : List.of(new String[] {"compile", exp.toString(), "-o", "-"},
        new String[] {"validate", exp.toString()}, new String[] {"plan", exp.toString()})) {
      Run run = Run.with(env, command);
      assertEquals(1, run.code(), command[0] + ": " + run.err());
      assertEquals("", run.out(), command[0]);
      assertTrue(run.err().contains(exp + ":9:61: error: processes.a.overrides.container.env[0].value: the value "
          + "holds the secret value of tracking.neptune.api_token"), run.err());
      assertFalse(run.err().contains("toksecret123"), run.err());
    }
  }

  @Test
  void sweepPointsAreHashedSuffixesAndAddingAValueRenamesNothingElse() throws Exception {
    String template = """
        kind: experiment
        name: sw
        image: img:1
        sweep: {grid: {seed: [1, 2], lr: [%s]}}
        processes:
          ps: {command: [ps], binds: [params]}
          train: {command: [python, "{{{{lr}}"], args: [--lr, "{{lr}}"], connects: [params], env: {S: "s{{seed}}"}}
        """;
    List<Map<String, Object>> two = docs(Run.of("compile", write("a.yaml", template.formatted("0.001")).toString(),
        "-o", "-"));
    List<Map<String, Object>> three = docs(Run.of("compile",
        write("b.yaml", template.formatted("0.001, 0.0003")).toString(), "-o", "-"));
    TreeSet<String> twoNames = names(two);
    TreeSet<String> threeNames = names(three);
    assertEquals(7, two.size()); // Namespace + 2 points x (Service + 2 Jobs)
    assertEquals(13, three.size());
    assertTrue(threeNames.containsAll(twoNames));
    String hash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
        .digest("lr=0.001,seed=1".getBytes(StandardCharsets.UTF_8))).substring(0, 8);
    Map<String, Object> train = two.stream().filter(d -> ("sw-train-" + hash).equals(at(d, "metadata", "name")))
        .findFirst().orElseThrow();
    assertEquals("lr=0.001,seed=1", at(train, "metadata", "annotations", "stave.dev/sweep-point"));
    assertEquals("sw", at(train, "metadata", "labels", "stave.dev/sweep"));
    assertEquals(hash, at(train, "spec", "template", "metadata", "labels", "stave.dev/sweep-instance"));
    assertEquals(List.of("python", "{{lr}}"), at(train, "spec", "template", "spec", "containers", 0, "command"));
    assertEquals(List.of("--lr", "0.001"), at(train, "spec", "template", "spec", "containers", 0, "args"));
    Map<String, Object> env = env(train);
    assertEquals("s1", env.get("S"));
    assertEquals("0.001", env.get("STAVE_PARAM_LR"));
    assertEquals("1", env.get("STAVE_PARAM_SEED"));
    assertEquals("sw-params-" + hash, env.get("SYMPH_PARAMS_HOST"));
    Map<String, Object> service = two.stream().filter(d -> ("sw-params-" + hash).equals(at(d, "metadata", "name")))
        .findFirst().orElseThrow();
    assertEquals(Map.of("stave.dev/bundle", "sw", "bind.stave.dev/params", "true", "stave.dev/sweep-instance", hash),
        at(service, "spec", "selector"));
  }

  @Test
  void aSweepParameterWrittenWithSpacesIsAWarningAndLeftAsWritten() throws Exception {
    String config = """
        kind: experiment
        name: sw
        image: img:1
        sweep: {grid: {lr: [0.1]}}
        processes:
          train: {command: [python], args: ["--lr={{ lr }}", "{{ other }}", "{{{{ lr }}"], env: {A: "{{\tlr}}"}}
        """;
    Path file = write("s.yaml", config);
    Run validate = Run.of("validate", file.toString());
    assertEquals(0, validate.code(), validate.err());
    assertEquals(List.of(
        file + ":6:37: warning: processes.train.args[0]: a placeholder with spaces inside its braces is left as"
            + " written, not replaced by sweep parameter lr",
        "  = hint: write {{lr}} to substitute it, or {{{{ lr }} (which is not warned of) if the program is to get"
            + " {{ lr }}",
        file + ":6:93: warning: processes.train.env.A: a placeholder with spaces inside its braces is left as"
            + " written, not replaced by sweep parameter lr",
        "  = hint: write {{lr}} to substitute it, or {{{{ lr }} (which is not warned of) if the program is to get"
            + " {{ lr }}",
        "1 config is valid"),
        validate.err().lines().filter(l -> !l.startsWith("    |")).toList());
    Map<String, Object> train = docs(Run.of("compile", file.toString(), "-o", "-")).stream()
        .filter(d -> "Job".equals(d.get("kind"))).findFirst().orElseThrow();
    assertEquals(List.of("--lr={{ lr }}", "{{ other }}", "{{ lr }}"),
        at(train, "spec", "template", "spec", "containers", 0, "args"));
  }

  @Test
  void aSweepPlaceholderWhereNothingIsSubstitutedIsAnErrorThatSaysWhereSweepsSubstitute() throws Exception {
    String config = """
        kind: experiment
        name: sw
        image: img:1
        sweep: {grid: {lr: [0.1, 0.2], seed: [1]}}
        processes:
          train:
            image: "img:{{lr}}"
            command: [python, "{{lr}}"]
            env: {A: "{{seed}}", "B{{lr}}": x}
            secret_env: {S: "s{{lr}}/k"}
            labels: {run: "r{{lr}}-{{seed}}"}
            mounts: [{type: pvc, name: data, claim_name: "data-{{lr}}", mount_path: /data}]
            overrides: {pod: {hostname: "{{other}}"}}
        """;
    Path file = write("s.yaml", config);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    String where = ": sweeps substitute {{param}} only in command, args and env values";
    String lr = "  = hint: write the value itself; the program gets the point's lr from {{lr}} in its command, args"
        + " or env, or from the variable STAVE_PARAM_LR that every container has";
    // Not the bad image, env name, Secret name or label value that the placeholder makes, and not nothing for the
    // claim, which would be written as data-{{lr}}; {{other}} names no parameter and passes as written.
    assertEquals(List.of(
        file + ":7:12: error: processes.train.image: '{{lr}}' is not substituted here" + where, lr,
        file + ":9:26: error: processes.train.env.B{{lr}}: '{{lr}}' is not substituted in a key" + where,
        lr.replace("the value itself", "the key itself"),
        file + ":10:21: error: processes.train.secret_env.S: '{{lr}}' is not substituted here" + where, lr,
        file + ":11:19: error: processes.train.labels.run: '{{lr}}' and '{{seed}}' are not substituted here" + where,
        lr,
        file + ":12:50: error: processes.train.mounts[0].claim_name: '{{lr}}' is not substituted here" + where, lr),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void aSweepParameterWithSpacesWhereNothingIsSubstitutedIsAWarningThatSaysWhereSweepsSubstitute() throws Exception {
    Path file = write("w.yaml", """
        kind: experiment
        name: sw
        image: img:1
        sweep: {grid: {lr: [0.1], seed: [1]}}
        processes:
          train:
            command: [python]
            mounts: [{type: nfs, name: data, server: fs, path: "/d-{{ lr }}-{{ seed }}-{{ lr }}", mount_path: /data}]
            overrides: {container: {args: ["{{ lr }}", "{{{{ lr }}", "{{ other }}"]}}
        """);
    Run validate = Run.of("validate", file.toString());
    assertEquals(0, validate.code(), validate.err());
    String kept = ": a placeholder with spaces inside its braces is left as written here, not replaced by sweep"
        + " parameter ";
    String where = ": sweeps substitute {{param}} only in command, args and env values";
    String hint = "  = hint: the program gets the point's lr from {{lr}} in its command, args or env, or from the"
        + " variable STAVE_PARAM_LR that every container has; if the braces are meant for another tool, rename the"
        + " parameter";
    assertEquals(List.of(
        file + ":8:56: warning: processes.train.mounts[0].path" + kept + "lr" + where, hint,
        file + ":8:56: warning: processes.train.mounts[0].path" + kept + "seed" + where,
        hint.replace("lr", "seed").replace("_LR", "_SEED"),
        file + ":9:36: warning: processes.train.overrides.container.args[0]" + kept + "lr: sweeps substitute"
            + " {{param}} only in a process's own command, args and env values, not in overrides, which are written"
            + " as given", hint,
        "1 config is valid"),
        validate.err().lines().filter(l -> !l.startsWith("    |")).toList());
    Map<String, Object> train = docs(Run.of("compile", file.toString(), "-o", "-")).stream()
        .filter(d -> "Job".equals(d.get("kind"))).findFirst().orElseThrow();
    assertEquals("/d-{{ lr }}-{{ seed }}-{{ lr }}", at(train, "spec", "template", "spec", "volumes", 0, "nfs", "path"));

    // In a key, next to the error that the name itself is bad; the exit code is that error's.
    Path key = write("k.yaml", """
        kind: experiment
        name: sw
        image: img:1
        sweep: {grid: {lr: [0.1]}}
        processes: {train: {command: [python], env: {"B{{ lr }}": x}}}
        """);
    Run run = Run.of("validate", key.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(
        key + ":5:46: error: processes.train.env.B{{ lr }}: 'B{{ lr }}' is not a valid environment variable name",
        key + ":5:46: warning: processes.train.env.B{{ lr }}: a placeholder with spaces inside its braces is left as"
            + " written in a key, not replaced by sweep parameter lr" + where),
        run.err().lines().filter(l -> l.contains(": error: ") || l.contains(": warning: ")).toList());
  }

  /**
   * A placeholder where the schema wants one of some values or a number, or in {@code context}, is refused there as
   * a bad value; the error is the sweep's, as at any other key that sweeps do not substitute, and is the only one.
   * A placeholder with spaces there gets the warning of every such key, next to the schema's error.
   */
  @Test
  void aSweepPlaceholderInAnEnumIntegerOrContextKeyIsTheSweepError() throws Exception {
    Path file = write("e.yaml", """
        kind: experiment
        name: sw
        image: img:1
        context: "{{lr}}"
        sweep: {grid: {lr: [0.1, 0.2], n: [1]}}
        processes:
          train:
            command: [python]
            workload: "{{lr}}"
            replicas: "{{n}}"
            image_pull_policy: "{{ lr }}"
        """);
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    String where = ": sweeps substitute {{param}} only in command, args and env values";
    assertEquals(List.of(
        file + ":4:10: error: context: '{{lr}}' is not substituted here" + where,
        file + ":9:15: error: processes.train.workload: '{{lr}}' is not substituted here" + where,
        file + ":10:15: error: processes.train.replicas: '{{n}}' is not substituted here" + where,
        file + ":11:24: error: processes.train.image_pull_policy: '{{ lr }}' is not one of Always, IfNotPresent,"
            + " Never",
        file + ":11:24: warning: processes.train.image_pull_policy: a placeholder with spaces inside its braces is"
            + " left as written here, not replaced by sweep parameter lr" + where),
        run.err().lines().filter(l -> l.contains(": error: ") || l.contains(": warning: ")).toList());

    // Once the schema takes the config, the context is looked for: the sweep error stands in for "not defined".
    String accepted = Files.readString(file).replaceAll("(?m)^    (workload|replicas|image_pull_policy).*\n", "");
    Files.writeString(file, accepted);
    write("contexts.yaml", CONTEXTS);
    Files.writeString(file, Files.readString(file).replace("context:", "contexts: contexts.yaml\ncontext:"));
    run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(file + ":5:10: error: context: '{{lr}}' is not substituted here" + where),
        run.err().lines().filter(l -> l.contains(": error: ") || l.contains(": warning: ")).toList());
  }

  /**
   * A context's values are defaults of keys that sweeps do not substitute, and a contexts file does not know the
   * parameters of the experiments that use it: a parameter's placeholder there is an error at the contexts file,
   * rather than substituted in the values that become env (STORAGE_DIR) and not in the mount path beside them.
   */
  @Test
  void aSweepPlaceholderInTheContextIsAnErrorAtTheContextsFile() throws Exception {
    Path contexts = write("contexts.yaml", """
        kind: contexts
        contexts:
          c1:
            storage: "/storage/{{lr}}"
            labels: {run: "r{{lr}}"}
        """);
    Path file = write("c.yaml", """
        kind: experiment
        name: sw
        image: img:1
        contexts: contexts.yaml
        context: c1
        sweep: {grid: {lr: [0.1, 0.2]}}
        processes: {train: {command: [python]}}
        """);
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    String where = ": sweeps substitute {{param}} only in the experiment's own command, args and env values, not in"
        + " its context's values";
    assertEquals(List.of(
        contexts + ":4:14: error: contexts.c1.storage: '{{lr}}' is not substituted here" + where,
        contexts + ":5:19: error: contexts.c1.labels.run: '{{lr}}' is not substituted here" + where),
        run.err().lines().filter(l -> l.contains(": error: ") || l.contains(": warning: ")).toList());
    // Without a sweep nothing is substituted, and the same context's {{lr}} is text like any other.
    Files.writeString(file, Files.readString(file).replace("sweep: {grid: {lr: [0.1, 0.2]}}\n", ""));
    Files.writeString(contexts, Files.readString(contexts).replace("    labels: {run: \"r{{lr}}\"}\n", ""));
    Run plain = Run.of("validate", file.toString());
    assertEquals(0, plain.code(), plain.err());
  }

  /**
   * A context's value that the experiment replaces with its own reaches no point of the sweep: its {{lr}} is text
   * the experiment never reads, as without a sweep, and not the sweep's error. A label of the same key replaces
   * the context's label alone; the context's other values still get the error.
   */
  @Test
  void aSweepPlaceholderInAContextValueTheExperimentReplacesIsNoError() throws Exception {
    Path contexts = write("contexts.yaml", """
        kind: contexts
        contexts:
          c1:
            namespace: "ns-{{lr}}"
            storage: "/storage/{{lr}}"
            default_pvc_size: "{{lr}}"
            image_pull_secrets: ["p{{lr}}"]
            neptune: {project: "a/{{lr}}", api_token_secret: "n{{lr}}/k"}
            labels: {run: "r{{lr}}", team: "{{lr}}"}
        """);
    Path file = write("c.yaml", """
        kind: experiment
        name: sw
        image: img:1
        namespace: mine
        contexts: contexts.yaml
        context: c1
        storage: {mount: /data, size: 1Gi}
        image_pull_secrets: [pull]
        tracking: {neptune: false}
        labels: {run: mine}
        sweep: {grid: {lr: [0.1, 0.2]}}
        processes: {train: {command: [python]}}
        """);
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(
        contexts + ":9:19: error: contexts.c1.labels.run: 'r{{lr}}' is not a valid label value",
        contexts + ":9:36: error: contexts.c1.labels.team: '{{lr}}' is not substituted here: sweeps substitute"
            + " {{param}} only in the experiment's own command, args and env values, not in its context's values"),
        run.err().lines().filter(l -> l.contains(": error: ") || l.contains(": warning: ")).toList());
    Files.writeString(contexts, Files.readString(contexts).replace("    labels: {run: \"r{{lr}}\", team: \"{{lr}}\"}\n",
        ""));
    List<Map<String, Object>> jobs = docs(Run.of("compile", file.toString(), "-o", "-")).stream()
        .filter(d -> "Job".equals(d.get("kind"))).toList();
    assertEquals(2, jobs.size());
    Map<String, Object> job = jobs.get(0);
    assertEquals("mine", at(job, "metadata", "namespace"));
    assertEquals(List.of(Map.of("name", "pull")), at(job, "spec", "template", "spec", "imagePullSecrets"));
    assertEquals(List.of(Map.of("name", "stave-storage", "mountPath", "/data")),
        at(job, "spec", "template", "spec", "containers", 0, "volumeMounts"));
  }

  /**
   * A context's resources are merged per resource key: one the experiment's own resources give reaches no point,
   * and its {{lr}} is not the sweep's error (it is still the bad amount that the contexts file holds for any
   * experiment); a resource the experiment leaves to the context still is, in either form of resources.
   */
  @Test
  void aSweepPlaceholderInAContextResourceIsAnErrorUnlessTheExperimentGivesThatResource() throws Exception {
    Path contexts = write("contexts.yaml", """
        kind: contexts
        contexts:
          c1:
            resources: "cpu={{lr}} mem=2G"
          c2:
            resources: {cpu: "{{lr}}", mem: "{{lr}}"}
        """);
    String experiment = """
        kind: experiment
        name: sw
        image: img:1
        contexts: contexts.yaml
        context: %s
        resources: "cpu=2"
        sweep: {grid: {lr: [0.1, 0.2]}}
        processes: {train: {command: [python]}}
        """;
    Path one = write("one.yaml", experiment.formatted("c1"));
    Path two = write("two.yaml", experiment.formatted("c2"));
    String where = ": '{{lr}}' is not substituted here: sweeps substitute {{param}} only in the experiment's own"
        + " command, args and env values, not in its context's values";
    Run replaced = Run.of("validate", one.toString(), two.toString());
    assertEquals(1, replaced.code(), replaced.err());
    assertEquals(List.of(
        contexts + ":4:16: error: contexts.c1.resources: '{{lr}}' is not a valid amount of cpu",
        contexts + ":6:22: error: contexts.c2.resources.cpu: '{{lr}}' is not a valid amount of cpu",
        contexts + ":6:37: error: contexts.c2.resources.mem" + where),
        replaced.err().lines().filter(l -> l.contains(": error: ") || l.contains(": warning: ")).toList());
    Files.writeString(one, Files.readString(one).replace("resources: \"cpu=2\"\n", ""));
    Files.writeString(two, Files.readString(two).replace("resources: \"cpu=2\"\n", ""));
    Run inherited = Run.of("validate", one.toString(), two.toString());
    assertEquals(1, inherited.code(), inherited.err());
    assertEquals(List.of(
        contexts + ":4:16: error: contexts.c1.resources" + where,
        contexts + ":6:22: error: contexts.c2.resources.cpu" + where,
        contexts + ":6:37: error: contexts.c2.resources.mem" + where),
        inherited.err().lines().filter(l -> l.contains(": error: ") || l.contains(": warning: ")).toList());
  }

  /**
   * The command line is not substituted: --context '{{lr}}' names no point's context, and the error says so rather
   * than only that no such context exists. A context whose key is those braces is still the one named.
   */
  @Test
  void aPlaceholderInTheContextOptionSaysThatItIsNotSubstituted() throws Exception {
    Path contexts = write("contexts.yaml", """
        kind: contexts
        contexts:
          c1: {namespace: one}
          c2: {namespace: two}
        """);
    Path file = write("c.yaml", """
        kind: experiment
        name: sw
        image: img:1
        contexts: contexts.yaml
        sweep: {grid: {lr: [0.1, 0.2]}}
        processes: {train: {command: [python]}}
        """);
    Run run = Run.of("validate", file.toString(), "--context", "{{lr}}");
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(
        file + ":1:1: error: --context: context '{{lr}}' is not defined in " + contexts + ", and --context is not"
            + " substituted: every point of a sweep uses the one context of the run",
        "  = hint: name one context (contexts: c1, c2); to use several, compile once per context"),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
    Files.writeString(contexts, Files.readString(contexts) + "  \"{{lr}}\": {namespace: braces}\n");
    List<Object> namespaces = docs(Run.of("compile", file.toString(), "--context", "{{lr}}", "-o", "-")).stream()
        .filter(d -> "Job".equals(d.get("kind"))).map(d -> at(d, "metadata", "namespace")).toList();
    assertEquals(List.of("braces", "braces"), namespaces);
  }

  /**
   * Braces that name no parameter of the experiment's sweep are plain text (docs/mrunner.md), so --context with them
   * is a context that is not defined, with no word of a sweep: without a sweep, or with one of other parameters.
   */
  @Test
  void aContextOptionWithBracesOfNoSweepParameterIsOnlyNotDefined() throws Exception {
    Path contexts = write("contexts.yaml", """
        kind: contexts
        contexts:
          c1: {namespace: one}
          c2: {namespace: two}
        """);
    String experiment = """
        kind: experiment
        name: sw
        image: img:1
        contexts: contexts.yaml
        processes: {train: {command: [python]}}
        """;
    Path plain = write("plain.yaml", experiment);
    Path swept = write("swept.yaml", experiment + "sweep: {grid: {lr: [0.1, 0.2]}}\n");
    for (String[] run : new String[][] {{plain.toString(), "{{lr}}"}, {plain.toString(), "x{{lr}}"},
        {swept.toString(), "{{other}}"}}) {
      Run result = Run.of("validate", run[0], "--context", run[1]);
      assertEquals(1, result.code(), result.err());
      assertEquals(List.of(
          run[0] + ":1:1: error: --context: context '" + run[1] + "' is not defined in " + contexts,
          "  = hint: contexts: c1, c2"),
          result.err().lines().filter(l -> !l.startsWith("    |")).toList());
    }
    Run inWord = Run.of("validate", swept.toString(), "--context", "x{{lr}}");
    assertEquals(List.of(
        swept + ":1:1: error: --context: context 'x{{lr}}' is not defined in " + contexts + ", and --context is not"
            + " substituted: every point of a sweep uses the one context of the run",
        "  = hint: name one context (contexts: c1, c2); to use several, compile once per context"),
        inWord.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /**
   * An override's args and env are Kubernetes fields written as given, not the process's own: the error there says
   * so, rather than that sweeps substitute in args and env, which is what the user wrote.
   */
  @Test
  void aSweepPlaceholderInAnOverridesArgsSaysThatOverridesAreWrittenAsGiven() throws Exception {
    Path file = write("o.yaml", """
        kind: experiment
        name: sw
        image: img:1
        sweep: {grid: {lr: [0.1, 0.2]}}
        processes:
          train:
            command: [python]
            overrides: {container: {args: ["{{lr}}"]}}
        process_groups:
          g:
            overrides: {pod: {containers: [{name: w, env: [{name: X, value: "{{lr}}"}]}]}}
            processes: {w: {command: [python]}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    String where = ": '{{lr}}' is not substituted here: sweeps substitute {{param}} only in a process's own command,"
        + " args and env values, not in overrides, which are written as given";
    assertEquals(List.of(file + ":8:36: error: processes.train.overrides.container.args[0]" + where,
        file + ":11:69: error: process_groups.g.overrides.pod.containers[0].env[0].value" + where),
        run.err().lines().filter(l -> l.contains(": error: ")).toList());
  }

  private static TreeSet<String> names(List<Map<String, Object>> docs) {
    TreeSet<String> names = new TreeSet<>();
    docs.forEach(d -> names.add(d.get("kind") + "/" + at(d, "metadata", "name")));
    return names;
  }

  @Test
  void aTenThousandPointSweepCompilesInOneBundle() throws IOException {
    StringBuilder values = new StringBuilder();
    for (int i = 0; i < 100; i++) {
      values.append(i == 0 ? "" : ", ").append(i);
    }
    Path exp = write("big.yaml", """
        kind: experiment
        name: big
        image: img:1
        sweep: {grid: {a: [%s], b: [%s]}}
        processes: {train: {command: [python, train.py], args: ["{{a}}", "{{b}}"]}}
        """.formatted(values, values));
    long start = System.nanoTime();
    Run run = Run.of("compile", exp.toString(), "-o", "-");
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(0, run.code(), run.err());
    assertEquals(10_001, run.out().split("(?m)^---\n", -1).length - 1); // 10,000 Jobs and the Namespace
    assertEquals(10_000, run.out().split("(?m)^kind: Job\n", -1).length - 1);
    System.out.println("10,000-point sweep compiled in " + millis + " ms");
  }
}

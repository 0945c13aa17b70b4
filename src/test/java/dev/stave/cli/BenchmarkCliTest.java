package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarkCliTest {
  private static final String SEED = "examples/benchmarks/deepecho-seed.yaml";
  private static final String OPERATOR = "examples/benchmarks/deepecho-operator.conf";

  @TempDir
  Path temp;

  private static String b64(String s) {
    return Base64.getEncoder().encodeToString(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  @Test
  void credentialsOnlyReachTheSecretThatStaveSecretsPrints() {
    Run compile = Run.of("compile", SEED, "-o", "-");
    assertEquals(0, compile.code(), compile.err());
    assertFalse(compile.out().contains("myawskey"));
    assertFalse(compile.err().contains("myawskey"));
    assertTrue(compile.out().contains("secretKeyRef"));

    Run secrets = Run.of("secrets", SEED);
    assertEquals(0, secrets.code(), secrets.err());
    assertEquals("""
        ---
        apiVersion: v1
        kind: Secret
        metadata:
          name: deepecho-seed-output-credentials
          namespace: deepecho-seed
          labels:
            app.kubernetes.io/managed-by: stave
            app.kubernetes.io/part-of: deepecho-seed
            stave.dev/bundle: deepecho-seed
        type: Opaque
        data:
          AWS_ACCESS_KEY_ID: %s
          AWS_SECRET_ACCESS_KEY: %s
        """.formatted(b64("myawskey"), b64("myawssecretkey")), secrets.out());
  }

  @Test
  void credentialsFromTheEnvironmentGiveNoWarning() {
    Run secrets = Run.of("secrets", OPERATOR);
    assertEquals(0, secrets.code(), secrets.err());
    assertTrue(secrets.out().contains("AWS_ACCESS_KEY_ID: " + b64("AKIAEXAMPLEKEY")));
    Run compile = Run.of("compile", OPERATOR, "-o", "-");
    assertEquals(0, compile.code(), compile.err());
    assertEquals("", compile.err());
    assertFalse(compile.out().contains("AKIAEXAMPLEKEY"));
  }

  @Test
  void yamlEnvironmentSubstitutionIsNotALiteral() throws IOException {
    Path config = temp.resolve("env.yaml");
    Files.writeString(config, """
        kind: benchmark
        name: env-creds
        run: {function: deepecho.benchmark.run_benchmark}
        dask_cluster: {image: "mydockerimage:latest"}
        output:
          path: out.csv
          bucket: b
          key: ${AWS_ACCESS_KEY_ID}
          secret_key: "${AWS_SECRET_ACCESS_KEY}"
        """);
    Run run = Run.of("compile", config.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertEquals("", run.err());
  }

  @Test
  void noPodGetsAnApiTokenAndNoRbacIsEmitted() {
    for (String example : new String[] {SEED, OPERATOR}) {
      String out = Run.of("compile", example, "-o", "-").out();
      assertFalse(out.contains("kind: Role") || out.contains("kind: ClusterRole") || out.contains("RoleBinding")
          || out.contains("kind: ServiceAccount"), example);
      int pods = out.split("containers:", -1).length - 1;
      int noToken = out.split("automountServiceAccountToken: false", -1).length - 1;
      assertEquals(pods, noToken, example);
    }
  }

  @Test
  void badInputWritesNothing() {
    Path out = temp.resolve("out");
    Run run = Run.of("compile", "examples/errors/benchmark-workers-range.conf", "-o", out.toString());
    assertEquals(1, run.code());
    assertFalse(Files.exists(out));
  }

  @Test
  void sameBenchmarkInHoconAndYamlGivesTheSameBundle() throws IOException {
    Path yaml = temp.resolve("same.yaml");
    Files.writeString(yaml, """
        kind: benchmark
        name: same
        run: {function: m.f, args: {b: [1, 2], a: {y: true, x: "s"}}}
        dask_cluster: {workers: {minimum: 1, maximum: 3}, worker_resources: {cpu: 0.5}, image: img}
        """);
    Path conf = temp.resolve("same.conf");
    Files.writeString(conf, """
        kind = benchmark
        name = same
        run { function = m.f, args { a { x = s, y = true }, b = [1, 2] } }
        dask_cluster { image = img, worker_resources { cpu = 0.5 }, workers { maximum = 3, minimum = 1 } }
        """);
    Run a = Run.of("compile", yaml.toString(), "-o", "-");
    Run b = Run.of("compile", conf.toString(), "-o", "-");
    assertEquals(0, a.code(), a.err());
    assertEquals(a.out(), b.out());
    assertTrue(a.out().contains("kind: HorizontalPodAutoscaler"));
    assertTrue(a.out().contains("cpu: 500m"));
  }

  /** The two image keys of DeepEcho's two generations are one setting: the error says so, not that the values match. */
  @Test
  void bothImageKeysAreOneSettingGivenTwice() throws IOException {
    Path config = temp.resolve("twice.yaml");
    Files.writeString(config, "kind: benchmark\nname: t\nrun: {function: a.b}\n"
        + "dask_cluster:\n  image: i\n  worker_config:\n    image: j\n");
    Run run = Run.of("validate", config.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(config + ":5:10: error: dask_cluster.image: 'dask_cluster.image' and"
        + " 'dask_cluster.worker_config.image' (line 7) are two names of one setting, so only one may be given, even"
        + " with equal values\n    |   image: i\n    |          ^\n"
        + "  = hint: keep one of them, with the value the benchmark should use\n", run.err());
  }

  /** run.function is checked name by name: twenty thousand names overflowed the stack of a repeating pattern. */
  @Test
  void aFunctionOfManyNamesIsCheckedWithoutOverflow() throws IOException {
    Path config = temp.resolve("long.yaml");
    String function = "a" + ".a".repeat(20_000);
    Files.writeString(config, "kind: benchmark\nname: l\nrun: {function: " + function
        + "}\ndask_cluster: {image: i}\n");
    Run run = Run.of("validate", config.toString());
    assertEquals(0, run.code(), run.err());
    Files.writeString(config, "kind: benchmark\nname: l\nrun: {function: " + function
        + ".9}\ndask_cluster: {image: i}\n");
    assertEquals(1, Run.of("validate", config.toString()).code());
  }

  @Test
  void fourPointZeroWorkersAreFourInYamlAsInHocon() throws IOException {
    Path yaml = temp.resolve("w.yaml");
    Files.writeString(yaml, "kind: benchmark\nname: w\nrun: {function: a.b}\n"
        + "dask_cluster: {workers: 4.0, image: \"i:1\"}\n");
    Path conf = temp.resolve("w.conf");
    Files.writeString(conf, "kind = benchmark\nname = w\nrun { function = a.b }\n"
        + "dask_cluster { workers = 4, image = \"i:1\" }\n");
    Run a = Run.of("compile", yaml.toString(), "-o", "-");
    assertEquals(0, a.code(), a.err());
    assertEquals(Run.of("compile", conf.toString(), "-o", "-").out(), a.out());
  }

  @Test
  void hexResourcesAreTheNumbersYamlReadsThemAs() throws IOException {
    String config = "kind: benchmark\nname: h\nrun: {function: a.b}\n"
        + "dask_cluster: {image: \"i:1\", worker_resources: {cpu: %s, memory: %s}, master_resources: {cpu: %s}}\n";
    Path hex = temp.resolve("hex.yaml");
    Files.writeString(hex, config.formatted("0x2", "0x100000", "0o3"));
    Path decimal = temp.resolve("decimal.yaml");
    Files.writeString(decimal, config.formatted("2", "1048576", "3"));
    Run a = Run.of("compile", hex.toString(), "-o", "-");
    assertEquals(0, a.code(), a.err());
    assertEquals(Run.of("compile", decimal.toString(), "-o", "-").out(), a.out());
  }

  /** No workers is refused with the reason: the benchmark's tasks would have nowhere to run. */
  @Test
  void noWorkersIsAnErrorThatSaysWhy() throws IOException {
    Path config = Files.writeString(temp.resolve("w.yaml"), """
        kind: benchmark
        name: w
        run: {function: a.b}
        dask_cluster: {image: "i:1", workers: 0}
        """);
    Run run = Run.of("validate", config.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(config + ":4:39: error: dask_cluster.workers: there must be at least 1 worker, not 0, as the"
            + " benchmark's tasks run on its Dask workers",
        "  = hint: write a number of workers such as 4, or a range such as {minimum: 1, maximum: 8}"),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  /** The reason for at least one worker is not given for too many, where it would not fit. */
  @Test
  void tooManyWorkersIsAnErrorWithoutTheReasonForOne() throws IOException {
    Path config = Files.writeString(temp.resolve("w.yaml"), """
        kind: benchmark
        name: w
        run: {function: a.b}
        dask_cluster: {image: "i:1", workers: 10001}
        """);
    Run run = Run.of("validate", config.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(config + ":4:39: error: dask_cluster.workers: must have a maximum value of 10000",
        "  = hint: write a number of workers such as 4, or a range such as {minimum: 1, maximum: 8}"),
        run.err().lines().filter(l -> !l.startsWith("    |")).toList());
  }

  @Test
  void resourcesTheApiServerRefusesAreErrorsAtTheirKeys() throws IOException {
    Path config = temp.resolve("r.yaml");
    Files.writeString(config, """
        kind: benchmark
        name: r
        run: {function: a.b}
        dask_cluster:
          image: "i:1"
          worker_resources: {cpu: 1, gpu: 1, CPU: 2, storage: 1Gi, nvidia.com/gpu: 0.5}
          master_resources: {memroy: 1Gi, hugepages-2Mi: 2Mi, example.com/foo: 1000m, tpu: 1}
        """);
    Run run = Run.of("validate", config.toString());
    assertEquals(1, run.code(), run.err());
    String file = config.toString();
    assertEquals(List.of(
        file + ":6:30: error: dask_cluster.worker_resources.gpu: 'gpu' is not a standard resource, and a resource"
            + " name without a domain must be one",
        "  = hint: write nvidia.com/gpu (experiments' `gpu` becomes nvidia.com/gpu)",
        file + ":6:38: error: dask_cluster.worker_resources.CPU: 'CPU' is not a standard resource, and a resource"
            + " name without a domain must be one",
        "  = hint: write cpu; resource names are lower-case",
        file + ":6:46: error: dask_cluster.worker_resources.storage: 'storage' is not a standard resource, and a"
            + " resource name without a domain must be one",
        "  = hint: write ephemeral-storage for the container's local disk; storage is what a volume claim asks for",
        file + ":6:76: error: dask_cluster.worker_resources.nvidia.com/gpu: nvidia.com/gpu is 0.5, but an extended"
            + " resource is counted in whole units",
        "  = hint: give a whole number, e.g. nvidia.com/gpu: 1",
        file + ":7:22: error: dask_cluster.master_resources.memroy: 'memroy' is not a standard resource, and a"
            + " resource name without a domain must be one",
        "  = hint: did you mean 'memory'?",
        file + ":7:79: error: dask_cluster.master_resources.tpu: 'tpu' is not a standard resource, and a"
            + " resource name without a domain must be one",
        "  = hint: write cloud-tpus.google.com/v2 (experiments' `tpu` becomes cloud-tpus.google.com/v2)"),
        run.err().lines().filter(l -> l.contains(": error: ") || l.startsWith("  = hint:")).toList());
  }

  /** The stave.dev/config-hash of each object's pod template, by kind and name; absent for none. */
  private static java.util.TreeMap<String, Object> configHashes(String stream) {
    java.util.TreeMap<String, Object> hashes = new java.util.TreeMap<>();
    for (String doc : stream.split("(?m)^---\n")) {
      if (doc.isEmpty()) {
        continue;
      }
      Map<String, Object> object = ExperimentMappingTest.cast(dev.stave.render.CanonicalYaml.parse(doc));
      Object spec = object.get("spec");
      Object template = spec instanceof Map<?, ?> m ? m.get("template") : null;
      if (template != null) {
        Object annotations = ExperimentMappingTest.at(template, "metadata", "annotations");
        hashes.put(object.get("kind") + " " + ExperimentMappingTest.at(object, "metadata", "name"),
            annotations == null ? "none" : ExperimentMappingTest.cast(annotations).get("stave.dev/config-hash"));
      }
    }
    return hashes;
  }

  @Test
  void deploymentsRollOutWhenTheirSetupChanges() throws Exception {
    String config = "kind: benchmark\nname: roll\nrun: {function: a.b}\n"
        + "dask_cluster: {image: \"i:1\", setup: {pip_packages: [%s]}}\n";
    Path before = Files.writeString(temp.resolve("before.yaml"), config.formatted("pandas==2.2.1"));
    Path after = Files.writeString(temp.resolve("after.yaml"), config.formatted("pandas==2.2.2"));
    Run first = Run.of("compile", before.toString(), "-o", "-");
    assertEquals(0, first.code(), first.err());
    assertEquals(first.out(), Run.of("compile", before.toString(), "-o", "-").out());

    // The hash is that of the ConfigMap's data as sorted JSON, so anyone can check it.
    String configMap = first.out().split("(?m)^---\n")[2];
    Map<String, Object> data = ExperimentMappingTest.cast(
        ExperimentMappingTest.cast(dev.stave.render.CanonicalYaml.parse(configMap)).get("data"));
    String json = new com.google.gson.GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create()
        .toJson(new java.util.TreeMap<>(data)) + "\n";
    String hash = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
        .digest(json.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    assertEquals(Map.of("Deployment roll-scheduler", hash, "Deployment roll-worker", hash, "Job roll-launcher", "none"),
        configHashes(first.out()));

    Map<String, Object> changed = configHashes(Run.of("compile", after.toString(), "-o", "-").out());
    assertEquals("none", changed.get("Job roll-launcher"));
    assertEquals(changed.get("Deployment roll-scheduler"), changed.get("Deployment roll-worker"));
    assertFalse(hash.equals(changed.get("Deployment roll-worker")), "a changed setup must change the hash");
  }

  @Test
  void anS3UrlAsPathOrBucketIsAnErrorThatSaysWhereEachPartGoes() throws IOException {
    Path local = Files.writeString(temp.resolve("u.yaml"), """
        kind: benchmark
        name: u
        run: {function: a.b}
        dask_cluster: {image: "i:1"}
        output: {path: "s3://my-bucket/results/run.csv"}
        """);
    Run run = Run.of("compile", local.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    assertEquals(List.of(
        local + ":5:16: error: output.path: 's3://my-bucket/results/run.csv' is a URL, but the launcher writes the"
            + " CSV to S3 only through 'bucket', and otherwise as a file inside its pod",
        "    | output: {path: \"s3://my-bucket/results/run.csv\"}",
        "    |                ^",
        "  = hint: write bucket: my-bucket and path: results/run.csv"),
        run.err().lines().toList());

    Path file = Files.writeString(temp.resolve("f.yaml"), """
        kind: benchmark
        name: f
        run: {function: a.b}
        dask_cluster: {image: "i:1"}
        output: {path: "file:///tmp/run.csv"}
        """);
    run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of("  = hint: write path: /tmp/run.csv for a file inside the pod"),
        run.err().lines().filter(l -> l.startsWith("  = hint:")).toList());

    // The file that the URL names, its escapes decoded; with a bucket the path is the object's key, not a file.
    Path escaped = Files.writeString(temp.resolve("e.yaml"), """
        kind: benchmark
        name: e
        run: {function: a.b}
        dask_cluster: {image: "i:1"}
        output: {path: "file:///tmp/my%20run+1.csv"}
        """);
    run = Run.of("validate", escaped.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of("  = hint: write path: /tmp/my run+1.csv for a file inside the pod"),
        run.err().lines().filter(l -> l.startsWith("  = hint:")).toList());
    Path withBucket = Files.writeString(temp.resolve("fb.yaml"), """
        kind: benchmark
        name: fb
        run: {function: a.b}
        dask_cluster: {image: "i:1"}
        output: {path: "file:///tmp/run.csv", bucket: results, key: "${AWS_ACCESS_KEY_ID}",
          secret_key: "${AWS_SECRET_ACCESS_KEY}"}
        """);
    run = Run.of("validate", withBucket.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of("  = hint: give the bucket in 'bucket' and the object's key (without the bucket) in 'path'"),
        run.err().lines().filter(l -> l.startsWith("  = hint:")).toList());

    Path bucket = Files.writeString(temp.resolve("b.yaml"), """
        kind: benchmark
        name: b
        run: {function: a.b}
        dask_cluster: {image: "i:1"}
        output:
          path: run.csv
          bucket: s3://my-bucket/results
          key: ${K}
          secret_key: ${K}
        """);
    run = Run.with(new dev.stave.config.Env(Map.of("K", "k"), "/home/user"), "validate", bucket.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(
        bucket + ":7:11: error: output.bucket: 's3://my-bucket/results' is not a bucket name, which cannot contain"
            + " '/'",
        "  = hint: write bucket: my-bucket; the object's key goes in 'path'"),
        run.err().lines().filter(l -> l.contains(": error: ") || l.startsWith("  = hint:")).toList());
  }

  @Test
  void anAutoscalerWithoutCpuIsReportedAtTheWorkersKey() throws IOException {
    Path config = Files.writeString(temp.resolve("w.yaml"), """
        kind: benchmark
        name: w
        run: {function: a.b}
        dask_cluster:
          image: "i:1"
          workers: {minimum: 2, maximum: 5}
        """);
    Run run = Run.of("compile", config.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of(
        config + ":6:3: warning: dask_cluster.workers: the workers have no cpu request, so the"
            + " HorizontalPodAutoscaler cannot measure their load",
        "    |   workers: {minimum: 2, maximum: 5}",
        "    |   ^",
        "  = hint: set cpu in dask_cluster.worker_config.resources (or dask_cluster.worker_resources)"),
        run.err().lines().toList());
  }

  /** A literal next to a credential from the environment on one line is a literal still: the value says so. */
  @Test
  void aLiteralCredentialOnTheLineOfOneFromTheEnvironmentIsALiteral() throws IOException {
    Path yaml = Files.writeString(temp.resolve("l.yaml"), """
        kind: benchmark
        name: l
        run: {function: a.b}
        dask_cluster: {image: "i:1"}
        output: {path: out.csv, bucket: b, key: "${K}", secret_key: wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY}
        """);
    Path hocon = Files.writeString(temp.resolve("l.conf"), """
        kind = benchmark
        name = l
        run { function = a.b }
        dask_cluster { image = "i:1" }
        output { path = out.csv, bucket = b, key = ${?K}, secret_key = wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY }
        """);
    for (Path config : List.of(yaml, hocon)) {
      Run run = Run.with(new dev.stave.config.Env(Map.of("K", "AKIAIOSFODNN7ENVIRON"), "/home/user"), "validate",
          config.toString());
      assertEquals(0, run.code(), run.err());
      assertEquals(List.of(config + ":5:1: warning: output.secret_key: the credential on line 5 is written into the"
          + " config file itself"), run.err().lines().filter(l -> l.contains(": warning: ")).toList(), run.err());
    }
  }

  @Test
  void aCredentialWrittenAsAVariablesDefaultIsALiteral() throws IOException {
    Path config = Files.writeString(temp.resolve("d.yaml"), """
        kind: benchmark
        name: d
        run: {function: a.b}
        dask_cluster: {image: "i:1"}
        output:
          path: out.csv
          bucket: b
          key: ${NOPE_KEY:-AKIAIOSFODNN7EXAMPLE}
          secret_key: "${NOPE_SECRET:-${NOPE_TOO:-wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY}}"
        """);
    Run run = Run.of("compile", config.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertFalse(run.err().contains("AKIAIOSFODNN7EXAMPLE")
        || run.err().contains("wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY"), run.err());
    assertEquals(List.of(
        config + ":5:1: warning: output.key: the credential on line 8 is written into the config file itself, as a"
            + " variable's default",
        "  = hint: take it from the environment: key = ${?AWS_ACCESS_KEY_ID} (HOCON) or key: ${AWS_ACCESS_KEY_ID}"
            + " (YAML)",
        config + ":5:1: warning: output.secret_key: the credential on line 9 is written into the config file itself,"
            + " as a variable's default",
        "  = hint: take it from the environment: secret_key = ${?AWS_SECRET_ACCESS_KEY} (HOCON) or secret_key:"
            + " ${AWS_SECRET_ACCESS_KEY} (YAML)"),
        run.err().lines().filter(l -> l.contains(": warning: ") || l.startsWith("  = hint: take")).toList());
  }

  /** Without a bucket no Secret holds the credentials, so the warning cannot send the user to one. */
  @Test
  void aLiteralCredentialWithoutABucketIsSaidToBeUsedNowhere() throws IOException {
    Path config = Files.writeString(temp.resolve("n.yaml"), """
        kind: benchmark
        name: n
        run: {function: a.b}
        dask_cluster: {image: "i:1"}
        output:
          path: out.csv
          key: AKIAIOSFODNN7EXAMPLE
          secret_key: wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY
        """);
    Run run = Run.of("compile", config.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    for (String text : List.of(run.out(), run.err())) {
      assertFalse(text.contains("AKIAIOSFODNN7EXAMPLE") || text.contains("wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY"),
          text);
    }
    assertFalse(run.out().contains("n-output-credentials"), run.out());
    // One warning that they are unused, naming the literals, not one more per literal that says so again.
    assertEquals(List.of(
        config + ":5:1: warning: output.key: output has credentials but no 'bucket', so they are not used; 'key'"
            + " (line 7) and 'secret_key' (line 8) are written into the config file itself",
        "    | output:",
        "    | ^",
        "  = hint: remove the credentials, or add 'bucket' and take them from the environment: key:"
            + " ${AWS_ACCESS_KEY_ID} and secret_key: ${AWS_SECRET_ACCESS_KEY} (YAML), or key = ${?AWS_ACCESS_KEY_ID}"
            + " and secret_key = ${?AWS_SECRET_ACCESS_KEY} (HOCON)"),
        run.err().lines().takeWhile(l -> !l.startsWith("wrote ")).toList());
  }

  @Test
  void aBraceInAReferenceIsQuotedAsWritten() throws IOException {
    Path config = Files.writeString(temp.resolve("z.yaml"), """
        kind: benchmark
        name: z
        run: {function: a.b, args: {x: "${{z}}"}}
        dask_cluster: {image: "i:1"}
        """);
    Run run = Run.of("validate", config.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(
        config + ":3:32: error: run.args.x: '${{z}}' is not an environment variable reference",
        "    | run: {function: a.b, args: {x: \"${{z}}\"}}",
        "    |                                ^",
        "  = hint: variable names are letters, digits and '_'; write $${ for a literal '${'"),
        run.err().lines().toList());
  }

  @Test
  void aVariableInQuotesInHoconArgsIsKeptWithAWarningOnce() throws IOException {
    // run.args take any value and reach args.json as written, so a quoted reference there is its text.
    Path config = Files.writeString(temp.resolve("q.conf"), """
        kind = benchmark
        name = q
        run { function = a.b, args { x = "${X}", y = ["${?Y}", "a${X}"], z { w = 3 } } }
        dask_cluster { image = "i:1" }
        """);
    String hint = "  = hint: write %s without the quotes to use the variable's value, or keep them if the text itself"
        + " is meant";
    List<String> warnings = List.of(
        config + ":3:34: warning: run.args.x: \"${X}\" is kept as that text, not the variable's value: HOCON does"
            + " not substitute in quotes",
        hint.formatted("${X}"),
        config + ":3:47: warning: run.args.y[0]: \"${?Y}\" is kept as that text, not the variable's value: HOCON"
            + " does not substitute in quotes",
        hint.formatted("${?Y}"));
    for (List<String> command : List.of(List.of("compile", config.toString(), "-o", "-"),
        List.of("validate", config.toString()))) {
      Run run = Run.with(new dev.stave.config.Env(Map.of("X", "x"), "/home/user"), command.toArray(String[]::new));
      assertEquals(0, run.code(), run.err());
      assertEquals(warnings, run.err().lines().filter(l -> l.contains(": warning: ") || l.startsWith("  = hint: "))
          .toList());
    }
  }
}

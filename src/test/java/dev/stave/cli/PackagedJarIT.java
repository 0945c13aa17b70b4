package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.apply.FakeKubeApi;
import dev.stave.config.Env;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar as the launcher runs it: the class path its manifest lists, without the cluster
 * libraries, which only apply and diff --cluster load, from lib/cluster/ (dev.stave.apply.ClusterLibraries).
 * Each command is compared with the same command run in-process on the full test class path, where a
 * class missing from the jar's class path cannot show.
 */
class PackagedJarIT {
  private static final Path JAR = Path.of(System.getProperty("stave.jar", "target/stave.jar"));
  /** The subprocess's whole environment, and the in-process run's. */
  private static final Map<String, String> ENV = Map.of(
      "STAVE_TEST_TAG", "1.4", "AWS_ACCESS_KEY_ID", "AKIAEXAMPLEKEY", "AWS_SECRET_ACCESS_KEY", "example-secret-value");

  @TempDir
  Path tmp;

  @Test
  void theJarsClassPathLeavesTheClusterLibrariesOut() throws IOException {
    List<String> classPath;
    try (JarFile jar = new JarFile(JAR.toFile())) {
      classPath = List.of(jar.getManifest().getMainAttributes().getValue("Class-Path").split(" "));
    }
    List<String> cluster;
    try (InputStream in = getClass().getResourceAsStream("/stave/cluster-classpath.txt")) {
      cluster = List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).trim().split(":"));
    }
    for (String entry : classPath) {
      assertTrue(Files.isRegularFile(JAR.resolveSibling(entry)), entry);
      assertFalse(entry.matches("lib/(okhttp|okio|kotlin|bcprov|client-java-\\d|protobuf).*"), entry);
    }
    assertTrue(classPath.stream().anyMatch(e -> e.startsWith("lib/client-java-api-")), "the models stay");
    for (String entry : cluster) {
      assertTrue(entry.startsWith("lib/cluster/") && Files.isRegularFile(JAR.resolveSibling(entry)), entry);
    }
    for (String needed : List.of("client-java-", "okhttp-", "kotlin-stdlib-", "bcprov-")) {
      assertTrue(cluster.stream().anyMatch(e -> e.startsWith("lib/cluster/" + needed)), needed);
    }
  }

  @Test
  void everyExampleCompilesAsInProcess() throws IOException {
    List<String> configs = new ArrayList<>();
    for (String folder : List.of("examples", "examples/benchmarks", "examples/mrunner")) {
      try (Stream<Path> files = Files.list(Path.of(folder))) {
        files.filter(f -> f.toString().matches(".*\\.(yaml|conf)")).map(Path::toString).sorted().forEach(configs::add);
      }
    }
    // The YAML twin of cheetah-ppo.conf compiles to the same bundle, which one run refuses.
    configs.remove("examples/cheetah-ppo.yaml");
    List<String> args = new ArrayList<>(List.of("compile"));
    args.addAll(configs);
    Path jarOut = tmp.resolve("jar");
    Path inProcessOut = tmp.resolve("in-process");
    Run jar = jar(plus(args, "-o", jarOut.toString()));
    Run inProcess = inProcess(plus(args, "-o", inProcessOut.toString()));
    assertEquals(0, jar.code(), jar.err());
    assertEquals(inProcess.out().replace(inProcessOut.toString(), jarOut.toString()), jar.out());
    assertEquals(GoldenTest.read(inProcessOut), GoldenTest.read(jarOut));
  }

  @Test
  void otherCommandsAndDiagnosticsAreAsInProcess() throws IOException {
    List<String> errors;
    try (Stream<Path> files = Files.list(Path.of("examples/errors"))) {
      errors = files.map(Path::toString).sorted().toList();
    }
    List<List<String>> commands = new ArrayList<>(List.of(
        List.of("secrets", "examples/cheetah-ppo.conf"),
        List.of("plan", "examples/symphony-rl-small.yaml"),
        List.of("diff", "examples/cheetah-ppo.conf", "examples/cheetah-ppo.yaml"),
        List.of("schema", "experiment"),
        List.of("--help")));
    commands.add(plus(List.of("validate"), errors.toArray(String[]::new)));
    for (List<String> command : commands) {
      Run jar = jar(command);
      assertEquals(inProcess(command), jar, String.join(" ", command));
    }
  }

  @Test
  void bytesAreCheckedWithoutTheClusterLibraries() throws IOException {
    // The model check reads and writes base64 fields; the client's own adapter for them needs okio,
    // one of the cluster libraries. No packaged template writes one, a replaced one may.
    Path templates = Files.createDirectories(tmp.resolve("templates"));
    Files.writeString(templates.resolve("configmap.ftl"),
        Files.readString(Path.of("templates/configmap.ftl")) + "binaryData: {blob: \"+/8=\"}\n");
    List<String> command = List.of("compile", "examples/benchmarks/deepecho-seed.yaml", "--templates",
        templates.toString(), "-o", "-");
    Run jar = jar(command);
    assertEquals(0, jar.code(), jar.err());
    assertTrue(jar.out().contains("binaryData:\n  blob: +/8=\n"), jar.out());
    assertEquals(inProcess(command), jar);
  }

  @Test
  void applyAndDiffTalkToTheClusterThroughTheClusterLibraries() throws IOException {
    // Over HTTPS: the user's credentials, the client certificate among them, are read for an https:// server only.
    try (FakeKubeApi api = new FakeKubeApi(true)) {
      Path kubeconfig = api.kubeconfig(tmp.resolve("kubeconfig"));
      Map<String, String> env = new HashMap<>(ENV);
      env.put("KUBECONFIG", kubeconfig.toString());

      Run apply = Run.inJvm(JAR.toString(), env, List.of("apply", "examples/cheetah-ppo.conf"));
      assertEquals(0, apply.code(), apply.err());
      assertTrue(apply.out().startsWith("Namespace surreal: created\nSecret surreal/cheetah-ppo-secrets: created\n"),
          apply.out());
      assertTrue(apply.out().endsWith("8 created, 0 configured, 0 unchanged, 0 pruned, 0 failed\n"), apply.out());
      assertEquals(8, api.keys().size());
      assertTrue(api.requests().stream().anyMatch(r -> r.startsWith("PATCH /api/v1/namespaces/surreal/secrets/")),
          api.requests().toString());

      Run diff = Run.inJvm(JAR.toString(), env, List.of("diff", "--cluster", "examples/cheetah-ppo.conf"));
      assertEquals(0, diff.code(), diff.out() + diff.err());

      // An EC key in SEC1 form ("BEGIN EC PRIVATE KEY") is read by Bouncy Castle, a cluster library.
      Path withKey = api.kubeconfig(tmp.resolve("kubeconfig-certificate"),
          "{client-certificate: \"%s\", client-key: \"%s\"}".formatted(
              resource("tls/test-only-ec-cert.pem"), resource("tls/test-only-ec-key.pem")));
      Run withCertificate = Run.inJvm(JAR.toString(), env,
          List.of("diff", "--cluster", "examples/cheetah-ppo.conf", "--kubeconfig", withKey.toString()));
      assertEquals(0, withCertificate.code(), withCertificate.out() + withCertificate.err());
    }
  }

  @Test
  void aMissingClusterLibraryIsReportedNotThrown() throws IOException {
    // The jar beside its libraries as a build leaves them, but with OkHttp gone from lib/cluster/.
    Path home = Files.createDirectories(tmp.resolve("home"));
    Files.copy(JAR, home.resolve("stave.jar"));
    Path missing = null;
    for (String folder : List.of("lib", "lib/cluster")) {
      Path into = Files.createDirectories(home.resolve(folder));
      try (Stream<Path> jars = Files.list(JAR.resolveSibling(folder))) {
        for (Path jar : jars.filter(Files::isRegularFile).toList()) {
          if (jar.getFileName().toString().startsWith("okhttp-")) {
            missing = into.resolve(jar.getFileName());
          } else {
            Files.createSymbolicLink(into.resolve(jar.getFileName()), jar.toAbsolutePath());
          }
        }
      }
    }
    assertTrue(missing != null, "lib/cluster/ holds no okhttp jar");
    try (FakeKubeApi api = new FakeKubeApi()) {
      Map<String, String> env = new HashMap<>(ENV);
      env.put("KUBECONFIG", api.kubeconfig(tmp.resolve("kubeconfig")).toString());
      String jar = home.resolve("stave.jar").toString();

      Run compile = Run.inJvm(jar, env, List.of("compile", "examples/cheetah-ppo.conf", "-o", "-"));
      assertEquals(0, compile.code(), compile.err());

      Run apply = Run.inJvm(jar, env, List.of("apply", "examples/cheetah-ppo.conf"));
      assertEquals(4, apply.code(), apply.err());
      assertEquals("", apply.out());
      assertEquals("stave: stave's cluster library " + missing + " is missing; build stave again (mvn package)\n",
          apply.err());
      assertTrue(api.requests().isEmpty(), api.requests().toString());
    }
  }

  private static String resource(String name) {
    try {
      return Path.of(PackagedJarIT.class.getResource("/" + name).toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Run jar(List<String> args) {
    return Run.inJvm(JAR.toString(), ENV, args);
  }

  private static Run inProcess(List<String> args) {
    return Run.with(new Env(ENV, System.getProperty("user.home")), args.toArray(String[]::new));
  }

  private static List<String> plus(List<String> list, String... more) {
    List<String> all = new ArrayList<>(list);
    all.addAll(Arrays.asList(more));
    return all;
  }

  /** In a real JVM standard output is a file descriptor; a full disk behind it is exit 4, not success. */
  @Test
  void aFullDiskBehindStandardOutputIsAnIoFailure() throws Exception {
    java.io.File full = new java.io.File("/dev/full");
    org.junit.jupiter.api.Assumptions.assumeTrue(full.exists(), "no /dev/full here");
    List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", JAR.toString(), "compile", "examples/cheetah-ppo.conf", "-o", "-");
    Run run = Run.finish(new ProcessBuilder(command).redirectOutput(full).start(), String.join(" ", command));
    assertEquals(Main.IO, run.code(), run.err());
    assertEquals("stave: cannot write to standard output (the disk is full, or the pipe was closed); what was"
        + " written is incomplete\n", run.err());
  }

  /** A template of the user's that builds more text than the heap holds is the user's error, not stave's. */
  @Test
  void aUserTemplateThatRunsOutOfMemoryIsTheUsersError() throws Exception {
    Path templates = Files.createDirectories(tmp.resolve("templates"));
    Files.writeString(templates.resolve("service.ftl"), "${(1..100000000)?join(\",\")}\n");
    List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx96m",
        "-jar", JAR.toString(), "compile", "examples/symphony-pods.yaml", "--templates", templates.toString(),
        "-o", tmp.resolve("out").toString());
    Run run = Run.finish(new ProcessBuilder(command).start(), String.join(" ", command));
    String err = run.err();
    assertEquals(Main.INVALID, run.code(), err);
    assertTrue(err.startsWith(templates.resolve("service.ftl") + ":1:1: error: with the templates in " + templates
        + ", Service "), err);
    assertTrue(err.contains("(service.ftl) ran out of memory: a template built more text than the JVM may hold\n"),
        err);
    assertFalse(Files.exists(tmp.resolve("out")));
  }

  /**
   * A node list on standard input is copied to a file that is read in turn, as a named file is, not held in
   * memory: 37 MB fit a heap of 32 MB, and the copy, nameless once open, is not left in the temporary folder.
   */
  @Test
  void aLargeNodeListOnStandardInputIsNotHeldInMemory() throws Exception {
    Path temporary = Files.createDirectories(tmp.resolve("temporary"));
    List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx32m",
        "-Djava.io.tmpdir=" + temporary, "-jar", JAR.toString(), "inventory", "from-nodes", "--pool-label", "p", "-");
    Process process = new ProcessBuilder(command).start();
    Thread writer = new Thread(() -> {
      try (java.io.Writer in = new java.io.BufferedWriter(
          new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8))) {
        in.write("{\n    \"items\": [\n");
        for (int node = 0; node < 1600; node++) {
          in.write((node == 0 ? "" : ",\n") + "        {\"metadata\": {\"name\": \"n" + node
              + "\", \"labels\": {\"p\": \"a\"}},\n         \"status\": {\"capacity\": {\"cpu\": \"8\","
              + " \"memory\": \"32Gi\"}, \"allocatable\": {\"cpu\": \"7\", \"memory\": \"30Gi\"},\n"
              + "          \"images\": [\n");
          for (int image = 0; image < 120; image++) {
            in.write((image == 0 ? "" : ",\n") + "            {\"names\": [\"registry.example.com/"
                + "a-long-repository-name/image-" + image + "@sha256:" + "0".repeat(64) + "\"],\n"
                + "             \"sizeBytes\": 123456789}");
          }
          in.write("\n        ]}}");
        }
        in.write("\n    ]\n}\n");
      } catch (IOException e) {
        // The process ended early: its exit code tells why.
      }
    });
    writer.start();
    Run run = Run.finish(process, String.join(" ", command));
    writer.join(); // the process ended, so the pipe the writer writes to is closed
    assertEquals(Main.OK, run.code(), run.err());
    assertEquals("", run.err());
    assertTrue(run.out().contains("    max_nodes: 1600\n"), run.out());
    try (Stream<Path> left = Files.list(temporary)) {
      assertEquals(List.of(), left.toList());
    }
  }

  /** {@code stave compile ... -o - | head}: the reader left early; exit 4, but no message about a full disk. */
  @Test
  void aReaderThatLeavesEarlyEndsTheRunQuietly() throws Exception {
    List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", JAR.toString(), "compile", "examples/lr-seed-grid.yaml", "-o", "-");
    Run run = Run.finish(new ProcessBuilder(command).start(), String.join(" ", command), 1);
    assertEquals("-", run.out(), "the stream starts with a document marker");
    assertEquals(Main.IO, run.code(), run.err());
    assertEquals("", run.err());
  }
}

package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.apply.ApplyOptions;
import dev.stave.apply.Deadline;
import dev.stave.apply.FakeKubeApi;
import dev.stave.apply.RetryPolicy;
import dev.stave.bundle.BundleReader;
import dev.stave.bundle.KubeObject;
import dev.stave.bundle.WaitAnnotations;
import dev.stave.config.Env;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apply --wait} on what clusters and benchmarks compile to, against {@link FakeKubeApi}: a Mars
 * cluster's readiness rule travels in its bundle (min_worker_num workers, its timeout), a DaskJob counts
 * once the operator runs it.
 */
class ApplyWaitTest {
  private static final String POLL = "--poll-interval=5ms";

  @TempDir
  Path tmp;

  private static Path compiled;
  private FakeKubeApi api;
  private Env env;

  @BeforeAll
  static void compileOnce(@TempDir Path dir) {
    for (String config : List.of("examples/mars-tuned.conf", "examples/benchmarks/deepecho-operator.conf",
        "examples/benchmarks/deepecho-seed.yaml")) {
      Run run = Run.of("compile", config, "-o", dir.toString());
      assertEquals(0, run.code(), run.err());
    }
    compiled = dir;
  }

  @BeforeEach
  void setUp() throws IOException {
    api = new FakeKubeApi();
    Path kubeconfig = api.kubeconfig(tmp.resolve("kubeconfig"));
    env = new Env(Map.of("KUBECONFIG", kubeconfig.toString()), tmp.resolve("home").toString());
  }

  @AfterEach
  void tearDown() {
    api.close();
  }

  /** A copy of a compiled bundle, to change. */
  private Path bundle(String name) throws IOException {
    Path copy = tmp.resolve("out").resolve(name);
    Files.createDirectories(copy);
    try (var files = Files.list(compiled.resolve(name))) {
      for (Path f : files.toList()) {
        Files.copy(f, copy.resolve(f.getFileName()));
      }
    }
    return copy;
  }

  private Run stave(String... args) {
    return Run.with(env, args);
  }

  private static String last(String text, int fromEnd) {
    List<String> lines = List.of(text.split("\n"));
    return lines.get(lines.size() - fromEnd);
  }

  @Test
  void marsIsReadyWithMinWorkerNumWorkers() throws IOException {
    api.readyAfterReads(2);
    api.readyAtMost("mars-tuned-worker", 6); // min_worker_num = 6 of worker_num = 8
    Run run = stave("apply", bundle("mars-tuned").toString(), "--wait", POLL);
    assertEquals(0, run.code(), run.out() + run.err());
    assertEquals("waiting: 3/3 ready", last(run.out(), 2));
    assertEquals("ready: 3 workloads", last(run.out(), 1));
    assertTrue(run.out().contains("Deployment analytics/mars-tuned-worker (0/8 ready, 6 needed)"), run.out());
  }

  /**
   * apply --wait of {@code bundle} as the command line runs it, on a clock that reaches the run's deadline
   * once the fake has had {@code reads} reads of {@code workload} (apply reads each object once, --wait once
   * a round): the wait gives up after a set number of rounds, however slow the machine. The limits are long
   * (the bundle's 10 minutes, a --timeout of 20), since the credentials and each request are also given at
   * most the limit on the real clock.
   */
  private Run waitUntilRead(Path bundle, ClusterOptions cluster, String workload, int reads) throws IOException {
    List<KubeObject> objects = BundleReader.read(bundle);
    OptionalLong own = WaitAnnotations.timeout(objects);
    Duration fallback = own.isPresent() ? Duration.ofSeconds(own.getAsLong()) : null;
    String read = "GET /apis/apps/v1/namespaces/analytics/deployments/" + workload;
    Deadline deadline = cluster.deadline(fallback,
        () -> Collections.frequency(api.requests(), read) < reads ? 0 : Long.MAX_VALUE / 2);
    ApplyOptions options = new ApplyOptions(false, false, false, true, cluster.timeout(fallback),
        Duration.ofMillis(5), RetryPolicy.DEFAULT);
    // Only a --wait that never gives up runs this long.
    return assertTimeoutPreemptively(Run.HANG,
        () -> Run.calling(env, context -> ApplyCommand.run(context, bundle, objects, cluster, options, deadline)));
  }

  @Test
  void marsWithTooFewWorkersTimesOut() throws IOException {
    api.readyAfterReads(2);
    api.readyAtMost("mars-tuned-worker", 5);
    ClusterOptions cluster = new ClusterOptions();
    cluster.timeout = Duration.ofMinutes(20);
    Run run = waitUntilRead(bundle("mars-tuned"), cluster, "mars-tuned-worker", 3);
    assertEquals(4, run.code(), run.out());
    assertEquals("timed out after 20m waiting for Deployment analytics/mars-tuned-worker (5/8 ready, 6 needed);"
        + " raise --timeout to wait longer, or see what holds them up with kubectl describe",
        last(run.out(), 1));
  }

  @Test
  void aConfigWaitsByTheSameRule() {
    api.readyAfterReads(2);
    api.readyAtMost("mars-tuned-worker", 6);
    Run run = stave("apply", "examples/mars-tuned.conf", "--wait", POLL);
    assertEquals(0, run.code(), run.out() + run.err());
    assertEquals("ready: 3 workloads", last(run.out(), 1));
  }

  @Test
  void theBundlesTimeoutAppliesWithoutTimeoutOption() throws IOException {
    // Its 600 seconds, not the default 5 minutes.
    Run run = waitUntilRead(bundle("mars-tuned"), new ClusterOptions(), "mars-tuned-scheduler", 3);
    assertEquals(4, run.code(), run.out());
    assertTrue(last(run.out(), 1).startsWith("timed out after 10m waiting for Deployment analytics/mars-tuned-scheduler"
        + " (0/2 available)"), run.out());
  }

  @Test
  void aBadWaitAnnotationIsLocated() throws IOException {
    Path bundle = bundle("mars-tuned");
    Path worker = bundle.resolve("28-deployment-mars-tuned-worker.yaml");
    Files.writeString(worker, Files.readString(worker).replace("stave.dev/min-ready: \"6\"",
        "stave.dev/min-ready: \"six\""));
    Run run = stave("apply", bundle.toString(), "--wait", POLL);
    assertEquals(1, run.code());
    assertEquals("", run.out());
    assertTrue(run.err().startsWith(worker + ":13:5: error: metadata.annotations.stave.dev/min-ready: the value of"
        + " stave.dev/min-ready on Deployment analytics/mars-tuned-worker is not a whole number of replicas\n"),
        run.err());
    assertEquals(List.of(), List.copyOf(api.keys()), "nothing is applied");
  }

  @Test
  void aDaskJobHasStartedOnceRunning() throws IOException {
    api.readyAfterReads(2);
    Run run = stave("apply", bundle("deepecho-operator").toString(), "--wait", POLL);
    assertEquals(0, run.code(), run.out() + run.err());
    assertTrue(run.out().contains("waiting: 0/1 ready: DaskJob benchmarks/deepecho-operator (not started)\n"),
        run.out());
    assertEquals("ready: 1 workload", last(run.out(), 1));
  }

  @Test
  void aPlainBenchmarkWaitsForItsClusterAndTheLauncherToStart() throws IOException {
    api.readyAfterReads(2);
    Run run = stave("apply", bundle("deepecho-seed").toString(), "--wait", POLL);
    assertEquals(0, run.code(), run.out() + run.err());
    assertTrue(run.out().contains("waiting: 0/3 ready: Deployment deepecho-seed/deepecho-seed-scheduler"
        + " (0/1 available),"
        + " Deployment deepecho-seed/deepecho-seed-worker (0/4 available), Job deepecho-seed/deepecho-seed-launcher"
        + " (not started)\n"), run.out());
    assertEquals("ready: 3 workloads", last(run.out(), 1));
  }

  @Test
  void aConfigIsCompiledWithTheStaveContext() {
    Run run = stave("apply", "examples/mrunner/experiment1.conf", "--context", "minikube");
    assertEquals(0, run.code(), run.out() + run.err());
    @SuppressWarnings("unchecked")
    Map<String, Object> job = api.object("/apis/batch/v1", "jobs", "ml-robotics-sandbox", "experiment1-experiment1");
    assertTrue(String.valueOf(job.get("spec")).contains("requests={cpu=1, memory=2Gi}"), String.valueOf(job));
    Run unknown = stave("apply", "examples/mrunner/experiment1.conf", "--context", "nope");
    assertEquals(1, unknown.code());
    assertTrue(unknown.err().contains("error: --context: context 'nope' is not defined in"
        + " examples/contexts/mrunner.conf"), unknown.err());
  }

  @Test
  void diffComparesConfigsCompiledWithTheStaveContext() {
    Path out = tmp.resolve("minikube");
    assertEquals(0, Run.of("compile", "examples/mrunner/experiment1.conf", "--context", "minikube", "-o",
        out.toString()).code());
    String bundle = out.resolve("experiment1").toString();
    Run same = stave("diff", bundle, "examples/mrunner/experiment1.conf", "--context", "minikube");
    assertEquals(0, same.code(), same.out() + same.err());
    assertEquals("no differences\n", same.out());
    Run other = stave("diff", bundle, "examples/mrunner/experiment1.conf", "--contexts",
        "examples/contexts/mrunner.conf");
    assertEquals(3, other.code(), other.out() + other.err());
  }
}

package dev.stave.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.bundle.KubeObject;
import dev.stave.config.Env;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run has one deadline, begun before its credentials are had: what the credentials take (an exec
 * plugin may wait for a login) is not given to the requests again, and no request starts after it. The
 * test's clock stands for the time the credentials and the requests took.
 */
class RunDeadlineTest {
  private static final Duration TIMEOUT = Duration.ofMinutes(10);
  private static final RetryPolicy FAST = new RetryPolicy(6, Duration.ofMillis(1), Duration.ofMillis(8));
  private static final KubeObject NAMESPACE =
      KubeObject.of(Map.of("apiVersion", "v1", "kind", "Namespace", "metadata", Map.of("name", "surreal")));
  private static final KubeObject CONFIG_MAP = KubeObject.of(Map.of("apiVersion", "v1", "kind", "ConfigMap",
      "metadata", Map.of("name", "settings", "namespace", "surreal"), "data", Map.of("a", "b")));

  private static final String GET_A = "GET /apis/batch/v1/namespaces/surreal/jobs/a";
  private static final String GET_B = "GET /apis/batch/v1/namespaces/surreal/jobs/b";
  private static final String PATCH_A = "PATCH /apis/batch/v1/namespaces/surreal/jobs/a?fieldManager=stave";
  private static final String PATCH_B = "PATCH /apis/batch/v1/namespaces/surreal/jobs/b?fieldManager=stave";

  @TempDir
  Path tmp;

  private FakeKubeApi api;
  private final AtomicLong clock = new AtomicLong();
  private Deadline deadline;
  private KubeTransport transport;

  @BeforeEach
  void setUp() throws IOException {
    api = new FakeKubeApi();
  }

  @AfterEach
  void tearDown() {
    api.close();
  }

  /** The run's transport, on {@code clock}. */
  private void open(LongSupplier clock) throws IOException {
    deadline = Deadline.after(TIMEOUT, clock);
    Path kubeconfig = api.kubeconfig(tmp.resolve("kubeconfig"));
    transport = ClusterLibraries.openKubeconfig(kubeconfig, null, new Env(Map.of(), tmp.toString()), deadline);
  }

  /** A clock at the run's start until the fake has had {@code n} requests (n > 0), then past its deadline. */
  private LongSupplier passedAfter(int n) {
    return () -> api.requests().size() < n ? 0 : TIMEOUT.toNanos();
  }

  private Applier applier(boolean waitReady, StringWriter out) {
    ApplyOptions options = new ApplyOptions(false, false, false, waitReady, TIMEOUT, Duration.ofMillis(1), FAST);
    return new Applier(transport, options, deadline, new PrintWriter(out));
  }

  private static KubeObject job(String name) {
    return KubeObject.of(Map.of("apiVersion", "batch/v1", "kind", "Job",
        "metadata", Map.of("name", name, "namespace", "surreal")));
  }

  /** Applies the Jobs a and b with --wait, which times out; what it prints after the apply's report. */
  private String waitTimesOut() {
    StringWriter out = new StringWriter();
    Applier.Result result = applier(true, out).apply(List.of(job("a"), job("b")), null);
    assertEquals(new Applier.Result(2, 0, 0, 0, 0, Applier.Wait.TIMED_OUT), result);
    String applied = "Job surreal/a: created\nJob surreal/b: created\n"
        + "2 created, 0 configured, 0 unchanged, 0 pruned, 0 failed\n";
    assertTrue(out.toString().startsWith(applied), out.toString());
    return out.toString().substring(applied.length());
  }

  @Test
  void aWaitInterruptedBetweenTwoLooksEndsAsInterruptedAfterTheObjectsWereApplied() throws IOException {
    // The clock is read before the pause between two looks: once --wait has read Job b (its second GET, the
    // first is apply's), that read interrupts the thread, and the pause ends at once.
    open(() -> {
      if (api.requests().stream().filter(GET_B::equals).count() >= 2) {
        Thread.currentThread().interrupt();
      }
      return 0;
    });
    StringWriter out = new StringWriter();
    Applier.Result result;
    boolean kept;
    try {
      result = applier(true, out).apply(List.of(job("a"), job("b")), null);
    } finally {
      kept = Thread.interrupted(); // cleared, so that the thread's next test is not interrupted
    }
    assertEquals(new Applier.Result(2, 0, 0, 0, 0, Applier.Wait.INTERRUPTED), result);
    assertTrue(kept, "the interrupt is kept for the caller");
    assertEquals("Job surreal/a: created\nJob surreal/b: created\n"
        + "2 created, 0 configured, 0 unchanged, 0 pruned, 0 failed\n"
        + "waiting: 0/2 ready: Job surreal/a (not started), Job surreal/b (not started)\n", out.toString());
  }

  @Test
  void applySendsNothingOnceTheCredentialsTookTheTimeout() throws IOException {
    open(clock::get);
    clock.set(TIMEOUT.toNanos()); // the credentials took the whole --timeout
    StringWriter out = new StringWriter();
    Applier applier = applier(false, out);
    ClusterFailure e = assertThrows(ClusterFailure.class, () -> applier.apply(List.of(NAMESPACE), null));
    assertEquals("stopped: --timeout 10m ran out before GET /api/v1/namespaces/surreal was sent; raise --timeout"
        + " to give the run longer", e.getMessage());
    assertEquals("", out.toString());
    assertEquals(List.of(), api.requests());
  }

  @Test
  void applyRetriesNothingWhenNoPauseEndsBeforeTheDeadline() throws IOException {
    open(clock::get);
    clock.set(TIMEOUT.minusMillis(1).toNanos()); // all of --timeout but the first pause between tries
    assertTheNamespaceFailsWithOne503();
  }

  @Test
  void applyReportsTheLastAnswerWhenThePauseBeforeATryEndsPastTheDeadline() throws IOException {
    // The pause after the 503 is allowed (the clock's first look after it) and has outlasted the deadline
    // when it ends (every later look): the next try is not made, and the 503 is what the run reports.
    AtomicInteger looks = new AtomicInteger();
    open(() -> api.requests().size() < 2 || looks.getAndIncrement() < 1 ? 0 : TIMEOUT.toNanos());
    assertTheNamespaceFailsWithOne503();
  }

  @Test
  void applyReportsTheLastAnswerWhenTheDeadlinePassesBetweenThePauseAndTheTry() throws IOException {
    // The pause after the 503 is allowed (the clock's first look after it) and ends before the deadline
    // (its second look); the deadline has passed by the transport's look before it sends the next try.
    AtomicInteger looks = new AtomicInteger();
    open(() -> api.requests().size() < 2 || looks.getAndIncrement() < 2 ? 0 : TIMEOUT.toNanos());
    assertTheNamespaceFailsWithOne503();
  }

  /** Applies the Namespace, whose PATCH is answered with a 503 once: that 503 is what the run reports. */
  private void assertTheNamespaceFailsWithOne503() {
    api.fail(r -> r.startsWith("PATCH /api/v1/namespaces/surreal?"), 503, 1, null);
    StringWriter out = new StringWriter();
    Applier.Result result = applier(false, out).apply(List.of(NAMESPACE), null);
    assertEquals(1, result.failed());
    assertEquals("Namespace surreal: failed: HTTP 503 Injected: injected failure\n"
        + "0 created, 0 configured, 0 unchanged, 0 pruned, 1 failed\n", out.toString());
    assertEquals(List.of("GET /api/v1/namespaces/surreal", "PATCH /api/v1/namespaces/surreal?fieldManager=stave"),
        api.requests());
  }

  @Test
  void discoveryIsNotSentOnceTheCredentialsTookTheTimeout() throws IOException {
    open(clock::get);
    clock.set(TIMEOUT.toNanos());
    KubeObject widget = KubeObject.of(Map.of("apiVersion", "example.com/v1", "kind", "Widget",
        "metadata", Map.of("name", "w", "namespace", "surreal")));
    ClusterDiff diff = new ClusterDiff(transport, FAST, deadline);
    ClusterFailure e = assertThrows(ClusterFailure.class, () -> diff.diff(List.of(widget), null));
    assertEquals("stopped: --timeout 10m ran out before GET /apis/example.com/v1 was sent; raise --timeout to"
        + " give the run longer", e.getMessage());
    assertEquals(List.of(), api.requests());
  }

  @Test
  void diffRetriesNothingWhenNoPauseEndsBeforeTheDeadline() throws IOException {
    open(clock::get);
    clock.set(TIMEOUT.minusMillis(1).toNanos());
    api.fail(r -> r.equals("GET /api/v1/namespaces/surreal"), 503, 1, null);
    ClusterDiff diff = new ClusterDiff(transport, FAST, deadline);
    ClusterFailure e = assertThrows(ClusterFailure.class, () -> diff.diff(List.of(NAMESPACE), null));
    assertEquals("cannot read the live objects: HTTP 503 Injected: injected failure", e.getMessage());
    assertEquals(List.of("GET /api/v1/namespaces/surreal"), api.requests());
  }

  @Test
  void diffSendsNoRequestAfterTheDeadline() throws IOException {
    // Each request after it would get a few seconds of its own: a bundle of many objects, that many.
    open(passedAfter(1));
    ClusterDiff diff = new ClusterDiff(transport, FAST, deadline);
    ClusterFailure e = assertThrows(ClusterFailure.class, () -> diff.diff(List.of(NAMESPACE, CONFIG_MAP), null));
    assertEquals("stopped: --timeout 10m ran out before GET /api/v1/namespaces/surreal/configmaps/settings was"
        + " sent; raise --timeout to give the run longer", e.getMessage());
    assertEquals(List.of("GET /api/v1/namespaces/surreal"), api.requests());
  }

  @Test
  void waitReportsWhatItLastSawOfAWorkloadItHadNoTimeToLookAtAgain() throws IOException {
    // The deadline passes once the second look at Job a is answered (it has started): b is not read again.
    api.readyAfterReads(2);
    open(passedAfter(7));
    assertEquals("""
        waiting: 0/2 ready: Job surreal/a (not started), Job surreal/b (not started)
        waiting: 1/2 ready: Job surreal/b (not started)
        timed out after 10m waiting for Job surreal/b (not started); raise --timeout to wait longer, or see what\
         holds them up with kubectl describe
        """, waitTimesOut());
    assertEquals(List.of(GET_A, PATCH_A, GET_B, PATCH_B, GET_A, GET_B, GET_A), api.requests());
  }

  @Test
  void waitSaysWhatItHadNoTimeToLookAt() throws IOException {
    // The deadline passes once the last object is applied: no workload is read.
    open(passedAfter(4));
    assertEquals("""
        waiting: 0/2 ready: Job surreal/a (not read before the timeout), Job surreal/b (not read before the timeout)
        timed out after 10m waiting for Job surreal/a (not read before the timeout), Job surreal/b (not read before\
         the timeout); raise --timeout to wait longer, or see what holds them up with kubectl describe
        """, waitTimesOut());
    assertEquals(List.of(GET_A, PATCH_A, GET_B, PATCH_B), api.requests());
  }
}

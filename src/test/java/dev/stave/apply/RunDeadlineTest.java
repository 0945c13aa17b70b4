package dev.stave.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.stave.bundle.KubeObject;
import dev.stave.config.Env;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run has one deadline, begun before its credentials are had: what the credentials take (an exec
 * plugin may wait for a login) is not given to the requests again. The test's clock stands for the time
 * the credentials took.
 */
class RunDeadlineTest {
  private static final Duration TIMEOUT = Duration.ofMinutes(10);
  private static final RetryPolicy FAST = new RetryPolicy(6, Duration.ofMillis(1), Duration.ofMillis(8));
  private static final KubeObject NAMESPACE =
      KubeObject.of(Map.of("apiVersion", "v1", "kind", "Namespace", "metadata", Map.of("name", "surreal")));

  @TempDir
  Path tmp;

  private FakeKubeApi api;
  private final AtomicLong clock = new AtomicLong();
  private Deadline deadline;
  private KubeTransport transport;

  @BeforeEach
  void setUp() throws IOException {
    api = new FakeKubeApi();
    deadline = Deadline.after(TIMEOUT, clock::get);
    Path kubeconfig = api.kubeconfig(tmp.resolve("kubeconfig"));
    transport = ClusterLibraries.openKubeconfig(kubeconfig, null, new Env(Map.of(), tmp.toString()), deadline);
    clock.set(TIMEOUT.toNanos()); // the credentials took the whole --timeout
  }

  @AfterEach
  void tearDown() {
    api.close();
  }

  @Test
  void applyRetriesNothingOnceTheCredentialsTookTheTimeout() {
    api.fail(r -> r.startsWith("PATCH /api/v1/namespaces/surreal?"), 503, 1, null);
    StringWriter out = new StringWriter();
    ApplyOptions options = new ApplyOptions(false, false, false, false, TIMEOUT, ApplyOptions.DEFAULT_POLL, FAST);
    Applier applier = new Applier(transport, options, deadline, new PrintWriter(out));
    Applier.Result result = applier.apply(List.of(NAMESPACE), null);
    assertEquals(1, result.failed());
    assertEquals("Namespace surreal: failed: HTTP 503 Injected: injected failure\n"
        + "0 created, 0 configured, 0 unchanged, 0 pruned, 1 failed\n", out.toString());
    assertEquals(List.of("GET /api/v1/namespaces/surreal", "PATCH /api/v1/namespaces/surreal?fieldManager=stave"),
        api.requests());
  }

  @Test
  void diffRetriesNothingOnceTheCredentialsTookTheTimeout() {
    api.fail(r -> r.equals("GET /api/v1/namespaces/surreal"), 503, 1, null);
    ClusterDiff diff = new ClusterDiff(transport, FAST, deadline);
    ClusterFailure e = assertThrows(ClusterFailure.class, () -> diff.diff(List.of(NAMESPACE), null));
    assertEquals("cannot read the live objects: HTTP 503 Injected: injected failure", e.getMessage());
    assertEquals(List.of("GET /api/v1/namespaces/surreal"), api.requests());
  }
}

package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.apply.Applier;
import dev.stave.apply.ApplyOptions;
import dev.stave.apply.Deadline;
import dev.stave.apply.FakeKubeApi;
import dev.stave.apply.RetryPolicy;
import dev.stave.bundle.BundleReader;
import dev.stave.bundle.KubeObject;
import dev.stave.config.Env;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/** apply and diff --cluster against {@link FakeKubeApi}, through the command line. */
class ApplyCommandTest {
  private static final String CONFIG = "examples/cheetah-ppo.yaml";
  private static final String FAST = "--retry-delay=1ms";

  @TempDir
  Path tmp;

  private FakeKubeApi api;
  private Path bundle;
  private Env env;

  /** Compiled once; each test gets its own copy to change. */
  private static Path compiled;

  @BeforeAll
  static void compileOnce(@TempDir Path dir) {
    Run run = Run.of("compile", CONFIG, "-o", dir.toString());
    assertEquals(0, run.code(), run.err());
    compiled = dir.resolve("cheetah-ppo");
  }

  @BeforeEach
  void setUp() throws IOException {
    // Over HTTPS: kubectl, and stave, send the user's credentials to an https:// server only.
    api = new FakeKubeApi(true);
    Path kubeconfig = kubeconfig(api.url());
    env = new Env(Map.of("KUBECONFIG", kubeconfig.toString()), tmp.resolve("home").toString());
    bundle = tmp.resolve("out/cheetah-ppo");
    Files.createDirectories(bundle);
    try (java.util.stream.Stream<Path> files = Files.list(compiled)) {
      for (Path f : files.toList()) {
        Files.copy(f, bundle.resolve(f.getFileName()));
      }
    }
  }

  @AfterEach
  void tearDown() {
    api.close();
  }

  private Path kubeconfig(String server) throws IOException {
    Path file = tmp.resolve("kubeconfig-" + server.hashCode());
    Files.writeString(file, """
        apiVersion: v1
        kind: Config
        current-context: fake
        clusters:
        - name: fake
          cluster: {server: "%s", certificate-authority: "%s"}
        - name: other
          cluster: {server: "http://127.0.0.1:1"}
        users:
        - name: tester
          user: {token: not-a-real-token}
        contexts:
        - name: fake
          context: {cluster: fake, user: tester}
        - name: staging
          context: {cluster: other, user: tester}
        """.formatted(server, FakeKubeApi.authority()), StandardCharsets.UTF_8);
    return file;
  }

  private Run stave(String... args) {
    return Run.with(env, args);
  }

  private static List<String> lines(String text) {
    return List.of(text.split("\n"));
  }

  private static final List<String> CREATED = List.of(
      "Namespace surreal: created",
      "Service surreal/cheetah-ppo-parameter-server: created",
      "Service surreal/cheetah-ppo-replay-server: created",
      "Service surreal/cheetah-ppo-tensorboard: created",
      "Deployment surreal/cheetah-ppo-tensorboard: created",
      "Job surreal/cheetah-ppo-agent: created",
      "Job surreal/cheetah-ppo-nonagent: created",
      "7 created, 0 configured, 0 unchanged, 0 pruned, 0 failed");

  @Test
  void firstApplyCreatesEverythingInBundleOrder() {
    Run run = stave("apply", bundle.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(CREATED, lines(run.out()));
    assertEquals(7, api.keys().size());
    Map<String, Object> deployment = api.object("/apis/apps/v1", "deployments", "surreal", "cheetah-ppo-tensorboard");
    assertNotNull(deployment);
    assertTrue(api.requests().contains(
        "PATCH /apis/apps/v1/namespaces/surreal/deployments/cheetah-ppo-tensorboard?fieldManager=stave"));
  }

  @Test
  void secondApplyChangesNothing() {
    assertEquals(0, stave("apply", bundle.toString()).code());
    Map<String, Object> before = api.object("/apis/apps/v1", "deployments", "surreal", "cheetah-ppo-tensorboard");
    Run again = stave("apply", bundle.toString());
    assertEquals(0, again.code(), again.err());
    assertEquals("7 unchanged", again.out().lines().filter(l -> l.endsWith(": unchanged")).count() + " unchanged");
    assertEquals("0 created, 0 configured, 7 unchanged, 0 pruned, 0 failed", lines(again.out()).get(7));
    assertEquals(before, api.object("/apis/apps/v1", "deployments", "surreal", "cheetah-ppo-tensorboard"));
  }

  @Test
  void kubeconfigFilesAreMergedAsKubectlMergesThem() throws IOException {
    // The first file names the context 'fake' (the fake API) but sets no current-context; the second
    // sets current-context 'fake', names its own 'fake' (a dead server) and adds 'mine'.
    Path first = tmp.resolve("a/config");
    Files.createDirectories(first.getParent());
    Files.writeString(first, """
        apiVersion: v1
        kind: Config
        clusters: [{name: fake, cluster: {server: "%s", certificate-authority: "%s"}}]
        users: [{name: tester, user: {token: not-a-real-token}}]
        contexts: [{name: fake, context: {cluster: fake, user: tester}}]
        """.formatted(api.url(), FakeKubeApi.authority()), StandardCharsets.UTF_8);
    Path second = tmp.resolve("b/config");
    Files.createDirectories(second.getParent());
    Files.writeString(second, """
        apiVersion: v1
        kind: Config
        current-context: fake
        clusters: [{name: dead, cluster: {server: "http://127.0.0.1:1"}}, \
        {name: mine, cluster: {server: "%s", certificate-authority: "%s"}}]
        users: [{name: tester, user: {token: other-token}}]
        contexts: [{name: fake, context: {cluster: dead, user: tester}}, \
        {name: mine, context: {cluster: mine, user: tester}}]
        """.formatted(api.url(), FakeKubeApi.authority()), StandardCharsets.UTF_8);
    String list = String.join(java.io.File.pathSeparator, tmp.resolve("missing").toString(), first.toString(),
        second.toString());
    env = new Env(Map.of("KUBECONFIG", list), tmp.resolve("home").toString());
    Run run = stave("apply", bundle.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(CREATED, lines(run.out()));
    Run other = stave("apply", bundle.toString(), "--kube-context", "mine");
    assertEquals(0, other.code(), other.err());
    Run unknown = stave("apply", bundle.toString(), "--kube-context", "prod");
    assertEquals(1, unknown.code());
    assertTrue(unknown.err().contains("hint: contexts: fake, mine"), unknown.err());
    assertFalse(unknown.err().contains("token"), unknown.err());
  }

  @Test
  void aChangedObjectIsConfigured() throws IOException {
    assertEquals(0, stave("apply", bundle.toString()).code());
    Path file = bundle.resolve("28-deployment-cheetah-ppo-tensorboard.yaml");
    Files.writeString(file, Files.readString(file).replace("replicas: 1", "replicas: 2"));
    Run run = stave("apply", bundle.toString());
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().contains("Deployment surreal/cheetah-ppo-tensorboard: configured\n"), run.out());
    assertTrue(run.out().endsWith("0 created, 1 configured, 6 unchanged, 0 pruned, 0 failed\n"), run.out());
  }

  @Test
  void aConfigIsCompiledInMemoryAndItsSecretAppliedFromItsFile() throws IOException {
    Run run = stave("apply", CONFIG);
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().contains("Secret surreal/cheetah-ppo-secrets: created\n"), run.out());
    Map<String, Object> secret = api.object("/api/v1", "secrets", "surreal", "cheetah-ppo-secrets");
    String content = Files.readString(Path.of("examples/secrets/mjkey.txt"));
    String encoded = java.util.Base64.getEncoder().encodeToString(content.getBytes(StandardCharsets.UTF_8));
    assertEquals(Map.of("mjkey.txt", encoded), secret.get("data"));
    assertFalse(run.out().contains(encoded) || run.err().contains(encoded));
    // the Secret is in order after the Namespace and before the Services
    List<String> out = lines(run.out());
    assertEquals("Namespace surreal: created", out.get(0));
    assertEquals("Secret surreal/cheetah-ppo-secrets: created", out.get(1));
  }

  @Test
  void pruneDeletesOnlyTheObjectGoneFromTheBundle() throws IOException {
    assertEquals(0, stave("apply", bundle.toString()).code());
    // A pod the Job made carries the bundle's labels but belongs to the Job; another bundle's object too.
    api.seed("/api/v1", "pods", "kube-controller-manager", pod("cheetah-ppo-agent-0-abcde", "cheetah-ppo", true));
    api.seed("/api/v1", "pods", "stave", pod("someone-else", "other-bundle", false));
    Files.delete(bundle.resolve("31-job-cheetah-ppo-agent.yaml"));
    Run run = stave("apply", bundle.toString(), "--prune");
    assertEquals(0, run.code(), run.err());
    List<String> out = lines(run.out());
    assertEquals("to prune: Job surreal/cheetah-ppo-agent", out.get(0));
    assertEquals("Job surreal/cheetah-ppo-agent: pruned", out.get(7));
    assertEquals("0 created, 0 configured, 6 unchanged, 1 pruned, 0 failed", out.get(8));
    assertNull(api.object("/apis/batch/v1", "jobs", "surreal", "cheetah-ppo-agent"));
    assertEquals(8, api.keys().size());
    assertTrue(api.requests().stream().filter(r -> r.startsWith("DELETE ")).toList().equals(
        List.of("DELETE /apis/batch/v1/namespaces/surreal/jobs/cheetah-ppo-agent?propagationPolicy=Background")));
  }

  @Test
  void aKindOutsideTheTableIsFoundByDiscovery() throws IOException {
    Files.writeString(bundle.resolve("90-widget-w1.yaml"), """
        apiVersion: example.com/v1
        kind: Widget
        metadata:
          name: w1
          namespace: surreal
          labels:
            stave.dev/bundle: cheetah-ppo
        spec:
          size: 3
        """);
    api.serve("example.com/v1", "Widget", "widgets", true);
    Run run = stave("apply", bundle.toString());
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().contains("Widget surreal/w1: created\n"), run.out());
    assertEquals(Map.of("size", 3L), api.object("/apis/example.com/v1", "widgets", "surreal", "w1").get("spec"));
    assertEquals(1, api.requests().stream().filter(r -> r.equals("GET /apis/example.com/v1")).count(),
        "the group version is looked up once");
  }

  /** A bundle object of a kind outside the table, which discovery has to find. */
  private void addWidget() throws IOException {
    Files.writeString(bundle.resolve("90-widget-w1.yaml"), """
        apiVersion: example.com/v1
        kind: Widget
        metadata: {name: w1, namespace: surreal, labels: {stave.dev/bundle: cheetah-ppo}}
        """);
  }

  @ParameterizedTest
  @ValueSource(strings = {"..", ".", "widgets?dryRun=All", "widgets#", "wid%2E%2E", "Widgets", "widgets\\u001b[2J"})
  void aResourceNameFromDiscoveryThatIsNoDnsLabelEndsTheRunUnused(String escapedPlural) throws IOException {
    String plural = escapedPlural.replace("\\u001b", "\033");
    addWidget();
    api.serve("example.com/v1", "Widget", plural, true);
    Run run = stave("apply", bundle.toString(), FAST);
    assertEquals(4, run.code(), run.err());
    String message = "stave: the API server's discovery of example.com/v1 lists Widget under the resource name '"
        + escapedPlural + "', which is no Kubernetes resource name (lowercase letters, digits and '-'); stave sends"
        + " no request with it: is the kubeconfig's server a Kubernetes API server?\n";
    assertEquals(message, run.err());
    assertEquals(CREATED.subList(0, 7), lines(run.out()));
    assertEquals("GET /apis/example.com/v1", api.requests().get(api.requests().size() - 1), "nothing after it");

    run = stave("diff", "--cluster", bundle.toString(), FAST);
    assertEquals(4, run.code(), run.err());
    assertEquals(message, run.err());
    assertEquals("GET /apis/example.com/v1", api.requests().get(api.requests().size() - 1));
  }

  @Test
  void aSubresourceNameFromDiscoveryIsNeverTakenForTheKind() throws IOException {
    addWidget();
    api.serve("example.com/v1", "Widget", "../../api/v1/secrets", true);
    Run run = stave("apply", bundle.toString(), FAST);
    assertEquals(4, run.code(), run.err());
    assertEquals("Widget surreal/w1: failed: HTTP 404 NotFound: the server does not serve example.com/v1 Widget"
        + " (is its CustomResourceDefinition installed?)", lines(run.out()).get(7));
    assertTrue(api.requests().stream().noneMatch(r -> r.contains("secrets")), api.requests().toString());
  }

  @Test
  void aKindTheServerDoesNotServeFailsThatObject() throws IOException {
    Files.writeString(bundle.resolve("90-widget-w1.yaml"), """
        apiVersion: example.com/v1
        kind: Widget
        metadata: {name: w1, namespace: surreal}
        """);
    Run run = stave("apply", bundle.toString());
    assertEquals(4, run.code(), run.out());
    assertTrue(run.out().contains("Widget surreal/w1: failed"), run.out());
    assertTrue((run.out() + run.err()).contains("the server does not serve example.com/v1 Widget (is its "
        + "CustomResourceDefinition installed?)"), run.out() + run.err());
  }

  @Test
  void pruneListsNamespaceByNamespaceWhenItMayNotListClusterWide() throws IOException {
    assertEquals(0, stave("apply", bundle.toString()).code());
    Files.delete(bundle.resolve("28-deployment-cheetah-ppo-tensorboard.yaml"));
    api.fail(r -> r.startsWith("GET /apis/apps/v1/deployments?"), 403, 1, null);
    Run run = stave("apply", bundle.toString(), "--prune");
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().contains("Deployment surreal/cheetah-ppo-tensorboard: pruned\n"), run.out());
    assertNull(api.object("/apis/apps/v1", "deployments", "surreal", "cheetah-ppo-tensorboard"));
    assertTrue(api.requests().contains(
        "GET /apis/apps/v1/namespaces/surreal/deployments?labelSelector=stave.dev%2Fbundle%3Dcheetah-ppo"),
        api.requests().toString());
  }

  @Test
  void pruneStopsWhenAClusterScopedKindMayNotBeListed() throws IOException {
    assertEquals(0, stave("apply", bundle.toString()).code());
    api.fail(r -> r.startsWith("GET /api/v1/namespaces?"), 403, 1, null);
    Run run = stave("apply", bundle.toString(), "--prune");
    assertEquals(4, run.code(), run.out());
    assertTrue(run.err().contains("cannot list Namespace objects to prune"), run.err());
    assertTrue(api.requests().stream().noneMatch(r -> r.startsWith("DELETE ")), "nothing pruned");
  }

  @ParameterizedTest
  @ValueSource(strings = {"..", "."})
  void aLiveObjectNamedAsAPathStepIsNeverDeleted(String name) {
    // The HTTP client resolves '..' in a path: the DELETE of a ConfigMap named so would delete its namespace.
    assertEquals(0, stave("apply", bundle.toString()).code());
    api.seed("/api/v1", "configmaps", "stave", Map.of("apiVersion", "v1", "kind", "ConfigMap",
        "metadata", Map.of("name", name, "namespace", "surreal", "labels", Map.of("stave.dev/bundle", "cheetah-ppo"))));
    Run run = stave("apply", bundle.toString(), "--prune", FAST);
    assertEquals(4, run.code(), run.err());
    assertEquals("stave: '" + name + "' cannot be sent as a name: no Kubernetes object or namespace is named '.' or"
        + " '..', and in a request's path it would be a step to another object\n", run.err());
    assertTrue(api.requests().stream().noneMatch(r -> r.startsWith("DELETE ")), api.requests().toString());
    assertNotNull(api.object("/api/v1", "namespaces", null, "surreal"));
  }

  @Test
  void pruneKeepsTheSecretABundleFolderStillRefersTo() {
    assertEquals(0, stave("apply", CONFIG).code());
    Run run = stave("apply", bundle.toString(), "--prune");
    assertEquals(0, run.code(), run.err());
    assertFalse(run.out().contains("to prune:"), run.out());
    assertTrue(run.out().endsWith("0 created, 0 configured, 7 unchanged, 0 pruned, 0 failed\n"), run.out());
    assertNotNull(api.object("/api/v1", "secrets", "surreal", "cheetah-ppo-secrets"));
  }

  private static Map<String, Object> pod(String name, String bundle, boolean owned) {
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("name", name);
    metadata.put("namespace", "surreal");
    metadata.put("labels", Map.of("stave.dev/bundle", bundle));
    if (owned) {
      metadata.put("ownerReferences", List.of(Map.of("apiVersion", "batch/v1", "kind", "Job",
          "name", "cheetah-ppo-agent", "uid", "uid-1", "controller", true)));
    }
    Map<String, Object> pod = new LinkedHashMap<>();
    pod.put("apiVersion", "v1");
    pod.put("kind", "Pod");
    pod.put("metadata", metadata);
    pod.put("spec", Map.of("containers", List.of(Map.of("name", "c", "image", "busybox"))));
    return pod;
  }

  @Test
  void aBusyServerIsAskedAgain() {
    api.fail(r -> r.startsWith("PATCH /api/v1/namespaces/surreal?"), 429, 1, "0");
    Run run = stave("apply", bundle.toString(), FAST);
    assertEquals(0, run.code(), run.err());
    assertEquals(CREATED, lines(run.out()));
    assertEquals(2, api.requests().stream().filter(r -> r.startsWith("PATCH /api/v1/namespaces/surreal?")).count());
  }

  @Test
  void aRetryAfterDateIsHonouredToo() {
    // A date already past: ask again at once (a date in the future would be waited for, up to the cap).
    api.fail(r -> r.startsWith("PATCH /api/v1/namespaces/surreal?"), 503, 2, "Thu, 01 Jan 2015 00:00:00 GMT");
    Run run = stave("apply", bundle.toString(), FAST);
    assertEquals(0, run.code(), run.err());
    assertEquals(CREATED, lines(run.out()));
    assertEquals(3, api.requests().stream().filter(r -> r.startsWith("PATCH /api/v1/namespaces/surreal?")).count());
  }

  @Test
  void aServerErrorThatPersistsFailsWithExit4AfterTheRetries() {
    api.fail(r -> r.startsWith("PATCH /apis/apps/v1/"), 500, 1000, null);
    Run run = stave("apply", bundle.toString(), FAST);
    assertEquals(4, run.code());
    assertTrue(run.out().contains(
        "Deployment surreal/cheetah-ppo-tensorboard: failed: HTTP 500 Injected: injected failure\n"), run.out());
    assertTrue(run.out().endsWith("6 created, 0 configured, 0 unchanged, 0 pruned, 1 failed\n"), run.out());
    assertEquals("stave: 1 of the cluster operations failed\n", run.err());
    assertEquals(6, api.requests().stream().filter(r -> r.startsWith("PATCH /apis/apps/v1/")).count());
  }

  /**
   * A 409 that names no field manager: for an object that sets metadata.resourceVersion (or uid), as one
   * copied from the cluster does, the line says what the server held against it; for one that sets neither,
   * the server's text is all there is.
   */
  @Test
  void aConflictWithoutFieldManagersSaysWhatToRemoveWhenTheObjectSetsIt() throws IOException {
    Path deployment = bundle.resolve("28-deployment-cheetah-ppo-tensorboard.yaml");
    Files.writeString(deployment, Files.readString(deployment).replace("  namespace: surreal\n",
        "  namespace: surreal\n  resourceVersion: \"4711\"\n"));
    Path job = bundle.resolve("31-job-cheetah-ppo-agent.yaml");
    Files.writeString(job, Files.readString(job).replace("  namespace: surreal\n",
        "  namespace: surreal\n  resourceVersion: \"4712\"\n  uid: 6f1c2a52-0000-4000-8000-000000000001\n"));
    // Empty, they set no condition, and the hint would send the user after the wrong cause.
    Path other = bundle.resolve("31-job-cheetah-ppo-nonagent.yaml");
    Files.writeString(other, Files.readString(other).replace("  namespace: surreal\n",
        "  namespace: surreal\n  resourceVersion: \"\"\n  uid: \"\"\n"));
    String modified = """
        {"kind": "Status", "apiVersion": "v1", "status": "Failure", "reason": "Conflict", "code": 409, "message":
         "Operation cannot be fulfilled on %s: the object has been modified; please apply your changes to the latest\
         version and try again"}""";
    api.answer(r -> r.startsWith("PATCH /apis/apps/v1/"), 409, 1, "application/json",
        modified.formatted("deployments.apps \\\"cheetah-ppo-tensorboard\\\""));
    api.answer(r -> r.startsWith("PATCH /apis/batch/v1/namespaces/surreal/jobs/cheetah-ppo-agent?"), 409, 1,
        "application/json", modified.formatted("jobs.batch \\\"cheetah-ppo-agent\\\""));
    api.answer(r -> r.startsWith("PATCH /apis/batch/v1/namespaces/surreal/jobs/cheetah-ppo-nonagent?"), 409, 1,
        "application/json", modified.formatted("jobs.batch \\\"cheetah-ppo-nonagent\\\""));
    Run run = stave("apply", bundle.toString(), FAST);
    assertEquals(4, run.code(), run.err());
    List<String> out = lines(run.out());
    String text = "HTTP 409 Conflict: Operation cannot be fulfilled on %s: the object has been modified; please apply"
        + " your changes to the latest version and try again";
    assertEquals("Deployment surreal/cheetah-ppo-tensorboard: failed: "
        + text.formatted("deployments.apps \"cheetah-ppo-tensorboard\"") + "; the object sets"
        + " metadata.resourceVersion, which the server takes as a condition that the live object must meet: remove"
        + " it from the bundle's object, as server-side apply needs no resourceVersion or uid", out.get(4));
    assertEquals("Job surreal/cheetah-ppo-agent: failed: " + text.formatted("jobs.batch \"cheetah-ppo-agent\"")
        + "; the object sets metadata.resourceVersion and metadata.uid, which the server takes as conditions that"
        + " the live object must meet: remove them from the bundle's object, as server-side apply needs no"
        + " resourceVersion or uid", out.get(5));
    assertEquals("Job surreal/cheetah-ppo-nonagent: failed: " + text.formatted("jobs.batch \"cheetah-ppo-nonagent\""),
        out.get(6));
    assertEquals("stave: 3 of the cluster operations failed\n", run.err());
  }

  @Test
  void anAnswerThatIsNoKubernetesObjectFailsThatObject() {
    // A proxy's login page where the object should be, and a JSON list where a live object should be.
    api.answer(r -> r.startsWith("PATCH /apis/apps/v1/"), 200, 1, "text/html", "<html>sign in</html>");
    api.answer(r -> r.equals("GET /apis/batch/v1/namespaces/surreal/jobs/cheetah-ppo-agent"), 200, 1,
        "application/json", "[1, 2]");
    Run run = stave("apply", bundle.toString(), FAST);
    assertEquals(4, run.code(), run.err());
    List<String> out = lines(run.out());
    assertEquals("Deployment surreal/cheetah-ppo-tensorboard: failed: HTTP 200: the answer holds text/html rather"
        + " than a Kubernetes object; is the kubeconfig's server a Kubernetes API server?", out.get(4));
    assertEquals("Job surreal/cheetah-ppo-agent: failed: HTTP 200: the answer holds a JSON list or value rather"
        + " than a Kubernetes object; is the kubeconfig's server a Kubernetes API server?", out.get(5));
    assertEquals("5 created, 0 configured, 0 unchanged, 0 pruned, 2 failed", out.get(7));
    assertEquals("stave: 2 of the cluster operations failed\n", run.err());
  }

  @Test
  void textFromTheServerReachesTheTerminalEscaped() throws IOException {
    assertEquals(0, stave("apply", bundle.toString()).code());
    // Escape sequences that clear the screen and recolour, and a right-to-left override.
    api.seed("/api/v1", "pods", "stave", pod("evil\033[2J\u202e\\u202ename", "cheetah-ppo", false));
    api.answer(r -> r.startsWith("PATCH /apis/apps/v1/"), 400, 1, "application/json", "{\"kind\": \"Status\","
        + " \"reason\": \"BadRequest\", \"message\": \"bad \\u001b[31mred\\u001b[0m\\u009b \\u202eevil\"}");
    Run run = stave("apply", bundle.toString(), "--prune", FAST);
    assertEquals(4, run.code(), run.err());
    List<String> out = lines(run.out());
    assertEquals("to prune: Pod surreal/evil\\u001b[2J\\u202e\\\\u202ename", out.get(0));
    assertEquals("Deployment surreal/cheetah-ppo-tensorboard: failed: HTTP 400 BadRequest: bad \\u001b[31mred"
        + "\\u001b[0m\\u009b \\u202eevil", out.get(5));

    Run diff = stave("diff", "--cluster", bundle.toString());
    assertEquals(3, diff.code(), diff.err());
    assertTrue(diff.out().startsWith("- Pod surreal/evil\\u001b[2J\\u202e\\\\u202ename (removed)\n"), diff.out());

    api.answer(r -> r.startsWith("GET /api/v1/namespaces?"), 403, 1, "application/json", "{\"kind\": \"Status\","
        + " \"reason\": \"Forbidden\", \"message\": \"no \\u001b]0;title\\u0007 access\"}");
    run = stave("apply", bundle.toString(), "--prune", FAST);
    assertEquals(4, run.code(), run.err());
    assertEquals("stave: cannot list Namespace objects to prune: HTTP 403 Forbidden: no \\u001b]0;title\\u0007"
        + " access\n", run.err());
  }

  @Test
  void aConflictNamesTheOtherFieldManagerAndForceTakesOver() throws IOException {
    Map<String, Object> deployment = new java.util.LinkedHashMap<>(javaMap(
        bundle.resolve("28-deployment-cheetah-ppo-tensorboard.yaml")));
    deployment.put("spec", new LinkedHashMap<>(Map.of("replicas", 3L)));
    api.seed("/apis/apps/v1", "deployments", "kubectl-client-side-apply", deployment);
    Run run = stave("apply", bundle.toString());
    assertEquals(4, run.code());
    assertTrue(run.out().contains("Deployment surreal/cheetah-ppo-tensorboard: failed: conflict: .spec.replicas"
        + " owned by field manager \"kubectl-client-side-apply\"; re-run with --force-conflicts to take them"
        + " over\n"), run.out());
    Run forced = stave("apply", bundle.toString(), "--force-conflicts");
    assertEquals(0, forced.code(), forced.out());
    assertTrue(forced.out().contains("Deployment surreal/cheetah-ppo-tensorboard: configured\n"), forced.out());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> javaMap(Path yaml) throws IOException {
    return (Map<String, Object>) dev.stave.render.CanonicalYaml.parse(Files.readString(yaml));
  }

  @Test
  void aServerDryRunChangesNothing() {
    Run run = stave("apply", bundle.toString(), "--dry-run=server");
    assertEquals(0, run.code(), run.err());
    assertEquals("Namespace surreal: created (server dry run)", lines(run.out()).get(0));
    assertTrue(run.out().endsWith("7 created, 0 configured, 0 unchanged, 0 pruned, 0 failed (server dry run)\n"));
    assertEquals(List.of(), new ArrayList<>(api.keys()));
    assertTrue(api.requests().stream().filter(r -> r.startsWith("PATCH")).allMatch(r -> r.endsWith("&dryRun=All")));
  }

  @Test
  void waitSeesTheWorkloadsBecomeReady() {
    api.readyAfterReads(3);
    Run run = stave("apply", bundle.toString(), "--wait", "--poll-interval=5ms");
    assertEquals(0, run.code(), run.err());
    List<String> out = lines(run.out());
    assertEquals("waiting: 0/3 ready: Deployment surreal/cheetah-ppo-tensorboard (0/1 available),"
        + " Job surreal/cheetah-ppo-agent (not started), Job surreal/cheetah-ppo-nonagent (not started)", out.get(8));
    assertEquals("waiting: 3/3 ready", out.get(out.size() - 2));
    assertEquals("ready: 3 workloads", out.get(out.size() - 1));
  }

  @Test
  void waitGivesUpAtTheTimeout() {
    // The workloads never get ready, and the deadline passes once --wait has read each of them (apply read
    // each before): it gives up then, with what it saw, however slow the machine.
    String lastWorkload = "GET /apis/batch/v1/namespaces/surreal/jobs/cheetah-ppo-nonagent";
    Duration timeout = Duration.ofMinutes(10);
    Deadline deadline = Deadline.after(timeout,
        () -> java.util.Collections.frequency(api.requests(), lastWorkload) < 2 ? 0 : timeout.toNanos());
    Run run = applyUntil(deadline, BundleReader.read(bundle), new ClusterOptions(), true);
    assertEquals(4, run.code(), run.err());
    List<String> out = lines(run.out());
    assertEquals("timed out after 10m waiting for Deployment surreal/cheetah-ppo-tensorboard (0/1 available),"
        + " Job surreal/cheetah-ppo-agent (not started), Job surreal/cheetah-ppo-nonagent (not started); raise"
        + " --timeout to wait longer, or see what holds them up with kubectl describe",
        out.get(out.size() - 1));
    assertEquals("stave: every object was applied, but the workloads were not ready when --wait timed out (see"
        + " above)\n", run.err());
  }

  @Test
  void aJobThatFailsEndsTheWaitAndTheSummarySaysTheObjectsWereApplied() {
    // The first GET is apply's, before its PATCH; every later one is --wait's, and sees the Job failed.
    AtomicInteger reads = new AtomicInteger();
    api.answer(r -> r.equals("GET /apis/batch/v1/namespaces/surreal/jobs/cheetah-ppo-agent")
        && reads.incrementAndGet() > 1, 200, Integer.MAX_VALUE, "application/json", """
        {"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "cheetah-ppo-agent", "namespace": "surreal"},
         "status": {"failed": 7, "conditions": [{"type": "Failed", "status": "True",
         "reason": "BackoffLimitExceeded", "message": "Job has reached the specified backoff limit"}]}}""");
    Run run = stave("apply", bundle.toString(), "--wait", FAST);
    assertEquals(4, run.code(), run.err());
    List<String> out = lines(run.out());
    assertEquals("7 created, 0 configured, 0 unchanged, 0 pruned, 0 failed", out.get(7));
    assertEquals("Job surreal/cheetah-ppo-agent: failed: the Job failed (BackoffLimitExceeded: Job has reached the"
        + " specified backoff limit); its pods' logs say why (kubectl logs job/cheetah-ppo-agent -n surreal)",
        out.get(out.size() - 1));
    assertEquals("stave: every object was applied, but a workload failed while --wait waited for it (see above)\n",
        run.err());
  }

  /** An interrupted wait has printed nothing (RunDeadlineTest interrupts one): the summary alone says so. */
  @Test
  void theSummaryOfAnInterruptedWaitSaysTheObjectsWereApplied() {
    assertEquals("every object was applied, but --wait was interrupted before the workloads were ready",
        ApplyCommand.summary(new Applier.Result(2, 0, 0, 0, 0, Applier.Wait.INTERRUPTED)));
    assertEquals("1 of the cluster operations failed",
        ApplyCommand.summary(new Applier.Result(1, 0, 0, 0, 1, Applier.Wait.NONE)));
  }

  @Test
  void diffAgainstTheClusterIgnoresWhatTheServerAdds() {
    assertEquals(0, stave("apply", bundle.toString()).code());
    Run same = stave("diff", "--cluster", bundle.toString());
    assertEquals(0, same.code(), same.out() + same.err());
    assertEquals("no differences\n", same.out());
  }

  @Test
  void diffAgainstTheClusterShowsChangedAddedAndRemoved() throws IOException {
    assertEquals(0, stave("apply", bundle.toString()).code());
    Path file = bundle.resolve("28-deployment-cheetah-ppo-tensorboard.yaml");
    Files.writeString(file, Files.readString(file).replace("image: gcr.io/acme/rl:1.4", "image: gcr.io/acme/rl:1.5"));
    Files.delete(bundle.resolve("31-job-cheetah-ppo-agent.yaml"));
    Files.writeString(bundle.resolve("23-service-extra.yaml"), """
        apiVersion: v1
        kind: Service
        metadata:
          name: extra
          namespace: surreal
        spec:
          ports:
          - port: 80
        """);
    Run run = stave("diff", "--cluster", bundle.toString());
    assertEquals(3, run.code(), run.err());
    assertEquals("""
        + Service surreal/extra (added)
        ~ Deployment surreal/cheetah-ppo-tensorboard (changed)
            spec.template.spec.containers[0].image: "gcr.io/acme/rl:1.4" → "gcr.io/acme/rl:1.5"
        - Job surreal/cheetah-ppo-agent (removed)
        3 objects differ: 1 added, 1 removed, 1 changed
        """, run.out());
  }

  // Bad input

  @Test
  void aMissingKubeconfigIsInvalidInput() {
    Run run = stave("apply", bundle.toString(), "--kubeconfig", tmp.resolve("nope").toString());
    assertEquals(1, run.code());
    assertTrue(run.err().contains("error: there is no kubeconfig at " + tmp.resolve("nope")), run.err());
    assertTrue(run.err().contains("hint: pass --kubeconfig FILE, set KUBECONFIG"), run.err());
  }

  @Test
  void theDefaultKubeconfigIsInTheHomeFolder() {
    Env noVariable = new Env(Map.of(), tmp.resolve("home").toString());
    Run run = Run.with(noVariable, "apply", bundle.toString());
    assertEquals(1, run.code());
    assertTrue(run.err().contains("there is no kubeconfig at " + tmp.resolve("home/.kube/config")), run.err());
  }

  @Test
  void aMalformedKubeconfigIsInvalidInput() throws IOException {
    Path bad = tmp.resolve("bad-kubeconfig");
    Files.writeString(bad, "users: [{token: secret-token-value, unclosed\n  - {");
    Run run = stave("apply", bundle.toString(), "--kubeconfig", bad.toString());
    assertEquals(1, run.code());
    assertTrue(run.err().contains("error: the kubeconfig " + bad + " is not a valid kubeconfig"), run.err());
    assertFalse(run.err().contains("Exception"), run.err());
    assertFalse(run.err().contains("secret-token-value"), run.err());
  }

  @ParameterizedTest
  @ValueSource(strings = {"ftp://x", "https://[::1", "https://a b"})
  void aServerThatIsNoHttpAddressIsInvalidInput(String server) throws IOException {
    Path bad = tmp.resolve("bad-server");
    Files.writeString(bad, """
        apiVersion: v1
        kind: Config
        current-context: f
        clusters: [{name: f, cluster: {server: "%s"}}]
        users: [{name: u, user: {token: secret-token-value}}]
        contexts: [{name: f, context: {cluster: f, user: u}}]
        """.formatted(server));
    Run run = stave("apply", bundle.toString(), "--kubeconfig", bad.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals("<kubeconfig>:1:1: error: the server of the context 'f' in " + bad
        + " is not an http:// or https:// address\n"
        + "  = hint: check the cluster's server, e.g. https://203.0.113.5:6443\n",
        run.err());
    assertTrue(api.requests().isEmpty());
  }

  @Test
  void anUnknownContextListsTheKnownOnes() {
    Run run = stave("apply", bundle.toString(), "--kube-context", "prod");
    assertEquals(1, run.code());
    assertTrue(run.err().contains("has no context 'prod'"), run.err());
    assertTrue(run.err().contains("hint: contexts: fake, staging"), run.err());
  }

  @Test
  void aFileThatIsNotAnObjectIsInvalidInput() throws IOException {
    Files.writeString(bundle.resolve("50-notes.yaml"), "just: some\nnotes: here\n");
    Run run = stave("apply", bundle.toString());
    assertEquals(1, run.code());
    assertTrue(run.err().contains(bundle.resolve("50-notes.yaml") + " is not a Kubernetes object"), run.err());
    assertTrue(api.requests().isEmpty());
  }

  @Test
  void twoFilesOfOneObjectAreInvalidInput() throws IOException {
    Path first = bundle.resolve("28-deployment-cheetah-ppo-tensorboard.yaml");
    Path second = bundle.resolve("99-copy.yaml");
    Files.writeString(second, Files.readString(first).replace("replicas: 1", "replicas: 2"));
    Run run = stave("apply", bundle.toString());
    assertEquals(1, run.code(), run.out());
    assertTrue(run.err().contains(second + " holds Deployment surreal/cheetah-ppo-tensorboard, which " + first
        + " holds too; a bundle holds each object once"), run.err());
    assertTrue(api.requests().isEmpty());
  }

  private static final String API_VERSION_HINT = "  = hint: write GROUP/VERSION, e.g. apps/v1 or example.com/v1beta1,"
      + " or the version alone for the core group, e.g. v1\n";

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "../../api/v1 | its group '..' is not a DNS subdomain (lower-case letters, digits, '-' and '.')",
      "apps/v1/../x | its version 'v1/../x' is not a DNS label (lower-case letters, digits and '-')",
      "apps/v1?dryRun=All | its version 'v1?dryRun=All' is not a DNS label (lower-case letters, digits and '-')",
      "apps/v1#x | its version 'v1#x' is not a DNS label (lower-case letters, digits and '-')",
      "apps%2F../v1 | its group 'apps%2F..' is not a DNS subdomain (lower-case letters, digits, '-' and '.')",
      "Apps/v1 | its group 'Apps' is not a DNS subdomain (lower-case letters, digits, '-' and '.')",
      "/v1 | its group is empty"})
  void anApiVersionThatCannotGoIntoARequestIsLocatedAndNothingIsSent(String apiVersion, String wrong)
      throws IOException {
    // The group and version begin the path of every request for the object: '..' there reaches another API.
    Path file = bundle.resolve("28-deployment-cheetah-ppo-tensorboard.yaml");
    Files.writeString(file,
        Files.readString(file).replace("apiVersion: apps/v1\n", "apiVersion: " + apiVersion + "\n"));
    for (String command : List.of("apply", "diff")) {
      Run run = command.equals("apply") ? stave("apply", bundle.toString())
          : stave("diff", "--cluster", bundle.toString());
      assertEquals(1, run.code(), run.out());
      assertEquals("", run.out());
      assertEquals(file + ":1:1: error: apiVersion: the apiVersion '" + apiVersion + "' of Deployment"
          + " surreal/cheetah-ppo-tensorboard cannot go into a request to the API server: " + wrong + "\n"
          + "    | apiVersion: " + apiVersion + "\n"
          + "    | ^\n" + API_VERSION_HINT, run.err());
    }
    assertEquals(List.of(), api.requests());
  }

  @Test
  void anApiVersionIsLocatedWhereverTheFileWritesIt() throws IOException {
    Path file = bundle.resolve("99-settings.json");
    Files.writeString(file, "{\"kind\": \"ConfigMap\", \"apiVersion\": \"v1/..\","
        + " \"metadata\": {\"name\": \"settings\", \"namespace\": \"surreal\"}}\n");
    Run run = stave("apply", bundle.toString());
    assertEquals(1, run.code(), run.out());
    assertEquals(file + ":1:24: error: apiVersion: the apiVersion 'v1/..' of ConfigMap surreal/settings cannot go"
        + " into a request to the API server: its version '..' is not a DNS label (lower-case letters, digits and"
        + " '-')\n"
        + "    | " + Files.readString(file)
        + "    |                        ^\n" + API_VERSION_HINT, run.err());
    assertEquals(List.of(), api.requests());
  }

  private static final String NAME_HINT = "  = hint: write a Kubernetes name of lower-case letters, digits, '-' and"
      + " '.', e.g. ";

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "name | .. | in a path '..' is a step to another object, and Kubernetes names nothing so | my-app",
      "name | . | in a path '.' is a step to another object, and Kubernetes names nothing so | my-app",
      "name | a/status | the API server reads a '/' in it as a step in the path, and Kubernetes names nothing with"
          + " one | my-app",
      "namespace | .. | in a path '..' is a step to another object, and Kubernetes names nothing so | my-namespace",
      "namespace | x%2F.. | the API server decodes a '%' in a path, so it would read another name, and Kubernetes"
          + " names nothing with one | my-namespace"})
  void aNameThatCannotGoIntoARequestIsLocatedAndNothingIsSent(String key, String value, String wrong,
      String example) throws IOException {
    // The last object: were it refused only as its request is built, the others would be applied by then.
    Path file = bundle.resolve("31-job-cheetah-ppo-nonagent.yaml");
    String written = key.equals("name") ? "cheetah-ppo-nonagent" : "surreal";
    Files.writeString(file, Files.readString(file).replace("\n  " + key + ": " + written + "\n",
        "\n  " + key + ": " + value + "\n"));
    String display = "Job " + (key.equals("name") ? "surreal/" + value : value + "/cheetah-ppo-nonagent");
    for (String command : List.of("apply", "diff")) {
      Run run = command.equals("apply") ? stave("apply", bundle.toString())
          : stave("diff", "--cluster", bundle.toString());
      assertEquals(1, run.code(), run.out());
      assertEquals("", run.out());
      assertEquals(file + ":" + (key.equals("name") ? 4 : 5) + ":3: error: metadata." + key + ": the metadata."
          + key + " '" + value + "' of " + display + " cannot go into a request to the API server: " + wrong + "\n"
          + "    |   " + key + ": " + value + "\n"
          + "    |   ^\n" + NAME_HINT + example + "\n", run.err());
    }
    assertEquals(List.of(), api.requests());
  }

  @Test
  void aNameIsLocatedUnderMetadataWhereverTheFileWritesIt() throws IOException {
    Path file = bundle.resolve("99-settings.json");
    Files.writeString(file, "{\"kind\": \"ConfigMap\", \"apiVersion\": \"v1\", \"data\": {\"name\": \"x\"},"
        + " \"metadata\": {\"labels\": {\"app.kubernetes.io/name\": \"x\"}, \"name\": \"..\"}}\n");
    Run run = stave("apply", bundle.toString());
    assertEquals(1, run.code(), run.out());
    assertEquals(file + ":1:122: error: metadata.name: the metadata.name '..' of ConfigMap .. cannot go into a"
        + " request to the API server: in a path '..' is a step to another object, and Kubernetes names nothing so\n"
        + "    | " + Files.readString(file)
        + "    | " + " ".repeat(121) + "^\n" + NAME_HINT + "my-app\n", run.err());
    assertEquals(List.of(), api.requests());
  }

  @Test
  void aNameIsLocatedAmongMetadatasOwnKeysNotAtALabelOfThatName() throws IOException {
    Path file = bundle.resolve("99-settings.yaml");
    Files.writeString(file, "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels:\n    name: ok\n"
        + "    namespace: ok\n  name: a/b\n  namespace: surreal\ndata: {}\n");
    Run run = stave("apply", bundle.toString());
    assertEquals(1, run.code(), run.out());
    assertTrue(run.err().startsWith(file + ":7:3: error: metadata.name: the metadata.name 'a/b' of ConfigMap"),
        run.err());
    assertEquals(List.of(), api.requests());
  }

  @Test
  void aFolderOfBundlesOrAnEmptyFolderIsNotABundle() throws IOException {
    Path folder = tmp.resolve("out");
    for (String command : List.of("apply", "diff")) {
      Run run = command.equals("apply") ? stave("apply", folder.toString())
          : stave("diff", "--cluster", folder.toString());
      assertEquals(1, run.code(), run.out());
      assertEquals(folder + ":1:1: error: " + folder + " is a folder of bundles, and one bundle is needed here\n"
          + "  = hint: pass one of its bundle folders, such as " + bundle + "\n", run.err());
    }
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    Run run = stave("apply", empty.toString());
    assertEquals(1, run.code(), run.out());
    assertEquals(empty + ":1:1: error: " + empty + " holds no bundle: no .yaml, .yml or .json object file and no"
        + " bundle folder\n"
        + "  = hint: pass the bundle folder that 'stave compile CONFIG -o DIR' wrote: DIR/<bundle>\n", run.err());
    assertTrue(api.requests().isEmpty());
  }

  @Test
  void anUnreachableServerFailsWithExit4() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    Path kubeconfig = kubeconfig("http://127.0.0.1:" + port);
    Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST, "--timeout=10m");
    assertEquals(4, run.code());
    assertTrue(run.err().startsWith("stave: cannot reach the Kubernetes API server at http://127.0.0.1:" + port + ": "),
        run.err());
    assertEquals(1, run.err().lines().count(), run.err());
  }

  @ParameterizedTest
  @ValueSource(ints = {307, 308})
  void aRedirectIsNotFollowedAndEndsTheRun(int status) throws IOException {
    // The body of a PATCH can hold a config's Secret data; it must not go to whatever host answers a redirect.
    try (FakeKubeApi elsewhere = new FakeKubeApi()) {
      api.redirect(r -> r.startsWith("PATCH "), status, elsewhere.url() + "/api/v1/namespaces/surreal");
      Run run = stave("apply", bundle.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals(List.of(), elsewhere.requests());
      assertEquals("stave: the server at " + api.url() + " answered PATCH /api/v1/namespaces/surreal?fieldManager=stave"
          + " with HTTP " + status + " (a redirect, Location " + elsewhere.url() + "/api/v1/namespaces/surreal);"
          + " stave follows no redirects, which would send the request and its body elsewhere: point the"
          + " kubeconfig's server at the Kubernetes API server itself\n", run.err());
      assertEquals("", run.out());

      api.redirect(r -> r.startsWith("GET "), 302, elsewhere.url() + "/");
      run = stave("diff", "--cluster", bundle.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertTrue(run.err().startsWith("stave: the server at " + api.url() + " answered GET /api/v1/namespaces/surreal"
          + " with HTTP 302 (a redirect, Location " + elsewhere.url() + "/);"), run.err());
      assertEquals(List.of(), elsewhere.requests());
    }
  }

  @Test
  void aPasswordInTheServerAddressIsNotShown() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    Path kubeconfig = kubeconfig("http://admin:secret-password@127.0.0.1:" + port);
    Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST, "--timeout=10m");
    assertEquals(4, run.code());
    assertTrue(run.err().startsWith("stave: cannot reach the Kubernetes API server at http://127.0.0.1:" + port + ": "),
        run.err());
    assertFalse(run.err().contains("secret-password"), run.err());
  }

  /**
   * A TLS server with a test-only certificate (by default self-signed, for the name stave-test only) that
   * counts the connections made to it and answers none: the client's verdict on the certificate is all a
   * test needs. {@link #requiringClientCertificates} asks each client for a certificate signed by the
   * test-only authority; {@link #answering401} answers each request after the handshake with HTTP 401.
   */
  private static final class TlsServer implements AutoCloseable {
    private final ServerSocket socket;
    private final SSLContext tls;
    private final boolean clientCertificates;
    private final AtomicInteger connections = new AtomicInteger();
    /** The server names (SNI) each handshake asked for, "-" for none. */
    private final List<String> serverNames = java.util.Collections.synchronizedList(new ArrayList<>());
    private volatile boolean answer;
    /** The cipher suites this server accepts, or null for Java's defaults. */
    private volatile String[] cipherSuites;
    private volatile boolean tls12;
    /** Whether this server offers HTTP/2 and HTTP/1.1 (ALPN h2, http/1.1), as kube-apiserver does. */
    private volatile boolean h2;

    TlsServer() throws IOException, GeneralSecurityException {
      this("test-only-server.p12", false);
    }

    TlsServer(String keyStore, boolean clientCertificates) throws IOException, GeneralSecurityException {
      char[] password = "test-only".toCharArray();
      KeyStore store = KeyStore.getInstance("PKCS12");
      try (InputStream in = ApplyCommandTest.class.getResourceAsStream("/tls/" + keyStore)) {
        store.load(in, password);
      }
      KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      keys.init(store, password);
      javax.net.ssl.TrustManager[] trust = null;
      if (clientCertificates) {
        KeyStore authorities = KeyStore.getInstance("PKCS12");
        authorities.load(null, null);
        try (InputStream in = ApplyCommandTest.class.getResourceAsStream("/tls/test-only-ca-cert.pem")) {
          authorities.setCertificateEntry("ca",
              java.security.cert.CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        javax.net.ssl.TrustManagerFactory trusted =
            javax.net.ssl.TrustManagerFactory.getInstance(javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
        trusted.init(authorities);
        trust = trusted.getTrustManagers();
      }
      tls = SSLContext.getInstance("TLS");
      tls.init(keys.getKeyManagers(), trust, null);
      this.clientCertificates = clientCertificates;
      socket = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
      Thread acceptor = new Thread(this::serve, "tls-server");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    TlsServer answering401() {
      answer = true;
      return this;
    }

    /** This server speaks TLS 1.2 only, whose handshake is in the clear up to the server's Finished. */
    TlsServer tls12() {
      tls12 = true;
      return this;
    }

    /** This server offers HTTP/2, then HTTP/1.1, in the handshake (ALPN), and takes HTTP/2 if the client offers it. */
    TlsServer offeringHttp2() {
      h2 = true;
      return this;
    }

    /** This server accepts TLS 1.2 with {@code suites} only. */
    TlsServer accepting(String... suites) {
      cipherSuites = suites;
      return this;
    }

    private void serve() {
      while (!socket.isClosed()) {
        try (java.net.Socket raw = socket.accept()) {
          connections.incrementAndGet();
          raw.setSoTimeout((int) Run.HANG.toMillis());
          SSLSocket client = (SSLSocket) tls.getSocketFactory().createSocket(raw, null, raw.getPort(), false);
          client.setUseClientMode(false);
          client.setNeedClientAuth(clientCertificates);
          if (cipherSuites != null || tls12) {
            client.setEnabledProtocols(new String[] {"TLSv1.2"});
          }
          if (cipherSuites != null) {
            client.setEnabledCipherSuites(cipherSuites);
          }
          // The name is noted when the client's hello is read, before either side can refuse the other, so
          // before the client's run can end: a handshake the client ends on the certificate has noted it too.
          boolean[] noted = {false};
          javax.net.ssl.SSLParameters parameters = client.getSSLParameters();
          int hostName = javax.net.ssl.StandardConstants.SNI_HOST_NAME;
          parameters.setSNIMatchers(List.of(new javax.net.ssl.SNIMatcher(hostName) {
            @Override
            public boolean matches(javax.net.ssl.SNIServerName name) {
              serverNames.add(new String(name.getEncoded(), StandardCharsets.US_ASCII));
              noted[0] = true;
              return true;
            }
          }));
          if (h2) {
            parameters.setApplicationProtocols(new String[] {"h2", "http/1.1"});
          }
          client.setSSLParameters(parameters);
          try {
            client.startHandshake();
          } catch (IOException e) {
            // The client refused the certificate, or this server the client's. The client may have sent its
            // request already (TLS 1.3 ends its side of the handshake first): closing with it unread would
            // reset the connection, and the client might see that instead of the alert sent before.
            raw.shutdownOutput();
            raw.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
            continue;
          }
          if (!noted[0]) {
            serverNames.add("-");
          }
          if (answer) {
            java.io.BufferedReader request = new java.io.BufferedReader(
                new java.io.InputStreamReader(client.getInputStream(), StandardCharsets.US_ASCII));
            for (String line = request.readLine(); line != null && !line.isEmpty(); line = request.readLine()) {
              // The request's headers; a GET has no body.
            }
            client.getOutputStream().write(("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n"
                + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            client.getOutputStream().flush();
          }
          client.close();
        } catch (IOException e) {
          // The client went, or the server was closed.
        }
      }
    }

    String url() {
      return "https://127.0.0.1:" + socket.getLocalPort();
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  /** A kubeconfig whose context "fake" is the cluster 'lab', with the given cluster and user entries. */
  private Path tlsKubeconfig(String name, String cluster, String user) throws IOException {
    Path file = tmp.resolve(name);
    Files.writeString(file, """
        kind: Config
        current-context: fake
        clusters: [{name: lab, cluster: %s}]
        users: [{name: tester, user: %s}]
        contexts: [{name: fake, context: {cluster: lab, user: tester}}]
        """.formatted(cluster, user));
    return file;
  }

  /**
   * An HTTP proxy that tunnels CONNECT requests, whatever host they name, to that port on 127.0.0.1, and
   * notes each tunnel's target and Proxy-Authorization ("-" for none). Any other request it forwards to that
   * port on 127.0.0.1 as a proxy does, without its Proxy-Authorization, noting "METHOD URL Proxy-Authorization".
   */
  private static final class ConnectProxy implements AutoCloseable {
    private final ServerSocket socket;
    private final List<String> tunnels = java.util.Collections.synchronizedList(new ArrayList<>());
    /** Whether each request is answered 407 Proxy Authentication Required (and noted as a tunnel is). */
    private volatile boolean refusing;

    ConnectProxy() throws IOException {
      socket = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
      Thread acceptor = new Thread(() -> {
        while (!socket.isClosed()) {
          try {
            java.net.Socket client = socket.accept();
            Thread tunnel = new Thread(() -> tunnel(client), "proxy-tunnel");
            tunnel.setDaemon(true);
            tunnel.start();
          } catch (IOException e) {
            return; // closed
          }
        }
      }, "proxy");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    ConnectProxy refusing() {
      refusing = true;
      return this;
    }

    String address() {
      return "127.0.0.1:" + socket.getLocalPort();
    }

    /** "host:port Proxy-Authorization" of each tunnel made, in order. */
    List<String> tunnels() {
      return List.copyOf(tunnels);
    }

    private void tunnel(java.net.Socket client) {
      try (client) {
        InputStream in = client.getInputStream();
        List<String> head = new ArrayList<>();
        for (String line = line(in); !line.isEmpty(); line = line(in)) {
          head.add(line);
        }
        String[] request = head.get(0).split(" ");
        String authorization = head.stream().filter(h -> h.toLowerCase(java.util.Locale.ROOT)
            .startsWith("proxy-authorization:")).map(h -> h.substring(h.indexOf(':') + 1).strip()).findFirst()
            .orElse("-");
        if (refusing) {
          tunnels.add(request[0] + " " + request[1] + " " + authorization);
          client.getOutputStream().write(("HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic"
              + " realm=\"test\"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
          return;
        }
        if (!request[0].equals("CONNECT")) {
          tunnels.add(request[0] + " " + request[1] + " " + authorization);
          forward(client, in, request, head);
          return;
        }
        tunnels.add(request[1] + " " + authorization);
        int port = Integer.parseInt(request[1].substring(request[1].lastIndexOf(':') + 1));
        try (java.net.Socket upstream = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), port)) {
          client.getOutputStream().write("HTTP/1.1 200 Connection established\r\n\r\n"
              .getBytes(StandardCharsets.US_ASCII));
          client.getOutputStream().flush();
          Thread back = new Thread(() -> {
            try {
              upstream.getInputStream().transferTo(client.getOutputStream());
            } catch (IOException e) {
              // one side ended
            }
          }, "proxy-back");
          back.setDaemon(true);
          back.start();
          in.transferTo(upstream.getOutputStream());
        }
      } catch (IOException | RuntimeException e) {
        // the client went
      }
    }

    /**
     * Sends the request for an absolute URL to its port on 127.0.0.1, one request a connection: without the
     * Proxy-Authorization, which the proxy consumes, and the answer back with "Connection: close".
     */
    private static void forward(java.net.Socket client, InputStream in, String[] request, List<String> head)
        throws IOException {
      java.net.URI target = java.net.URI.create(request[1]);
      int length = head.stream().filter(h -> h.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:"))
          .map(h -> Integer.parseInt(h.substring(h.indexOf(':') + 1).strip())).findFirst().orElse(0);
      byte[] body = in.readNBytes(length);
      try (java.net.Socket upstream = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(),
          target.getPort())) {
        StringBuilder out = new StringBuilder(request[0] + " " + target.getRawPath()
            + (target.getRawQuery() == null ? "" : "?" + target.getRawQuery()) + " HTTP/1.1\r\n");
        for (String h : head.subList(1, head.size())) {
          String name = h.substring(0, h.indexOf(':')).toLowerCase(java.util.Locale.ROOT);
          if (!name.equals("proxy-authorization") && !name.equals("connection")) {
            out.append(h).append("\r\n");
          }
        }
        upstream.getOutputStream().write((out + "Connection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        upstream.getOutputStream().write(body);
        upstream.getOutputStream().flush();
        InputStream answer = upstream.getInputStream();
        StringBuilder back = new StringBuilder();
        for (String h = line(answer); !h.isEmpty(); h = line(answer)) {
          if (!h.toLowerCase(java.util.Locale.ROOT).startsWith("connection:")) {
            back.append(h).append("\r\n");
          }
        }
        client.getOutputStream().write((back + "Connection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        answer.transferTo(client.getOutputStream());
        client.getOutputStream().flush();
      }
    }

    private static String line(InputStream in) throws IOException {
      StringBuilder line = new StringBuilder();
      for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
        if (c != '\r') {
          line.append((char) c);
        }
      }
      return line.toString();
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  /** kubectl takes a cluster's proxy-url over the environment's proxy, and sends the proxy URL's user. */
  @Test
  void aClustersProxyUrlIsUsedOverTheEnvironmentsProxy() throws Exception {
    try (ConnectProxy proxy = new ConnectProxy()) {
      Path kubeconfig = tlsKubeconfig("proxied", ("{server: \"%s\", certificate-authority: \"%s\","
          + " proxy-url: \"http://proxy-user:proxy-secret@%s\"}").formatted(api.url(), FakeKubeApi.authority(),
          proxy.address()), "{token: not-a-real-token}");
      // A proxy that nothing listens on: were it used, the run could not reach the server.
      env = new Env(Map.of("KUBECONFIG", kubeconfig.toString(), "HTTPS_PROXY", "http://127.0.0.1:1"),
          tmp.resolve("home").toString());
      Run run = stave("apply", bundle.toString(), FAST);
      assertEquals(0, run.code(), run.err());
      String target = api.url().substring("https://".length());
      // One connection for the whole run, through one tunnel; the user and password went with the CONNECT.
      assertEquals(List.of(target + " Basic cHJveHktdXNlcjpwcm94eS1zZWNyZXQ="), proxy.tunnels());
      assertFalse(api.requests().isEmpty());
    }
  }

  /**
   * HTTPS_PROXY as Go's ProxyFromEnvironment reads it: a value without a scheme is an http proxy, NO_PROXY
   * names hosts to reach directly, and localhost and loopback addresses are always reached directly.
   */
  @Test
  void theEnvironmentsProxyIsUsedAsKubectlUsesIt() throws Exception {
    try (ConnectProxy proxy = new ConnectProxy()) {
      int port = Integer.parseInt(api.url().substring(api.url().lastIndexOf(':') + 1));
      // A name that this machine cannot resolve: the proxy reaches it (as the fake, on 127.0.0.1).
      Path named = tlsKubeconfig("named-server", ("{server: \"https://kube.stave.invalid:%d\", certificate-authority:"
          + " \"%s\", tls-server-name: 127.0.0.1}").formatted(port, FakeKubeApi.authority()),
          "{token: not-a-real-token}");
      env = new Env(Map.of("KUBECONFIG", named.toString(), "https_proxy", proxy.address(),
          "NO_PROXY", "example.com,10.0.0.0/8"), tmp.resolve("home").toString());
      Run run = stave("apply", bundle.toString(), FAST);
      assertEquals(0, run.code(), run.err());
      assertEquals(List.of("kube.stave.invalid:" + port + " -"), proxy.tunnels());

      env = new Env(Map.of("KUBECONFIG", named.toString(), "HTTPS_PROXY", proxy.address(),
          "NO_PROXY", "localhost, .stave.invalid"), tmp.resolve("home").toString());
      run = stave("apply", bundle.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertTrue(run.err().startsWith("stave: cannot reach the Kubernetes API server at https://kube.stave.invalid:"
          + port + ": "), run.err());
      assertEquals(1, proxy.tunnels().size());

      // The fake's own kubeconfig names 127.0.0.1: a loopback address is never proxied.
      env = new Env(Map.of("KUBECONFIG", kubeconfig(api.url()).toString(), "HTTPS_PROXY", proxy.address()),
          tmp.resolve("home").toString());
      run = stave("apply", bundle.toString(), FAST);
      assertEquals(0, run.code(), run.err());
      assertEquals(1, proxy.tunnels().size());
    }
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "ftp://proxy.example:21|has the scheme 'ftp', where kubectl takes http, https or socks5",
      "https://proxy.example:3129|is an https:// proxy, which stave cannot use: its HTTP client speaks to a proxy"
          + " over plain HTTP (CONNECT) or SOCKS5 only",
      "socks5://proxy-user:proxy-secret@proxy.example|holds a user and password for a SOCKS5 proxy, which stave"
          + " cannot send",
      "'http://proxy user:proxy-secret@proxy.example:3128'|is not a URL: its user or password holds a character a"
          + " URL cannot hold there (a space, say; they take ASCII letters, digits and -._~!$&'()*+,;=:@ as they"
          + " are): write any other as %XX escapes of its UTF-8 bytes, a space as %20"})
  void aProxyUrlStaveCannotUseIsInvalidInput(String url, String fault) throws Exception {
    Path kubeconfig = tlsKubeconfig("bad-proxy", "{server: \"%s\", proxy-url: \"%s\"}".formatted(api.url(), url),
        "{token: not-a-real-token}");
    Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals("<kubeconfig>:1:1: error: the proxy-url of the cluster 'lab' in " + kubeconfig + " " + fault + "\n"
        + "  = hint: set it to http://HOST:PORT or socks5://HOST:PORT, or remove it\n", run.err());
    assertTrue(api.requests().isEmpty(), api.requests().toString());
  }

  /**
   * A proxy's 407 to a request for an http:// server was reported as each object's "HTTP 407: the server
   * answered HTTP 407"; it ends the run, naming the proxy, as a 401 does.
   */
  @Test
  void aProxysRefusalOfItsUserAndPasswordEndsTheRunNamingTheProxy() throws Exception {
    try (ConnectProxy proxy = new ConnectProxy().refusing()) {
      Path kubeconfig = tlsKubeconfig("plain", "{server: \"http://kube.stave.invalid:8080\"}", "{}");
      env = new Env(Map.of("KUBECONFIG", kubeconfig.toString(), "HTTP_PROXY",
          "http://proxy-user:proxy-secret@" + proxy.address()), tmp.resolve("home").toString());
      Run run = stave("apply", bundle.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the proxy http://" + proxy.address() + " of $HTTP_PROXY (or $http_proxy) answered GET"
          + " /api/v1/namespaces/surreal for the server at http://kube.stave.invalid:8080 with HTTP 407 Proxy"
          + " Authentication Required: it refused the user and password of its URL; check them\n", run.err());
      // The user and password went with the first request, as Go sends them; none after the proxy's 407.
      assertEquals(List.of(
          "GET http://kube.stave.invalid:8080/api/v1/namespaces/surreal Basic cHJveHktdXNlcjpwcm94eS1zZWNyZXQ="),
          proxy.tunnels());

      env = new Env(Map.of("KUBECONFIG", kubeconfig.toString(), "HTTP_PROXY", proxy.address()),
          tmp.resolve("home").toString());
      run = stave("apply", bundle.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the proxy http://" + proxy.address() + " of $HTTP_PROXY (or $http_proxy) answered GET"
          + " /api/v1/namespaces/surreal for the server at http://kube.stave.invalid:8080 with HTTP 407 Proxy"
          + " Authentication Required: it asks for a user and password; set them in the proxy's URL,"
          + " http://USER:PASSWORD@HOST:PORT\n", run.err());
    }
  }

  /**
   * Through a proxy whose URL has a user and password, the requests for an http:// server went without them
   * until the proxy answered 407; each carries them, as Go sends them, and the proxy forwards none of them.
   */
  @Test
  void aProxysUserAndPasswordGoWithEveryRequestForAnHttpServer() throws Exception {
    try (FakeKubeApi plain = new FakeKubeApi(); ConnectProxy proxy = new ConnectProxy()) {
      String server = "http://kube.stave.invalid:" + plain.url().substring(plain.url().lastIndexOf(':') + 1);
      Path kubeconfig = tlsKubeconfig("plain", "{server: \"" + server + "\"}", "{}");
      env = new Env(Map.of("KUBECONFIG", kubeconfig.toString(), "HTTP_PROXY",
          "http://proxy-user:proxy-secret@" + proxy.address()), tmp.resolve("home").toString());
      Run run = stave("apply", bundle.toString(), FAST);
      assertEquals(0, run.code(), run.err());
      assertFalse(plain.requests().isEmpty());
      assertEquals(plain.requests().stream().map(r -> r.replace(" ", " " + server) + " Basic"
          + " cHJveHktdXNlcjpwcm94eS1zZWNyZXQ=").toList(), proxy.tunnels());
      assertEquals(List.of(""), plain.proxyAuthorizations().stream().distinct().toList());
    }
  }

  /**
   * A proxy's 407 to the CONNECT for an https:// server was retried as a failure to connect (six CONNECTs)
   * before "cannot reach ...: Failed to authenticate with proxy"; it ends the run at once, as for http://.
   */
  @Test
  void aProxysRefusalOfATunnelEndsTheRunAtOnceNamingTheProxy() throws Exception {
    try (ConnectProxy proxy = new ConnectProxy().refusing()) {
      Path kubeconfig = tlsKubeconfig("named", "{server: \"https://kube.stave.invalid:6443\"}",
          "{token: not-a-real-token}");
      env = new Env(Map.of("KUBECONFIG", kubeconfig.toString(), "HTTPS_PROXY",
          "http://proxy-user:proxy-secret@" + proxy.address()), tmp.resolve("home").toString());
      Run run = stave("apply", bundle.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the proxy http://" + proxy.address() + " of $HTTPS_PROXY (or $https_proxy) answered the"
          + " CONNECT for GET /api/v1/namespaces/surreal to the server at https://kube.stave.invalid:6443 with HTTP"
          + " 407 Proxy Authentication Required: it refused the user and password of its URL; check them\n",
          run.err());
      // The user and password went with the first CONNECT (OkHttp's preemptive authentication); none after it.
      assertEquals(List.of("CONNECT kube.stave.invalid:6443 Basic cHJveHktdXNlcjpwcm94eS1zZWNyZXQ="),
          proxy.tunnels());

      env = new Env(Map.of("KUBECONFIG", kubeconfig.toString(), "HTTPS_PROXY", proxy.address()),
          tmp.resolve("home").toString());
      run = stave("apply", bundle.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the proxy http://" + proxy.address() + " of $HTTPS_PROXY (or $https_proxy) answered the"
          + " CONNECT for GET /api/v1/namespaces/surreal to the server at https://kube.stave.invalid:6443 with HTTP"
          + " 407 Proxy Authentication Required: it asks for a user and password; set them in the proxy's URL,"
          + " http://USER:PASSWORD@HOST:PORT\n", run.err());
      assertEquals(List.of("CONNECT kube.stave.invalid:6443 Basic cHJveHktdXNlcjpwcm94eS1zZWNyZXQ=",
          "CONNECT kube.stave.invalid:6443 -"), proxy.tunnels());
    }
  }

  /**
   * A proxy of Java's own settings (-Dhttps.proxyHost, -Dhttp.proxyHost) that answered 407 was "the proxy of
   * Java's proxy settings", and the advice was to set a user and password in "the proxy's URL", which such a
   * proxy has not: it is named, with the proxy-url or variable that takes a user and password.
   */
  @Test
  void aProxyOfJavasSettingsAskingForAUserIsNamedWithWhatToSet() throws Exception {
    try (ConnectProxy proxy = new ConnectProxy().refusing()) {
      String port = proxy.address().substring(proxy.address().lastIndexOf(':') + 1);
      Map<String, String> saved = new LinkedHashMap<>();
      for (String key : List.of("https.proxyHost", "https.proxyPort", "http.proxyHost", "http.proxyPort")) {
        saved.put(key, System.getProperty(key));
        System.setProperty(key, key.endsWith("Host") ? "127.0.0.1" : port);
      }
      try {
        Path tls = tlsKubeconfig("named", "{server: \"https://kube.stave.invalid:6443\"}", "{token: not-a-real-token}");
        env = new Env(Map.of("KUBECONFIG", tls.toString()), tmp.resolve("home").toString());
        Run run = stave("apply", bundle.toString(), FAST);
        assertEquals(4, run.code(), run.err());
        assertEquals("stave: the proxy http://127.0.0.1:" + port + " of Java's proxy settings answered the CONNECT"
            + " for GET /api/v1/namespaces/surreal to the server at https://kube.stave.invalid:6443 with HTTP 407 Proxy"
            + " Authentication Required: it asks for a user and password, which stave sends to no proxy of Java's"
            + " settings; set the proxy-url of the cluster 'lab' in " + tls + ", or $HTTPS_PROXY (or $https_proxy), to"
            + " http://USER:PASSWORD@HOST:PORT, which stave uses in their place\n", run.err());
        Path plain = tlsKubeconfig("plain", "{server: \"http://kube.stave.invalid:8080\"}", "{}");
        env = new Env(Map.of("KUBECONFIG", plain.toString()), tmp.resolve("home").toString());
        run = stave("apply", bundle.toString(), FAST);
        assertEquals(4, run.code(), run.err());
        assertEquals("stave: the proxy http://127.0.0.1:" + port + " of Java's proxy settings answered GET"
            + " /api/v1/namespaces/surreal for the server at http://kube.stave.invalid:8080 with HTTP 407 Proxy"
            + " Authentication Required: it asks for a user and password, which stave sends to no proxy of Java's"
            + " settings; set the proxy-url of the cluster 'lab' in " + plain + ", or $HTTP_PROXY (or $http_proxy), to"
            + " http://USER:PASSWORD@HOST:PORT, which stave uses in their place\n", run.err());
        assertEquals(List.of("CONNECT kube.stave.invalid:6443 -",
            "GET http://kube.stave.invalid:8080/api/v1/namespaces/surreal -"), proxy.tunnels());
      } finally {
        saved.forEach((key, value) -> {
          if (value == null) {
            System.clearProperty(key);
          } else {
            System.setProperty(key, value);
          }
        });
      }
    }
  }

  /**
   * A 407 from a server that stave reaches through no proxy is no failure a retry can change, and the
   * message says who asked for what, over http:// and https:// alike.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void aServerThatAsksForProxyAuthenticationEndsTheRunAtOnce(boolean tls) throws IOException {
    try (FakeKubeApi server = new FakeKubeApi(tls)) {
      Path kubeconfig = server.kubeconfig(tmp.resolve("direct-" + tls));
      server.fail(r -> true, 407, Integer.MAX_VALUE, null);
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("", run.out());
      assertEquals("stave: the server at " + server.url() + " answered GET /api/v1/namespaces/surreal with HTTP 407"
          + " Proxy Authentication Required, though stave sends it no request through an HTTP proxy: the server or"
          + " something in front of it asks for a proxy's user and password; check that the server of the cluster"
          + " 'fake' in " + kubeconfig + " is the API server's address, or, if it is reached through that proxy, set"
          + " the proxy-url of the cluster 'fake' in " + kubeconfig + ", or "
          + (tls ? "$HTTPS_PROXY (or $https_proxy)" : "$HTTP_PROXY (or $http_proxy)")
          + ", to http://USER:PASSWORD@HOST:PORT\n", run.err());
      assertEquals(List.of("GET /api/v1/namespaces/surreal"), server.requests());
    }
  }

  /**
   * OkHttp asks the proxy authenticator about any 407, the API server's too: a 407 from inside the tunnel
   * had the proxy's user and password sent to the API server, over the tunnel's TLS.
   */
  @Test
  void theProxysUserAndPasswordNeverGoToTheApiServer() throws Exception {
    try (ConnectProxy proxy = new ConnectProxy()) {
      Path kubeconfig = tlsKubeconfig("proxied", ("{server: \"%s\", certificate-authority: \"%s\","
          + " proxy-url: \"http://proxy-user:proxy-secret@%s\"}").formatted(api.url(), FakeKubeApi.authority(),
          proxy.address()), "{token: not-a-real-token}");
      api.fail(r -> r.startsWith("GET /api/v1/namespaces/surreal"), 407, 1, null);
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertFalse(api.proxyAuthorizations().isEmpty());
      assertTrue(api.proxyAuthorizations().stream().allMatch(String::isEmpty), api.proxyAuthorizations().toString());
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: 1 of the cluster operations failed\n", run.err());
      assertTrue(run.out().startsWith("Namespace surreal: failed: HTTP 407"), run.out());
      assertEquals(List.of(api.url().substring("https://".length()) + " Basic cHJveHktdXNlcjpwcm94eS1zZWNyZXQ="),
          proxy.tunnels());
    }
  }

  /** A proxy that cannot be reached is named, with where it was set, but not its user and password. */
  @Test
  void aServerNotReachedThroughAProxyNamesTheProxy() throws Exception {
    // Nothing listens on port 1 of this machine.
    Path kubeconfig = tlsKubeconfig("unreachable-proxy", "{server: \"https://kube.stave.invalid:6443\", proxy-url:"
        + " \"http://proxy-user:proxy-secret@127.0.0.1:1\"}", "{token: not-a-real-token}");
    Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
    assertEquals(4, run.code(), run.err());
    assertTrue(run.err().startsWith("stave: cannot reach the Kubernetes API server at https://kube.stave.invalid:6443"
        + " through the proxy http://127.0.0.1:1 of the proxy-url of the cluster 'lab' in " + kubeconfig + ": "),
        run.err());
    assertFalse(run.err().contains("proxy-user") || run.err().contains("proxy-secret"), run.err());

    env = new Env(Map.of("KUBECONFIG", tlsKubeconfig("named", "{server: \"https://kube.stave.invalid:6443\"}",
        "{token: not-a-real-token}").toString(), "https_proxy", "proxy-user:proxy-secret@[::1]:1"),
        tmp.resolve("home").toString());
    run = stave("apply", bundle.toString(), FAST);
    assertEquals(4, run.code(), run.err());
    assertTrue(run.err().startsWith("stave: cannot reach the Kubernetes API server at https://kube.stave.invalid:6443"
        + " through the proxy http://[::1]:1 of $HTTPS_PROXY (or $https_proxy): "), run.err());
    assertFalse(run.err().contains("proxy-user") || run.err().contains("proxy-secret"), run.err());
  }

  /**
   * A port past 65535 was an internal error (exit 70); a password with an '@' made the proxy "http:80"; a
   * user with a space, which kubectl refuses, was sent.
   */
  @Test
  void aProxyVariableIsReadAsGoReadsItOrRefused() throws Exception {
    Path kubeconfig = tlsKubeconfig("named", "{server: \"https://kube.stave.invalid:6443\"}",
        "{token: not-a-real-token}");
    env = new Env(Map.of("KUBECONFIG", kubeconfig.toString(), "HTTPS_PROXY", "http://proxy user:secret@proxy:3128"),
        tmp.resolve("home").toString());
    Run refused = stave("apply", bundle.toString(), FAST);
    assertEquals(1, refused.code(), refused.err());
    assertEquals("<environment>:1:1: error: the proxy of $HTTPS_PROXY (or $https_proxy) is not a URL: its user or"
        + " password holds a character a URL cannot hold there (a space, say; they take ASCII letters, digits and"
        + " -._~!$&'()*+,;=:@ as they are): write any other as %XX escapes of its UTF-8 bytes, a space as %20\n"
        + "  = hint: set it to http://HOST:PORT or socks5://HOST:PORT, or unset it\n", refused.err());
    env = new Env(Map.of("KUBECONFIG", kubeconfig.toString(), "HTTPS_PROXY", "http://proxy-user:secret@proxy:99999"),
        tmp.resolve("home").toString());
    Run run = stave("apply", bundle.toString(), FAST);
    assertEquals(1, run.code(), run.err());
    assertEquals("<environment>:1:1: error: the proxy of $HTTPS_PROXY (or $https_proxy) names a port that is not a"
        + " number from 1 to 65535\n  = hint: set it to http://HOST:PORT or socks5://HOST:PORT, or unset it\n",
        run.err());

    try (ConnectProxy proxy = new ConnectProxy()) {
      int port = Integer.parseInt(api.url().substring(api.url().lastIndexOf(':') + 1));
      Path named = tlsKubeconfig("named-server", ("{server: \"https://kube.stave.invalid:%d\", certificate-authority:"
          + " \"%s\", tls-server-name: 127.0.0.1}").formatted(port, FakeKubeApi.authority()),
          "{token: not-a-real-token}");
      env = new Env(Map.of("KUBECONFIG", named.toString(), "HTTPS_PROXY", "http://proxy-user:p@ss@" + proxy.address()),
          tmp.resolve("home").toString());
      run = stave("apply", bundle.toString(), FAST);
      assertEquals(0, run.code(), run.err());
      assertEquals(List.of("kube.stave.invalid:" + port + " Basic cHJveHktdXNlcjpwQHNz"), proxy.tunnels());
    }
  }

  private static String resource(String name) throws java.net.URISyntaxException {
    return Path.of(ApplyCommandTest.class.getResource("/tls/" + name).toURI()).toString();
  }

  @Test
  void aServerCertificateThatIsNotAcceptedEndsTheRunAtOnce() throws Exception {
    try (TlsServer server = new TlsServer()) {
      Path untrusted = tmp.resolve("untrusted");
      Files.writeString(untrusted, """
          kind: Config
          current-context: fake
          clusters: [{name: lab, cluster: {server: "%s"}}]
          users: [{name: tester, user: {token: not-a-real-token}}]
          contexts: [{name: fake, context: {cluster: lab, user: tester}}]
          """.formatted(server.url()));
      Run run = stave("apply", bundle.toString(), "--kubeconfig", untrusted.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the certificate of the server at " + server.url() + " is not trusted: the cluster 'lab'"
          + " in " + untrusted + " names no certificate authority, and none that Java trusts signed it; set the"
          + " certificate-authority (a file) or certificate-authority-data (base64) of the cluster to the authority"
          + " that signed the server's certificate\n", run.err());
      assertEquals("", run.out());
      assertEquals(1, server.connections.get(), "a certificate that is not trusted is not tried again");

      // Trusted, but for another name than the address the kubeconfig gives.
      String authority = Path.of(ApplyCommandTest.class.getResource("/tls/test-only-ec-cert.pem").toURI()).toString();
      Path misnamed = tmp.resolve("misnamed");
      Files.writeString(misnamed, """
          kind: Config
          current-context: fake
          clusters: [{name: lab, cluster: {server: "%s", certificate-authority: "%s"}}]
          users: [{name: tester, user: {token: not-a-real-token}}]
          contexts: [{name: fake, context: {cluster: lab, user: tester}}]
          """.formatted(server.url(), authority));
      run = stave("diff", "--cluster", bundle.toString(), "--kubeconfig", misnamed.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the certificate of the server at " + server.url() + " does not name 127.0.0.1: set the"
          + " server of the cluster 'lab' in " + misnamed + " to an address the certificate names, or its"
          + " tls-server-name to a name it holds\n", run.err());
      assertEquals(2, server.connections.get(), "a certificate for another name is not tried again");
    }
  }

  @Test
  void anHttpsAddressOfAPlainHttpPortEndsTheRunAtOnce() throws IOException {
    // A plain-HTTP server that answers whatever arrives, a TLS greeting too, with 400 (as most do).
    AtomicInteger connections = new AtomicInteger();
    try (ServerSocket plain = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      Thread acceptor = new Thread(() -> {
        while (!plain.isClosed()) {
          try (java.net.Socket client = plain.accept()) {
            connections.incrementAndGet();
            client.setSoTimeout((int) Run.HANG.toMillis());
            client.getInputStream().read(new byte[512]);
            client.getOutputStream().write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII));
          } catch (IOException e) {
            // The client went, or the server was closed.
          }
        }
      }, "plain-server");
      acceptor.setDaemon(true);
      acceptor.start();
      String url = "https://127.0.0.1:" + plain.getLocalPort();
      Path kubeconfig = kubeconfig(url);
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the server at " + url + " does not answer in TLS (its first answer is no TLS record: a"
          + " port that serves plain HTTP, say); check the scheme and port of the server of the cluster 'fake' in "
          + kubeconfig + "\n", run.err());
      assertEquals(1, connections.get(), "a server that does not speak TLS is not tried again");
    }
  }

  @Test
  void aClientCertificateTheServerRefusesEndsTheRunAtOnce() throws Exception {
    try (TlsServer server = new TlsServer("test-only-signed.p12", true)) {
      Path kubeconfig = tlsKubeconfig("refused", "{server: \"%s\", certificate-authority: \"%s\"}"
          .formatted(server.url(), resource("test-only-ca-cert.pem")),
          "{client-certificate: \"%s\", client-key: \"%s\"}"
          .formatted(resource("test-only-client-cert.pem"), resource("test-only-client-key.pem")));
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the server at " + server.url() + " refused the client certificate of the user 'tester'"
          + " in " + kubeconfig + " (TLS alert bad_certificate); check its client-certificate (a file) or"
          + " client-certificate-data (base64) and client-key or client-key-data, and that the server trusts the"
          + " authority that signed the certificate\n", run.err());
      assertEquals(1, server.connections.get(), "a refused client certificate is not tried again");

      // No client certificate at all, to a server that asks for one.
      Path none = tlsKubeconfig("none", "{server: \"%s\", certificate-authority: \"%s\"}"
          .formatted(server.url(), resource("test-only-ca-cert.pem")), "{token: not-a-real-token}");
      run = stave("apply", bundle.toString(), "--kubeconfig", none.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the server at " + server.url() + " ended the TLS handshake with the alert bad_certificate:"
          + " it asks for a client certificate, and the user 'tester' in " + none + " names none; set the"
          + " client-certificate (a file) or client-certificate-data (base64) and client-key or client-key-data of"
          + " the user\n", run.err());
      assertEquals(2, server.connections.get(), "a missing client certificate is not tried again");
    }
  }

  @Test
  void aClientCertificateRefusedOverHttp2EndsTheRunAtOnce() throws Exception {
    try (TlsServer server = new TlsServer("test-only-signed.p12", true).offeringHttp2()) {
      Path kubeconfig = tlsKubeconfig("refused-h2", "{server: \"%s\", certificate-authority: \"%s\"}"
          .formatted(server.url(), resource("test-only-ca-cert.pem")),
          "{client-certificate: \"%s\", client-key: \"%s\"}"
          .formatted(resource("test-only-client-cert.pem"), resource("test-only-client-key.pem")));
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals("stave: the server at " + server.url() + " refused the client certificate of the user 'tester'"
          + " in " + kubeconfig + " (TLS alert bad_certificate); check its client-certificate (a file) or"
          + " client-certificate-data (base64) and client-key or client-key-data, and that the server trusts the"
          + " authority that signed the certificate\n", run.err());
      assertEquals(4, run.code(), run.err());
      assertEquals(1, server.connections.get(), "a refused client certificate is not tried again");
    }
  }

  /**
   * client-java sends neither half of an incomplete pair, and the server's alert read as a refusal of a
   * certificate that was never sent. As kubectl, stave refuses the entry before it connects.
   */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "client-certificate: \"CERTIFICATE\" | client-certificate | client-key",
      "client-key: \"KEY\" | client-key | client-certificate"})
  void aClientCertificateWithoutItsKeyIsRefusedBeforeAnyConnection(String half, String has, String lacks)
      throws Exception {
    try (TlsServer server = new TlsServer("test-only-signed.p12", true)) {
      Path kubeconfig = tlsKubeconfig("half", "{server: \"%s\", certificate-authority: \"%s\"}"
          .formatted(server.url(), resource("test-only-ca-cert.pem")), "{" + half
          .replace("CERTIFICATE", resource("test-only-client-cert.pem"))
          .replace("KEY", resource("test-only-client-key.pem")) + "}");
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(1, run.code(), run.err());
      assertEquals("<kubeconfig>:1:1: error: the user 'tester' in " + kubeconfig + " names a " + has + " but no "
          + lacks + " or " + lacks + "-data: a client certificate is sent only with its key\n"
          + "  = hint: set the " + lacks + " (a file) or " + lacks + "-data (base64) of the user, or remove its "
          + has + "\n", run.err());
      assertEquals("", run.out());
      assertEquals(0, server.connections.get(), "an entry that cannot give a client certificate connects nowhere");
    }
  }

  /**
   * The plugin gives the test-only client certificate, which the authority the server trusts did not sign.
   * A user entry that names a certificate without its key, or a key without its certificate, does not have
   * it used: client-java uses the plugin's then.
   */
  @ParameterizedTest
  @ValueSource(strings = {"", "client-certificate: \"CERTIFICATE\", ", "client-key: \"KEY\", "})
  void aClientCertificateFromAnExecPluginThatTheServerRefusesNamesThePlugin(String own) throws Exception {
    String json = ("{\"apiVersion\": \"client.authentication.k8s.io/v1beta1\", \"kind\": \"ExecCredential\","
        + " \"status\": {\"clientCertificateData\": \"%s\", \"clientKeyData\": \"%s\"}}").formatted(
        Files.readString(Path.of(resource("test-only-client-cert.pem"))).replace("\n", "\\n"),
        Files.readString(Path.of(resource("test-only-client-key.pem"))).replace("\n", "\\n"));
    Path plugin = tmp.resolve("bin/cert-login");
    Files.createDirectories(plugin.getParent());
    Files.writeString(plugin, "#!/bin/sh\ncat <<'EOF'\n" + json + "\nEOF\n");
    Files.setPosixFilePermissions(plugin, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    try (TlsServer server = new TlsServer("test-only-signed.p12", true)) {
      Path kubeconfig = tlsKubeconfig("exec-certificate", "{server: \"%s\", certificate-authority: \"%s\"}"
          .formatted(server.url(), resource("test-only-ca-cert.pem")),
          "{%sexec: {apiVersion: client.authentication.k8s.io/v1beta1, command: \"%s\"}}".formatted(
              own.replace("CERTIFICATE", resource("test-only-ec-cert.pem"))
                  .replace("KEY", resource("test-only-ec-key.pem")), plugin));
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the server at " + server.url() + " refused the client certificate that the exec credential"
          + " plugin '" + plugin + "' of the user 'tester' in " + kubeconfig + " gave (TLS alert bad_certificate);"
          + " check the clientCertificateData and clientKeyData of its ExecCredential (run it yourself to see them),"
          + " and that the server trusts the authority that signed the certificate\n", run.err());
      assertEquals(1, server.connections.get(), "a refused client certificate is not tried again");
    }
  }

  /**
   * An OpenSSL server under TLS 1.2 that requires a client certificate answers a client that gave none
   * with handshake_failure, after its CertificateRequest: a relay in front of a server that asks for one
   * answers the client's second flight so. The versions and cipher suites were agreed by then.
   */
  @Test
  void aHandshakeFailureAfterTheServerAskedForAClientCertificateNamesTheCertificate() throws Exception {
    try (TlsServer server = new TlsServer("test-only-signed.p12", true).tls12();
        ServerSocket relay = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      AtomicInteger connections = new AtomicInteger();
      Thread acceptor = new Thread(() -> {
        while (!relay.isClosed()) {
          try (java.net.Socket client = relay.accept();
              java.net.Socket upstream = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(),
                  java.net.URI.create(server.url()).getPort())) {
            connections.incrementAndGet();
            client.setSoTimeout((int) Run.HANG.toMillis());
            java.util.concurrent.atomic.AtomicBoolean answered = new java.util.concurrent.atomic.AtomicBoolean();
            Thread back = new Thread(() -> {
              try {
                byte[] buffer = new byte[65536];
                InputStream in = upstream.getInputStream();
                for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                  answered.set(true); // before the client can have it, and so answer it
                  client.getOutputStream().write(buffer, 0, n);
                  client.getOutputStream().flush();
                }
              } catch (IOException e) {
                // The relay ended the connection.
              }
            }, "relay-back");
            back.setDaemon(true);
            back.start();
            byte[] buffer = new byte[65536];
            for (int n = client.getInputStream().read(buffer); n > 0; n = client.getInputStream().read(buffer)) {
              if (answered.get()) {
                // The client's Certificate and what follows: a TLS 1.2 handshake_failure alert (RFC 5246, 7.2).
                upstream.close();
                client.getOutputStream().write(new byte[] {0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 40});
                client.getOutputStream().flush();
                client.shutdownOutput();
                client.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
                break;
              }
              upstream.getOutputStream().write(buffer, 0, n);
              upstream.getOutputStream().flush();
            }
          } catch (IOException e) {
            // The client went, or the relay was closed.
          }
        }
      }, "relay");
      acceptor.setDaemon(true);
      acceptor.start();
      String url = "https://127.0.0.1:" + relay.getLocalPort();
      Path kubeconfig = tlsKubeconfig("asked", "{server: \"%s\", certificate-authority: \"%s\"}"
          .formatted(url, resource("test-only-ca-cert.pem")), "{token: not-a-real-token}");
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the server at " + url + " ended the TLS handshake with the alert handshake_failure: it"
          + " asks for a client certificate, and the user 'tester' in " + kubeconfig + " names none; set the"
          + " client-certificate (a file) or client-certificate-data (base64) and client-key or client-key-data"
          + " of the user\n", run.err());
      assertEquals(1, connections.get(), "a handshake that cannot succeed is not tried again");
    }
  }

  /**
   * That a server asked for a client certificate belongs to the handshake it asked in. A relay cuts the first
   * connection once the client has answered a server that asked for one (a broken connection, which is
   * retried), and sends the next to a server that shares no cipher suite with the client: its
   * handshake_failure came without a CertificateRequest, and is about versions and cipher suites.
   */
  @Test
  void aHandshakeFailureAfterARetryIsJudgedByItsOwnHandshake() throws Exception {
    try (TlsServer asking = new TlsServer("test-only-signed.p12", true).tls12();
        TlsServer sharingNothing = new TlsServer("test-only-signed.p12", false)
            .accepting("TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA384");
        ServerSocket relay = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      AtomicInteger connections = new AtomicInteger();
      Thread acceptor = new Thread(() -> {
        while (!relay.isClosed()) {
          try (java.net.Socket client = relay.accept()) {
            boolean first = connections.incrementAndGet() == 1;
            TlsServer target = first ? asking : sharingNothing;
            try (java.net.Socket upstream = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(),
                java.net.URI.create(target.url()).getPort())) {
              client.setSoTimeout((int) Run.HANG.toMillis());
              java.util.concurrent.atomic.AtomicBoolean answered = new java.util.concurrent.atomic.AtomicBoolean();
              Thread back = new Thread(() -> {
                try {
                  byte[] buffer = new byte[65536];
                  InputStream in = upstream.getInputStream();
                  for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                    answered.set(true); // before the client can have it, and so answer it
                    client.getOutputStream().write(buffer, 0, n);
                    client.getOutputStream().flush();
                  }
                } catch (IOException e) {
                  // The relay ended the connection.
                }
              }, "relay-back");
              back.setDaemon(true);
              back.start();
              byte[] buffer = new byte[65536];
              for (int n = client.getInputStream().read(buffer); n > 0; n = client.getInputStream().read(buffer)) {
                if (first && answered.get()) {
                  // The client's answer to the CertificateRequest: the connection ends with no alert. The
                  // client's side is shut first: the server answers the end of its own connection with an
                  // alert, which the other relay thread would otherwise pass on to the client.
                  client.shutdownOutput();
                  upstream.close();
                  client.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
                  break;
                }
                upstream.getOutputStream().write(buffer, 0, n);
                upstream.getOutputStream().flush();
              }
            }
          } catch (IOException e) {
            // The client went, or the relay was closed.
          }
        }
      }, "relay");
      acceptor.setDaemon(true);
      acceptor.start();
      String url = "https://127.0.0.1:" + relay.getLocalPort();
      Path kubeconfig = tlsKubeconfig("retried", "{server: \"%s\", certificate-authority: \"%s\"}"
          .formatted(url, resource("test-only-ca-cert.pem")), "{token: not-a-real-token}");
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the server at " + url + " ended the TLS handshake with the alert handshake_failure: it"
          + " accepts none of the TLS versions and cipher suites that stave's Java offers, and no retry changes"
          + " that; check that the server of the cluster 'lab' in " + kubeconfig + " is the Kubernetes API server,"
          + " and the TLS versions and cipher suites it allows\n", run.err());
      assertEquals(2, connections.get(), "the broken connection is tried again, the refused handshake not");
      assertEquals(1, asking.connections.get());
    }
  }

  @Test
  void aServerThatSharesNoCipherSuiteWithTheClientEndsTheRunAtOnce() throws Exception {
    // A suite that Java has but the HTTP client does not offer: the server answers with handshake_failure.
    try (TlsServer server = new TlsServer("test-only-signed.p12", false)
        .accepting("TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA384")) {
      Path kubeconfig = tlsKubeconfig("ciphers", "{server: \"%s\", certificate-authority: \"%s\"}"
          .formatted(server.url(), resource("test-only-ca-cert.pem")), "{token: not-a-real-token}");
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the server at " + server.url() + " ended the TLS handshake with the alert"
          + " handshake_failure: it accepts none of the TLS versions and cipher suites that stave's Java offers, and"
          + " no retry changes that; check that the server of the cluster 'lab' in " + kubeconfig + " is the"
          + " Kubernetes API server, and the TLS versions and cipher suites it allows\n", run.err());
      assertEquals("", run.out());
      assertEquals(1, server.connections.get(), "a handshake that cannot succeed is not tried again");
    }
  }

  /** The alert of a server that speaks no TLS version, or no cipher suite strong enough, that the client offers. */
  @ParameterizedTest
  @CsvSource({"protocol_version, 70", "insufficient_security, 71"})
  void aServerThatRefusesTheClientsTlsVersionsEndsTheRunAtOnce(String alert, int code) throws IOException {
    AtomicInteger connections = new AtomicInteger();
    try (ServerSocket raw = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      Thread acceptor = new Thread(() -> {
        while (!raw.isClosed()) {
          try (java.net.Socket client = raw.accept()) {
            connections.incrementAndGet();
            client.setSoTimeout((int) Run.HANG.toMillis());
            client.getInputStream().read(new byte[512]);
            // A TLS 1.2 alert record (RFC 5246, 6.2.1 and 7.2): fatal (2), then the alert's code.
            client.getOutputStream().write(new byte[] {0x15, 0x03, 0x03, 0x00, 0x02, 0x02, (byte) code});
            client.getOutputStream().flush();
            client.shutdownOutput();
            client.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
          } catch (IOException e) {
            // The client went, or the server was closed.
          }
        }
      }, "alert-server");
      acceptor.setDaemon(true);
      acceptor.start();
      String url = "https://127.0.0.1:" + raw.getLocalPort();
      Path kubeconfig = kubeconfig(url);
      Run run = stave("diff", "--cluster", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the server at " + url + " ended the TLS handshake with the alert " + alert + ": it"
          + " accepts none of the TLS versions and cipher suites that stave's Java offers, and no retry changes that;"
          + " check that the server of the cluster 'fake' in " + kubeconfig + " is the Kubernetes API server, and"
          + " the TLS versions and cipher suites it allows\n", run.err());
      assertEquals(1, connections.get(), "a handshake that cannot succeed is not tried again");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"test-only-expired.p12", "test-only-not-yet-valid.p12"})
  void aServerCertificateOutsideItsValidityEndsTheRunAtOnce(String keyStore) throws Exception {
    try (TlsServer server = new TlsServer(keyStore, false)) {
      Path kubeconfig = tlsKubeconfig("dated", "{server: \"%s\", certificate-authority: \"%s\"}"
          .formatted(server.url(), resource("test-only-ca-cert.pem")), "{token: not-a-real-token}");
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the certificate of the server at " + server.url() + (keyStore.contains("expired")
          ? " expired on 2000-01-02T00:00:00Z" : " is not valid before 2100-01-01T00:00:00Z")
          + "; check this machine's clock, or have the certificate renewed (it is the server's, not the"
          + " kubeconfig's)\n", run.err());
      assertEquals(1, server.connections.get(), "a certificate out of its dates is not tried again");
    }
  }

  @Test
  void theClustersTlsServerNameIsWhatTheCertificateMustName() throws Exception {
    try (TlsServer server = new TlsServer("test-only-named.p12", false).answering401()) {
      Path kubeconfig = tlsKubeconfig("named", ("{server: \"%s\", certificate-authority: \"%s\","
          + " tls-server-name: stave-test}").formatted(server.url(), resource("test-only-ca-cert.pem")),
          "{token: not-a-real-token}");
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the Kubernetes API server at " + server.url() + " answered GET /api/v1/namespaces/surreal"
          + " with HTTP 401 Unauthorized: it refused the credentials of the user 'tester' in " + kubeconfig
          + "; check them (a token may have expired or be another cluster's)\n", run.err());
      assertEquals(List.of("stave-test"), server.serverNames, "the name is sent in the handshake");

      // A name the certificate does not hold.
      Path other = tlsKubeconfig("other", ("{server: \"%s\", certificate-authority: \"%s\","
          + " tls-server-name: api.example.test}").formatted(server.url(), resource("test-only-ca-cert.pem")),
          "{token: not-a-real-token}");
      run = stave("diff", "--cluster", bundle.toString(), "--kubeconfig", other.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the certificate of the server at " + server.url() + " does not name api.example.test,"
          + " the tls-server-name of the cluster 'lab' in " + other + ": set it to a name the certificate holds\n",
          run.err());
      assertEquals(List.of("stave-test", "api.example.test"), server.serverNames);
    }
  }

  @Test
  void aCertificateForTheServersAddressButNotItsTlsServerNameIsRefused() throws Exception {
    // The certificate names 127.0.0.1, the server's address; kubectl checks the tls-server-name only. (The
    // JDK's own check, with SNI and the HTTPS endpoint identification, would fall back to the address.)
    try (TlsServer server = new TlsServer("test-only-signed.p12", false).answering401()) {
      Path kubeconfig = tlsKubeconfig("address", ("{server: \"%s\", certificate-authority: \"%s\","
          + " tls-server-name: api.example.test}").formatted(server.url(), resource("test-only-ca-cert.pem")),
          "{token: not-a-real-token}");
      Run run = stave("diff", "--cluster", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the certificate of the server at " + server.url() + " does not name api.example.test,"
          + " the tls-server-name of the cluster 'lab' in " + kubeconfig + ": set it to a name the certificate"
          + " holds\n", run.err());
      assertEquals(1, server.connections.get(), "a certificate for another name is not tried again");
    }
  }

  /** As kubectl: an IP address, in brackets or not, is sent as no SNI and checked against the IP addresses. */
  @ParameterizedTest
  @ValueSource(strings = {"::1", "[::1]", "0:0:0:0:0:0:0:1"})
  void anIpv6TlsServerNameIsCheckedAgainstTheCertificatesAddresses(String name) throws Exception {
    try (TlsServer server = new TlsServer("test-only-ipv6.p12", false).answering401()) {
      Path kubeconfig = tlsKubeconfig("ipv6", ("{server: \"%s\", certificate-authority: \"%s\","
          + " tls-server-name: \"%s\"}").formatted(server.url(), resource("test-only-ca-2-cert.pem"), name),
          "{token: not-a-real-token}");
      Run run = stave("diff", "--cluster", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the Kubernetes API server at " + server.url() + " answered GET /api/v1/namespaces/surreal"
          + " with HTTP 401 Unauthorized: it refused the credentials of the user 'tester' in " + kubeconfig
          + "; check them (a token may have expired or be another cluster's)\n", run.err());
      assertEquals(List.of("-"), server.serverNames, "SNI cannot carry an IP address");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"::2", "[::2]"})
  void anIpv6TlsServerNameTheCertificateDoesNotHoldIsRefused(String name) throws Exception {
    try (TlsServer server = new TlsServer("test-only-ipv6.p12", false)) {
      Path kubeconfig = tlsKubeconfig("ipv6", ("{server: \"%s\", certificate-authority: \"%s\","
          + " tls-server-name: \"%s\"}").formatted(server.url(), resource("test-only-ca-2-cert.pem"), name),
          "{token: not-a-real-token}");
      Run run = stave("diff", "--cluster", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the certificate of the server at " + server.url() + " does not name " + name + ", the"
          + " tls-server-name of the cluster 'lab' in " + kubeconfig + ": set it to a name the certificate holds\n",
          run.err());
      assertEquals(1, server.connections.get(), "a certificate for another address is not tried again");
    }
  }

  @Test
  void anExpiredIntermediateCertificateIsNamedAsOneOfTheChain() throws Exception {
    try (TlsServer server = new TlsServer("test-only-expired-intermediate.p12", false)) {
      Path kubeconfig = tlsKubeconfig("intermediate", "{server: \"%s\", certificate-authority: \"%s\"}"
          .formatted(server.url(), resource("test-only-ca-2-cert.pem")), "{token: not-a-real-token}");
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: a certificate in the chain of the server at " + server.url() + " expired on"
          + " 2000-01-02T00:00:00Z; check this machine's clock, or have the certificate renewed (it is the server's,"
          + " not the kubeconfig's)\n", run.err());
      assertEquals(1, server.connections.get(), "a certificate out of its dates is not tried again");
    }
  }

  @Test
  void anAbsoluteTlsServerNameIsSentWithoutItsTrailingDot() throws Exception {
    try (TlsServer server = new TlsServer("test-only-named.p12", false).answering401()) {
      Path kubeconfig = tlsKubeconfig("absolute", ("{server: \"%s\", certificate-authority: \"%s\","
          + " tls-server-name: stave-test.}").formatted(server.url(), resource("test-only-ca-cert.pem")),
          "{token: not-a-real-token}");
      Run run = stave("diff", "--cluster", bundle.toString(), "--kubeconfig", kubeconfig.toString(), FAST);
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the Kubernetes API server at " + server.url() + " answered GET /api/v1/namespaces/surreal"
          + " with HTTP 401 Unauthorized: it refused the credentials of the user 'tester' in " + kubeconfig
          + "; check them (a token may have expired or be another cluster's)\n", run.err());
      assertEquals(List.of("stave-test"), server.serverNames, "SNI holds no trailing dot");
    }
  }

  @Test
  void refusedCredentialsEndTheRunAtTheFirstRefusal() {
    // Every request carries the same credentials: each object would fail alike, on a line of its own.
    api.fail(r -> r.startsWith("GET /api/v1/namespaces/surreal/services/"), 401, 100, null);
    Run run = stave("apply", bundle.toString(), FAST);
    assertEquals(4, run.code(), run.err());
    assertEquals("Namespace surreal: created\n", run.out());
    assertEquals("stave: the Kubernetes API server at " + api.url() + " answered GET"
        + " /api/v1/namespaces/surreal/services/cheetah-ppo-parameter-server with HTTP 401 Unauthorized: it refused"
        + " the credentials of the user 'tester' in " + env.get("KUBECONFIG").orElseThrow() + "; check them (a token"
        + " may have expired or be another cluster's)\n", run.err());
    assertEquals(1, api.requests().stream().filter(r -> r.contains("/services/")).count(), api.requests().toString());
  }

  @Test
  void anExecPluginIsNamedWithItsControlCharactersEscaped() throws IOException {
    Path plugin = kubeconfigWithUser(tmp.resolve("kube/plugin"), "{exec: {apiVersion:"
        + " client.authentication.k8s.io/v1beta1, command: \"/nonexistent/\\e[2Jplugin\"}}");
    Run run = stave("apply", bundle.toString(), "--kubeconfig", plugin.toString());
    assertEquals(4, run.code(), run.err());
    assertTrue(run.err().contains("the exec credential plugin '/nonexistent/\\u001b[2Jplugin' of the user 'tester'"),
        run.err());
    assertFalse(run.err().contains("\u001b"), run.err());
  }

  /** A kubeconfig for the fake API whose user entry is {@code user}, a YAML flow map. */
  private Path kubeconfigWithUser(Path file, String user) throws IOException {
    Files.createDirectories(file.getParent());
    return api.kubeconfig(file, user);
  }

  /**
   * kubectl sends basic auth when the username is not empty, with the password as it is, empty or missing;
   * client-java only with both, and sent such a user's requests without credentials. An empty username is no
   * basic auth to either.
   */
  @Test
  void basicAuthIsSentWhenTheUsernameIsNotEmptyAsKubectlSendsIt() throws IOException {
    Map<String, String> sent = new java.util.LinkedHashMap<>();
    for (String user : List.of("{username: u, password: pw}", "{username: u, password: \"\"}", "{username: u}",
        "{username: \"\", password: pw-secret}", "{password: pw-secret}")) {
      Path kubeconfig = kubeconfigWithUser(tmp.resolve("kube/basic-" + sent.size()), user);
      int before = api.authorizations().size();
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString());
      assertEquals(0, run.code(), run.err());
      List<String> all = api.authorizations();
      sent.put(user, String.join(",", all.subList(before, all.size()).stream().distinct().toList()));
    }
    assertEquals(Map.of("{username: u, password: pw}", "Basic dTpwdw==", "{username: u, password: \"\"}",
        "Basic dTo=", "{username: u}", "Basic dTo=", "{username: \"\", password: pw-secret}", "",
        "{password: pw-secret}", ""), sent);
  }

  /**
   * kubectl reads no credentials for an http:// server (client-go: "only try to read the auth information if
   * we are secure"); client-java sent the token or password in the clear, and ran the exec plugin.
   */
  @Test
  void noCredentialsAreSentToAnHttpServer() throws IOException {
    try (FakeKubeApi plain = new FakeKubeApi()) {
      List<String> users = List.of("{token: secret-token-value}", "{username: admin-name, password: secret-password}",
          "{tokenFile: token}", "{exec: {apiVersion: client.authentication.k8s.io/v1beta1, command:"
              + " /nonexistent/auth-plugin}}");
      Files.createDirectories(tmp.resolve("plain"));
      Files.writeString(tmp.resolve("plain/token"), "file-token\n");
      for (int i = 0; i < users.size(); i++) {
        Path kubeconfig = plain.kubeconfig(tmp.resolve("plain/config-" + i), users.get(i));
        Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString());
        assertEquals(0, run.code(), users.get(i) + ": " + run.err());
      }
      assertEquals(List.of(""), plain.authorizations().stream().distinct().toList());
      // A 401 says why nothing was sent, and names the user entry whose credentials were kept back.
      Path kubeconfig = plain.kubeconfig(tmp.resolve("plain/refused"), users.get(0));
      plain.fail(r -> r.startsWith("GET /api/v1/namespaces/surreal"), 401, 1, null);
      Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString());
      assertEquals(4, run.code(), run.err());
      assertEquals("stave: the Kubernetes API server at " + plain.url() + " answered GET /api/v1/namespaces/surreal"
          + " with HTTP 401 Unauthorized: it refused requests without credentials; the credentials of the user"
          + " 'tester' in " + kubeconfig + " are not sent to an http:// server, where they would cross the network in"
          + " the clear (kubectl sends none there either): set the server of the cluster 'fake' in " + kubeconfig
          + " to the API server's https:// address\n", run.err());
    }
  }

  @Test
  void aTokenWithBasicAuthIsRefusedBeforeAnyRequest() throws IOException {
    // client-java sent the basic auth and dropped the token; kubectl refuses the entry.
    Path both = kubeconfigWithUser(tmp.resolve("kube/both"), "{token: secret-token-value, username: admin-name}");
    Run run = stave("apply", bundle.toString(), "--kubeconfig", both.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals("<kubeconfig>:1:1: error: the user 'tester' in " + both + " sets both a bearer token (token) and"
        + " basic auth (username): a request carries one of them, and kubectl refuses the entry\n"
        + "  = hint: keep one: remove the token, or the username of the user\n", run.err());
    assertTrue(api.requests().isEmpty(), api.requests().toString());
  }

  @Test
  void aTokenFileIsReadFromTheKubeconfigsFolderWithoutItsLineBreak() throws IOException {
    Path kubeconfig = kubeconfigWithUser(tmp.resolve("kube/config"), "{tokenFile: token}");
    Files.writeString(tmp.resolve("kube/token"), "file-token\n");
    Run run = stave("apply", bundle.toString(), "--kubeconfig", kubeconfig.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of("Bearer file-token"), api.authorizations().stream().distinct().toList());
  }

  @Test
  void anEmptyTokenIsUnsetAsKubectlReadsIt() throws IOException {
    // client-go takes a token only when it is not empty, else the token file: client-java took the empty
    // token over both the token file and a failed exec plugin, and sent every request without credentials.
    Path alone = kubeconfigWithUser(tmp.resolve("kube/empty"), "{token: \"\"}");
    Run run = stave("apply", bundle.toString(), "--kubeconfig", alone.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of(""), api.authorizations().stream().distinct().toList());

    Path withFile = kubeconfigWithUser(tmp.resolve("kube/empty-and-file"), "{token: \"\", tokenFile: token}");
    Files.writeString(tmp.resolve("kube/token"), "file-token\n");
    int before = api.authorizations().size();
    run = stave("apply", bundle.toString(), "--kubeconfig", withFile.toString());
    assertEquals(0, run.code(), run.err());
    List<String> sent = api.authorizations();
    assertEquals(List.of("Bearer file-token"), sent.subList(before, sent.size()).stream().distinct().toList());

    Path plugin = kubeconfigWithUser(tmp.resolve("kube/empty-and-plugin"), "{token: \"\", exec: {apiVersion:"
        + " client.authentication.k8s.io/v1beta1, command: /nonexistent/auth-plugin}}");
    before = api.requests().size();
    run = stave("apply", bundle.toString(), "--kubeconfig", plugin.toString());
    assertEquals(4, run.code(), run.err());
    assertEquals("stave: cannot set up the credentials of the kubeconfig " + plugin + ": the exec credential plugin"
        + " '/nonexistent/auth-plugin' of the user 'tester' gave no credentials: it is missing, failed, or printed no"
        + " ExecCredential; run it yourself to see why\n", run.err());
    assertEquals(before, api.requests().size(), api.requests().toString());
  }

  @Test
  void credentialsThatCannotBeHadStopTheRunBeforeAnyRequest() throws IOException {
    Path missingToken = kubeconfigWithUser(tmp.resolve("kube/missing-token"), "{tokenFile: nowhere/token}");
    Run run = stave("apply", bundle.toString(), "--kubeconfig", missingToken.toString());
    assertEquals(4, run.code(), run.err());
    assertEquals("stave: cannot set up the credentials of the kubeconfig " + missingToken + ": the token file "
        + tmp.resolve("kube/nowhere/token") + " of the user 'tester' cannot be read\n", run.err());

    Path plugin = kubeconfigWithUser(tmp.resolve("kube/plugin"), "{exec: {apiVersion:"
        + " client.authentication.k8s.io/v1beta1, command: /nonexistent/auth-plugin, args: [--key, plugin-secret]}}");
    run = stave("apply", bundle.toString(), "--kubeconfig", plugin.toString());
    assertEquals(4, run.code(), run.err());
    assertEquals("stave: cannot set up the credentials of the kubeconfig " + plugin + ": the exec credential plugin"
        + " '/nonexistent/auth-plugin' of the user 'tester' gave no credentials: it is missing, failed, or printed no"
        + " ExecCredential; run it yourself to see why\n", run.err());

    Path lineBreak = kubeconfigWithUser(tmp.resolve("kube/line-break"), "{token: \"two\\nlines\"}");
    run = stave("apply", bundle.toString(), "--kubeconfig", lineBreak.toString());
    assertEquals(4, run.code(), run.err());
    assertEquals("stave: the kubeconfig's credentials for the authorization header hold a character that no request"
        + " can carry (a line break inside a token, a byte order mark, a non-ASCII character); check the token or"
        + " token file\n", run.err());
    assertTrue(api.requests().isEmpty(), api.requests().toString());
  }

  /** A kubeconfig for the fake API whose user's exec plugin never answers (client-java reads it to its end). */
  private Path hangingPlugin(String name) throws IOException {
    return kubeconfigWithUser(tmp.resolve("kube").resolve(name), "{exec: {apiVersion:"
        + " client.authentication.k8s.io/v1beta1, command: sleep, args: [\"987654\"]}}");
  }

  /**
   * Returns once no plugin of {@link #hangingPlugin} runs any more: stopped, not left behind. One left
   * behind runs for days: the wait fails at Run.HANG and kills it, so that neither it nor a thread waiting
   * for it outlives the test.
   */
  private static void awaitNoHangingPlugin() throws InterruptedException {
    List<ProcessHandle> plugins;
    try (java.util.stream.Stream<ProcessHandle> all = ProcessHandle.current().descendants()) {
      plugins = all.filter(p -> p.info().arguments().map(a -> List.of(a).equals(List.of("987654"))).orElse(false))
          .toList();
    }
    long end = System.nanoTime() + Run.HANG.toNanos();
    for (ProcessHandle plugin : plugins) {
      try {
        plugin.onExit().get(Math.max(0, end - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
      } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
        plugins.forEach(ProcessHandle::destroyForcibly);
        throw new AssertionError("a plugin was left running: " + plugin.info().commandLine().orElse("sleep 987654"));
      }
    }
  }

  @Test
  void anExecPluginThatHangsIsStoppedAtTheTimeout() throws IOException, InterruptedException {
    // Without the timeout, the run never ends; with it, the run ends the same way whether the plugin had
    // started or not by then, however slow the machine.
    Path plugin = hangingPlugin("hanging");
    Run run = assertTimeoutPreemptively(Run.HANG,
        () -> stave("apply", bundle.toString(), "--kubeconfig", plugin.toString(), "--timeout=2s"));
    assertEquals(4, run.code(), run.err());
    assertEquals("stave: cannot set up the credentials of the kubeconfig " + plugin + ": the exec credential plugin"
        + " 'sleep' of the user 'tester' gave none within --timeout 2s and was stopped; run it yourself to see why"
        + " (it may wait for a login or the network)\n", run.err());
    assertTrue(api.requests().isEmpty(), api.requests().toString());
    awaitNoHangingPlugin();
  }

  /**
   * apply of {@code objects} as the command line runs it, until {@code deadline}: on a clock the test moves,
   * it passes at a set point of the run, however slow the machine.
   */
  private Run applyUntil(Deadline deadline, List<KubeObject> objects, ClusterOptions cluster, boolean waitReady) {
    ApplyOptions options = new ApplyOptions(false, false, false, waitReady, deadline.timeout(),
        ApplyOptions.DEFAULT_POLL, RetryPolicy.DEFAULT);
    return Run.calling(env, context -> ApplyCommand.run(context, bundle, objects, cluster, options, deadline));
  }

  /**
   * A --timeout of 10m (the credentials and every request before have all the time they need) on a clock
   * that passes it once the fake has had {@code requests} requests. The clock is a millisecond short of it
   * while the last of them is sent, so that a request it cuts off waits only the few seconds any request
   * gets, not 10 minutes.
   */
  private Deadline passingAfter(int requests) {
    long end = Duration.ofMinutes(10).toNanos();
    return Deadline.after(Duration.ofMinutes(10), () -> {
      int had = api.requests().size();
      return had >= requests ? end : had == requests - 1 ? end - 1_000_000 : 0;
    });
  }

  private static final KubeObject NAMESPACE =
      KubeObject.of(Map.of("apiVersion", "v1", "kind", "Namespace", "metadata", Map.of("name", "surreal")));

  @Test
  void aServerThatAnswersByTheByteIsGivenUpAtTheTimeout() {
    api.trickle(r -> r.startsWith("PATCH /api/v1/namespaces/surreal?"));
    // Without a limit on each whole request, the run never ends.
    Run run = assertTimeoutPreemptively(Run.HANG,
        () -> applyUntil(passingAfter(2), List.of(NAMESPACE), new ClusterOptions(), false));
    assertEquals(4, run.code(), run.err());
    assertEquals("stave: stopped: --timeout 10m ran out while PATCH /api/v1/namespaces/surreal?fieldManager=stave"
        + " waited for its answer; raise --timeout to give the run longer\n", run.err());
    assertEquals("", run.out());
  }

  @Test
  void aLimitTheCommandLineDidNotGiveIsNamedForWhereItCameFrom() throws IOException, InterruptedException {
    Path namespace = bundle.resolve("01-namespace-surreal.yaml");
    Files.writeString(namespace, Files.readString(namespace)
        .replace("metadata:\n", "metadata:\n  annotations:\n    stave.dev/wait-timeout: \"2\"\n"));
    Path plugin = hangingPlugin("hanging");
    Run run = assertTimeoutPreemptively(Run.HANG, () -> stave("apply", bundle.toString(), "--kubeconfig",
        plugin.toString()));
    assertEquals(4, run.code(), run.err());
    assertEquals("stave: cannot set up the credentials of the kubeconfig " + plugin + ": the exec credential plugin"
        + " 'sleep' of the user 'tester' gave none within the bundle's stave.dev/wait-timeout of 2s and was stopped;"
        + " run it yourself to see why (it may wait for a login or the network)\n", run.err());
    awaitNoHangingPlugin();
  }

  @Test
  void theDeadlineIsNamedForWhereItsLimitCameFrom() {
    assertEquals("the default --timeout of 5m", new ClusterOptions().deadline(null).limit());
    assertEquals("the bundle's stave.dev/wait-timeout of 90s",
        new ClusterOptions().deadline(Duration.ofSeconds(90)).limit());
    ClusterOptions given = new ClusterOptions();
    given.timeout = Duration.ofSeconds(20);
    assertEquals("--timeout 20s", given.deadline(Duration.ofSeconds(90)).limit());
    assertEquals("stopped: the default --timeout of 5m ran out before GET /api/v1 was sent; raise --timeout to give"
        + " the run longer", new ClusterOptions().deadline(null).ranOutBefore("GET /api/v1").getMessage());
  }

  @Test
  void aRequestWhoseAnswerOutlastsTheTimeoutSaysTheTimeoutStoppedIt() {
    // The Namespace's PATCH is never answered, and the run's deadline has passed once the fake has it.
    api.stall(r -> r.startsWith("PATCH /api/v1/namespaces/surreal?"));
    Run run = applyUntil(passingAfter(2), List.of(NAMESPACE), new ClusterOptions(), false);
    assertEquals(4, run.code(), run.err());
    assertEquals("", run.out());
    assertEquals("stave: stopped: --timeout 10m ran out while PATCH /api/v1/namespaces/surreal?fieldManager=stave"
        + " waited for its answer; raise --timeout to give the run longer\n", run.err());
    assertEquals(List.of("GET /api/v1/namespaces/surreal", "PATCH /api/v1/namespaces/surreal?fieldManager=stave"),
        api.requests());
  }

  @Test
  void noRequestIsSentAfterTheTimeout() {
    // The deadline passes once the first object is applied. Each request after it would get a few seconds
    // of its own, and a bundle of many objects on a slow server would take that many times as long.
    KubeObject settings = KubeObject.of(Map.of("apiVersion", "v1", "kind", "ConfigMap",
        "metadata", Map.of("name", "settings", "namespace", "surreal"), "data", Map.of("a", "b")));
    Run run = applyUntil(passingAfter(2), List.of(NAMESPACE, settings), new ClusterOptions(), false);
    assertEquals(4, run.code());
    assertEquals("Namespace surreal: created\n", run.out());
    assertEquals("stave: stopped: --timeout 10m ran out before GET /api/v1/namespaces/surreal/configmaps/settings"
        + " was sent; raise --timeout to give the run longer\n", run.err());
    assertEquals(List.of("GET /api/v1/namespaces/surreal", "PATCH /api/v1/namespaces/surreal?fieldManager=stave"),
        api.requests());
  }

  @Test
  void pruneNeedsTheBundleLabel() throws IOException {
    Path plain = tmp.resolve("plain");
    Files.createDirectories(plain);
    Files.writeString(plain.resolve("cm.yaml"), """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
          namespace: default
        data:
          a: b
        """);
    Run run = stave("apply", plain.toString(), "--prune");
    assertEquals(1, run.code());
    assertTrue(run.err().contains("--prune needs objects labelled stave.dev/bundle, and no object in " + plain
        + " has that label"), run.err());
    assertTrue(api.requests().isEmpty());
  }

  @Test
  void dryRunTakesOnlyServer() {
    Run run = stave("apply", bundle.toString(), "--dry-run=client");
    assertEquals(2, run.code());
    assertEquals("stave: --dry-run takes the value 'server' (the API server checks everything and stores nothing)"
        + " and was given 'client': write --dry-run=server\n"
        + "Try 'stave apply --help' for more information.\n", run.err());
    assertTrue(api.requests().isEmpty());
  }

  /** A bare --dry-run before the bundle takes the bundle for its value: that is the error, not a missing bundle. */
  @Test
  void aBareDryRunBeforeTheBundleSaysHowToWriteIt() {
    Run run = stave("apply", "--dry-run", bundle.toString());
    assertEquals(2, run.code());
    assertEquals("", run.out());
    assertEquals("stave: --dry-run takes the value 'server' (the API server checks everything and stores nothing)"
        + " and was given '" + bundle + "': write --dry-run=server\n"
        + "Try 'stave apply --help' for more information.\n", run.err());
    assertTrue(api.requests().isEmpty());
  }

  /** A bare --dry-run after the bundle has no value, or an option for it: the same message says how to write it. */
  @Test
  void aBareDryRunAfterTheBundleSaysHowToWriteIt() {
    Run run = stave("apply", bundle.toString(), "--dry-run");
    assertEquals(2, run.code());
    assertEquals("", run.out());
    assertEquals("stave: --dry-run takes the value 'server' (the API server checks everything and stores nothing)"
        + " and was given none: write --dry-run=server\n"
        + "Try 'stave apply --help' for more information.\n", run.err());
    run = stave("apply", bundle.toString(), "--dry-run", "--prune");
    assertEquals(2, run.code());
    assertEquals("stave: --dry-run takes the value 'server' (the API server checks everything and stores nothing)"
        + " and was given '--prune': write --dry-run=server\n"
        + "Try 'stave apply --help' for more information.\n", run.err());
    assertTrue(api.requests().isEmpty());
    run = stave("apply", bundle.toString(), "--dry-run", "server");
    assertEquals(0, run.code(), run.err());
    assertEquals("7 created, 0 configured, 0 unchanged, 0 pruned, 0 failed (server dry run)", lines(run.out()).get(7));
  }
}

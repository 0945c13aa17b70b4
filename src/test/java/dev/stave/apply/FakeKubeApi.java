package dev.stave.apply;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.ToNumberPolicy;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * An HTTP-level stand-in for the Kubernetes API, enough for stave's client: namespaced and
 * cluster-scoped objects, GET and LIST with equality label selectors, server-side apply (applied
 * fields merged, lists atomic, leaf fields owned per field manager so that conflicts happen), DELETE,
 * resourceVersion that moves only on real changes, dryRun=All, injected failures, and workloads that
 * become ready after a number of reads. It is not a Kubernetes API server: no validation, no
 * admission, no field removal when an applier drops a field, no watch.
 */
public final class FakeKubeApi implements AutoCloseable {
  private static final Gson GSON = new GsonBuilder().setObjectToNumberStrategy(ToNumberPolicy.LONG_OR_DOUBLE)
      .disableHtmlEscaping().create();

  /** A failure served to the next {@code times} requests that match, instead of the normal answer. */
  private record Fault(Predicate<String> matches, int status, String retryAfter, int[] left, String contentType,
      byte[] body, String location) {}

  private final HttpServer server;
  private final TreeMap<String, Map<String, Object>> objects = new TreeMap<>();
  private final Map<String, Map<String, Set<String>>> owners = new HashMap<>();
  private final Map<String, Integer> reads = new HashMap<>();
  private final List<Fault> faults = new ArrayList<>();
  private final List<Predicate<String>> stalls = new ArrayList<>();
  private final List<Predicate<String>> trickles = new ArrayList<>();
  private boolean closed;
  private final List<String> requests = new ArrayList<>();
  private final List<String> authorizations = new ArrayList<>();
  private final List<String> proxyAuthorizations = new ArrayList<>();
  private final Map<String, Object> discovery = new HashMap<>();
  private long resourceVersion = 1000;
  private long uids;
  private int readyAfterReads = -1;
  private final Map<String, Long> readyAtMost = new java.util.HashMap<>();

  /** Whether this server speaks HTTPS, with the test-only certificate for 127.0.0.1 (src/test/resources/tls). */
  private final boolean tls;

  public FakeKubeApi() throws IOException {
    this(false);
  }

  /**
   * Over HTTPS when {@code tls}: kubectl, and so stave, sends a user's credentials to an https:// server
   * only, and its kubeconfig names the test-only authority that signed the server's certificate.
   */
  public FakeKubeApi(boolean tls) throws IOException {
    this.tls = tls;
    // Headers and body go out as two small writes; without TCP_NODELAY, Nagle's algorithm and delayed
    // ACKs add 40 ms to every response.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    if (tls) {
      HttpsServer secure = HttpsServer.create(address, 0);
      secure.setHttpsConfigurator(new HttpsConfigurator(serverContext()));
      server = secure;
    } else {
      server = HttpServer.create(address, 0);
    }
    server.createContext("/", this::handle);
    server.start();
  }

  /** The TLS settings of the server certificate for IP 127.0.0.1 that the test-only authority signed. */
  private static SSLContext serverContext() throws IOException {
    char[] password = "test-only".toCharArray();
    try (InputStream in = FakeKubeApi.class.getResourceAsStream("/tls/test-only-signed.p12")) {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(in, password);
      KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      keys.init(store, password);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(keys.getKeyManagers(), null, null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IOException(e);
    }
  }

  /** The test-only authority's certificate, as a file a kubeconfig's certificate-authority can name. */
  public static String authority() {
    try {
      return Path.of(FakeKubeApi.class.getResource("/tls/test-only-ca-cert.pem").toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  public String url() {
    return (tls ? "https" : "http") + "://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Writes a kubeconfig whose current context, "fake", is this server, with a token user. */
  public Path kubeconfig(Path file) throws IOException {
    return kubeconfig(file, "{token: not-a-real-token}");
  }

  /** The same with the given user entry, a YAML flow map (a client certificate, say). */
  public Path kubeconfig(Path file, String user) throws IOException {
    Files.writeString(file, """
        apiVersion: v1
        kind: Config
        current-context: fake
        clusters:
        - name: fake
          cluster: {server: "%s"%s}
        users:
        - name: tester
          user: %s
        contexts:
        - name: fake
          context: {cluster: fake, user: tester}
        """.formatted(url(), tls ? ", certificate-authority: \"" + authority() + "\"" : "", user),
        StandardCharsets.UTF_8);
    return file;
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
      notifyAll(); // a stalled request ends, or stop would wait for it for ever
    }
    server.stop(0);
  }

  /** The next {@code times} requests whose "METHOD path?query" matches get {@code status}. */
  public synchronized void fail(Predicate<String> matches, int status, int times, String retryAfter) {
    faults.add(new Fault(matches, status, retryAfter, new int[] {times}, null, null, null));
  }

  /**
   * The next {@code times} requests that match get {@code status} with this body as it is (what a proxy, a
   * web page or a broken server may send instead of a Kubernetes object).
   */
  public synchronized void answer(Predicate<String> matches, int status, int times, String contentType, String body) {
    faults.add(new Fault(matches, status, null, new int[] {times}, contentType, body.getBytes(StandardCharsets.UTF_8),
        null));
  }

  /**
   * Every request that matches is held unanswered until this fake is closed: a server that never answers,
   * so that the client's own limit must end the request, however slow the machine. The server answers
   * nothing else meanwhile.
   */
  public synchronized void stall(Predicate<String> matches) {
    stalls.add(matches);
  }

  /**
   * Every request that matches is answered one byte a tenth of a second, until this fake is closed: each
   * read gets a byte in time, so only a limit on the whole request ends it. The server answers nothing
   * else meanwhile.
   */
  public synchronized void trickle(Predicate<String> matches) {
    trickles.add(matches);
  }

  /** Every request that matches is redirected with {@code status} to {@code location}. */
  public synchronized void redirect(Predicate<String> matches, int status, String location) {
    faults.add(new Fault(matches, status, null, new int[] {Integer.MAX_VALUE}, null, null, location));
  }

  /**
   * Serves the discovery document of a group version (as {@code GET /apis/GROUP/VERSION} gives it)
   * listing one kind, so that objects of that kind can be applied under {@code plural}.
   */
  public synchronized void serve(String apiVersion, String kind, String plural, boolean namespaced) {
    discovery.put("/apis/" + apiVersion, Map.of("kind", "APIResourceList", "groupVersion", apiVersion,
        "resources", List.of(Map.of("name", plural, "kind", kind, "namespaced", namespaced, "verbs",
            List.of("get", "list", "patch", "delete")))));
  }

  /** Deployments, StatefulSets and Pods report ready, Jobs and DaskJobs started, from their {@code n}-th read on. */
  public synchronized void readyAfterReads(int n) {
    readyAfterReads = n;
  }

  /** Once ready, the Deployment or StatefulSet {@code name} has at most {@code n} ready replicas. */
  public synchronized void readyAtMost(String name, long n) {
    readyAtMost.put(name, n);
  }

  public synchronized List<String> requests() {
    return List.copyOf(requests);
  }

  /** The Authorization header of every request, in order ("" for none). */
  public synchronized List<String> authorizations() {
    return List.copyOf(authorizations);
  }

  /** The Proxy-Authorization header of every request, in order ("" for none): a proxy's, never the server's. */
  public synchronized List<String> proxyAuthorizations() {
    return List.copyOf(proxyAuthorizations);
  }

  /** Stored objects by "path prefix|plural|namespace|name". */
  public synchronized Set<String> keys() {
    return new java.util.TreeSet<>(objects.keySet());
  }

  public synchronized Map<String, Object> object(String prefix, String plural, String namespace, String name) {
    return objects.get(key(prefix, plural, namespace, name));
  }

  /** Stores an object as if another tool had written it, owning all its fields. */
  @SuppressWarnings("unchecked")
  public synchronized void seed(String prefix, String plural, String manager, Map<String, Object> object) {
    Map<String, Object> metadata = (Map<String, Object>) object.get("metadata");
    String key = key(prefix, plural, (String) metadata.get("namespace"), (String) metadata.get("name"));
    Map<String, Object> copy = copy(object);
    stamp(copy, true);
    objects.put(key, copy);
    owners.computeIfAbsent(key, k -> new HashMap<>()).put(manager, leaves(object));
  }

  private static String key(String prefix, String plural, String namespace, String name) {
    return prefix + "|" + plural + "|" + (namespace == null ? "" : namespace) + "|" + name;
  }

  private synchronized void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String method = exchange.getRequestMethod();
      String raw = exchange.getRequestURI().getRawPath();
      String query = exchange.getRequestURI().getRawQuery();
      String line = method + " " + raw + (query == null ? "" : "?" + query);
      requests.add(line);
      authorizations.add(Objects.requireNonNullElse(exchange.getRequestHeaders().getFirst("Authorization"), ""));
      proxyAuthorizations.add(
          Objects.requireNonNullElse(exchange.getRequestHeaders().getFirst("Proxy-Authorization"), ""));
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      if (stalls.stream().anyMatch(s -> s.test(line))) {
        while (pause(0)) {
          // unanswered until closed (wait may wake early)
        }
        return;
      }
      if (trickles.stream().anyMatch(t -> t.test(line))) {
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, 100_000_000);
        try {
          while (pause(100)) {
            exchange.getResponseBody().write(' ');
            exchange.getResponseBody().flush();
          }
        } catch (IOException hungUp) {
          // the client gave up on it
        }
        return;
      }
      for (Fault f : faults) {
        if (f.left()[0] > 0 && f.matches().test(line)) {
          f.left()[0]--;
          if (f.retryAfter() != null) {
            exchange.getResponseHeaders().add("Retry-After", f.retryAfter());
          }
          if (f.location() != null) {
            exchange.getResponseHeaders().add("Location", f.location());
          }
          if (f.body() != null) {
            exchange.getResponseHeaders().add("Content-Type", f.contentType());
            exchange.sendResponseHeaders(f.status(), f.body().length);
            exchange.getResponseBody().write(f.body());
          } else {
            send(exchange, f.status(), status(f.status(), "Injected", "injected failure"));
          }
          return;
        }
      }
      Map<String, String> params = params(query);
      if (method.equals("GET") && discovery.containsKey(raw)) {
        send(exchange, 200, discovery.get(raw));
        return;
      }
      Route route = Route.parse(raw);
      if (route == null) {
        send(exchange, 404, status(404, "NotFound", "the server could not find the requested resource"));
        return;
      }
      String key = key(route.prefix, route.plural, route.namespace, route.name);
      boolean dryRun = "All".equals(params.get("dryRun"));
      switch (method) {
        case "GET" -> {
          if (route.name == null) {
            send(exchange, 200, list(route, params.get("labelSelector")));
          } else if (objects.containsKey(key)) {
            send(exchange, 200, read(key, route.plural));
          } else {
            send(exchange, 404, status(404, "NotFound", route.plural + " \"" + route.name + "\" not found"));
          }
        }
        case "PATCH" -> {
          if (!"application/apply-patch+yaml".equals(exchange.getRequestHeaders().getFirst("Content-Type"))) {
            send(exchange, 415, status(415, "UnsupportedMediaType", "only server-side apply is served"));
            return;
          }
          apply(exchange, key, route, params.get("fieldManager"), "true".equals(params.get("force")), dryRun, body);
        }
        case "DELETE" -> {
          if (!objects.containsKey(key)) {
            send(exchange, 404, status(404, "NotFound", route.plural + " \"" + route.name + "\" not found"));
            return;
          }
          if (!dryRun) {
            objects.remove(key);
            owners.remove(key);
          }
          send(exchange, 200, status(200, "", "deleted"));
        }
        default -> send(exchange, 405, status(405, "MethodNotAllowed", method));
      }
    } catch (RuntimeException e) {
      // A broken fake shows as a 500 the test will notice; print why.
      e.printStackTrace();
      throw e;
    }
  }

  /**
   * Waits {@code millis} (0: until closed) and says whether this fake is still open. It waits rather than
   * sleeps: that lets go of the fake, so that a test can read its requests meanwhile.
   */
  private synchronized boolean pause(long millis) {
    if (!closed) {
      try {
        wait(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return !closed;
  }

  @SuppressWarnings("unchecked")
  private void apply(HttpExchange exchange, String key, Route route, String manager, boolean force, boolean dryRun,
      String body) throws IOException {
    if (manager == null || manager.isEmpty()) {
      send(exchange, 400, status(400, "BadRequest", "fieldManager is required for apply"));
      return;
    }
    Map<String, Object> applied = GSON.fromJson(body, Map.class);
    Map<String, Object> live = objects.get(key);
    Map<String, Set<String>> owned = owners.computeIfAbsent(key, k -> new HashMap<>());
    Set<String> fields = leaves(applied);
    if (live != null) {
      Map<String, String> conflicts = new TreeMap<>();
      for (Map.Entry<String, Set<String>> other : owned.entrySet()) {
        if (other.getKey().equals(manager)) {
          continue;
        }
        for (String f : fields) {
          if (other.getValue().contains(f) && !Objects.equals(at(live, f), at(applied, f))) {
            conflicts.put(f, other.getKey());
          }
        }
      }
      if (!conflicts.isEmpty() && !force) {
        List<Object> causes = new ArrayList<>();
        conflicts.forEach((f, m) -> causes.add(Map.of("reason", "FieldManagerConflict",
            "message", "conflict with \"" + m + "\"", "field", "." + f)));
        Map<String, Object> status = status(409, "Conflict", "Apply failed with " + conflicts.size()
            + " conflict(s): conflict with \"" + conflicts.values().iterator().next() + "\"");
        status.put("details", Map.of("causes", causes));
        send(exchange, 409, status);
        return;
      }
    }
    Map<String, Object> merged = live == null ? new LinkedHashMap<>() : copy(live);
    merge(merged, applied);
    boolean created = live == null;
    if (created) {
      defaults(route.plural, merged);
      stamp(merged, false);
    } else if (!comparable(merged).equals(comparable(live))) {
      Map<String, Object> metadata = (Map<String, Object>) merged.get("metadata");
      metadata.put("resourceVersion", Long.toString(++resourceVersion));
      metadata.put("generation", ((Number) metadata.getOrDefault("generation", 1L)).longValue() + 1);
    }
    if (!dryRun) {
      for (Set<String> other : owned.values()) {
        if (force) {
          other.removeAll(fields);
        }
      }
      owned.put(manager, fields);
      managedFields(merged, owned);
      objects.put(key, merged);
    } else if (created) {
      owners.remove(key);
    }
    send(exchange, created ? 201 : 200, merged);
  }

  @SuppressWarnings("unchecked")
  private static void managedFields(Map<String, Object> object, Map<String, Set<String>> owned) {
    List<Object> entries = new ArrayList<>();
    new TreeMap<>(owned).forEach((m, f) -> entries.add(Map.of("manager", m, "operation", "Apply",
        "fieldsType", "FieldsV1", "fieldsV1", Map.of("count", f.size()))));
    ((Map<String, Object>) object.get("metadata")).put("managedFields", entries);
  }

  /** What a real server adds on create that the applier did not set. */
  @SuppressWarnings("unchecked")
  private static void defaults(String plural, Map<String, Object> object) {
    if (plural.equals("deployments")) {
      Map<String, Object> spec = (Map<String, Object>) object.computeIfAbsent("spec", k -> new LinkedHashMap<>());
      spec.putIfAbsent("progressDeadlineSeconds", 600L);
      spec.putIfAbsent("revisionHistoryLimit", 10L);
      object.put("status", new LinkedHashMap<>(Map.of("replicas", 0L)));
    }
  }

  @SuppressWarnings("unchecked")
  private void stamp(Map<String, Object> object, boolean seeded) {
    Map<String, Object> metadata = (Map<String, Object>) object.computeIfAbsent("metadata", k -> new LinkedHashMap<>());
    metadata.put("uid", "uid-" + (++uids));
    metadata.put("resourceVersion", Long.toString(++resourceVersion));
    metadata.put("creationTimestamp", "2026-01-01T00:00:00Z");
    metadata.put("generation", 1L);
    if (seeded) {
      metadata.put("annotations", new LinkedHashMap<>(Map.of(
          "kubectl.kubernetes.io/last-applied-configuration", "{}")));
    }
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> read(String key, String plural) {
    Map<String, Object> object = objects.get(key);
    int n = reads.merge(key, 1, Integer::sum);
    if (readyAfterReads >= 0 && n >= readyAfterReads) {
      Map<String, Object> spec = (Map<String, Object>) object.getOrDefault("spec", Map.of());
      long replicas = spec.get("replicas") instanceof Number r ? r.longValue() : 1L;
      Map<String, Object> metadata = (Map<String, Object>) object.get("metadata");
      switch (plural) {
        case "deployments", "statefulsets" -> {
          long ready = Math.min(replicas, readyAtMost.getOrDefault((String) metadata.get("name"), replicas));
          object.put("status", new LinkedHashMap<>(Map.of(
              "observedGeneration", metadata.get("generation"), "replicas", replicas, "updatedReplicas", replicas,
              "readyReplicas", ready, "availableReplicas", ready)));
        }
        case "daskjobs" -> object.put("status", new LinkedHashMap<>(Map.of("jobStatus", "Running")));
        case "jobs" -> object.put("status", new LinkedHashMap<>(Map.of("active", 1L)));
        case "pods" -> object.put("status", new LinkedHashMap<>(Map.of("phase", "Running",
            "conditions", List.of(Map.of("type", "Ready", "status", "True")))));
        default -> { }
      }
    }
    return object;
  }

  private Map<String, Object> list(Route route, String selector) {
    Map<String, String> wanted = new TreeMap<>();
    if (selector != null && !selector.isEmpty()) {
      for (String term : selector.split(",")) {
        String[] kv = term.split("=", 2);
        wanted.put(kv[0], kv.length > 1 ? kv[1] : "");
      }
    }
    List<Object> items = new ArrayList<>();
    String prefix = route.prefix + "|" + route.plural + "|";
    for (Map.Entry<String, Map<String, Object>> e : objects.entrySet()) {
      if (!e.getKey().startsWith(prefix)) {
        continue;
      }
      String[] parts = e.getKey().split("\\|", -1);
      if (route.namespace != null && !route.namespace.equals(parts[2])) {
        continue;
      }
      if (matches(e.getValue(), wanted)) {
        Map<String, Object> item = copy(e.getValue());
        item.remove("apiVersion");
        item.remove("kind");
        items.add(item);
      }
    }
    return new LinkedHashMap<>(Map.of("kind", "List", "apiVersion", "v1", "items", items));
  }

  private static boolean matches(Map<String, Object> object, Map<String, String> wanted) {
    Object labels = at(object, "metadata.labels");
    for (Map.Entry<String, String> w : wanted.entrySet()) {
      if (!(labels instanceof Map<?, ?> m) || !w.getValue().equals(m.get(w.getKey()))) {
        return false;
      }
    }
    return true;
  }

  private static Map<String, Object> comparable(Map<String, Object> object) {
    Map<String, Object> copy = copy(object);
    copy.remove("status");
    if (copy.get("metadata") instanceof Map<?, ?> m) {
      m.remove("resourceVersion");
      m.remove("managedFields");
      m.remove("generation");
    }
    return copy;
  }

  /** Leaf field paths, dot-joined; lists are atomic leaves, identity fields are nobody's. */
  private static Set<String> leaves(Map<String, Object> object) {
    Set<String> out = new LinkedHashSet<>();
    collect("", object, out);
    out.removeAll(Set.of("apiVersion", "kind", "metadata.name", "metadata.namespace"));
    return out;
  }

  private static void collect(String path, Object value, Set<String> out) {
    if (value instanceof Map<?, ?> m && !m.isEmpty()) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        collect(path.isEmpty() ? String.valueOf(e.getKey()) : path + "." + e.getKey(), e.getValue(), out);
      }
    } else {
      out.add(path);
    }
  }

  private static Object at(Map<String, Object> object, String path) {
    Object node = object;
    for (String part : path.split("\\.")) {
      if (!(node instanceof Map<?, ?> m)) {
        return null;
      }
      node = m.get(part);
    }
    return node;
  }

  @SuppressWarnings("unchecked")
  private static void merge(Map<String, Object> into, Map<String, Object> patch) {
    for (Map.Entry<String, Object> e : patch.entrySet()) {
      if (e.getValue() instanceof Map<?, ?> p && into.get(e.getKey()) instanceof Map<?, ?> existing) {
        Map<String, Object> child = new LinkedHashMap<>((Map<String, Object>) existing);
        merge(child, (Map<String, Object>) p);
        into.put(e.getKey(), child);
      } else {
        into.put(e.getKey(), e.getValue() instanceof Map<?, ?> || e.getValue() instanceof List<?>
            ? GSON.fromJson(GSON.toJson(e.getValue()), Object.class) : e.getValue());
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> copy(Map<String, Object> object) {
    return GSON.fromJson(GSON.toJson(object), LinkedHashMap.class);
  }

  private static Map<String, Object> status(int code, String reason, String message) {
    Map<String, Object> status = new LinkedHashMap<>();
    status.put("kind", "Status");
    status.put("apiVersion", "v1");
    status.put("status", code < 300 ? "Success" : "Failure");
    status.put("message", message);
    status.put("reason", reason);
    status.put("code", code);
    return status;
  }

  private static void send(HttpExchange exchange, int code, Object body) throws IOException {
    byte[] bytes = GSON.toJson(body).getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(code, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  private static Map<String, String> params(String query) {
    Map<String, String> out = new HashMap<>();
    if (query != null) {
      for (String pair : query.split("&")) {
        String[] kv = pair.split("=", 2);
        out.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
            kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "");
      }
    }
    return out;
  }

  /** /api/v1/... or /apis/group/version/..., then [namespaces/NS/]plural[/name]. */
  private record Route(String prefix, String namespace, String plural, String name) {
    static Route parse(String path) {
      String[] s = path.substring(1).split("/");
      int start;
      String prefix;
      if (s.length >= 2 && s[0].equals("api")) {
        prefix = "/api/" + s[1];
        start = 2;
      } else if (s.length >= 3 && s[0].equals("apis")) {
        prefix = "/apis/" + s[1] + "/" + s[2];
        start = 3;
      } else {
        return null;
      }
      List<String> rest = new ArrayList<>(List.of(s).subList(start, s.length));
      rest.replaceAll(x -> URLDecoder.decode(x, StandardCharsets.UTF_8));
      if (rest.size() >= 3 && rest.get(0).equals("namespaces")) {
        return new Route(prefix, rest.get(1), rest.get(2), rest.size() > 3 ? rest.get(3) : null);
      }
      if (rest.isEmpty()) {
        return null;
      }
      return new Route(prefix, null, rest.get(0), rest.size() > 1 ? rest.get(1) : null);
    }
  }
}

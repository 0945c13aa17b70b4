package dev.stave.apply.client;

import dev.stave.apply.ClusterFailure;
import dev.stave.apply.Deadline;
import dev.stave.apply.KubeTransport;
import dev.stave.config.Env;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Printable;
import dev.stave.diag.UserError;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.util.ClientBuilder;
import io.kubernetes.client.util.KubeConfig;
import io.kubernetes.client.util.credentials.UsernamePasswordAuthentication;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Finds the user's kubeconfig as kubectl does ({@code --kubeconfig}, then the files of
 * {@code $KUBECONFIG} merged, then {@code ~/.kube/config}), selects the context and builds the
 * transport with client-java, which handles certificates, tokens and exec auth plugins.
 *
 * <p>Commands reach it through {@link dev.stave.apply.ClusterLibraries}, whose class loader defines
 * this package: it may use only public stave classes outside it.
 */
public final class Kubeconfig {
  // The file paths a kubeconfig entry may hold, which kubectl reads relative to the entry's own file.
  private static final Map<String, List<String>> FILE_FIELDS = Map.of(
      "cluster", List.of("certificate-authority"),
      "user", List.of("client-certificate", "client-key", "tokenFile"));
  // The keys that kubectl (client-go's clientcmd, which tests len(...) > 0) reads as unset when empty.
  // client-java reads an empty file key as a file named "" (the kubeconfig's folder, which cannot be read)
  // and empty data as an empty certificate authority ("expected non-empty set of trusted certificates").
  // An empty token it sends as no header, but takes it over the tokenFile and over a failed exec plugin
  // (KubeConfig.getCredentials checks only that the key is there): kubectl reads the tokenFile then, and
  // stops on the plugin's failure, where client-java would send every request without credentials.
  private static final Map<String, List<String>> UNSET_WHEN_EMPTY = Map.of(
      "cluster", List.of("certificate-authority", "certificate-authority-data"),
      "user", List.of("client-certificate", "client-certificate-data", "client-key", "client-key-data",
          "token", "tokenFile"));

  private Kubeconfig() {}

  /**
   * The files to read: the explicit one, else every file listed in $KUBECONFIG that exists (kubectl
   * skips the others; all of them when none exists, so the message names them), else ~/.kube/config.
   */
  static List<Path> locate(Path explicit, Env env) {
    if (explicit != null) {
      return List.of(explicit);
    }
    List<Path> listed = new ArrayList<>();
    for (String entry : env.get("KUBECONFIG").orElse("").split(File.pathSeparator)) {
      if (!entry.isBlank() && !listed.contains(Path.of(entry))) {
        listed.add(Path.of(entry));
      }
    }
    if (listed.isEmpty()) {
      return List.of(Path.of(env.home(), ".kube", "config"));
    }
    List<Path> present = listed.stream().filter(Files::isRegularFile).toList();
    return present.isEmpty() ? listed : present;
  }

  /**
   * A transport for the selected context; bad files and unknown contexts are user errors. The credentials
   * and every request get only what is left of the run's {@code deadline}.
   */
  public static KubeTransport open(Path explicit, String context, Env env, Deadline deadline) {
    return open(explicit, context, env, deadline, () -> {});
  }

  /** {@code beforeCredentials} runs on the credentials' thread before they are had (tests hold it there). */
  static KubeTransport open(Path explicit, String context, Env env, Deadline deadline, Runnable beforeCredentials) {
    List<Path> files = locate(explicit, env);
    String where = String.join(File.pathSeparator, files.stream().map(Path::toString).toList());
    if (!Files.isRegularFile(files.get(0))) {
      throw problem(where, "kubeconfig-missing", "there is no kubeconfig at " + where,
          "pass --kubeconfig FILE, set KUBECONFIG, or create ~/.kube/config (e.g. with your cloud's CLI)");
    }
    // One file too goes through merge: it makes relative paths absolute, which client-java does for
    // certificates but not for a tokenFile (read from the working folder, and so not found).
    CheckedKubeConfig config = merge(files);
    restoreLocale(config.getUsers(), env);
    List<String> names = contextNames(config);
    if (context != null) {
      if (!names.contains(context) || !config.setContext(context)) {
        throw problem(where, "unknown-context", "the kubeconfig " + where + " has no context '" + context + "'",
            names.isEmpty() ? "add a context to the kubeconfig" : "contexts: " + String.join(", ", names));
      }
    } else if (config.getCurrentContext() == null || config.getCurrentContext().isEmpty()) {
      throw problem(where, "no-current-context", "the kubeconfig " + where + " has no current-context",
          names.isEmpty() ? "add a context to the kubeconfig"
              : "pass --kube-context (contexts: " + String.join(", ", names) + ")");
    } else if (!names.contains(config.getCurrentContext())) {
      // client-java would go on without a context, and the run would end at "no cluster with a server".
      String current = Printable.inMessage(config.getCurrentContext());
      throw problem(where, "unknown-context",
          "the current-context '" + current + "' of the kubeconfig " + where + " names no context in it",
          names.isEmpty() ? "add a context to the kubeconfig"
              : "pass --kube-context, or set current-context to one of: " + String.join(", ", names));
    }
    String selected = context != null ? context : config.getCurrentContext();
    // client-java goes on without an entry the context names but the file lacks: a missing user would
    // send every request anonymous, to fail with 401 or 403 for 'system:anonymous'. kubectl refuses both.
    requireEntry(config, config.getClusters(), "cluster", selected, where);
    requireEntry(config, config.getUsers(), "user", selected, where);
    String server;
    try {
      server = config.getServer();
    } catch (RuntimeException e) {
      throw malformed(where);
    }
    if (server == null || server.isBlank()) {
      throw problem(where, "no-server", "the context '" + (context != null ? context : config.getCurrentContext())
          + "' in " + where + " names no cluster with a server", "check the context's cluster entry");
    }
    checkCertificatePair(config, where);
    checkCertificates(config, where);
    checkCredentialText(config, where);
    checkOneCredential(config, where);
    checkTlsServerNameText(config, where);
    // The checks above are kubectl's too (client-go's ConfirmUsable runs whatever the scheme); what follows
    // is not done over http://.
    String withheld = plainHttp(server) ? withoutCredentials(config, where) : null;
    ApiClient client = build(config, deadline, where, beforeCredentials);
    String username = usernameWithoutPassword(config);
    if (username != null) {
      new UsernamePasswordAuthentication(username, "").provide(client);
    }
    // Requests are made against this address; the HTTP client would refuse it only at the first one,
    // with an exception that is no diagnostic. (Not quoted: it is the user's file, and may hold anything.)
    if (okhttp3.HttpUrl.parse(client.getBasePath()) == null) {
      throw problem(where, "bad-server", "the server of the context '"
          + (context != null ? context : config.getCurrentContext()) + "' in " + where
          + " is not an http:// or https:// address", "check the cluster's server, e.g. https://203.0.113.5:6443");
    }
    Proxies.Chosen proxy = proxy(config, okhttp3.HttpUrl.parse(client.getBasePath()), env, where);
    boolean authority = config.getCertificateAuthorityData() != null || config.getCertificateAuthorityFile() != null;
    String user = config.contextField("user");
    String credentials = user == null || user.isEmpty()
        ? "requests without credentials, as the context '" + Printable.inMessage(selected) + "' in " + where
            + " names no user"
        : "the credentials of " + config.credentialSource() + " in " + where;
    boolean clientCertificate = config.getClientCertificateData() != null
        || config.getClientCertificateFile() != null;
    // client-java takes the user entry's own certificate over the one its exec plugin gives, but only with
    // its key (KubeconfigAuthentication): an entry that names a certificate alone has the plugin's used.
    boolean ownPair = clientCertificate && (config.getClientKeyData() != null || config.getClientKeyFile() != null);
    String certificatePlugin = !ownPair && config.execCertificate
        ? config.credentialSource() + " in " + where : null;
    return new HttpTransport(client, deadline, clusterEntry(config, where), authority, credentials,
        user == null || user.isEmpty() ? null : "the user '" + Printable.inMessage(user) + "' in " + where,
        clientCertificate || certificatePlugin != null, certificatePlugin, tlsServerName(config), withheld, proxy);
  }

  /**
   * The proxy of the requests, with kubectl's precedence: the cluster entry's proxy-url (client-go's clientcmd
   * sets it as the transport's proxy), else HTTPS_PROXY, HTTP_PROXY and NO_PROXY as Go reads them (client-go's
   * default, http.ProxyFromEnvironment), else none. A proxy-url that cannot be used is invalid input; so is a
   * proxy variable, though it is no kubeconfig's: the run would not reach the server without it.
   */
  private static Proxies.Chosen proxy(CheckedKubeConfig config, okhttp3.HttpUrl server, Env env, String where) {
    Map<?, ?> cluster = config.currentCluster();
    Object value = cluster == null ? null : cluster.get("proxy-url");
    if (value != null && !(value instanceof String)) {
      throw problem(where, "kubeconfig-not-text", "the proxy-url of " + clusterEntry(config, where)
          + " is not text: YAML reads it as " + readAs(value), "quote it: proxy-url: \"...\"");
    }
    if (value instanceof String text && !text.isEmpty()) { // empty is unset, as to kubectl
      try {
        return new Proxies.Chosen(Proxies.proxyUrl(text), "the proxy-url of " + clusterEntry(config, where));
      } catch (Proxies.Refused e) {
        throw problem(where, "kubeconfig-bad-proxy-url", "the proxy-url of " + clusterEntry(config, where) + " "
            + e.getMessage(), "set it to http://HOST:PORT or socks5://HOST:PORT, or remove it");
      }
    }
    try {
      Proxies.Address address = Proxies.fromEnvironment(server, env);
      return address == null ? null : new Proxies.Chosen(address, Proxies.variables(server));
    } catch (Proxies.Refused e) {
      throw new UserError(Diagnostic.error(Origin.of("<environment>"), "", "bad-proxy", e.getMessage(),
          "set it to http://HOST:PORT or socks5://HOST:PORT, or unset it"));
    }
  }

  /** The keys of a user entry that give credentials: none of them is read for an http:// server. */
  private static final List<String> CREDENTIAL_KEYS = List.of("token", "tokenFile", "username", "password", "exec",
      "auth-provider", "client-certificate", "client-certificate-data", "client-key", "client-key-data");

  /** Whether {@code server} is an http:// address (not https://): one that client-java could read at all. */
  private static boolean plainHttp(String server) {
    okhttp3.HttpUrl url = okhttp3.HttpUrl.parse(server);
    return url != null && !url.isHttps();
  }

  /**
   * Takes the credentials out of the context's user entry, as kubectl reads none for an http:// server
   * (client-go's DirectClientConfig.ClientConfig reads the user's auth information only when the server is
   * https://: "only try to read the auth information if we are secure"). client-java sent a token or a
   * password in the clear, where anyone on the way could read and replay it, and ran an exec plugin for
   * them. Returns the user entry whose credentials were taken out, for the message of a 401, or null when
   * it had none.
   */
  private static String withoutCredentials(CheckedKubeConfig config, String where) {
    Map<?, ?> user = config.currentUser();
    if (user == null || CREDENTIAL_KEYS.stream().noneMatch(user::containsKey)) {
      return null;
    }
    user.keySet().removeAll(CREDENTIAL_KEYS);
    return "the user '" + Printable.inMessage(String.valueOf(config.contextField("user"))) + "' in " + where;
  }

  /**
   * The client, with its credentials, within what is left of the run's --timeout. client-java runs an
   * exec plugin and reads its output to the end with no limit, so a plugin that hangs (waiting for a
   * login, a network, or for ever) would hold the run for ever: the client is built on a thread of its
   * own, and at the deadline the plugin is stopped and the run ends with exit 4.
   */
  private static ApiClient build(CheckedKubeConfig config, Deadline deadline, String where,
      Runnable beforeCredentials) {
    Set<Long> before = children();
    FutureTask<ApiClient> task = new FutureTask<>(() -> {
      beforeCredentials.run();
      // Its HTTP client's timeouts are HttpTransport's to set: it sends every request.
      return ClientBuilder.kubeconfig(config).build();
    });
    Thread worker = new Thread(task, "stave-credentials");
    worker.setDaemon(true); // a plugin that outlives its stopping cannot keep stave from ending
    worker.start();
    try {
      return task.get(deadline.left().toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException | InterruptedException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      task.cancel(true);
      config.plugin.stop(before);
      throw new ClusterFailure("cannot set up the credentials of the kubeconfig " + where + ": "
          + config.credentialSource()
          + " gave none within " + deadline.limit() + " and was stopped; run it"
          + " yourself to see why (it may wait for a login or the network)");
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException || e.getCause() instanceof RuntimeException) {
        // The certificates were read before (checkCertificates): a security exception here is the key's,
        // and its text is a Java exception's, naming no key.
        boolean key = config.getClientKeyData() != null || config.getClientKeyFile() != null;
        throw new ClusterFailure("cannot set up the credentials of the kubeconfig " + where + ": "
            + (key && securityFault(e.getCause()) ? "the client-key of the user '"
                + Printable.inMessage(String.valueOf(config.contextField("user")))
                + "' holds no private key client-java can read (PEM, RSA, EC or PKCS #8)"
                : e.getCause().getMessage()));
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  /**
   * The certificate authority and client certificate and key of the context, read as client-java will
   * read them, so that a fault names its key: client-java decodes data that is not base64 into garbage by
   * skipping what is not, and reports a missing file by its bare path and a bad certificate as a Java
   * exception. Bad data is a malformed kubeconfig (exit 1); a file that cannot be used fails as a token
   * file does (exit 4). Neither quotes what the kubeconfig or file holds: a client key is a secret.
   */
  private static void checkCertificates(CheckedKubeConfig config, String where) {
    String cluster = "the cluster '" + Printable.inMessage(config.contextField("cluster")) + "'";
    String user = "the user '" + Printable.inMessage(String.valueOf(config.contextField("user"))) + "'";
    certificate(config.getCertificateAuthorityData(), config.getCertificateAuthorityFile(), "certificate-authority",
        cluster, where);
    certificate(config.getClientCertificateData(), config.getClientCertificateFile(), "client-certificate", user,
        where);
    material(config.getClientKeyData(), config.getClientKeyFile(), "client-key", user, where);
  }

  /**
   * A user entry's client certificate without its key, or a key without its certificate: client-java uses
   * neither then, and against a server that asks for a client certificate the run would end blaming a
   * certificate that was never sent. kubectl refuses a certificate without its key before connecting
   * (client-go's validateAuthInfo: "client-key-data or client-key must be specified ... to use the
   * clientCert authentication method"); a key without its certificate is as unusable, and refused too.
   * An entry with an exec plugin is let through, though kubectl's check refuses it too: client-java uses the
   * plugin's pair in its place, and a run that works stays working.
   */
  private static void checkCertificatePair(CheckedKubeConfig config, String where) {
    Map<?, ?> user = config.currentUser();
    if (user == null || user.get("exec") instanceof Map) {
      return;
    }
    String certificate = setKeys("client-certificate", config.getClientCertificateFile(),
        config.getClientCertificateData());
    String key = setKeys("client-key", config.getClientKeyFile(), config.getClientKeyData());
    if (certificate.isEmpty() == key.isEmpty()) {
      return;
    }
    String owner = "the user '" + Printable.inMessage(String.valueOf(config.contextField("user"))) + "' in " + where;
    String has = certificate.isEmpty() ? key : certificate;
    String lacks = certificate.isEmpty() ? "client-certificate" : "client-key";
    throw problem(where, "kubeconfig-no-" + lacks, owner + " names a " + has + " but no " + lacks + " or " + lacks
        + "-data: a client certificate is sent only with its key",
        "set the " + lacks + " (a file) or " + lacks + "-data (base64) of the user, or remove its " + has);
  }

  /** Which of {@code key} (a file) and {@code key}-data are set, for messages: "client-key", or "" for none. */
  private static String setKeys(String key, String file, String data) {
    boolean named = file != null && !file.isEmpty();
    boolean given = data != null && !data.isEmpty();
    return named && given ? key + " and " + key + "-data" : named ? key : given ? key + "-data" : "";
  }

  /**
   * The user's username when it is not empty and its password is empty or missing, and no token, token file,
   * exec plugin or auth provider is set; else null. kubectl (client-go's HasBasicAuth tests the username
   * alone) sends basic auth with an empty password then; client-java only with both, and sent every request
   * without credentials, to fail with 401 or 403 for system:anonymous. An empty username with a password is
   * no basic auth to either, and sends none.
   */
  private static String usernameWithoutPassword(CheckedKubeConfig config) {
    Map<?, ?> user = config.currentUser();
    if (user == null || !(user.get("username") instanceof String name) || name.isEmpty()
        || user.get("password") instanceof String password && !password.isEmpty()) {
      return null;
    }
    return Stream.of("token", "tokenFile", "exec", "auth-provider").anyMatch(user::containsKey) ? null : name;
  }

  /**
   * A user entry with a bearer token and basic auth both. kubectl refuses it: client-go's validateAuthInfo
   * refuses a token with a username or password ("more than one authentication method found"), and its
   * HTTPWrappersForConfig a token or token file with a username ("username/password or bearer token may be
   * set, but not both"). client-java sent basic auth and dropped the token without a word, so the server
   * saw another identity than the one meant. A password with a tokenFile and no username is no basic auth to
   * client-go (HasBasicAuth tests the username), and the token file is used. No value is quoted.
   */
  private static void checkOneCredential(CheckedKubeConfig config, String where) {
    Map<?, ?> user = config.currentUser();
    if (user == null) {
      return;
    }
    boolean token = isText(user.get("token"));
    boolean tokenFile = isText(user.get("tokenFile"));
    boolean username = isText(user.get("username"));
    boolean password = isText(user.get("password"));
    if (!(token && (username || password)) && !(tokenFile && username)) {
      return;
    }
    List<String> bearer = new ArrayList<>();
    if (token) {
      bearer.add("token");
    }
    if (tokenFile) {
      bearer.add("tokenFile");
    }
    List<String> basic = new ArrayList<>();
    if (username) {
      basic.add("username");
    }
    if (password && token) {
      basic.add("password");
    }
    String owner = "the user '" + Printable.inMessage(String.valueOf(config.contextField("user"))) + "' in " + where;
    throw problem(where, "kubeconfig-token-and-basic-auth", owner + " sets both a bearer token ("
        + String.join(" and ", bearer) + ") and basic auth (" + String.join(" and ", basic)
        + "): a request carries one of them, and kubectl refuses the entry",
        "keep one: remove the " + String.join(" and ", bearer) + ", or the " + String.join(" and ", basic)
        + " of the user");
  }

  /** Whether a user entry's value is text that is not empty (an empty one is unset to kubectl). */
  private static boolean isText(Object value) {
    return value instanceof String text && !text.isEmpty();
  }

  /** The user's keys that hold text, which client-java reads as text (a number there is a Java exception). */
  private static final List<String> TEXT_FIELDS = List.of("token", "tokenFile", "username", "password");

  /**
   * An unquoted token of digits is a number to YAML (or {@code true} a boolean), which client-java would
   * fail to read, for stave to report as a token file that gave nothing. Neither message quotes the value.
   */
  private static void checkCredentialText(CheckedKubeConfig config, String where) {
    Map<?, ?> user = config.currentUser();
    if (user == null) {
      return;
    }
    for (String key : TEXT_FIELDS) {
      Object value = user.get(key);
      if (value != null && !(value instanceof String)) {
        throw problem(where, "kubeconfig-not-text", "the " + key + " of the user '"
            + Printable.inMessage(String.valueOf(config.contextField("user"))) + "' in " + where
            + " is not text: YAML reads it as " + readAs(value), "quote it: " + key + ": \"...\"");
      }
    }
  }

  /**
   * A {@code tls-server-name: 123} is a number to YAML; it was passed over as if unset, and the server's
   * certificate checked against the server's host instead of the name that was meant.
   */
  private static void checkTlsServerNameText(CheckedKubeConfig config, String where) {
    Map<?, ?> cluster = config.currentCluster();
    Object name = cluster == null ? null : cluster.get("tls-server-name");
    if (name != null && !(name instanceof String)) {
      throw problem(where, "kubeconfig-not-text", "the tls-server-name of " + clusterEntry(config, where)
          + " is not text: YAML reads it as " + readAs(name),
          "quote it: tls-server-name: \"...\"");
    }
  }

  /** What YAML read a value that should be text as, for messages that do not quote it. */
  private static String readAs(Object value) {
    return value instanceof Number ? "a number" : value instanceof Boolean ? "true or false"
        : value instanceof Map ? "a mapping" : value instanceof List ? "a list" : "no text";
  }

  private static void certificate(String data, String file, String key, String owner, String where) {
    byte[] bytes = material(data, file, key, owner, where);
    if (bytes == null) {
      return;
    }
    boolean any;
    try {
      any = !CertificateFactory.getInstance("X.509").generateCertificates(new ByteArrayInputStream(bytes)).isEmpty();
    } catch (CertificateException e) {
      any = false;
    }
    if (!any && data != null) {
      throw problem(where, "kubeconfig-bad-certificate", "the " + key + "-data of " + owner + " in " + where
          + " holds no PEM certificate", "set it to the base64 of the PEM file (base64 -w0 FILE), or name the file"
          + " with " + key);
    }
    if (!any) {
      throw new ClusterFailure("cannot set up the connection of the kubeconfig " + where + ": the " + key + " file "
          + file + " of " + owner + " holds no PEM certificate");
    }
  }

  /** The bytes of {@code key}-data, else of the {@code key} file; null when neither is set. */
  private static byte[] material(String data, String file, String key, String owner, String where) {
    if (data != null && !data.isEmpty()) {
      try {
        // Line breaks are allowed, as kubectl allows them; anything else that is not base64 is not.
        return Base64.getDecoder().decode(data.replace("\r", "").replace("\n", ""));
      } catch (IllegalArgumentException e) {
        throw problem(where, "kubeconfig-not-base64", "the " + key + "-data of " + owner + " in " + where
            + " is not base64", "set it to the base64 of the PEM file (base64 -w0 FILE), or name the file with " + key);
      }
    }
    if (file == null) {
      return null;
    }
    String fault;
    try {
      return Files.readAllBytes(Path.of(file));
    } catch (NoSuchFileException | InvalidPathException e) {
      fault = " does not exist";
    } catch (IOException e) {
      fault = " cannot be read";
    }
    throw new ClusterFailure("cannot set up the connection of the kubeconfig " + where + ": the " + key + " file "
        + file + " of " + owner + fault);
  }

  private static boolean securityFault(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof GeneralSecurityException) {
        return true;
      }
    }
    return false;
  }

  /** The processes this one has started and still runs: an exec plugin is one of them while it runs. */
  private static Set<Long> children() {
    try (Stream<ProcessHandle> children = ProcessHandle.current().children()) {
      return children.map(ProcessHandle::pid).collect(Collectors.toSet());
    }
  }

  /**
   * Kills the processes started since {@code before}, with what they started in turn (a plugin that is
   * a shell script runs its command as a child). client-java keeps the plugin's {@link Process} to
   * itself, so it is found as a child of stave's process; nothing else in stave starts processes.
   */
  private static boolean stopChildrenSince(Set<Long> before) {
    List<ProcessHandle> doomed = new ArrayList<>();
    try (Stream<ProcessHandle> children = ProcessHandle.current().children()) {
      children.filter(p -> !before.contains(p.pid())).forEach(p -> {
        doomed.add(p);
        try (Stream<ProcessHandle> descendants = p.descendants()) {
          descendants.forEach(doomed::add);
        }
      });
    }
    doomed.forEach(ProcessHandle::destroyForcibly);
    return !doomed.isEmpty();
  }

  /**
   * Orders the start of the exec plugin with the run giving up on it. client-java starts the plugin and
   * reads its output in one call, with no way in between: a plugin whose start was under way when the
   * run gave up is looked for until it is there to stop.
   */
  private static final class Plugin {
    /** How often a plugin under way is looked for: it starts within milliseconds. */
    private static final long LOOK_MILLIS = 10;

    private boolean givenUp;
    private boolean underWay;

    /** Before client-java may start the plugin; none starts once the run gave up. */
    synchronized void starting() {
      if (givenUp) {
        throw new CancellationException("the run gave up on the credentials");
      }
      underWay = true;
    }

    /** client-java started the plugin and it ended, or it did not start. */
    synchronized void done() {
      underWay = false;
      notifyAll();
    }

    /** Stops the plugin with what it started, and waits for one under way: none starts after this returns. */
    void stop(Set<Long> before) {
      synchronized (this) {
        givenUp = true;
      }
      boolean interrupted = Thread.interrupted();
      try {
        while (!stopChildrenSince(before)) {
          synchronized (this) {
            if (!underWay) {
              return;
            }
            try {
              wait(LOOK_MILLIS);
            } catch (InterruptedException e) {
              interrupted = true; // the plugin is stopped all the same
            }
          }
        }
      } finally {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  /** One kubeconfig file, with relative paths in it read from its folder. */
  private static KubeConfig read(Path file) {
    String where = file.toString();
    KubeConfig config;
    try {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      config = parse(text);
      // A file with no document (`touch ~/.kube/config`, or only comments) is an empty kubeconfig to
      // kubectl, not a malformed one. A file may also hold only some of the entries (clusters in one,
      // users in another): kubectl merges them.
      if (config == null && noDocument(text)) {
        config = new KubeConfig(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
      }
    } catch (CharacterCodingException e) {
      throw malformed(where);
    } catch (IOException e) {
      throw problem(where, "kubeconfig-unreadable", "cannot read the kubeconfig " + where, "check its permissions");
    }
    if (config == null) {
      throw malformed(where);
    }
    config.setFile(file.toAbsolutePath().toFile());
    return config;
  }

  /** The kubeconfig {@code text} holds, or null where client-java cannot read one. */
  private static KubeConfig parse(String text) {
    try {
      return KubeConfig.loadKubeConfig(new StringReader(text));
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Whether {@code text} is YAML that holds no document: nothing, comments, or a bare {@code ---}. */
  private static boolean noDocument(String text) {
    try {
      return new Yaml(new SafeConstructor(new LoaderOptions())).load(text) == null;
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** The locale variables that the launcher ./stave may change, each passed on as STAVE_ORIGINAL_<name>. */
  private static final List<String> LOCALE = List.of("LC_ALL", "LC_CTYPE");

  /**
   * Gives the exec plugins of {@code users} the locale the user ran ./stave in. In the C locale the
   * launcher runs the JVM in C.UTF-8, which the plugins (a cloud's CLI) would inherit and could read
   * and print differently; it passes the variables it changed as they were in STAVE_ORIGINAL_LC_ALL or
   * STAVE_ORIGINAL_LC_CTYPE, empty for one that was unset (an empty LC_ variable counts as unset to
   * POSIX's setlocale, and client-java can set a plugin's variables but not remove them). They come
   * before the plugin's own {@code env} entries, which still win.
   */
  @SuppressWarnings("unchecked")
  static void restoreLocale(List<Object> users, Env env) {
    List<Object> restored = new ArrayList<>();
    for (String name : LOCALE) {
      env.get("STAVE_ORIGINAL_" + name).ifPresent(value -> restored.add(Map.of("name", name, "value", value)));
    }
    if (restored.isEmpty() || users == null) {
      return;
    }
    for (Object entry : users) {
      if (entry instanceof Map<?, ?> named && named.get("user") instanceof Map<?, ?> user
          && user.get("exec") instanceof Map<?, ?> exec) {
        List<Object> all = new ArrayList<>(restored);
        if (exec.get("env") instanceof List<?> own) {
          all.addAll(own);
        }
        ((Map<Object, Object>) exec).put("env", all);
      }
    }
  }

  /**
   * Several files merged as kubectl merges $KUBECONFIG: the first file to name a context, cluster or
   * user wins it, and the first current-context set is the one used. Relative file paths are made
   * absolute against the folder of the file that holds them, since the merged config has no one folder.
   */
  static CheckedKubeConfig merge(List<Path> files) {
    Map<String, Object> contexts = new LinkedHashMap<>();
    Map<String, Object> clusters = new LinkedHashMap<>();
    Map<String, Object> users = new LinkedHashMap<>();
    String current = null;
    for (Path file : files) {
      KubeConfig config = read(file);
      if (current == null && config.getCurrentContext() != null && !config.getCurrentContext().isEmpty()) {
        current = config.getCurrentContext();
      }
      Path folder = file.toAbsolutePath().getParent();
      addNamed(contexts, config.getContexts(), "context", folder);
      addNamed(clusters, config.getClusters(), "cluster", folder);
      addNamed(users, config.getUsers(), "user", folder);
    }
    CheckedKubeConfig merged = new CheckedKubeConfig(new ArrayList<>(contexts.values()),
        new ArrayList<>(clusters.values()), new ArrayList<>(users.values()));
    merged.setFile(files.get(0).toAbsolutePath().toFile());
    if (current != null) {
      merged.setContext(current);
    }
    return merged;
  }

  private static void addNamed(Map<String, Object> into, List<Object> entries, String field, Path folder) {
    if (entries == null) {
      return;
    }
    for (Object entry : entries) {
      if (entry instanceof Map<?, ?> map && map.get("name") instanceof String name && !into.containsKey(name)) {
        into.put(name, withAbsolutePaths(map, field, folder));
      }
    }
  }

  /** A copy of {@code entry} with its relative paths made absolute, and its empty keys kubectl reads as unset gone. */
  private static Map<Object, Object> withAbsolutePaths(Map<?, ?> entry, String field, Path folder) {
    Map<Object, Object> copy = new LinkedHashMap<>(entry);
    if (entry.get(field) instanceof Map<?, ?> body) {
      Map<Object, Object> fields = new LinkedHashMap<>(body);
      for (String key : UNSET_WHEN_EMPTY.getOrDefault(field, List.of())) {
        if ("".equals(fields.get(key))) {
          fields.remove(key);
        }
      }
      for (String key : FILE_FIELDS.getOrDefault(field, List.of())) {
        if (fields.get(key) instanceof String path && !path.isEmpty() && !Path.of(path).isAbsolute()) {
          fields.put(key, folder.resolve(path).toString());
        }
      }
      copy.put(field, fields);
    }
    return copy;
  }

  /**
   * A kubeconfig whose user's credentials either come or fail with a reason. client-java logs (to
   * nowhere: stave ships no logger) and goes on without credentials when an exec plugin is missing,
   * fails or prints no credentials, or a token file cannot be read: every request would then go out
   * anonymous, and the user would see 401s or 403s for 'system:anonymous' with no hint of the cause.
   * kubectl stops with the reason, and so does stave. (No plugin output is quoted: it may hold tokens.)
   */
  static final class CheckedKubeConfig extends KubeConfig {
    private static final String UNSUPPORTED =
        " is not supported by stave; use the exec plugin your cloud's CLI installs, as kubectl does";

    /** The user's exec plugin, which client-java starts in {@link #getCredentials}. */
    private final Plugin plugin = new Plugin();

    /** Whether the exec plugin's ExecCredential gave a client certificate (clientCertificateData). */
    private volatile boolean execCertificate;

    CheckedKubeConfig(ArrayList<Object> contexts, ArrayList<Object> clusters, ArrayList<Object> users) {
      super(contexts, clusters, users);
    }

    @Override
    public Map<String, String> getCredentials() {
      Map<?, ?> user = currentUser();
      Map<String, String> credentials;
      boolean exec = user != null && user.get("exec") instanceof Map;
      boolean provider = user != null && user.get("auth-provider") instanceof Map;
      if (exec) {
        plugin.starting();
      }
      try {
        credentials = super.getCredentials();
      } catch (LinkageError e) {
        // The gcp and azure auth providers, whose libraries client-java leaves to the application.
        throw new ClusterFailure(source(user) + UNSUPPORTED);
      } catch (RuntimeException e) {
        // Not the exception's message: it may quote a token.
        throw new ClusterFailure(source(user) + (exec
            ? " gave no credentials: its answer is not an ExecCredential with a token or a client certificate"
            : " gave no credentials: its token could not be read or refreshed"));
      } finally {
        if (exec) {
          plugin.done();
        }
      }
      if (credentials == null && (exec || provider || user != null && user.containsKey("tokenFile"))) {
        throw new ClusterFailure(source(user) + (exec
            ? " gave no credentials: it is missing, failed, or printed no ExecCredential; run it yourself to see why"
            : provider ? UNSUPPORTED : " cannot be read"));
      }
      // As client-java's KubeconfigAuthentication uses them: a token first, else a certificate with its key.
      execCertificate = exec && credentials != null && isEmpty(credentials.get(CRED_TOKEN_KEY))
          && !isEmpty(credentials.get(CRED_CLIENT_CERTIFICATE_DATA_KEY))
          && !isEmpty(credentials.get(CRED_CLIENT_KEY_DATA_KEY));
      return credentials;
    }

    private static boolean isEmpty(String value) {
      return value == null || value.isEmpty();
    }

    /** Where the current user's credentials come from, for messages. */
    String credentialSource() {
      Map<?, ?> user = currentUser();
      boolean named = user != null && (user.get("exec") instanceof Map || user.get("auth-provider") instanceof Map
          || user.containsKey("tokenFile"));
      return named ? source(user) : "the user '" + userName() + "'";
    }

    /** Where the credentials of a user entry come from, for messages. */
    private String source(Map<?, ?> user) {
      if (user != null && user.get("exec") instanceof Map<?, ?> exec) {
        return "the exec credential plugin '" + exec.get("command") + "' of the user '" + userName() + "'";
      }
      if (user != null && user.get("auth-provider") instanceof Map<?, ?> provider) {
        return "the auth provider '" + provider.get("name") + "' of the user '" + userName() + "'";
      }
      return "the token file " + (user == null ? "" : user.get("tokenFile")) + " of the user '" + userName() + "'";
    }

    private String userName() {
      return contextField("user");
    }

    /** The {@code cluster} or {@code user} the current context names, or null. */
    String contextField(String field) {
      for (Object entry : getContexts()) {
        if (entry instanceof Map<?, ?> map && getCurrentContext() != null && getCurrentContext().equals(map.get("name"))
            && map.get("context") instanceof Map<?, ?> context && context.get(field) instanceof String name) {
          return name;
        }
      }
      return null;
    }

    /**
     * The body of the cluster entry the current context names, or null. Entries are unique by name here: the
     * merged kubeconfig keeps the first file's entry of each name.
     */
    private Map<?, ?> currentCluster() {
      String name = contextField("cluster");
      for (Object entry : getClusters() == null ? List.of() : getClusters()) {
        if (entry instanceof Map<?, ?> map && name != null && name.equals(map.get("name"))
            && map.get("cluster") instanceof Map<?, ?> cluster) {
          return cluster;
        }
      }
      return null;
    }

    private Map<?, ?> currentUser() {
      String name = userName();
      for (Object entry : getUsers()) {
        if (entry instanceof Map<?, ?> map && name != null && name.equals(map.get("name"))
            && map.get("user") instanceof Map<?, ?> user) {
          return user;
        }
      }
      return null;
    }
  }

  /**
   * Fails when the selected context names a {@code field} (cluster or user) that no entry of the
   * kubeconfig has. A context without a user is anonymous on purpose; one without a cluster is left to
   * the check for a server.
   */
  private static void requireEntry(CheckedKubeConfig config, List<Object> entries, String field, String selected,
      String where) {
    String wanted = config.contextField(field);
    if (wanted == null || wanted.isEmpty()) {
      return;
    }
    TreeSet<String> names = new TreeSet<>();
    for (Object entry : entries == null ? List.of() : entries) {
      if (entry instanceof Map<?, ?> map && map.get("name") instanceof String name) {
        if (name.equals(wanted)) {
          return;
        }
        names.add(Printable.inMessage(name));
      }
    }
    throw problem(where, "unknown-" + field, "the context '" + Printable.inMessage(selected) + "' in " + where
        + " names the " + field + " '" + Printable.inMessage(wanted) + "', which the kubeconfig does not hold",
        names.isEmpty() ? "add a " + field + " named '" + Printable.inMessage(wanted) + "' to the kubeconfig's "
            + field + "s"
            : "add it to the kubeconfig's " + field + "s, or set the context's " + field + " to one of: "
            + String.join(", ", names));
  }

  /** The selected context's cluster entry's tls-server-name, or null when it names none. */
  private static String tlsServerName(CheckedKubeConfig config) {
    Map<?, ?> cluster = config.currentCluster();
    return cluster != null && cluster.get("tls-server-name") instanceof String name && !name.isBlank()
        ? name.strip() : null;
  }

  /** The selected context's cluster entry, for messages. */
  private static String clusterEntry(CheckedKubeConfig config, String where) {
    return "the cluster '" + Printable.inMessage(String.valueOf(config.contextField("cluster"))) + "' in " + where;
  }

  private static List<String> contextNames(KubeConfig config) {
    TreeSet<String> names = new TreeSet<>();
    for (Object entry : config.getContexts()) {
      if (entry instanceof Map<?, ?> map && map.get("name") instanceof String name) {
        names.add(name);
      }
    }
    return new ArrayList<>(names);
  }

  private static UserError malformed(String where) {
    return problem(where, "kubeconfig-malformed", "the kubeconfig " + where + " is not a valid kubeconfig",
        "check it with 'kubectl config view --kubeconfig " + where + "'");
  }

  /** The origin is a label, not the file: a diagnostic must never quote a kubeconfig line (tokens live there). */
  private static UserError problem(String where, String code, String message, String hint) {
    return new UserError(Diagnostic.error(Origin.of("<kubeconfig>"), "", code, message, hint));
  }
}

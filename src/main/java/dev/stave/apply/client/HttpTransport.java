package dev.stave.apply.client;

import dev.stave.apply.ClusterFailure;
import dev.stave.apply.Deadline;
import dev.stave.apply.KubeTransport;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.openapi.ApiException;
import io.kubernetes.client.openapi.Pair;
import io.kubernetes.client.openapi.auth.Authentication;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509KeyManager;
import javax.net.ssl.X509TrustManager;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.RequestBody;
import okhttp3.internal.tls.OkHostnameVerifier;

/**
 * Sends requests with the HTTP client that client-java built from the kubeconfig: its TLS settings and
 * client certificates, and its credentials (tokens, exec plugins, basic auth) added as headers.
 */
final class HttpTransport implements KubeTransport {
  /**
   * The largest answer read. The API server's largest object is 1.5 MiB, and stave lists only the
   * objects of one bundle and kind; without a limit, a server that answers without end fills the
   * memory and the run ends as an internal error.
   */
  static final long MAX_ANSWER_BYTES = 256L * 1024 * 1024;

  /** The least time a request gets: one made just before the run's --timeout still gets this long. */
  private static final Duration LAST_REQUEST = Duration.ofSeconds(5);

  /** The longest wait to connect, or for one read or write: no request needs more. */
  private static final Duration LONGEST_STEP = Duration.ofHours(1);

  private final ApiClient client;
  private final OkHttpClient http;
  private final String base;
  /** The end of the run's --timeout, which no request outlasts. */
  private final Deadline deadline;
  /** The base for messages: without a user name and password, which the address may hold. */
  private final String shown;

  /**
   * The server, and the proxy the requests go through if any, for a failure to reach it ("https://api:6443
   * through the proxy http://proxy:3128 of $HTTPS_PROXY (or $https_proxy)"): the proxy may be what cannot
   * be reached, and Java's message names only a host, if anything.
   */
  private final String route;

  /** The proxy of the requests and where it was set, or null for none (or Java's own proxy settings). */
  private final Proxies.Chosen proxy;
  /**
   * The Proxy-Authorization of every request to an http:// server, which the proxy forwards itself: the
   * proxy URL's user and password, as Go's transport (persistConn.mutateHeaderFunc) sets it on each request
   * at once. Null for an https:// server, whose requests go through a tunnel (only its CONNECT carries
   * them), and for a proxy without a user.
   */
  private final String proxyAuthorization;
  /** The kubeconfig's cluster entry, as messages name it ("the cluster 'lab' in FILE"). */
  private final String cluster;
  /** Whether that entry names a certificate authority: without one, Java's default authorities are trusted. */
  private final boolean authority;
  /** What the requests authenticate as, for messages: "the credentials of the user 'me' in FILE". */
  private final String credentials;
  /** The kubeconfig's user entry, as messages name it ("the user 'me' in FILE"), or null for none. */
  private final String user;
  /** Whether that entry names a client certificate (a file or data), or its exec plugin gave one. */
  private final boolean clientCertificate;
  /**
   * The exec plugin that gave the client certificate, as messages name it ("the exec credential plugin
   * 'CMD' of the user 'me' in FILE"), or null when the certificate is the user entry's own, or there is none.
   */
  private final String certificatePlugin;

  /** The cluster entry's tls-server-name, or null: the name the server's certificate must hold. */
  private final String serverName;

  /**
   * The user entry whose credentials are not sent, the server being http:// ("the user 'me' in FILE"), or
   * null when they are sent or there are none.
   */
  private final String withheld;

  /**
   * Whether the last handshake of this thread got a CertificateRequest: the server asked for a client
   * certificate, after it had agreed a TLS version and cipher suite (ServerHello). It belongs to one
   * handshake: a retry, or another connection, that got none is a failure of versions or cipher suites.
   */
  private final CertificateRequests certificateAsked = new CertificateRequests();

  HttpTransport(ApiClient client, Deadline deadline, String cluster, boolean authority, String credentials,
      String user, boolean clientCertificate, String certificatePlugin, String serverName, String withheld,
      Proxies.Chosen proxy) {
    this.client = client;
    this.deadline = deadline;
    this.cluster = cluster;
    this.authority = authority;
    this.credentials = credentials;
    this.user = user;
    this.clientCertificate = clientCertificate;
    this.certificatePlugin = certificatePlugin;
    this.serverName = serverName;
    this.withheld = withheld;
    Duration step = stepTimeout(deadline);
    OkHttpClient built = client.getHttpClient();
    OkHttpClient.Builder builder = built.newBuilder();
    SSLSocketFactory sockets = noticingSockets(client.getKeyManagers(), built.x509TrustManager(), certificateAsked);
    if (sockets != null) {
      builder.sslSocketFactory(sockets, built.x509TrustManager());
    }
    if (serverName != null) {
      // As kubectl: the name is sent in the handshake (SNI) and is what the certificate must name, in place
      // of the server address's host. Without verification (insecure-skip-tls-verify) nothing is checked.
      builder.sslSocketFactory(new ServerNameSockets(sockets != null ? sockets : built.sslSocketFactory(), serverName),
          built.x509TrustManager());
      if (client.isVerifyingSsl()) {
        // OkHttp's checker, internal as it is: the JDK's public one (SNI with the endpoint identification
        // "HTTPS") checks the SNI name, but when the certificate does not hold it, X509TrustManagerImpl
        // falls back to the address connected to, and accepts a certificate for the server's IP whatever
        // tls-server-name says; with no SNI (an IP tls-server-name) it checks only that address. kubectl
        // checks the tls-server-name alone (ApplyCommandTest pins both).
        String checked = unbracketed(serverName);
        builder.hostnameVerifier((host, session) -> OkHostnameVerifier.INSTANCE.verify(checked, session));
      }
    }
    String authorization = null;
    if (proxy != null) {
      builder.proxy(proxy.address().proxy());
      if (proxy.address().user() != null) {
        // OkHttp asks before each CONNECT too (a made-up 407, "OkHttp-Preemptive"): the credentials go with the
        // first request, as Go sends a proxy URL's user and password. A proxy that refuses them is not asked again.
        String basic = okhttp3.Credentials.basic(proxy.address().user(), proxy.address().password(),
            StandardCharsets.UTF_8);
        // OkHttp asks about any 407, one the API server sends through the tunnel too: for an https:// server
        // only the proxy's answer to the CONNECT gets them, so that the API server never sees them.
        boolean tunnelled = okhttp3.HttpUrl.get(client.getBasePath()).isHttps();
        builder.proxyAuthenticator((route, response) -> response.request().header("Proxy-Authorization") != null
            || tunnelled && !"CONNECT".equals(response.request().method())
            ? null : response.request().newBuilder().header("Proxy-Authorization", basic).build());
        // Without a tunnel OkHttp asks only after a 407, one request later than Go. The proxy that expects
        // the header consumes it (RFC 7235, 4.4): the request it forwards to the API server goes without it.
        authorization = tunnelled ? null : basic;
      }
    }
    this.proxyAuthorization = authorization;
    this.http = builder
        .connectTimeout(step)
        .readTimeout(step)
        .writeTimeout(step)
        .retryOnConnectionFailure(false)
        // HTTP/1.1 only, which kube-apiserver offers beside HTTP/2 (ALPN "h2", "http/1.1"). Over HTTP/2,
        // OkHttp reads each connection on a thread of its own, and that thread got a TLS 1.3 server's alert
        // sent after the handshake (a refused client certificate), while the request's thread saw a closed
        // connection, retried it, and ended with "exhausted all routes". Over HTTP/1.1 the request's thread
        // reads the answer, and the alert with it (ApplyCommandTest). stave sends one request at a time, so
        // HTTP/2's streams over one connection would gain it nothing.
        .protocols(List.of(Protocol.HTTP_1_1))
        // A redirect is answered, not followed: OkHttp drops the Authorization header on the way to
        // another host, but resends a PATCH's body (a config's Secret data) on a 307 or 308.
        .followRedirects(false)
        .followSslRedirects(false)
        .build();
    String path = client.getBasePath();
    this.base = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    this.shown = withoutUserInfo(base);
    this.route = proxy == null ? shown : shown + " through the proxy " + proxy.shown();
    this.proxy = proxy;
  }

  /**
   * Which handshake got a CertificateRequest, one thread's at a time. OkHttp makes a call's connection, and
   * so its TLS handshake, on the thread that executes the call, and Java's SSLSocket runs the handshake, and
   * so the key manager, on the thread that starts it: the thread that catches the handshake's failure is
   * the one whose note counts. Each new TLS socket clears its thread's note before its handshake starts,
   * so a failure after a retry is judged by what its own handshake saw, not by one before it.
   */
  static final class CertificateRequests {
    private final ThreadLocal<Boolean> asked = ThreadLocal.withInitial(() -> false);

    /** A handshake is about to start on this thread. */
    void handshakeStarts() {
      asked.set(false);
    }

    /** The server of this thread's handshake asked for a client certificate. */
    void noted() {
      asked.set(true);
    }

    /** Whether the server of this thread's last handshake asked for a client certificate. */
    boolean asked() {
      return asked.get();
    }
  }

  /**
   * The sockets of client-java's TLS settings (its key managers, and the trust manager its socket factory
   * uses), with key managers that note a server's CertificateRequest in {@code asked}, each of whose
   * sockets clears that note as it is made; null when the client has no trust manager to build them
   * with, or Java has no TLS.
   */
  static SSLSocketFactory noticingSockets(KeyManager[] keys, X509TrustManager trust, CertificateRequests asked) {
    if (trust == null) {
      return null;
    }
    X509KeyManager own = null;
    for (KeyManager key : keys == null ? new KeyManager[0] : keys) {
      if (key instanceof X509KeyManager x509) {
        own = x509;
        break; // as SSLContext.init uses them: the first X.509 one
      }
    }
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(new KeyManager[] {new NoticingKeys(own, asked)}, new TrustManager[] {trust}, null);
      return new FreshSockets(context.getSocketFactory(), asked);
    } catch (GeneralSecurityException e) {
      return null;
    }
  }

  /**
   * The client's key managers (or none), noting that a server asked for a client certificate: Java chooses
   * the client's certificate only on a CertificateRequest, sent after the TLS version and cipher suite are
   * agreed. A handshake_failure after it is about the client's certificate (an OpenSSL server under TLS 1.2
   * sends it for a certificate the client did not give), not about versions or cipher suites.
   */
  static final class NoticingKeys extends X509ExtendedKeyManager {
    private final X509KeyManager keys;
    private final CertificateRequests asked;

    NoticingKeys(X509KeyManager keys, CertificateRequests asked) {
      this.keys = keys;
      this.asked = asked;
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
      asked.noted();
      return keys == null ? null : keys.chooseClientAlias(keyType, issuers, socket);
    }

    @Override
    public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
      asked.noted();
      return keys instanceof X509ExtendedKeyManager extended
          ? extended.chooseEngineClientAlias(keyType, issuers, engine) : null;
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
      return keys == null ? null : keys.getClientAliases(keyType, issuers);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
      return null; // a client only
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
      return null;
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
      return keys == null ? null : keys.getCertificateChain(alias);
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
      return keys == null ? null : keys.getPrivateKey(alias);
    }
  }

  /**
   * An IPv6 address as a URL writes it ({@code [::1]}) without its brackets, which OkHttp's checker would
   * take for a host name that no certificate holds: kubectl (Go's crypto/x509 VerifyHostname) strips them
   * from an IP address and checks it against the certificate's IP addresses; a name in brackets stays as
   * it is, and no certificate holds it.
   */
  static String unbracketed(String name) {
    if (name.length() < 3 || !name.startsWith("[") || !name.endsWith("]")) {
      return name;
    }
    String inner = name.substring(1, name.length() - 1);
    return inner.indexOf(':') >= 0 || inner.chars().allMatch(c -> c == '.' || c >= '0' && c <= '9') ? inner : name;
  }

  /**
   * The run's --timeout, but at most {@link #LONGEST_STEP}: the HTTP client refuses timeouts past ~24
   * days, and the whole call ends with the run anyway ({@link #send}).
   */
  static Duration stepTimeout(Deadline deadline) {
    return deadline.timeout().compareTo(LONGEST_STEP) > 0 ? LONGEST_STEP : deadline.timeout();
  }

  /** {@code https://user:password@host/} as {@code https://host/}: messages must not show a password. */
  static String withoutUserInfo(String address) {
    int scheme = address.indexOf("://");
    if (scheme < 0) {
      return address;
    }
    int end = address.length();
    for (char c : new char[] {'/', '?', '#'}) {
      int i = address.indexOf(c, scheme + 3);
      end = i >= 0 && i < end ? i : end;
    }
    int at = address.lastIndexOf('@', end - 1);
    return at < scheme ? address : address.substring(0, scheme + 3) + address.substring(at + 1);
  }

  @Override
  public String server() {
    return route;
  }

  @Override
  public Response send(Request request) throws IOException {
    if (deadline.passed()) {
      // Not sent: each request after --timeout would get the few seconds below, and a run of many objects
      // against a slow server would last that many times longer than asked.
      throw deadline.ranOutBefore(request);
    }
    okhttp3.Request.Builder builder = new okhttp3.Request.Builder().url(base + request.pathAndQuery());
    builder.header("Accept", "application/json");
    if (proxyAuthorization != null) {
      builder.header("Proxy-Authorization", proxyAuthorization);
    }
    for (Map.Entry<String, String> h : authHeaders(request).entrySet()) {
      builder.header(h.getKey(), headerValue(h.getKey(), h.getValue()));
    }
    RequestBody body = request.body() == null ? null
        // Bytes, not a String: OkHttp would append "; charset=utf-8" to the apply patch's media type.
        : RequestBody.create(request.body().getBytes(StandardCharsets.UTF_8), MediaType.parse(request.contentType()));
    builder.method(request.method(), body);
    // The read timeout is per read, so a server that sends a byte now and then would hold a request,
    // and the run, for ever: the whole call ends with the run's --timeout. A request made just before
    // it (--wait's last look) still gets a few seconds, so that its answer is what the run reports: a
    // run ends at most that long after --timeout, since no request starts after it.
    long left = Math.max(deadline.left().toNanos(), LAST_REQUEST.toNanos());
    okhttp3.Call call = http.newCall(builder.build());
    call.timeout().timeout(left, java.util.concurrent.TimeUnit.NANOSECONDS);
    try (okhttp3.Response response = call.execute()) {
      if (response.code() >= 300 && response.code() < 400) {
        throw redirected(request, response.code(), response.header("Location"));
      }
      if (response.code() == 407 && !okhttp3.HttpUrl.get(base).isHttps()) {
        // The proxy's own answer to a request for an http:// server (OkHttp asked proxyAuthenticator once);
        // a tunnel it refuses for an https:// one is an IOException (below), and a 407 through the tunnel is
        // the API server's, an answer like any other. Every request would be refused alike.
        throw proxyRefused(request + " for the server at " + shown);
      }
      if (response.code() == 401 && withheld != null) {
        throw new ClusterFailure("the Kubernetes API server at " + shown + " answered " + request
            + " with HTTP 401 Unauthorized: it refused requests without credentials; the credentials of " + withheld
            + " are not sent to an http:// server, where they would cross the network in the clear (kubectl sends"
            + " none there either): set the server of " + cluster + " to the API server's https:// address");
      }
      if (response.code() == 401) {
        // Every request carries the same credentials: each object would fail alike, one line each.
        throw new ClusterFailure("the Kubernetes API server at " + shown + " answered " + request
            + " with HTTP 401 Unauthorized: it refused " + credentials + "; check them (a token may have expired"
            + " or be another cluster's)");
      }
      Map<String, String> headers = new HashMap<>();
      for (String name : response.headers().names()) {
        headers.put(name, response.header(name));
      }
      String text = response.body() == null ? "" : text(response.body(), MAX_ANSWER_BYTES, request);
      return new Response(response.code(), headers, text);
    } catch (InterruptedIOException e) {
      // The call's timeout, or a connect, read or write timeout (each as long as --timeout): when the run's
      // deadline has passed, its own limit stopped the request, whatever state the server is in.
      if (deadline.passed()) {
        throw deadline.ranOutAwaiting(request);
      }
      throw e;
    } catch (SSLException e) {
      ClusterFailure failure = tlsFailure(e);
      if (failure != null) {
        throw failure;
      }
      throw e;
    } catch (IOException e) {
      if (TUNNEL_REFUSED.equals(e.getMessage())) {
        // The proxy answered the CONNECT for an https:// server with 407 after proxyAuthenticator had given
        // all it has (the URL's user and password, or nothing): every retry would be refused alike.
        throw proxyRefused("the CONNECT for " + request + " to the server at " + shown);
      }
      if (e instanceof java.net.ProtocolException && NOT_THROUGH_A_PROXY.equals(e.getMessage())) {
        // A 407 where OkHttp went through no HTTP proxy: the server, or something in front of it that stave
        // does not know of, wants a proxy's user and password. Every retry would be answered alike.
        throw new ClusterFailure("the server at " + shown + " answered " + request + " with HTTP 407 Proxy"
            + " Authentication Required, though stave sends it no request through an HTTP proxy: the server or"
            + " something in front of it asks for a proxy's user and password; check that the server of " + cluster
            + " is the API server's address, or, if it is reached through that proxy, set the proxy-url of "
            + cluster + ", or " + Proxies.variables(okhttp3.HttpUrl.get(base)) + ", to"
            + " http://USER:PASSWORD@HOST:PORT");
      }
      throw e;
    }
  }

  /**
   * The text of OkHttp's exception (4.12, RetryAndFollowUpInterceptor.followUpRequest) when a 407 comes back
   * on a route that is not through an HTTP proxy. ApplyCommandTest pins it against OkHttp's own.
   */
  static final String NOT_THROUGH_A_PROXY = "Received HTTP_PROXY_AUTH (407) code while not using proxy";

  /**
   * The text of OkHttp's exception (4.12, RealConnection.createTunnel) when a proxy answers a CONNECT with
   * 407 and proxyAuthenticator gives no further request. ApplyCommandTest pins it against OkHttp's own.
   */
  static final String TUNNEL_REFUSED = "Failed to authenticate with proxy";

  /** The proxy answered {@code what} with 407: it refused the user and password of its URL, or wants some. */
  private ClusterFailure proxyRefused(String what) {
    if (proxy == null) {
      // A proxy of Java's own settings has no URL to add a user to, and stave sends it none: a proxy-url or
      // proxy variable, which stave uses over Java's settings, is where they go.
      String chosen = javaProxy();
      return new ClusterFailure("the proxy " + (chosen == null ? "" : chosen + " ") + "of Java's proxy settings"
          + " answered " + what + " with HTTP 407 Proxy Authentication Required: it asks for a user and password,"
          + " which stave sends to no proxy of Java's settings; set the proxy-url of " + cluster + ", or "
          + Proxies.variables(okhttp3.HttpUrl.get(base)) + ", to http://USER:PASSWORD@HOST:PORT, which stave"
          + " uses in their place");
    }
    return new ClusterFailure("the proxy " + proxy.shown() + " answered " + what
        + " with HTTP 407 Proxy Authentication Required: " + (proxy.address().user() == null
            ? "it asks for a user and password; set them in the proxy's URL, http://USER:PASSWORD@HOST:PORT"
            : "it refused the user and password of its URL; check them"));
  }

  /**
   * The HTTP proxy that Java's own settings choose for the server, as OkHttp asks them ("http://10.0.0.1:3128"),
   * or null for none.
   */
  private String javaProxy() {
    for (java.net.Proxy chosen : http.proxySelector().select(URI.create(base))) {
      if (chosen.type() == java.net.Proxy.Type.HTTP && chosen.address() instanceof java.net.InetSocketAddress at) {
        String host = at.getHostString();
        return "http://" + (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + at.getPort();
      }
    }
    return null;
  }

  /**
   * A TLS failure that no retry can change, as a failure of the run: a server certificate that the
   * client does not accept, a server that does not speak TLS, a client certificate the server refuses, or
   * a server that accepts none of the TLS versions and cipher suites the client offers.
   * The exception's text is Java's (a certificate path builder's, or OkHttp's lines that quote the
   * certificate), and names no kubeconfig key. Null for other TLS failures, which may pass.
   */
  ClusterFailure tlsFailure(SSLException e) {
    if (e instanceof SSLPeerUnverifiedException) {
      // OkHttp's hostname check, after the certificate itself was trusted.
      if (serverName != null) {
        return new ClusterFailure("the certificate of the server at " + shown + " does not name " + serverName
            + ", the tls-server-name of " + cluster + ": set it to a name the certificate holds");
      }
      okhttp3.HttpUrl url = okhttp3.HttpUrl.parse(base);
      return new ClusterFailure("the certificate of the server at " + shown + " does not name "
          + (url == null ? "its host" : url.host()) + ": set the server of " + cluster
          + " to an address the certificate names, or its tls-server-name to a name it holds");
    }
    ClusterFailure dated = dated(e);
    if (dated != null) {
      return dated;
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof CertificateException) {
        return new ClusterFailure("the certificate of the server at " + shown + " is not trusted: "
            + (authority ? "the certificate authority that " + cluster + " names did not sign it"
                : cluster + " names no certificate authority, and none that Java trusts signed it")
            + "; set the certificate-authority (a file) or certificate-authority-data (base64) of the cluster"
            + " to the authority that signed the server's certificate");
      }
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      String message = t.getMessage() == null ? "" : t.getMessage();
      if (message.equals(NOT_TLS)) {
        return new ClusterFailure("the server at " + shown + " does not answer in TLS (its first answer is no TLS"
            + " record: a port that serves plain HTTP, say); check the scheme and port of the server of " + cluster);
      }
      if (message.startsWith(ALERT)) {
        String alert = message.substring(ALERT.length());
        if (CERTIFICATE_ALERTS.contains(alert)) {
          return refusedCertificate(alert);
        }
        if (NEGOTIATION_ALERTS.contains(alert) && certificateAsked.asked()) {
          return refusedCertificate(alert);
        }
        if (NEGOTIATION_ALERTS.contains(alert)) {
          return new ClusterFailure("the server at " + shown + " ended the TLS handshake with the alert " + alert
              + ": it accepts none of the TLS versions and cipher suites that stave's Java offers, and no retry"
              + " changes that; check that the server of " + cluster + " is the Kubernetes API server, and the TLS"
              + " versions and cipher suites it allows");
        }
      }
    }
    return null;
  }

  /**
   * A certificate of the server's chain that has expired or is not valid yet, which the certificate path
   * validator reports with the certificate's index in the path: the date is the certificate's own
   * (as UTC), not the exception's text, which is in the local time zone and language.
   */
  private ClusterFailure dated(SSLException e) {
    CertPathValidatorException path = null;
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof CertPathValidatorException p) {
        path = p;
      }
      if (!(t instanceof CertificateExpiredException) && !(t instanceof CertificateNotYetValidException)) {
        continue;
      }
      boolean expired = t instanceof CertificateExpiredException;
      X509Certificate certificate = null;
      int index = path == null ? -1 : path.getIndex();
      if (path != null && path.getCertPath() != null && index >= 0
          && index < path.getCertPath().getCertificates().size()
          && path.getCertPath().getCertificates().get(index) instanceof X509Certificate x509) {
        certificate = x509;
      }
      String which = index > 0 ? "a certificate in the chain of the server at " + shown
          : "the certificate of the server at " + shown;
      String when = certificate == null ? (expired ? " has expired" : " is not valid yet")
          : expired ? " expired on " + certificate.getNotAfter().toInstant()
          : " is not valid before " + certificate.getNotBefore().toInstant();
      return new ClusterFailure(which + when + "; check this machine's clock, or have the certificate renewed"
          + " (it is the server's, not the kubeconfig's)");
    }
    return null;
  }

  /** The text of Java's exception when the server's first answer is not a TLS record (SSLSocketInputRecord). */
  static final String NOT_TLS = "Unsupported or unrecognized SSL message";

  /** How Java's exception for an alert the server sent begins; the alert's name (RFC 8446, 6.2) follows. */
  static final String ALERT = "Received fatal alert: ";

  /**
   * The alerts about a certificate (RFC 8446, 6.2). A server sends them about the client's certificate
   * only: the client checks the server's itself, and fails with an exception of its own.
   */
  static final List<String> CERTIFICATE_ALERTS = List.of("bad_certificate", "unsupported_certificate",
      "certificate_revoked", "certificate_expired", "certificate_unknown", "unknown_ca", "certificate_required");

  /**
   * The alerts of a handshake that found no TLS version or cipher suite both sides accept (RFC 8446, 6.2;
   * a Java server sends handshake_failure for "no cipher suites in common"). The client offers the same
   * ones on every try, so a retry would only repeat them.
   */
  static final List<String> NEGOTIATION_ALERTS = List.of("handshake_failure", "protocol_version",
      "insufficient_security");

  /** The server refused the client certificate, or asked for one that the user entry does not give. */
  private ClusterFailure refusedCertificate(String alert) {
    String keys = "client-certificate (a file) or client-certificate-data (base64) and client-key or"
        + " client-key-data";
    String who = user == null ? "the context, which names no user," : user;
    if (!clientCertificate) {
      return new ClusterFailure("the server at " + shown + " ended the TLS handshake with the alert " + alert
          + ": it asks for a client certificate, and " + who + " names none; set the " + keys + " of the user");
    }
    if (certificatePlugin != null) {
      return new ClusterFailure("the server at " + shown + " refused the client certificate that " + certificatePlugin
          + " gave (TLS alert " + alert + "); check the clientCertificateData and clientKeyData of its ExecCredential"
          + " (run it yourself to see them), and that the server trusts the authority that signed the certificate");
    }
    return new ClusterFailure("the server at " + shown + " refused the client certificate of " + who
        + " (TLS alert " + alert + "); check its " + keys + ", and that the server trusts the authority that"
        + " signed the certificate");
  }

  /**
   * The sockets of {@code sockets}, each passed through {@link #adjusted} as it is made: the one place that
   * knows every way an SSLSocketFactory makes a socket, for the wrappers below.
   */
  abstract static class AdjustedSockets extends SSLSocketFactory {
    private final SSLSocketFactory sockets;

    AdjustedSockets(SSLSocketFactory sockets) {
      this.sockets = sockets;
    }

    /** {@code socket}, just made, before its handshake. */
    abstract Socket adjusted(Socket socket);

    @Override
    public Socket createSocket(Socket socket, String host, int port, boolean autoClose) throws IOException {
      return adjusted(sockets.createSocket(socket, host, port, autoClose));
    }

    @Override
    public Socket createSocket() throws IOException {
      return adjusted(sockets.createSocket());
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
      return adjusted(sockets.createSocket(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress local, int localPort) throws IOException {
      return adjusted(sockets.createSocket(host, port, local, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
      return adjusted(sockets.createSocket(host, port));
    }

    @Override
    public Socket createSocket(InetAddress host, int port, InetAddress local, int localPort) throws IOException {
      return adjusted(sockets.createSocket(host, port, local, localPort));
    }

    @Override
    public String[] getDefaultCipherSuites() {
      return sockets.getDefaultCipherSuites();
    }

    @Override
    public String[] getSupportedCipherSuites() {
      return sockets.getSupportedCipherSuites();
    }
  }

  /**
   * Sockets whose making clears the note of a CertificateRequest on the thread that makes them: OkHttp
   * makes the TLS socket of each connection over its TCP socket and starts its handshake at once, on
   * that thread.
   */
  static final class FreshSockets extends AdjustedSockets {
    private final CertificateRequests asked;

    FreshSockets(SSLSocketFactory sockets, CertificateRequests asked) {
      super(sockets);
      this.asked = asked;
    }

    @Override
    Socket adjusted(Socket socket) {
      asked.handshakeStarts();
      return socket;
    }
  }

  /** Sockets that ask for the server name {@code name} in the handshake (SNI), whatever host they connect to. */
  static final class ServerNameSockets extends AdjustedSockets {
    /** Null for an IP address, which SNI cannot carry (RFC 6066, 3): the name is then only checked. */
    private final SNIHostName name;

    ServerNameSockets(SSLSocketFactory sockets, String name) {
      super(sockets);
      this.name = hostName(name);
    }

    static SNIHostName hostName(String name) {
      if (name.indexOf(':') >= 0 || name.chars().allMatch(c -> c == '.' || c >= '0' && c <= '9')) {
        return null;
      }
      try {
        // SNI carries a name without the trailing dot of an absolute one (RFC 6066, 3), which SNIHostName
        // refuses: 'api.example.' is sent as 'api.example', as kubectl sends it.
        return new SNIHostName(name.endsWith(".") ? name.substring(0, name.length() - 1) : name);
      } catch (IllegalArgumentException e) {
        return null; // not a host name: the certificate check fails on it
      }
    }

    @Override
    Socket adjusted(Socket socket) {
      if (name != null && socket instanceof SSLSocket tls) {
        SSLParameters parameters = tls.getSSLParameters();
        parameters.setServerNames(List.of(name));
        tls.setSSLParameters(parameters);
      }
      return socket;
    }
  }

  /**
   * A redirect ends the run: every request to an address that redirects would be redirected, and the
   * user's kubeconfig should name the API server itself (kubectl would not send the body on either).
   */
  ClusterFailure redirected(Request request, int status, String location) {
    String to = location == null || location.isBlank() ? "no Location"
        : "Location " + shortened(withoutUserInfo(location.strip()));
    return new ClusterFailure("the server at " + shown + " answered " + request + " with HTTP " + status
        + " (a redirect, " + to + "); stave follows no redirects, which would send the request and its body"
        + " elsewhere: point the kubeconfig's server at the Kubernetes API server itself");
  }

  private static String shortened(String text) {
    return text.length() > 200 ? text.substring(0, 200) + "..." : text;
  }

  /** The answer's text, or a failure when it is longer than {@code limit} bytes. */
  static String text(okhttp3.ResponseBody body, long limit, Request request) throws IOException {
    okio.BufferedSource source = body.source();
    if (source.request(limit + 1)) {
      throw new ClusterFailure("the answer to " + request + " is larger than " + (limit >> 20)
          + " MiB, more than any Kubernetes API server sends; is the kubeconfig's server one?");
    }
    return source.readString(StandardCharsets.UTF_8);
  }

  /**
   * A credential as a header can carry it: without the line break a token file or a YAML block ends
   * with (kubectl trims them too). Any other character a header cannot carry (a line break inside, a
   * byte order mark, non-ASCII) is a failure that names the header only: the HTTP client would refuse it
   * with an exception.
   */
  static String headerValue(String name, String value) {
    String trimmed = value.strip();
    if (trimmed.chars().anyMatch(c -> (c < 0x20 || c > 0x7e) && c != '\t')) {
      throw new ClusterFailure("the kubeconfig's credentials for the " + name + " header hold a character that"
          + " no request can carry (a line break inside a token, a byte order mark, a non-ASCII character);"
          + " check the token or token file");
    }
    return trimmed;
  }

  private Map<String, String> authHeaders(Request request) throws IOException {
    Map<String, String> headers = new HashMap<>();
    List<Pair> query = new ArrayList<>();
    Map<String, String> cookies = new HashMap<>();
    for (Authentication auth : client.getAuthentications().values()) {
      try {
        auth.applyToParams(query, headers, cookies, request.body(), request.method(),
            URI.create(base + request.pathAndQuery()));
      } catch (ApiException e) {
        throw new IOException("cannot authenticate: " + e.getMessage(), e);
      }
    }
    return headers;
  }
}

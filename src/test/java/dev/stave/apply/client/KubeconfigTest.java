package dev.stave.apply.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.stave.apply.ClusterFailure;
import dev.stave.apply.Deadline;
import dev.stave.cli.Run;
import dev.stave.config.Env;
import dev.stave.diag.UserError;
import io.kubernetes.client.util.KubeConfig;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which kubeconfig files are read, how several are merged, and how long an exec plugin may run. */
class KubeconfigTest {
  @TempDir
  Path tmp;

  private Path write(String name, String text) throws IOException {
    Path file = tmp.resolve(name);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }

  private Env env(String kubeconfig) {
    return new Env(kubeconfig == null ? Map.of() : Map.of("KUBECONFIG", kubeconfig), tmp.resolve("home").toString());
  }

  @Test
  void filesAreFoundAsKubectlFindsThem() throws IOException {
    Path a = write("a/config", "kind: Config\n");
    Path b = write("b/config", "kind: Config\n");
    Path missing = tmp.resolve("missing");
    String sep = File.pathSeparator;
    assertEquals(List.of(missing), Kubeconfig.locate(missing, env(a.toString())), "--kubeconfig wins");
    assertEquals(List.of(a, b), Kubeconfig.locate(null, env(missing + sep + a + sep + sep + b + sep + a)));
    assertEquals(List.of(missing), Kubeconfig.locate(null, env(missing.toString())), "named in the message");
    assertEquals(List.of(tmp.resolve("home/.kube/config")), Kubeconfig.locate(null, env(null)));
    assertEquals(List.of(tmp.resolve("home/.kube/config")), Kubeconfig.locate(null, env(sep)));
  }

  @Test
  void theFirstFileToNameAnEntryWinsAndRelativePathsKeepTheirFolder() throws IOException {
    Path a = write("a/config", """
        kind: Config
        clusters: [{name: shared, cluster: {server: "https://a.example"}}]
        users: [{name: me, user: {client-certificate: me.crt, client-key: /abs/me.key}}]
        contexts: [{name: work, context: {cluster: shared, user: me}}]
        """);
    Path b = write("b/config", """
        kind: Config
        current-context: work
        clusters:
        - {name: shared, cluster: {server: "https://b.example"}}
        - {name: lab, cluster: {server: "https://lab.example", certificate-authority: certs/ca.crt}}
        users: [{name: me, user: {token: b}}, {name: other, user: {tokenFile: token.txt}}]
        contexts: [{name: work, context: {cluster: lab, user: other}}, \
        {name: lab, context: {cluster: lab, user: other}}]
        """);
    KubeConfig merged = Kubeconfig.merge(List.of(a, b));
    assertEquals("work", merged.getCurrentContext());
    assertEquals("https://a.example", merged.getServer());
    assertEquals(tmp.resolve("a/me.crt").toString(), merged.getClientCertificateFile());
    assertEquals("/abs/me.key", merged.getClientKeyFile());
    assertEquals(2, merged.getContexts().size());
    assertEquals(2, merged.getUsers().size());
    merged.setContext("lab");
    assertEquals("https://lab.example", merged.getServer());
    assertEquals(tmp.resolve("b/certs/ca.crt").toString(), merged.getCertificateAuthorityFile());
  }

  @Test
  void aMalformedFileAmongSeveralIsNamedAndNotQuoted() throws IOException {
    Path a = write("a/config", "kind: Config\ncontexts: []\n");
    Path bad = write("b/config", "users: [{token: secret-token-value, unclosed\n  - {");
    UserError e = assertThrows(UserError.class, () -> Kubeconfig.merge(List.of(a, bad)));
    String message = e.diagnostics().get(0).message();
    assertEquals("the kubeconfig " + bad + " is not a valid kubeconfig", message);
    assertEquals("<kubeconfig>:1:1", e.diagnostics().get(0).origin().toString(), "a label, never the file");
  }

  @Test
  void filesHoldingOnlySomeEntriesAreMergedAsKubectlMergesThem() throws IOException {
    // Credentials kept apart from contexts, one file each: neither file is a whole kubeconfig.
    Path contexts = write("a/config", """
        kind: Config
        current-context: work
        contexts: [{name: work, context: {cluster: lab, user: me}}]
        """);
    Path credentials = write("b/config", """
        kind: Config
        clusters: [{name: lab, cluster: {server: "https://lab.example"}}]
        users: [{name: me, user: {token: t}}]
        """);
    KubeConfig merged = Kubeconfig.merge(List.of(contexts, credentials));
    assertEquals("work", merged.getCurrentContext());
    assertEquals("https://lab.example", merged.getServer());
  }

  @Test
  void anEmptyFileIsAnEmptyKubeconfigAndOneNotInUtf8IsMalformed() throws IOException {
    Path empty = write("a/config", " \n");
    Path whole = write("b/config", """
        kind: Config
        current-context: work
        clusters: [{name: lab, cluster: {server: "https://lab.example"}}]
        users: [{name: me, user: {token: t}}]
        contexts: [{name: work, context: {cluster: lab, user: me}}]
        """);
    assertEquals("https://lab.example", Kubeconfig.merge(List.of(empty, whole)).getServer());
    Path comments = write("d/config", "# made by hand\n---\n  # nothing yet\n\n");
    assertEquals("https://lab.example", Kubeconfig.merge(List.of(comments, whole)).getServer());
    Path latin1 = tmp.resolve("c/config");
    Files.createDirectories(latin1.getParent());
    Files.write(latin1, new byte[] {'k', 'i', 'n', 'd', ':', ' ', (byte) 0xe9, '\n'});
    UserError e = assertThrows(UserError.class, () -> Kubeconfig.merge(List.of(latin1)));
    assertEquals("the kubeconfig " + latin1 + " is not a valid kubeconfig", e.diagnostics().get(0).message());
  }

  @Test
  void aCurrentContextThatNamesNoContextIsSaidSo() throws IOException {
    Path kubeconfig = write("kube/config", """
        kind: Config
        current-context: dev
        clusters: [{name: lab, cluster: {server: "https://lab.example"}}]
        users: [{name: me, user: {token: t}}]
        contexts: [{name: prod, context: {cluster: lab, user: me}}, {name: lab, context: {cluster: lab, user: me}}]
        """);
    UserError e = assertThrows(UserError.class,
        () -> Kubeconfig.open(kubeconfig, null, env(null), Deadline.after(Duration.ofMinutes(1))));
    assertEquals("the current-context 'dev' of the kubeconfig " + kubeconfig + " names no context in it",
        e.diagnostics().get(0).message());
    assertEquals(List.of("pass --kube-context, or set current-context to one of: lab, prod"),
        e.diagnostics().get(0).hints());
  }

  @Test
  void aContextNamingAUserOrClusterTheFileLacksIsSaidSo() throws IOException {
    // Without the check, the missing user's requests would go out anonymous.
    Path kubeconfig = write("kube/config", """
        kind: Config
        current-context: lab
        clusters: [{name: lab, cluster: {server: "https://lab.example"}}]
        users: [{name: me, user: {token: t}}, {name: ci, user: {token: t}}]
        contexts: [{name: lab, context: {cluster: lab, user: mee}}, {name: gone, context: {cluster: old, user: me}}]
        """);
    UserError user = assertThrows(UserError.class,
        () -> Kubeconfig.open(kubeconfig, null, env(null), Deadline.after(Duration.ofMinutes(1))));
    assertEquals("the context 'lab' in " + kubeconfig + " names the user 'mee', which the kubeconfig does not hold",
        user.diagnostics().get(0).message());
    assertEquals(List.of("add it to the kubeconfig's users, or set the context's user to one of: ci, me"),
        user.diagnostics().get(0).hints());
    UserError cluster = assertThrows(UserError.class,
        () -> Kubeconfig.open(kubeconfig, "gone", env(null), Deadline.after(Duration.ofMinutes(1))));
    assertEquals("the context 'gone' in " + kubeconfig + " names the cluster 'old', which the kubeconfig does not"
        + " hold", cluster.diagnostics().get(0).message());
    assertEquals(List.of("add it to the kubeconfig's clusters, or set the context's cluster to one of: lab"),
        cluster.diagnostics().get(0).hints());
  }

  /** A self-signed certificate, base64 as a kubeconfig's *-data holds one (openssl req -x509, EC P-256). */
  private static final String CERTIFICATE = ""
      + "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJkVENDQVJ1Z0F3SUJBZ0lVRnM1Nk91bVBEMDVkT3lIcTN3UGlIOGpj"
      + "ZG8wd0NnWUlLb1pJemowRUF3SXcKRHpFTk1Bc0dBMVVFQXd3RWRHVnpkREFnRncweU5qRXhNalF5TXpNM05USmFHQTh5TVRJ"
      + "Mk1UQXpNVEl6TXpjMQpNbG93RHpFTk1Bc0dBMVVFQXd3RWRHVnpkREJaTUJNR0J5cUdTTTQ5QWdFR0NDcUdTTTQ5QXdFSEEw"
      + "SUFCTWpmCjFGbG9uREhQdkRqTXkydlg2ekE2UHcyOXhTWnRrZENLcEJTN2h3TTlMcFA2eGtzV1oydmtZTnFqcnNtMExzS2UK"
      + "M2ZWdDlHK1VTZkFydTFFQUJGR2pVekJSTUIwR0ExVWREZ1FXQkJUWDN3aXJsZENVNk1uZnRXa2ErOFM2U1JKcwpYREFmQmdO"
      + "VkhTTUVHREFXZ0JUWDN3aXJsZENVNk1uZnRXa2ErOFM2U1JKc1hEQVBCZ05WSFJNQkFmOEVCVEFECkFRSC9NQW9HQ0NxR1NN"
      + "NDlCQU1DQTBnQU1FVUNJRjkvWFp3SlYvRUxhVUdPcVJIK1RuVTdhN2Z0VVFjYzV4R3AKeGRMQ0RmdC9BaUVBN0RieU1LZ2Zu"
      + "RWtKS01tL3pHNE1pT1ZqOTZlSGJ5UmJ5d1JzN1RXQ0Jtaz0KLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo=";

  /** A kubeconfig whose cluster and user entries end with {@code cluster} and {@code user}, YAML flow pairs. */
  private Path withTls(String cluster, String user) throws IOException {
    return write("kube/config", """
        kind: Config
        current-context: lab
        clusters: [{name: lab, cluster: {server: "https://203.0.113.5:6443"%s}}]
        users: [{name: me, user: {%s}}]
        contexts: [{name: lab, context: {cluster: lab, user: me}}]
        """.formatted(cluster, user));
  }

  private String failure(Path kubeconfig) {
    return assertThrows(ClusterFailure.class,
        () -> Kubeconfig.open(kubeconfig, null, env(null), Deadline.after(Duration.ofMinutes(1)))).getMessage();
  }

  private String invalid(Path kubeconfig) {
    return assertThrows(UserError.class,
        () -> Kubeconfig.open(kubeconfig, null, env(null), Deadline.after(Duration.ofMinutes(1))))
        .diagnostics().get(0).message();
  }

  @Test
  void certificatesAndKeysThatCannotBeUsedAreNamedByTheirKey() throws IOException {
    // client-java would decode the data by skipping what is not base64, and name a missing file by its path only.
    Path notBase64 = withTls(", certificate-authority-data: 'not base64!'", "token: t");
    assertEquals("the certificate-authority-data of the cluster 'lab' in " + notBase64 + " is not base64",
        invalid(notBase64));
    Path notCertificate = withTls("", "client-certificate-data: c2VjcmV0, client-key-data: c2VjcmV0");
    assertEquals("the client-certificate-data of the user 'me' in " + notCertificate + " holds no PEM certificate",
        invalid(notCertificate));
    Path missingCa = withTls(", certificate-authority: ca.crt", "token: t");
    assertEquals("cannot set up the connection of the kubeconfig " + missingCa + ": the certificate-authority file "
        + tmp.resolve("kube/ca.crt") + " of the cluster 'lab' does not exist", failure(missingCa));
    Path missingKey = withTls("", "client-certificate-data: " + CERTIFICATE + ", client-key: me.key");
    assertEquals("cannot set up the connection of the kubeconfig " + missingKey + ": the client-key file "
        + tmp.resolve("kube/me.key") + " of the user 'me' does not exist", failure(missingKey));
    // The key's text is not quoted: it is the secret half of the pair.
    Path badKey = withTls("", "client-certificate-data: " + CERTIFICATE + ", client-key-data: c2VjcmV0");
    assertEquals("cannot set up the credentials of the kubeconfig " + badKey + ": the client-key of the user 'me'"
        + " holds no private key client-java can read (PEM, RSA, EC or PKCS #8)", failure(badKey));
  }

  /**
   * client-java would use neither half, and a server that asks for a client certificate would seem to refuse
   * one that was never sent. kubectl refuses a certificate without its key before connecting too.
   */
  /**
   * kubectl refuses a user entry with a token and a username or password, or a token file and a username;
   * client-java sent basic auth and dropped the token. The values are not quoted.
   */
  @Test
  void aTokenWithBasicAuthIsInvalidInputAsKubectlRefusesIt() throws IOException {
    Path both = withTls("", "token: secret-token-value, username: admin-name, password: secret-password");
    UserError e = assertThrows(UserError.class,
        () -> Kubeconfig.open(both, null, env(null), Deadline.after(Duration.ofMinutes(1))));
    assertEquals("the user 'me' in " + both + " sets both a bearer token (token) and basic auth (username and"
        + " password): a request carries one of them, and kubectl refuses the entry", e.diagnostics().get(0).message());
    assertEquals(List.of("keep one: remove the token, or the username and password of the user"),
        e.diagnostics().get(0).hints());
    assertEquals("kubeconfig-token-and-basic-auth", e.diagnostics().get(0).code());
    Path password = withTls("", "token: secret-token-value, password: secret-password");
    assertEquals("the user 'me' in " + password + " sets both a bearer token (token) and basic auth (password):"
        + " a request carries one of them, and kubectl refuses the entry", invalid(password));
    // Refused before the token file is read: it need not exist.
    Path file = withTls("", "tokenFile: nowhere/token, username: admin-name");
    assertEquals("the user 'me' in " + file + " sets both a bearer token (tokenFile) and basic auth (username):"
        + " a request carries one of them, and kubectl refuses the entry", invalid(file));
    // kubectl's basic auth needs a username: a password beside a token file is passed over, the token sent.
    Path passwordAndFile = withTls("", "tokenFile: me.token, password: secret-password");
    Files.writeString(tmp.resolve("kube/me.token"), "file-token\n");
    Kubeconfig.open(passwordAndFile, null, env(null), Deadline.after(Duration.ofMinutes(1)));
    // An empty token is unset, as to kubectl.
    Path empty = withTls("", "token: \"\", username: admin-name");
    Kubeconfig.open(empty, null, env(null), Deadline.after(Duration.ofMinutes(1)));
  }

  @Test
  void aClientCertificateWithoutItsKeyOrAKeyWithoutItsCertificateIsInvalidInput() throws IOException {
    Path noKey = withTls("", "client-certificate-data: " + CERTIFICATE);
    UserError e = assertThrows(UserError.class,
        () -> Kubeconfig.open(noKey, null, env(null), Deadline.after(Duration.ofMinutes(1))));
    assertEquals("the user 'me' in " + noKey + " names a client-certificate-data but no client-key or"
        + " client-key-data: a client certificate is sent only with its key", e.diagnostics().get(0).message());
    assertEquals(List.of("set the client-key (a file) or client-key-data (base64) of the user, or remove its"
        + " client-certificate-data"), e.diagnostics().get(0).hints());
    assertEquals("kubeconfig-no-client-key", e.diagnostics().get(0).code());
    // Checked before any file is read: the certificate file need not exist for the entry to be refused.
    Path noKeyFile = withTls("", "client-certificate: me.crt, token: t");
    assertEquals("the user 'me' in " + noKeyFile + " names a client-certificate but no client-key or"
        + " client-key-data: a client certificate is sent only with its key", invalid(noKeyFile));
    // The key's value is not quoted: it is the secret half of the pair.
    Path noCertificate = withTls("", "client-key-data: c2VjcmV0LWtleS12YWx1ZQ==");
    UserError reverse = assertThrows(UserError.class,
        () -> Kubeconfig.open(noCertificate, null, env(null), Deadline.after(Duration.ofMinutes(1))));
    assertEquals("the user 'me' in " + noCertificate + " names a client-key-data but no client-certificate or"
        + " client-certificate-data: a client certificate is sent only with its key",
        reverse.diagnostics().get(0).message());
    assertEquals(List.of("set the client-certificate (a file) or client-certificate-data (base64) of the user, or"
        + " remove its client-key-data"), reverse.diagnostics().get(0).hints());
    Path both = withTls("", "client-key: me.key, client-key-data: c2VjcmV0LWtleS12YWx1ZQ==");
    assertEquals("the user 'me' in " + both + " names a client-key and client-key-data but no client-certificate or"
        + " client-certificate-data: a client certificate is sent only with its key", invalid(both));
  }

  /**
   * kubectl reads an empty certificate, key, authority or token file key as unset; client-java read an empty
   * file key as a file named "" and empty authority data as no authority at all, and the run ended with exit 4.
   */
  @Test
  void emptyCertificateKeyAuthorityAndTokenFileKeysAreUnsetAsKubectlReadsThem() throws IOException {
    Path empty = withTls(", certificate-authority: \"\", certificate-authority-data: \"\"", "token: t,"
        + " client-certificate: \"\", client-certificate-data: \"\", client-key: \"\", client-key-data: \"\","
        + " tokenFile: \"\"");
    KubeConfig merged = Kubeconfig.merge(List.of(empty));
    assertEquals(Arrays.asList(null, null, null, null, null, null), Arrays.asList(merged.getCertificateAuthorityFile(),
        merged.getCertificateAuthorityData(), merged.getClientCertificateFile(), merged.getClientCertificateData(),
        merged.getClientKeyFile(), merged.getClientKeyData()));
    assertEquals(Map.of("token", "t"), ((Map<?, ?>) ((Map<?, ?>) merged.getUsers().get(0)).get("user")));
    // The run goes on with the token: before, it ended naming "the client-certificate file  of the user 'me'".
    Kubeconfig.open(empty, null, env(null), Deadline.after(Duration.ofMinutes(1)));
    // An empty certificate beside a key is no certificate: the pair check names the key alone.
    Path keyOnly = withTls("", "client-certificate: \"\", client-key-data: c2VjcmV0LWtleS12YWx1ZQ==");
    assertEquals("the user 'me' in " + keyOnly + " names a client-key-data but no client-certificate or"
        + " client-certificate-data: a client certificate is sent only with its key", invalid(keyOnly));
  }

  @Test
  void aTokenThatYamlReadsAsANumberIsInvalidInputThatDoesNotQuoteIt() throws IOException {
    // client-java would fail to read it, and the run would blame a token file the user does not have.
    Path number = withTls("", "token: 12345678");
    UserError e = assertThrows(UserError.class,
        () -> Kubeconfig.open(number, null, env(null), Deadline.after(Duration.ofMinutes(1))));
    assertEquals("the token of the user 'me' in " + number + " is not text: YAML reads it as a number",
        e.diagnostics().get(0).message());
    assertEquals(List.of("quote it: token: \"...\""), e.diagnostics().get(0).hints());
    Path flag = withTls("", "username: admin, password: true");
    assertEquals("the password of the user 'me' in " + flag + " is not text: YAML reads it as true or false",
        invalid(flag));
  }

  @Test
  void aTlsServerNameThatYamlDoesNotReadAsTextIsInvalidInput() throws IOException {
    Path number = withTls(", tls-server-name: 123", "token: t");
    UserError e = assertThrows(UserError.class,
        () -> Kubeconfig.open(number, null, env(null), Deadline.after(Duration.ofMinutes(1))));
    assertEquals("the tls-server-name of the cluster 'lab' in " + number + " is not text: YAML reads it as a number",
        e.diagnostics().get(0).message());
    assertEquals(List.of("quote it: tls-server-name: \"...\""), e.diagnostics().get(0).hints());
    Path list = withTls(", tls-server-name: [a]", "token: t");
    assertEquals("the tls-server-name of the cluster 'lab' in " + list + " is not text: YAML reads it as a list",
        invalid(list));
  }

  /** A kubeconfig whose user's credentials come from the exec plugin {@code script}, made executable. */
  private Path withPlugin(Path plugin, String script) throws IOException {
    write(tmp.relativize(plugin).toString(), script);
    Files.setPosixFilePermissions(plugin, PosixFilePermissions.fromString("rwxr-xr-x"));
    return write("kube/config", """
        kind: Config
        current-context: work
        clusters: [{name: lab, cluster: {server: "https://203.0.113.5:6443"}}]
        users: [{name: me, user: {exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: %s}}}]
        contexts: [{name: work, context: {cluster: lab, user: me}}]
        """.formatted(plugin));
  }

  private static String stopped(Path kubeconfig, Path plugin) {
    return "cannot set up the credentials of the kubeconfig " + kubeconfig + ": the exec credential plugin '"
        + plugin + "' of the user 'me' gave none within --timeout 10m and was stopped; run it yourself to see why"
        + " (it may wait for a login or the network)";
  }

  /**
   * Run by ./stave in the C locale, the JVM has C.UTF-8's; the exec plugin gets the locale the user had,
   * which the launcher passes on (LC_CTYPE was unset: empty, which setlocale reads as unset).
   */
  @Test
  void anExecPluginGetsTheLocaleTheUserRanStaveIn() throws IOException {
    Path seen = tmp.resolve("seen");
    Path plugin = tmp.resolve("bin/login");
    Path kubeconfig = withPlugin(plugin, """
        #!/bin/sh
        echo "LC_ALL=${LC_ALL-unset} LC_CTYPE=${LC_CTYPE-unset}" > '%s'
        echo '{"apiVersion": "client.authentication.k8s.io/v1beta1", "kind": "ExecCredential",'
        echo ' "status": {"token": "a-token"}}'
        """.formatted(seen));
    Env env = new Env(Map.of("STAVE_ORIGINAL_LC_ALL", "POSIX", "STAVE_ORIGINAL_LC_CTYPE", ""),
        tmp.resolve("home").toString());
    Kubeconfig.open(kubeconfig, null, env, Deadline.after(Duration.ofMinutes(10)));
    assertEquals("LC_ALL=POSIX LC_CTYPE=\n", Files.readString(seen));
  }

  /** A plugin's own env entries in the kubeconfig still win over the locale given back. */
  @Test
  void anExecPluginsOwnLocaleWins() {
    Map<Object, Object> exec = new LinkedHashMap<>(Map.of("command", "login",
        "env", List.of(Map.of("name", "LC_ALL", "value", "de_DE.UTF-8"))));
    List<Object> users = List.of(Map.of("name", "me", "user", Map.of("exec", exec)));
    Kubeconfig.restoreLocale(users, new Env(Map.of("STAVE_ORIGINAL_LC_ALL", "C"), "/home/user"));
    assertEquals(List.of(Map.of("name", "LC_ALL", "value", "C"), Map.of("name", "LC_ALL", "value", "de_DE.UTF-8")),
        exec.get("env"));
  }

  @Test
  void anExecPluginGetsOnlyWhatIsLeftOfTheRunsTimeout() throws IOException {
    // A plugin that would answer after half a minute, in a run with one second of its ten minutes left:
    // given the whole --timeout again, it would answer, and the run would last up to twice as long.
    Path plugin = tmp.resolve("bin/slow-login");
    Path kubeconfig = withPlugin(plugin, """
        #!/bin/sh
        sleep 30
        echo '{"apiVersion": "client.authentication.k8s.io/v1beta1", "kind": "ExecCredential",'
        echo ' "status": {"token": "late-token"}}'
        """);
    AtomicLong clock = new AtomicLong();
    Deadline deadline = Deadline.after(Duration.ofMinutes(10), clock::get);
    clock.set(Duration.ofMinutes(10).minusSeconds(1).toNanos());
    ClusterFailure e =
        assertThrows(ClusterFailure.class, () -> Kubeconfig.open(kubeconfig, null, env(null), deadline));
    assertEquals(stopped(kubeconfig, plugin), e.getMessage());
  }

  @Test
  void noExecPluginIsStartedOnceTheRunGaveUpOnIt() throws Exception {
    // The run gives up while its credentials' thread is about to start the plugin, so stopping the plugin
    // finds none; started after that, it would be left running once stave has ended.
    Path pid = tmp.resolve("plugin.pid");
    Path plugin = tmp.resolve("bin/login");
    Path kubeconfig = withPlugin(plugin, """
        #!/bin/sh
        echo $$ > '%s'
        exec sleep 876543
        """.formatted(pid));
    CountDownLatch held = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicReference<Thread> credentials = new AtomicReference<>();
    Runnable hold = () -> {
      credentials.set(Thread.currentThread());
      held.countDown();
      awaitThroughInterrupts(release); // giving up interrupts the thread
    };
    // The deadline passes once the credentials' thread is held there, and not before.
    AtomicBoolean opening = new AtomicBoolean();
    Deadline deadline = Deadline.after(Duration.ofMinutes(10), () -> {
      if (!opening.get()) {
        return 0;
      }
      awaitThroughInterrupts(held);
      return Duration.ofMinutes(10).toNanos();
    });
    opening.set(true);
    ClusterFailure e =
        assertThrows(ClusterFailure.class, () -> Kubeconfig.open(kubeconfig, null, env(null), deadline, hold));
    assertEquals(stopped(kubeconfig, plugin), e.getMessage());
    release.countDown();
    // At once without a plugin; a plugin left running would hold the thread until it ends.
    credentials.get().join(Run.HANG.toMillis());
    Optional<ProcessHandle> started =
        Files.exists(pid) ? ProcessHandle.of(Long.parseLong(Files.readString(pid).strip())) : Optional.empty();
    try {
      assertEquals(Optional.empty(), started.filter(ProcessHandle::isAlive).map(ProcessHandle::pid),
          "the plugin runs after the run gave up on it");
      assertFalse(credentials.get().isAlive());
    } finally {
      started.ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  private static void awaitThroughInterrupts(CountDownLatch latch) {
    boolean interrupted = false;
    while (true) {
      try {
        latch.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}

package dev.stave.apply;

import dev.stave.config.Env;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.UserError;
import io.kubernetes.client.openapi.ApiClient;
import io.kubernetes.client.util.ClientBuilder;
import io.kubernetes.client.util.KubeConfig;
import java.io.File;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Finds the user's kubeconfig as kubectl does ({@code --kubeconfig}, then the first file of
 * {@code $KUBECONFIG}, then {@code ~/.kube/config}), selects the context and builds the transport with
 * client-java, which handles certificates, tokens and exec auth plugins.
 */
public final class Kubeconfig {
  private Kubeconfig() {}

  /** The file to read: explicit, else $KUBECONFIG's first entry, else ~/.kube/config. */
  static Path locate(Path explicit, Env env) {
    if (explicit != null) {
      return explicit;
    }
    String list = env.get("KUBECONFIG").orElse("");
    for (String entry : list.split(File.pathSeparator)) {
      if (!entry.isBlank()) {
        return Path.of(entry);
      }
    }
    return Path.of(env.home(), ".kube", "config");
  }

  /** A transport for the selected context; bad files and unknown contexts are user errors. */
  public static KubeTransport open(Path explicit, String context, Env env, Duration runTimeout) {
    // One request never needs longer than an hour; the HTTP client refuses timeouts past ~24 days.
    Duration timeout = runTimeout.compareTo(Duration.ofHours(1)) > 0 ? Duration.ofHours(1) : runTimeout;
    Path file = locate(explicit, env);
    String where = file.toString();
    if (!Files.isRegularFile(file)) {
      throw problem(where, "kubeconfig-missing", "there is no kubeconfig at " + where,
          "pass --kubeconfig FILE, set KUBECONFIG, or create ~/.kube/config (e.g. with your cloud's CLI)");
    }
    KubeConfig config;
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      config = KubeConfig.loadKubeConfig(reader);
    } catch (IOException e) {
      throw problem(where, "kubeconfig-unreadable", "cannot read the kubeconfig " + where, "check its permissions");
    } catch (RuntimeException e) {
      throw malformed(where);
    }
    if (config == null || config.getContexts() == null) {
      throw malformed(where);
    }
    config.setFile(file.toAbsolutePath().toFile());
    List<String> names = contextNames(config);
    if (context != null) {
      if (!names.contains(context) || !config.setContext(context)) {
        throw problem(where, "unknown-context", "the kubeconfig " + where + " has no context '" + context + "'",
            names.isEmpty() ? "add a context to the kubeconfig" : "contexts: " + String.join(", ", names));
      }
    } else if (config.getCurrentContext() == null || config.getCurrentContext().isEmpty()) {
      throw problem(where, "no-current-context", "the kubeconfig " + where + " has no current-context",
          names.isEmpty() ? "add a context to the kubeconfig" : "pass --kube-context (contexts: " + String.join(", ", names) + ")");
    }
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
    ApiClient client;
    try {
      client = ClientBuilder.kubeconfig(config).setReadTimeout(timeout).build();
    } catch (IOException | RuntimeException e) {
      throw new ClusterFailure("cannot set up the credentials of the kubeconfig " + where + ": " + e.getMessage());
    }
    return new HttpTransport(client, timeout);
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

package dev.stave.apply;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Where a kind lives in the REST API: its group/version, plural and whether it sits in a namespace. */
record Resource(String apiVersion, String kind, String plural, boolean namespaced) {

  /** {@code /api/v1} for the core group, {@code /apis/<group>/<version>} otherwise. */
  String prefix() {
    return apiVersion.contains("/") ? "/apis/" + apiVersion : "/api/" + apiVersion;
  }

  /** The collection: in one namespace, or across all namespaces when {@code namespace} is null. */
  String collection(String namespace) {
    if (namespaced && namespace != null) {
      return prefix() + "/namespaces/" + encode(namespace) + "/" + plural;
    }
    return prefix() + "/" + plural;
  }

  String item(String namespace, String name) {
    return collection(namespace) + "/" + encode(name);
  }

  /**
   * One path segment. '.' and '..' stay as they are when encoded, and the HTTP client resolves them as
   * steps in the path: the DELETE of a live object a server listed as '..' would delete its namespace.
   * Kubernetes names nothing so (client-go refuses them too).
   */
  static String encode(String segment) {
    if (segment.equals(".") || segment.equals("..")) {
      throw new ClusterFailure("'" + segment + "' cannot be sent as a name: no Kubernetes object or namespace"
          + " is named '.' or '..', and in a request's path it would be a step to another object");
    }
    return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
  }
}

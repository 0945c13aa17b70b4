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

  static String encode(String segment) {
    return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
  }
}

package dev.stave.apply;

import dev.stave.compile.Labels;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The few API calls stave makes, in JSON over a {@link KubeTransport}. */
final class KubeApi {
  static final String FIELD_MANAGER = "stave";
  static final String APPLY_PATCH = "application/apply-patch+yaml";

  private final KubeTransport transport;

  KubeApi(KubeTransport transport) {
    this.transport = transport;
  }

  String server() {
    return transport.server();
  }

  /** A parsed document, or null when the path does not exist. */
  Object getPath(String path) throws IOException {
    KubeTransport.Response response = transport.send(KubeTransport.Request.get(path));
    if (response.status() == 404) {
      return null;
    }
    if (!response.ok()) {
      throw new IOException("HTTP " + response.status() + " for " + path);
    }
    return Json.parse(response.body());
  }

  /** The live object, or null when there is none. */
  Map<String, Object> get(Resource resource, String namespace, String name) throws IOException, ApiError {
    KubeTransport.Response response = transport.send(KubeTransport.Request.get(resource.item(namespace, name)));
    if (response.status() == 404) {
      return null;
    }
    if (!response.ok()) {
      throw ApiError.of(response);
    }
    return object(response);
  }

  /**
   * The JSON object a successful answer holds. Anything else (a proxy's or a web server's HTML page, a
   * list, text) means the address is no Kubernetes API server: taken as an object, it would make an
   * object that was never applied read as created.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(KubeTransport.Response response) throws ApiError {
    if (Json.parse(response.body()) instanceof Map<?, ?> map) {
      return (Map<String, Object>) map;
    }
    throw ApiError.notAnObject(response);
  }

  /**
   * The objects of a kind carrying the bundle's label, in one namespace or all (namespace null); null
   * when the server does not serve the kind at all (a CRD that is not installed).
   */
  @SuppressWarnings("unchecked")
  List<Map<String, Object>> listBundle(Resource resource, String namespace,
      String bundle) throws IOException, ApiError {
    String selector = URLEncoder.encode(Labels.BUNDLE + "=" + bundle, StandardCharsets.UTF_8);
    KubeTransport.Response response = transport.send(
        KubeTransport.Request.get(resource.collection(namespace) + "?labelSelector=" + selector));
    if (response.status() == 404) {
      return null;
    }
    if (!response.ok()) {
      throw ApiError.of(response);
    }
    List<Map<String, Object>> items = new ArrayList<>();
    if (object(response).get("items") instanceof List<?> all) {
      for (Object item : all) {
        if (item instanceof Map<?, ?> m) {
          items.add((Map<String, Object>) m);
        }
      }
    }
    return items;
  }

  /** Server-side apply of the whole object; returns the object as the server has (or would have) it. */
  Map<String, Object> apply(Resource resource, String namespace, String name, Map<String, Object> object,
      boolean force, boolean dryRun) throws IOException, ApiError {
    String path = resource.item(namespace, name) + "?fieldManager=" + FIELD_MANAGER
        + (force ? "&force=true" : "") + (dryRun ? "&dryRun=All" : "");
    // JSON is YAML, and the server reads apply patches as YAML.
    KubeTransport.Response response = transport.send(
        new KubeTransport.Request("PATCH", path, APPLY_PATCH, Json.write(object)));
    if (!response.ok()) {
      throw ApiError.of(response);
    }
    return object(response);
  }

  /** Deletes with background propagation, as kubectl does, so a Job's pods go with it. */
  void delete(Resource resource, String namespace, String name, boolean dryRun) throws IOException, ApiError {
    String path = resource.item(namespace, name) + "?propagationPolicy=Background" + (dryRun ? "&dryRun=All" : "");
    KubeTransport.Response response = transport.send(new KubeTransport.Request("DELETE", path, null, null));
    if (!response.ok() && response.status() != 404) {
      throw ApiError.of(response);
    }
  }
}

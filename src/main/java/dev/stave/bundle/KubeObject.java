package dev.stave.bundle;

import dev.stave.compile.Labels;
import java.util.Map;

/** One manifest to apply or compare: its identity and its content as plain maps and lists. */
public record KubeObject(String apiVersion, String kind, String namespace, String name, Map<String, Object> content) {

  /** Reads the identity from the content; null when the content is not a Kubernetes object. */
  public static KubeObject of(Map<String, Object> content) {
    if (!(content.get("apiVersion") instanceof String apiVersion) || apiVersion.isBlank()
        || !(content.get("kind") instanceof String kind) || kind.isBlank()
        || !(content.get("metadata") instanceof Map<?, ?> metadata)
        || !(metadata.get("name") instanceof String name) || name.isBlank()) {
      return null;
    }
    String namespace = metadata.get("namespace") instanceof String ns && !ns.isBlank() ? ns : null;
    return new KubeObject(apiVersion, kind, namespace, name, content);
  }

  /** The API group ("" for core): versions of one group name the same object. */
  public String group() {
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  /** Identity across versions: group, kind, namespace, name. */
  public String key() {
    return group() + "|" + kind + "|" + (namespace == null ? "" : namespace) + "|" + name;
  }

  /** How reports name it: {@code Kind namespace/name} or {@code Kind name}. */
  public String display() {
    return kind + " " + (namespace == null ? "" : namespace + "/") + name;
  }

  /** The value of the stave.dev/bundle label, or null. */
  public String bundleLabel() {
    if (content.get("metadata") instanceof Map<?, ?> metadata && metadata.get("labels") instanceof Map<?, ?> labels
        && labels.get(Labels.BUNDLE) instanceof String bundle) {
      return bundle;
    }
    return null;
  }
}

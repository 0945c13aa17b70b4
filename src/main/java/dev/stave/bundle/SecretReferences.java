package dev.stave.bundle;

import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The Secrets a Kubernetes object refers to by name: {@code secretKeyRef} (with its key), {@code envFrom}'s
 * {@code secretRef}, {@code imagePullSecrets}, a secret volume's {@code secretName} and a projected
 * volume's {@code secret}. Such a Secret is in the object's namespace.
 */
public final class SecretReferences {
  private SecretReferences() {}

  /** One reference; {@code key} is null when the object takes the whole Secret. */
  public record Ref(String namespace, String name, String key) implements Comparable<Ref> {
    @Override
    public int compareTo(Ref o) {
      int byNamespace = namespace.compareTo(o.namespace);
      int byName = byNamespace != 0 ? byNamespace : name.compareTo(o.name);
      if (byName != 0 || key == null && o.key == null) {
        return byName;
      }
      return key == null ? -1 : o.key == null ? 1 : key.compareTo(o.key);
    }
  }

  /** The references of an object of {@code namespace} (null or "" for a cluster-wide one), sorted. */
  public static SortedSet<Ref> of(String namespace, Map<String, Object> content) {
    SortedSet<Ref> refs = new TreeSet<>();
    walk(content, null, namespace == null ? "" : namespace, refs);
    return refs;
  }

  private static void walk(Object node, String field, String namespace, SortedSet<Ref> refs) {
    if (node instanceof Map<?, ?> map) {
      if (map.get("secretName") instanceof String name) {
        refs.add(new Ref(namespace, name, null));
      }
      if (("secretRef".equals(field) || "secretKeyRef".equals(field) || "imagePullSecrets".equals(field)
          || "secret".equals(field)) && map.get("name") instanceof String name) {
        refs.add(new Ref(namespace, name, "secretKeyRef".equals(field) && map.get("key") instanceof String key
            ? key : null));
      }
      for (Map.Entry<?, ?> e : map.entrySet()) {
        walk(e.getValue(), String.valueOf(e.getKey()), namespace, refs);
      }
    } else if (node instanceof List<?> list) {
      for (Object item : list) {
        walk(item, field, namespace, refs);
      }
    }
  }
}

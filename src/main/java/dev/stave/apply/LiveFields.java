package dev.stave.apply;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The parts of a live object that the server manages, and the object without them. */
public final class LiveFields {
  /** metadata keys the server writes. */
  public static final Set<String> SERVER_METADATA = Set.of(
      "managedFields", "resourceVersion", "uid", "creationTimestamp", "generation", "selfLink",
      "deletionTimestamp", "deletionGracePeriodSeconds");
  /** Annotations tools write for their own bookkeeping. */
  public static final Set<String> TOOL_ANNOTATIONS = Set.of(
      "kubectl.kubernetes.io/last-applied-configuration", "deployment.kubernetes.io/revision");

  private LiveFields() {}

  /** A copy without status and server-written metadata: equal before and after means nothing changed. */
  static Map<String, Object> comparable(Map<String, Object> live) {
    Map<String, Object> copy = new LinkedHashMap<>(live == null ? Map.of() : live);
    copy.remove("status");
    if (copy.get("metadata") instanceof Map<?, ?> metadata) {
      Map<Object, Object> m = new LinkedHashMap<>(metadata);
      m.keySet().removeAll(SERVER_METADATA);
      copy.put("metadata", m);
    }
    return copy;
  }

  /** Whether a field path (keys from the root) is one the server owns. */
  public static boolean serverManaged(List<String> path) {
    if (path.isEmpty()) {
      return false;
    }
    if (path.size() == 1) {
      return path.get(0).equals("status");
    }
    if (!path.get(0).equals("metadata")) {
      return false;
    }
    if (SERVER_METADATA.contains(path.get(1))) {
      return true;
    }
    return path.get(1).equals("annotations") && path.size() > 2 && TOOL_ANNOTATIONS.contains(path.get(2));
  }
}

package dev.stave.compile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The template data of planned objects as the mrunner mappings edit it after {@link ExperimentCompiler}:
 * deep copies (so no two objects share a map) and typed access to the pod and its containers.
 */
final class PodData {
  private PodData() {}

  /** A deep copy of maps and lists; sorted maps stay sorted, other maps keep their order. */
  @SuppressWarnings("unchecked")
  static <T> T copy(T value) {
    if (value instanceof SortedMap<?, ?> m) {
      TreeMap<Object, Object> out = new TreeMap<>();
      m.forEach((k, v) -> out.put(k, copy(v)));
      return (T) out;
    }
    if (value instanceof Map<?, ?> m) {
      Map<Object, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(k, copy(v)));
      return (T) out;
    }
    if (value instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      l.forEach(v -> out.add(copy(v)));
      return (T) out;
    }
    return value;
  }

  /**
   * The objects with every pod template edited by {@code edit} (given the object's copied data and its
   * pod); objects without a pod are kept as they are. The planned objects themselves are never changed.
   */
  static List<PlannedObject> editPods(List<PlannedObject> objects,
      java.util.function.BiConsumer<Map<String, Object>, Map<String, Object>> edit) {
    List<PlannedObject> out = new ArrayList<>(objects.size());
    for (PlannedObject o : objects) {
      if (!o.data().containsKey("pod")) {
        out.add(o);
        continue;
      }
      Map<String, Object> data = copy(o.data());
      edit.accept(data, pod(data));
      out.add(withData(o, o.name(), data));
    }
    return out;
  }

  static PlannedObject withData(PlannedObject o, String name, Map<String, Object> data) {
    return new PlannedObject(o.apiVersion(), o.kind(), o.namespace(), name, o.template(), data, o.overrides(),
        o.origin());
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> pod(Map<String, Object> data) {
    return (Map<String, Object>) data.get("pod");
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> containers(Map<String, Object> pod) {
    return (List<Map<String, Object>>) pod.get("containers");
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> list(Map<String, Object> map, String key) {
    Object value = map.get(key);
    if (value == null) {
      List<Map<String, Object>> created = new ArrayList<>();
      map.put(key, created);
      return created;
    }
    return (List<Map<String, Object>>) value;
  }

  @SuppressWarnings("unchecked")
  static Map<String, String> strings(Map<String, Object> map, String key) {
    return (Map<String, String>) map.get(key);
  }

  static boolean hasEnv(Map<String, Object> container, String name) {
    return list(container, "env").stream().anyMatch(e -> name.equals(e.get("name")));
  }

  static Map<String, Object> env(String name, String value) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("value", value);
    return m;
  }

  /** {@code {name, valueFrom: {secretKeyRef: {name, key}}}}: the value stays in the Secret. */
  static Map<String, Object> secretEnv(String name, String secret, String key) {
    Map<String, Object> ref = new LinkedHashMap<>();
    ref.put("name", secret);
    ref.put("key", key);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("valueFrom", Map.of("secretKeyRef", ref));
    return m;
  }
}

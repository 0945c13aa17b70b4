package dev.stave.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small operations on parsed YAML trees (maps, lists, scalars). */
public final class Tree {
  private Tree() {}

  /** The value at a dotted path of map keys, e.g. {@code spec.template.spec}. */
  public static Object at(Map<String, Object> root, String path) {
    Object node = root;
    for (String key : path.split("\\.")) {
      if (!(node instanceof Map<?, ?> map)) {
        return null;
      }
      node = map.get(key);
    }
    return node;
  }

  @SuppressWarnings("unchecked")
  public static List<Object> list(Object value) {
    return value instanceof List<?> l ? (List<Object>) l : List.of();
  }

  /** Merges {@code over} into {@code base}: maps merge key by key, anything else (lists included) replaces. */
  @SuppressWarnings("unchecked")
  public static void deepMerge(Map<String, Object> base, Map<String, Object> over) {
    for (Map.Entry<String, Object> e : over.entrySet()) {
      Object existing = base.get(e.getKey());
      if (existing instanceof Map<?, ?> existingMap && e.getValue() instanceof Map<?, ?> overMap) {
        Map<String, Object> merged = new LinkedHashMap<>((Map<String, Object>) existingMap);
        deepMerge(merged, (Map<String, Object>) overMap);
        base.put(e.getKey(), merged);
      } else {
        base.put(e.getKey(), copy(e.getValue()));
      }
    }
  }

  /** A deep copy, so that one override merged into many objects is never shared between them. */
  @SuppressWarnings("unchecked")
  public static Object copy(Object value) {
    if (value instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      ((Map<String, Object>) m).forEach((k, v) -> out.put(k, copy(v)));
      return out;
    }
    if (value instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      l.forEach(v -> out.add(copy(v)));
      return out;
    }
    return value;
  }
}

package dev.stave.config;

import dev.stave.diag.Origin;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A mapping. Entries keep the source order where the format has one, but no stage may depend on it:
 * the same config in HOCON has no order, and both must compile to the same bytes.
 */
public record MapNode(Map<String, Node> entries, Map<String, Origin> keyOrigins, Origin origin) implements Node {

  public MapNode {
    entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    keyOrigins = Collections.unmodifiableMap(new LinkedHashMap<>(keyOrigins));
  }

  public Node get(String key) {
    return entries.get(key);
  }

  public boolean has(String key) {
    return entries.containsKey(key);
  }

  /** Where the key itself is written; falls back to its value's origin, then the map's. */
  public Origin keyOrigin(String key) {
    Origin o = keyOrigins.get(key);
    if (o != null) {
      return o;
    }
    Node value = entries.get(key);
    return value != null ? value.origin() : origin;
  }

  /**
   * Where the value of {@code key} is given to it: at the key, or at the YAML alias or HOCON substitution that
   * copies a list or map there, whose origin notes where the copied value is written (a copied scalar is placed
   * at its alias already). An error in the value as a whole is the alias's, as a limit on a scalar is.
   */
  public Origin givenAt(String key) {
    Node value = entries.get(key);
    return value != null && value.origin().copies() ? value.origin() : keyOrigin(key);
  }

  @Override
  public String describe() {
    return "a map";
  }
}

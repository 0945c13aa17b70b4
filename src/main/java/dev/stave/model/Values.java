package dev.stave.model;

import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Typed access to a config tree that the schema has already checked. */
final class Values {
  private Values() {}

  static String string(MapNode map, String key) {
    Node n = map.get(key);
    return n instanceof ScalarNode s && s.value() != null ? s.text() : null;
  }

  static Integer integer(MapNode map, String key) {
    Node n = map.get(key);
    BigInteger i = n instanceof ScalarNode s ? wholeNumber(s.value()) : null;
    return i == null ? null : i.intValueExact();
  }

  static Long longValue(MapNode map, String key) {
    Node n = map.get(key);
    BigInteger i = n instanceof ScalarNode s ? wholeNumber(s.value()) : null;
    return i == null ? null : i.longValueExact();
  }

  /**
   * A whole number as the schema's "integer" sees it: {@code 1e3} is one, so it must read as 1000 here
   * rather than be dropped. Ranges are the schema's job (every integer there has a maximum).
   */
  static BigInteger wholeNumber(Object value) {
    if (value instanceof BigInteger i) {
      return i;
    }
    if (value instanceof BigDecimal d && d.signum() == 0) {
      return BigInteger.ZERO;
    }
    // 1e999999 would take long to expand; past the schema's maxima it cannot get here anyway.
    if (value instanceof BigDecimal d && d.precision() - d.scale() <= 40 && d.stripTrailingZeros().scale() <= 0) {
      return d.toBigIntegerExact();
    }
    return null;
  }

  static Boolean bool(MapNode map, String key) {
    Node n = map.get(key);
    return n instanceof ScalarNode s && s.value() instanceof Boolean b ? b : null;
  }

  static MapNode map(MapNode map, String key) {
    return map.get(key) instanceof MapNode m ? m : null;
  }

  static List<Node> list(MapNode map, String key) {
    return map.get(key) instanceof ListNode l ? l.items() : List.of();
  }

  static List<String> strings(MapNode map, String key) {
    List<String> out = new ArrayList<>();
    for (Node n : list(map, key)) {
      out.add(((ScalarNode) n).text());
    }
    return out;
  }

  static TreeMap<String, String> stringMap(MapNode map, String key) {
    TreeMap<String, String> out = new TreeMap<>();
    MapNode m = map(map, key);
    if (m != null) {
      m.entries().forEach((k, v) -> out.put(k, ((ScalarNode) v).text()));
    }
    return out;
  }

  /** Raw Kubernetes fields for overrides: plain Java values, integers as Long where they fit. */
  static Object plain(Node node) {
    if (node instanceof MapNode m) {
      // Sorted: YAML keeps the order keys are written in and HOCON does not, and the same content must
      // compile to the same bytes in both (README, YAML and HOCON).
      Map<String, Object> out = new TreeMap<>();
      m.entries().forEach((k, v) -> out.put(k, plain(v)));
      return out;
    }
    if (node instanceof ListNode l) {
      List<Object> out = new ArrayList<>();
      l.items().forEach(i -> out.add(plain(i)));
      return out;
    }
    Object v = ((ScalarNode) node).value();
    if (v instanceof BigInteger i) {
      return i.bitLength() < 64 ? (Object) i.longValue() : i;
    }
    if (v instanceof BigDecimal d) {
      return d;
    }
    return v;
  }
}

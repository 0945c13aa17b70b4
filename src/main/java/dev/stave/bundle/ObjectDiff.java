package dev.stave.bundle;

import dev.stave.render.CanonicalYaml;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Per-object differences between an old and a new set of objects: added, removed, or changed with the
 * field paths and their old and new values. Between two bundles every field counts; against a live
 * cluster only the fields the bundle sets do, so server defaults, status and bookkeeping never show.
 */
public final class ObjectDiff {
  private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");
  private static final Comparator<KubeObject> ORDER =
      KindOrder.installOrder(KubeObject::kind, KubeObject::namespace, KubeObject::name);

  /** Marks a field that one side does not have. */
  public static final Object ABSENT = new Object() {
    @Override
    public String toString() {
      return "(absent)";
    }
  };

  public enum Kind { ADDED, REMOVED, CHANGED }

  /** One changed field: its path as {@code spec.containers[0].image}, and its values (maybe {@link #ABSENT}). */
  public record Field(String path, Object before, Object after, boolean secret) {}

  public record Change(Kind kind, KubeObject object, List<Field> fields) {}

  /** Whether a field path (keys from the root) is to be left out of the comparison. */
  public interface Ignore {
    boolean test(List<String> path);
  }

  private ObjectDiff() {}

  /** Every field of either side counts. */
  public static List<Change> between(List<KubeObject> before, List<KubeObject> after) {
    return compare(before, after, false, path -> false);
  }

  /** Only the fields the bundle's objects set count, minus those {@code ignore} names. */
  public static List<Change> againstLive(List<KubeObject> live, List<KubeObject> bundle, Ignore ignore) {
    return compare(live, bundle, true, ignore);
  }

  private static List<Change> compare(List<KubeObject> before, List<KubeObject> after, boolean onlyAfter,
      Ignore ignore) {
    Map<String, KubeObject> old = new LinkedHashMap<>();
    for (KubeObject o : before) {
      old.put(o.key(), o);
    }
    Map<String, KubeObject> now = new LinkedHashMap<>();
    for (KubeObject o : after) {
      now.put(o.key(), o);
    }
    List<Change> changes = new ArrayList<>();
    for (KubeObject o : now.values()) {
      KubeObject was = old.get(o.key());
      if (was == null) {
        changes.add(new Change(Kind.ADDED, o, List.of()));
        continue;
      }
      boolean secret = o.kind().equals("Secret") && o.group().isEmpty();
      List<Field> fields = new ArrayList<>();
      walk(new ArrayList<>(), was.content(), o.content(), onlyAfter, ignore, secret, fields);
      if (!fields.isEmpty()) {
        changes.add(new Change(Kind.CHANGED, o, fields));
      }
    }
    for (KubeObject o : old.values()) {
      if (!now.containsKey(o.key())) {
        changes.add(new Change(Kind.REMOVED, o, List.of()));
      }
    }
    changes.sort(Comparator.comparing(Change::object, ORDER));
    return changes;
  }

  private static void walk(List<String> path, Object before, Object after, boolean onlyAfter, Ignore ignore,
      boolean secret, List<Field> out) {
    if (ignore.test(path)) {
      return;
    }
    if (before instanceof Map<?, ?> b && after instanceof Map<?, ?> a) {
      TreeSet<String> keys = new TreeSet<>();
      a.keySet().forEach(k -> keys.add(String.valueOf(k)));
      if (!onlyAfter) {
        b.keySet().forEach(k -> keys.add(String.valueOf(k)));
      }
      for (String key : keys) {
        path.add(key);
        walk(path, b.containsKey(key) ? b.get(key) : ABSENT, a.containsKey(key) ? a.get(key) : ABSENT,
            onlyAfter, ignore, secret, out);
        path.remove(path.size() - 1);
      }
      return;
    }
    if (before instanceof List<?> b && after instanceof List<?> a && (!onlyAfter || hasMaps(a))) {
      int n = onlyAfter ? a.size() : Math.max(a.size(), b.size());
      for (int i = 0; i < n; i++) {
        path.add("[" + i + "]");
        walk(path, i < b.size() ? b.get(i) : ABSENT, i < a.size() ? a.get(i) : ABSENT, onlyAfter, ignore, secret, out);
        path.remove(path.size() - 1);
      }
      return;
    }
    if (before == ABSENT && after == ABSENT
        || before != ABSENT && after != ABSENT && CanonicalYaml.sameValue(before, after)) {
      return;
    }
    boolean hidden = secret && !path.isEmpty() && (path.get(0).equals("data") || path.get(0).equals("stringData"));
    out.add(new Field(render(path), before, after, hidden));
  }

  private static boolean hasMaps(List<?> list) {
    return list.stream().anyMatch(x -> x instanceof Map<?, ?>);
  }

  /** {@code spec.template.spec.containers[0].image}; keys with dots or slashes in brackets and quotes. */
  static String render(List<String> path) {
    StringBuilder out = new StringBuilder();
    for (String key : path) {
      if (key.startsWith("[")) {
        out.append(key);
      } else if (PLAIN_KEY.matcher(key).matches()) {
        out.append(out.length() == 0 ? "" : ".").append(key);
      } else {
        out.append("[\"").append(key.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"]");
      }
    }
    return out.toString();
  }
}

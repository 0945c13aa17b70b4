package dev.stave.compile;

import dev.stave.diag.Diagnostic;
import dev.stave.model.Names;
import dev.stave.model.Placeholders;
import dev.stave.model.SweepGrid;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.Set;
import java.util.TreeMap;

/**
 * A sweep (docs/mrunner.md, Sweeps; mrunner's unfinished "dispatcher"): the compiled experiment once per
 * point of the grid. Each instance's objects get the suffix {@code -<hash of the point>} (so adding a value
 * renames nothing else), the labels {@code stave.dev/sweep} and {@code stave.dev/sweep-instance}, the
 * annotation {@code stave.dev/sweep-point}, its values in {@code {{param}}} and {@code STAVE_PARAM_<NAME>};
 * its Services and Deployments select only its own pods. Objects a project shares (Namespace, the storage
 * claim) appear once. Without a sweep nothing changes, not even {@code {{{{}. Cost is linear in points
 * times objects.
 */
final class Sweep {
  static final String SWEEP = "stave.dev/sweep";
  static final String INSTANCE = "stave.dev/sweep-instance";
  static final String POINT = "stave.dev/sweep-point";
  private static final Set<String> SHARED = Set.of("Namespace", "PersistentVolumeClaim");

  private Sweep() {}

  /**
   * @param groups the names of the experiment's process groups (as its workloads' component label has them), so
   *     that a name too long is told to be a group's, not a process's
   */
  static List<PlannedObject> expand(List<PlannedObject> objects, SweepGrid sweep, String bundle, Set<String> groups,
      List<Diagnostic> problems) {
    if (sweep == null) {
      return objects;
    }
    PlannedObject longestObject = objects.stream().filter(o -> !SHARED.contains(o.kind()))
        .max((a, b) -> longestName(a).length() != longestName(b).length()
            ? Integer.compare(longestName(a).length(), longestName(b).length())
            : longestName(b).compareTo(longestName(a)))
        .orElse(null);
    String longest = longestObject == null ? "" : longestName(longestObject);
    if (longest.length() > Names.MAX_LABEL) {
      // An experiment's Services are named after its services (binds), its workloads after its processes and
      // process groups.
      String part = longestObject.kind().equals("Service") ? "service's"
          : longestObject.data().get("labels") instanceof Map<?, ?> labels
              && groups.contains(labels.get(Labels.COMPONENT)) ? "group's" : "process's";
      problems.add(Diagnostic.error(sweep.origin(), "sweep", "name-too-long",
          "with the sweep suffix, " + (longest.endsWith("-xxxxxxxx") ? "the name '" + longest + "'"
              : "the hostname of an Indexed Job's last pod, '" + longest + "',") + " would be " + longest.length()
              + " characters, more than Kubernetes allows (63)",
          "shorten the experiment's or the " + part + " name by " + (longest.length() - Names.MAX_LABEL)
              + " characters"));
      return List.of();
    }
    // Services are addressed by name in SYMPH_*_HOST and _ADDR: each instance talks to its own.
    Set<String> services = new HashSet<>();
    for (PlannedObject o : objects) {
      if (o.kind().equals("Service")) {
        services.add(o.name());
      }
    }
    List<SweepGrid.Point> points = sweep.points();
    Map<String, String> seen = new HashMap<>();
    for (SweepGrid.Point p : points) {
      String other = seen.putIfAbsent(p.hash(), p.text());
      if (other != null) {
        problems.add(Diagnostic.error(sweep.origin(), "sweep", "sweep-hash-collision",
            "the points " + other + " and " + p.text() + " have the same suffix -" + p.hash(),
            "change or add a value so that the two points differ in their hash"));
        return List.of();
      }
    }
    List<PlannedObject> shared = new ArrayList<>();
    List<PlannedObject> perPoint = new ArrayList<>();
    for (PlannedObject o : objects) {
      (SHARED.contains(o.kind()) ? shared : perPoint).add(o);
    }
    return new Instances(shared, perPoint, points, bundle, services);
  }

  /**
   * The longest name an instance of {@code o} makes: its own with the suffix, or for an Indexed Job its
   * last pod's hostname, {@code <job>-<last index>}, which must be a DNS label as well.
   */
  private static String longestName(PlannedObject o) {
    String name = o.name() + "-xxxxxxxx";
    return o.kind().equals("Job") && o.data().get("completions") instanceof Integer n && n > 1
        ? name + "-" + (n - 1) : name;
  }

  /** Whether this list is a sweep's instances, which are made one by one as they are asked for. */
  static boolean madeOnDemand(List<PlannedObject> objects) {
    return objects instanceof Instances;
  }

  /**
   * {@code objects}, or of a sweep's instances the shared objects and the first point's. The points differ in
   * names, labels and the values made from the point, never in overrides, which each instance keeps from the
   * object it is made from.
   */
  static List<PlannedObject> firstPoint(List<PlannedObject> objects) {
    return objects instanceof Instances instances
        ? instances.subList(0, instances.shared.size() + instances.perPoint.size()) : objects;
  }

  /**
   * The shared objects, then every point's objects, each made when it is asked for. A 10,000-point
   * sweep is then never held as 20,000 copies of template data: the renderer makes, renders and drops
   * them one by one, on all cores. Asking twice gives equal objects.
   */
  private static final class Instances extends AbstractList<PlannedObject> implements RandomAccess {
    private final List<PlannedObject> shared;
    private final List<PlannedObject> perPoint;
    private final List<SweepGrid.Point> points;
    private final String bundle;
    private final Set<String> services;

    Instances(List<PlannedObject> shared, List<PlannedObject> perPoint, List<SweepGrid.Point> points,
        String bundle, Set<String> services) {
      this.shared = List.copyOf(shared);
      this.perPoint = List.copyOf(perPoint);
      this.points = List.copyOf(points);
      this.bundle = bundle;
      this.services = Set.copyOf(services);
    }

    @Override
    public int size() {
      return shared.size() + points.size() * perPoint.size();
    }

    @Override
    public PlannedObject get(int index) {
      Objects.checkIndex(index, size());
      if (index < shared.size()) {
        return shared.get(index);
      }
      int i = index - shared.size();
      return instance(perPoint.get(i % perPoint.size()), points.get(i / perPoint.size()), bundle, services);
    }
  }

  /** One object of one instance. */
  @SuppressWarnings("unchecked")
  private static PlannedObject instance(PlannedObject o, SweepGrid.Point point, String bundle, Set<String> services) {
    Map<String, String> values = point.values();
    String suffix = "-" + point.hash();
    String name = o.name() + suffix;
    Map<String, Object> data = PodData.copy(o.data());
    data.put("name", name);
    for (String key : List.of("labels", "podLabels")) {
      Map<String, String> labels = PodData.strings(data, key);
      if (labels != null) {
        labels.put(SWEEP, bundle);
        labels.put(INSTANCE, point.hash());
      }
    }
    Map<String, String> selector = PodData.strings(data, "selector");
    if (selector != null) {
      Map<String, String> copy = new TreeMap<>(selector);
      copy.put(INSTANCE, point.hash());
      data.put("selector", copy);
    }
    data.put("annotations", new TreeMap<>(Map.of(POINT, point.text())));
    if (data.containsKey("pod")) {
      Map<String, String> params = new TreeMap<>();
      values.forEach((k, v) -> params.put("STAVE_PARAM_" + k.toUpperCase(Locale.ROOT), v));
      for (Map<String, Object> c : PodData.containers(PodData.pod(data))) {
        for (String key : List.of("command", "args")) {
          List<String> list = (List<String>) c.get(key);
          if (list != null) {
            list.replaceAll(s -> Placeholders.substitute(s, values));
          }
        }
        List<Map<String, Object>> env = PodData.list(c, "env");
        for (Map<String, Object> e : env) {
          if (e.get("value") instanceof String v) {
            String value = Placeholders.substitute(v, values);
            e.put("value", e.get("name") instanceof String n && n.startsWith("SYMPH_")
                ? renamed(value, services, suffix) : value);
          }
        }
        params.forEach((k, v) -> env.add(PodData.env(k, v)));
      }
    }
    return PodData.withData(o, name, data);
  }

  /** {@code host} or {@code host:port} of one of the experiment's Services, as the instance's own. */
  private static String renamed(String value, Set<String> services, String suffix) {
    int colon = value.indexOf(':');
    String host = colon < 0 ? value : value.substring(0, colon);
    return services.contains(host) ? host + suffix + value.substring(host.length()) : value;
  }
}

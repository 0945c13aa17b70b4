package dev.stave.model;

import dev.stave.config.ConfigFile;
import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Printable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Builds an {@link Experiment} from a config the schema has accepted, checking what a schema cannot:
 * names, quantities, images, labels, pod-level keys on grouped processes, mounts and secret files.
 */
public final class ExperimentReader {
  /** Keys that describe the pod; on a grouped process they belong to the group (Symphony asserts the same). */
  static final List<String> POD_KEYS = List.of("node_selector", "tolerations", "restart_policy", "workload",
      "replicas", "backoff_limit", "active_deadline_seconds", "ttl_seconds_after_finished", "labels");

  private static final Pattern ENV_NAME = Pattern.compile("[-._a-zA-Z][-._a-zA-Z0-9]*");
  private static final String SERVICE_NAME_HINT =
      "a service name is ASCII letters, digits and '-', starting with a letter, at most 63 long";
  private static final Pattern SECRET_KEY = Pattern.compile("[-._a-zA-Z0-9]+");
  private static final Pattern PATH = Pattern.compile("/[^\\x00-\\x1f]*");
  /** The keys every mount takes. */
  private static final List<String> MOUNT_KEYS = List.of("type", "name", "mount_path", "read_only");
  /**
   * The keys each mount type takes besides {@link #MOUNT_KEYS}. The schema accepts all of them on any mount, but a
   * key of another type would be dropped without a word (a {@code size_limit} on a {@code pvc} sizes nothing), so
   * it is an error, as an unknown key is.
   */
  private static final Map<String, List<String>> MOUNT_TYPE_KEYS = Map.of(
      "nfs", List.of("server", "path"),
      "host_path", List.of("path", "host_path_type"),
      "empty_dir", List.of("medium", "size_limit"),
      "shared_memory", List.of("size_limit"),
      "secret", List.of("secret_name", "default_mode"),
      "config_map", List.of("config_map_name", "default_mode"),
      "pvc", List.of("claim_name"),
      "git_repo", List.of("repository", "revision"));

  private final List<Diagnostic> problems = new ArrayList<>();
  /**
   * Whether a problem left out something that the Services are made from: a service's name or the experiment's
   * name. Any other problem leaves the processes' binds, connects and exposes whole.
   */
  private boolean servicesIncomplete;
  /**
   * The pods whose names were refused, under a stand-in name: not part of the experiment, but their processes'
   * services are checked with the others', which need the processes and not the pod's name.
   */
  private final List<PodUnit> unnamed = new ArrayList<>();
  /** Every service name as sanitized, with where it was first named and how it was spelled there. */
  private final Map<String, ServicePort> serviceSpellings = new HashMap<>();
  /**
   * Per sanitized service name, the note that says how Kubernetes writes it, at its first mention in file order:
   * processes are read before process_groups and binds before connects, so the first one read may come later.
   */
  private final Map<String, Diagnostic> serviceNotes = new TreeMap<>();
  private final ConfigFile config;
  private final MapNode root;
  private final ContextDefaults defaults;

  private ExperimentReader(ConfigFile config, ContextDefaults defaults) {
    this.config = config;
    this.root = (MapNode) config.root();
    this.defaults = defaults;
  }

  /**
   * The experiment, and every problem found (errors and notes); the experiment is null if any is an error.
   * {@code services} is the experiment as read, errors and all, so that its services are checked in the same
   * run as its other problems: null when a problem left out something they are made from.
   */
  public record Result(Experiment experiment, Experiment services, List<Diagnostic> diagnostics) {}

  /** The experiment of {@code config}, with a context's defaults under its own keys (docs/mrunner.md, Contexts). */
  public static Result read(ConfigFile config, ContextDefaults defaults) {
    ExperimentReader reader = new ExperimentReader(config, defaults);
    Experiment experiment = reader.experiment();
    boolean failed = reader.problems.stream().anyMatch(Diagnostic::isError);
    return new Result(failed ? null : experiment, reader.servicesIncomplete ? null : reader.withUnnamed(experiment),
        List.copyOf(reader.problems));
  }

  private Experiment experiment() {
    Origin nameOrigin = root.get("name").origin();
    Optional<String> checked = name(Values.string(root, "name"), 0, nameOrigin, "name", false);
    servicesIncomplete |= checked.isEmpty();
    String name = checked.orElse("invalid");
    String namespace = namespace(name);
    int[] range = portRange();
    List<PodUnit> units = new ArrayList<>();
    Map<String, Origin> unitNames = new HashMap<>();
    MapNode processes = Values.map(root, "processes");
    if (processes != null) {
      processes.entries().forEach((given, node) ->
          standalone(given, (MapNode) node, "processes." + Printable.pathKey(given),
              processes.keyOrigin(given)).ifPresent(u -> {
            claim(unitNames, u.name(), u.given(), u.origin(), "processes." + Printable.pathKey(given));
            units.add(u);
          }));
    }
    MapNode groups = Values.map(root, "process_groups");
    if (groups != null) {
      groups.entries().forEach((given, node) ->
          group(given, (MapNode) node, "process_groups." + Printable.pathKey(given),
              groups.keyOrigin(given)).ifPresent(u -> {
            claim(unitNames, u.name(), u.given(), u.origin(), "process_groups." + Printable.pathKey(given));
            units.add(u);
          }));
    }
    problems.addAll(serviceNotes.values());
    if (units.isEmpty() && !problems.stream().anyMatch(Diagnostic::isError)) {
      problems.add(Diagnostic.error(root.keyOrigin("name"), "processes", "no-processes",
          "the experiment has no processes", "add a process under 'processes' or 'process_groups'"));
    }
    units.sort((a, b) -> a.name().compareTo(b.name()));
    Boolean create = Values.bool(root, "create_namespace");
    String exposeType = Optional.ofNullable(Values.string(root, "expose_type")).orElse("LoadBalancer");
    return new Experiment(name, nameOrigin, root.origin(), namespace, namespaceOrigin(), create == null || create,
        range[0], range[1], root.has("port_range") ? root.get("port_range").origin() : root.origin(), secrets(),
        experimentLabels(), exposeType, List.copyOf(units));
  }

  /** {@code experiment} with the pods whose names were refused too ({@link #unnamed}), for its services. */
  private Experiment withUnnamed(Experiment experiment) {
    if (unnamed.isEmpty()) {
      return experiment;
    }
    List<PodUnit> units = new ArrayList<>(experiment.units());
    units.addAll(unnamed);
    return new Experiment(experiment.name(), experiment.nameOrigin(), experiment.origin(), experiment.namespace(),
        experiment.namespaceOrigin(), experiment.createNamespace(), experiment.portFirst(), experiment.portLast(),
        experiment.portRangeOrigin(), experiment.secrets(), experiment.labels(), experiment.exposeType(),
        List.copyOf(units));
  }

  private void claim(Map<String, Origin> names, String name, String given, Origin origin, String path) {
    Origin first = names.putIfAbsent(name, origin);
    if (first != null) {
      // A process and a group of one name need no "becomes": nothing was sanitized.
      String what = given.equals(name) ? "'" + name + "' is" : "'" + given + "' becomes '" + name + "', which is";
      problems.add(Diagnostic.error(origin, path, "name-collision",
          what + " already the name of the process or group at line " + first.line(),
          "rename one of them"));
    }
  }

  private String namespace(String name) {
    String project = Values.string(root, "project");
    if (project != null) {
      return name(project, 0, root.get("project").origin(), "project", false).orElse("invalid");
    }
    String namespace = Values.string(root, "namespace");
    if (namespace != null) {
      return name(namespace, 0, root.get("namespace").origin(), "namespace", false).orElse("invalid");
    }
    if (defaults.namespace() != null) {
      return name(defaults.namespace(), 0, defaults.namespaceOrigin(), defaults.namespaceKey(), false)
          .orElse("invalid");
    }
    return name;
  }

  /** Where {@link #namespace} takes the namespace from; null when it is the experiment's name. */
  private Origin namespaceOrigin() {
    for (String key : List.of("project", "namespace")) {
      if (Values.string(root, key) != null) {
        return root.get(key).origin();
      }
    }
    return defaults.namespace() != null ? defaults.namespaceOrigin() : null;
  }

  /** {@code key}: the name is a map key (a process's or group's), not a value. */
  private Optional<String> name(String given, int reserve, Origin origin, String path, boolean key) {
    Optional<String> name = Names.kubernetesName(given, reserve, origin, path, key, problems);
    name.filter(n -> !n.equals(given)).ifPresent(n -> problems.add(Diagnostic.note(origin, path, "name-sanitized",
        "name '" + given + "' is written as '" + n + "' in Kubernetes")));
    return name;
  }

  private int[] portRange() {
    String text = Values.string(root, "port_range");
    if (text == null) {
      return new int[] {7000, 8999}; // Symphony's default range
    }
    Origin origin = root.get("port_range").origin();
    String[] parts = text.split("-");
    try {
      int first = Integer.parseInt(parts[0]);
      int last = Integer.parseInt(parts[1]);
      if (first < 1 || last > 65535 || first > last) {
        throw new NumberFormatException();
      }
      return new int[] {first, last};
    } catch (NumberFormatException e) {
      problems.add(Diagnostic.error(origin, "port_range", "port-range",
          "port_range '" + text + "' is not a range of ports between 1 and 65535",
          "write it as FIRST-LAST with FIRST <= LAST, e.g. \"7000-8999\""));
      // The services are still checked, in every port there is: none runs out of a range the user did not write.
      return new int[] {1, 65535};
    }
  }

  private List<SecretFile> secrets() {
    List<SecretFile> out = new ArrayList<>();
    Map<String, Origin> keys = new HashMap<>();
    int i = 0;
    for (Node n : Values.list(root, "secrets")) {
      String path = ((ScalarNode) n).text();
      String jsonPath = "secrets[" + i++ + "]";
      Path resolved = resolve(path);
      String key = resolved.getFileName() == null ? "" : resolved.getFileName().toString();
      if (!SECRET_KEY.matcher(key).matches() || key.length() > 253 || key.equals(".") || key.startsWith("..")) {
        problems.add(Diagnostic.error(n.origin(), jsonPath, "secret-key",
            "the file name '" + Names.printable(key) + "' cannot be a Secret key",
            "rename the file to letters, digits, '-', '_' and '.'"));
        continue;
      }
      Origin first = keys.putIfAbsent(key, n.origin());
      if (first != null) {
        problems.add(Diagnostic.error(n.origin(), jsonPath, "secret-duplicate",
            "two secret files are both named '" + key + "' (the other at line " + first.line() + ")",
            "every file in 'secrets' becomes a key named after the file; rename one"));
        continue;
      }
      out.add(new SecretFile(key, resolved, n.origin()));
    }
    out.sort((a, b) -> a.key().compareTo(b.key()));
    return out;
  }

  private Path resolve(String path) {
    return config.resolve(path, config.folder());
  }

  /** The context's labels under the experiment's own. */
  private TreeMap<String, String> experimentLabels() {
    TreeMap<String, String> out = defaults.contextLabels() == null ? new TreeMap<>()
        : labels(new MapNode(Map.of("labels", defaults.contextLabels()), Map.of("labels", defaults.contextLabels()
            .origin()), defaults.contextLabels().origin()), "labels", defaults.contextLabelsKey());
    out.putAll(labels(root, "labels", "labels"));
    return out;
  }

  /** The labels under {@code key}, checked; {@code jsonPath} is where that map is, for messages. */
  private TreeMap<String, String> labels(MapNode map, String key, String jsonPath) {
    return LabelRules.read(Values.map(map, key), jsonPath, Set.of(), "label", problems);
  }

  private Optional<PodUnit> standalone(String given, MapNode node, String path, Origin origin) {
    PodSettings pod = podSettings(node, path);
    int reserve = pod.workload() == Workload.POD && pod.replicas() > 1
        ? 1 + String.valueOf(pod.replicas() - 1).length() : 0;
    Optional<String> name = name(given, reserve, origin, path, true);
    Process process = process(given, name.orElse("invalid"), node, path, origin);
    if (name.isEmpty()) {
      unnamed.add(new PodUnit("invalid", given, origin, false, List.of(process), pod));
      return Optional.empty();
    }
    return Optional.of(new PodUnit(name.get(), given, origin, false, List.of(process), pod));
  }

  private Optional<PodUnit> group(String given, MapNode node, String path, Origin origin) {
    PodSettings pod = podSettings(node, path);
    int reserve = pod.workload() == Workload.POD && pod.replicas() > 1
        ? 1 + String.valueOf(pod.replicas() - 1).length() : 0;
    Optional<String> name = name(given, reserve, origin, path, true);
    MapNode processes = Values.map(node, "processes");
    List<Process> members = new ArrayList<>();
    Map<String, Origin> containerNames = new HashMap<>();
    processes.entries().forEach((processGiven, processNode) -> {
      String processPath = path + ".processes." + Printable.pathKey(processGiven);
      MapNode processMap = (MapNode) processNode;
      Origin processOrigin = processes.keyOrigin(processGiven);
      for (String key : POD_KEYS) {
        if (processMap.has(key)) {
          problems.add(Diagnostic.error(processMap.keyOrigin(key), processPath + "." + key, "pod-key-on-grouped",
              "'" + key + "' belongs to the pod, and process '" + processGiven + "' shares the pod of group '"
                  + given + "'",
              "move '" + key + "' to process_groups." + given));
        }
      }
      MapNode overrides = Values.map(processMap, "overrides");
      if (overrides != null && overrides.has("pod")) {
        problems.add(Diagnostic.error(overrides.keyOrigin("pod"), processPath + ".overrides.pod", "pod-key-on-grouped",
            "'overrides.pod' belongs to the pod, and process '" + processGiven + "' shares the pod of group '"
                + given + "'",
            "move it to process_groups." + given + ".overrides.pod"));
      }
      Optional<String> containerName = name(processGiven, 0, processOrigin, processPath, true);
      containerName.ifPresent(n -> {
        Origin first = containerNames.putIfAbsent(n, processOrigin);
        if (first != null) {
          problems.add(Diagnostic.error(processOrigin, processPath, "name-collision",
              "'" + processGiven + "' becomes '" + n + "', which another process of the group already uses (line "
                  + first.line() + ")",
              "rename one of them"));
        }
      });
      members.add(process(processGiven, containerName.orElse("invalid"), processMap, processPath, processOrigin));
    });
    members.sort((a, b) -> a.name().compareTo(b.name()));
    if (name.isEmpty()) {
      unnamed.add(new PodUnit("invalid", given, origin, true, List.copyOf(members), pod));
      return Optional.empty();
    }
    return Optional.of(new PodUnit(name.get(), given, origin, true, List.copyOf(members), pod));
  }

  private PodSettings podSettings(MapNode node, String path) {
    Workload workload = Optional.ofNullable(Values.string(node, "workload")).map(Workload::parse).orElse(Workload.JOB);
    int replicas = Optional.ofNullable(Values.integer(node, "replicas")).orElse(1);
    if (replicas == 0 && workload != Workload.DEPLOYMENT) {
      // A Deployment of 0 replicas is a scaled-down service that keeps its Services and can be scaled up;
      // a Job or bare Pods of 0 would run nothing, which is a mistake rather than a state.
      problems.add(Diagnostic.error(node.get("replicas").origin(), path + ".replicas", "no-replicas",
          "replicas is 0, so " + (workload == Workload.POD ? "workload = pod would write no Pod"
              : "the Job would run no pod"),
          "set replicas to 1 or more, or set workload = deployment to keep a service scaled down to 0 pods"));
    }
    String restart = Values.string(node, "restart_policy");
    if (restart == null) {
      restart = workload == Workload.JOB ? "Never" : "Always"; // mrunner: a run is not restarted
    } else if (workload == Workload.JOB && restart.equals("Always")) {
      problems.add(Diagnostic.error(node.get("restart_policy").origin(), path + ".restart_policy", "restart-policy",
          "a Job's pods cannot have restart_policy Always", "use Never or OnFailure, or set workload = deployment"));
    } else if (workload == Workload.DEPLOYMENT && !restart.equals("Always")) {
      problems.add(Diagnostic.error(node.get("restart_policy").origin(), path + ".restart_policy", "restart-policy",
          "a Deployment's pods always restart, so restart_policy must be Always", "remove restart_policy"));
    }
    if (workload != Workload.JOB) {
      // Each Job key is refused with the reason Kubernetes has for it. active_deadline_seconds alone has a
      // home on a bare Pod (spec.activeDeadlineSeconds), so a pod workload takes it.
      String kind = workload == Workload.POD ? "a bare Pod" : "a Deployment";
      jobOnly(node, path, "backoff_limit", "'backoff_limit' is the number of times a Job starts a new pod, and "
          + kind + " has no such count: " + (workload == Workload.POD
              ? "its restart_policy restarts its containers in place" : "its pods always restart"),
          "remove it, or set workload = job for a process that is retried");
      jobOnly(node, path, "ttl_seconds_after_finished", "'ttl_seconds_after_finished' deletes a finished Job,"
          + " and Kubernetes deletes only Jobs after a time to live, not " + kind,
          "remove it, or set workload = job");
      if (workload == Workload.DEPLOYMENT) {
        jobOnly(node, path, "active_deadline_seconds", "'active_deadline_seconds' cannot stop a Deployment's pods:"
            + " the API server refuses a Deployment whose pod template sets activeDeadlineSeconds",
            "remove it, or set workload = job or workload = pod for a process that must stop after a time");
      }
    }
    int backoff = Optional.ofNullable(Values.integer(node, "backoff_limit")).orElse(0);
    List<Toleration> tolerations = tolerations(node, path);
    TreeMap<String, String> nodeSelector = nodeSelector(node, path);
    MapNode overrides = Values.map(node, "overrides");
    Map<String, Object> podOverride = Map.of();
    OverrideFields podFields = OverrideFields.NONE;
    if (overrides != null && overrides.get("pod") instanceof MapNode pod) {
      podOverride = castMap(Values.plain(FileMode.inOverride(pod, path + ".overrides.pod", problems)));
      SmallMemory.inOverride(pod, path + ".overrides.pod", problems);
      podFields = OverrideFields.of(pod);
    }
    return new PodSettings(workload, replicas, restart, backoff, Values.longValue(node, "active_deadline_seconds"),
        Values.integer(node, "ttl_seconds_after_finished"), nodeSelector, List.copyOf(tolerations),
        labels(node, "labels", path + ".labels"), podOverride, podFields.origins(), podFields.variables());
  }

  private void jobOnly(MapNode node, String path, String key, String message, String hint) {
    if (node.has(key)) {
      problems.add(Diagnostic.error(node.keyOrigin(key), path + "." + key, "job-key", message, hint));
    }
  }

  /**
   * The tolerations, checked as the API server's ValidateTolerations does: it would refuse the whole
   * bundle at apply time, far from the line that is wrong.
   */
  private List<Toleration> tolerations(MapNode node, String path) {
    List<Toleration> out = new ArrayList<>();
    List<Node> items = Values.list(node, "tolerations");
    for (int i = 0; i < items.size(); i++) {
      MapNode m = (MapNode) items.get(i);
      Toleration t = new Toleration(Values.string(m, "key"), Values.string(m, "operator"), Values.string(m, "value"),
          Values.string(m, "effect"), Values.longValue(m, "toleration_seconds"));
      if (TolerationRules.check(t, m, path + ".tolerations[" + i + "]", problems)) {
        out.add(t);
      }
    }
    return List.copyOf(out);
  }

  /** A node selector matches node labels, so its keys and values follow the label rules. */
  private TreeMap<String, String> nodeSelector(MapNode node, String path) {
    return LabelRules.read(Values.map(node, "node_selector"), path + ".node_selector", null, "node label",
        problems);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> castMap(Object o) {
    return (Map<String, Object>) o;
  }

  /**
   * Where each field of an override is written, by its path in the override ({@code securityContext},
   * {@code securityContext.runAsUser}, {@code ports[0].containerPort}), so that a problem in a field
   * points at that field; and the fields written as environment variables (or, in HOCON, in quotes as the
   * text of one), so that it names the variable.
   */
  private record OverrideFields(Map<String, Origin> origins, Map<String, Variable> variables) {
    static final OverrideFields NONE = new OverrideFields(Map.of(), Map.of());

    static OverrideFields of(MapNode override) {
      Map<String, Origin> origins = new LinkedHashMap<>();
      Map<String, Variable> variables = new LinkedHashMap<>();
      collect(override, "", origins, variables);
      return new OverrideFields(Collections.unmodifiableMap(origins), Collections.unmodifiableMap(variables));
    }

    private static void collect(Node node, String path, Map<String, Origin> origins, Map<String, Variable> variables) {
      if (node instanceof MapNode map) {
        for (Map.Entry<String, Node> e : map.entries().entrySet()) {
          String key = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
          origins.put(key, map.keyOrigin(e.getKey()));
          collect(e.getValue(), key, origins, variables);
        }
      } else if (node instanceof ListNode list) {
        for (int i = 0; i < list.items().size(); i++) {
          String item = path + "[" + i + "]";
          origins.put(item, list.items().get(i).origin());
          collect(list.items().get(i), item, origins, variables);
        }
      } else if (node instanceof ScalarNode s && (s.variable() != null || s.quotedReference() != null)) {
        variables.put(path, new Variable(s));
      }
    }
  }


  /** The process as read, problems and all: a config with problems is not compiled, yet its services are checked. */
  private Process process(String given, String name, MapNode node, String path, Origin origin) {
    String image = Values.string(node, "image");
    Origin imageOrigin = node.has("image") ? node.get("image").origin() : origin;
    // The experiment's default image is reported at its own key, once for all the processes that take it.
    String imagePath = path + ".image";
    if (image == null) {
      image = Values.string(root, "image");
      imageOrigin = root.has("image") ? root.get("image").origin() : origin;
      imagePath = root.has("image") ? "image" : imagePath;
    }
    image = defaults.image(image);
    if (image == null) {
      problems.add(Diagnostic.error(origin, path, "no-image",
          "process '" + given + "' has no image",
          "set 'image' on the process, or a default 'image' on the experiment"));
    } else {
      ImageReference.problem(image, imageOrigin, imagePath,
          "write it as registry/repository:tag, e.g. gcr.io/acme/rl:1.4").ifPresent(problems::add);
    }
    List<String> args = new ArrayList<>();
    for (Node a : Values.list(node, "args")) {
      args.add(((ScalarNode) a).text());
    }
    Map<String, Object> override = Map.of();
    OverrideFields overrideFields = OverrideFields.NONE;
    MapNode overrides = Values.map(node, "overrides");
    if (overrides != null && overrides.get("container") instanceof MapNode c) {
      override = castMap(Values.plain(c));
      SmallMemory.inOverride(c, path + ".overrides.container", problems);
      overrideFields = OverrideFields.of(c);
    }
    return new Process(name, given, origin, image, Values.strings(node, "command"), List.copyOf(args),
        env(node, path), services(node, "binds", path), services(node, "connects", path),
        services(node, "exposes", path), resources(node, path), Values.string(node, "image_pull_policy"),
        mounts(node, path), override, overrideFields.origins(), overrideFields.variables());
  }

  private List<EnvVar> env(MapNode node, String path) {
    List<EnvVar> out = new ArrayList<>();
    Node env = node.get("env");
    if (env instanceof MapNode m) {
      m.entries().forEach((k, v) -> out.add(new EnvVar(k, ((ScalarNode) v).text(), m.keyOrigin(k))));
      out.sort((a, b) -> a.name().compareTo(b.name()));
    } else if (env instanceof ListNode l) {
      for (Node item : l.items()) {
        MapNode m = (MapNode) item;
        out.add(new EnvVar(Values.string(m, "name"), ((ScalarNode) m.get("value")).text(), m.get("name").origin()));
      }
    }
    boolean keyed = env instanceof MapNode; // a list's names are values, which were substituted
    Map<String, Origin> seen = new HashMap<>();
    for (EnvVar e : out) {
      if (!ENV_NAME.matcher(e.name()).matches()) {
        problems.add(Diagnostic.error(e.origin(), path + ".env." + Printable.pathKey(e.name()), "env-name",
            "'" + Names.printable(e.name()) + "' is not a valid environment variable name",
            keyed ? Names.keyHint(e.name(), "use letters, digits, '_', '-' and '.', not starting with a digit")
                : "use letters, digits, '_', '-' and '.', not starting with a digit"));
      } else if (e.name().equals("SYMPHONY_ROLE") || e.name().startsWith("SYMPH_") || e.name().startsWith("STAVE_")) {
        problems.add(Diagnostic.error(e.origin(), path + ".env." + e.name(), "env-reserved",
            "environment variable " + e.name() + " is set by stave",
            "choose another name; SYMPHONY_ROLE, SYMPH_* and STAVE_* are generated"));
      } else if (seen.putIfAbsent(e.name(), e.origin()) != null) {
        problems.add(Diagnostic.error(e.origin(), path + ".env", "env-duplicate",
            "environment variable " + e.name() + " is set twice", "remove one of them"));
      }
    }
    return List.copyOf(out);
  }

  private List<ServicePort> services(MapNode node, String key, String path) {
    Node spec = node.get(key);
    List<ServicePort> out = new ArrayList<>();
    if (spec == null) {
      return out;
    }
    if (spec instanceof ScalarNode s) {
      out.add(new ServicePort(s.text(), null, s.origin()));
    } else if (spec instanceof ListNode l) {
      l.items().forEach(i -> out.add(new ServicePort(((ScalarNode) i).text(), null, i.origin())));
    } else if (spec instanceof MapNode m) {
      m.entries().forEach((name, port) -> {
        Object value = ((ScalarNode) port).value();
        Integer p = value == null ? null : Values.wholeNumber(value).intValueExact();
        out.add(new ServicePort(name, p, m.keyOrigin(name)));
      });
    }
    boolean keyed = spec instanceof MapNode; // a list's names are values, which were substituted
    List<ServicePort> named = new ArrayList<>(out.size());
    for (ServicePort s : out) {
      String name = Names.sanitize(s.name());
      if (!Names.isDns1035Label(name)) {
        problems.add(Diagnostic.error(s.origin(), path + "." + key, "service-name",
            "'" + Names.printable(s.name()) + "' is not a valid service name" + (name.equals(s.name()) ? ""
                : ", nor is '" + Names.printable(name) + "', what sanitizing makes of it"),
            keyed ? Names.keyHint(s.name(), SERVICE_NAME_HINT) : SERVICE_NAME_HINT));
        servicesIncomplete = true;
        continue;
      }
      // Sanitized as every name is (README, Names); one service is one spelling, wherever it is named.
      ServicePort first = serviceSpellings.putIfAbsent(name, s);
      if ((first == null || first.name().equals(s.name())) && !name.equals(s.name())) {
        serviceNotes.merge(name, Diagnostic.note(s.origin(), path + "." + key, "name-sanitized",
            "service name '" + s.name() + "' is written as '" + name + "' in Kubernetes"),
            (was, now) -> now.origin().compareTo(was.origin()) < 0 ? now : was);
      } else if (first != null && !first.name().equals(s.name())) {
        problems.add(Diagnostic.error(s.origin(), path + "." + key, "name-collision",
            "'" + Names.printable(s.name()) + "' and '" + Names.printable(first.name()) + "' ("
                + (first.origin().file().equals(s.origin().file()) ? "line " + first.origin().line()
                    : first.origin().file() + ":" + first.origin().line())
                + ") are one service name after sanitizing, '" + name + "'",
            "spell the service the same way everywhere, or give the two services different names"));
        servicesIncomplete = true;
        continue;
      }
      named.add(new ServicePort(name, s.port(), s.origin()));
    }
    named.sort((a, b) -> a.name().compareTo(b.name()));
    return List.copyOf(named);
  }

  private Resources resources(MapNode node, String path) {
    TreeMap<String, String> requests = new TreeMap<>();
    TreeMap<String, String> limits = new TreeMap<>();
    MapNode request = Values.map(node, "resource_request");
    MapNode limit = Values.map(node, "resource_limit");
    if (request != null) {
      quantity(request, "cpu", "cpu", path + ".resource_request", requests);
      quantity(request, "memory", "memory", path + ".resource_request", requests);
    }
    if (limit != null) {
      quantity(limit, "cpu", "cpu", path + ".resource_limit", limits);
      quantity(limit, "memory", "memory", path + ".resource_limit", limits);
      // Symphony: gpu is a limit; Kubernetes requires requests of extended resources to equal limits.
      Integer gpu = Values.integer(limit, "gpu");
      if (gpu != null && gpu > 0) {
        limits.put(Resources.GPU, gpu.toString());
        requests.put(Resources.GPU, gpu.toString());
      }
      Integer tpu = Values.integer(limit, "tpu");
      if (tpu != null && tpu > 0) {
        limits.put("cloud-tpus.google.com/v2", tpu.toString());
        requests.put("cloud-tpus.google.com/v2", tpu.toString());
      }
    }
    for (String resource : List.of("cpu", "memory")) {
      if (requests.containsKey(resource) && limits.containsKey(resource)
          && Quantities.value(requests.get(resource)).compareTo(Quantities.value(limits.get(resource))) > 0) {
        problems.add(Diagnostic.error(request.get(resource).origin(), path + ".resource_request." + resource,
            "request-over-limit",
            "the " + resource + " request " + requests.get(resource) + " is more than the limit "
                + limits.get(resource),
            "lower the request or raise the limit"));
      }
    }
    return new Resources(Collections.unmodifiableSortedMap(requests), Collections.unmodifiableSortedMap(limits),
        Collections.unmodifiableSortedMap(defaults.resources()));
  }

  private void quantity(MapNode map, String key, String resource, String path, Map<String, String> into) {
    Node n = map.get(key);
    if (!(n instanceof ScalarNode s) || s.value() == null) {
      return;
    }
    Optional<String> canonical = Quantities.canonical(Quantities.text(s));
    if (canonical.isEmpty()) {
      problems.add(Quantities.refused(s.origin(), path + "." + key, s.text(), Quantities.text(s)));
      return;
    }
    if (resource.equals("memory")) {
      SmallMemory.quantity(s.origin(), path + "." + key, s.text(), canonical.get(), SmallMemory.Spelling.KUBERNETES)
          .ifPresent(problems::add);
    } else if (resource.equals("cpu")) {
      SmallCpu.quantity(s.origin(), path + "." + key, s.text(), canonical.get()).ifPresent(problems::add);
    }
    into.put(resource, canonical.get());
  }

  private List<Mount> mounts(MapNode node, String path) {
    List<Mount> out = new ArrayList<>();
    List<Node> items = Values.list(node, "mounts");
    for (int i = 0; i < items.size(); i++) {
      mount((MapNode) items.get(i), path + ".mounts[" + i + "]").ifPresent(out::add);
    }
    return List.copyOf(out);
  }

  private Optional<Mount> mount(MapNode m, String path) {
    String type = Values.string(m, "type");
    Map<String, Object> source = new LinkedHashMap<>();
    String field;
    String defaultName;
    String mountPath = Values.string(m, "mount_path");
    List<String> typeKeys = MOUNT_TYPE_KEYS.getOrDefault(type, List.of());
    for (String key : m.entries().keySet()) {
      if (!MOUNT_KEYS.contains(key) && !typeKeys.contains(key)) {
        problems.add(Diagnostic.error(m.keyOrigin(key), path + "." + key, "mount-key",
            "'" + key + "' does nothing on " + aMount(type) + ", so it would be left out of the volume",
            "remove it, or change 'type'; " + aMount(type) + " takes " + String.join(", ", typeKeys)
                + " besides type, name, mount_path and read_only"));
      }
    }
    switch (type) {
      case "nfs" -> {
        field = "nfs";
        source.put("server", need(m, "server", path, type));
        String nfsPath = need(m, "path", path, type);
        // The API server refuses an nfs volume whose path is not absolute, and with it the pod; an empty one is
        // the schema's error.
        if (nfsPath != null && !nfsPath.isEmpty() && !nfsPath.startsWith("/")) {
          problems.add(Diagnostic.error(m.get("path").origin(), path + ".path", "nfs-path",
              "nfs path '" + Names.printable(nfsPath) + "' is not an absolute path, which Kubernetes refuses in an"
                  + " nfs volume", "start it with '/', the path the server exports, e.g. /exports/data"));
        }
        source.put("path", nfsPath);
        defaultName = Values.string(m, "server"); // Symphony names an NFS volume after its server
      }
      case "host_path" -> {
        field = "hostPath";
        String hostPath = need(m, "path", path, type);
        Optional<Diagnostic> backstep = hostPath == null ? Optional.empty()
            : HostPaths.backstep(m.get("path").origin(), path + ".path", "host-path", "path", hostPath, "/mnt/data");
        backstep.ifPresent(problems::add);
        source.put("path", backstep.isPresent() ? null : hostPath);
        String hostType = Values.string(m, "host_path_type");
        if (hostType != null && !hostType.isEmpty()) {
          source.put("type", hostType);
        }
        defaultName = hostPath == null ? null : lastSegment(hostPath);
      }
      case "empty_dir", "shared_memory" -> {
        field = "emptyDir";
        boolean memory = type.equals("shared_memory") || "Memory".equals(Values.string(m, "medium"));
        if (memory) {
          source.put("medium", "Memory");
        }
        if (m.has("size_limit")) {
          Map<String, String> size = new TreeMap<>();
          quantity(m, "size_limit", "size", path, size);
          if (size.containsKey("size")) {
            Origin at = m.get("size_limit").origin();
            String written = ((ScalarNode) m.get("size_limit")).text();
            String key = path + ".size_limit";
            (memory ? SmallMemory.quantity(at, key, written, size.get("size"), SmallMemory.Spelling.KUBERNETES)
                : SmallMemory.storage(at, key, written, size.get("size"), SmallMemory.Spelling.KUBERNETES))
                .ifPresent(problems::add);
            source.put("sizeLimit", size.get("size"));
          }
        }
        if (type.equals("shared_memory")) {
          mountPath = mountPath == null ? "/dev/shm" : mountPath;
          defaultName = "devshm";
        } else {
          defaultName = mountPath == null ? null : lastSegment(mountPath);
        }
      }
      case "secret" -> {
        field = "secret";
        source.put("secretName", needName(m, "secret_name", "Secret", path, type));
        source.put("defaultMode", (long) defaultMode(m, path)); // 0644 unless given, as Symphony
        defaultName = Values.string(m, "secret_name");
      }
      case "config_map" -> {
        field = "configMap";
        source.put("name", needName(m, "config_map_name", "ConfigMap", path, type));
        source.put("defaultMode", (long) defaultMode(m, path));
        defaultName = Values.string(m, "config_map_name");
      }
      case "pvc" -> {
        field = "persistentVolumeClaim";
        source.put("claimName", needName(m, "claim_name", "PersistentVolumeClaim", path, type));
        defaultName = Values.string(m, "claim_name");
      }
      default -> {
        field = "gitRepo";
        source.put("repository", need(m, "repository", path, type));
        String revision = Values.string(m, "revision");
        if (revision != null) {
          source.put("revision", revision);
        }
        String repository = Values.string(m, "repository");
        defaultName = repository == null ? null : lastSegment(repository).replaceAll("\\.git$", "");
        // Kubernetes deprecated the gitRepo volume long ago, and from 1.33 its kubelet has the plugin off unless
        // the GitRepoVolumeDriver feature gate turns it on: the API server still takes the pod, which then never
        // starts. Symphony's configs have the mount type, so it compiles, with a warning.
        problems.add(Diagnostic.warning(m.has("type") ? m.get("type").origin() : m.origin(), path + ".type",
            "git-repo-volume",
            "a git_repo mount is a gitRepo volume, which Kubernetes 1.33 and later turn off by default"
                + " (feature gate GitRepoVolumeDriver): the pod would not start on such a cluster",
            "clone the repository in the container's command into an empty_dir mount, or check that the"
                + " cluster's nodes enable GitRepoVolumeDriver"));
      }
    }
    if (mountPath == null) {
      problems.add(Diagnostic.error(m.origin(), path, "mount-path",
          aMount(type) + " needs 'mount_path'", "add mount_path = /where/in/the/container"));
      return Optional.empty();
    }
    // Of a volumeMount's mountPath the API server asks only that it is given and unique in its container
    // (ValidateVolumeMounts): a '..' there is taken, unlike in a hostPath. stave writes no subPath, where the
    // API server refuses an absolute path and a '..' element.
    if (!PATH.matcher(mountPath).matches()) {
      problems.add(Diagnostic.error(m.get("mount_path").origin(), path + ".mount_path", "mount-path",
          "mount_path '" + Names.printable(mountPath) + "' is not an absolute path", "start it with '/'"));
      return Optional.empty();
    }
    if (source.containsValue(null)) {
      return Optional.empty();
    }
    String given = Optional.ofNullable(Values.string(m, "name")).orElse(defaultName);
    Origin nameOrigin = m.has("name") ? m.get("name").origin() : m.origin();
    Optional<String> volumeName = given == null ? Optional.empty()
        : Names.kubernetesName(given, 0, nameOrigin, path + ".name", problems);
    if (volumeName.isEmpty()) {
      return Optional.empty();
    }
    Boolean readOnly = Values.bool(m, "read_only");
    return Optional.of(new Mount(volumeName.get(), mountPath, readOnly != null && readOnly, field,
        Collections.unmodifiableMap(source), m.origin(), m.has("name")));
  }

  /** The mount's {@code default_mode}, 0644 when absent (or wrong, which is reported). */
  private int defaultMode(MapNode m, String path) {
    if (!(m.get("default_mode") instanceof ScalarNode s) || s.value() == null) {
      return 0644;
    }
    return FileMode.read(s, "default_mode", path + ".default_mode", problems).orElse(0644);
  }

  private String need(MapNode m, String key, String path, String type) {
    String value = Values.string(m, key);
    if (value == null) {
      problems.add(Diagnostic.error(m.origin(), path, "mount-field",
          aMount(type) + " needs '" + key + "'", "add '" + key + "'"));
    }
    return value;
  }

  /**
   * {@link #need}, for the name of an object the volume refers to, which must be a name the API server takes
   * for {@code kind} (a DNS-1123 subdomain for a Secret, a ConfigMap and a PersistentVolumeClaim): the pod
   * itself is accepted with any name there, and then waits for an object that cannot exist.
   */
  private String needName(MapNode m, String key, String kind, String path, String type) {
    String value = need(m, key, path, type);
    if (value == null) {
      return null;
    }
    Optional<Diagnostic> bad = Names.objectName(value, kind, m.get(key).origin(), path + "." + key);
    bad.ifPresent(problems::add);
    return bad.isPresent() ? null : value;
  }

  /** "a pvc mount", "an empty_dir mount"; nfs is said letter by letter, "an nfs mount". */
  private static String aMount(String type) {
    return (type.startsWith("e") || type.equals("nfs") ? "an " : "a ") + type + " mount";
  }

  private static String lastSegment(String path) {
    String trimmed = path.replaceAll("/+$", "");
    int slash = trimmed.lastIndexOf('/');
    String last = slash < 0 ? trimmed : trimmed.substring(slash + 1);
    return last.isEmpty() ? "root" : last;
  }

}

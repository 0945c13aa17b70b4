package dev.stave.compile;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.model.EnvVar;
import dev.stave.model.Experiment;
import dev.stave.model.Mount;
import dev.stave.model.Names;
import dev.stave.model.PodUnit;
import dev.stave.dispatch.Placement;
import dev.stave.model.Process;
import dev.stave.model.Resources;
import dev.stave.model.ServicePort;
import dev.stave.model.Toleration;
import dev.stave.model.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The experiment mapping (README, Writing an experiment): one workload per pod unit, one Service per bound
 * or exposed name, Symphony's environment in every container, and the secret volume. Object names are
 * {@code <experiment>-<process or service>} so that experiments can share a project namespace.
 */
public final class ExperimentCompiler {
  private static final Pattern IANA_PORT_NAME = Pattern.compile("(?=.*[a-z])[a-z0-9]([a-z0-9]|-(?!-))*[a-z0-9]|[a-z]");
  static final String SECRETS_MOUNT = "/etc/secrets";

  private final Experiment experiment;
  private final Map<String, Placement> placements;
  private final List<Diagnostic> problems = new ArrayList<>();
  private final ObjectNames names = new ObjectNames();

  private ExperimentCompiler(Experiment experiment, Map<String, Placement> placements) {
    this.experiment = experiment;
    this.placements = placements;
  }

  public record Result(List<PlannedObject> objects, List<Diagnostic> diagnostics) {}

  public static Result compile(Experiment experiment) {
    return compile(experiment, Map.of());
  }

  /** With the dispatcher's placements (by pod unit name) applied to pods and containers. */
  public static Result compile(Experiment experiment, Map<String, Placement> placements) {
    ExperimentCompiler compiler = new ExperimentCompiler(experiment, placements);
    List<PlannedObject> objects = compiler.objects();
    return new Result(objects, List.copyOf(compiler.problems));
  }

  /** The Secret that {@code secrets} becomes; its data is supplied by {@code stave secrets}, never compiled. */
  public static String secretName(Experiment experiment) {
    return experiment.name() + "-secrets";
  }

  private List<PlannedObject> objects() {
    Services services = Services.allocate(experiment, problems);
    if (problems.stream().anyMatch(Diagnostic::isError)) {
      return List.of();
    }
    List<PlannedObject> out = new ArrayList<>();
    if (experiment.createNamespace()) {
      Map<String, Object> data = new LinkedHashMap<>();
      data.put("name", experiment.namespace());
      data.put("labels", experiment.namespace().equals(experiment.name())
          ? Labels.common(experiment.name(), experiment.labels())
          : Labels.shared());
      // At the key that names it (project, namespace, a context's namespace), else at the experiment's name.
      out.add(new PlannedObject("v1", "Namespace", null, experiment.namespace(), "namespace.ftl", data, List.of(),
          experiment.namespaceOrigin()));
    }
    for (Services.Entry service : services.entries()) {
      out.add(service(service));
    }
    for (PodUnit unit : experiment.units()) {
      String objectName = experiment.name() + "-" + unit.name();
      // Replicas of a pod workload are the Pods <name>-<i>; those of a Job are an Indexed Job's pods, whose
      // hostname is <name>-<i> and must be a DNS label too. A Deployment's pods get generated names.
      String longest = unit.pod().workload() != Workload.DEPLOYMENT && unit.pod().replicas() > 1
          ? objectName + "-" + (unit.pod().replicas() - 1) : objectName;
      if (longest.length() > Names.MAX_LABEL) {
        problems.add(Diagnostic.error(unit.origin(), unit.path(), "name-too-long",
            (longest.equals(objectName) ? "the object name '" + objectName + "'"
                : unit.pod().workload() == Workload.POD ? "the name of the last Pod, '" + longest + "',"
                : "the hostname of the Indexed Job's last pod, '" + longest + "',")
                + " would be " + longest.length() + " characters, more than Kubernetes allows (63)",
            "shorten the experiment's or the " + (unit.group() ? "group's" : "process's") + " name"));
        continue;
      }
      out.addAll(workload(unit, objectName, services));
    }
    return out;
  }

  /** A mount path as the container sees it: {@code /data/} is {@code /data}. */
  static String mountPoint(String path) {
    String trimmed = path.replaceAll("/+$", "");
    return trimmed.isEmpty() ? "/" : trimmed;
  }

  /**
   * {@code object}, claimed for {@code unit} (and for one replica, for the numbered Pods of a pod workload).
   * Only workloads are claimed: unit names are unique, but {@code a}'s Pod {@code a-1} is also process
   * {@code a-1}'s. Services cannot collide: there is one per service name.
   */
  private PlannedObject claimed(PlannedObject object, PodUnit unit, Integer replica) {
    String what = (unit.group() ? "group '" : "process '") + unit.given() + "'";
    if (replica == null) {
      names.claim(object, new ObjectNames.Source(what, unit.origin(), unit.path(), null), problems);
      return object;
    }
    int replicas = unit.pod().replicas();
    String prefix = experiment.name() + "-" + unit.name() + "-";
    names.claim(object, new ObjectNames.Source("replica " + replica + " of " + what, unit.origin(), unit.path(),
        "the " + replicas + " replicas of " + what + " are the Pods " + prefix + "0 to " + prefix + (replicas - 1)),
        problems);
    return object;
  }

  private PlannedObject service(Services.Entry service) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("name", service.objectName());
    data.put("namespace", experiment.namespace());
    data.put("labels", Labels.withComponent(experiment.name(), experiment.labels(), service.name()));
    data.put("type", service.exposed() ? experiment.exposeType() : "ClusterIP");
    data.put("selector", Services.selector(experiment.name(), service));
    Map<String, Object> port = new LinkedHashMap<>();
    port.put("name", service.name());
    port.put("port", service.port());
    port.put("targetPort", service.port());
    data.put("ports", List.of(port));
    return new PlannedObject("v1", "Service", experiment.namespace(), service.objectName(), "service.ftl", data,
        List.of(), service.origin());
  }

  private List<PlannedObject> workload(PodUnit unit, String objectName, Services services) {
    Map<String, String> podLabels = Labels.withComponent(experiment.name(), experiment.labels(), unit.name());
    podLabels.putAll(unit.pod().labels());
    for (Process p : unit.processes()) {
      for (ServicePort s : p.binds()) {
        podLabels.put(Services.bindLabel(s.name()), "true");
      }
      for (ServicePort s : p.exposes()) {
        podLabels.put(Services.exposeLabel(s.name()), "true");
      }
    }
    Map<String, Object> pod = podSpec(unit, services);
    List<FieldOverride> overrides = overrides(unit);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("namespace", experiment.namespace());
    data.put("labels", Labels.withComponent(experiment.name(), experiment.labels(), unit.name()));
    data.put("podLabels", podLabels);
    data.put("pod", pod);
    Workload workload = unit.pod().workload();
    int replicas = unit.pod().replicas();
    if (workload == Workload.POD) {
      List<PlannedObject> pods = new ArrayList<>();
      for (int i = 0; i < replicas; i++) {
        String podName = replicas > 1 ? objectName + "-" + i : objectName;
        Map<String, Object> podData = new LinkedHashMap<>(data);
        podData.put("name", podName);
        pods.add(claimed(new PlannedObject("v1", "Pod", experiment.namespace(), podName, "pod.ftl", podData,
            overrides, unit.origin()), unit, replicas > 1 ? i : null));
      }
      return pods;
    }
    data.put("name", objectName);
    if (workload == Workload.DEPLOYMENT) {
      data.put("replicas", replicas);
      data.put("selector", Labels.selector(experiment.name(), unit.name()));
      return List.of(claimed(new PlannedObject("apps/v1", "Deployment", experiment.namespace(), objectName,
          "deployment.ftl", data, overrides, unit.origin()), unit, null));
    }
    data.put("backoffLimit", unit.pod().backoffLimit());
    if (replicas > 1) {
      data.put("completions", replicas);
      data.put("parallelism", replicas);
    }
    if (unit.pod().activeDeadlineSeconds() != null) {
      data.put("activeDeadlineSeconds", unit.pod().activeDeadlineSeconds());
    }
    if (unit.pod().ttlSecondsAfterFinished() != null) {
      data.put("ttlSecondsAfterFinished", unit.pod().ttlSecondsAfterFinished());
    }
    return List.of(claimed(new PlannedObject("batch/v1", "Job", experiment.namespace(), objectName, "job.ftl", data,
        overrides, unit.origin()), unit, null));
  }

  private List<FieldOverride> overrides(PodUnit unit) {
    List<FieldOverride> out = new ArrayList<>();
    if (!unit.pod().podOverride().isEmpty()) {
      out.add(new FieldOverride(unit.pod().podOverride(), unit.pod().podOverrideOrigins(),
          unit.pod().podOverrideVariables(), unit.path() + ".overrides.pod", null));
    }
    for (Process p : unit.processes()) {
      if (!p.containerOverride().isEmpty()) {
        String path = unit.path(p);
        out.add(new FieldOverride(p.containerOverride(), p.containerOverrideOrigins(), p.containerOverrideVariables(),
            path + ".overrides.container", p.name()));
      }
    }
    return out;
  }

  private Map<String, Object> podSpec(PodUnit unit, Services services) {
    Map<String, Object> pod = new LinkedHashMap<>();
    pod.put("restartPolicy", unit.pod().restartPolicy());
    if (unit.pod().workload() == Workload.POD && unit.pod().activeDeadlineSeconds() != null) {
      // A Job's deadline is the Job's (spec.activeDeadlineSeconds); a bare Pod carries its own.
      pod.put("activeDeadlineSeconds", unit.pod().activeDeadlineSeconds());
    }
    Placement placement = placements.get(unit.name());
    pod.put("nodeSelector", Placements.nodeSelector(placement, unit.pod().nodeSelector()));
    List<Map<String, Object>> tolerations = new ArrayList<>();
    for (Toleration t : Placements.tolerations(placement, unit.pod().tolerations())) {
      Map<String, Object> m = new LinkedHashMap<>();
      putIfSet(m, "key", t.key());
      putIfSet(m, "operator", t.operator());
      putIfSet(m, "value", t.value());
      putIfSet(m, "effect", t.effect());
      putIfSet(m, "tolerationSeconds", t.tolerationSeconds());
      tolerations.add(m);
    }
    pod.put("tolerations", tolerations);
    TreeMap<String, Map<String, Object>> volumes = new TreeMap<>();
    Map<String, Mount> firstMounts = new LinkedHashMap<>();
    List<Map<String, Object>> containers = new ArrayList<>();
    Map<String, Process> offeredBy = new HashMap<>();
    for (Process p : unit.processes()) {
      for (ServicePort s : offeredPorts(p)) {
        // The containers of a pod share its network: two of them cannot both listen on the service's port.
        Process other = offeredBy.putIfAbsent(s.name(), p);
        if (other != null && other != p) {
          problems.add(Diagnostic.error(s.origin(), unit.path(p), "service-twice-in-pod",
              "processes '" + other.name() + "' and '" + p.name() + "' of group '" + unit.name() + "' both offer '"
                  + s.name() + "', and a group is one pod: both would listen on its one port",
              "let one process of the group bind or expose it, or take the other out of the group"));
        }
      }
      List<Map<String, Object>> mounts = new ArrayList<>();
      Map<String, Mount> byPath = new HashMap<>();
      for (int i = 0; i < p.mounts().size(); i++) {
        Mount m = p.mounts().get(i);
        String path = unit.path(p) + ".mounts[" + i + "]";
        Map<String, Object> volume = new LinkedHashMap<>();
        volume.put("name", m.volumeName());
        volume.put("field", m.sourceField());
        volume.put("source", m.source());
        Map<String, Object> existing = volumes.putIfAbsent(m.volumeName(), volume);
        Mount first = firstMounts.putIfAbsent(m.volumeName(), m);
        if (existing != null && !existing.equals(volume)) {
          problems.add(Diagnostic.error(m.origin(), unit.path(), "volume-conflict",
              "volume '" + m.volumeName() + "' is defined twice in one pod with different sources (the other at line "
                  + first.origin().line() + ")",
              "give one of the mounts another 'name'"));
        } else if (existing != null && m.sourceField().equals("emptyDir") && !m.named() && !first.named()
            && !mountPoint(m.mountPath()).equals(mountPoint(first.mountPath()))) {
          // Scratch space shared by accident: each was named after the last part of its path.
          problems.add(Diagnostic.error(m.origin(), path, "volume-shared-by-name",
              "the empty_dir at " + m.mountPath() + " and the one at " + first.mountPath() + " (line "
                  + first.origin().line() + ") would be one volume, '" + m.volumeName() + "', named after the last"
                  + " part of their paths, so what is written to one would show in the other",
              "give each its own 'name', or the same 'name' to share one volume on purpose"));
        }
        Mount twice = byPath.putIfAbsent(mountPoint(m.mountPath()), m);
        if (twice != null) {
          problems.add(Diagnostic.error(m.origin(), path + ".mount_path", "mount-path-twice",
              "process '" + p.name() + "' mounts two volumes at " + m.mountPath() + " (the other at line "
                  + twice.origin().line() + "), which Kubernetes refuses",
              "give each mount its own mount_path"));
        } else if (!experiment.secrets().isEmpty() && mountPoint(m.mountPath()).equals(SECRETS_MOUNT)) {
          problems.add(Diagnostic.error(m.origin(), path + ".mount_path", "mount-path-twice",
              "stave mounts the experiment's secrets at " + SECRETS_MOUNT + " in every container, so process '"
                  + p.name() + "' cannot mount another volume there",
              "mount it elsewhere, or list its files under 'secrets'"));
        }
        mounts.add(mount(m.volumeName(), m.mountPath(), m.readOnly()));
      }
      if (!experiment.secrets().isEmpty()) {
        mounts.add(mount("stave-secrets", SECRETS_MOUNT, true));
      }
      containers.add(container(p, Placements.resources(placement, p), services, mounts));
    }
    if (!experiment.secrets().isEmpty()) {
      Map<String, Object> source = new LinkedHashMap<>();
      source.put("secretName", secretName(experiment));
      source.put("defaultMode", 420L); // 0644, as Symphony mounts its secrets
      Map<String, Object> volume = new LinkedHashMap<>();
      volume.put("name", "stave-secrets");
      volume.put("field", "secret");
      volume.put("source", source);
      if (volumes.putIfAbsent("stave-secrets", volume) != null) {
        problems.add(Diagnostic.error(firstMounts.get("stave-secrets").origin(), unit.path(), "volume-conflict",
            "volume name 'stave-secrets' is used by stave for the experiment's secrets", "rename the mount"));
      }
    }
    pod.put("volumes", new ArrayList<>(volumes.values()));
    pod.put("containers", containers);
    return pod;
  }

  /** The services a process binds or exposes, each once. */
  private static List<ServicePort> offeredPorts(Process p) {
    Map<String, ServicePort> out = new LinkedHashMap<>();
    p.binds().forEach(s -> out.putIfAbsent(s.name(), s));
    p.exposes().forEach(s -> out.putIfAbsent(s.name(), s));
    return List.copyOf(out.values());
  }

  private static Map<String, Object> mount(String name, String path, boolean readOnly) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("mountPath", path);
    if (readOnly) {
      m.put("readOnly", true);
    }
    return m;
  }

  private Map<String, Object> container(Process p, Resources scheduled, Services services,
      List<Map<String, Object>> mounts) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("name", p.name());
    c.put("image", p.image());
    c.put("command", p.command());
    c.put("args", p.args());
    List<Map<String, Object>> env = new ArrayList<>();
    env.add(PodData.env("SYMPHONY_ROLE", p.name()));
    for (Services.Entry s : services.entries()) {
      // Symphony's address book: every process learns every service, connected or not.
      String n = Services.variablePart(s.name());
      env.add(PodData.env("SYMPH_" + n + "_HOST", s.objectName()));
      env.add(PodData.env("SYMPH_" + n + "_PORT", String.valueOf(s.port())));
      env.add(PodData.env("SYMPH_" + n + "_ADDR", s.objectName() + ":" + s.port()));
    }
    for (EnvVar e : p.env()) {
      env.add(PodData.env(e.name(), e.value()));
    }
    c.put("env", env);
    TreeSet<String> offered = new TreeSet<>();
    p.binds().forEach(s -> offered.add(s.name()));
    p.exposes().forEach(s -> offered.add(s.name()));
    List<Map<String, Object>> ports = new ArrayList<>();
    for (String name : offered) {
      Map<String, Object> port = new LinkedHashMap<>();
      if (name.length() <= 15 && IANA_PORT_NAME.matcher(name).matches()) {
        port.put("name", name);
      }
      port.put("containerPort", services.port(name));
      port.put("protocol", "TCP");
      ports.add(port);
    }
    c.put("ports", ports);
    Map<String, Object> resources = new LinkedHashMap<>();
    if (!scheduled.limits().isEmpty()) {
      resources.put("limits", scheduled.limits());
    }
    if (!scheduled.requests().isEmpty()) {
      resources.put("requests", scheduled.requests());
    }
    c.put("resources", resources);
    c.put("volumeMounts", mounts);
    putIfSet(c, "imagePullPolicy", p.imagePullPolicy());
    return c;
  }


  private static void putIfSet(Map<String, Object> m, String key, Object value) {
    if (value != null) {
      m.put(key, value);
    }
  }
}

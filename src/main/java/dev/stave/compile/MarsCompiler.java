package dev.stave.compile;

import dev.stave.model.MarsCluster;
import dev.stave.model.MarsClusterReader;
import dev.stave.model.MarsRole;
import dev.stave.model.Quantities;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The cluster mapping (docs/clusters.md), after Mars's own {@code mars/deploy/kubernetes} (the scheduler, worker
 * and web era of v0.6): a Namespace, RBAC for Mars's pod discovery, one Deployment per role, the web
 * Service and a PodDisruptionBudget for the workers (none when {@code min_worker_num} is 0).
 *
 * <p>Only the worker Deployment's {@code replicas} depends on {@code worker_num}, so rescaling is a
 * one-line diff: the PodDisruptionBudget takes {@code min_worker_num} (or 100%, Mars's default of all
 * workers) and no environment variable counts workers.
 */
public final class MarsCompiler {
  static final String PROBE_MODULE = "mars.deploy.kubernetes.probe";
  static final String ENTRYPOINT = "/srv/entrypoint.sh";

  private final MarsCluster cluster;

  private MarsCompiler(MarsCluster cluster) {
    this.cluster = cluster;
  }

  public static List<PlannedObject> compile(MarsCluster cluster) {
    return new MarsCompiler(cluster).objects();
  }

  /** {@code <name>-scheduler}, {@code <name>-worker}, {@code <name>-web}. */
  public static String deploymentName(MarsCluster cluster, MarsRole role) {
    return cluster.name() + "-" + role.role();
  }

  static String serviceAccountName(MarsCluster cluster) {
    return cluster.name();
  }

  static String roleName(MarsCluster cluster) {
    return cluster.name() + "-discovery";
  }

  static String serviceName(MarsCluster cluster) {
    return cluster.name() + "-web";
  }

  /**
   * Whether the bundle holds the workers' PodDisruptionBudget: min_worker_num 0 lets every worker go, and a budget
   * of minAvailable 0 would protect nothing, so none is written then.
   */
  static boolean hasDisruptionBudget(MarsCluster cluster) {
    return cluster.minWorkerNum() == null || cluster.minWorkerNum() > 0;
  }

  private List<PlannedObject> objects() {
    List<PlannedObject> out = new ArrayList<>();
    String ns = cluster.namespace();
    if (cluster.createNamespace()) {
      Map<String, Object> data = new LinkedHashMap<>();
      data.put("name", ns);
      data.put("labels", ns.equals(cluster.name()) ? common() : Labels.shared());
      // At its namespace key when one names it, as an experiment's is, else at the cluster's name.
      out.add(new PlannedObject("v1", "Namespace", null, ns, "namespace.ftl", data, List.of(),
          cluster.namespaceOrigin()));
    }
    out.add(new PlannedObject("v1", "ServiceAccount", ns, serviceAccountName(cluster), "mars-serviceaccount.ftl",
        meta(serviceAccountName(cluster), common()), List.of()));
    // Mars: its processes list and watch the pods (and, later, endpoints and services) of their cluster.
    // stave leaves out Mars's `patch`: nothing it generates scales itself.
    Map<String, Object> role = meta(roleName(cluster), common());
    role.put("apiGroups", List.of(""));
    role.put("resources", List.of("pods", "endpoints", "services"));
    role.put("verbs", List.of("get", "list", "watch"));
    out.add(new PlannedObject("rbac.authorization.k8s.io/v1", "Role", ns, roleName(cluster), "mars-role.ftl", role,
        List.of()));
    Map<String, Object> binding = meta(roleName(cluster), common());
    binding.put("role", roleName(cluster));
    binding.put("serviceAccount", serviceAccountName(cluster));
    out.add(new PlannedObject("rbac.authorization.k8s.io/v1", "RoleBinding", ns, roleName(cluster),
        "mars-rolebinding.ftl", binding, List.of()));
    for (MarsRole r : cluster.roles()) {
      out.add(deployment(r));
    }
    out.add(service());
    if (hasDisruptionBudget(cluster)) {
      out.add(disruptionBudget());
    }
    return out;
  }

  private TreeMap<String, String> common() {
    return Labels.common(cluster.name(), cluster.extraLabels());
  }

  private Map<String, Object> meta(String name, Map<String, String> labels) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("name", name);
    data.put("namespace", cluster.namespace());
    data.put("labels", labels);
    return data;
  }

  private PlannedObject service() {
    MarsRole web = cluster.web();
    Map<String, Object> data = meta(serviceName(cluster),
        Labels.withComponent(cluster.name(), cluster.extraLabels(), web.role()));
    data.put("type", cluster.serviceType());
    data.put("selector", Labels.selector(cluster.name(), web.role()));
    Map<String, Object> port = new LinkedHashMap<>();
    port.put("name", "web");
    port.put("port", MarsCluster.SERVICE_PORT);
    port.put("targetPort", MarsCluster.SERVICE_PORT);
    data.put("ports", List.of(port));
    return new PlannedObject("v1", "Service", cluster.namespace(), serviceName(cluster), "service.ftl", data,
        List.of());
  }

  private PlannedObject disruptionBudget() {
    MarsRole worker = cluster.worker();
    String name = deploymentName(cluster, worker);
    Map<String, Object> data = meta(name, Labels.withComponent(cluster.name(), cluster.extraLabels(), worker.role()));
    // Not worker_num: a rescale must not touch the budget. Mars's default (all workers) is "100%".
    data.put("minAvailable", cluster.minWorkerNum() != null ? (Object) cluster.minWorkerNum() : "100%");
    data.put("selector", Labels.selector(cluster.name(), worker.role()));
    return new PlannedObject("policy/v1", "PodDisruptionBudget", cluster.namespace(), name,
        "mars-poddisruptionbudget.ftl", data, List.of());
  }

  private PlannedObject deployment(MarsRole role) {
    String name = deploymentName(cluster, role);
    Map<String, Object> data = meta(name, Labels.withComponent(cluster.name(), cluster.extraLabels(), role.role()));
    if (role.role().equals(MarsRole.WORKER)) {
      data.put("annotations", waitAnnotations());
    }
    data.put("replicas", role.replicas());
    data.put("selector", Labels.selector(cluster.name(), role.role()));
    TreeMap<String, String> podLabels = Labels.withComponent(cluster.name(), cluster.extraLabels(), role.role());
    podLabels.put(MarsClusterReader.SERVICE_TYPE_LABEL, role.serviceType());
    data.put("podLabels", podLabels);
    data.put("pod", podSpec(role));
    return new PlannedObject("apps/v1", "Deployment", cluster.namespace(), name, "mars-deployment.ftl", data,
        List.of());
  }

  /**
   * The readiness rule of {@link MarsReadiness} for {@code apply --wait} on a bundle folder: the ready
   * workers needed (only with {@code min_worker_num}: all is what --wait does anyway) and the timeout.
   * Neither depends on {@code worker_num}, so a rescale stays a one-line diff.
   */
  private TreeMap<String, String> waitAnnotations() {
    TreeMap<String, String> annotations = new TreeMap<>();
    if (cluster.minWorkerNum() != null) {
      annotations.put(Labels.MIN_READY, String.valueOf(cluster.minWorkerNum()));
    }
    if (cluster.timeoutSeconds() != null) {
      annotations.put(Labels.WAIT_TIMEOUT, String.valueOf(cluster.timeoutSeconds()));
    }
    return annotations;
  }

  private Map<String, Object> podSpec(MarsRole role) {
    boolean worker = role.role().equals(MarsRole.WORKER);
    List<Map<String, Object>> volumes = new ArrayList<>();
    List<Map<String, Object>> mounts = new ArrayList<>();
    List<String> spillDirs = new ArrayList<>();
    if (worker) {
      // Mars: spill path i is hostPath volume host-path-vol-<i> at /mnt/hostpath<i>.
      for (int i = 0; i < cluster.spillPaths().size(); i++) {
        String mountPath = "/mnt/hostpath" + i;
        Map<String, Object> hostPath = new LinkedHashMap<>();
        hostPath.put("path", cluster.spillPaths().get(i));
        hostPath.put("type", "DirectoryOrCreate");
        volumes.add(volume("host-path-vol-" + i, "hostPath", hostPath));
        mounts.add(mount("host-path-vol-" + i, mountPath));
        spillDirs.add(mountPath);
      }
      // Mars: the cache lives in /dev/shm; a memory emptyDir of the cache's size avoids SIGBUS on the
      // container runtime's 64 MiB default.
      Map<String, Object> emptyDir = new LinkedHashMap<>();
      emptyDir.put("medium", "Memory");
      emptyDir.put("sizeLimit", quantity(cluster.cacheBytes().toString()));
      volumes.add(volume("shm-volume", "emptyDir", emptyDir));
      mounts.add(mount("shm-volume", "/dev/shm"));
    }
    Map<String, Object> container = new LinkedHashMap<>();
    container.put("name", role.serviceType());
    container.put("image", cluster.image());
    container.put("command", List.of(ENTRYPOINT, "mars.deploy.kubernetes." + role.role(), "-p",
        String.valueOf(MarsCluster.SERVICE_PORT)));
    container.put("env", env(role, spillDirs));
    Map<String, Object> port = new LinkedHashMap<>();
    port.put("name", "mars");
    port.put("containerPort", MarsCluster.SERVICE_PORT);
    port.put("protocol", "TCP");
    container.put("ports", List.of(port));
    Map<String, Object> resources = resources(role);
    if (!resources.isEmpty()) {
      container.put("resources", resources);
    }
    container.put("readinessProbe", readinessProbe(role));
    if (!mounts.isEmpty()) {
      container.put("volumeMounts", mounts);
    }
    Map<String, Object> pod = new LinkedHashMap<>();
    pod.put("serviceAccountName", serviceAccountName(cluster));
    pod.put("containers", List.of(container));
    if (!volumes.isEmpty()) {
      pod.put("volumes", volumes);
    }
    return pod;
  }

  /**
   * Mars v0.6: schedulers and workers are ready when the probe module finds their ReadinessActor on the
   * service port; web pods when their port accepts connections. Timings are Mars's (5/1/60/10).
   */
  private static Map<String, Object> readinessProbe(MarsRole role) {
    Map<String, Object> probe = new LinkedHashMap<>();
    if (role.role().equals(MarsRole.WEB)) {
      probe.put("tcpSocket", Map.of("port", MarsCluster.SERVICE_PORT));
    } else {
      probe.put("exec", Map.of("command", List.of(ENTRYPOINT, PROBE_MODULE)));
    }
    probe.put("initialDelaySeconds", 5);
    probe.put("periodSeconds", 1);
    probe.put("timeoutSeconds", 60);
    probe.put("failureThreshold", 10);
    return probe;
  }

  /** Mars: requests from cpu and memory; workers are limited to the same (so they are not overcommitted). */
  private static Map<String, Object> resources(MarsRole role) {
    Map<String, Object> amounts = new LinkedHashMap<>();
    if (role.cpu() != null) {
      amounts.put("cpu", quantity(role.cpu().movePointRight(3).toBigIntegerExact() + "m"));
    }
    if (role.memory() != null) {
      amounts.put("memory", quantity(role.memory().toString()));
    }
    Map<String, Object> resources = new LinkedHashMap<>();
    if (amounts.isEmpty()) {
      return resources;
    }
    if (role.role().equals(MarsRole.WORKER)) {
      resources.put("limits", amounts);
    }
    resources.put("requests", amounts);
    return resources;
  }

  /** Written in the model's canonical spelling so that the verifier's round trip leaves it unchanged. */
  private static String quantity(String text) {
    return Quantities.canonical(text).orElseThrow();
  }

  private List<Map<String, Object>> env(MarsRole role, List<String> spillDirs) {
    List<Map<String, Object>> env = new ArrayList<>();
    env.add(fieldRef("MARS_K8S_POD_NAME", "metadata.name"));
    env.add(fieldRef("MARS_K8S_POD_NAMESPACE", "metadata.namespace"));
    env.add(fieldRef("MARS_K8S_POD_IP", "status.podIP"));
    env.add(PodData.env("MARS_K8S_SERVICE_PORT", String.valueOf(MarsCluster.SERVICE_PORT)));
    // Mars v0.6 narrows its pod discovery to pods sharing the values of these labels with itself, so
    // clusters sharing a namespace do not find each other's schedulers.
    env.add(PodData.env("MARS_K8S_GROUP_LABELS", Labels.BUNDLE));
    if (role.cpu() != null) {
      String cpu = cpuText(role.cpu());
      env.add(PodData.env("MKL_NUM_THREADS", cpu));
      env.add(PodData.env("MARS_CPU_TOTAL", cpu));
      env.add(PodData.env("MARS_USE_CGROUP_STAT", "1"));
    }
    if (role.memory() != null) {
      env.add(PodData.env("MARS_MEMORY_TOTAL", role.memory().toString()));
    }
    if (role.role().equals(MarsRole.WORKER)) {
      if (!spillDirs.isEmpty()) {
        env.add(PodData.env("MARS_SPILL_DIRS", String.join(":", spillDirs)));
      }
      env.add(PodData.env("MARS_CACHE_MEM_SIZE", cluster.cacheMem()));
    }
    cluster.extraEnv().forEach((k, v) -> env.add(PodData.env(k, v)));
    return env;
  }

  /** Python's {@code str()} of the number the user gave, without a trailing {@code .0}. */
  static String cpuText(BigDecimal cpu) {
    BigDecimal stripped = cpu.stripTrailingZeros();
    return stripped.scale() <= 0 ? new BigInteger(stripped.toPlainString()).toString() : stripped.toPlainString();
  }


  private static Map<String, Object> fieldRef(String name, String fieldPath) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("valueFrom", Map.of("fieldRef", Map.of("fieldPath", fieldPath)));
    return m;
  }

  private static Map<String, Object> volume(String name, String field, Map<String, Object> source) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("name", name);
    v.put(field, source);
    return v;
  }

  private static Map<String, Object> mount(String name, String path) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("mountPath", path);
    return m;
  }
}

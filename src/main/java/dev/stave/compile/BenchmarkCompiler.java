package dev.stave.compile;

import dev.stave.diag.Diagnostic;
import dev.stave.model.Benchmark;
import dev.stave.model.Resources;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The benchmark mapping (docs/benchmarks.md). DeepEcho's launcher pod created the cluster itself through the
 * Kubernetes API, which is why it needed a cluster-wide role. Here the cluster is in the bundle, so
 * no pod talks to the API: no ServiceAccount token is mounted and no RBAC is emitted.
 *
 * <p>{@code plain}: a scheduler Deployment and Service, a worker Deployment (with a
 * HorizontalPodAutoscaler for a range), and a launcher Job. {@code dask-operator}: a DaskJob, whose
 * embedded DaskCluster the operator creates under the job's name, and a DaskAutoscaler for a range.
 * Every pod runs the generated setup script from the ConfigMap {@code <name>-benchmark} first.
 */
public final class BenchmarkCompiler {
  static final String CONFIG_DIR = "/stave/config";
  static final String SETUP = CONFIG_DIR + "/setup.sh";
  static final int COMM_PORT = 8786;
  static final int DASHBOARD_PORT = 8787;
  static final String DASK_API = "kubernetes.dask.org/v1";

  private final Benchmark b;
  private final List<Diagnostic> problems = new ArrayList<>();

  private BenchmarkCompiler(Benchmark benchmark) {
    this.b = benchmark;
  }

  public record Result(List<PlannedObject> objects, List<Diagnostic> diagnostics) {}

  public static Result compile(Benchmark benchmark) {
    BenchmarkCompiler c = new BenchmarkCompiler(benchmark);
    List<PlannedObject> objects = c.objects();
    return new Result(objects, List.copyOf(c.problems));
  }

  public static String credentialsSecret(Benchmark benchmark) {
    return benchmark.name() + "-output-credentials";
  }

  static String configMapName(Benchmark benchmark) {
    return benchmark.name() + "-benchmark";
  }

  private List<PlannedObject> objects() {
    List<PlannedObject> out = new ArrayList<>();
    if (b.createNamespace()) {
      Map<String, Object> data = new LinkedHashMap<>();
      data.put("name", b.namespace());
      data.put("labels", b.namespace().equals(b.name()) ? Labels.common(b.name(), Map.of()) : Labels.shared());
      // At its namespace key when one names it, as an experiment's is, else at the benchmark's name.
      out.add(new PlannedObject("v1", "Namespace", null, b.namespace(), "namespace.ftl", data, List.of(),
          b.namespaceOrigin()));
    }
    TreeMap<String, Object> files = configFiles();
    out.add(configMap(files));
    if (b.engine() == Benchmark.Engine.PLAIN) {
      plain(out, configHash(files));
    } else {
      operator(out);
    }
    return out;
  }

  private TreeMap<String, Object> configFiles() {
    TreeMap<String, Object> files = new TreeMap<>();
    files.put(EntryScript.ARGS_FILE, Json.write(b.args()));
    files.put("entry.py", EntryScript.of(b.name(), b.function(), b.output()));
    files.put("setup.sh", SetupScript.of(b.name(), b.setup()));
    return files;
  }

  private PlannedObject configMap(TreeMap<String, Object> files) {
    Map<String, Object> data = metadata(configMapName(b), "benchmark");
    data.put("data", files);
    return new PlannedObject("v1", "ConfigMap", b.namespace(), configMapName(b), "configmap.ftl", data, List.of());
  }

  /**
   * The SHA-256 (hex) of the ConfigMap's data, as sorted JSON. Helm's checksum/config: a pod reads the
   * mounted setup.sh only when it starts, so a Deployment whose pods carry this annotation rolls them
   * out when the setup or the launcher changes, and not otherwise.
   */
  static String configHash(TreeMap<String, Object> files) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(Json.write(files).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private void plain(List<PlannedObject> out, String configHash) {
    String scheduler = b.name() + "-scheduler";
    // Same namespace, so the short name resolves whatever the cluster's DNS domain is.
    String address = "tcp://" + scheduler + ":" + COMM_PORT;

    Map<String, Object> service = metadata(scheduler, "scheduler");
    service.put("type", "ClusterIP");
    service.put("selector", Labels.selector(b.name(), "scheduler"));
    service.put("ports", List.of(port("tcp-comm", COMM_PORT), port("http-dashboard", DASHBOARD_PORT)));
    out.add(new PlannedObject("v1", "Service", b.namespace(), scheduler, "service.ftl", service, List.of()));

    Map<String, Object> schedulerPod = pod("Always", container("scheduler",
        List.of("dask-scheduler", "--port", String.valueOf(COMM_PORT), "--dashboard-address", ":" + DASHBOARD_PORT),
        b.schedulerResources(), List.of(), true));
    out.add(deployment(scheduler, "scheduler", 1, schedulerPod, configHash));

    String workers = b.name() + "-worker";
    Map<String, Object> workerPod = pod("Always", container("worker",
        List.of("dask-worker", "--nthreads", String.valueOf(b.threads())),
        b.workerResources(), List.of(PodData.env("DASK_SCHEDULER_ADDRESS", address)), false));
    out.add(deployment(workers, "worker", b.workers().adaptive() ? null : b.workers().minimum(), workerPod,
        configHash));
    if (b.workers().adaptive()) {
      out.add(autoscaler(workers));
    }

    String launcher = b.name() + "-launcher";
    List<Map<String, Object>> env = new ArrayList<>();
    env.add(PodData.env("DASK_SCHEDULER_ADDRESS", address));
    env.addAll(credentialEnv());
    Map<String, Object> launcherPod = pod("Never", container("launcher", launcherArgs(), b.schedulerResources(),
        env, false));
    Map<String, Object> job = metadata(launcher, "launcher");
    job.put("podLabels", Labels.withComponent(b.name(), Map.of(), "launcher"));
    job.put("pod", launcherPod);
    out.add(new PlannedObject("batch/v1", "Job", b.namespace(), launcher, "benchmark-job.ftl", job, List.of()));
  }

  /**
   * The launcher Job carries no config hash: a Job's pod template cannot change once it exists, so a hash
   * there would only make the next apply of a changed config fail on the Job.
   */
  private PlannedObject deployment(String name, String component, Integer replicas, Map<String, Object> pod,
      String configHash) {
    Map<String, Object> data = metadata(name, component);
    if (replicas != null) {
      data.put("replicas", replicas);
    }
    data.put("selector", Labels.selector(b.name(), component));
    data.put("podLabels", Labels.withComponent(b.name(), Map.of(), component));
    data.put("podAnnotations", new TreeMap<>(Map.of(Labels.CONFIG_HASH, configHash)));
    data.put("pod", pod);
    return new PlannedObject("apps/v1", "Deployment", b.namespace(), name, "benchmark-deployment.ftl", data,
        List.of());
  }

  /**
   * Dask's own adaptive scaling needs something that talks to the API; without it, CPU load is the
   * signal Kubernetes has. The worker Deployment leaves {@code replicas} to the autoscaler.
   */
  private PlannedObject autoscaler(String workers) {
    if (!b.workerResources().requests().containsKey("cpu")) {
      problems.add(Diagnostic.warning(b.workers().origin(), "dask_cluster.workers", "autoscaler-cpu",
          "the workers have no cpu request, so the HorizontalPodAutoscaler cannot measure their load",
          "set cpu in dask_cluster.worker_config.resources (or dask_cluster.worker_resources)"));
    }
    Map<String, Object> data = metadata(workers, "worker");
    data.put("target", workers);
    data.put("minReplicas", b.workers().minimum());
    data.put("maxReplicas", b.workers().maximum());
    data.put("cpuUtilization", 80);
    return new PlannedObject("autoscaling/v2", "HorizontalPodAutoscaler", b.namespace(), workers, "hpa.ftl", data,
        List.of());
  }

  private void operator(List<PlannedObject> out) {
    Map<String, Object> schedulerPod = pod("Always", container("scheduler",
        List.of("dask-scheduler", "--host", "0.0.0.0", "--port", String.valueOf(COMM_PORT),
            "--dashboard-address", ":" + DASHBOARD_PORT),
        b.schedulerResources(), List.of(), true));
    // The operator injects DASK_SCHEDULER_ADDRESS and DASK_WORKER_NAME into workers and the runner.
    Map<String, Object> workerPod = pod("Always", container("worker",
        List.of("dask-worker", "--name", "$(DASK_WORKER_NAME)", "--nthreads", String.valueOf(b.threads())),
        b.workerResources(), List.of(), false));
    Map<String, Object> runnerPod = pod("Never", container("job", launcherArgs(), b.schedulerResources(),
        credentialEnv(), false));

    Map<String, Object> serviceSelector = new TreeMap<>();
    serviceSelector.put("dask.org/cluster-name", b.name());
    serviceSelector.put("dask.org/component", "scheduler");
    Map<String, Object> service = new LinkedHashMap<>();
    service.put("type", "ClusterIP");
    service.put("selector", serviceSelector);
    service.put("ports", List.of(namedPort("tcp-comm", COMM_PORT), namedPort("http-dashboard", DASHBOARD_PORT)));

    Map<String, Object> scheduler = new LinkedHashMap<>();
    scheduler.put("spec", schedulerPod);
    scheduler.put("service", service);
    Map<String, Object> worker = new LinkedHashMap<>();
    worker.put("replicas", b.workers().minimum());
    worker.put("spec", workerPod);
    Map<String, Object> clusterSpec = new LinkedHashMap<>();
    clusterSpec.put("worker", worker);
    clusterSpec.put("scheduler", scheduler);
    Map<String, Object> cluster = new LinkedHashMap<>();
    cluster.put("spec", clusterSpec);
    Map<String, Object> jobBlock = new LinkedHashMap<>();
    jobBlock.put("spec", runnerPod);
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("job", jobBlock);
    spec.put("cluster", cluster);

    Map<String, Object> job = metadata(b.name(), "launcher");
    job.put("kind", "DaskJob");
    job.put("spec", spec);
    out.add(new PlannedObject(DASK_API, "DaskJob", b.namespace(), b.name(), "dask-resource.ftl", job, List.of()));
    if (b.workers().adaptive()) {
      Map<String, Object> autoscalerSpec = new LinkedHashMap<>();
      autoscalerSpec.put("cluster", b.name()); // the DaskJob's cluster carries the job's name
      autoscalerSpec.put("minimum", b.workers().minimum());
      autoscalerSpec.put("maximum", b.workers().maximum());
      Map<String, Object> autoscaler = metadata(b.name(), "worker");
      autoscaler.put("kind", "DaskAutoscaler");
      autoscaler.put("spec", autoscalerSpec);
      out.add(new PlannedObject(DASK_API, "DaskAutoscaler", b.namespace(), b.name(), "dask-resource.ftl",
          autoscaler, List.of()));
    }
  }

  private static List<String> launcherArgs() {
    return List.of("python", "-u", CONFIG_DIR + "/entry.py");
  }

  /** The output credentials, by reference only (docs/guarantees.md, Secrets). */
  private List<Map<String, Object>> credentialEnv() {
    if (b.output() == null || b.output().bucket() == null) {
      return List.of();
    }
    return List.of(secretEnv("AWS_ACCESS_KEY_ID"), secretEnv("AWS_SECRET_ACCESS_KEY"));
  }

  private Map<String, Object> secretEnv(String key) {
    Map<String, Object> ref = new LinkedHashMap<>();
    ref.put("name", credentialsSecret(b));
    ref.put("key", key);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", key);
    m.put("valueFrom", Map.of("secretKeyRef", ref));
    return m;
  }

  private Map<String, Object> metadata(String name, String component) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("name", name);
    data.put("namespace", b.namespace());
    data.put("labels", Labels.withComponent(b.name(), Map.of(), component));
    return data;
  }

  private Map<String, Object> pod(String restartPolicy, Map<String, Object> main) {
    Map<String, Object> pod = new LinkedHashMap<>();
    pod.put("restartPolicy", restartPolicy);
    pod.put("automountServiceAccountToken", false);
    boolean git = b.setup().git() != null;
    if (git) {
      Map<String, Object> fetch = new LinkedHashMap<>();
      fetch.put("name", "fetch");
      fetch.put("image", b.image());
      fetch.put("command", List.of("bash", SETUP));
      fetch.put("env", List.of(PodData.env("STAVE_SETUP_FETCH", "1")));
      fetch.put("volumeMounts", mounts(true));
      pod.put("initContainers", List.of(fetch));
    }
    pod.put("containers", List.of(main));
    List<Map<String, Object>> volumes = new ArrayList<>();
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("name", "stave-config");
    config.put("configMap", Map.of("name", configMapName(b)));
    volumes.add(config);
    if (git) {
      Map<String, Object> work = new LinkedHashMap<>();
      work.put("name", "stave-work");
      work.put("emptyDir", Map.of());
      volumes.add(work);
    }
    pod.put("volumes", volumes);
    return pod;
  }

  private List<Map<String, Object>> mounts(boolean git) {
    List<Map<String, Object>> mounts = new ArrayList<>();
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("name", "stave-config");
    config.put("mountPath", CONFIG_DIR);
    config.put("readOnly", true);
    mounts.add(config);
    if (git) {
      Map<String, Object> work = new LinkedHashMap<>();
      work.put("name", "stave-work");
      work.put("mountPath", SetupScript.WORK_DIR);
      mounts.add(work);
    }
    return mounts;
  }

  private Map<String, Object> container(String name, List<String> args, Resources resources,
      List<Map<String, Object>> env, boolean scheduler) {
    boolean git = b.setup().git() != null;
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("name", name);
    c.put("image", b.image());
    c.put("command", List.of("bash", SETUP));
    c.put("args", args);
    if (git) {
      c.put("workingDir", SetupScript.REPOSITORY_DIR);
    }
    if (!env.isEmpty()) {
      c.put("env", env);
    }
    if (scheduler) {
      c.put("ports", List.of(containerPort("tcp-comm", COMM_PORT), containerPort("http-dashboard", DASHBOARD_PORT)));
      Map<String, Object> httpGet = new LinkedHashMap<>();
      httpGet.put("path", "/health");
      httpGet.put("port", "http-dashboard");
      Map<String, Object> probe = new LinkedHashMap<>();
      probe.put("httpGet", httpGet);
      probe.put("periodSeconds", 5);
      c.put("readinessProbe", probe);
    }
    if (!resources.isEmpty()) {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("limits", resources.limits());
      r.put("requests", resources.requests());
      c.put("resources", r);
    }
    c.put("volumeMounts", mounts(git));
    return c;
  }


  private static Map<String, Object> port(String name, int number) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("port", number);
    m.put("targetPort", number);
    return m;
  }

  private static Map<String, Object> namedPort(String name, int number) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("protocol", "TCP");
    m.put("port", number);
    m.put("targetPort", name);
    return m;
  }

  private static Map<String, Object> containerPort(String name, int number) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("containerPort", number);
    m.put("protocol", "TCP");
    return m;
  }
}

package dev.stave.model;

import dev.stave.config.ConfigFile;
import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Printable;
import dev.stave.diag.Words;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Builds a {@link MarsCluster} from a {@code kind: cluster} config the schema has accepted, checking what
 * a schema cannot: names, sizes in Mars's units, the cache memory against the worker memory,
 * {@code min_worker_num} against {@code worker_num}, spill paths, labels and environment names.
 */
public final class MarsClusterReader {
  /** The longest suffix of a derived object name: {@code <name>-scheduler}, {@code <name>-discovery}. */
  static final int NAME_RESERVE = "-scheduler".length();
  /** Environment variables stave derives from the config; {@code extra_env} may not set them. */
  public static final Set<String> RESERVED_ENV = Set.of("MARS_K8S_POD_NAME", "MARS_K8S_POD_NAMESPACE",
      "MARS_K8S_POD_IP", "MARS_K8S_SERVICE_PORT", "MARS_K8S_GROUP_LABELS", "MKL_NUM_THREADS", "MARS_CPU_TOTAL",
      "MARS_USE_CGROUP_STAT", "MARS_MEMORY_TOTAL", "MARS_CACHE_MEM_SIZE", "MARS_SPILL_DIRS");
  /** The label Mars's discovery selects pods by; stave sets it per role. */
  public static final String SERVICE_TYPE_LABEL = "mars/service-type";

  private static final Pattern ENV_NAME = Pattern.compile("[-._a-zA-Z][-._a-zA-Z0-9]*");
  private static final Pattern ABSOLUTE_PATH = Pattern.compile("/[^\\x00-\\x1f:]*");

  private final List<Diagnostic> problems = new ArrayList<>();
  private final MapNode root;

  private MarsClusterReader(ConfigFile config) {
    this.root = (MapNode) config.root();
  }

  /** The cluster and every problem found; the cluster is null if any problem is an error. */
  public record Result(MarsCluster cluster, List<Diagnostic> diagnostics) {}

  public static Result read(ConfigFile config) {
    MarsClusterReader reader = new MarsClusterReader(config);
    MarsCluster cluster = reader.cluster();
    boolean failed = reader.problems.stream().anyMatch(Diagnostic::isError);
    return new Result(failed ? null : cluster, List.copyOf(reader.problems));
  }

  private MarsCluster cluster() {
    String name = name(Values.string(root, "name"), NAME_RESERVE, "name").orElse("invalid");
    Names.serviceNameStart(name, name + "-" + MarsRole.WEB, root.get("name").origin(), "name")
        .ifPresent(problems::add);
    String namespace = root.has("namespace")
        ? name(Values.string(root, "namespace"), 0, "namespace").orElse("invalid")
        : name;
    Boolean create = Values.bool(root, "create_namespace");
    String version = Optional.ofNullable(Values.string(root, "mars_version")).orElse(MarsCluster.DEFAULT_MARS_VERSION);
    String image = Optional.ofNullable(Values.string(root, "image")).orElse("marsproject/mars:v" + version);
    if (root.has("mars_version") && !root.has("image")) {
      versionProblem(version);
    }
    if (root.has("image")) {
      ImageReference.problem(image, root.get("image").origin(), "image",
          "write it as registry/repository:tag, e.g. marsproject/mars:v0.6.11").ifPresent(problems::add);
    }
    MarsRole scheduler = role(MarsRole.SCHEDULER);
    MarsRole worker = role(MarsRole.WORKER);
    MarsRole web = role(MarsRole.WEB);
    Integer minWorkers = Values.integer(root, "min_worker_num");
    if (minWorkers != null && minWorkers > worker.replicas()) {
      problems.add(Diagnostic.error(root.get("min_worker_num").origin(), "min_worker_num", "min-workers",
          "min_worker_num is " + minWorkers + ", more than the " + Words.count(worker.replicas(), "worker")
              + " of worker_num",
          "lower min_worker_num to at most worker_num, or raise worker_num"));
    }
    String cacheMem = MarsCluster.DEFAULT_CACHE_MEM;
    BigInteger cacheBytes = null;
    Optional<Cache> cache = cache(worker.memory());
    if (cache.isPresent()) {
      cacheMem = cache.get().env();
      cacheBytes = cache.get().bytes();
    }
    Long timeout = Values.longValue(root, "timeout");
    String serviceType = Optional.ofNullable(Values.string(root, "service_type")).orElse("NodePort");
    Origin namespaceOrigin = root.has("namespace") ? root.get("namespace").origin() : null;
    return new MarsCluster(name, root.origin(), namespace, namespaceOrigin, create == null || create, version, image,
        scheduler, worker, web, spillPaths(), cacheMem, cacheBytes, minWorkers, serviceType, timeout, extraEnv(),
        extraLabels());
  }

  /**
   * Mars tags its releases {@code v<version>} and the default image adds the {@code v}, so {@code v0.6.11} or
   * {@code latest} would name an image that does not exist, found only when every pod fails to pull it.
   */
  private void versionProblem(String version) {
    if (version.isEmpty() || Character.isDigit(version.charAt(0))) {
      return;
    }
    boolean prefixed = (version.charAt(0) == 'v' || version.charAt(0) == 'V') && version.length() > 1
        && Character.isDigit(version.charAt(1));
    problems.add(Diagnostic.error(root.get("mars_version").origin(), "mars_version", "mars-version",
        "'" + version + "' is not a Mars release number: the default image puts a 'v' before it, which makes"
            + " marsproject/mars:v" + version,
        prefixed ? "write mars_version: " + version.substring(1) + ", or give the whole image in 'image'"
            : "write a release such as 0.6.11, or give the whole image in 'image', e.g. marsproject/mars:"
                + version));
  }

  private Optional<String> name(String given, int reserve, String path) {
    Origin origin = root.get(path).origin();
    Optional<String> name = Names.kubernetesName(given, reserve, origin, path, problems);
    name.filter(n -> !n.equals(given)).ifPresent(n -> problems.add(Diagnostic.note(origin, path, "name-sanitized",
        "name '" + given + "' is written as '" + n + "' in Kubernetes")));
    return name;
  }

  private MarsRole role(String role) {
    Integer num = Values.integer(root, role + "_num");
    BigDecimal cpu = cpu(role + "_cpu");
    BigInteger memory = size(role + "_mem").orElse(null);
    return new MarsRole(role, num == null ? 1 : num, cpu, memory);
  }

  private BigDecimal cpu(String key) {
    if (!(root.get(key) instanceof ScalarNode s) || !(s.value() instanceof Number)) {
      return null;
    }
    // The number the loader read, not the text: YAML's 0x10 and 0o7 are numbers as 16 and 7 are.
    BigDecimal cpu = s.value() instanceof BigInteger i ? new BigDecimal(i) : (BigDecimal) s.value();
    // Past 19 digits before the point no quantity holds it; 1e999999999 would take long to write out.
    if (cpu.precision() - cpu.scale() > 19) {
      problems.add(tooLarge(s, key, "CPUs"));
      return null;
    }
    cpu = cpu.stripTrailingZeros();
    if (cpu.movePointRight(3).stripTrailingZeros().scale() > 0) {
      BigDecimal rounded = cpu.setScale(3, RoundingMode.HALF_UP).stripTrailingZeros();
      problems.add(Diagnostic.error(s.origin(), key, "cpu-precision",
          key + " is " + s.text() + ", finer than the millicore Kubernetes counts CPUs in",
          rounded.signum() == 0 ? "give at least 0.001 (one millicore)"
              : "round it to at most three decimals, e.g. " + rounded.toPlainString()));
    } else if (Quantities.canonical(cpu.movePointRight(3).toBigIntegerExact() + "m").isEmpty()) {
      problems.add(tooLarge(s, key, "CPUs"));
      return null;
    }
    return cpu;
  }

  /** Bytes of a size key, or empty when it is absent or wrong (then a problem says why). */
  private Optional<BigInteger> size(String key) {
    Node node = root.get(key);
    if (!(node instanceof ScalarNode s) || s.value() == null) {
      return Optional.empty();
    }
    Optional<BigInteger> bytes = s.value() instanceof BigInteger i ? Optional.of(i) : MarsSizes.bytes(s.text());
    if (bytes.isEmpty()) {
      problems.add(Diagnostic.error(s.origin(), key, "size",
          "'" + Names.printable(s.text()) + "' is not a size", MarsSizes.hint(s.text())));
    } else if (bytes.get().signum() <= 0) {
      String amount = bytes.get().signum() == 0 ? "0 bytes" : "negative (" + Names.printable(s.text()) + ")";
      problems.add(Diagnostic.error(s.origin(), key, "size-zero", key + " is " + amount,
          "give a size such as 512m or 4g"));
      return Optional.empty();
    } else if (Quantities.canonical(bytes.get().toString()).isEmpty()) {
      problems.add(tooLarge(s, key, "bytes"));
      return Optional.empty();
    }
    bytes.flatMap(b -> SmallMemory.bytes(s.origin(), key, s.text(), new BigDecimal(b), SmallMemory.Spelling.MARS))
        .ifPresent(problems::add);
    return bytes;
  }

  /** Kubernetes keeps a quantity in 64 bits; a size or CPU count beyond that is no quantity at all. */
  private static Diagnostic tooLarge(ScalarNode s, String key, String unit) {
    return Diagnostic.error(s.origin(), key, "too-large",
        key + " is " + Names.printable(s.text()) + ", more " + unit + " than a Kubernetes quantity can hold",
        "give a realistic amount, such as 4g of memory or 8 CPUs");
  }

  /** The value of {@code MARS_CACHE_MEM_SIZE} and the bytes it stands for. */
  private record Cache(String env, BigInteger bytes) {}

  /** The worker's cache memory; Mars's default is 40% of the worker memory. */
  private Optional<Cache> cache(BigInteger workerMem) {
    Node node = root.get("worker_cache_mem");
    if (workerMem == null) {
      return Optional.empty();
    }
    if (node == null) {
      BigInteger bytes = share(workerMem, BigDecimal.valueOf(40));
      if (bytes.signum() == 0) {
        problems.add(Diagnostic.error(root.get("worker_mem").origin(), "worker_mem", "cache-zero",
            "worker_mem is " + workerMem + " bytes, so Mars's default cache of 40% of it rounds down to 0 bytes",
            "give the workers realistic memory, such as 4g; /dev/shm cannot be sized 0"));
        return Optional.empty();
      }
      return Optional.of(new Cache(MarsCluster.DEFAULT_CACHE_MEM, bytes));
    }
    ScalarNode s = (ScalarNode) node;
    Optional<BigDecimal> percent = s.isString() ? MarsSizes.percent(s.text()) : Optional.empty();
    if (percent.isPresent()) {
      BigDecimal p = percent.get();
      if (p.signum() <= 0 || p.compareTo(BigDecimal.valueOf(100)) > 0) {
        problems.add(Diagnostic.error(s.origin(), "worker_cache_mem", "cache-percent",
            "worker_cache_mem is " + s.text() + " of the worker memory; it must be more than 0% and at most 100%",
            "write a percentage such as \"40%\", Mars's default"));
        return Optional.empty();
      }
      BigInteger bytes = share(workerMem, p);
      if (bytes.signum() == 0) {
        problems.add(Diagnostic.error(s.origin(), "worker_cache_mem", "cache-zero",
            "worker_cache_mem is " + s.text() + " of the " + workerMem + " bytes of worker_mem, which rounds down"
                + " to 0 bytes",
            "give a larger percentage, or a size in bytes; /dev/shm cannot be sized 0"));
        return Optional.empty();
      }
      return Optional.of(new Cache(s.text(), bytes));
    }
    Optional<BigInteger> bytes = size("worker_cache_mem");
    if (bytes.isEmpty()) {
      return Optional.empty();
    }
    if (bytes.get().compareTo(workerMem) > 0) {
      problems.add(Diagnostic.error(s.origin(), "worker_cache_mem", "cache-too-large",
          "worker_cache_mem is " + bytes.get() + " bytes, more than the " + workerMem
              + " bytes of worker_mem",
          "the cache lives in the worker's memory: make it smaller than worker_mem,"
              + " or give a percentage such as \"40%\""));
      return Optional.empty();
    }
    return Optional.of(new Cache(bytes.get().toString(), bytes.get()));
  }

  private static BigInteger share(BigInteger bytes, BigDecimal percent) {
    return new BigDecimal(bytes).multiply(percent).movePointLeft(2).setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
  }

  private List<String> spillPaths() {
    Node node = root.get("worker_spill_paths");
    List<Node> items = node instanceof ListNode l ? l.items() : node == null ? List.of() : List.of(node);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      ScalarNode s = (ScalarNode) items.get(i);
      String path = node instanceof ListNode ? "worker_spill_paths[" + i + "]" : "worker_spill_paths";
      if (!ABSOLUTE_PATH.matcher(s.text()).matches()) {
        problems.add(Diagnostic.error(s.origin(), path, "spill-path",
            "spill path '" + Names.printable(s.text()) + "' is not an absolute path on the node",
            "hostPath volumes need an absolute path without ':', e.g. /mnt/disk1/mars"));
        continue;
      }
      // The API server refuses a hostPath with a '..' element, and with it the whole worker Deployment.
      Optional<Diagnostic> backstep = HostPaths.backstep(s.origin(), path, "spill-path", "spill path", s.text(),
          "/mnt/disk1/mars");
      if (backstep.isPresent()) {
        problems.add(backstep.get());
        continue;
      }
      out.add(s.text());
    }
    return out;
  }

  private TreeMap<String, String> extraEnv() {
    TreeMap<String, String> out = new TreeMap<>();
    MapNode env = Values.map(root, "extra_env");
    if (env == null) {
      return out;
    }
    env.entries().forEach((k, v) -> {
      String path = "extra_env." + Printable.pathKey(k);
      if (!ENV_NAME.matcher(k).matches()) {
        problems.add(Diagnostic.error(env.keyOrigin(k), path, "env-name",
            "'" + Names.printable(k) + "' is not a valid environment variable name",
            Names.keyHint(k, "use letters, digits, '_', '-' and '.', not starting with a digit")));
      } else if (RESERVED_ENV.contains(k)) {
        problems.add(Diagnostic.error(env.keyOrigin(k), path, "env-reserved",
            "environment variable " + k + " is set by stave from the cluster's keys",
            "remove it; set the key it comes from instead (see docs/clusters.md)"));
      } else {
        out.put(k, ((ScalarNode) v).text());
      }
    });
    return out;
  }

  private TreeMap<String, String> extraLabels() {
    return LabelRules.read(Values.map(root, "extra_labels"), "extra_labels", Set.of(SERVICE_TYPE_LABEL), "label",
        problems);
  }

}

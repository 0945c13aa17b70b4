package dev.stave.model;

import dev.stave.config.ConfigFile;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds a {@link Benchmark} from a config the schema has accepted, checking what a schema cannot:
 * the function's module path, the worker range, quantities, setup entries that would need shell
 * quoting to be safe, and output credentials.
 *
 * <p>DeepEcho's config had two generations: the first nested {@code image}, {@code setup} and
 * {@code resources} under {@code dask_cluster.worker_config}; the later one put {@code image},
 * {@code setup}, {@code threads}, {@code master_resources} and {@code worker_resources} directly under
 * {@code dask_cluster}. Both are read; giving the same thing in both places is an error.
 */
public final class BenchmarkReader {
  /** The longest suffix stave adds to the name of an object that must be a DNS-1035 label. */
  static final String LONGEST_SUFFIX = "-scheduler";
  /** DeepEcho's later default image, for configs that bring their code through git_repository. */
  public static final String DEFAULT_IMAGE = "ghcr.io/dask/dask:latest";

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern APT_PACKAGE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9+.:=~_-]*");
  private static final Pattern GIT_REFERENCE = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._/@^~+-]*");
  /** A URL: its scheme, its host (an S3 URL's bucket) and the rest (the key). */
  private static final Pattern URL = Pattern.compile("(?s)([A-Za-z][A-Za-z0-9+.-]*)://([^/]*)/*(.*)");
  private static final Pattern CONTROL = Pattern.compile("[\\x00-\\x1f\\x7f]");

  private final List<Diagnostic> problems = new ArrayList<>();
  private final MapNode root;

  private BenchmarkReader(ConfigFile config) {
    this.root = (MapNode) config.root();
  }

  /** The benchmark, and every problem found; the benchmark is null if any problem is an error. */
  public record Result(Benchmark benchmark, List<Diagnostic> diagnostics) {}

  public static Result read(ConfigFile config) {
    BenchmarkReader reader = new BenchmarkReader(config);
    Benchmark benchmark = reader.benchmark();
    boolean failed = reader.problems.stream().anyMatch(Diagnostic::isError);
    return new Result(failed ? null : benchmark, List.copyOf(reader.problems));
  }

  private Benchmark benchmark() {
    Origin nameOrigin = root.get("name").origin();
    String name = name(Values.string(root, "name"), LONGEST_SUFFIX.length(), nameOrigin, "name").orElse("invalid");
    Names.serviceNameStart(name, name + "-scheduler", nameOrigin, "name").ifPresent(problems::add);
    String namespace = Values.string(root, "namespace") == null ? name
        : name(Values.string(root, "namespace"), 0, root.get("namespace").origin(), "namespace").orElse("invalid");
    Boolean create = Values.bool(root, "create_namespace");
    Benchmark.Engine engine = "dask-operator".equals(Values.string(root, "engine"))
        ? Benchmark.Engine.DASK_OPERATOR : Benchmark.Engine.PLAIN;

    MapNode run = Values.map(root, "run");
    String function = function(run);
    Object args = run.has("args") ? Values.plain(run.get("args")) : new TreeMap<String, Object>();

    MapNode cluster = Values.map(root, "dask_cluster");
    MapNode workerConfig = cluster == null ? null : Values.map(cluster, "worker_config");
    Benchmark.Workers workers = workers(cluster);
    Benchmark.Setup setup = setup(oneOf(cluster, workerConfig, "setup", "setup"));
    String image = image(cluster, workerConfig, setup);
    Integer threads = cluster == null ? null : Values.integer(cluster, "threads");
    Resources workerResources = resources(oneOf(cluster, workerConfig, "worker_resources", "resources"));
    Resources schedulerResources = resources(cluster == null ? null : located(cluster, "master_resources",
        "dask_cluster.master_resources"));
    Benchmark.Output output = output(Values.map(root, "output"));
    Origin namespaceOrigin = root.has("namespace") ? root.get("namespace").origin() : null;
    return new Benchmark(name, namespace, namespaceOrigin, create == null || create, engine, function, args, workers,
        image, threads == null ? 1 : threads, schedulerResources, workerResources, setup, output);
  }

  /** A value with the JSON path it was found at. */
  private record Located(Node node, String path) {}

  private static Located located(MapNode map, String key, String path) {
    return map != null && map.has(key) ? new Located(map.get(key), path) : null;
  }

  /** The value under {@code dask_cluster.<later>} or {@code dask_cluster.worker_config.<first>}, not both. */
  private Located oneOf(MapNode cluster, MapNode workerConfig, String later, String first) {
    Located a = located(cluster, later, "dask_cluster." + later);
    Located b = located(workerConfig, first, "dask_cluster.worker_config." + first);
    if (a != null && b != null) {
      problems.add(Diagnostic.error(a.node().origin(), a.path(), "given-twice",
          "'" + a.path() + "' and '" + b.path() + "' (line " + b.node().origin().line() + ") are two names of one"
              + " setting, so only one may be given, even with equal values",
          "keep one of them, with the value the benchmark should use"));
    }
    return a != null ? a : b;
  }

  /**
   * Two or more identifiers joined by dots, checked name by name: a pattern repeating a group recurses once per
   * name, and a function of twenty thousand names overflowed the stack (an internal error).
   */
  private static boolean isDottedName(String text) {
    String[] names = text.split("\\.", -1);
    return names.length > 1 && Arrays.stream(names).allMatch(name -> IDENTIFIER.matcher(name).matches());
  }

  private String function(MapNode run) {
    Node node = run.get("function");
    String text = ((ScalarNode) node).text();
    if (isDottedName(text)) {
      return text;
    }
    if (IDENTIFIER.matcher(text).matches()) {
      problems.add(Diagnostic.error(node.origin(), "run.function", "function-module",
          "function '" + Names.printable(text) + "' has no module, so the launcher cannot import it",
          "write the complete Python path, e.g. deepecho.benchmark." + text));
    } else {
      problems.add(Diagnostic.error(node.origin(), "run.function", "function-path",
          "'" + Names.printable(text) + "' is not a Python path of the form module.function",
          "write dotted Python identifiers, e.g. deepecho.benchmark.run_benchmark"));
    }
    return text;
  }

  private Benchmark.Workers workers(MapNode cluster) {
    Node node = cluster == null ? null : cluster.get("workers");
    if (node == null) {
      return new Benchmark.Workers(1, 1, false, root.origin());
    }
    if (node instanceof MapNode range) {
      int minimum = Values.integer(range, "minimum");
      int maximum = Values.integer(range, "maximum");
      if (minimum > maximum) {
        problems.add(Diagnostic.error(range.get("minimum").origin(), "dask_cluster.workers.minimum", "workers-range",
            "the minimum number of workers (" + minimum + ") is larger than the maximum (" + maximum + ")",
            "make minimum at most maximum"));
      }
      return new Benchmark.Workers(minimum, maximum, true, cluster.keyOrigin("workers"));
    }
    // 4.0 is an integer to the schema, as in HOCON; YAML keeps it a decimal.
    int n = Values.wholeNumber(((ScalarNode) node).value()).intValueExact();
    return new Benchmark.Workers(n, n, false, cluster.keyOrigin("workers"));
  }

  private String image(MapNode cluster, MapNode workerConfig, Benchmark.Setup setup) {
    Located given = oneOf(cluster, workerConfig, "image", "image");
    if (given == null) {
      if (setup.git() == null) {
        Origin at = cluster != null ? cluster.origin() : root.origin();
        problems.add(Diagnostic.error(at, "dask_cluster.image", "no-image",
            "the benchmark names no image and no git_repository to install its code from",
            "set dask_cluster.worker_config.image (or dask_cluster.image), or setup.git_repository"));
      }
      return DEFAULT_IMAGE;
    }
    String image = ((ScalarNode) given.node()).text();
    ImageReference.problem(image, given.node().origin(), given.path(),
        "write registry/name:tag, e.g. sdvproject/deepecho:0.1.1").ifPresent(problems::add);
    return image;
  }

  /** DeepEcho copies a resources map into both requests and limits. */
  private Resources resources(Located given) {
    TreeMap<String, String> quantities = new TreeMap<>();
    if (given != null) {
      MapNode map = (MapNode) given.node();
      map.entries().forEach((name, value) -> {
        String path = given.path() + "." + name;
        Optional<Diagnostic> badName = ContainerResourceNames.nameProblem(name, map.keyOrigin(name), path);
        if (badName.isPresent()) {
          problems.add(badName.get());
          return;
        }
        String text = ((ScalarNode) value).text();
        String read = Quantities.text((ScalarNode) value);
        Optional<String> canonical = Quantities.canonical(read);
        if (canonical.isEmpty()) {
          problems.add(Quantities.refused(value.origin(), path, text, read));
          return;
        }
        Optional<Diagnostic> badAmount =
            ContainerResourceNames.amountProblem(name, canonical.get(), value.origin(), path);
        if (badAmount.isPresent()) {
          problems.add(badAmount.get());
          return;
        }
        if (name.equals("memory")) {
          SmallMemory.quantity(value.origin(), path, text, canonical.get(), SmallMemory.Spelling.KUBERNETES)
              .ifPresent(problems::add);
        } else if (name.equals("cpu")) {
          SmallCpu.quantity(value.origin(), path, text, canonical.get()).ifPresent(problems::add);
        }
        quantities.put(name, canonical.get());
      });
    }
    return new Resources(quantities, new TreeMap<>(quantities));
  }

  private Benchmark.Setup setup(Located given) {
    if (given == null) {
      return new Benchmark.Setup(null, null, List.of(), List.of());
    }
    MapNode setup = (MapNode) given.node();
    String base = given.path();
    String script = Values.string(setup, "script");
    if (script != null) {
      plain(setup.get("script"), base + ".script", script, "a path");
    }
    Benchmark.GitRepository git = null;
    MapNode repo = Values.map(setup, "git_repository");
    if (repo != null) {
      String url = Values.string(repo, "url");
      String path = base + ".git_repository";
      if (plain(repo.get("url"), path + ".url", url, "a URL") && url.startsWith("-")) {
        problems.add(Diagnostic.error(repo.get("url").origin(), path + ".url", "git-url",
            "the repository URL '" + Names.printable(url) + "' starts with '-', so git would read it as an option",
            "write the URL, e.g. https://github.com/sdv-dev/DeepEcho.git"));
      }
      String reference = Values.string(repo, "reference");
      if (reference != null && !GIT_REFERENCE.matcher(reference).matches()) {
        problems.add(Diagnostic.error(repo.get("reference").origin(), path + ".reference", "git-reference",
            "'" + Names.printable(reference) + "' is not a branch, tag or commit name",
            "write a branch, tag or commit, e.g. master or v0.1.1"));
      }
      String install = Values.string(repo, "install");
      if (install != null) {
        plain(repo.get("install"), path + ".install", install, "a command");
      }
      git = new Benchmark.GitRepository(url, reference, install);
    }
    List<String> pip = Values.strings(setup, "pip_packages");
    List<Node> pipNodes = Values.list(setup, "pip_packages");
    for (int i = 0; i < pip.size(); i++) {
      String p = pip.get(i);
      String path = base + ".pip_packages[" + i + "]";
      if (plain(pipNodes.get(i), path, p, "a requirement") && (p.isEmpty() || p.startsWith("-"))) {
        problems.add(Diagnostic.error(pipNodes.get(i).origin(), path, "pip-package",
            "'" + Names.printable(p) + "' is not a requirement; pip would read it as an option",
            "write a requirement such as pandas==2.2.2; put pip options in setup.script"));
      }
    }
    List<String> apt = Values.strings(setup, "apt_packages");
    List<Node> aptNodes = Values.list(setup, "apt_packages");
    for (int i = 0; i < apt.size(); i++) {
      if (!APT_PACKAGE.matcher(apt.get(i)).matches()) {
        problems.add(Diagnostic.error(aptNodes.get(i).origin(), base + ".apt_packages[" + i + "]", "apt-package",
            "'" + Names.printable(apt.get(i)) + "' is not an apt package name",
            "write one package per entry, e.g. libpq-dev or curl=7.88.1-10; letters, digits and + . : = ~ _ - only"));
      }
    }
    return new Benchmark.Setup(script, git, pip, apt);
  }

  /** Whether a value that will be quoted for the shell is free of control characters (newlines included). */
  private boolean plain(Node node, String path, String text, String what) {
    if (CONTROL.matcher(text).find()) {
      problems.add(Diagnostic.error(node.origin(), path, "control-character",
          "the value holds a line break or control character, which " + what + " cannot contain",
          "write it on one line"));
      return false;
    }
    return true;
  }

  private Benchmark.Output output(MapNode output) {
    if (output == null) {
      return null;
    }
    String path = Values.string(output, "path");
    plain(output.get("path"), "output.path", path, "a path");
    String bucket = Values.string(output, "bucket");
    url(output, path, bucket);
    Benchmark.Credential key = credential(output, "key");
    Benchmark.Credential secretKey = credential(output, "secret_key");
    if (bucket != null && (key == null || secretKey == null)) {
      String missing = key == null && secretKey == null ? "'key' and 'secret_key'"
          : key == null ? "'key'" : "'secret_key'";
      problems.add(Diagnostic.error(output.get("bucket").origin(), "output.bucket", "bucket-credentials",
          "output goes to bucket '" + Names.printable(bucket) + "', but " + missing
              + (key == null && secretKey == null ? " are" : " is") + " not given",
          "add key and secret_key from the environment, e.g. key = ${?AWS_ACCESS_KEY_ID} (HOCON) or "
              + "key: ${AWS_ACCESS_KEY_ID} (YAML)"));
    }
    // Credentials without a bucket are warned of where literal ones are (dev.stave.compile.BenchmarkKind), in one
    // warning with them.
    return new Benchmark.Output(path, bucket, key, secretKey);
  }

  /**
   * DeepEcho wrote the result with pandas' {@code to_csv(path)}, which sends an {@code s3://} path to S3 through
   * fsspec; the launcher writes {@code path} as a file in its pod (or, with a bucket, uses it as the object's key),
   * so a URL would leave the result in a local folder named {@code s3:} that is lost with the pod. A bucket with a
   * {@code /} is refused by S3 only when the benchmark has run, hours later.
   */
  private void url(MapNode output, String path, String bucket) {
    Matcher m = URL.matcher(path);
    if (m.matches()) {
      boolean s3 = m.group(1).equalsIgnoreCase("s3") && bucket == null && !m.group(2).isEmpty()
          && !m.group(3).isEmpty();
      // file:///tmp/r.csv means a file in the pod, which a plain path already is; with a bucket, path is the
      // object's key, not a file.
      String file = m.group(1).equalsIgnoreCase("file") && bucket == null && m.group(2).isEmpty()
          && !m.group(3).isEmpty() ? filePath(m.group(3)) : null;
      problems.add(Diagnostic.error(output.get("path").origin(), "output.path", "output-url",
          "'" + Names.printable(path) + "' is a URL, but the launcher writes the CSV to S3 only through"
              + " 'bucket', and otherwise as a file inside its pod",
          s3 ? "write bucket: " + Names.printable(m.group(2)) + " and path: " + Names.printable(m.group(3))
              : file != null ? "write path: /" + Names.printable(file) + " for a file inside the pod"
              : "give the bucket in 'bucket' and the object's key (without the bucket) in 'path'"));
    }
    if (bucket != null && bucket.contains("/")) {
      Matcher b = URL.matcher(bucket);
      String name = b.matches() ? b.group(2) : bucket.substring(0, bucket.indexOf('/'));
      problems.add(Diagnostic.error(output.get("bucket").origin(), "output.bucket", "bucket-name",
          "'" + Names.printable(bucket) + "' is not a bucket name, which cannot contain '/'",
          (name.isEmpty() ? "write the bucket's name alone" : "write bucket: " + Names.printable(name))
              + "; the object's key goes in 'path'"));
    }
  }

  /**
   * The file a file: URL's path names ({@code a%20b.csv} is {@code a b.csv}); null when its escapes are not
   * valid. A '+' is itself in a URL's path, not a space.
   */
  private static String filePath(String urlPath) {
    try {
      return URLDecoder.decode(urlPath.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static Benchmark.Credential credential(MapNode output, String key) {
    Node node = output.get(key);
    return node instanceof ScalarNode s && s.value() != null ? new Benchmark.Credential(s.text(), s.origin()) : null;
  }

  private Optional<String> name(String given, int reserve, Origin origin, String path) {
    Optional<String> name = Names.kubernetesName(given, reserve, origin, path, problems);
    name.filter(n -> !n.equals(given)).ifPresent(n -> problems.add(Diagnostic.note(origin, path, "name-sanitized",
        "name '" + given + "' is written as '" + n + "' in Kubernetes")));
    return name;
  }
}

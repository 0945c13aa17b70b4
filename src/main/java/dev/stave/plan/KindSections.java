package dev.stave.plan;

import dev.stave.compile.BenchmarkCompiler;
import dev.stave.compile.MarsCompiler;
import dev.stave.compile.MarsPlan;
import dev.stave.compile.MarsReadiness;
import dev.stave.diag.Markdown;
import dev.stave.diag.Printable;
import dev.stave.diag.Words;
import dev.stave.model.Benchmark;
import dev.stave.model.MarsCluster;
import dev.stave.model.MarsRole;
import dev.stave.model.Provenance;
import dev.stave.model.SweepGrid;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * The parts of a plan that belong to one kind: a Mars cluster's roles and readiness rule, a benchmark's
 * engine, processes, output and setup, an experiment's value sources and sweep points. Each as text
 * lines, Markdown and JSON data. Credentials and tokens never appear: only where they come from.
 */
final class KindSections {
  private KindSections() {}

  // ---- Mars clusters

  static List<String> marsText(MarsCluster c) {
    return MarsPlan.lines(c);
  }

  static String marsMarkdown(MarsCluster c) {
    StringBuilder b = new StringBuilder();
    b.append("Mars ").append(Markdown.text(c.marsVersion())).append(" cluster ").append(Markdown.code(c.name()))
        .append(", image ").append(Markdown.code(c.image())).append(".\n\n");
    b.append("| role | deployment | replicas | cpu | memory | ready needed |\n");
    b.append("| --- | --- | --- | --- | --- | --- |\n");
    MarsReadiness rule = MarsReadiness.of(c);
    for (MarsRole r : c.roles()) {
      b.append("| ").append(Markdown.text(r.role())).append(" | ")
          .append(Markdown.codeInTable(MarsCompiler.deploymentName(c, r))).append(" | ")
          .append(r.replicas()).append(" | ").append(MarsPlan.cpu(r)).append(" | ").append(MarsPlan.memory(r))
          .append(" | ").append(gate(rule, r).required(r.replicas())).append(" |\n");
    }
    b.append('\n');
    b.append("Workers: cache ").append(c.cacheMem().endsWith("%") ? Markdown.text(c.cacheMem()) + " = " : "")
        .append(MarsPlan.size(c.cacheBytes())).append(" in `/dev/shm`");
    for (int i = 0; i < c.spillPaths().size(); i++) {
      b.append(i == 0 ? ", spill " : " and ").append(Markdown.code(c.spillPaths().get(i)));
    }
    b.append(".\n\n");
    b.append("Service ").append(Markdown.code(MarsPlan.serviceName(c))).append(": ")
        .append(Markdown.text(c.serviceType()))
        .append(", port ")
        .append(MarsCluster.SERVICE_PORT).append(".\n\n");
    b.append("**Ready when:** ").append(Markdown.text(MarsPlan.readiness(c))).append(".\n\n");
    return b.toString();
  }

  static Map<String, Object> marsJson(MarsCluster c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("framework", "mars");
    m.put("mars_version", c.marsVersion());
    m.put("image", c.image());
    m.put("create_namespace", c.createNamespace());
    MarsReadiness rule = MarsReadiness.of(c);
    List<Object> roles = new ArrayList<>();
    for (MarsRole r : c.roles()) {
      Map<String, Object> role = new LinkedHashMap<>();
      role.put("role", r.role());
      role.put("deployment", MarsCompiler.deploymentName(c, r));
      role.put("replicas", r.replicas());
      role.put("cpu", r.cpu() == null ? null : MarsPlan.cpu(r));
      role.put("memory_bytes", r.memory());
      role.put("ready_needed", gate(rule, r).required(r.replicas()));
      roles.add(role);
    }
    m.put("roles", roles);
    Map<String, Object> cache = new LinkedHashMap<>();
    cache.put("size", c.cacheMem());
    cache.put("bytes", c.cacheBytes());
    m.put("worker_cache", cache);
    m.put("spill_paths", c.spillPaths());
    Map<String, Object> service = new LinkedHashMap<>();
    service.put("name", MarsPlan.serviceName(c));
    service.put("type", c.serviceType());
    service.put("port", MarsCluster.SERVICE_PORT);
    m.put("service", service);
    Map<String, Object> readiness = new LinkedHashMap<>();
    List<Object> gates = new ArrayList<>();
    for (MarsReadiness.Gate g : rule.gates()) {
      Map<String, Object> gate = new LinkedHashMap<>();
      gate.put("role", g.role());
      gate.put("deployment", g.deployment());
      gate.put("selector", g.labelSelector());
      gate.put("min_ready", g.minReady());
      gates.add(gate);
    }
    readiness.put("gates", gates);
    readiness.put("timeout_seconds", rule.timeoutSeconds());
    readiness.put("rule", MarsPlan.readiness(c));
    m.put("readiness", readiness);
    return m;
  }

  private static MarsReadiness.Gate gate(MarsReadiness rule, MarsRole role) {
    return rule.gates().stream().filter(g -> g.role().equals(role.role())).findFirst().orElseThrow();
  }

  // ---- Benchmarks

  /** scheduler, worker and launcher: name, image, workload and resources. */
  private record Process(String role, String object, String image, String count, SortedMap<String, String> requests,
      SortedMap<String, String> limits) {}

  private static List<Process> processes(Benchmark b) {
    boolean plain = b.engine() == Benchmark.Engine.PLAIN;
    Benchmark.Workers w = b.workers();
    String workers = w.adaptive() ? w.minimum() + " to " + w.maximum() : String.valueOf(w.minimum());
    List<Process> out = new ArrayList<>();
    out.add(new Process("scheduler", plain ? "Deployment " + b.name() + "-scheduler" : "DaskJob " + b.name(),
        b.image(), "1", b.schedulerResources().requests(), b.schedulerResources().limits()));
    out.add(new Process("worker", plain ? "Deployment " + b.name() + "-worker" : "DaskJob " + b.name(), b.image(),
        workers, b.workerResources().requests(), b.workerResources().limits()));
    out.add(new Process("launcher", plain ? "Job " + b.name() + "-launcher" : "DaskJob " + b.name(), b.image(), "1",
        b.schedulerResources().requests(), b.schedulerResources().limits()));
    return out;
  }

  private static String replicas(Benchmark.Workers w) {
    return w.adaptive() ? range(w, "replica") : Words.count(w.minimum(), "replica");
  }

  private static String engine(Benchmark b) {
    return b.engine() == Benchmark.Engine.PLAIN ? "plain" : "dask-operator";
  }

  private static String workersText(Benchmark b) {
    Benchmark.Workers w = b.workers();
    if (!w.adaptive()) {
      return Words.count(w.minimum(), "worker");
    }
    return range(w, "worker") + " ("
        + (b.engine() == Benchmark.Engine.PLAIN ? "HorizontalPodAutoscaler" : "DaskAutoscaler") + ")";
  }

  /**
   * "1 to 8 workers": the noun agrees with the nearer number, the maximum, so a range of at most 1 reads
   * "1 to 1 worker".
   */
  private static String range(Benchmark.Workers w, String noun) {
    return w.minimum() + " to " + Words.count(w.maximum(), noun);
  }

  /** {@code s3://bucket/path} or the path in the launcher pod; credentials by Secret name only. */
  private static String output(Benchmark b) {
    Benchmark.Output o = b.output();
    if (o == null) {
      return "none (the result is only logged)";
    }
    if (o.bucket() == null) {
      return o.path() + " (in the launcher pod)";
    }
    return "s3://" + o.bucket() + "/" + o.path() + ", credentials from the Secret "
        + BenchmarkCompiler.credentialsSecret(b);
  }

  /** The steps in the order the setup script runs them (the clone first, in an init container). */
  private static List<String> setup(Benchmark b) {
    Benchmark.Setup s = b.setup();
    List<String> out = new ArrayList<>();
    if (s.git() != null) {
      out.add("git clone " + s.git().url() + (s.git().reference() == null ? "" : " at " + s.git().reference()));
    }
    if (!s.aptPackages().isEmpty()) {
      out.add("apt-get install " + String.join(" ", s.aptPackages()));
    }
    if (!s.pipPackages().isEmpty()) {
      out.add("pip install " + String.join(" ", s.pipPackages()));
    }
    if (s.git() != null && s.git().install() != null) {
      out.add("in the clone: " + s.git().install());
    }
    if (s.script() != null) {
      out.add("bash " + s.script());
    }
    return out;
  }

  static List<String> benchmarkText(Benchmark b) {
    List<String> out = new ArrayList<>();
    out.add("benchmark " + b.name() + ": " + b.function() + " on Dask, engine " + engine(b) + ", " + workersText(b)
        + " with " + b.threads() + " thread" + (b.threads() == 1 ? "" : "s") + " each");
    for (Process p : processes(b)) {
      out.add("  " + p.role() + ": " + p.object() + ", image " + p.image()
          + (p.role().equals("worker") ? ", " + replicas(b.workers()) : "") + ", requests " + pairs(p.requests())
          + ", limits " + pairs(p.limits()));
    }
    out.add("  output: " + output(b));
    List<String> setup = setup(b);
    out.add("  setup: " + (setup.isEmpty() ? "none" : String.join("; ", setup)));
    return out;
  }

  static String benchmarkMarkdown(Benchmark b) {
    StringBuilder md = new StringBuilder();
    md.append("Benchmark ").append(Markdown.code(b.function())).append(" on Dask, engine ")
        .append(Markdown.code(engine(b)))
        .append(", ").append(Markdown.text(workersText(b))).append(" with ").append(b.threads()).append(" thread")
        .append(b.threads() == 1 ? "" : "s").append(" each.\n\n");
    md.append("| role | object | image | replicas | requests | limits |\n");
    md.append("| --- | --- | --- | --- | --- | --- |\n");
    for (Process p : processes(b)) {
      md.append("| ").append(Markdown.text(p.role())).append(" | ").append(Markdown.codeInTable(p.object()))
          .append(" | ")
          .append(Markdown.codeInTable(p.image())).append(" | ").append(Markdown.text(p.count())).append(" | ")
          .append(Markdown.text(pairs(p.requests()))).append(" | ").append(Markdown.text(pairs(p.limits())))
          .append(" |\n");
    }
    md.append("\nOutput: ").append(Markdown.text(output(b))).append(".\n\n");
    List<String> setup = setup(b);
    if (setup.isEmpty()) {
      md.append("Setup: none.\n\n");
    } else {
      md.append("Setup:\n\n");
      for (int i = 0; i < setup.size(); i++) {
        md.append(i + 1).append(". ").append(Markdown.text(setup.get(i))).append('\n');
      }
      md.append('\n');
    }
    return md.toString();
  }

  static Map<String, Object> benchmarkJson(Benchmark b) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("engine", engine(b));
    m.put("function", b.function());
    m.put("threads", b.threads());
    Map<String, Object> workers = new LinkedHashMap<>();
    workers.put("adaptive", b.workers().adaptive());
    workers.put("minimum", b.workers().minimum());
    workers.put("maximum", b.workers().maximum());
    m.put("workers", workers);
    List<Object> processes = new ArrayList<>();
    for (Process p : processes(b)) {
      Map<String, Object> pm = new LinkedHashMap<>();
      pm.put("role", p.role());
      pm.put("object", p.object());
      pm.put("image", p.image());
      pm.put("requests", p.requests());
      pm.put("limits", p.limits());
      processes.add(pm);
    }
    m.put("processes", processes);
    Map<String, Object> output = null;
    Benchmark.Output o = b.output();
    if (o != null) {
      output = new LinkedHashMap<>();
      output.put("path", o.path());
      output.put("bucket", o.bucket());
      output.put("target", o.bucket() == null ? o.path() : "s3://" + o.bucket() + "/" + o.path());
      output.put("credentials_secret", o.bucket() == null ? null : BenchmarkCompiler.credentialsSecret(b));
    }
    m.put("output", output);
    m.put("setup", setup(b));
    return m;
  }

  // ---- Experiments: where values came from, and the sweep

  static String source(Provenance.Entry e) {
    return switch (e.from()) {
      case EXPERIMENT -> "experiment (" + e.origin() + ")";
      case CONTEXT -> "context " + e.context() + " (" + e.origin() + ")";
      case DEFAULT -> "default";
    };
  }

  /** A value to show: never a token's, should one ever be recorded. */
  static String value(Provenance.Entry e) {
    String key = e.key();
    boolean secret = key.endsWith("api_token") || key.contains("password") || key.endsWith("secret_key");
    return secret ? "(hidden)" : e.value();
  }

  /** The settings as a table for a terminal, each part escaped before the columns are measured. */
  static List<String> provenanceText(List<Provenance.Entry> entries) {
    List<String> keys = entries.stream().map(e -> Printable.exactLine(e.key())).toList();
    List<String> values = entries.stream().map(e -> Printable.exactLine(value(e))).toList();
    int keyWidth = keys.stream().mapToInt(String::length).max().orElse(0);
    int valueWidth = values.stream().mapToInt(String::length).max().orElse(0);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      out.add("  " + keys.get(i) + " ".repeat(keyWidth - keys.get(i).length()) + "  " + values.get(i)
          + " ".repeat(valueWidth - values.get(i).length()) + "  from " + Printable.exactLine(source(entries.get(i))));
    }
    return out;
  }

  static String provenanceMarkdown(List<Provenance.Entry> entries) {
    StringBuilder b = new StringBuilder("| value | setting | from |\n| --- | --- | --- |\n");
    for (Provenance.Entry e : entries) {
      b.append("| ").append(Markdown.codeInTable(e.key())).append(" | ").append(Markdown.codeInTable(value(e)))
          .append(" | ").append(Markdown.text(source(e))).append(" |\n");
    }
    return b.append('\n').toString();
  }

  static List<Object> provenanceJson(List<Provenance.Entry> entries) {
    List<Object> out = new ArrayList<>();
    for (Provenance.Entry e : entries) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("key", e.key());
      m.put("value", value(e));
      m.put("from", e.from().name().toLowerCase(java.util.Locale.ROOT));
      m.put("context", e.context());
      m.put("origin", e.origin() == null ? null : e.origin().toString());
      out.add(m);
    }
    return out;
  }

  static List<Object> pointsJson(List<SweepGrid.Point> points) {
    List<Object> out = new ArrayList<>();
    for (SweepGrid.Point p : points) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("point", p.text());
      m.put("suffix", "-" + p.hash());
      m.put("values", p.values());
      out.add(m);
    }
    return out;
  }

  /** A map as {@code k=v k=v}, or {@code -} when empty. */
  static String pairs(Map<String, String> m) {
    if (m.isEmpty()) {
      return "-";
    }
    List<String> out = new ArrayList<>();
    m.forEach((k, v) -> out.add(k + "=" + v));
    return String.join(" ", out);
  }
}

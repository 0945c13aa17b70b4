package dev.stave.render;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The shape check for the Dask Kubernetes operator's custom resources ({@code kubernetes.dask.org/v1}),
 * which client-java-api has no model for. It follows the operator's CRDs: known keys only, the
 * required ones present, integers where the CRD says so; the pod and service specs inside them are
 * checked against the real models by wrapping them in a synthetic Pod or Service, and the metadata by
 * wrapping it in a ConfigMap.
 */
public final class CustomResourceShapes {
  static final String DASK_API = "kubernetes.dask.org/v1";
  private static final Set<String> KINDS = Set.of("DaskCluster", "DaskWorkerGroup", "DaskJob", "DaskAutoscaler");

  private final ObjectVerifier verifier;

  public CustomResourceShapes(ObjectVerifier verifier) {
    this.verifier = verifier;
  }

  public static boolean handles(Object apiVersion, Object kind) {
    return DASK_API.equals(apiVersion) && KINDS.contains(kind);
  }

  /** Problems found, each {@code "json.path: what is wrong"}, as {@link ObjectVerifier#problems} reports them. */
  public List<String> problems(Map<String, Object> object) {
    List<String> problems = new ArrayList<>();
    keys(object, "$", Set.of("apiVersion", "kind", "metadata", "spec"), Set.of("metadata", "spec"), problems);
    if (object.get("metadata") instanceof Map<?, ?> metadata) {
      Map<String, Object> carrier = new LinkedHashMap<>();
      carrier.put("apiVersion", "v1");
      carrier.put("kind", "ConfigMap");
      carrier.put("metadata", metadata);
      problems.addAll(verifier.problems(carrier));
    }
    Object spec = object.get("spec");
    switch (String.valueOf(object.get("kind"))) {
      case "DaskCluster" -> cluster(spec, "spec", problems);
      case "DaskWorkerGroup" -> {
        Map<String, Object> m = map(spec, "spec", problems);
        if (m != null) {
          keys(m, "spec", Set.of("cluster", "worker"), Set.of("cluster", "worker"), problems);
          string(m, "cluster", "spec", problems);
          worker(m.get("worker"), "spec.worker", problems);
        }
      }
      case "DaskJob" -> {
        Map<String, Object> m = map(spec, "spec", problems);
        if (m != null) {
          keys(m, "spec", Set.of("job", "cluster"), Set.of("job", "cluster"), problems);
          Map<String, Object> job = map(m.get("job"), "spec.job", problems);
          if (job != null) {
            keys(job, "spec.job", Set.of("metadata", "spec"), Set.of("spec"), problems);
            blockMetadata(job.get("metadata"), "spec.job.metadata", problems);
            pod(job.get("spec"), "spec.job.spec", problems);
          }
          Map<String, Object> c = map(m.get("cluster"), "spec.cluster", problems);
          if (c != null) {
            keys(c, "spec.cluster", Set.of("metadata", "spec"), Set.of("spec"), problems);
            blockMetadata(c.get("metadata"), "spec.cluster.metadata", problems);
            cluster(c.get("spec"), "spec.cluster.spec", problems);
          }
        }
      }
      case "DaskAutoscaler" -> {
        Map<String, Object> m = map(spec, "spec", problems);
        if (m != null) {
          keys(m, "spec", Set.of("cluster", "minimum", "maximum"), Set.of("cluster", "minimum", "maximum"), problems);
          string(m, "cluster", "spec", problems);
          integer(m, "minimum", "spec", problems);
          integer(m, "maximum", "spec", problems);
        }
      }
      default -> problems.add("$.kind: no shape for " + object.get("kind"));
    }
    return List.copyOf(problems);
  }

  private void cluster(Object spec, String path, List<String> problems) {
    Map<String, Object> m = map(spec, path, problems);
    if (m != null) {
      keys(m, path, Set.of("idleTimeout", "scheduler", "worker"), Set.of("scheduler", "worker"), problems);
      integer(m, "idleTimeout", path, problems);
      worker(m.get("worker"), path + ".worker", problems);
      Map<String, Object> s = map(m.get("scheduler"), path + ".scheduler", problems);
      if (s != null) {
        keys(s, path + ".scheduler", Set.of("metadata", "spec", "service"), Set.of("spec", "service"), problems);
        blockMetadata(s.get("metadata"), path + ".scheduler.metadata", problems);
        pod(s.get("spec"), path + ".scheduler.spec", problems);
        wrapped(s.get("service"), path + ".scheduler.service", "Service", problems);
      }
    }
  }

  private void worker(Object worker, String path, List<String> problems) {
    Map<String, Object> w = map(worker, path, problems);
    if (w != null) {
      keys(w, path, Set.of("replicas", "metadata", "spec"), Set.of("spec"), problems);
      integer(w, "replicas", path, problems);
      blockMetadata(w.get("metadata"), path + ".metadata", problems);
      pod(w.get("spec"), path + ".spec", problems);
    }
  }

  private void pod(Object spec, String path, List<String> problems) {
    wrapped(spec, path, "Pod", problems);
  }

  /** Checks {@code spec} as the spec of a synthetic object of a kind the verifier has a model for. */
  private void wrapped(Object spec, String path, String kind, List<String> problems) {
    if (map(spec, path, problems) == null) {
      return;
    }
    Map<String, Object> carrier = new LinkedHashMap<>();
    carrier.put("apiVersion", "v1");
    carrier.put("kind", kind);
    carrier.put("metadata", Map.of("name", "shape-check"));
    carrier.put("spec", spec);
    for (String problem : verifier.problems(carrier)) {
      problems.add(problem.startsWith("spec") ? path + problem.substring("spec".length()) : path + ": " + problem);
    }
  }

  /** The operator's SimpleObjectMeta: labels and annotations only. */
  private static void blockMetadata(Object metadata, String path, List<String> problems) {
    if (metadata == null) {
      return;
    }
    Map<String, Object> m = map(metadata, path, problems);
    if (m != null) {
      keys(m, path, Set.of("labels", "annotations"), Set.of(), problems);
      for (String key : List.of("labels", "annotations")) {
        if (m.get(key) != null && !(m.get(key) instanceof Map<?, ?> values
            && values.values().stream().allMatch(v -> v instanceof String))) {
          problems.add(path + "." + key + ": expected a map of strings");
        }
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object value, String path, List<String> problems) {
    if (value instanceof Map<?, ?> m) {
      return (Map<String, Object>) m;
    }
    if (value != null) {
      problems.add(path + ": expected an object");
    }
    return null;
  }

  private static void keys(Map<String, Object> map, String path, Set<String> known, Set<String> required,
      List<String> problems) {
    String prefix = path.equals("$") ? "" : path + ".";
    for (String key : map.keySet().stream().sorted().toList()) {
      if (!known.contains(key)) {
        problems.add(prefix + key + ": unknown field");
      }
    }
    for (String key : required.stream().sorted().toList()) {
      if (map.get(key) == null) {
        problems.add(prefix + key + ": required field missing");
      }
    }
  }

  private static void integer(Map<String, Object> map, String key, String path, List<String> problems) {
    Object v = map.get(key);
    if (v != null && !(v instanceof Integer || v instanceof Long || v instanceof BigInteger)) {
      problems.add(path + "." + key + ": expected an integer");
    }
  }

  private static void string(Map<String, Object> map, String key, String path, List<String> problems) {
    Object v = map.get(key);
    if (v != null && !(v instanceof String)) {
      problems.add(path + "." + key + ": expected a string");
    }
  }
}

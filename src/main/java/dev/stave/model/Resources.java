package dev.stave.model;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Canonical quantities by Kubernetes resource name ({@code cpu}, {@code memory}, {@code nvidia.com/gpu}):
 * a process's own requests and limits, and the defaults of its experiment's or context's {@code resources},
 * which apply only to the resource names that nothing more specific sets.
 */
public record Resources(SortedMap<String, String> requests, SortedMap<String, String> limits,
    SortedMap<String, String> defaults) {
  /** The resource name of NVIDIA's GPUs, which GKE's nodes and device plugin use. */
  public static final String GPU = "nvidia.com/gpu";

  public Resources(SortedMap<String, String> requests, SortedMap<String, String> limits) {
    this(requests, limits, Collections.emptySortedMap());
  }

  public boolean isEmpty() {
    return requests.isEmpty() && limits.isEmpty() && defaults.isEmpty();
  }

  /**
   * What the container gets: these requests and limits laid over a dispatcher's placement ({@code placed},
   * null without one), then the defaults, as requests and limits both, for every resource name that
   * neither sets. A schedule is more specific than an experiment-wide or context default, and the
   * process's own {@code resource_request} and {@code resource_limit} more specific than both.
   */
  public Resources over(Resources placed) {
    TreeMap<String, String> requests = new TreeMap<>(placed == null ? Map.of() : placed.requests());
    requests.putAll(this.requests);
    TreeMap<String, String> limits = new TreeMap<>(placed == null ? Map.of() : placed.limits());
    limits.putAll(this.limits);
    defaults.forEach((name, quantity) -> {
      if (!requests.containsKey(name) && !limits.containsKey(name)) {
        requests.put(name, quantity);
        limits.put(name, quantity);
      }
    });
    return new Resources(Collections.unmodifiableSortedMap(requests), Collections.unmodifiableSortedMap(limits));
  }
}

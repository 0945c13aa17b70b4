package dev.stave.compile;

import dev.stave.model.MarsCluster;
import dev.stave.model.MarsClusterReader;
import dev.stave.model.MarsRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * When a Mars cluster is ready, as data for {@code stave apply --wait} (docs/clusters.md, Readiness). Mars's
 * {@code new_cluster} returns once every scheduler, every web service and {@code min_worker_num} workers
 * (all of them by default) are ready, or fails after {@code timeout} seconds; this is the same rule, one
 * gate per role Deployment.
 *
 * <p>The desired count of a gate without a minimum is the Deployment's live {@code spec.replicas}, not the
 * number compiled, so that a cluster rescaled outside stave is still judged by its own size.
 *
 * @param timeoutSeconds the config's {@code timeout}; null when it sets none
 */
public record MarsReadiness(String namespace, List<Gate> gates, Long timeoutSeconds) {

  public MarsReadiness {
    gates = List.copyOf(gates);
  }

  /**
   * One Deployment to wait for.
   *
   * @param selector the labels of its pods (stave's own and Mars's {@code mars/service-type}), for
   *     counting ready pods directly or for showing which pods block
   * @param minReady ready replicas needed; null means all desired replicas
   */
  public record Gate(String role, String deployment, Map<String, String> selector, Integer minReady) {
    public Gate {
      selector = new TreeMap<>(selector);
    }

    /** Ready replicas needed when the Deployment wants {@code desired}; never more than it wants. */
    public int required(int desired) {
      return minReady == null ? desired : Math.min(minReady, desired);
    }

    public boolean satisfied(int desired, int ready) {
      return ready >= required(desired);
    }

    /** The selector as {@code kubectl get pods -l} takes it. */
    public String labelSelector() {
      List<String> parts = new ArrayList<>();
      selector.forEach((k, v) -> parts.add(k + "=" + v));
      return String.join(",", parts);
    }
  }

  public static MarsReadiness of(MarsCluster cluster) {
    List<Gate> gates = new ArrayList<>();
    for (MarsRole role : cluster.roles()) {
      Map<String, String> selector = Labels.selector(cluster.name(), role.role());
      selector.put(MarsClusterReader.SERVICE_TYPE_LABEL, role.serviceType());
      Integer min = role.role().equals(MarsRole.WORKER) ? cluster.minWorkerNum() : null;
      gates.add(new Gate(role.role(), MarsCompiler.deploymentName(cluster, role), selector, min));
    }
    return new MarsReadiness(cluster.namespace(), gates, cluster.timeoutSeconds());
  }

  /**
   * Whether the cluster is ready, given each Deployment's desired and ready replicas by name. A Deployment
   * missing from either map is not ready.
   */
  public boolean satisfied(Map<String, Integer> desired, Map<String, Integer> ready) {
    for (Gate g : gates) {
      Integer want = desired.get(g.deployment());
      Integer have = ready.get(g.deployment());
      if (want == null || have == null || !g.satisfied(want, have)) {
        return false;
      }
    }
    return true;
  }

  /** {@code apply --timeout} wins over the config's {@code timeout}; null means wait without limit. */
  public Long timeout(Long commandLine) {
    return commandLine != null ? commandLine : timeoutSeconds;
  }
}

package dev.stave.compile;

import dev.stave.diag.Words;
import dev.stave.model.MarsCluster;
import dev.stave.model.MarsRole;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * What a Mars cluster will create, as plain-text lines for {@code stave plan}: each role with its
 * Deployment, size and resources, the web Service, the disruption budget and the readiness rule.
 */
public final class MarsPlan {
  private static final String[] BINARY_UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};

  private MarsPlan() {}

  public static List<String> lines(MarsCluster cluster) {
    List<String> out = new ArrayList<>();
    out.add("cluster " + cluster.name() + " (Mars " + cluster.marsVersion() + ") in namespace " + cluster.namespace()
        + (cluster.createNamespace() ? "" : " (not created)") + ", image " + cluster.image());
    for (MarsRole role : cluster.roles()) {
      StringBuilder line = new StringBuilder("  ")
          .append(role.role()).append(": deployment ").append(MarsCompiler.deploymentName(cluster, role))
          .append(", ").append(Words.count(role.replicas(), "replica"))
          .append(", cpu ").append(cpu(role))
          .append(", memory ").append(memory(role));
      if (role.role().equals(MarsRole.WORKER)) {
        line.append(", cache ").append(cluster.cacheMem().endsWith("%") ? cluster.cacheMem() + " = " : "")
            .append(size(cluster.cacheBytes())).append(" in /dev/shm");
        for (int i = 0; i < cluster.spillPaths().size(); i++) {
          line.append(i == 0 ? ", spill " : " and ").append(cluster.spillPaths().get(i))
              .append(" at /mnt/hostpath").append(i);
        }
      }
      out.add(line.toString());
    }
    out.add("  service " + serviceName(cluster) + ": " + cluster.serviceType() + ", port "
        + MarsCluster.SERVICE_PORT + " to the web pods");
    // The bundle's own rule: with min_worker_num 0 it holds no budget, and the plan says so rather than one of 0.
    out.add(MarsCompiler.hasDisruptionBudget(cluster)
        ? "  disruption budget " + MarsCompiler.deploymentName(cluster, cluster.worker()) + ": keeps "
            + (cluster.minWorkerNum() == null ? "all workers" : Words.count(cluster.minWorkerNum(), "worker"))
            + " available"
        : "  no disruption budget: min_worker_num 0 lets every worker be evicted");
    out.add("  ready when: " + readiness(cluster));
    return out;
  }

  /** The role's CPUs as Mars reads them, or "not set". */
  public static String cpu(MarsRole role) {
    return role.cpu() == null ? "not set" : MarsCompiler.cpuText(role.cpu());
  }

  /** The role's memory in its largest exact binary unit, or "not set". */
  public static String memory(MarsRole role) {
    return role.memory() == null ? "not set" : size(role.memory());
  }

  /** The readiness rule in words, e.g. {@code all 1 scheduler ready, at least 95 of 100 workers ready, ...}. */
  public static String readiness(MarsCluster cluster) {
    MarsReadiness rule = MarsReadiness.of(cluster);
    List<String> parts = new ArrayList<>();
    for (MarsReadiness.Gate g : rule.gates()) {
      MarsRole role = g.role().equals(MarsRole.SCHEDULER) ? cluster.scheduler()
          : g.role().equals(MarsRole.WORKER) ? cluster.worker() : cluster.web();
      int desired = role.replicas();
      int required = g.required(desired);
      parts.add((required == desired ? "all " + desired : "at least " + required + " of " + desired) + " "
          + g.role() + (desired == 1 ? "" : "s") + " ready");
    }
    return String.join(", ", parts) + (rule.timeoutSeconds() == null
        ? " (no timeout)" : " (timeout " + rule.timeoutSeconds() + "s)");
  }

  public static String serviceName(MarsCluster cluster) {
    return MarsCompiler.serviceName(cluster);
  }

  /** Bytes in the largest binary unit that divides them exactly, e.g. 16 GiB. */
  public static String size(BigInteger bytes) {
    BigInteger unit = BigInteger.valueOf(1024);
    BigInteger value = bytes;
    int i = 0;
    while (i < BINARY_UNITS.length - 1 && value.signum() > 0 && value.mod(unit).signum() == 0) {
      value = value.divide(unit);
      i++;
    }
    return i == 0 ? bytes + " bytes" : value + " " + BINARY_UNITS[i] + " (" + bytes + " bytes)";
  }
}

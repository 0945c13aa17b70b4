package dev.stave.model;

import dev.stave.diag.Origin;
import java.math.BigInteger;
import java.util.List;
import java.util.TreeMap;

/**
 * A Mars cluster (docs/clusters.md): the arguments of Mars's {@code new_cluster} after defaults and checks.
 * {@code cacheMem} is what workers get in {@code MARS_CACHE_MEM_SIZE} (a percentage as written, or
 * bytes) and {@code cacheBytes} the same resolved against {@code worker_mem}. {@code minWorkerNum} is null
 * when not given (Mars: then all workers); {@code timeoutSeconds} is null for no limit. {@code namespaceOrigin} is
 * where {@code namespace} is written, null when it is the cluster's name.
 */
public record MarsCluster(
    String name, Origin origin, String namespace, Origin namespaceOrigin, boolean createNamespace, String marsVersion,
    String image, MarsRole scheduler, MarsRole worker, MarsRole web, List<String> spillPaths, String cacheMem,
    BigInteger cacheBytes, Integer minWorkerNum, String serviceType, Long timeoutSeconds,
    TreeMap<String, String> extraEnv, TreeMap<String, String> extraLabels) {

  public static final String DEFAULT_MARS_VERSION = "0.6.11";
  public static final String DEFAULT_CACHE_MEM = "40%";
  /** The port every Mars process listens on (Mars's {@code service_port} default) and the web Service's port. */
  public static final int SERVICE_PORT = 7103;

  public MarsCluster {
    spillPaths = List.copyOf(spillPaths);
    extraEnv = new TreeMap<>(extraEnv);
    extraLabels = new TreeMap<>(extraLabels);
  }

  public List<MarsRole> roles() {
    return List.of(scheduler, worker, web);
  }

  /** The ready workers the cluster needs: {@code min_worker_num}, else all of them (as Mars waits). */
  public int requiredWorkers() {
    return minWorkerNum != null ? minWorkerNum : worker.replicas();
  }
}

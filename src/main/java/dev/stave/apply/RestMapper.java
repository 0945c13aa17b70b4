package dev.stave.apply;

import dev.stave.model.Names;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Kind to REST path. The kinds stave emits are in a table, so the common case needs no discovery;
 * anything else is looked up once per group/version in the server's discovery document.
 */
final class RestMapper {
  private static final Map<String, Resource> BUILT_IN = new HashMap<>();

  static {
    core("Namespace", "namespaces", false);
    core("ServiceAccount", "serviceaccounts", true);
    core("Secret", "secrets", true);
    core("ConfigMap", "configmaps", true);
    core("Service", "services", true);
    core("Pod", "pods", true);
    core("PersistentVolumeClaim", "persistentvolumeclaims", true);
    core("PersistentVolume", "persistentvolumes", false);
    core("ResourceQuota", "resourcequotas", true);
    core("LimitRange", "limitranges", true);
    core("Endpoints", "endpoints", true);
    add("apps/v1", "Deployment", "deployments", true);
    add("apps/v1", "StatefulSet", "statefulsets", true);
    add("apps/v1", "DaemonSet", "daemonsets", true);
    add("apps/v1", "ReplicaSet", "replicasets", true);
    add("batch/v1", "Job", "jobs", true);
    add("batch/v1", "CronJob", "cronjobs", true);
    add("rbac.authorization.k8s.io/v1", "Role", "roles", true);
    add("rbac.authorization.k8s.io/v1", "RoleBinding", "rolebindings", true);
    add("rbac.authorization.k8s.io/v1", "ClusterRole", "clusterroles", false);
    add("rbac.authorization.k8s.io/v1", "ClusterRoleBinding", "clusterrolebindings", false);
    add("policy/v1", "PodDisruptionBudget", "poddisruptionbudgets", true);
    add("autoscaling/v2", "HorizontalPodAutoscaler", "horizontalpodautoscalers", true);
    add("networking.k8s.io/v1", "NetworkPolicy", "networkpolicies", true);
    add("networking.k8s.io/v1", "Ingress", "ingresses", true);
    add("networking.k8s.io/v1", "IngressClass", "ingressclasses", false);
    add("scheduling.k8s.io/v1", "PriorityClass", "priorityclasses", false);
    add("storage.k8s.io/v1", "StorageClass", "storageclasses", false);
    add("kubernetes.dask.org/v1", "DaskCluster", "daskclusters", true);
    add("kubernetes.dask.org/v1", "DaskJob", "daskjobs", true);
    add("kubernetes.dask.org/v1", "DaskWorkerGroup", "daskworkergroups", true);
    add("kubernetes.dask.org/v1", "DaskAutoscaler", "daskautoscalers", true);
  }

  /** The kinds prune looks for besides those of the bundle: every kind stave emits. */
  static final List<String> PRUNED_KINDS = List.of(
      "v1/Namespace", "v1/ServiceAccount", "v1/Secret", "v1/ConfigMap", "v1/Service", "v1/Pod",
      "v1/PersistentVolumeClaim", "apps/v1/Deployment", "apps/v1/StatefulSet", "batch/v1/Job",
      "batch/v1/CronJob", "rbac.authorization.k8s.io/v1/Role", "rbac.authorization.k8s.io/v1/RoleBinding",
      "rbac.authorization.k8s.io/v1/ClusterRole", "rbac.authorization.k8s.io/v1/ClusterRoleBinding",
      "policy/v1/PodDisruptionBudget", "autoscaling/v2/HorizontalPodAutoscaler",
      "networking.k8s.io/v1/NetworkPolicy", "networking.k8s.io/v1/Ingress",
      "kubernetes.dask.org/v1/DaskCluster", "kubernetes.dask.org/v1/DaskJob",
      "kubernetes.dask.org/v1/DaskAutoscaler");

  private final KubeApi api;
  private final Map<String, Map<String, Resource>> discovered = new HashMap<>();

  RestMapper(KubeApi api) {
    this.api = api;
  }

  private static void core(String kind, String plural, boolean namespaced) {
    add("v1", kind, plural, namespaced);
  }

  private static void add(String apiVersion, String kind, String plural, boolean namespaced) {
    BUILT_IN.put(apiVersion + "/" + kind, new Resource(apiVersion, kind, plural, namespaced));
  }

  /** The resource of a kind, or null when the server does not serve it. */
  Resource find(String apiVersion, String kind) throws IOException {
    Resource known = BUILT_IN.get(apiVersion + "/" + kind);
    if (known != null) {
      return known;
    }
    Resource found = discovered.computeIfAbsent(apiVersion, this::discover).get(kind);
    // The plural goes into every request path for the kind: one such as '..' or 'x?y' would send the
    // requests, and an apply's body, to another resource. Kubernetes names resources with DNS labels.
    if (found != null && !Names.isDns1123Label(found.plural())) {
      throw new ClusterFailure("the API server's discovery of " + apiVersion + " lists " + kind + " under the"
          + " resource name '" + found.plural() + "', which is no Kubernetes resource name (lowercase letters,"
          + " digits and '-'); stave sends no request with it: is the kubeconfig's server a Kubernetes API server?");
    }
    return found;
  }

  /** Resolves an "apiVersion/Kind" key of {@link #PRUNED_KINDS}. */
  static Resource builtIn(String key) {
    return BUILT_IN.get(key);
  }

  private Map<String, Resource> discover(String apiVersion) {
    Map<String, Resource> byKind = new HashMap<>();
    Object document;
    try {
      document = api.getPath(new Resource(apiVersion, "", "", false).prefix());
    } catch (Deadline.RanOut e) {
      throw e.failure();
    } catch (IOException e) {
      throw new ClusterFailure("cannot reach the API server for discovery of " + apiVersion + ": " + e.getMessage());
    }
    if (document instanceof Map<?, ?> list && list.get("resources") instanceof List<?> resources) {
      for (Object r : resources) {
        if (r instanceof Map<?, ?> m && m.get("name") instanceof String plural && !plural.contains("/")
            && m.get("kind") instanceof String kind) {
          byKind.put(kind, new Resource(apiVersion, kind, plural, Boolean.TRUE.equals(m.get("namespaced"))));
        }
      }
    }
    return byKind;
  }
}

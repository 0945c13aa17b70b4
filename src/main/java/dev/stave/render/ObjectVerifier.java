package dev.stave.render;

import io.kubernetes.client.openapi.models.V1ClusterRole;
import io.kubernetes.client.openapi.models.V1ClusterRoleBinding;
import io.kubernetes.client.openapi.models.V1ConfigMap;
import io.kubernetes.client.openapi.models.V1CronJob;
import io.kubernetes.client.openapi.models.V1DaemonSet;
import io.kubernetes.client.openapi.models.V1Deployment;
import io.kubernetes.client.openapi.models.V1EndpointSlice;
import io.kubernetes.client.openapi.models.V1Ingress;
import io.kubernetes.client.openapi.models.V1IngressClass;
import io.kubernetes.client.openapi.models.V1Job;
import io.kubernetes.client.openapi.models.V1LimitRange;
import io.kubernetes.client.openapi.models.V1Namespace;
import io.kubernetes.client.openapi.models.V1NetworkPolicy;
import io.kubernetes.client.openapi.models.V1PersistentVolume;
import io.kubernetes.client.openapi.models.V1PersistentVolumeClaim;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.openapi.models.V1PodDisruptionBudget;
import io.kubernetes.client.openapi.models.V1PriorityClass;
import io.kubernetes.client.openapi.models.V1ReplicaSet;
import io.kubernetes.client.openapi.models.V1ResourceQuota;
import io.kubernetes.client.openapi.models.V1Role;
import io.kubernetes.client.openapi.models.V1RoleBinding;
import io.kubernetes.client.openapi.models.V1Secret;
import io.kubernetes.client.openapi.models.V1Service;
import io.kubernetes.client.openapi.models.V1ServiceAccount;
import io.kubernetes.client.openapi.models.V1StatefulSet;
import io.kubernetes.client.openapi.models.V1StorageClass;
import io.kubernetes.client.openapi.models.V2HorizontalPodAutoscaler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks every built-in Kubernetes object stave emits against the client-java-api model before it
 * is written: no unknown fields at any depth, the right scalar types, the required fields present,
 * and an unchanged round trip through the model, so non-canonical spellings such as {@code cpu:
 * "0.5"} (the model writes {@code "500m"}) are caught before a diff against the cluster shows them.
 *
 * <p>Create one and reuse it: the model shapes are read by reflection once per class. Instances are
 * safe to share between threads.
 */
public final class ObjectVerifier {
  private static final Map<Kind, Class<?>> MODELS =
      Map.ofEntries(
          model("v1", "Namespace", V1Namespace.class),
          model("v1", "Pod", V1Pod.class),
          model("v1", "Service", V1Service.class),
          model("v1", "ConfigMap", V1ConfigMap.class),
          model("v1", "Secret", V1Secret.class),
          model("v1", "ServiceAccount", V1ServiceAccount.class),
          model("v1", "PersistentVolumeClaim", V1PersistentVolumeClaim.class),
          model("v1", "PersistentVolume", V1PersistentVolume.class),
          model("v1", "LimitRange", V1LimitRange.class),
          model("v1", "ResourceQuota", V1ResourceQuota.class),
          model("apps/v1", "Deployment", V1Deployment.class),
          model("apps/v1", "StatefulSet", V1StatefulSet.class),
          model("apps/v1", "DaemonSet", V1DaemonSet.class),
          model("apps/v1", "ReplicaSet", V1ReplicaSet.class),
          model("batch/v1", "Job", V1Job.class),
          model("batch/v1", "CronJob", V1CronJob.class),
          model("rbac.authorization.k8s.io/v1", "Role", V1Role.class),
          model("rbac.authorization.k8s.io/v1", "RoleBinding", V1RoleBinding.class),
          model("rbac.authorization.k8s.io/v1", "ClusterRole", V1ClusterRole.class),
          model("rbac.authorization.k8s.io/v1", "ClusterRoleBinding", V1ClusterRoleBinding.class),
          model("policy/v1", "PodDisruptionBudget", V1PodDisruptionBudget.class),
          model("autoscaling/v2", "HorizontalPodAutoscaler", V2HorizontalPodAutoscaler.class),
          model("networking.k8s.io/v1", "Ingress", V1Ingress.class),
          model("networking.k8s.io/v1", "IngressClass", V1IngressClass.class),
          model("networking.k8s.io/v1", "NetworkPolicy", V1NetworkPolicy.class),
          model("discovery.k8s.io/v1", "EndpointSlice", V1EndpointSlice.class),
          model("scheduling.k8s.io/v1", "PriorityClass", V1PriorityClass.class),
          model("storage.k8s.io/v1", "StorageClass", V1StorageClass.class));

  // Enough for every shape of a large bundle; past it objects are still checked, only not remembered.
  private static final int MAX_REMEMBERED = 4096;

  private final TypeChecker types;
  private final RoundTrip roundTrip;
  private final ModelKey modelKey;
  // Keys (ModelKey) of objects found sound: a sweep's points share a few.
  private final Set<String> verified = ConcurrentHashMap.newKeySet();

  public ObjectVerifier() {
    ModelShapes shapes = new ModelShapes();
    this.types = new TypeChecker(shapes);
    this.roundTrip = new RoundTrip(RoundTrip.clientGsonWithoutValidation(), shapes);
    this.modelKey = new ModelKey(shapes);
  }

  /**
   * Problems found, each {@code "json.path: what is wrong"}; empty when the object is sound.
   * Problems about the object as a whole use the path {@code $}.
   */
  public List<String> problems(Map<String, Object> object) {
    List<String> problems = new ArrayList<>();
    Object apiVersion = object.get("apiVersion");
    Object kind = object.get("kind");
    if (apiVersion == null) {
      problems.add(JsonPath.ROOT.field("apiVersion").problem("required field missing"));
    }
    if (kind == null) {
      problems.add(JsonPath.ROOT.field("kind").problem("required field missing"));
    }
    if (!problems.isEmpty()) {
      return List.copyOf(problems);
    }
    Class<?> model = MODELS.get(new Kind(String.valueOf(apiVersion), String.valueOf(kind)));
    if (model == null) {
      return List.of(
          JsonPath.ROOT
              .field("kind")
              .problem("no Kubernetes model for " + apiVersion + " " + kind));
    }
    String key = modelKey.of(object, model);
    if (key != null && verified.contains(key)) {
      return List.of();
    }
    types.check(object, new Slot.Model(model), JsonPath.ROOT, problems);
    // The model drops unknown fields and coerces types, so a round trip of an object with type
    // problems would only repeat them less clearly.
    if (problems.isEmpty()) {
      roundTrip.check(object, model, problems);
    }
    if (problems.isEmpty() && key != null && verified.size() < MAX_REMEMBERED) {
      verified.add(key);
    }
    return List.copyOf(problems);
  }

  /**
   * The key template ({@link ModelKey#template}) of the objects of a template shape, given in canonical
   * order with holes, and the first object's values; null when the shape's kind is not a literal this
   * verifier has a model for.
   */
  ModelKey.Template keyTemplate(Map<String, Object> shape, String[] values) {
    if (!(shape.get("apiVersion") instanceof String apiVersion) || !(shape.get("kind") instanceof String kind)) {
      return null;
    }
    Class<?> model = MODELS.get(new Kind(apiVersion, kind));
    return model == null ? null : modelKey.template(shape, model, values);
  }

  /** Whether an object with this key ({@link ModelKey}) was found sound: {@link #problems} gives none. */
  boolean remembered(String key) {
    return verified.contains(key);
  }

  /** Whether this verifier has a model for the kind; custom resources are checked elsewhere. */
  public boolean knows(String apiVersion, String kind) {
    return MODELS.containsKey(new Kind(apiVersion, kind));
  }

  private static Map.Entry<Kind, Class<?>> model(String apiVersion, String kind, Class<?> type) {
    return Map.entry(new Kind(apiVersion, kind), type);
  }

  // equals and hashCode written out: a record's own are bootstrapped through method handles on first
  // use, which spins a score of classes at start-up for one map lookup.
  private record Kind(String apiVersion, String kind) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Kind k && apiVersion.equals(k.apiVersion) && kind.equals(k.kind);
    }

    @Override
    public int hashCode() {
      return 31 * apiVersion.hashCode() + kind.hashCode();
    }
  }
}

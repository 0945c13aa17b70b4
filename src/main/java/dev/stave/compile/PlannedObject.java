package dev.stave.compile;

import dev.stave.diag.Origin;
import java.util.List;
import java.util.Map;

/**
 * One Kubernetes object a compiler decided to create: which template renders it and the data the
 * template needs. {@code namespace} is null for cluster-scoped objects. {@code origin} is the key whose name
 * the object's name is made from (a process, group or service; an experiment's {@code project} for its
 * Namespace), so that an object of another config with the same name is reported there; null where the
 * config's {@code name} makes it (a Namespace of that name, a Mars cluster's objects).
 */
public record PlannedObject(
    String apiVersion, String kind, String namespace, String name, String template, Map<String, Object> data,
    List<FieldOverride> overrides, Origin origin) {

  public PlannedObject {
    overrides = List.copyOf(overrides);
  }

  /** An object whose name the config's {@code name} makes. */
  public PlannedObject(String apiVersion, String kind, String namespace, String name, String template,
      Map<String, Object> data, List<FieldOverride> overrides) {
    this(apiVersion, kind, namespace, name, template, data, overrides, null);
  }
}

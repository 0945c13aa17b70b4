package dev.stave.compile;

import java.util.List;
import java.util.Map;

/**
 * One Kubernetes object a compiler decided to create: which template renders it and the data the
 * template needs. {@code namespace} is null for cluster-scoped objects.
 */
public record PlannedObject(
    String apiVersion, String kind, String namespace, String name, String template, Map<String, Object> data,
    List<FieldOverride> overrides) {

  public PlannedObject {
    overrides = List.copyOf(overrides);
  }
}

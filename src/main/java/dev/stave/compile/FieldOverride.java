package dev.stave.compile;

import dev.stave.diag.Origin;
import java.util.Map;

/**
 * Raw Kubernetes fields a user deep-merges over a generated pod spec ({@code container == null}) or
 * over one of its containers: the fields, where each field is written (by its path in the override,
 * as {@code securityContext.runAsUser}), and the config path of the override
 * ({@code processes.x.overrides.pod}).
 */
public record FieldOverride(Map<String, Object> fields, Map<String, Origin> origins, String path, String container) {}

package dev.stave.compile;

import dev.stave.diag.Origin;
import dev.stave.model.Variable;
import java.util.Map;

/**
 * Raw Kubernetes fields a user deep-merges over a generated pod spec ({@code container == null}) or
 * over one of its containers: the fields, where each field is written (by its path in the override,
 * as {@code securityContext.runAsUser}), the fields written as environment variables (by the same
 * paths), and the config path of the override ({@code processes.x.overrides.pod}).
 */
public record FieldOverride(Map<String, Object> fields, Map<String, Origin> origins, Map<String, Variable> variables,
    String path, String container) {}

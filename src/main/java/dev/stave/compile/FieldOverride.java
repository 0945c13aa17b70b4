package dev.stave.compile;

import dev.stave.diag.Origin;
import java.util.Map;

/**
 * Raw Kubernetes fields a user deep-merges over a generated pod spec ({@code container == null}) or
 * over one of its containers.
 */
public record FieldOverride(Map<String, Object> fields, Origin origin, String path, String container) {}

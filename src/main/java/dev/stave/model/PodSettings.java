package dev.stave.model;

import dev.stave.diag.Origin;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/** What belongs to a pod rather than a container: a standalone process's own, or its group's. */
public record PodSettings(
    Workload workload,
    int replicas,
    String restartPolicy,
    int backoffLimit,
    Long activeDeadlineSeconds,
    Integer ttlSecondsAfterFinished,
    SortedMap<String, String> nodeSelector,
    List<Toleration> tolerations,
    SortedMap<String, String> labels,
    Map<String, Object> podOverride,
    /** Where each field of {@code podOverride} is written, by its path in it. */
    Map<String, Origin> podOverrideOrigins,
    /** The fields of {@code podOverride} written as environment variables, by their paths in it. */
    Map<String, Variable> podOverrideVariables) {}

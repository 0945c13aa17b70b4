package dev.stave.model;

import dev.stave.diag.Origin;
import java.util.List;
import java.util.Map;

/** One container of an experiment (Symphony's process). */
public record Process(
    String name,
    String given,
    Origin origin,
    String image,
    List<String> command,
    List<String> args,
    List<EnvVar> env,
    List<ServicePort> binds,
    List<ServicePort> connects,
    List<ServicePort> exposes,
    Resources resources,
    String imagePullPolicy,
    List<Mount> mounts,
    Map<String, Object> containerOverride,
    /** Where each field of {@code containerOverride} is written, by its path in it. */
    Map<String, Origin> containerOverrideOrigins,
    /** The fields of {@code containerOverride} written as environment variables, by their paths in it. */
    Map<String, Variable> containerOverrideVariables) {}

package dev.stave.model;

import dev.stave.diag.Origin;
import java.util.Map;

/**
 * A volume and where it is mounted. {@code source} is the Kubernetes volume source already in API
 * field names (e.g. {@code nfs -> {server, path}}), so the compiler does not need one class per type.
 * {@code named}: the config gave the volume's {@code name}; else it is named after its source or path.
 */
public record Mount(String volumeName, String mountPath, boolean readOnly, String sourceField,
    Map<String, Object> source, Origin origin, boolean named) {}

package dev.stave.model;

import dev.stave.diag.Origin;
import java.util.List;
import java.util.SortedMap;

/**
 * A validated experiment: names sanitized, quantities canonical, units sorted by name. {@code namespaceOrigin}
 * is where the namespace is given ({@code project}, {@code namespace} or the context's), null when it is the name.
 */
public record Experiment(
    String name,
    Origin nameOrigin,
    Origin origin,
    String namespace,
    Origin namespaceOrigin,
    boolean createNamespace,
    int portFirst,
    int portLast,
    Origin portRangeOrigin,
    List<SecretFile> secrets,
    SortedMap<String, String> labels,
    String exposeType,
    List<PodUnit> units) {}

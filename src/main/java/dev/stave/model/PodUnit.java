package dev.stave.model;

import dev.stave.diag.Origin;
import java.util.List;

/** One pod template: a standalone process, or a process group whose processes share the pod. */
public record PodUnit(String name, String given, Origin origin, boolean group, List<Process> processes,
    PodSettings pod) {}

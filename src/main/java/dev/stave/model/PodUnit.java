package dev.stave.model;

import dev.stave.diag.Origin;
import dev.stave.diag.Printable;
import java.util.List;

/** One pod template: a standalone process, or a process group whose processes share the pod. */
public record PodUnit(String name, String given, Origin origin, boolean group, List<Process> processes,
    PodSettings pod) {

  /** Where the unit is written in the config, as diagnostics name it: {@code processes.a}, {@code process_groups.g}. */
  public String path() {
    return (group ? "process_groups." : "processes.") + Printable.pathKey(given);
  }

  /** Where process {@code p} of the unit is written: the unit itself for a standalone process. */
  public String path(Process p) {
    return group ? path() + ".processes." + Printable.pathKey(p.given()) : path();
  }
}

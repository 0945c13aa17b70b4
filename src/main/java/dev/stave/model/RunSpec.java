package dev.stave.model;

import java.util.List;
import java.util.Map;

/**
 * What mrunner adds to an experiment (docs/mrunner.md): storage, tracking, pull secrets and their
 * provenance ({@code defaults}), Secret-backed environment per container and the sweep.
 *
 * @param secretEnv by {@code <pod unit name>/<container name>}
 * @param sweep null when the experiment has none
 */
public record RunSpec(ContextDefaults defaults, Map<String, List<SecretEnv>> secretEnv, SweepGrid sweep) {

  public static String containerKey(String unit, String container) {
    return unit + "/" + container;
  }
}

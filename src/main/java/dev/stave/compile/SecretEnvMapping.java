package dev.stave.compile;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.model.Experiment;
import dev.stave.model.Neptune;
import dev.stave.model.RunSpec;
import dev.stave.model.SecretEnv;
import dev.stave.model.SecretFile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Environment from Secrets: {@code secret_env} per container, Neptune tracking in every container
 * (NEPTUNE_PROJECT plain, NEPTUNE_API_TOKEN through {@code secretKeyRef}), and the pull secrets. mrunner baked
 * the Neptune token into an image layer and passed credentials as plain env; here the token reaches a
 * container only by reference ({@link SecretLeaks} rejects a copy of it anywhere else).
 */
final class SecretEnvMapping {
  private SecretEnvMapping() {}

  static List<PlannedObject> apply(List<PlannedObject> objects, RunSpec run) {
    Neptune neptune = run.defaults().neptune();
    List<String> pullSecrets = run.defaults().imagePullSecrets();
    if (neptune == null && pullSecrets.isEmpty() && run.secretEnv().values().stream().allMatch(List::isEmpty)) {
      return objects;
    }
    return PodData.editPods(objects, (data, pod) -> {
      String unit = PodData.strings(data, "labels").get(Labels.COMPONENT);
      for (Map<String, Object> c : PodData.containers(pod)) {
        List<Map<String, Object>> env = PodData.list(c, "env");
        for (SecretEnv s : run.secretEnv().getOrDefault(RunSpec.containerKey(unit, (String) c.get("name")),
            List.of())) {
          env.add(PodData.secretEnv(s.name(), s.ref().name(), s.ref().key()));
        }
        if (neptune != null) {
          env.add(PodData.env("NEPTUNE_PROJECT", neptune.project()));
          env.add(PodData.secretEnv("NEPTUNE_API_TOKEN", neptune.tokenSecret().name(), neptune.tokenSecret().key()));
        }
      }
      if (!pullSecrets.isEmpty()) {
        List<Map<String, Object>> refs = new ArrayList<>();
        for (String name : pullSecrets) {
          refs.add(new LinkedHashMap<>(Map.of("name", name)));
        }
        pod.put("imagePullSecrets", refs);
      }
    });
  }

  /**
   * The Neptune Secret, when the config says where its token comes from; else it must exist already. It
   * may not be the Secret stave makes of {@code secrets}: applying one would replace the other.
   */
  static List<SecretSpec> secrets(Experiment experiment, RunSpec run, List<Diagnostic> problems) {
    Neptune neptune = run.defaults().neptune();
    if (neptune == null || neptune.token() == null && neptune.tokenFile() == null) {
      return List.of();
    }
    String secretFiles = ExperimentCompiler.secretName(experiment);
    if (!experiment.secrets().isEmpty() && neptune.tokenSecret().name().equals(secretFiles)) {
      Origin first = experiment.secrets().stream().map(SecretFile::origin).min(Origin::compareTo).orElseThrow();
      problems.add(Diagnostic.error(neptune.tokenSecretOrigin(), "tracking.neptune.api_token_secret",
          "name-collision",
          "the Neptune token's Secret '" + secretFiles + "' has the name of the Secret stave makes of 'secrets' ("
              + ObjectNames.where(first, neptune.tokenSecretOrigin()) + ")",
          "name another Secret for the token, e.g. \"neptune/api-token\""));
      return List.of();
    }
    SecretSpec.Entry entry = new SecretSpec.Entry(neptune.tokenSecret().key(), neptune.tokenFile(), neptune.token(),
        neptune.origin());
    return List.of(new SecretSpec(neptune.tokenSecret().name(), experiment.namespace(),
        Labels.common(experiment.name(), experiment.labels()), List.of(entry)));
  }
}

package dev.stave.compile;

import dev.stave.config.ConfigFile;
import dev.stave.diag.Diagnostic;
import dev.stave.model.Experiment;
import dev.stave.model.ExperimentReader;
import dev.stave.model.SecretFile;
import java.util.ArrayList;
import java.util.List;

/** Symphony's and mrunner's experiments (SPEC 1.2 and 2.2). */
final class ExperimentKind implements KindCompiler {
  @Override
  public String kind() {
    return "experiment";
  }

  @Override
  public Compiled compile(ConfigFile config, CompileOptions options) {
    ExperimentReader.Result read = ExperimentReader.read(config);
    List<Diagnostic> diagnostics = new ArrayList<>(read.diagnostics());
    Experiment experiment = read.experiment();
    if (experiment == null) {
      return Compiled.failed(diagnostics);
    }
    ExperimentCompiler.Result compiled = ExperimentCompiler.compile(experiment);
    diagnostics.addAll(compiled.diagnostics());
    return new Compiled(experiment.name(), compiled.objects(), secrets(experiment), diagnostics);
  }

  private static List<SecretSpec> secrets(Experiment experiment) {
    if (experiment.secrets().isEmpty()) {
      return List.of();
    }
    List<SecretSpec.Entry> entries = new ArrayList<>();
    for (SecretFile f : experiment.secrets()) {
      entries.add(new SecretSpec.Entry(f.key(), f.path(), null, f.origin()));
    }
    return List.of(new SecretSpec(ExperimentCompiler.secretName(experiment), experiment.namespace(),
        Labels.common(experiment.name(), experiment.labels()), entries));
  }
}

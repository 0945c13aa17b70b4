package dev.stave.compile;

import dev.stave.config.ConfigFile;
import dev.stave.config.ConfigLoader;
import dev.stave.config.Env;
import dev.stave.diag.Sources;
import dev.stave.dispatch.Dispatcher;
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
    Dispatcher.Result dispatch = dispatch(config, experiment, options);
    diagnostics.addAll(dispatch.diagnostics());
    if (diagnostics.stream().anyMatch(Diagnostic::isError)) {
      return Compiled.failed(diagnostics);
    }
    ExperimentCompiler.Result compiled = ExperimentCompiler.compile(experiment, dispatch.placements());
    diagnostics.addAll(compiled.diagnostics());
    return new Compiled(experiment.name(), compiled.objects(), secrets(experiment), diagnostics);
  }

  /** The placements of the processes with a {@code schedule} (SPEC 2.3), and the capacity check. */
  static Dispatcher.Result dispatch(ConfigFile config, Experiment experiment, CompileOptions options) {
    ConfigLoader loader = options.loader() != null ? options.loader() : new ConfigLoader(Env.system(), new Sources());
    return Dispatcher.dispatch(config, experiment, loader, options.strictCapacity());
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

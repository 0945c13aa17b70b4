package dev.stave.compile;

import dev.stave.config.ConfigFile;
import dev.stave.config.ConfigLoader;
import dev.stave.config.Env;
import dev.stave.diag.Sources;
import dev.stave.dispatch.Dispatcher;
import dev.stave.diag.Diagnostic;
import dev.stave.model.ContextDef;
import dev.stave.model.ContextDefaults;
import dev.stave.model.Experiment;
import dev.stave.model.ExperimentReader;
import dev.stave.model.RunSpec;
import dev.stave.model.RunSpecReader;
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
    return compileAndAnalyse(config, options).compiled();
  }

  /** The compiled experiment and, when it compiled, what it was compiled from. */
  static ExperimentAnalysis.Compilation compileAndAnalyse(ConfigFile config, CompileOptions options) {
    List<Diagnostic> diagnostics = new ArrayList<>();
    ContextDef context = ContextResolver.resolve(config, options, diagnostics).orElse(null);
    if (diagnostics.stream().anyMatch(Diagnostic::isError)) {
      return failed(diagnostics);
    }
    ContextDefaults defaults = ContextDefaults.of(config, context, diagnostics);
    RunSpec run = RunSpecReader.read(config, defaults, diagnostics);
    ExperimentReader.Result read = ExperimentReader.read(config, defaults);
    diagnostics.addAll(read.diagnostics());
    Experiment experiment = read.experiment();
    if (experiment == null || diagnostics.stream().anyMatch(Diagnostic::isError)) {
      return failed(diagnostics);
    }
    Dispatcher.Result dispatch = dispatch(config, experiment, defaults, options);
    diagnostics.addAll(dispatch.diagnostics());
    if (diagnostics.stream().anyMatch(Diagnostic::isError)) {
      return failed(diagnostics);
    }
    ExperimentCompiler.Result compiled = ExperimentCompiler.compile(experiment, dispatch.placements());
    diagnostics.addAll(compiled.diagnostics());
    if (diagnostics.stream().anyMatch(Diagnostic::isError)) {
      return failed(diagnostics);
    }
    // mrunner's additions, in order: storage, Secret-backed env, then one instance per sweep point.
    List<PlannedObject> objects = StorageMapping.apply(compiled.objects(), experiment, defaults.storage(), diagnostics);
    objects = SecretEnvMapping.apply(objects, run, diagnostics);
    objects = Sweep.expand(objects, run.sweep(), experiment.name(), diagnostics);
    List<SecretSpec> secrets = new ArrayList<>(secrets(experiment));
    secrets.addAll(SecretEnvMapping.secrets(experiment, run, diagnostics));
    return new ExperimentAnalysis.Compilation(new Compiled(experiment.name(), objects, secrets, diagnostics),
        new ExperimentAnalysis(experiment, run, dispatch));
  }

  private static ExperimentAnalysis.Compilation failed(List<Diagnostic> diagnostics) {
    return new ExperimentAnalysis.Compilation(Compiled.failed(diagnostics), null);
  }

  /** The placements of the processes with a {@code schedule} (SPEC 2.3), and the capacity check. */
  static Dispatcher.Result dispatch(ConfigFile config, Experiment experiment, ContextDefaults defaults,
      CompileOptions options) {
    ConfigLoader loader = options.loader() != null ? options.loader() : new ConfigLoader(Env.system(), new Sources());
    return Dispatcher.dispatch(config, experiment, defaults.inventory(), defaults.inventoryOrigin(), loader,
        options.strictCapacity());
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

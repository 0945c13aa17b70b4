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
import dev.stave.model.PodUnit;
import dev.stave.model.RunSpec;
import dev.stave.model.RunSpecReader;
import dev.stave.model.SecretFile;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Symphony's and mrunner's experiments (README, Writing an experiment). */
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
      RunSpecReader.findUnsubstitutedUnread(config.root(), diagnostics);
      return failed(diagnostics);
    }
    ContextDefaults defaults = ContextDefaults.of(config, context, diagnostics);
    List<SecretLeaks.Credential> credentials = neptuneTokens(config, context, defaults);
    SecretLeaks.inConfig(config.root(), "", credentials, diagnostics);
    if (context != null) {
      SecretLeaks.inConfig(context.values(), "contexts." + context.name(), credentials, diagnostics);
    }
    RunSpec run = RunSpecReader.read(config, defaults, diagnostics);
    ExperimentReader.Result read = ExperimentReader.read(config, defaults);
    diagnostics.addAll(read.diagnostics());
    RunSpecReader.dropCausedByUnsubstituted(diagnostics);
    Experiment experiment = read.experiment();
    if (experiment == null || diagnostics.stream().anyMatch(Diagnostic::isError)) {
      return failedWithServices(read.services(), diagnostics);
    }
    Dispatcher.Result dispatch = dispatch(config, experiment, defaults, options,
        run.sweep() == null ? 1 : run.sweep().size());
    diagnostics.addAll(dispatch.diagnostics());
    if (diagnostics.stream().anyMatch(Diagnostic::isError)) {
      return failedWithServices(experiment, diagnostics);
    }
    ExperimentCompiler.Result compiled = ExperimentCompiler.compile(experiment, dispatch.placements());
    diagnostics.addAll(compiled.diagnostics());
    if (diagnostics.stream().anyMatch(Diagnostic::isError)) {
      return failed(diagnostics);
    }
    // mrunner's additions, in order: storage, Secret-backed env, then one instance per sweep point.
    List<PlannedObject> objects = StorageMapping.apply(compiled.objects(), experiment, defaults.storage(), diagnostics);
    objects = SecretEnvMapping.apply(objects, run);
    // Before the sweep: its values are config strings, already looked at, and its instances are made on demand.
    SecretLeaks.inObjects(objects, credentials, diagnostics);
    if (diagnostics.stream().anyMatch(Diagnostic::isError)) {
      return failed(diagnostics);
    }
    Set<String> groups = new HashSet<>();
    experiment.units().stream().filter(PodUnit::group).forEach(u -> groups.add(u.name()));
    objects = Sweep.expand(objects, run.sweep(), experiment.name(), groups, diagnostics);
    List<SecretSpec> secrets = new ArrayList<>(secrets(experiment));
    secrets.addAll(SecretEnvMapping.secrets(experiment, run, diagnostics));
    return new ExperimentAnalysis.Compilation(new Compiled(experiment.name(), objects, secrets, diagnostics),
        new ExperimentAnalysis(experiment, run, dispatch));
  }

  private static ExperimentAnalysis.Compilation failed(List<Diagnostic> diagnostics) {
    return new ExperimentAnalysis.Compilation(Compiled.failed(diagnostics), null);
  }

  /**
   * Failed, with the problems of the services the processes bind, connect to and expose: they need neither
   * the rest of the meaning nor a placement, so they come with those problems, and one run shows both.
   * {@code services} is null when the problems left out something the services are made from.
   */
  private static ExperimentAnalysis.Compilation failedWithServices(Experiment services, List<Diagnostic> diagnostics) {
    if (services != null) {
      Services.allocate(services, diagnostics);
    }
    return failed(diagnostics);
  }

  /** The placements of the processes with a {@code schedule} (docs/scheduling.md), and the capacity check. */
  static Dispatcher.Result dispatch(ConfigFile config, Experiment experiment, ContextDefaults defaults,
      CompileOptions options, long instances) {
    ConfigLoader loader = options.loader() != null ? options.loader() : new ConfigLoader(Env.system(), new Sources());
    return Dispatcher.dispatch(config, experiment, defaults.inventory(), defaults.inventoryOrigin(),
        defaults.inventoryKey(), defaults.inventoryFolders(), loader, options.strictCapacity(), instances);
  }

  /** The Neptune tokens the experiment and its context hold, whether or not tracking is on. */
  private static List<SecretLeaks.Credential> neptuneTokens(ConfigFile config, ContextDef context,
      ContextDefaults defaults) {
    String secret = defaults.neptune() != null ? defaults.neptune().tokenSecret().name() + "/"
        + defaults.neptune().tokenSecret().key() : "neptune/api-token";
    String hint = "with tracking.neptune every container gets NEPTUNE_API_TOKEN from the Secret " + secret
        + " through secretKeyRef; another variable can take it from a Secret with"
        + " secret_env { NAME = \"secret-name/key\" }";
    List<SecretLeaks.Credential> out = new ArrayList<>(
        SecretLeaks.at(config.root(), "tracking.neptune.api_token", "tracking.neptune.api_token", hint));
    if (context != null) {
      out.addAll(SecretLeaks.at(context.values(), "neptune.api_token",
          "contexts." + context.name() + ".neptune.api_token", hint));
    }
    return out;
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

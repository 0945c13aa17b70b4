package dev.stave.compile;

import dev.stave.config.ConfigFile;
import dev.stave.diag.Diagnostic;
import dev.stave.dispatch.Dispatcher;
import dev.stave.model.ContextDef;
import dev.stave.model.ContextDefaults;
import dev.stave.model.Experiment;
import dev.stave.model.ExperimentReader;
import dev.stave.model.RunSpec;
import dev.stave.model.RunSpecReader;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code stave plan} shows of an experiment beyond its objects: the experiment as read over its
 * context, mrunner's additions (with where each value came from, and the sweep) and the dispatch. Read
 * the same way {@link ExperimentKind} compiles, for a config that compiled.
 */
public record ExperimentAnalysis(Experiment experiment, RunSpec run, Dispatcher.Result dispatch) {

  /** Null when the config does not read (the compile has reported why). */
  public static ExperimentAnalysis of(ConfigFile config, CompileOptions options) {
    List<Diagnostic> ignored = new ArrayList<>();
    ContextDef context = ContextResolver.resolve(config, options, ignored).orElse(null);
    ContextDefaults defaults = ContextDefaults.of(config, context, ignored);
    RunSpec run = RunSpecReader.read(config, defaults, ignored);
    Experiment experiment = ExperimentReader.read(config, defaults).experiment();
    if (experiment == null) {
      return null;
    }
    return new ExperimentAnalysis(experiment, run, ExperimentKind.dispatch(config, experiment, defaults, options));
  }
}

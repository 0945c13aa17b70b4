package dev.stave.compile;

import dev.stave.config.ConfigFile;
import dev.stave.dispatch.Dispatcher;
import dev.stave.model.Experiment;
import dev.stave.model.RunSpec;

/**
 * What {@code stave plan} shows of an experiment beyond its objects: the experiment as read over its
 * context, mrunner's additions (with where each value came from, and the sweep) and the dispatch, as
 * {@link ExperimentKind} read them while compiling.
 */
public record ExperimentAnalysis(Experiment experiment, RunSpec run, Dispatcher.Result dispatch) {

  /** A compiled experiment, and what it was compiled from: null when it did not compile. */
  public record Compilation(Compiled compiled, ExperimentAnalysis analysis) {}

  /** Compiles an experiment that its schema accepted, as {@code compile} does, keeping what it read. */
  public static Compilation compile(ConfigFile config, CompileOptions options) {
    return ExperimentKind.compileAndAnalyse(config, options);
  }
}

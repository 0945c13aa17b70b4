package dev.stave.cli;

import dev.stave.compile.Compiled;
import dev.stave.config.ConfigFile;
import dev.stave.diag.DiagnosticPrinter;
import dev.stave.diag.UserError;
import dev.stave.dispatch.Dispatcher;
import dev.stave.compile.ExperimentAnalysis;
import dev.stave.model.BenchmarkReader;
import dev.stave.model.MarsClusterReader;
import dev.stave.plan.Plan;
import dev.stave.plan.PlanWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    description = {
      "Shows what a compile would create; writes nothing.",
      "The objects, each process's node pool, requests, limits, node selector and tolerations, the services"
          + " and their addresses, each pool's capacity, where each context value came from and a sweep's"
          + " points; a cluster's roles, sizes and readiness rule; a benchmark's engine, processes, workers,"
          + " output and setup."
    })
final class PlanCommand implements Callable<Integer>, Main.RunsInContext {
  enum Format { text, markdown, json }

  private final Context context;

  @Parameters(paramLabel = "CONFIG", converter = ConfigPath.class,
      description = "A config file (.yaml, .yml, .json, .conf or .hocon), one per run: run plan once for"
          + " each config to see several.")
  Path config;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text (default), markdown (with a Mermaid diagram, for a pull request) or json.")
  Format format;

  @Option(names = "--strict-capacity", description = "A node pool over its capacity is an error, not a warning.")
  boolean strictCapacity;

  @Option(names = "--stacktrace", description = "Print the stack trace of an internal error.")
  boolean stacktrace;

  PlanCommand(Context context) {
    this.context = context;
  }

  /** What one plan asks for, parsed from the command line. */
  record Options(Path config, String format, boolean strictCapacity, dev.stave.compile.CompileOptions compile) {
    Options(Path config, String format, boolean strictCapacity) {
      this(config, format, strictCapacity, dev.stave.compile.CompileOptions.defaults());
    }
  }

  @picocli.CommandLine.Mixin
  ContextOptions contextOptions = new ContextOptions();

  @Override
  public Integer call() {
    return run(context, new Options(config, format.name(), strictCapacity, contextOptions.compileOptions(context)));
  }

  static int run(Context context, Options options) {
    Pipeline pipeline = new Pipeline(context.env(), context.sources(), null,
        options.compile().withStrictCapacity(options.strictCapacity()));
    ConfigFile config = pipeline.load(options.config());
    String kind = config == null ? null : Pipeline.kindOf(config);
    // An experiment's plan also shows what its compile read (context, sweep, dispatch): kept, not read again.
    ExperimentAnalysis analysis = null;
    Compiled compiled = null;
    if ("experiment".equals(kind)) {
      ExperimentAnalysis.Compilation compilation = ExperimentAnalysis.compile(config, pipeline.compileOptions());
      compiled = pipeline.accept(compilation.compiled());
      analysis = compilation.analysis();
    } else if (config != null) {
      compiled = pipeline.compile(config);
    }
    if (compiled == null || pipeline.diagnostics().hasErrors()) {
      throw new UserError(pipeline.diagnostics().sorted());
    }
    Plan plan = switch (kind) {
      case "experiment" -> Plan.of(compiled, analysis.experiment(), analysis.dispatch()).withRun(analysis.run());
      case "cluster" -> Plan.of(compiled, MarsClusterReader.read(config).cluster());
      case "benchmark" -> Plan.of(compiled, BenchmarkReader.read(config).benchmark());
      default -> Plan.of(compiled, null, Dispatcher.Result.none());
    };
    new DiagnosticPrinter(context.sources()).print(pipeline.diagnostics().sorted(), context.err());
    pipeline.warnIfContextsUnread(context.err());
    context.out().print(PlanWriter.write(plan, options.format()));
    context.out().flush();
    return Main.OK;
  }
}

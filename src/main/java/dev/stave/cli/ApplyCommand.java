package dev.stave.cli;

import dev.stave.apply.Applier;
import dev.stave.apply.ApplyOptions;
import dev.stave.apply.ClusterFailure;
import dev.stave.apply.ClusterLibraries;
import dev.stave.apply.Deadline;
import dev.stave.apply.KubeTransport;
import dev.stave.bundle.KubeObject;
import dev.stave.bundle.WaitAnnotations;
import dev.stave.compile.CompileOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.Stack;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "apply",
    mixinStandardHelpOptions = true,
    description = {
      "Server-side applies a bundle folder, or a config compiled in memory.",
      "A config's Secrets are applied with it. Field manager 'stave', objects in bundle order; one line per"
          + " object, then a summary."
    })
final class ApplyCommand implements Callable<Integer>, Main.RunsInContext {
  private final Context context;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "BUNDLE_OR_CONFIG", description = "A bundle folder (DIR/<bundle>) or a config file.")
  Path target;

  @Mixin
  ClusterOptions cluster;

  @Option(names = "--timeout", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "Give up on the cluster after this long, --wait included (default: the bundle's"
          + " stave.dev/wait-timeout when it has one, else 5m).")
  void timeout(Duration timeout) {
    cluster.timeout = timeout;
  }

  boolean dryRun;

  @Option(names = "--force-conflicts", description = "Take over fields another field manager owns.")
  boolean forceConflicts;

  @Option(names = "--prune",
      description = "Delete objects labelled stave.dev/bundle=<bundle> that the bundle no longer has (listed first).")
  boolean prune;

  @Option(names = "--wait",
      description = "Wait until Deployments are available (or have their stave.dev/min-ready ready replicas), "
          + "Jobs and DaskJobs have started and Pods are ready, or --timeout.")
  boolean waitReady;

  @Mixin
  ContextOptions contextOptions = new ContextOptions();

  @Option(names = "--templates", paramLabel = "DIR", converter = NonEmptyPath.class,
      description = "Templates that replace the packaged ones (configs only).")
  Path templates;

  @Option(names = "--stacktrace", description = "Print the stack trace of an internal error.")
  boolean stacktrace;

  ApplyCommand(Context context) {
    this.context = context;
  }

  /**
   * Checked as it is read: {@code --dry-run out/x} takes the bundle for the value, and a check after
   * parsing would never run, since the bundle is then missing and picocli says only that. A bare
   * {@code --dry-run} at the end has no value at all: {@link DryRunValue} hands this null for it.
   */
  @Option(names = "--dry-run", paramLabel = "server", parameterConsumer = DryRunValue.class,
      description = "'server': the API server checks and reports every change but stores none.")
  void dryRun(String value) {
    if (!"server".equals(value)) {
      String given = value == null ? "none" : "'" + value + "'";
      throw new CommandLine.ParameterException(spec.commandLine(), "--dry-run takes the value 'server' (the API"
          + " server checks everything and stores nothing) and was given " + given + ": write --dry-run=server");
    }
    dryRun = true;
  }

  /**
   * The argument after --dry-run, whatever it is, or null when there is none. Picocli would refuse a
   * missing value, or an option in its place, with a message of its own that does not say what to write.
   */
  static final class DryRunValue implements CommandLine.IParameterConsumer {
    @Override
    public void consumeParameters(Stack<String> args, CommandLine.Model.ArgSpec argSpec,
        CommandLine.Model.CommandSpec commandSpec) {
      argSpec.setValue(args.isEmpty() ? null : args.pop());
    }
  }

  @Override
  public Integer call() {
    CompileOptions compileOptions = contextOptions.compileOptions(context);
    Targets.Shared shared = new Targets.Shared();
    List<KubeObject> objects = Targets.load(context, target, templates, compileOptions, !Files.isDirectory(target),
        shared);
    shared.warnIfUnread(context, compileOptions);
    // A bundle's own wait timeout (a Mars cluster's 'timeout') applies unless --timeout is given.
    OptionalLong bundleTimeout = WaitAnnotations.timeout(objects);
    Duration bundleLimit = bundleTimeout.isPresent() ? Duration.ofSeconds(bundleTimeout.getAsLong()) : null;
    ApplyOptions options = new ApplyOptions(dryRun, forceConflicts, prune, waitReady, cluster.timeout(bundleLimit),
        cluster.pollInterval != null ? cluster.pollInterval : ApplyOptions.DEFAULT_POLL, cluster.retry());
    return run(context, target, objects, cluster, options, cluster.deadline(bundleLimit));
  }

  /** {@code deadline} is the run's, begun before the kubeconfig's credentials are had. */
  static int run(Context context, Path target, List<KubeObject> objects, ClusterOptions cluster,
      ApplyOptions options, Deadline deadline) {
    String bundle = options.prune() ? Applier.pruneLabel(objects, target.toString()) : null;
    try {
      KubeTransport transport =
          ClusterLibraries.openKubeconfig(cluster.kubeconfig, cluster.context, context.env(), deadline);
      Applier.Result result = new Applier(transport, options, deadline, context.out()).apply(objects, bundle);
      if (!result.ok()) {
        context.err().println("stave: " + summary(result));
        return Main.IO;
      }
      return Main.OK;
    } catch (ClusterFailure e) {
      context.out().flush();
      context.err().println("stave: " + e.getMessage());
      return Main.IO;
    }
  }

  /**
   * Why a run that reached the cluster failed. --wait runs only once every object was applied (and pruned),
   * so a failed wait is said as such: the objects are in the cluster, and applying them again changes nothing.
   */
  static String summary(Applier.Result result) {
    if (result.failed() > 0) {
      return result.failed() + " of the cluster operations failed";
    }
    return "every object was applied, but " + switch (result.waited()) {
      case FAILED -> "a workload failed while --wait waited for it (see above)";
      case TIMED_OUT -> "the workloads were not ready when --wait timed out (see above)";
      default -> "--wait was interrupted before the workloads were ready";
    };
  }
}

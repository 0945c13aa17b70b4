package dev.stave.cli;

import dev.stave.apply.ClusterDiff;
import dev.stave.apply.ClusterFailure;
import dev.stave.apply.ClusterLibraries;
import dev.stave.apply.KubeTransport;
import dev.stave.bundle.DiffReport;
import dev.stave.bundle.KubeObject;
import dev.stave.bundle.ObjectDiff;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "diff",
    mixinStandardHelpOptions = true,
    description = {
      "Shows what changed between two bundles, or a bundle and the cluster.",
      "Per object: added, removed or changed, with the changed fields, between A (old) and B (new), or"
          + " between a bundle and the live cluster (--cluster BUNDLE). Exit 3 when they differ. Against a"
          + " cluster only the fields the bundle sets are compared; Secret values are never shown."
    })
final class DiffCommand implements Callable<Integer>, Main.RunsInContext {
  enum Format { text, markdown }

  private final Context context;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "1..2", paramLabel = "BUNDLE", description = "Bundle folders or configs: A B, or one with --cluster.")
  List<Path> targets;

  @Option(names = "--cluster", description = "Compare the one bundle with the live objects.")
  boolean cluster;

  @Mixin
  ClusterOptions clusterOptions;

  @Mixin
  ContextOptions contextOptions = new ContextOptions();

  @Option(names = "--format", defaultValue = "text", description = "text or markdown (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = "--templates", paramLabel = "DIR", description = "Templates that replace the packaged ones (configs only).")
  Path templates;

  @Option(names = "--stacktrace", description = "Print the stack trace of an internal error.")
  boolean stacktrace;

  DiffCommand(Context context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    if (cluster != (targets.size() == 1)) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          cluster ? "--cluster takes one bundle" : "diff takes two bundles (A B), or one with --cluster");
    }
    List<ObjectDiff.Change> changes;
    if (cluster) {
      List<KubeObject> objects = Targets.load(context, targets.get(0), templates, contextOptions.compileOptions(context), false);
      String bundle = objects.stream().map(KubeObject::bundleLabel).filter(b -> b != null).findFirst().orElse(null);
      try {
        KubeTransport transport = ClusterLibraries.openKubeconfig(clusterOptions.kubeconfig, clusterOptions.context, context.env(),
            clusterOptions.timeout(null));
        changes = new ClusterDiff(transport, clusterOptions.retry(), clusterOptions.timeout(null)).diff(objects, bundle);
      } catch (ClusterFailure e) {
        context.err().println("stave: " + e.getMessage());
        return Main.IO;
      }
    } else {
      List<KubeObject> before = Targets.load(context, targets.get(0), templates, contextOptions.compileOptions(context), false);
      List<KubeObject> after = Targets.load(context, targets.get(1), templates, contextOptions.compileOptions(context), false);
      changes = ObjectDiff.between(before, after);
    }
    context.out().print(format == Format.markdown ? DiffReport.markdown(changes) : DiffReport.text(changes));
    context.out().flush();
    return changes.isEmpty() ? Main.OK : Main.DIFFERENT;
  }
}

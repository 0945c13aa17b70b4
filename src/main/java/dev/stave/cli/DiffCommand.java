package dev.stave.cli;

import dev.stave.apply.ClusterDiff;
import dev.stave.apply.ClusterFailure;
import dev.stave.apply.ClusterLibraries;
import dev.stave.apply.Deadline;
import dev.stave.apply.KubeTransport;
import dev.stave.bundle.BundleReader;
import dev.stave.bundle.BundleSetDiff;
import dev.stave.bundle.DiffReport;
import dev.stave.bundle.KubeObject;
import dev.stave.bundle.ObjectDiff;
import dev.stave.compile.CompileOptions;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.DiagnosticPrinter;
import dev.stave.diag.UserError;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
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
          + " cluster only the fields the bundle sets are compared; Secret values are never shown.",
      "A and B are each a config (compiled in memory), a bundle folder (object files: every .yaml, .yml"
          + " and .json but kustomization.yaml and kustomization.yml, in any case) or a folder of bundles (only"
          + " bundle folders, as 'stave compile -o DIR' writes DIR). Two folders of bundles are compared bundle by"
          + " bundle, matched by folder name; a bundle on one side only is added or removed with all its objects."
          + " Names starting with a dot are skipped, and other files (a README) ignored.",
      "Errors (exit 1): a folder with neither object files nor bundle folders (an empty one too), a folder"
          + " with both, and a folder of bundles holding a folder that is not a bundle. A folder of bundles"
          + " against one bundle is a usage error (exit 2)."
    })
final class DiffCommand implements Callable<Integer>, Main.RunsInContext {
  enum Format { text, markdown }

  private final Context context;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  // Written out: picocli's own synopsis of one or two values read "BUNDLE BUNDLE [BUNDLE [BUNDLE]]",
  // as if diff took four.
  @Parameters(index = "0..1", arity = "1..2", paramLabel = "BUNDLE [BUNDLE]", hideParamSyntax = true,
      description = "Configs, bundle folders or folders of bundles: A B; or one bundle with --cluster.")
  List<Path> targets;

  @Option(names = "--cluster", description = "Compare the one bundle with the live objects.")
  boolean cluster;

  @Mixin
  ClusterOptions clusterOptions;

  @Option(names = "--timeout", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "With --cluster, give up on the cluster after this long (default 5m).")
  void timeout(Duration timeout) {
    clusterOptions.timeout = timeout;
  }

  @Mixin
  ContextOptions contextOptions = new ContextOptions();

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text or markdown (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = "--templates", paramLabel = "DIR", converter = NonEmptyPath.class,
      description = "Templates that replace the packaged ones (configs only).")
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
    CompileOptions compileOptions = contextOptions.compileOptions(context);
    Targets.Shared shared = new Targets.Shared();
    if (cluster) {
      List<KubeObject> objects = Targets.load(context, targets.get(0), templates, compileOptions, false, shared);
      shared.warnIfUnread(context, compileOptions);
      String bundle = objects.stream().map(KubeObject::bundleLabel).filter(b -> b != null).findFirst().orElse(null);
      try {
        Deadline deadline = clusterOptions.deadline(null);
        KubeTransport transport = ClusterLibraries.openKubeconfig(clusterOptions.kubeconfig, clusterOptions.context,
            context.env(), deadline);
        changes = new ClusterDiff(transport, clusterOptions.retry(), deadline).diff(objects, bundle);
      } catch (ClusterFailure e) {
        context.err().println("stave: " + e.getMessage());
        return Main.IO;
      }
    } else {
      shared.holdWarnings();
      Sides sides = readBoth(context, targets.get(0), targets.get(1),
          target -> Targets.folder(context, target, templates, compileOptions, shared), shared::held);
      BundleReader.Folder before = sides.before();
      BundleReader.Folder after = sides.after();
      new DiagnosticPrinter(context.sources()).print(shared.held().stream().distinct().toList(), context.err());
      shared.warnIfUnread(context, compileOptions);
      if (before instanceof BundleReader.Many a && after instanceof BundleReader.Many b) {
        BundleSetDiff diff = BundleSetDiff.between(a.bundles(), b.bundles());
        context.out().print(format == Format.markdown ? DiffReport.markdown(diff) : DiffReport.text(diff));
        context.out().flush();
        return diff.isEmpty() ? Main.OK : Main.DIFFERENT;
      }
      if (!(before instanceof BundleReader.One a && after instanceof BundleReader.One b)) {
        boolean firstIsMany = before instanceof BundleReader.Many;
        Path many = targets.get(firstIsMany ? 0 : 1);
        Path one = targets.get(firstIsMany ? 1 : 0);
        throw new CommandLine.ParameterException(spec.commandLine(), many + " is a folder of bundles and " + one
            + " is one bundle; compare two folders of bundles, or two bundles such as " + many.resolve("<bundle>")
            + " and " + one);
      }
      changes = ObjectDiff.between(a.objects(), b.objects());
    }
    context.out().print(format == Format.markdown ? DiffReport.markdown(changes) : DiffReport.text(changes));
    context.out().flush();
    return changes.isEmpty() ? Main.OK : Main.DIFFERENT;
  }

  /** The two sides of a diff, A (old) and B (new). */
  record Sides(BundleReader.Folder before, BundleReader.Folder after) {}

  /**
   * Both sides as {@code read} reads them, before either's errors are reported: every problem of a run at
   * once, as compile and validate report every config's (README, "Diagnostics"). The warnings of a side that
   * compiled are held ({@code held}) until then, so that with an error they are sorted in with it, as validate
   * sorts them, rather than printed before the other side's errors. A side that fails otherwise (an internal
   * error, exit 70) does not hide the other side's errors: those are printed first, then its failure ends the run.
   * A StackOverflowError is held back too, since input has reached one (a benchmark's run.function of twenty
   * thousand dotted names, when a repeating pattern checked it) and the stack is whole again once it is caught;
   * other errors (out of memory) end the run at once, as there may be no room to read the other side.
   */
  static Sides readBoth(Context context, Path a, Path b, Function<Path, BundleReader.Folder> read,
      Supplier<List<Diagnostic>> held) {
    List<Diagnostic> errors = new ArrayList<>();
    Throwable failure = null;
    List<BundleReader.Folder> sides = new ArrayList<>();
    for (Path side : List.of(a, b)) {
      BundleReader.Folder folder = null;
      try {
        folder = read.apply(side);
      } catch (UserError e) {
        errors.addAll(e.diagnostics());
      } catch (RuntimeException | StackOverflowError e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
      sides.add(folder);
    }
    if (failure != null) {
      new DiagnosticPrinter(context.sources()).print(
          Stream.concat(errors.stream(), held.get().stream()).distinct().sorted().toList(), context.err());
      context.err().flush();
      if (failure instanceof RuntimeException e) {
        throw e;
      }
      throw (StackOverflowError) failure;
    }
    if (!errors.isEmpty()) {
      throw new UserError(Stream.concat(errors.stream(), held.get().stream()).distinct().sorted().toList());
    }
    return new Sides(sides.get(0), sides.get(1));
  }
}

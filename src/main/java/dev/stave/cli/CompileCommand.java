package dev.stave.cli;

import dev.stave.bundle.Bundle;
import dev.stave.bundle.BundleCheck;
import dev.stave.bundle.BundleWriter;
import dev.stave.compile.CompileOptions;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.DiagnosticPrinter;
import dev.stave.diag.Printable;
import dev.stave.diag.UserError;
import dev.stave.diag.Words;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "compile",
    mixinStandardHelpOptions = true,
    description = {
      "Compiles configs into bundles, one folder per config.",
      "Writes DIR/<bundle>/NN-<kind>-<name>.yaml per object, in install order, and a Kustomization"
          + " file listing them. Nothing is written unless every config compiles."
    })
final class CompileCommand implements Callable<Integer>, Main.RunsInContext {
  private final Context context;

  @Parameters(arity = "1..*", paramLabel = "CONFIG", converter = ConfigPath.class,
      description = "Config files (.yaml, .yml, .json, .conf or .hocon).")
  List<Path> configs;

  @Option(names = {"-o", "--output"}, paramLabel = "DIR", defaultValue = "out",
      description = "Output folder (default: ${DEFAULT-VALUE}); '-' writes one YAML stream to standard output.")
  String output;

  @Option(names = "--templates", paramLabel = "DIR", converter = NonEmptyPath.class,
      description = "A folder of templates that replace the packaged ones by file name.")
  Path templates;

  @Option(names = "--check",
      description = "Write nothing; list the files that would change in DIR and exit 3 if any would (for CI).")
  boolean check;

  @Option(names = "--strict-capacity", description = "A node pool over its capacity is an error, not a warning.")
  boolean strictCapacity;

  /** The GitOps tools whose ordering annotations {@code --gitops} adds. */
  enum GitOps { argo }

  @Option(names = "--gitops", paramLabel = "TOOL",
      description = "argo: annotate every object with its Argo CD sync wave (argocd.argoproj.io/sync-wave),"
          + " the NN of its file name, so that Argo CD applies the bundle in install order.")
  GitOps gitops;

  @Option(names = "--stacktrace", description = "Print the stack trace of an internal error.")
  boolean stacktrace;

  @Mixin
  ContextOptions contextOptions = new ContextOptions();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  CompileCommand(Context context) {
    this.context = context;
  }

  /** What one compile asks for, parsed from the command line. */
  record Options(List<Path> configs, String output, Path templates, boolean check, boolean syncWaves,
      CompileOptions compile) {}

  @Override
  public Integer call() {
    // Usage errors, as picocli's own are: the message, then where to find the command's help.
    if (output.isBlank()) {
      // An unset variable (-o "$OUT") would otherwise write into the working folder.
      throw new CommandLine.ParameterException(spec.commandLine(), "-o needs a folder, or '-' for standard output");
    }
    if (check && output.equals("-")) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "--check compares with a folder on disk; it cannot be used with '-o -'");
    }
    return run(context, new Options(List.copyOf(configs), output, templates, check, gitops == GitOps.argo,
        contextOptions.compileOptions(context).withStrictCapacity(strictCapacity)));
  }

  static int run(Context context, Options options) {
    Path folder;
    try {
      folder = options.output().equals("-") ? null : Path.of(options.output());
    } catch (InvalidPathException e) {
      context.err().println("stave: -o: " + PathArgument.unusable(options.output()));
      return Main.USAGE;
    }
    Pipeline pipeline = new Pipeline(context.env(), context.sources(), options.templates(), options.compile(),
        options.syncWaves());
    pipeline.checkTemplateNames();
    List<Bundle> bundles = new ArrayList<>();
    for (Path config : options.configs()) {
      Bundle bundle = pipeline.bundle(config);
      if (bundle != null) {
        pipeline.claimBundle(bundle.name(), config);
        bundles.add(bundle);
      }
    }
    if (!pipeline.diagnostics().hasErrors()) {
      pipeline.sharedObjects(bundles);
    }
    List<Diagnostic> all = pipeline.diagnostics().sorted();
    if (pipeline.diagnostics().hasErrors()) {
      throw new UserError(all);
    }
    new DiagnosticPrinter(context.sources()).print(all, context.err());
    pipeline.warnIfContextsUnread(context.err());
    if (folder != null) {
      for (Bundle b : bundles) {
        // What a bundle would replace may be a file of the user's: a diagnostic about it must not quote it.
        context.sources().neverQuote(folder.resolve(b.name()).toString());
      }
    }
    if (options.check()) {
      return check(context, folder, bundles);
    }
    if (folder == null) {
      context.out().print(Bundle.stream(bundles));
      context.out().flush();
    } else {
      List<String> warnings = new BundleWriter(folder).write(bundles, lock -> waiting(context, lock));
      for (Bundle b : bundles) {
        // The output folder as the user wrote it: a name with an escape sequence must not reach the terminal.
        context.err().println("wrote " + Printable.exactLine(folder.resolve(b.name()) + "/")
            + " (" + Words.count(b.objects().size(), "object") + ")");
      }
      for (String warning : warnings) {
        context.err().println("stave: warning: " + warning);
      }
    }
    return Main.OK;
  }

  /**
   * Said while a write or a read of bundles waits for another process's write to {@code lock}'s folders: it can
   * take as long as that write, or for ever if that compile was stopped (Ctrl-Z), and a silent wait looks hung.
   */
  static void waiting(Context context, Path lock) {
    context.err().println("stave: waiting for another stave compile to finish writing its bundles (it holds "
        + Printable.exactLine(lock.toString()) + ")");
    context.err().flush();
  }

  /** --check: what a compile would change on disk, written nowhere. */
  private static int check(Context context, Path output, List<Bundle> bundles) {
    List<BundleCheck.FileChange> changes = BundleCheck.compare(output, bundles, lock -> waiting(context, lock));
    for (BundleCheck.FileChange c : changes) {
      context.out().println(c);
    }
    context.out().flush();
    if (changes.isEmpty()) {
      context.err().println("stave: " + Printable.exactLine(output.toString()) + " is up to date");
      return Main.OK;
    }
    context.err().println("stave: " + changes.size() + (changes.size() == 1 ? " file differs" : " files differ")
        + " from what the configs compile to; run 'stave compile' without --check and commit the result");
    return Main.DIFFERENT;
  }
}

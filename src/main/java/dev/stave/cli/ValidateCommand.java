package dev.stave.cli;

import dev.stave.compile.Compiled;
import dev.stave.diag.DiagnosticPrinter;
import dev.stave.diag.UserError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = {
      "Checks configs (syntax, schema and model rules, and the objects that overrides change) and reports"
          + " every problem; writes nothing.",
      "Inventory files (kind: inventory, or Terraform's .tf.json) and contexts files are checked as an"
          + " experiment that refers to them reads them; a contexts file with every context's values and inventory."
    })
final class ValidateCommand implements Callable<Integer>, Main.RunsInContext {
  private final Context context;

  @Parameters(arity = "1..*", paramLabel = "CONFIG", converter = ConfigPath.class, description = "Config files.")
  List<Path> configs;

  @Option(names = "--strict-capacity", description = "A node pool over its capacity is an error, not a warning.")
  boolean strictCapacity;

  @Option(names = "--stacktrace", description = "Print the stack trace of an internal error.")
  boolean stacktrace;

  @Mixin
  ContextOptions contextOptions = new ContextOptions();

  ValidateCommand(Context context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Pipeline pipeline = new Pipeline(context.env(), context.sources(), null,
        contextOptions.compileOptions(context).withStrictCapacity(strictCapacity));
    List<Compiled> compiled = new ArrayList<>();
    for (Path config : configs) {
      Compiled c = pipeline.validate(config);
      if (c != null) {
        pipeline.checkOverrides(c);
        // As compile checks them: bundles of one run have different names and agree on the objects they share.
        pipeline.claimBundle(c.bundle(), config);
        compiled.add(c);
      }
    }
    if (!pipeline.diagnostics().hasErrors()) {
      pipeline.sharedPlannedObjects(compiled);
    }
    if (pipeline.diagnostics().hasErrors()) {
      throw new UserError(pipeline.diagnostics().sorted());
    }
    new DiagnosticPrinter(context.sources()).print(pipeline.diagnostics().sorted(), context.err());
    pipeline.warnIfContextsUnread(context.err());
    context.err().println(configs.size() == 1 ? "1 config is valid" : configs.size() + " configs are valid");
    return Main.OK;
  }
}

package dev.stave.cli;

import dev.stave.schema.Schemas;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "schema",
    mixinStandardHelpOptions = true,
    // KIND is optional to picocli only so that its absence gets the list of kinds (call()); it is required.
    customSynopsis = "stave schema [-hV] [--stacktrace] KIND",
    description = "Prints the JSON Schema (draft 2020-12) of a kind of config, for editors and CI.")
final class SchemaCommand implements Callable<Integer>, Main.RunsInContext {
  private final Context context;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  // hideParamSyntax: the list of parameters in --help says KIND, as the synopsis does, not [KIND].
  @Parameters(paramLabel = "KIND", arity = "0..1", hideParamSyntax = true, completionCandidates = Kinds.class,
      description = "One of: ${COMPLETION-CANDIDATES}.")
  String kind;

  @Option(names = "--stacktrace", description = "Print the stack trace of an internal error.")
  boolean stacktrace;

  SchemaCommand(Context context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    if (kind == null) {
      // picocli would say only "Missing required parameter: 'KIND'", and which kinds there are is the answer.
      throw new CommandLine.ParameterException(spec.commandLine(),
          "missing KIND; kinds: " + String.join(", ", Schemas.KINDS));
    }
    if (!Schemas.exists(kind)) {
      // A usage error like any other, so that a typo gets "did you mean" and the way to the help.
      throw new CommandLine.ParameterException(spec.commandLine(),
          "unknown kind '" + kind + "'; kinds: " + String.join(", ", Schemas.KINDS),
          spec.positionalParameters().get(0), kind);
    }
    context.out().print(Schemas.exported(kind));
    return Main.OK;
  }

  static final class Kinds extends java.util.ArrayList<String> {
    Kinds() {
      super(Schemas.KINDS);
    }
  }
}

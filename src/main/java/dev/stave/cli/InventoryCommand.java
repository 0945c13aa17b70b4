package dev.stave.cli;

import dev.stave.config.ConfigLoader;
import dev.stave.diag.UserError;
import dev.stave.inventory.NodesInventory;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "inventory",
    mixinStandardHelpOptions = true,
    description = "Node-pool inventories for the 'schedule' of experiment processes.",
    subcommands = {InventoryCommand.FromNodes.class})
final class InventoryCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  // Taken here too, so that 'stave inventory --stacktrace from-nodes FILE' works as well.
  @Option(names = "--stacktrace", description = "Print the stack trace of an internal error.")
  boolean stacktrace;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "missing command: try 'stave inventory from-nodes FILE'");
  }

  @Command(
      name = "from-nodes",
      mixinStandardHelpOptions = true,
      description = {
        "Turns 'kubectl get nodes -o json' into a 'kind: inventory' file.",
        "Written to standard output: one pool per value of the pool label, sized from the nodes' capacity"
            + " and allocatable resources."
      })
  static final class FromNodes implements Callable<Integer>, Main.RunsInContext {
    private final Context context;

    @Parameters(paramLabel = "FILE",
        description = "JSON written by 'kubectl get nodes -o json' (a .json file), or - for standard input.")
    Path file;

    @Option(names = "--pool-label", paramLabel = "LABEL", defaultValue = NodesInventory.GKE_POOL_LABEL,
        description = "The node label that names a node's pool (default: ${DEFAULT-VALUE}).")
    String poolLabel;

    @Option(names = "--stacktrace", description = "Print the stack trace of an internal error.")
    boolean stacktrace;

    FromNodes(Context context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      ConfigLoader loader = new ConfigLoader(context.env(), context.sources());
      // '-' is standard input, for 'kubectl get nodes -o json | stave inventory from-nodes -'; a file
      // named '-' is ./-.
      NodesInventory.Result result = NodesInventory.convert(file.toString().equals("-")
          ? loader.loadPart(context.in(), NodesInventory.READ, NodesInventory.MAX_BYTES)
          : loader.loadPart(file, NodesInventory.READ, NodesInventory.MAX_BYTES), poolLabel);
      if (result.diagnostics().stream().anyMatch(dev.stave.diag.Diagnostic::isError)) {
        throw new UserError(result.diagnostics());
      }
      new dev.stave.diag.DiagnosticPrinter(context.sources()).print(result.diagnostics(), context.err());
      context.out().print(dev.stave.render.CanonicalYaml.emit(result.inventory()));
      context.out().flush();
      return Main.OK;
    }
  }
}

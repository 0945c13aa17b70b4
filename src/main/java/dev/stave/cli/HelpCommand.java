package dev.stave.cli;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stave help [COMMAND...]}: the usage help of a command, or of a subcommand named after its
 * command ({@code stave help inventory from-nodes}). In place of picocli's help command, which takes one
 * name and, being a help command to picocli, is parsed without complaint about what follows: it showed
 * {@code inventory}'s help for {@code help inventory from-nodes}. This one is an ordinary command, so a
 * name or an option it does not know is a usage error.
 */
@Command(
    name = "help",
    header = "Shows the help of a command, as its --help does.",
    synopsisHeading = "%nUsage: ",
    description = {
      "%nWhen no COMMAND is given, the usage help for the main command is displayed.",
      "If a COMMAND is specified, the help for that command is shown; a subcommand follows its command,"
          + " as in 'stave help inventory from-nodes'.%n"
    })
final class HelpCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show usage help for the help command and exit.")
  boolean helpRequested;

  // Candidates for the completion script, which offered them for picocli's help command.
  @Parameters(paramLabel = "COMMAND", arity = "0..*", completionCandidates = CommandNames.class,
      description = "The COMMAND, and its subcommands, to display the usage help message for.")
  List<String> commands = new ArrayList<>();

  @Override
  public Integer call() {
    CommandLine command = spec.commandLine().getParent();
    for (String name : commands) {
      CommandLine sub = command.getSubcommands().get(name);
      if (sub == null) {
        throw new CommandLine.ParameterException(command, "Unknown subcommand '" + name + "'.");
      }
      command = sub;
    }
    command.usage(spec.commandLine().getOut(), spec.commandLine().getColorScheme());
    return command.getCommandSpec().exitCodeOnUsageHelp();
  }

  /** The names of stave's commands but this one, in the order {@code stave --help} lists them. */
  static final class CommandNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Main.commandNames().iterator();
    }
  }
}

package dev.stave.cli;

import dev.stave.diag.Printable;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;

/**
 * A config file named on the command line. {@code -} is refused as a usage error: a config is read from a file,
 * whose name its diagnostics, its includes and its relative paths (secrets, inventories) start from, so standard
 * input is not read; without this, {@code -} was looked for as a file and reported as not found.
 */
final class ConfigPath implements CommandLine.ITypeConverter<Path> {
  private static final String REFUSED = "standard input ('-') is not supported: configs are read from files; save"
      + " the config to a file and name that file";

  @Override
  public Path convert(String value) {
    if (value.equals("-")) {
      throw new CommandLine.TypeConversionException(REFUSED);
    }
    return PathArgument.of(value);
  }

  /**
   * {@code e}, or where it is an argument {@code -} left unmatched by a command that takes configs, the error that
   * standard input is not read. Picocli ends a list of values at the first after the list's first that its
   * converter refuses, and reports it and those after it as unmatched: {@code stave validate a.yaml -} said
   * "Unmatched argument at index 2: '-'", not why.
   */
  static CommandLine.ParameterException refused(CommandLine.ParameterException e) {
    if (!(e instanceof CommandLine.UnmatchedArgumentException u) || u.isUnknownOption()
        || !u.getUnmatched().contains("-")) {
      return e;
    }
    for (CommandLine.Model.PositionalParamSpec p : e.getCommandLine().getCommandSpec().positionalParameters()) {
      if (p.isMultiValue() && p.converters().length > 0 && p.converters()[0] instanceof ConfigPath) {
        return new CommandLine.ParameterException(e.getCommandLine(), "Invalid value for positional parameter at"
            + " index " + p.index() + " (" + p.paramLabel() + "): " + REFUSED, p, "-");
      }
    }
    return e;
  }

  /**
   * {@code e}, or where it is arguments left unmatched by a command that takes one config ({@code plan},
   * {@code secrets}), the error that it takes one and how to see several: picocli said "Unmatched argument at
   * index 2: 'b'", which did not tell that 'b' was a config too many. An unknown option stays picocli's error.
   */
  static CommandLine.ParameterException oneConfig(CommandLine.ParameterException e) {
    if (!(e instanceof CommandLine.UnmatchedArgumentException u) || u.isUnknownOption()) {
      return e;
    }
    List<CommandLine.Model.PositionalParamSpec> parameters =
        e.getCommandLine().getCommandSpec().positionalParameters();
    if (parameters.size() != 1 || parameters.get(0).isMultiValue() || parameters.get(0).converters().length == 0
        || !(parameters.get(0).converters()[0] instanceof ConfigPath)) {
      return e;
    }
    CommandLine.Model.CommandSpec command = e.getCommandLine().getCommandSpec();
    List<String> extra = u.getUnmatched().stream().map(arg -> "'" + Printable.quoted(arg) + "'").toList();
    return new CommandLine.ParameterException(e.getCommandLine(), command.name() + " takes one config; "
        + String.join(", ", extra) + (extra.size() == 1 ? " is one" : " are " + extra.size()) + " too many: run '"
        + command.qualifiedName() + " CONFIG' once for each config");
  }
}

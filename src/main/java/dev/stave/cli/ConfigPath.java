package dev.stave.cli;

import java.nio.file.Path;
import picocli.CommandLine;

/**
 * A config file named on the command line. {@code -} is refused as a usage error: a config is read from a file,
 * whose name its diagnostics, its includes and its relative paths (secrets, inventories) start from, so standard
 * input is not read; without this, {@code -} was looked for as a file and reported as not found.
 */
final class ConfigPath implements CommandLine.ITypeConverter<Path> {
  @Override
  public Path convert(String value) {
    if (value.equals("-")) {
      throw new CommandLine.TypeConversionException("standard input ('-') is not supported: configs are read from"
          + " files; save the config to a file and name that file");
    }
    return PathArgument.of(value);
  }
}

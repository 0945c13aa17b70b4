package dev.stave.cli;

import java.nio.file.Path;
import picocli.CommandLine;

/**
 * A path option that may not be empty. {@code --templates "$TEMPLATES"} with the variable unset would
 * otherwise name the working folder, and any of its files named like a packaged template would replace it.
 */
final class NonEmptyPath implements CommandLine.ITypeConverter<Path> {
  @Override
  public Path convert(String value) {
    if (value.isEmpty()) {
      throw new CommandLine.TypeConversionException("the folder's name is empty (an unset variable?)");
    }
    return PathArgument.of(value);
  }
}

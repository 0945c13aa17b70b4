package dev.stave.cli;

import dev.stave.diag.Printable;
import java.nio.charset.Charset;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * A path from the command line. The JVM reads arguments in the locale's character set, and in the C
 * or POSIX locale (ASCII) a name such as {@code ü.conf} arrives with its letters lost: the path cannot
 * be named at all, and saying so beats the JVM's exception, or an internal error for {@code -o}.
 * ({@code ./stave} runs the JVM in a UTF-8 locale where it would be C, POSIX or a missing UTF-8 one.) An
 * empty argument, such as {@code "$CONFIG"} with the variable unset, names no file either: Java reads it
 * as the working folder, which every command would then report as a folder, a missing kubeconfig or a
 * name without a format.
 */
final class PathArgument implements CommandLine.ITypeConverter<Path> {
  @Override
  public Path convert(String value) {
    return of(value);
  }

  static Path of(String value) {
    if (value.isEmpty()) {
      throw new CommandLine.TypeConversionException("the path is empty (an unset variable?)");
    }
    try {
      return Path.of(value);
    } catch (InvalidPathException e) {
      throw new CommandLine.TypeConversionException(unusable(value));
    }
  }

  /** Whether {@code value} has characters that the JVM's file-name character set cannot hold. */
  static boolean unnameable(String value) {
    try {
      return !Charset.forName(System.getProperty("sun.jnu.encoding")).newEncoder().canEncode(value);
    } catch (IllegalArgumentException | UnsupportedOperationException e) {
      return false;
    }
  }

  /** Why {@code value} names no file, and what to do. */
  static String unusable(String value) {
    return "'" + Printable.exactLine(value) + "' cannot be used as a path: its characters are not in this locale's"
        + " character set (" + System.getProperty("sun.jnu.encoding") + "); run stave in a UTF-8 locale,"
        + " such as LC_ALL=C.UTF-8";
  }
}

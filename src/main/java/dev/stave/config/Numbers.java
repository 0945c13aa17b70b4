package dev.stave.config;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.regex.Pattern;

/**
 * Decimal numbers typed from the text as written, the same way for YAML and HOCON, so that {@code 1.50},
 * {@code 1e3} and {@code 007} mean the same thing (and stay the same text) in either format (README, YAML and HOCON).
 */
final class Numbers {
  private Numbers() {}

  static final Pattern INT = Pattern.compile("[-+]?[0-9]+");
  static final Pattern FLOAT = Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");

  /**
   * A {@code BigInteger} for an integer, a {@code BigDecimal} for any other decimal number, or null for
   * text that is not a decimal number.
   *
   * @throws NumberFormatException if the exponent is beyond what a BigDecimal holds (1e9999999999)
   */
  static Object decimal(String text) {
    if (INT.matcher(text).matches()) {
      return new BigInteger(text.startsWith("+") ? text.substring(1) : text);
    }
    if (FLOAT.matcher(text).matches()) {
      return new BigDecimal(text.endsWith(".") ? text + "0" : text);
    }
    return null;
  }

  static Diagnostic tooLarge(Origin origin, String path) {
    return Diagnostic.error(origin, path, "number-range",
        "the number is too large to read", "write a smaller number, or quote it to make it a string");
  }
}

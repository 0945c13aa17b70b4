package dev.stave.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as Mars reads them ({@code mars/utils.py parse_readable_size}): a number of bytes, or a number
 * with a unit k, m, g or t that is always a power of 1024, whatever its case ({@code 16g} and {@code 4G}
 * are both binary). Mars only looks at the first letter of the unit and so takes {@code 16 gigs} for
 * 16 GiB; stave accepts only the spellings below, so that a typo is not silently a size.
 */
public final class MarsSizes {
  private static final Pattern SIZE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(?:([kKmMgGtT])([iI]?[bB]|[iI])?)?");
  private static final Pattern PERCENT = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)%");
  private static final String UNITS = "kmgt";

  private MarsSizes() {}

  /** Whole bytes (a fraction of a byte is dropped, as Mars's {@code int()} does), or empty when it is no size. */
  public static Optional<BigInteger> bytes(String text) {
    Matcher m = SIZE.matcher(text);
    if (!m.matches()) {
      return Optional.empty();
    }
    BigDecimal number = new BigDecimal(m.group(1));
    int power = m.group(2) == null ? 0 : UNITS.indexOf(m.group(2).toLowerCase(Locale.ROOT)) + 1;
    return Optional.of(number.multiply(BigDecimal.valueOf(1024).pow(power)).setScale(0, RoundingMode.FLOOR)
        .toBigIntegerExact());
  }

  /** The percentage of {@code 40%} (as 40), or empty when the text is no percentage. */
  public static Optional<BigDecimal> percent(String text) {
    Matcher m = PERCENT.matcher(text);
    return m.matches() ? Optional.of(new BigDecimal(m.group(1))) : Optional.empty();
  }

  /** How to write what was probably meant. */
  public static String hint(String text) {
    Matcher m = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([kKmMgGtT]).*").matcher(text);
    if (m.matches()) {
      return "write " + m.group(1) + m.group(2).toLowerCase(Locale.ROOT)
          + " (Mars reads k, m, g and t as powers of 1024)";
    }
    return "write bytes or a size such as 512m, 4g or 16g (k, m, g and t are powers of 1024)";
  }
}

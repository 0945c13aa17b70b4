package dev.stave.model;

import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import io.kubernetes.client.custom.Quantity;
import io.kubernetes.client.custom.QuantityFormatter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;

/**
 * Kubernetes resource quantities, parsed and printed by client-java-api's own formatter, in the
 * spelling the API server stores (see {@link #format}).
 */
public final class Quantities {
  private static final QuantityFormatter FORMATTER = new QuantityFormatter();
  private static final BigDecimal MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  private Quantities() {}

  /** The canonical form (e.g. {@code 0.5 -> 500m}, {@code 1024Mi -> 1Gi}), or empty when it is no quantity. */
  public static Optional<String> canonical(String text) {
    Optional<Quantity> q = parse(text);
    try {
      return q.map(Quantities::format);
    } catch (RuntimeException e) {
      // The formatter has no suffix for some exponents (1e30); such a quantity is no quantity here.
      return Optional.empty();
    }
  }

  /**
   * The canonical spelling, as the API server's own code writes it: client-java's formatter, except that
   * it writes a binary quantity whose value came with decimal places ({@code 1.5Gi}, {@code 0.5Gi},
   * {@code 1.0Gi}) as plain bytes ({@code 1610612736}), where Kubernetes writes the largest power-of-1024
   * suffix that keeps the number whole ({@code 1536Mi}, {@code 512Mi}, {@code 1Gi}). The formatter finds
   * that suffix once the whole value is given without decimal places, and reads its own output back
   * unchanged, so the model check's round trip keeps it.
   */
  public static String format(Quantity q) {
    String once = formatOnce(q);
    // Plain bytes that are whole thousands (62.5Ki is 64000) read back as a decimal quantity, which is
    // written with its own suffix (64k), by the API server as by client-java: that is the spelling that
    // stays the same however often it is read and written.
    Quantity reread = Quantity.fromString(once);
    String canonical = formatOnce(reread);
    // client-java has no Ei suffix: 1024Pi came back as 1Ei, read as another number. Never change a value.
    Quantity written = canonical.equals(once) ? reread : Quantity.fromString(canonical);
    if (written.getNumber().compareTo(q.getNumber()) != 0) {
      throw new IllegalArgumentException("no spelling keeps the value of " + q.getNumber().toPlainString());
    }
    return canonical;
  }

  private static String formatOnce(Quantity q) {
    BigDecimal value = q.getNumber().stripTrailingZeros();
    if (q.getFormat() == Quantity.Format.BINARY_SI && value.scale() <= 0) {
      return new Quantity(value.setScale(0), Quantity.Format.BINARY_SI).toSuffixedString();
    }
    return q.toSuffixedString();
  }

  /**
   * The text to read a quantity from: a number as the loader read it (YAML's {@code 0x10} is 16 and
   * {@code 1e3} is 1000, as they are in every key that takes a number), a string as written. A decimal
   * number too long to be a quantity keeps its short written form, which {@link #parse} refuses at once.
   */
  public static String text(ScalarNode s) {
    if (s.value() instanceof BigInteger i) {
      return i.toString();
    }
    if (s.value() instanceof BigDecimal d && d.precision() <= 64 && Math.abs(d.scale()) <= 64) {
      return d.toPlainString();
    }
    return s.text();
  }

  public static Optional<Quantity> parse(String text) {
    // Kubernetes keeps quantities in 64 bits: larger ones (1e999, 2^64) are no quantity it can hold.
    return written(text).filter(q -> q.getNumber().signum() >= 0 && q.getNumber().compareTo(MAX) <= 0);
  }

  /**
   * A quantity as it is written, of any sign and size, or empty when it is not written as one: for a
   * size that can then be called too large rather than malformed.
   */
  public static Optional<Quantity> written(String text) {
    if (text == null || text.isEmpty() || text.length() > 64 || !text.strip().equals(text)) {
      return Optional.empty();
    }
    try {
      return Optional.of(FORMATTER.parse(text));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  public static BigDecimal value(String canonical) {
    return FORMATTER.parse(canonical).getNumber();
  }

  /**
   * The error for a {@code text} at {@code key} that {@link #canonical} refused, read as {@code given}. A
   * negative amount ({@code -1}, {@code -2Gi}) is written as a quantity, so it is called negative, not malformed.
   */
  public static Diagnostic refused(Origin origin, String key, String text, String given) {
    Optional<Quantity> q = written(given);
    if (q.isPresent() && q.get().getNumber().signum() < 0) {
      return Diagnostic.error(origin, key, "quantity",
          "'" + Names.printable(text) + "' is negative; a Kubernetes quantity must not be negative",
          text.startsWith("-") ? "write it without the minus sign: " + Names.printable(text.substring(1))
              : "write an amount of 0 or more");
    }
    return Diagnostic.error(origin, key, "quantity",
        "'" + Names.printable(text) + "' is not a Kubernetes quantity", hint(text));
  }

  /** A hint for a common mistake: "2GB" means 2G (10^9) or 2Gi (2^30). */
  public static String hint(String text) {
    String t = text.strip();
    if (t.matches("(?i)[0-9.]+\\s*[kmgtpe]i?b")) {
      String number = t.replaceAll("(?i)\\s*([kmgtpe])i?b$", "");
      String unit = t.replaceAll("(?i)^[0-9.]+\\s*([kmgtpe]).*$", "$1").toUpperCase(java.util.Locale.ROOT);
      if (unit.equals("K")) {
        return "write " + number + "k (10^3 bytes) or " + number + "Ki (2^10 bytes)";
      }
      return "write " + number + unit + " (powers of 10) or " + number + unit + "i (powers of 2)";
    }
    Optional<Quantity> q = parse(t);
    if (q.isPresent() && q.get().getNumber().compareTo(BigDecimal.valueOf(2).pow(60)) >= 0) {
      return "from 1Ei (1024Pi) on, a quantity cannot be written with a suffix the Kubernetes client reads back;"
          + " use less than 1Ei, or 1e18 and the like";
    }
    return "write a Kubernetes quantity such as 500m, 2, 512Mi or 4Gi";
  }
}

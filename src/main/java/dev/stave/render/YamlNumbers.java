package dev.stave.render;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/** Number text for the emitter and numeric equality for {@link CanonicalYaml#sameValue}. */
final class YamlNumbers {

  private static final MathContext[] DIGITS = new MathContext[18];

  static {
    for (int p = 1; p < DIGITS.length; p++) {
      DIGITS[p] = new MathContext(p, RoundingMode.HALF_EVEN);
    }
  }

  private static final BigDecimal MAX_DOUBLE = new BigDecimal(Double.MAX_VALUE);

  private YamlNumbers() {}

  /**
   * A float as plain decimal with at least one fractional digit: never an exponent (Helm and kpt
   * users got {@code 3.6e+06} in labels), and always a {@code .} so it reads back as a float.
   *
   * @throws IllegalArgumentException for NaN and infinities, which kubectl cannot turn into JSON
   */
  static String formatFloat(Number n) {
    BigDecimal d;
    if (n instanceof BigDecimal b) {
      if (b.abs().compareTo(MAX_DOUBLE) > 0) {
        throw new IllegalArgumentException(
            "number " + b + " is beyond the double range; every YAML reader would make it infinite");
      }
      d = b;
    } else {
      double v = n.doubleValue();
      if (Double.isNaN(v) || Double.isInfinite(v)) {
        throw new IllegalArgumentException(
            v + " cannot be written: Kubernetes manifests are JSON, which has no NaN or infinity");
      }
      d = n instanceof Float f ? shortest(f) : shortest(v);
    }
    String text = d.toPlainString();
    if (d.signum() == 0 && (n instanceof Double || n instanceof Float)
        && 1 / n.doubleValue() < 0) {
      text = "-0";
    }
    return text.indexOf('.') >= 0 ? text : text + ".0";
  }

  /**
   * The shortest decimal that reads back as {@code v}, computed here rather than with {@link
   * Double#toString} because JDK 17's is not always shortest and JDK 19 changed it: output must not
   * depend on the JDK.
   */
  static BigDecimal shortest(double v) {
    if (v == 0) {
      return BigDecimal.ZERO;
    }
    BigDecimal exact = new BigDecimal(v);
    for (int p = 1; p < DIGITS.length; p++) {
      BigDecimal r = exact.round(DIGITS[p]);
      if (r.doubleValue() == v) {
        return r.stripTrailingZeros();
      }
    }
    return exact.round(DIGITS[17]).stripTrailingZeros();
  }

  static BigDecimal shortest(float v) {
    if (v == 0) {
      return BigDecimal.ZERO;
    }
    BigDecimal exact = new BigDecimal(v);
    for (int p = 1; p < 10; p++) {
      BigDecimal r = exact.round(DIGITS[p]);
      if (r.floatValue() == v) {
        return r.stripTrailingZeros();
      }
    }
    return exact.round(DIGITS[9]).stripTrailingZeros();
  }

  /**
   * Whether two numbers have the same value as a reader would see them. A float counts as its
   * shortest decimal, so {@code 0.1f} equals the {@code 0.1} it is written as.
   */
  static boolean sameNumber(Number a, Number b) {
    if (!isFinite(a) || !isFinite(b)) {
      return !isFinite(a) && !isFinite(b) && Double.compare(a.doubleValue(), b.doubleValue()) == 0;
    }
    return toBigDecimal(a).compareTo(toBigDecimal(b)) == 0;
  }

  private static boolean isFinite(Number n) {
    return !(n instanceof Double || n instanceof Float) || Double.isFinite(n.doubleValue());
  }

  private static BigDecimal toBigDecimal(Number n) {
    if (n instanceof BigDecimal b) {
      return b;
    }
    if (n instanceof BigInteger b) {
      return new BigDecimal(b);
    }
    if (n instanceof Double d) {
      return shortest(d);
    }
    if (n instanceof Float f) {
      return shortest(f);
    }
    if (n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte) {
      return BigDecimal.valueOf(n.longValue());
    }
    return new BigDecimal(n.toString());
  }
}

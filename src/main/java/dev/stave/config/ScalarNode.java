package dev.stave.config;

import dev.stave.diag.Origin;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A scalar: {@code String}, {@code Boolean}, {@code BigInteger}, {@code BigDecimal} or null. {@code text}
 * is the scalar as written (so {@code 1.10} stays {@code 1.10} where a string is wanted).
 */
public record ScalarNode(Object value, String text, Origin origin) implements Node {

  public ScalarNode {
    if (value != null
        && !(value instanceof String)
        && !(value instanceof Boolean)
        && !(value instanceof BigInteger)
        && !(value instanceof BigDecimal)) {
      throw new IllegalArgumentException("unsupported scalar " + value.getClass());
    }
    if (text == null) {
      text = value == null ? "null" : value instanceof BigDecimal d ? d.toPlainString() : value.toString();
    }
  }

  public static ScalarNode string(String value, Origin origin) {
    return new ScalarNode(value, value, origin);
  }

  public boolean isString() {
    return value instanceof String;
  }

  public boolean isNumber() {
    return value instanceof BigInteger || value instanceof BigDecimal;
  }

  @Override
  public String describe() {
    if (value == null) {
      return "null";
    }
    if (value instanceof String) {
      return "a string";
    }
    if (value instanceof Boolean) {
      return "a boolean";
    }
    return value instanceof BigInteger ? "an integer" : "a number";
  }
}

package dev.stave.render;

import dev.stave.model.Quantities;
import io.kubernetes.client.custom.Quantity;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Checks a plain object tree against a model's shape, reporting every problem with its path. The
 * client's own {@code validateJsonElement} stops at the first problem, and its Gson silently turns
 * {@code image: 5} into {@code "5"} and {@code replicas: "3"} into {@code 3}; the API server and a
 * reviewer reading the YAML would not, so this walker is strict where Gson is lenient.
 */
final class TypeChecker {
  /** The problem with a null; a variable's empty value is null where anything is taken (ObjectRenderer's hints). */
  static final String NULL_VALUE = "null value; omit the field or give it a value";

  private final ModelShapes shapes;

  TypeChecker(ModelShapes shapes) {
    this.shapes = shapes;
  }

  void check(Object value, Slot slot, JsonPath path, List<String> problems) {
    if (slot == Slot.Scalar.ANY) {
      return;
    }
    if (value == null) {
      // Kubernetes treats null as absent, but in stave's output it means a template lost a value.
      problems.add(path.problem(NULL_VALUE));
    } else if (slot instanceof Slot.Model model) {
      checkModel(value, shapes.of(model.type()), path, problems);
    } else if (slot instanceof Slot.MapOf map) {
      checkMap(value, map.value(), path, problems);
    } else if (slot instanceof Slot.ListOf list) {
      checkList(value, list.item(), path, problems);
    } else {
      checkScalar(value, (Slot.Scalar) slot, path, problems);
    }
  }

  private void checkModel(Object value, ModelShape shape, JsonPath path, List<String> problems) {
    if (!(value instanceof Map<?, ?> map)) {
      problems.add(expected(path, "an object", value));
      return;
    }
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      if (!(entry.getKey() instanceof String key)) {
        problems.add(badKey(path, entry.getKey()));
        continue;
      }
      Slot slot = shape.fields().get(key);
      if (slot == null) {
        String suggestion = shape.suggestion(key);
        problems.add(
            path.field(key)
                .problem(
                    suggestion == null
                        ? "unknown field"
                        : "unknown field (did you mean " + suggestion + "?)"));
      } else {
        check(entry.getValue(), slot, path.field(key), problems);
      }
    }
    for (String name : shape.required()) {
      if (!map.containsKey(name)) {
        problems.add(path.field(name).problem("required field missing"));
      }
    }
  }

  private void checkMap(Object value, Slot slot, JsonPath path, List<String> problems) {
    if (!(value instanceof Map<?, ?> map)) {
      problems.add(expected(path, "an object", value));
      return;
    }
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      if (entry.getKey() instanceof String key) {
        check(entry.getValue(), slot, path.field(key), problems);
      } else {
        problems.add(badKey(path, entry.getKey()));
      }
    }
  }

  private void checkList(Object value, Slot slot, JsonPath path, List<String> problems) {
    if (!(value instanceof List<?> list)) {
      problems.add(expected(path, "a list", value));
      return;
    }
    for (int i = 0; i < list.size(); i++) {
      check(list.get(i), slot, path.item(i), problems);
    }
  }

  private static void checkScalar(
      Object value, Slot.Scalar scalar, JsonPath path, List<String> problems) {
    String problem =
        switch (scalar) {
          case STRING -> value instanceof String ? null : expected("a string", value);
          case BOOLEAN -> value instanceof Boolean ? null : expected("a boolean", value);
          case INT32 -> integer(value, 32);
          case INT64 -> integer(value, 64);
          case NUMBER -> number(value);
          case INT_OR_STRING ->
              value instanceof String
                  ? null
                  : wholeNumber(value) == null
                      ? expected("an integer or a string", value)
                      : integer(value, 32);
          case QUANTITY -> quantity(value);
          case DATE_TIME -> dateTime(value);
          case BYTES -> base64(value);
          case ANY -> null;
        };
    if (problem != null) {
      problems.add(path.problem(problem));
    }
  }

  private static String integer(Object value, int bits) {
    BigInteger whole = wholeNumber(value);
    if (whole == null) {
      return expected("an integer", value);
    }
    // bitLength leaves out the sign bit.
    return whole.bitLength() < bits
        ? null
        : JsonText.describe(value) + " does not fit in a " + bits + "-bit integer";
  }

  /** The integers that a field of {@code bits} bits holds ("from -2147483648 to 2147483647"). */
  static String range(int bits) {
    BigInteger top = BigInteger.ONE.shiftLeft(bits - 1);
    return "from " + top.negate() + " to " + top.subtract(BigInteger.ONE);
  }

  private static String number(Object value) {
    if (value instanceof Number number && JsonText.decimal(number) != null) {
      return null;
    }
    return expected("a finite number", value);
  }

  private static String quantity(Object value) {
    String text;
    if (value instanceof String string) {
      text = string;
    } else if (value instanceof Number number && JsonText.decimal(number) != null) {
      text = JsonText.literal(number);
    } else {
      return expected("a quantity string", value);
    }
    String canonical;
    try {
      canonical = Quantities.format(Quantity.fromString(text));
    } catch (RuntimeException e) {
      // QuantityFormatException, or NumberFormatException / ArithmeticException from odd digits.
      return "not a quantity: " + JsonText.literal(value);
    }
    // The model writes quantities back in its own canonical spelling, always as a string.
    return value instanceof String && canonical.equals(text)
        ? null
        : "not canonical: " + JsonText.literal(value) + " becomes " + JsonText.quote(canonical);
  }

  private static String dateTime(Object value) {
    if (!(value instanceof String text)) {
      return expected("an RFC 3339 date-time string", value);
    }
    OffsetDateTime time;
    try {
      time = OffsetDateTime.parse(text);
    } catch (DateTimeParseException e) {
      return "not an RFC 3339 date-time: " + JsonText.literal(text);
    }
    // The 24.0.0 client writes the local fields followed by a literal Z, so any other offset
    // comes back as a different instant.
    return time.getOffset().equals(ZoneOffset.UTC)
        ? null
        : "not in UTC: "
            + JsonText.literal(text)
            + "; write "
            + JsonText.quote(DateTimeFormatter.ISO_INSTANT.format(time));
  }

  private static String base64(Object value) {
    if (!(value instanceof String text)) {
      return expected("a base64 string", value);
    }
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(text);
    } catch (IllegalArgumentException e) {
      return "not valid base64: " + JsonText.literal(text);
    }
    // Java accepts missing padding, the API server does not; re-encoding shows the fix.
    String canonical = Base64.getEncoder().encodeToString(bytes);
    return canonical.equals(text)
        ? null
        : "not canonical: " + JsonText.literal(text) + " becomes " + JsonText.literal(canonical);
  }

  /** Null unless the value is written as a whole number; 3.0 is not one to the API server. */
  private static BigInteger wholeNumber(Object value) {
    if (value instanceof Integer
        || value instanceof Long
        || value instanceof Short
        || value instanceof Byte) {
      return BigInteger.valueOf(((Number) value).longValue());
    } else if (value instanceof BigInteger integer) {
      return integer;
    } else if (value instanceof BigDecimal decimal && decimal.scale() == 0) {
      return decimal.unscaledValue();
    }
    return null;
  }

  private static String badKey(JsonPath path, Object key) {
    return path.field(String.valueOf(key)).problem(expected("a string key", key));
  }

  private static String expected(JsonPath path, String what, Object value) {
    return path.problem(expected(what, value));
  }

  private static String expected(String what, Object value) {
    return "expected " + what + ", found " + JsonText.describe(value);
  }
}

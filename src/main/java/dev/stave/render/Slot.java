package dev.stave.render;

import dev.stave.diag.StaveBug;
import io.kubernetes.client.custom.IntOrString;
import io.kubernetes.client.custom.Quantity;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

/**
 * What a Kubernetes model expects at one place in an object. Read once per model field, so the
 * walkers never touch reflection while checking tens of thousands of objects.
 */
sealed interface Slot {

  /** The leaf types that occur in the client-java-api 24.0.0 models. */
  enum Scalar implements Slot {
    STRING,
    INT32,
    INT64,
    BOOLEAN,
    NUMBER,
    QUANTITY,
    INT_OR_STRING,
    DATE_TIME,
    BYTES,
    ANY
  }

  record ListOf(Slot item) implements Slot {}

  record MapOf(Slot value) implements Slot {}

  record Model(Class<?> type) implements Slot {}

  static Slot of(Type type) {
    if (type instanceof ParameterizedType generic) {
      Type raw = generic.getRawType();
      Type[] arguments = generic.getActualTypeArguments();
      if (raw == List.class) {
        return new ListOf(of(arguments[0]));
      }
      if (raw == Map.class && arguments[0] == String.class) {
        return new MapOf(of(arguments[1]));
      }
    } else if (type instanceof Class<?> plain) {
      Scalar scalar = scalar(plain);
      if (scalar != null) {
        return scalar;
      }
      if (ModelShape.isModel(plain)) {
        return new Model(plain);
      }
    }
    // A new client version brought a field type this verifier has not been taught.
    throw new StaveBug("no verification rule for model field type " + type.getTypeName());
  }

  private static Scalar scalar(Class<?> type) {
    if (type == String.class) {
      return Scalar.STRING;
    } else if (type == Integer.class) {
      return Scalar.INT32;
    } else if (type == Long.class) {
      return Scalar.INT64;
    } else if (type == Boolean.class) {
      return Scalar.BOOLEAN;
    } else if (type == Double.class || type == Float.class || type == BigDecimal.class) {
      return Scalar.NUMBER;
    } else if (type == Quantity.class) {
      return Scalar.QUANTITY;
    } else if (type == IntOrString.class) {
      return Scalar.INT_OR_STRING;
    } else if (type == OffsetDateTime.class) {
      return Scalar.DATE_TIME;
    } else if (type == byte[].class) {
      return Scalar.BYTES;
    } else if (type == Object.class) {
      return Scalar.ANY;
    }
    return null;
  }
}

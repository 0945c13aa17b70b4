package dev.stave.render;

import java.util.List;
import java.util.Map;

/**
 * An object with what cannot change its verification taken out: the text of every plain string field
 * and of every key of a free map (labels, annotations, selectors). The type check asks only that those
 * be strings, and the model's Gson adapters copy them unchanged, so two objects with the same key fare
 * the same in {@link TypeChecker} and {@link RoundTrip}. Field names, the structure, quantities,
 * numbers, int-or-strings, dates, bytes, untyped values and anything in a field the model does not have
 * stay in the key as written, each with its Java type.
 */
final class ModelKey {
  private final ModelShapes shapes;

  ModelKey(ModelShapes shapes) {
    this.shapes = shapes;
  }

  /** The key, or null for an object with a key that is not a string, which is left to the full check. */
  String of(Map<String, Object> object, Class<?> model) {
    StringBuilder key = new StringBuilder(1024).append(model.getName()).append(' ');
    try {
      append(key, object, new Slot.Model(model));
    } catch (NotAString e) {
      return null;
    }
    return key.toString();
  }

  private static final class NotAString extends RuntimeException {
    NotAString() {
      super(null, null, false, false);
    }
  }

  private void append(StringBuilder key, Object value, Slot slot) {
    if (value == null) {
      key.append('~');
    } else if (slot == Slot.Scalar.STRING && value instanceof String) {
      key.append('s');
    } else if (slot instanceof Slot.Model model && value instanceof Map<?, ?> map) {
      ModelShape shape = shapes.of(model.type());
      key.append('{');
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if (!(e.getKey() instanceof String field)) {
          throw new NotAString();
        }
        Slot fieldSlot = shape.fields().get(field);
        if (fieldSlot == null) {
          // Not the model's: written in full (quoted), so it cannot pass for another field.
          key.append(JsonText.quote(field)).append(':');
          literal(key, e.getValue());
        } else {
          key.append(field).append(':');
          append(key, e.getValue(), fieldSlot);
        }
        key.append(',');
      }
      key.append('}');
    } else if (slot instanceof Slot.MapOf map && value instanceof Map<?, ?> entries) {
      key.append('{');
      for (Map.Entry<?, ?> e : entries.entrySet()) {
        if (!(e.getKey() instanceof String)) {
          throw new NotAString();
        }
        key.append("#:");
        append(key, e.getValue(), map.value());
        key.append(',');
      }
      key.append('}');
    } else if (slot instanceof Slot.ListOf list && value instanceof List<?> items) {
      key.append('[');
      for (Object item : items) {
        append(key, item, list.item());
        key.append(',');
      }
      key.append(']');
    } else {
      literal(key, value);
    }
  }

  /** Any other value in full, its Java type included: 3, 3L and 3.0 may not fare the same. */
  private static void literal(StringBuilder key, Object value) {
    if (value instanceof String s) {
      key.append(JsonText.quote(s));
    } else if (value instanceof Map<?, ?> map) {
      key.append('{');
      for (Map.Entry<?, ?> e : map.entrySet()) {
        literal(key, e.getKey());
        key.append(':');
        literal(key, e.getValue());
        key.append(',');
      }
      key.append('}');
    } else if (value instanceof List<?> list) {
      key.append('[');
      for (Object item : list) {
        literal(key, item);
        key.append(',');
      }
      key.append(']');
    } else {
      key.append(value == null ? "~" : value.getClass().getSimpleName() + ":" + value);
    }
  }
}

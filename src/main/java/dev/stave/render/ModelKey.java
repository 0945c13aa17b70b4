package dev.stave.render;

import java.util.List;
import java.util.Map;

/**
 * An object with what the model round trip cannot change taken out: the text of every plain string
 * field and of every key of a free map (labels, annotations, selectors). The model's Gson adapters copy
 * those unchanged, so two objects with the same key fare the same in {@link RoundTrip}; quantities,
 * numbers, int-or-strings, dates, bytes and untyped values stay in the key as written. Call it only on
 * objects {@link TypeChecker} passed.
 */
final class ModelKey {
  private final ModelShapes shapes;

  ModelKey(ModelShapes shapes) {
    this.shapes = shapes;
  }

  String of(Map<String, Object> object, Class<?> model) {
    StringBuilder key = new StringBuilder(1024).append(model.getName()).append(' ');
    append(key, object, new Slot.Model(model));
    return key.toString();
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
        // Field names are the model's own (the type check refused any other), so they need no quoting.
        key.append(e.getKey()).append(':');
        append(key, e.getValue(), shape.fields().get(e.getKey()));
        key.append(',');
      }
      key.append('}');
    } else if (slot instanceof Slot.MapOf map && value instanceof Map<?, ?> entries) {
      key.append('{');
      for (Object item : entries.values()) {
        key.append("#:");
        append(key, item, map.value());
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

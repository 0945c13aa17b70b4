package dev.stave.render;

import java.util.ArrayList;
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
    Key key = new Key();
    key.text().append(model.getName()).append(' ');
    try {
      append(key, object, new Slot.Model(model));
    } catch (NotAString e) {
      return null;
    }
    return key.text().toString();
  }

  /**
   * The key of the objects a template shape makes, as text with a gap for each value that stays in it.
   * A value that is a field name of a model decides how that field's value is keyed, so it is taken
   * from {@code values} (the first object's) and becomes a condition: {@link Template#fill} gives null
   * for an object with another value there. Null when the shape has a key that is not a string. {@code
   * shape} is an object in canonical order with {@link TemplateShapes.Hole}s for its values and {@code
   * null} for YAML nulls.
   */
  Template template(Map<String, Object> shape, Class<?> model, String[] values) {
    Key key = new Key(new StringBuilder(1024), new ArrayList<>(), values, new ArrayList<>());
    key.text().append(model.getName()).append(' ');
    try {
      append(key, shape, new Slot.Model(model));
    } catch (NotAString e) {
      return null;
    }
    String text = key.text().toString();
    String[] segments = new String[key.gaps().size() + 1];
    int[] holes = new int[key.gaps().size()];
    int from = 0;
    for (int i = 0; i < holes.length; i++) {
      int[] gap = key.gaps().get(i);
      segments[i] = text.substring(from, gap[0]);
      holes[i] = gap[1];
      from = gap[0];
    }
    segments[holes.length] = text.substring(from);
    int[] fieldHoles = key.fields().stream().mapToInt(Integer::intValue).toArray();
    String[] fields = new String[fieldHoles.length];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = values[fieldHoles[i]];
    }
    return new Template(segments, holes, fieldHoles, fields);
  }

  /**
   * A shape's key with gaps, each taking its value quoted as {@link #literal} writes a string, and the
   * values that must be as they were because they name model fields.
   */
  record Template(String[] segments, int[] holes, int[] fieldHoles, String[] fields) {
    /** What {@link #of} gives for the shape's object with these values in; null if a field differs. */
    String fill(String[] values) {
      for (int i = 0; i < fieldHoles.length; i++) {
        if (!fields[i].equals(values[fieldHoles[i]])) {
          return null;
        }
      }
      StringBuilder key = new StringBuilder(segments[segments.length - 1].length() + 32 * segments.length);
      for (int i = 0; i < holes.length; i++) {
        key.append(segments[i]).append(JsonText.quote(values[holes[i]]));
      }
      return key.append(segments[holes.length]).toString();
    }
  }

  /**
   * The key's text; for a shape also where (offset, hole index) values go, the first object's values
   * and the holes taken as field names. A whole object has no holes and no gaps.
   */
  private record Key(StringBuilder text, List<int[]> gaps, String[] values, List<Integer> fields) {
    Key() {
      this(new StringBuilder(1024), null, null, null);
    }

    /** A string in full; a hole is a gap, which its value fills quoted. */
    void quoted(Object value) {
      if (value instanceof TemplateShapes.Hole hole && gaps != null) {
        gaps.add(new int[] {text.length(), hole.index()});
      } else {
        text.append(JsonText.quote((String) value));
      }
    }

    /** A model map's key: a hole is taken as the first object's value, which the template then asks for. */
    String field(Object key) {
      if (key instanceof String field) {
        return field;
      }
      if (key instanceof TemplateShapes.Hole hole && values != null) {
        fields.add(hole.index());
        return values[hole.index()];
      }
      throw new NotAString();
    }
  }

  private static final class NotAString extends RuntimeException {
    NotAString() {
      super(null, null, false, false);
    }
  }

  // A shape's hole is a string to come: it keys as a string would, in the gap where the string would go.
  private void append(Key out, Object value, Slot slot) {
    StringBuilder key = out.text();
    boolean string = value instanceof String || value instanceof TemplateShapes.Hole;
    if (value == null) {
      key.append('~');
    } else if (slot == Slot.Scalar.STRING && string) {
      key.append('s');
    } else if (slot instanceof Slot.Model model && value instanceof Map<?, ?> map) {
      ModelShape shape = shapes.of(model.type());
      key.append('{');
      for (Map.Entry<?, ?> e : map.entrySet()) {
        String field = out.field(e.getKey());
        Slot fieldSlot = shape.fields().get(field);
        if (fieldSlot == null) {
          // Not the model's: written in full (quoted), so it cannot pass for another field.
          key.append(JsonText.quote(field)).append(':');
          literal(out, e.getValue());
        } else {
          key.append(field).append(':');
          append(out, e.getValue(), fieldSlot);
        }
        key.append(',');
      }
      key.append('}');
    } else if (slot instanceof Slot.MapOf map && value instanceof Map<?, ?> entries) {
      key.append('{');
      for (Map.Entry<?, ?> e : entries.entrySet()) {
        if (!(e.getKey() instanceof String || e.getKey() instanceof TemplateShapes.Hole && out.gaps() != null)) {
          throw new NotAString();
        }
        key.append("#:");
        append(out, e.getValue(), map.value());
        key.append(',');
      }
      key.append('}');
    } else if (slot instanceof Slot.ListOf list && value instanceof List<?> items) {
      key.append('[');
      for (Object item : items) {
        append(out, item, list.item());
        key.append(',');
      }
      key.append(']');
    } else {
      literal(out, value);
    }
  }

  /** Any other value in full, its Java type included: 3, 3L and 3.0 may not fare the same. */
  private static void literal(Key out, Object value) {
    StringBuilder key = out.text();
    if (value instanceof String || value instanceof TemplateShapes.Hole && out.gaps() != null) {
      out.quoted(value);
    } else if (value instanceof Map<?, ?> map) {
      key.append('{');
      for (Map.Entry<?, ?> e : map.entrySet()) {
        literal(out, e.getKey());
        key.append(':');
        literal(out, e.getValue());
        key.append(',');
      }
      key.append('}');
    } else if (value instanceof List<?> list) {
      key.append('[');
      for (Object item : list) {
        literal(out, item);
        key.append(',');
      }
      key.append(']');
    } else {
      key.append(value == null ? "~" : value.getClass().getSimpleName() + ":" + value);
    }
  }
}

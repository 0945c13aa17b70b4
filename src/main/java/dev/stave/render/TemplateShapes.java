package dev.stave.render;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads rendered templates, parsing each distinct shape once. The points of a sweep render the same
 * template text around different values, so the YAML reader runs once per shape and every object after
 * that is the parsed shape with its values put in: the same tree the reader gives for the full text,
 * because every value was one double-quoted scalar there. Whatever could make the two differ takes the
 * full text through the reader instead: values {@link RenderedText#fillable()} rules out, a placeholder
 * that is not a whole key or value (inside a comment, a block scalar or a longer scalar), a shape that
 * is not YAML, or two values that make the same key.
 *
 * <p>Safe to share between threads.
 */
final class TemplateShapes {
  // Enough for every template of a large bundle; shapes past it are parsed but not kept.
  private static final int MAX_SHAPES = 1024;
  private static final int MAX_SHAPE_CHARS = 64 * 1024;

  private final Map<String, Shape> shapes = new ConcurrentHashMap<>();

  /**
   * The parsed text, as {@link CanonicalYaml#parse} gives it, and the shape it was filled in from; the
   * shape is null when the text was read whole.
   */
  Parsed read(RenderedText rendered) {
    return read(rendered, shapeOf(rendered));
  }

  /** As {@link #read(RenderedText)}, with the text's shape already looked up ({@link #shapeOf}). */
  Parsed read(RenderedText rendered, Shape shape) {
    Object tree = shape == null ? null : shape.fill(rendered.values());
    return tree != null ? new Parsed(tree, shape) : new Parsed(CanonicalYaml.parse(rendered.text()), null);
  }

  /** The shape the text's values go into (its tree null when they cannot); null when they must not. */
  Shape shapeOf(RenderedText rendered) {
    if (!rendered.fillable() || rendered.shape().length() > MAX_SHAPE_CHARS) {
      return null;
    }
    Shape shape = shapes.get(rendered.shape());
    if (shape == null) {
      shape = Shape.of(rendered);
      if (shapes.size() < MAX_SHAPES) {
        shapes.putIfAbsent(rendered.shape(), shape);
      }
    }
    return shape;
  }

  record Parsed(Object tree, Shape shape) {}

  /**
   * A parsed shape with a {@link Hole} where each value goes; a null tree when values cannot go in.
   * It also keeps the {@link RenderPlan} of its objects, made when first asked for.
   */
  static final class Shape {
    private final Object tree;
    // For each map with values as keys: its own keys and the values' indexes.
    private final List<Set<Object>> fixedKeys = new ArrayList<>();
    private final List<int[]> keyHoles = new ArrayList<>();
    private volatile Object plan;
    private volatile Object memo;

    private Shape(Object tree) {
      this.tree = tree;
      if (tree != null) {
        keyGroups(tree);
      }
    }

    /** The plan for writing objects of this shape; null when they must be written the usual way. */
    RenderPlan plan() {
      Object p = plan;
      if (p == null) {
        Map<String, Object> canonical = canonical();
        RenderPlan made = canonical == null ? null : RenderPlan.of(canonical);
        p = made == null ? NONE : made;
        plan = p;
      }
      return p == NONE ? null : (RenderPlan) p;
    }

    /**
     * The shape as an object in canonical order, holes in, YAML nulls as null; null when it has a value
     * as a top-level key (the order would depend on the value).
     */
    Map<String, Object> canonical() {
      return tree == null || ((Map<?, ?>) tree).keySet().stream().anyMatch(k -> k instanceof Hole)
          ? null : ObjectRenderer.canonicalOrder(ObjectRenderer.cast(nullsBack(tree)));
    }

    /** What {@code make} gives for this shape, made on first use and kept (null too). */
    @SuppressWarnings("unchecked")
    <T> T memo(java.util.function.Function<Shape, T> make) {
      Object m = memo;
      if (m == null) {
        T made = make.apply(this);
        m = made == null ? NONE : made;
        memo = m;
      }
      return m == NONE ? null : (T) m;
    }

    private static final Object NONE = new Object();

    /** Whether these values give every map of the shape distinct keys, as {@link #fill} requires. */
    boolean keysDistinct(String[] values) {
      for (int g = 0; g < keyHoles.size(); g++) {
        int[] holes = keyHoles.get(g);
        Set<Object> fixed = fixedKeys.get(g);
        for (int i = 0; i < holes.length; i++) {
          String key = values[holes[i]];
          if (fixed.contains(key)) {
            return false;
          }
          for (int j = 0; j < i; j++) {
            if (key.equals(values[holes[j]])) {
              return false;
            }
          }
        }
      }
      return true;
    }

    private void keyGroups(Object node) {
      if (node instanceof Map<?, ?> map) {
        Set<Object> fixed = new HashSet<>();
        List<Integer> holes = new ArrayList<>();
        map.forEach((k, v) -> {
          if (k instanceof Hole h) {
            holes.add(h.index());
          } else {
            fixed.add(k);
          }
          keyGroups(v);
        });
        if (!holes.isEmpty()) {
          fixedKeys.add(fixed);
          keyHoles.add(holes.stream().mapToInt(Integer::intValue).toArray());
        }
      } else if (node instanceof List<?> list) {
        list.forEach(this::keyGroups);
      }
    }

    /** The tree with holes kept and {@link #NULL} back to null. */
    private static Object nullsBack(Object node) {
      if (node instanceof Map<?, ?> map) {
        Map<Object, Object> copy = new LinkedHashMap<>();
        map.forEach((k, v) -> copy.put(k, nullsBack(v)));
        return copy;
      }
      if (node instanceof List<?> list) {
        List<Object> copy = new ArrayList<>(list.size());
        list.forEach(item -> copy.add(nullsBack(item)));
        return copy;
      }
      return node == NULL ? null : node;
    }

    static Shape of(RenderedText rendered) {
      if (ShapeWriter.marks(rendered.shape()) != rendered.values().length) {
        return new Shape(null);
      }
      Object parsed;
      try {
        parsed = CanonicalYaml.parse(rendered.shape());
      } catch (IllegalArgumentException e) {
        return new Shape(null);
      }
      if (!(parsed instanceof Map<?, ?>)) {
        return new Shape(null);
      }
      boolean[] seen = new boolean[rendered.values().length];
      Object tree = holes(parsed, seen);
      if (tree == null) {
        return new Shape(null);
      }
      for (boolean s : seen) {
        if (!s) {
          return new Shape(null);
        }
      }
      return new Shape(tree);
    }

    /**
     * A copy of the tree with placeholders as holes and YAML nulls as {@link #NULL}; null when a
     * placeholder is misplaced or repeated, or a key is not a string.
     */
    private static Object holes(Object node, boolean[] seen) {
      if (node instanceof Map<?, ?> map) {
        Map<Object, Object> copy = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
          Object key = e.getKey() instanceof String ? hole(e.getKey(), seen) : null;
          Object value = holes(e.getValue(), seen);
          if (key == null || value == null) {
            return null;
          }
          copy.put(key, value);
        }
        return copy;
      }
      if (node instanceof List<?> list) {
        List<Object> copy = new ArrayList<>(list.size());
        for (Object item : list) {
          Object value = holes(item, seen);
          if (value == null) {
            return null;
          }
          copy.add(value);
        }
        return copy;
      }
      return hole(node, seen);
    }

    private static Object hole(Object scalar, boolean[] seen) {
      if (!(scalar instanceof String s) || s.indexOf(ShapeWriter.MARK) < 0) {
        return scalar == null ? NULL : scalar;
      }
      int index = ShapeWriter.placeholder(s, seen.length);
      if (index < 0 || seen[index]) {
        return null;
      }
      seen[index] = true;
      return new Hole(index);
    }

    Object fill(String[] values) {
      return tree == null ? null : fill(tree, values);
    }

    /** The tree with the values in; null when two values make the same key. */
    private static Object fill(Object node, String[] values) {
      if (node instanceof Map<?, ?> map) {
        Map<Object, Object> copy = new LinkedHashMap<>(map.size() * 4 / 3 + 1);
        for (Map.Entry<?, ?> e : map.entrySet()) {
          Object key = e.getKey() instanceof Hole h ? values[h.index()] : e.getKey();
          Object value = fill(e.getValue(), values);
          if (value == null || copy.containsKey(key)) {
            return null;
          }
          copy.put(key, value == NULL ? null : value);
        }
        return copy;
      }
      if (node instanceof List<?> list) {
        List<Object> copy = new ArrayList<>(list.size());
        for (Object item : list) {
          Object value = fill(item, values);
          if (value == null) {
            return null;
          }
          copy.add(value == NULL ? null : value);
        }
        return copy;
      }
      return node instanceof Hole h ? values[h.index()] : node;
    }
  }

  /** Where value number {@code index} goes. */
  record Hole(int index) {
    // Written out, as ObjectVerifier's Kind: a record's own are bootstrapped through method handles.
    @Override
    public boolean equals(Object o) {
      return o instanceof Hole h && index == h.index;
    }

    @Override
    public int hashCode() {
      return index;
    }
  }

  /** Stands for a YAML null inside a shape, so that null can mean "cannot fill". */
  private static final Object NULL = new Object();
}

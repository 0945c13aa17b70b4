package dev.stave.render;

import java.util.List;
import java.util.Map;

/**
 * The emitted text of one template shape, with a gap where each value goes. An object of that shape
 * is then written by putting each value's one-line token into its gap, which is what {@link
 * BlockWriter} writes for the filled tree: a one-line string changes nothing around it. The text with
 * placeholders in the gaps is read back once, when the plan is made, and must give the shape with each
 * placeholder in its place; each token is proven to read back as its value alone in its place ({@link
 * EmittedShapes#proven}), which together is the read-back check (README, How the output is made) ({@link EmittedShapes}
 * explains why).
 *
 * <p>Objects with overrides, values that need a block scalar or an explicit key, and shapes with a
 * value as a top-level key (whose order {@link ObjectRenderer#canonicalOrder} could change) are written
 * the usual way.
 */
final class RenderPlan {
  private final String[] segments;
  private final char[] places;
  private final int[] values;

  private RenderPlan(String[] segments, char[] places, int[] values) {
    this.segments = segments;
    this.places = places;
    this.values = values;
  }

  /** The plan for a shape in canonical order, holes included; null when one cannot be made. */
  static RenderPlan of(Map<String, Object> shape) {
    for (Object key : shape.keySet()) {
      if (key instanceof TemplateShapes.Hole) {
        return null;
      }
    }
    ScalarTokens gaps = new ScalarTokens();
    String text;
    try {
      text = BlockWriter.write(shape, null, gaps);
    } catch (IllegalArgumentException e) {
      return null;
    }
    if (ShapeWriter.marks(text) != gaps.size() || !readsBack(text, gaps, shape)) {
      return null;
    }
    String[] segments = new String[gaps.size() + 1];
    char[] places = new char[gaps.size()];
    int[] values = new int[gaps.size()];
    int from = 0;
    for (int i = 0; i < gaps.size(); i++) {
      segments[i] = text.substring(from, gaps.start(i));
      places[i] = gaps.place(i);
      values[i] = Integer.parseInt(gaps.value(i));
      from = gaps.end(i);
    }
    segments[gaps.size()] = text.substring(from);
    return new RenderPlan(segments, places, values);
  }

  /** The text with placeholders reads back as the shape, each placeholder where its hole is. */
  private static boolean readsBack(String text, ScalarTokens gaps, Object shape) {
    Object read;
    try {
      read = CanonicalYaml.parse(text);
    } catch (IllegalArgumentException e) {
      return false;
    }
    boolean[] seen = new boolean[gaps.size()];
    // Left the shape (holes included), right what was read back.
    return InStep.same(shape, read, ScalarTokens.NONE, (left, right, place) -> left instanceof TemplateShapes.Hole hole
        ? placeholder(right, hole, place, gaps, seen)
        : !(right instanceof String t && t.indexOf(ShapeWriter.MARK) >= 0) && CanonicalYaml.sameValue(left, right));
  }

  /** The reader found gap number n's placeholder here, the gap was written here for this hole. */
  private static boolean placeholder(Object read, TemplateShapes.Hole hole, char place, ScalarTokens gaps,
      boolean[] seen) {
    int n = read instanceof String s ? ShapeWriter.placeholder(s, gaps.size()) : -1;
    if (n < 0 || seen[n]) {
      return false;
    }
    seen[n] = true;
    return gaps.place(n) == place && gaps.value(n).equals(String.valueOf(hole.index()));
  }

  /**
   * The object's text with these values in, as {@link BlockWriter} writes it and proven to read back;
   * null when a value needs more than a one-line token or its token is not proven, and the object must
   * be written the usual way.
   */
  String write(String[] valuesOfObject, EmittedShapes proofs) {
    String[] tokens = new String[places.length];
    boolean[] fresh = new boolean[places.length];
    int unproven = 0;
    for (int i = 0; i < places.length; i++) {
      String value = valuesOfObject[values[i]];
      tokens[i] = proofs.provenToken(places[i], value);
      if (tokens[i] == null) {
        tokens[i] = newAlready(i, value, tokens, fresh, valuesOfObject);
      }
      if (tokens[i] == null) {
        tokens[i] = BlockWriter.token(value, places[i]);
        if (tokens[i] == null || !lineFree(value)) {
          return null;
        }
        fresh[i] = true;
        unproven++;
      }
    }
    if (unproven > 0 && !proveNew(valuesOfObject, tokens, fresh, unproven, proofs)) {
      return null;
    }
    StringBuilder out = new StringBuilder(segments[segments.length - 1].length() + 64 * segments.length);
    for (int i = 0; i < places.length; i++) {
      out.append(segments[i]).append(tokens[i]);
    }
    return out.append(segments[segments.length - 1]).toString();
  }

  /** The token of an earlier gap with the same value and place that is new too: proven with it. */
  private String newAlready(int gap, String value, String[] tokens, boolean[] fresh, String[] valuesOfObject) {
    for (int j = 0; j < gap; j++) {
      if (fresh[j] && places[j] == places[gap] && valuesOfObject[values[j]].equals(value)) {
        return tokens[j];
      }
    }
    return null;
  }

  /** The object's new tokens (those not yet proven for their value and place), proven together. */
  private boolean proveNew(String[] valuesOfObject, String[] tokens, boolean[] fresh, int unproven,
      EmittedShapes proofs) {
    char[] newPlaces = new char[unproven];
    String[] newTokens = new String[unproven];
    String[] expected = new String[unproven];
    for (int i = 0, n = 0; i < places.length; i++) {
      if (fresh[i]) {
        newPlaces[n] = places[i];
        newTokens[n] = tokens[i];
        expected[n++] = valuesOfObject[values[i]];
      }
    }
    return proofs.provenAll(newPlaces, newTokens, expected);
  }

  /** Values with a line break of any YAML version stay with the usual path, as {@link ScalarTokens} does. */
  private static boolean lineFree(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029) {
        return false;
      }
    }
    return true;
  }
}

package dev.stave.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * Proves that emitted text reads back as the tree it was written from (README, How the output is made)
 * while running the YAML reader once per shape rather than once per object, which is most of a large
 * sweep's time otherwise.
 *
 * <p>The text is split in two: its shape, where every one-line string token {@link BlockWriter} wrote
 * is replaced by a numbered placeholder, and the tokens. The shape is read once and must give the tree's
 * structure and every other scalar; each token is read once, alone in the same place (as a key, a
 * mapping value or a list item; an object's new tokens together, which says the same, see
 * {@link #provenAll}), and must give its string. Together these say what reading the whole
 * text says, because such a token cannot reach past its own line: it holds no line break, it is the last
 * thing on its line, and the next line starts at or left of the column of its key or dash. When this
 * cannot prove it, {@link #readsBack} says so and the caller reads the whole text.
 *
 * <p>Safe to share between threads.
 */
final class EmittedShapes {
  private static final int MAX_SHAPES = 1024;
  private static final int MAX_SHAPE_CHARS = 256 * 1024;
  private static final int MAX_TOKENS = 200_000;
  private static final Object UNUSABLE = new Object();
  private static final char[] PLACES = {ScalarTokens.KEY, ScalarTokens.VALUE, ScalarTokens.ITEM};

  private final Map<String, Object> shapes = new ConcurrentHashMap<>();
  // For each string, the tokens proven to read back as it, as a key, a value and a list item.
  private final Map<String, String[]> proven = new ConcurrentHashMap<>();

  /**
   * True when {@code text}, written by {@link BlockWriter} from {@code tree} with its one-line strings
   * noted in {@code written}, reads back as {@code tree}; false when that is not proven here.
   */
  boolean readsBack(String text, ScalarTokens written, Object tree) {
    String shape = shape(text, written);
    if (shape.length() > MAX_SHAPE_CHARS) {
      return false;
    }
    Object holes = shapes.get(shape);
    if (holes == null) {
      holes = holes(shape, written.size());
      if (shapes.size() < MAX_SHAPES) {
        shapes.putIfAbsent(shape, holes);
      }
    }
    return holes != UNUSABLE && new Match(text, written).same(holes, tree);
  }

  private static String shape(String text, ScalarTokens written) {
    StringBuilder b = new StringBuilder(text.length());
    int from = 0;
    for (int i = 0; i < written.size(); i++) {
      b.append(text, from, written.start(i)).append(ShapeWriter.MARK).append(i);
      from = written.end(i);
    }
    return b.append(text, from, text.length()).toString();
  }

  /** The read shape with a {@link Hole} per placeholder; UNUSABLE unless each is read once, whole. */
  private static Object holes(String shape, int count) {
    if (ShapeWriter.marks(shape) != count) {
      return UNUSABLE;
    }
    Object read;
    try {
      read = CanonicalYaml.parse(shape);
    } catch (IllegalArgumentException e) {
      return UNUSABLE;
    }
    if (!(read instanceof Map<?, ?> || read instanceof List<?>)) {
      return UNUSABLE;
    }
    boolean[] seen = new boolean[count];
    Object tree = holes(read, seen);
    if (tree == UNUSABLE) {
      return UNUSABLE;
    }
    for (boolean s : seen) {
      if (!s) {
        return UNUSABLE;
      }
    }
    return tree;
  }

  private static Object holes(Object node, boolean[] seen) {
    if (node instanceof Map<?, ?> map) {
      Map<Object, Object> copy = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        Object key = hole(e.getKey(), ScalarTokens.KEY, seen);
        Object value = holes(e.getValue(), ScalarTokens.VALUE, seen);
        if (key == UNUSABLE || value == UNUSABLE) {
          return UNUSABLE;
        }
        copy.put(key, value);
      }
      return copy;
    }
    if (node instanceof List<?> list) {
      List<Object> copy = new ArrayList<>(list.size());
      for (Object item : list) {
        Object value = holes(item, ScalarTokens.ITEM, seen);
        if (value == UNUSABLE) {
          return UNUSABLE;
        }
        copy.add(value);
      }
      return copy;
    }
    return hole(node, ScalarTokens.NONE, seen);
  }

  private static Object holes(Object node, char place, boolean[] seen) {
    return node instanceof Map<?, ?> || node instanceof List<?> ? holes(node, seen) : hole(node, place, seen);
  }

  private static Object hole(Object scalar, char place, boolean[] seen) {
    if (!(scalar instanceof String s) || s.indexOf(ShapeWriter.MARK) < 0) {
      return scalar;
    }
    int index = place == ScalarTokens.NONE ? -1 : ShapeWriter.placeholder(s, seen.length);
    if (index < 0 || seen[index]) {
      return UNUSABLE;
    }
    seen[index] = true;
    return new Hole(index, place);
  }

  /** Where token number {@code index} was, and in what place the reader found it. */
  private record Hole(int index, char place) {
    // Written out, as TemplateShapes' Hole: a record's own are bootstrapped through method handles.
    @Override
    public boolean equals(Object o) {
      return o instanceof Hole h && index == h.index && place == h.place;
    }

    @Override
    public int hashCode() {
      return 31 * index + place;
    }
  }

  /** One object's comparison of the read shape with its tree. */
  private final class Match {
    private final String text;
    private final ScalarTokens written;

    Match(String text, ScalarTokens written) {
      this.text = text;
      this.written = written;
    }

    boolean same(Object read, Object tree) {
      return InStep.same(read, tree, ScalarTokens.NONE, (left, right, place) -> left instanceof Hole hole
          ? right instanceof String s && token(hole, s)
          : CanonicalYaml.sameValue(left, right));
    }

    /** The token was written for this string in the place it was read in, and reads back as it alone. */
    private boolean token(Hole hole, String expected) {
      int i = hole.index();
      if (written.place(i) != hole.place() || !written.value(i).equals(expected)) {
        return false;
      }
      int start = written.start(i);
      int length = written.end(i) - start;
      int place = placeIndex(hole.place());
      String[] known = proven.get(expected);
      if (known != null && known[place] != null && known[place].length() == length
          && text.regionMatches(start, known[place], 0, length)) {
        return true;
      }
      return provenAll(new char[] {hole.place()}, new String[] {text.substring(start, start + length)},
          new String[] {expected});
    }
  }

  /**
   * The token already proven for this string in this place, or null. Every token here was written by
   * {@link BlockWriter} for its string, so it is also the token the emitter writes for it.
   */
  String provenToken(char place, String value) {
    String[] known = proven.get(value);
    return known == null ? null : known[placeIndex(place)];
  }

  /** Whether {@code token}, alone as a key, a mapping value or a list item, reads back as {@code expected}. */
  boolean proven(char place, String token, String expected) {
    String[] known = proven.get(expected);
    return known != null && token.equals(known[placeIndex(place)])
        || provenAll(new char[] {place}, new String[] {token}, new String[] {expected});
  }

  /**
   * Whether every {@code tokens[i]}, alone in {@code places[i]}, reads back as {@code expected[i]}. The
   * tokens of one place are read as one document, one line each ({@code T: k}, {@code k: T} or
   * {@code - T}), which says the same as reading each alone: a token holds no line break, the reader must give
   * exactly one plain {@code k} and one scalar per line, with no anchor, tag or alias anywhere, so each
   * line started afresh at column 0 and each token was read in its own place. A point of a sweep brings
   * about six new tokens; one read instead of six is a sixth of the reader's fixed cost per document.
   * When the batch does not read back as expected, each token is read alone, so only a token that fails
   * alone is not proven.
   */
  boolean provenAll(char[] places, String[] tokens, String[] expected) {
    for (char place : PLACES) {
      int count = 0;
      for (char p : places) {
        count += p == place ? 1 : 0;
      }
      if (count == 0) {
        continue;
      }
      String[] batch = new String[count];
      String[] wanted = new String[count];
      for (int i = 0, j = 0; i < places.length; i++) {
        if (places[i] == place) {
          batch[j] = tokens[i];
          wanted[j++] = expected[i];
        }
      }
      String[] read = read(place, batch);
      for (int j = 0; j < count; j++) {
        boolean same = read != null && wanted[j].equals(read[j]);
        if (!same
            && (count == 1 || !provenAll(new char[] {place}, new String[] {batch[j]}, new String[] {wanted[j]}))) {
          return false;
        }
        if (same) {
          remember(place, batch[j], wanted[j]);
        }
      }
    }
    return true;
  }

  private void remember(char place, String token, String expected) {
    if (proven.size() < MAX_TOKENS) {
      proven.compute(expected, (k, old) -> {
        String[] tokens = old == null ? new String[3] : old.clone();
        tokens[placeIndex(place)] = token;
        return tokens;
      });
    }
  }

  private static int placeIndex(char place) {
    return place == ScalarTokens.KEY ? 0 : place == ScalarTokens.VALUE ? 1 : 2;
  }

  /**
   * The strings a reader makes of the tokens, one line each in their place, in order; null when the
   * document is not exactly one key, value or item per line, or a token reads as anything but a
   * string. Read from the reader's events, which is what {@link CanonicalYaml#parse} builds its tree
   * from, without the tree.
   */
  private static String[] read(char place, String[] tokens) {
    StringBuilder text = new StringBuilder();
    for (String token : tokens) {
      // The reader skips a byte order mark at the start of the stream and reads it as a character
      // anywhere else, so such a token would read one way first in a batch and another way later.
      // The emitter escapes every one, so this proves nothing less of what it writes.
      if (token.startsWith("\uFEFF")) {
        return null;
      }
      switch (place) {
        case ScalarTokens.KEY -> text.append(token).append(": k\n");
        case ScalarTokens.VALUE -> text.append("k: ").append(token).append('\n');
        default -> text.append("- ").append(token).append('\n');
      }
    }
    List<Event> events = CanonicalYaml.events(text.toString());
    // StreamStart, DocumentStart, the collection's start, its scalars, its end, DocumentEnd, StreamEnd.
    int perLine = place == ScalarTokens.ITEM ? 1 : 2;
    if (events == null || events.size() != 6 + perLine * tokens.length
        || !events.get(2).is(place == ScalarTokens.ITEM ? Event.ID.SequenceStart : Event.ID.MappingStart)
        || ((CollectionStartEvent) events.get(2)).getAnchor() != null
        || ((CollectionStartEvent) events.get(2)).getTag() != null) {
      return null;
    }
    String[] read = new String[tokens.length];
    String[] line = new String[perLine];
    int token = place == ScalarTokens.KEY ? 0 : perLine - 1;
    for (int t = 0; t < tokens.length; t++) {
      for (int i = 0; i < perLine; i++) {
        if (!(events.get(3 + perLine * t + i) instanceof ScalarEvent scalar)
            || (line[i] = i == token ? CanonicalYaml.stringOf(scalar) : k(scalar)) == null) {
          return null;
        }
      }
      read[t] = line[token];
    }
    return read;
  }

  /** "k" when the scalar is the key or value {@code k} that was written around a token (a string in any style). */
  private static String k(ScalarEvent scalar) {
    return "k".equals(scalar.getValue()) && scalar.getTag() == null && scalar.getAnchor() == null ? "k" : null;
  }
}

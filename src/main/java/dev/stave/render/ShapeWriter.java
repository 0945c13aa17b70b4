package dev.stave.render;

import freemarker.core.TemplateProcessingTracer.TracedElement;
import java.io.IOException;
import java.io.Writer;
import java.nio.CharBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The writer templates render into. The template's own text is kept as written; every escaped value
 * (which {@link YamlOutputFormat} would write as one double-quoted scalar) is kept aside, and a
 * numbered placeholder scalar stands in its place. Objects made by the same template from similar data,
 * such as the points of a sweep, then share one text, the shape, which {@link TemplateShapes} parses
 * once.
 */
final class ShapeWriter extends Writer {
  /**
   * Starts every placeholder. A shape holding it anywhere else is not used ({@link TemplateShapes},
   * {@link EmittedShapes}); a Latin-1 character keeps the shapes compact strings.
   */
  static final char MARK = '\u00B6';

  /**
   * The number of the placeholder {@code s} is, written as this class writes it ({@link #MARK}, then
   * the number without leading zeros), below {@code count}; -1 for anything else.
   */
  static int placeholder(String s, int count) {
    if (s.length() < 2 || s.length() > 11 || s.charAt(0) != MARK) {
      return -1;
    }
    int n;
    try {
      n = Integer.parseInt(s, 1, s.length(), 10);
    } catch (NumberFormatException e) {
      return -1;
    }
    return n >= 0 && n < count && s.equals(String.valueOf(MARK) + n) ? n : -1;
  }

  /** How many times {@link #MARK} occurs in the text. */
  static int marks(String text) {
    int n = 0;
    for (int i = text.indexOf(MARK); i >= 0; i = text.indexOf(MARK, i + 1)) {
      n++;
    }
    return n;
  }

  /**
   * Thrown by every write once the template has written more than the YAML reader takes for one object
   * ({@link CanonicalYaml#MAX_CODE_POINTS}, counted in chars): a template printing in a loop over a huge
   * range is stopped there, not after gigabytes and the time limit, or the heap, run out.
   */
  static final class TooLong extends IOException {
    TooLong() {
      super("the template wrote more than " + CanonicalYaml.MAX_CODE_POINTS + " characters");
    }
  }

  private final StringBuilder shape = new StringBuilder(2048);
  private final List<String> values = new ArrayList<>();
  private final List<Integer> offsets = new ArrayList<>();
  private long written;
  // Who is writing, asked when the text holds a character no YAML text can carry; null: not checked.
  private Supplier<TracedElement> writing;
  private TracedElement unwritableAt;
  private char unwritable;
  // The writer of a high surrogate that ended the last text: a pair only if the next text starts with a low one.
  private TracedElement highAt;
  // While characters are checked (the user's templates): where each write starts in the shape, and the
  // element that wrote it, so that a place in text that is not YAML can be traced to the template.
  private final List<Integer> writeStarts = new ArrayList<>();
  private final List<TracedElement> writers = new ArrayList<>();

  /** Whether the template wrote more than it may; every write since has failed. */
  boolean tooLong() {
    return written > CanonicalYaml.MAX_CODE_POINTS;
  }

  private void count(int length) throws TooLong {
    written += length;
    if (tooLong()) {
      throw new TooLong();
    }
  }

  /**
   * Checks the text written as is (not the escaped values) for a lone surrogate or U+FFFE/U+FFFF, which the
   * YAML reader refuses with only a place in the rendered text; {@code writing} says which element of the
   * templates is writing, the place to report ({@link #unwritableAt}).
   */
  void checkCharacters(Supplier<TracedElement> writing) {
    this.writing = writing;
  }

  /** The element that wrote the first character no YAML text can carry ({@link #unwritable}); null if none. */
  TracedElement unwritableAt() {
    if (unwritableAt == null && highAt != null) {
      unwritableAt = highAt;
    }
    return unwritableAt;
  }

  /** The first character written as is that no YAML text can carry. */
  char unwritable() {
    return unwritable;
  }

  private void check(CharSequence text) {
    writeStarts.add(shape.length());
    writers.add(writing.get());
    for (int i = 0; i < text.length() && unwritableAt == null; i++) {
      char c = text.charAt(i);
      if (highAt != null) {
        if (!Character.isLowSurrogate(c)) {
          unwritableAt = highAt;
          return;
        }
        highAt = null;
      } else if (Character.isHighSurrogate(c) && i + 1 == text.length()) {
        highAt = writing.get();
        unwritable = c;
      } else if (Character.isHighSurrogate(c) && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c) || c == '\uFFFE' || c == '\uFFFF') {
        unwritableAt = writing.get();
        unwritable = c;
      }
    }
  }

  void value(String text) throws TooLong {
    count(text.length());
    if (writing != null) {
      check("\"");
    }
    offsets.add(shape.length());
    shape.append('"').append(MARK).append(values.size()).append('"');
    values.add(text);
  }

  @Override
  public void write(char[] chars, int offset, int length) throws TooLong {
    count(length);
    if (writing != null) {
      check(CharBuffer.wrap(chars, offset, length));
    }
    shape.append(chars, offset, length);
  }

  @Override
  public void write(String s) throws TooLong {
    count(s.length());
    if (writing != null) {
      check(s);
    }
    shape.append(s);
  }

  @Override
  public void write(String s, int offset, int length) throws TooLong {
    count(length);
    if (writing != null) {
      check(CharBuffer.wrap(s, offset, offset + length));
    }
    shape.append(s, offset, offset + length);
  }

  @Override
  public void write(int c) throws TooLong {
    count(1);
    if (writing != null) {
      check(String.valueOf((char) c));
    }
    shape.append((char) c);
  }

  @Override
  public void flush() {}

  @Override
  public void close() {}

  RenderedText rendered() {
    int[] at = new int[offsets.size()];
    for (int i = 0; i < at.length; i++) {
      at[i] = offsets.get(i);
    }
    String text = shape.toString();
    WrittenBy written = writing == null ? null : new WrittenBy(text,
        writeStarts.stream().mapToInt(Integer::intValue).toArray(), writers.toArray(TracedElement[]::new));
    return new RenderedText(text, values.toArray(String[]::new), at, written);
  }
}

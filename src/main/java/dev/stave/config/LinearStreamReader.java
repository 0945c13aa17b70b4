package dev.stave.config;

import dev.stave.diag.Sources;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Locale;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.scanner.ScannerException;

/**
 * SnakeYAML's reader over a text already in memory, in linear time.
 *
 * <p>SnakeYAML 2.5's {@link StreamReader} reads 1024 characters at a time and copies its whole window
 * on every refill, while its scanner looks ahead to the end of a word (a plain or quoted scalar), a
 * line (a comment, a line of a {@code |} block) or a run of spaces before it moves on. A run of n such
 * characters therefore costs n²/2048 copies: one word of 1 MiB took 3 s, 2 MiB 4 to 14 s, 7.5 MiB three
 * minutes (see docs/performance.md). Configs, template output and bundle files are strings already, so
 * this reader keeps the whole text as code points and only moves a pointer. It overrides every public
 * method the scanner calls, with the same line and column rules as the original.
 *
 * <p>A large file that another tool wrote (a cluster's node list) is read from a {@link Reader} instead,
 * through a window that holds only what the scanner has yet to pass: as code points, the whole of a
 * 60 MB list took 240 MB. The window grows to the longest word and is moved, not copied, as it is read
 * on, so that too is linear.
 */
public final class LinearStreamReader extends StreamReader {
  /** What a mark of streamed text holds for the text: the window moves on, and a mark kept must not hold it. */
  private static final int[] NO_TEXT = new int[0];

  private final String name;
  /** Where the rest of the text is read from; null when all of it is in {@link #points}. */
  private final Reader source;
  /** The text from {@link #index} - {@link #pointer} on, as code points: all of it, or the window. */
  private int[] points;
  /** How many of {@link #points} hold text. */
  private int length;
  /** A high surrogate that ended the last read, to join with the low one the next read starts with. */
  private int highSurrogate = -1;
  private final char[] chunk;
  /** Where the U+0085 (NEL) characters read so far are: at each, its index, line and column. */
  private int[] nels = new int[0];
  private int nelCount;
  private int pointer;
  private int index;
  private int documentIndex;
  private int line;
  private int column;

  /**
   * @param name how SnakeYAML's messages name the input ({@code 'string'}, {@code 'reader'})
   * @throws ScannerException at the first character YAML does not allow (a control character, a lone
   *     surrogate), with its line and column: the original reader reports it without a place
   */
  public LinearStreamReader(String text, String name) {
    super("");
    this.name = name;
    this.source = null;
    this.chunk = null;
    this.points = text.codePoints().toArray();
    this.length = points.length;
    for (int i = 0; i < points.length; i++) {
      if (!isPrintable(points[i])) {
        unprintable(i);
      }
    }
  }

  /**
   * A reader of streamed text, which its caller has checked for characters YAML does not allow:
   * {@code unprintable} is the index of the first such code point, where this reader stops at once as the
   * other constructor does, or -1 for none.
   *
   * @throws ScannerException at that character, with its line and column
   */
  public LinearStreamReader(Reader source, String name, int unprintable) {
    super("");
    this.name = name;
    this.source = source;
    this.chunk = new char[8192];
    this.points = new int[2 * chunk.length];
    if (unprintable >= 0) {
      // The text before it is read past only to count its lines and columns, as the other constructor does.
      unprintable(unprintable);
    }
  }

  private void unprintable(int offset) {
    forward(offset);
    throw new ScannerException(null, null, String.format(Locale.ROOT,
        "found the character U+%04X, which YAML does not allow", peek()), getMark());
  }

  /**
   * Whether at least {@code count} code points are there to read from {@link #pointer} on, reading on as
   * needed; false at the end of the text.
   */
  private boolean available(int count) {
    if (pointer + count <= length) {
      return true;
    }
    if (source == null) {
      return false;
    }
    if (pointer > 0) {
      // Only what is yet to be passed is kept: a mark of streamed text does not hold the window.
      System.arraycopy(points, pointer, points, 0, length - pointer);
      length -= pointer;
      pointer = 0;
    }
    try {
      while (length < count) {
        if (points.length - length <= chunk.length) {
          // A read adds at most a code point per char, and one for a high surrogate that ended the last.
          points = Arrays.copyOf(points, Math.max(points.length * 2, length + chunk.length + 1));
        }
        int read = source.read(chunk);
        if (read < 0) {
          if (highSurrogate >= 0) {
            points[length++] = highSurrogate;
            highSurrogate = -1;
          }
          return length >= count;
        }
        append(read);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return true;
  }

  /** Adds the {@code read} chars of {@link #chunk} to the window as code points, as String#codePoints reads them. */
  private void append(int read) {
    for (int i = 0; i < read; i++) {
      char c = chunk[i];
      if (highSurrogate >= 0) {
        int high = highSurrogate;
        highSurrogate = -1;
        if (Character.isLowSurrogate(c)) {
          points[length++] = Character.toCodePoint((char) high, c);
          continue;
        }
        points[length++] = high;
      }
      if (Character.isHighSurrogate(c)) {
        highSurrogate = c;
      } else {
        points[length++] = c;
      }
    }
  }

  @Override
  public Mark getMark() {
    return source == null ? new Mark(name, index, line, column, points, pointer)
        : new Mark(name, index, line, column, NO_TEXT, 0);
  }

  /**
   * Where the first U+0085 (NEL) from index {@code from} up to {@code to} (exclusive) is, as the 0-based line
   * and column of a mark; null when there is none.
   */
  public int[] nel(int from, int to) {
    // Noted in the order read, so by index: the first at or after from.
    int low = 0;
    int high = nelCount;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (nels[3 * mid] < from) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low < nelCount && nels[3 * low] < to ? new int[] {nels[3 * low + 1], nels[3 * low + 2]} : null;
  }

  @Override
  public void forward() {
    forward(1);
  }

  @Override
  public void forward(int length) {
    if (length < this.length - pointer) {
      // Most often: the window holds these and the one after them.
      forwardWithin(pointer + length);
      return;
    }
    // A block at a time, read ahead by one (a CR ends a line unless an LF follows): the window is checked once
    // a block, not twice a character. A block is at most a read, so that the window grows no larger for it.
    for (int left = length; left > 0; ) {
      int block = Math.min(left, chunk == null ? left : chunk.length);
      available(block + 1);
      int end = pointer + Math.min(block, this.length - pointer);
      if (end == pointer) {
        return;
      }
      left -= end - pointer;
      forwardWithin(end);
    }
  }

  /** Moves on to {@code end} of the window, which holds the character after it unless the text ends there. */
  private void forwardWithin(int end) {
    for (; pointer < end; pointer++) {
      int c = points[pointer];
      if (c == 0x85) {
        if (3 * nelCount == nels.length) {
          nels = Arrays.copyOf(nels, Math.max(12, nels.length * 2));
        }
        nels[3 * nelCount++] = index;
        nels[3 * nelCount - 2] = line;
        nels[3 * nelCount - 1] = column;
      }
      index++;
      documentIndex++;
      if (Sources.endsYamlLine(c, pointer + 1 < this.length ? points[pointer + 1] : -1)) {
        line++;
        column = 0;
      } else if (c != 0xFEFF) {
        column++;
      }
    }
  }

  @Override
  public int peek() {
    return peek(0);
  }

  @Override
  public int peek(int offset) {
    return available(offset + 1) ? points[pointer + offset] : 0;
  }

  @Override
  public String prefix(int length) {
    available(length);
    return length == 0 ? "" : new String(points, pointer, Math.max(0, Math.min(length, this.length - pointer)));
  }

  @Override
  public String prefixForward(int length) {
    String prefix = prefix(length);
    // As the original: the scanner calls this only for characters on one line.
    pointer += length;
    index += length;
    documentIndex += length;
    column += length;
    return prefix;
  }

  @Override
  public int getColumn() {
    return column;
  }

  @Override
  public int getDocumentIndex() {
    return documentIndex;
  }

  @Override
  public void resetDocumentIndex() {
    documentIndex = 0;
  }

  @Override
  public int getIndex() {
    return index;
  }

  @Override
  public int getLine() {
    return line;
  }
}

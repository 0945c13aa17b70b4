package dev.stave.config;

import dev.stave.diag.Sources;
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
 */
public final class LinearStreamReader extends StreamReader {
  private final String name;
  private final int[] points;
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
    this.points = text.codePoints().toArray();
    for (int i = 0; i < points.length; i++) {
      if (!isPrintable(points[i])) {
        forward(i);
        throw new ScannerException(null, null, String.format(Locale.ROOT,
            "found the character U+%04X, which YAML does not allow", points[i]), getMark());
      }
    }
  }

  @Override
  public Mark getMark() {
    return new Mark(name, index, line, column, points, pointer);
  }

  @Override
  public void forward() {
    forward(1);
  }

  @Override
  public void forward(int length) {
    for (int i = 0; i < length && pointer < points.length; i++) {
      boolean ends = endsLine(points, pointer);
      int c = points[pointer++];
      index++;
      documentIndex++;
      if (ends) {
        line++;
        column = 0;
      } else if (c != 0xFEFF) {
        column++;
      }
    }
  }

  /**
   * Whether the character at {@code i} ends a line, as SnakeYAML counts lines: a YAML line break (LF, NEL,
   * U+2028, U+2029), or a CR that no LF follows. (A BOM takes no column: see forward.)
   */
  static boolean endsLine(int[] points, int i) {
    return Sources.endsYamlLine(points[i], i + 1 < points.length ? points[i + 1] : -1);
  }

  @Override
  public int peek() {
    return peek(0);
  }

  @Override
  public int peek(int offset) {
    int at = pointer + offset;
    return at < points.length ? points[at] : 0;
  }

  @Override
  public String prefix(int length) {
    return length == 0 ? "" : new String(points, pointer, Math.max(0, Math.min(length, points.length - pointer)));
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

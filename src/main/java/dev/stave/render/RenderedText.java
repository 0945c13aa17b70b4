package dev.stave.render;

/**
 * A rendered template as its shape (the text with a placeholder scalar for every escaped value), the
 * values, and where each placeholder starts in the shape. {@link #text()} is exactly what the template
 * would have written with the values escaped in place.
 */
record RenderedText(String shape, String[] values, int[] offsets, WrittenBy written) {
  /** A rendering whose writers were not noted (the packaged templates). */
  RenderedText(String shape, String[] values, int[] offsets) {
    this(shape, values, offsets, null);
  }

  // Keys longer than this are not simple keys to a YAML reader (SnakeYAML allows 1024 characters).
  private static final int SHORT_SCALAR = 1000;

  String text() {
    StringBuilder b = new StringBuilder(shape.length() + 64 * values.length);
    int from = 0;
    for (int i = 0; i < values.length; i++) {
      b.append(shape, from, offsets[i]).append(YamlOutputFormat.quote(values[i]));
      from = offsets[i] + placeholder(i).length();
    }
    return b.append(shape, from, shape.length()).toString();
  }

  /**
   * Where in the shape the character at {@code textIndex} of {@link #text()} was written: a character of an
   * escaped value is at its placeholder's start.
   */
  int shapeIndex(int textIndex) {
    int delta = 0;
    for (int i = 0; i < values.length; i++) {
      int start = offsets[i] + delta;
      int quoted = YamlOutputFormat.quote(values[i]).length();
      if (textIndex < start) {
        break;
      }
      if (textIndex < start + quoted) {
        return offsets[i];
      }
      delta += quoted - placeholder(i).length();
    }
    return Math.min(textIndex - delta, shape.length());
  }

  static String placeholder(int index) {
    return "\"" + ShapeWriter.MARK + index + "\"";
  }

  /**
   * Whether putting the values into the parsed shape gives exactly what parsing {@link #text()} would:
   * true when every value is short and needs no escape beyond {@code \"}, {@code \\}, {@code \n},
   * {@code \t} and {@code \r}. Anything else (long text, control or unpaired characters) takes the
   * plain path through the YAML reader, with its limits and messages.
   */
  boolean fillable() {
    for (String v : values) {
      int quoted = v.length() + 2;
      if (quoted > SHORT_SCALAR) {
        return false;
      }
      for (int i = 0; i < v.length(); i++) {
        char c = v.charAt(i);
        if (c == '"' || c == '\\' || c == '\n' || c == '\t' || c == '\r') {
          quoted++;
        } else if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029 || c >= 0xd800) {
          return false;
        }
      }
      if (quoted > SHORT_SCALAR) {
        return false;
      }
    }
    return true;
  }
}

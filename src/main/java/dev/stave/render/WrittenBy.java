package dev.stave.render;

import freemarker.core.TemplateProcessingTracer.TracedElement;

/**
 * Which element of the templates wrote each stretch of a rendered shape: the element of the user's templates
 * that was running at each write ({@link TemplateWatch#writing}). Kept for the user's templates only, so that
 * text that is not YAML is reported in the template, where it can be fixed, rather than in an output the
 * user never sees.
 *
 * @param shape the shape written
 * @param starts where each write starts in the shape, ascending
 * @param writers the element of each write; null where none of the user's was running
 */
record WrittenBy(String shape, int[] starts, TracedElement[] writers) {
  /** A place in a template: its source name and FreeMarker's 1-based line and column (in chars). */
  record Place(String source, int line, int column) {}

  /**
   * Where the character at {@code index} of the shape came from: the line and column in the template of a
   * character that a static text wrote, else the start of the element that wrote it (an interpolation, a
   * macro call); null when no element of the user's wrote it.
   */
  Place at(int index) {
    // The last write that starts at or before index: the one that wrote the character (empty writes before it
    // start where it does).
    int low = 0;
    int high = starts.length;
    while (low < high) {
      int middle = (low + high) >>> 1;
      if (starts[middle] <= index) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    int write = low - 1;
    if (write < 0 || writers[write] == null || writers[write].getTemplate() == null) {
      return null;
    }
    TracedElement element = writers[write];
    String source = element.getTemplate().getSourceName();
    int end = write + 1 < starts.length ? starts[write + 1] : shape.length();
    String chunk = shape.substring(starts[write], end);
    String text = element.getTemplate().getSource(element.getBeginColumn(), element.getBeginLine(),
        element.getEndColumn(), element.getEndLine());
    int within = chunk.isEmpty() || text == null ? -1 : text.indexOf(chunk);
    if (within < 0) {
      return new Place(source, element.getBeginLine(), element.getBeginColumn());
    }
    // A static text writes its source as is (less the lines FreeMarker strips around directives): the
    // character's place in the source, counting line breaks as FreeMarker does (LF, CRLF, a lone CR).
    int line = element.getBeginLine();
    int column = element.getBeginColumn();
    int stop = within + index - starts[write];
    for (int i = 0; i < stop; i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r' && (i + 1 == text.length() || text.charAt(i + 1) != '\n')) {
        line++;
        column = 1;
      } else if (c != '\r') {
        column++;
      }
    }
    return new Place(source, line, column);
  }
}

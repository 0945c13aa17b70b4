package dev.stave.render;

import freemarker.core.Environment;
import freemarker.core.TemplateProcessingTracer;
import java.io.StringWriter;
import java.io.Writer;
import java.util.function.Predicate;

/**
 * Watches one processing of the user's templates from inside, through FreeMarker's tracing hook, which
 * FreeMarker calls as every element (text, interpolation, directive) starts, in the processing thread.
 * {@link ShapeWriter} caps what a template writes for the object, but the text of an {@code <#assign x>},
 * {@code #global} or {@code #local} capture, or of an {@code #attempt} block, goes to a writer of
 * FreeMarker's own: this checks that text's size as each element ends, and stops the template there once
 * it is more than stave reads for one object.
 */
final class TemplateWatch implements TemplateProcessingTracer {
  /**
   * Thrown where the processing is stopped. Once thrown it is thrown again at every element that
   * starts, so that an {@code #attempt} that catches it (as a directive's error) cannot run on.
   */
  static final class Stop extends RuntimeException {
    Stop() {
      super("stopped", null, false, false);
    }
  }

  private final Writer shape;
  private final Predicate<String> usersTemplate;
  // The capture FreeMarker writes into: the innermost, or the last one seen while a #compress inside it
  // has put its own writer in front of it.
  private StringWriter capture;
  private boolean tooLong;
  private volatile TracedElement lastOfUsers;

  /**
   * @param shape the writer the processing started with, which caps the object's text itself
   * @param usersTemplate whether a template, by its source name, is a file of the user's
   */
  TemplateWatch(Writer shape, Predicate<String> usersTemplate) {
    this.shape = shape;
    this.usersTemplate = usersTemplate;
  }

  @Override
  public void enterElement(Environment env, TracedElement element) {
    if (tooLong) {
      throw new Stop();
    }
    if (env.getOut() instanceof StringWriter captured && captured != shape) {
      capture = captured;
    }
    note(element);
  }

  /** Checks the capture after each element, so that the one whose text made it too long is the one named. */
  @Override
  public void exitElement(Environment env, TracedElement element) {
    if (!tooLong && capture != null && capture.getBuffer().length() > CanonicalYaml.MAX_CODE_POINTS) {
      tooLong = true;
      capture = null;
      note(element);
      throw new Stop();
    }
  }

  private void note(TracedElement element) {
    if (element.getTemplate() != null && usersTemplate.test(element.getTemplate().getSourceName())) {
      lastOfUsers = element;
    }
  }

  /** Whether a capture grew past the limit: the processing was stopped. */
  boolean tooLong() {
    return tooLong;
  }

  /**
   * The element of the user's templates that started last: where the processing was when it stopped,
   * or, read from another thread, about where it is; null before the first.
   */
  TracedElement lastOfUsers() {
    return lastOfUsers;
  }
}

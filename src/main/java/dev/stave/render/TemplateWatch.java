package dev.stave.render;

import freemarker.core.Environment;
import freemarker.core.TemplateProcessingTracer;
import java.io.StringWriter;
import java.io.Writer;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Watches one processing of the user's templates from inside, through FreeMarker's tracing hook, which
 * FreeMarker calls as every element (text, interpolation, directive) starts, in the processing thread.
 * {@link ShapeWriter} caps what a template writes for the object, but the text of an {@code <#assign x>},
 * {@code #global} or {@code #local} capture, or of an {@code #attempt} block, goes to a writer of
 * FreeMarker's own: this checks that text's size as each element ends, and stops the template there once
 * it is more than stave reads for one object.
 *
 * <p>It also ends the processing where {@link RenderDeadline} interrupted it, at the next element that
 * starts, in any template (text run with {@code ?interpret} too, which has no interruption checks of
 * FreeMarker's), and keeps the elements running then: the place to report, and whether a macro or
 * function was calling itself.
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
  // The elements running, outermost first (a macro or function calling itself holds its calls many times).
  private TracedElement[] running = new TracedElement[64];
  private int depth;
  private boolean interrupted;
  private TracedElement stoppedAt;
  private boolean recursion;

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
    if (tooLong || interrupted) {
      throw new Stop();
    }
    if (env.getOut() instanceof StringWriter captured && captured != shape) {
      capture = captured;
    }
    note(element);
    if (depth == running.length) {
      running = Arrays.copyOf(running, depth * 2);
    }
    running[depth++] = element;
    if (Thread.currentThread().isInterrupted()) {
      interrupted = true;
      stopped();
      throw new Stop();
    }
  }

  /** Checks the capture after each element, so that the one whose text made it too long is the one named. */
  @Override
  public void exitElement(Environment env, TracedElement element) {
    if (depth > 0) {
      running[--depth] = null;
    }
    if (!tooLong && capture != null && capture.getBuffer().length() > CanonicalYaml.MAX_CODE_POINTS) {
      tooLong = true;
      capture = null;
      note(element);
      throw new Stop();
    }
  }

  private void note(TracedElement element) {
    if (users(element)) {
      lastOfUsers = element;
    }
  }

  private boolean users(TracedElement element) {
    return element.getTemplate() != null && usersTemplate.test(element.getTemplate().getSourceName());
  }

  /**
   * Where the interrupted processing was, in the user's templates: at the outermost running element that
   * runs more than once, the definition of a macro or function calling itself (FreeMarker enters it at
   * every call); else at the innermost loop running; else at the innermost element running.
   */
  private void stopped() {
    Map<TracedElement, Integer> first = new IdentityHashMap<>();
    int recursive = -1;
    int loop = -1;
    int innermost = -1;
    for (int i = 0; i < depth; i++) {
      TracedElement element = running[i];
      if (users(element)) {
        Integer earlier = first.putIfAbsent(element, i);
        if (earlier != null && (recursive < 0 || earlier < recursive)) {
          recursive = earlier;
        }
        String what = element.getDescription();
        if (what.startsWith("#list ") || what.startsWith("#items ") || what.startsWith("#foreach ")) {
          loop = i;
        }
        innermost = i;
      }
    }
    recursion = recursive >= 0;
    int at = recursion ? recursive : loop >= 0 ? loop : innermost;
    stoppedAt = at >= 0 ? running[at] : null;
  }

  /** Whether the processing was interrupted and stopped (FreeMarker may have stopped it before this did). */
  boolean interrupted() {
    return interrupted;
  }

  /** The running element of the user's the interrupted processing was stopped at, or null. */
  TracedElement stoppedAt() {
    return stoppedAt;
  }

  /** Whether a macro or function of the user's was calling itself when the processing was stopped. */
  boolean recursion() {
    return recursion;
  }

  /** Whether a capture grew past the limit: the processing was stopped. */
  boolean tooLong() {
    return tooLong;
  }

  /**
   * The innermost running element of the user's templates, the one writing what the processing writes now
   * (an interpolation, say, once the functions it called have returned); else the one that started last.
   */
  TracedElement writing() {
    for (int i = depth - 1; i >= 0; i--) {
      if (users(running[i])) {
        return running[i];
      }
    }
    return lastOfUsers;
  }

  /**
   * The element of the user's templates that started last: where the processing was when it stopped,
   * or, read from another thread, about where it is; null before the first.
   */
  TracedElement lastOfUsers() {
    return lastOfUsers;
  }
}

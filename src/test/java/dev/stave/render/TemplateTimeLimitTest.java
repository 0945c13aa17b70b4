package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.cli.Run;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.UserError;
import freemarker.template.TemplateBooleanModel;
import freemarker.template.TemplateMethodModelEx;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A user's template that does not finish is stopped and reported; the rendering thread is left as it was. */
class TemplateTimeLimitTest {
  private static final Duration LIMIT = Duration.ofMillis(300);
  /**
   * The limit of a test whose template finishes: a cold FreeMarker on a busy machine can take longer than
   * {@link #LIMIT} for the shortest template.
   */
  private static final Duration ROOMY = Run.HANG;

  @TempDir
  Path templates;

  private Diagnostic stopped(String template) {
    UserError e = assertThrows(UserError.class,
        () -> new TemplateRenderer(templates, LIMIT).render(template, Map.of()));
    assertFalse(Thread.currentThread().isInterrupted(), "the interrupt was cleared");
    assertEquals(1, e.diagnostics().size());
    return e.diagnostics().get(0);
  }

  @Test
  void anEndlessListIsStoppedAtTheLimit() throws IOException {
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\nn: <#list 1.. as i></#list>\n");
    Diagnostic d = stopped("job.ftl");
    assertEquals("template-time-limit", d.code());
    assertEquals(new Origin(templates.resolve("job.ftl").toString(), 2, 4), d.origin());
    assertEquals("template job.ftl was stopped after 300ms without finishing (a #list over a range without an end,"
        + " such as 1.., or over billions of numbers?)", d.message());
    assertEquals(List.of("bound the loop, e.g. <#list 1..n as i>, or remove the template to use the packaged one"),
        d.hints());
  }

  /**
   * A loop (in text run with ?interpret too), or a macro or function that calls itself twice per call
   * (billions of calls, never deep), is ended, not left running: when the render returns, the thread that
   * ran it is out of FreeMarker. It is reported at the loop, the ?interpret, or the macro or function.
   */
  @ParameterizedTest
  @MethodSource
  void aStoppedLoopOrRecursionLeavesNoThreadRunningIt(String loop, int column, String why, String fix)
      throws IOException {
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\n" + loop + "\n");
    AtomicReference<Thread> worker = new AtomicReference<>();
    TemplateMethodModelEx here = arguments -> {
      worker.set(Thread.currentThread());
      return TemplateBooleanModel.TRUE;
    };
    UserError e = assertThrows(UserError.class,
        () -> new TemplateRenderer(templates, LIMIT).render("job.ftl", Map.of("here", here)));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals(new Origin(templates.resolve("job.ftl").toString(), 2, column), d.origin());
    assertEquals("template job.ftl was stopped after 300ms without finishing (" + why + ")", d.message());
    assertEquals(List.of(fix + ", or remove the template to use the packaged one"), d.hints());
    List<String> inTemplate = Arrays.stream(worker.get().getStackTrace()).map(StackTraceElement::getClassName)
        .filter(name -> name.startsWith("freemarker.")).toList();
    assertEquals(List.of(), inTemplate);
  }

  static Stream<Arguments> aStoppedLoopOrRecursionLeavesNoThreadRunningIt() {
    String loop = "a #list over a range without an end, such as 1.., or over billions of numbers?";
    String bound = "bound the loop, e.g. <#list 1..n as i>";
    String recursion = "a macro or function here that calls itself without an end, or billions of times?";
    String end = "make its calls to itself end, e.g. call it again only <#if n < 10>";
    return Stream.of(
        Arguments.of("n: <#list 1.. as i><#if here()></#if></#list>", 4, loop, bound),
        Arguments.of("n: <@\"<#list 1.. as i><#if here()></#if></#list>\"?interpret/>", 4, loop, bound),
        Arguments.of("  <#macro twice n><#if here() && n < 60><@twice n + 1/><@twice n + 1/></#if></#macro><@twice 0/>",
            3, recursion, end),
        Arguments.of("<#function twice n><#if here() && n < 60><#return twice(n + 1) + twice(n + 1)></#if><#return 1>"
            + "</#function>x: ${twice(0)}", 1, recursion, end));
  }

  /**
   * A built-in that walks an endless range in Java: the processing cannot be ended; the run stops waiting
   * for it, and reports it where it runs. Here it loops until the test releases it, so that no thread is
   * left looping after the test.
   */
  @Test
  void codeWithoutInterruptionChecksIsStoppedAtTheLimitToo() throws IOException {
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\nn: ${(1..)?filter(i -> released())?first}\n");
    AtomicBoolean released = new AtomicBoolean();
    TemplateMethodModelEx release = arguments -> released.get();
    try {
      UserError e = assertTimeoutPreemptively(Run.HANG, () -> assertThrows(UserError.class,
          () -> new TemplateRenderer(templates, LIMIT).render("job.ftl", Map.of("released", release))));
      Diagnostic d = e.diagnostics().get(0);
      assertEquals("template-time-limit", d.code());
      assertEquals(new Origin(templates.resolve("job.ftl").toString(), 2, 4), d.origin());
      assertEquals("template job.ftl was stopped after 300ms without finishing (a #list, text run with ?interpret,"
          + " or a built-in such as ?seq_contains or ?filter, over a range without an end, such as 1.., or over"
          + " billions of numbers?)", d.message());
      assertFalse(Thread.currentThread().isInterrupted());
    } finally {
      released.set(true);
    }
  }

  /**
   * Once a template was left running, every later render gives up at once with its error, where each
   * would otherwise wait out the limit again (two rendering threads may each be rendering earlier objects).
   */
  @Test
  void afterATemplateWasLeftRunningLaterRendersGiveUpAtOnce() throws IOException {
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\nn: ${(1..)?filter(i -> released())?first}\n");
    Files.writeString(templates.resolve("other.ftl"), "kind: Service\n");
    AtomicBoolean released = new AtomicBoolean();
    TemplateMethodModelEx release = arguments -> released.get();
    TemplateRenderer renderer = new TemplateRenderer(templates, LIMIT);
    try {
      UserError first = assertTimeoutPreemptively(Run.HANG, () -> assertThrows(UserError.class,
          () -> renderer.render("job.ftl", Map.of("released", release))));
      UserError later = assertThrows(UserError.class, () -> renderer.render("other.ftl", Map.of()));
      assertSame(first, later);
    } finally {
      released.set(true);
    }
  }

  @Test
  void aLoopInAnImportedTemplateIsStoppedToo() throws IOException {
    Files.createDirectories(templates.resolve("lib"));
    Files.writeString(templates.resolve("lib/loops.ftl"), "<#macro forever><#list 1.. as i>${i}</#list></#macro>\n");
    Files.writeString(templates.resolve("job.ftl"), "<#import \"lib/loops.ftl\" as l>kind: Job\n<@l.forever/>\n");
    Diagnostic d = stopped("job.ftl");
    assertEquals("template-time-limit", d.code());
    assertEquals(new Origin(templates.resolve("lib/loops.ftl").toString(), 1, 17), d.origin());
  }

  @Test
  void aLoopInAnIncludedFileOfAnyNameOrBehindALinkIsStoppedToo() throws IOException {
    Files.writeString(templates.resolve("loop.inc"), "<#list 1.. as i></#list>\n");
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\n<#include \"loop.inc\">\n");
    assertEquals("template-time-limit", stopped("job.ftl").code());

    Path real = Files.createDirectories(templates.resolve("real"));
    Files.writeString(real.resolve("Loop.FTL"), "<#list 1.. as i></#list>\n");
    Files.createSymbolicLink(templates.resolve("linked"), real);
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\n<#include \"linked/Loop.FTL\">\n");
    assertEquals("template-time-limit", stopped("job.ftl").code());
  }

  @Test
  void anIncludeThroughALinkOutOfTheFolderIsTheUsersError(@TempDir Path elsewhere) throws IOException {
    Files.writeString(elsewhere.resolve("x.ftl"), "y: 1\n");
    Files.createSymbolicLink(templates.resolve("out"), elsewhere);
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\n<#include \"out/x.ftl\">\n");
    UserError e = assertThrows(UserError.class,
        () -> new TemplateRenderer(templates, ROOMY).render("job.ftl", Map.of()));
    assertEquals("template", e.diagnostics().get(0).code());
  }

  @Test
  void aLoopInAReplacedLibraryIsReportedInTheLibraryNotAtAPackagedTemplate() throws IOException {
    Files.writeString(templates.resolve("lib.ftl"), "<#macro metadata m><#list 1.. as i></#list></#macro>\n");
    UserError e = assertThrows(UserError.class,
        () -> new TemplateRenderer(templates, LIMIT).render("namespace.ftl", Map.of("name", "n", "labels", Map.of())));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("template-time-limit", d.code(), d.message());
    assertEquals(new Origin(templates.resolve("lib.ftl").toString(), 1, 20), d.origin());
    assertTrue(d.message().startsWith("the packaged namespace.ftl, with the templates it imports from this folder,"
        + " was stopped after 300ms"), d.message());
  }

  @Test
  void anUnreadableFolderBesideTheTemplatesIsNoError() throws IOException {
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\n");
    Path locked = Files.createDirectories(templates.resolve("private"));
    Files.writeString(locked.resolve("a.ftl"), "x\n");
    locked.toFile().setReadable(false);
    locked.toFile().setExecutable(false);
    try {
      org.junit.jupiter.api.Assumptions.assumeFalse(Files.isReadable(locked), "a superuser reads every folder");
      assertEquals("kind: Job\n", new TemplateRenderer(templates, ROOMY).render("job.ftl", Map.of()).text());
    } finally {
      locked.toFile().setReadable(true);
      locked.toFile().setExecutable(true);
    }
  }

  @Test
  void aTemplateThatFinishesLeavesNoInterruptBehind() throws IOException, InterruptedException {
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\nn: <#list 1..3 as i>${i}</#list>\n");
    TemplateRenderer renderer = new TemplateRenderer(templates, LIMIT);
    try {
      assertEquals("kind: Job\nn: \"1\"\"2\"\"3\"\n", renderer.render("job.ftl", Map.of()).text());
    } catch (UserError e) {
      // A busy machine can take longer than the limit even for this: the interrupt must be gone all the same.
      assertEquals("template-time-limit", e.diagnostics().get(0).code());
    }
    Thread.sleep(LIMIT.toMillis() * 2);
    assertFalse(Thread.currentThread().isInterrupted(), "the limit was cancelled when the processing ended");

    // A limit of a millisecond passes now before, now during, now just after the processing: whichever
    // it is, what the thread does next must not find itself interrupted.
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\nn: <#list 1..2000 as i>${i}</#list>\n");
    TemplateRenderer hurried = new TemplateRenderer(templates, Duration.ofMillis(1));
    for (int i = 0; i < 300; i++) {
      try {
        hurried.render("job.ftl", Map.of());
      } catch (UserError e) {
        assertEquals("template-time-limit", e.diagnostics().get(0).code());
      }
      assertFalse(Thread.currentThread().isInterrupted(), "run " + i);
      Thread.sleep(0, 200_000);
      assertFalse(Thread.currentThread().isInterrupted(), "run " + i + ", a moment later");
    }
  }

  /** A recursion without end is reported where the user's template was when the stack ran out. */
  @ParameterizedTest
  @MethodSource
  void aRecursionWithoutEndIsReportedWhereItRuns(String template, String file, int line, int column)
      throws IOException {
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\n" + template + "\n");
    Files.writeString(templates.resolve("loop.ftl"), "<#include \"loop.ftl\">");
    UserError e = assertThrows(UserError.class,
        () -> new TemplateRenderer(templates, ROOMY).render("job.ftl", Map.of()));
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("template", d.code());
    assertEquals(new Origin(templates.resolve(file).toString(), line, column), d.origin());
    assertEquals("template job.ftl failed: it recursed without end here (a macro or an include that refers to itself,"
        + " or ?eval or ?eval_json of text nested thousands deep)", d.message());
  }

  static Stream<Arguments> aRecursionWithoutEndIsReportedWhereItRuns() {
    return Stream.of(
        Arguments.of("<#include \"loop.ftl\">", "loop.ftl", 1, 1),
        Arguments.of("x: <#assign v = (\"\"?left_pad(100000, \"[\") + \"\"?left_pad(100000, \"]\"))?eval_json>",
            "job.ftl", 2, 4));
  }

  @Test
  void aBrokenTemplateIsStillReportedAsBroken() throws IOException {
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\n${missing}\n");
    UserError e = assertThrows(UserError.class,
        () -> new TemplateRenderer(templates, ROOMY).render("job.ftl", Map.of()));
    assertEquals("template", e.diagnostics().get(0).code());
  }
}

package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A user's template that prints more than one object may hold is stopped at that write and reported. */
class TemplateOutputLimitTest {
  /** Long enough that only the amount of output can end these templates, however loaded the machine. */
  private static final Duration LIMIT = Duration.ofMinutes(10);
  private static final String LINE = "x".repeat(48);

  @TempDir
  Path templates;

  /**
   * Text, escaped values, and text run with ?interpret (which wraps the failed write in its own error),
   * each reported at the write in line 2 (text run with ?interpret at the ?interpret).
   */
  @ParameterizedTest
  @MethodSource
  void aTemplateThatPrintsGigabytesIsStoppedAtTheLimitOfOneObject(String loop, int column) throws IOException {
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\n" + loop + "\n");
    Diagnostic d = stopped();
    assertEquals(new Origin(templates.resolve("job.ftl").toString(), 2, column), d.origin());
    assertEquals(List.of("bound the loop, e.g. <#list 1..n as i>, or remove the template to use the packaged one"),
        d.hints());
  }

  static Stream<Arguments> aTemplateThatPrintsGigabytesIsStoppedAtTheLimitOfOneObject() {
    return Stream.of(
        Arguments.of("<#list 1..1000000000 as i>" + LINE + "\n</#list>", 27),
        Arguments.of("<#list 1..1000000000 as i>x: ${\"" + LINE + "\"}\n</#list>", 30),
        Arguments.of("<@\"<#list 1..1000000000 as i>" + LINE + "\n</#list>\"?interpret/>", 1));
  }

  /**
   * Text that goes to a writer of FreeMarker's own, not the object's: #assign, #global and #local captures,
   * an #attempt block, a macro's nested content captured, a #compress inside a capture. Each is stopped once
   * the capture holds more than one object may, at the write in line 3.
   */
  @ParameterizedTest
  @MethodSource
  void aTemplateThatCapturesGigabytesIsStoppedAtTheLimitOfOneObject(String capture, int column) throws IOException {
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\n" + capture + "\n");
    Diagnostic d = stopped();
    assertEquals(new Origin(templates.resolve("job.ftl").toString(), 3, column), d.origin());
  }

  static Stream<Arguments> aTemplateThatCapturesGigabytesIsStoppedAtTheLimitOfOneObject() {
    String loop = "\n  <#list 1..1000000000 as i>" + LINE + "\n</#list>";
    return Stream.of(
        Arguments.of("<#assign big>" + loop + "</#assign>", 29),
        Arguments.of("<#global big>\n  <#list 1..1000000000 as i>x: ${\"" + LINE + "\"}\n</#list></#global>", 32),
        Arguments.of("<#attempt>" + loop + "<#recover>r</#attempt>", 29),
        Arguments.of("<#macro m><#local x><#nested></#local></#macro><@m>" + loop + "</@m>", 29),
        Arguments.of("<#assign big><#compress>" + loop.replace("\n</", "  \n</") + "</#compress></#assign>", 29));
  }

  private Diagnostic stopped() {
    UserError e = assertThrows(UserError.class,
        () -> new TemplateRenderer(templates, LIMIT).render("job.ftl", Map.of()));
    assertEquals(1, e.diagnostics().size());
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("template-output-limit", d.code(), d.message());
    assertEquals("template job.ftl was stopped after writing more than 64 Mi characters for one object, more than"
        + " stave reads (a #list over a huge range?)", d.message());
    return d;
  }
}

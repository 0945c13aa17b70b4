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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A user's template that prints more than one object may hold is stopped at that write and reported. */
class TemplateOutputLimitTest {
  /** Long enough that only the amount of output can end these templates, however loaded the machine. */
  private static final Duration LIMIT = Duration.ofMinutes(10);

  @TempDir
  Path templates;

  /** Text, escaped values, and text run with ?interpret (which wraps the failed write in its own error). */
  @ParameterizedTest
  @ValueSource(strings = {
      "<#list 1..1000000000 as i>xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n</#list>",
      "<#list 1..1000000000 as i>x: ${\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}\n</#list>",
      "<@\"<#list 1..1000000000 as i>xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n</#list>\"?interpret/>"})
  void aTemplateThatPrintsGigabytesIsStoppedAtTheLimitOfOneObject(String loop) throws IOException {
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\n" + loop + "\n");
    UserError e = assertThrows(UserError.class,
        () -> new TemplateRenderer(templates, LIMIT).render("job.ftl", Map.of()));
    assertEquals(1, e.diagnostics().size());
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("template-output-limit", d.code(), d.message());
    assertEquals(Origin.of(templates.resolve("job.ftl").toString()), d.origin());
    assertEquals("template job.ftl was stopped after writing more than 64 Mi characters for one object, more than"
        + " stave reads (a #list over a huge range?)", d.message());
    assertEquals(List.of("bound the loop, e.g. <#list 1..n as i>, or remove the template to use the packaged one"),
        d.hints());
  }
}

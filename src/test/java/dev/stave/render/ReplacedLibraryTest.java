package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replaced lib.ftl is a template of the user's like any other, though packaged templates import it:
 * what is wrong with it is reported in it, with FreeMarker's line, column and reason.
 */
class ReplacedLibraryTest {
  @TempDir
  Path templates;

  private Diagnostic failure(String lib) throws IOException {
    Files.writeString(templates.resolve("lib.ftl"), lib);
    UserError e = assertThrows(UserError.class, () -> new TemplateRenderer(templates)
        .render("namespace.ftl", Map.of("name", "n", "labels", Map.of())));
    assertEquals(1, e.diagnostics().size());
    return e.diagnostics().get(0);
  }

  @Test
  void aLibraryThatDoesNotParseIsReportedAtItsLine() throws IOException {
    Diagnostic d = failure("<#macro metadata o>\n  <#if o.name>\n</#macro>\n");
    assertEquals("template", d.code());
    assertEquals(templates.resolve("lib.ftl").toString(), d.origin().file());
    assertEquals(3, d.origin().line());
    assertEquals(1, d.origin().column());
    assertEquals("template lib.ftl, imported by the packaged namespace.ftl, failed: Encountered \"</#macro>\", but at"
        + " this place only this can be closed: \"#if\". This usually because of wrong nesting of FreeMarker"
        + " directives, like a missed or malformed end-tag somewhere. (Note that FreeMarker end-tags must have # or @"
        + " after the / character.)", d.message());
    assertEquals(java.util.List.of("fix the template, or remove it to use the packaged one"), d.hints());
  }

  @Test
  void aLibraryMacroThatFailsIsReportedAtItsLine() throws IOException {
    Diagnostic d = failure("<#macro metadata o>\n{name: ${o.nosuch}}</#macro>\n");
    assertEquals("template", d.code());
    assertEquals(templates.resolve("lib.ftl").toString(), d.origin().file());
    assertEquals(2, d.origin().line());
    assertEquals(10, d.origin().column());
    assertEquals("template lib.ftl, imported by the packaged namespace.ftl, failed: The following has evaluated to"
        + " null or missing: o.nosuch", d.message());
  }

  @Test
  void aColumnCountsATabAndAnEmojiAsOneCharacterEach() throws IOException {
    Diagnostic d = failure("<#macro metadata o>\n{name:\t😀${o.nosuch}}</#macro>\n");
    assertEquals(2, d.origin().line());
    assertEquals(11, d.origin().column());
  }
}

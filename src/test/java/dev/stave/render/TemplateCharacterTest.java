package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A user's template that prints, with ?no_esc, a character no YAML text can carry is reported at the
 * interpolation that printed it, not at the template's first line with the YAML reader's message.
 */
class TemplateCharacterTest {
  private static final String SURROGATE_HINT = "print the whole character, e.g. \\xD83D\\xDE00 for an emoji (two"
      + " escapes in a row), or remove the template to use the packaged one";

  @TempDir
  Path templates;

  /** At the ${...} that printed it: in line 2, after a capture, in a macro called from line 2. */
  @ParameterizedTest
  @MethodSource
  void aLoneSurrogatePrintedAsIsIsReportedWhereItWasPrinted(String line2, int line, int column, String half) {
    Diagnostic d = refused("kind: Job\n" + line2 + "\n");
    assertEquals(new Origin(templates.resolve("job.ftl").toString(), line, column), d.origin());
    assertEquals("template job.ftl printed a lone surrogate " + half + ", half of a character, which no YAML file"
        + " can carry", d.message());
    assertEquals(List.of(SURROGATE_HINT), d.hints());
  }

  static Stream<Arguments> aLoneSurrogatePrintedAsIsIsReportedWhereItWasPrinted() {
    return Stream.of(
        Arguments.of("x: ${\"a\\xD800b\"?no_esc}", 2, 4, "U+D800"),
        Arguments.of("x: ${\"a\\xD83D\"?no_esc}", 2, 4, "U+D83D"),
        Arguments.of("x: ${\"\\xD83D\"?no_esc}${1}", 2, 4, "U+D83D"),
        Arguments.of("x: <#assign y>${\"\\xDE00\"?no_esc}</#assign>${y}", 2, 43, "U+DE00"),
        Arguments.of("<#macro m>\n  ${\"\\xDE00\"?no_esc}</#macro>x: <@m/>", 3, 3, "U+DE00"));
  }

  @Test
  void aNonCharacterPrintedAsIsIsReportedWhereItWasPrinted() {
    Diagnostic d = refused("kind: Job\nx: ${\"a\\xFFFEb\"?no_esc}\n");
    assertEquals(new Origin(templates.resolve("job.ftl").toString(), 2, 4), d.origin());
    assertEquals("template job.ftl printed the non-character U+FFFE which no YAML file can carry", d.message());
    assertEquals(List.of("remove it, e.g. with ?replace(\"\\xFFFE\", \"\"), or remove the template to use the packaged"
        + " one"), d.hints());
  }

  /** A character made of two halves printed one after the other is whole. */
  @Test
  void twoHalvesPrintedInARowAreOneCharacter() throws IOException {
    Files.writeString(templates.resolve("job.ftl"), "kind: Job\nx: ${\"\\xD83D\"?no_esc}${\"\\xDE00\"?no_esc}\n");
    assertEquals("kind: Job\nx: \uD83D\uDE00\n", new TemplateRenderer(templates).render("job.ftl", Map.of()).text());
  }

  private Diagnostic refused(String template) {
    UserError e = assertThrows(UserError.class, () -> {
      Files.writeString(templates.resolve("job.ftl"), template);
      new TemplateRenderer(templates).render("job.ftl", Map.of());
    });
    assertEquals(1, e.diagnostics().size());
    Diagnostic d = e.diagnostics().get(0);
    assertEquals("template-character", d.code(), d.message());
    return d;
  }
}

package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class MisspeltTemplatesTest {
  /** The names compared are those of the templates stave packages: a template added there is added here. */
  @Test
  void thePackagedNamesAreTheTemplatesFolders() throws IOException {
    try (Stream<Path> files = Files.list(Path.of("templates"))) {
      assertEquals(files.map(f -> f.getFileName().toString()).sorted().toList(), MisspeltTemplates.PACKAGED);
    }
  }

  @Test
  void aFolderThatCannotBeListedGivesNoWarning() {
    assertEquals(List.of(), MisspeltTemplates.warnings(Path.of("no-such-folder")));
  }

  /** Each tag syntax has its own comments; the other form is text there, as FreeMarker reads it. */
  @Test
  void commentsAreThoseOfTheTemplatesTagSyntax() {
    assertEquals("a   b <#-- c", MisspeltTemplates.withoutComments("a <#-- x.ftl --> b <#-- c"));
    assertEquals("[#-- x.ftl --]  ", MisspeltTemplates.withoutComments("[#-- x.ftl --] <#-- y.ftl -->"));
    assertEquals(" [#ftl]\n  <#-- y.ftl -->",
        MisspeltTemplates.withoutComments(" [#ftl]\n[#-- x.ftl --] <#-- y.ftl -->"));
  }
}

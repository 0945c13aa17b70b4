package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import freemarker.template.Configuration;
import freemarker.template.Template;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

  /**
   * The folder is searched once for all the near misses: one template may name several of them, a near miss
   * may name another, and its own name in it does not count. Left unwarned are those named somewhere else.
   */
  @Test
  void eachNearMissIsNamedOrNotOnItsOwn(@TempDir Path folder) throws IOException {
    Path parts = Files.createDirectories(folder.resolve("parts"));
    Files.writeString(folder.resolve("jobb.ftl"), "<#assign self = \"jobb.ftl\"><#include \"servce.ftl\">\n");
    for (String name : List.of("servce.ftl", "deploymnt.ftl", "configmp.ftl", "namespce.ftl")) {
      Files.writeString(folder.resolve(name), "x\n");
    }
    Files.writeString(parts.resolve("both.ftl"),
        "<#include \"../deploymnt.ftl\"><#include \"../configmp.ftl\"><#-- not namespce.ftl -->\n");
    assertEquals(List.of(folder.resolve("jobb.ftl") + ": template 'jobb.ftl' replaces no packaged template, and no"
            + " template of the folder names it, so it is not used: the packaged job.ftl renders instead",
        folder.resolve("namespce.ftl") + ": template 'namespce.ftl' replaces no packaged template, and no template"
            + " of the folder names it, so it is not used: the packaged namespace.ftl renders instead"),
        MisspeltTemplates.warnings(folder).stream().map(d -> d.origin().file() + ": " + d.message()).toList());
  }

  /** FreeMarker loads a file of any name: an include of {@code parts/env.inc} that includes the near miss uses it. */
  @Test
  void aFileOfAnyNameMayNameANearMiss(@TempDir Path folder) throws IOException {
    Path parts = Files.createDirectories(folder.resolve("parts"));
    Files.writeString(folder.resolve("job.ftl"), "<#include \"parts/env.inc\">\n");
    Files.writeString(parts.resolve("env.inc"), "<#include \"../jobb.ftl\">\n");
    Files.writeString(folder.resolve("jobb.ftl"), "x\n");
    assertEquals(List.of(), MisspeltTemplates.warnings(folder));
  }

  /**
   * A file too large to search (a data file, say) names nothing: every file counts, and one taken to name
   * every near miss silenced every warning of the folder.
   */
  @Test
  void aFileTooLargeToSearchNamesNothing(@TempDir Path folder) throws IOException {
    Files.writeString(folder.resolve("jobb.ftl"), "x\n");
    try (java.io.RandomAccessFile large = new java.io.RandomAccessFile(folder.resolve("data.bin").toFile(), "rw")) {
      large.setLength(MisspeltTemplates.SEARCHED_SIZE + 1);
    }
    assertEquals(List.of(folder.resolve("jobb.ftl").toString()),
        MisspeltTemplates.warnings(folder).stream().map(d -> d.origin().file()).toList());
  }

  /**
   * FreeMarker loads a file through a link only when its real path lies in the folder's real path: a folder
   * given as a link is searched, a link out of it is not (FreeMarker refuses to load the file).
   */
  @Test
  void linksAreFollowedAsFreeMarkerFollowsThem(@TempDir Path tmp) throws IOException {
    Path real = Files.createDirectories(tmp.resolve("real"));
    Files.writeString(real.resolve("job.ftl"), "<#include \"jobb.ftl\">\n");
    Files.writeString(real.resolve("jobb.ftl"), "x\n");
    Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
    assertEquals(List.of(), MisspeltTemplates.warnings(link));

    Path folder = Files.createDirectories(tmp.resolve("folder"));
    Files.writeString(folder.resolve("servce.ftl"), "x\n");
    Files.writeString(tmp.resolve("outside.ftl"), "<#include \"servce.ftl\">\n");
    Files.createSymbolicLink(folder.resolve("job.ftl"), tmp.resolve("outside.ftl"));
    assertEquals(List.of(folder.resolve("servce.ftl").toString()),
        MisspeltTemplates.warnings(folder).stream().map(d -> d.origin().file()).toList());
  }

  /**
   * The tag syntax is square brackets exactly when FreeMarker (as the renderer configures it) reads a
   * {@code [#ftl} header: {@code [#-- x --]} is then a comment, and otherwise text.
   */
  @ParameterizedTest
  @ValueSource(strings = {"[#ftl]", " \t\r\n[#ftl ]", "[#ftl\n]", "[#ftl/]", "[#ftl>", "[#ftlx]", "[#ftl\f]",
      "[#ftl\u00a0]", "[#FTL]", "<#ftl>", "\ufeff[#ftl]", "\f[#ftl]", "\u001c[#ftl]", "x[#ftl]", ""})
  void theTagSyntaxIsFreeMarkersReadingOfTheHeader(String header) throws IOException {
    Configuration configuration = new Configuration(Configuration.VERSION_2_3_34);
    StringWriter out = new StringWriter();
    boolean square;
    try {
      new Template("t", header + "[#-- x --]A", configuration).process(null, out);
      square = !out.toString().contains("[#-- x --]");
    } catch (freemarker.core.ParseException | freemarker.template.TemplateException e) {
      square = false; // a header after other text is an error: no template of the folder renders with it
    }
    assertEquals(square, MisspeltTemplates.squareHeader(header), header);
    assertEquals(square, MisspeltTemplates.squareHeader(
        new String(header.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1)), header);
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

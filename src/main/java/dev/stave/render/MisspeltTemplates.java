package dev.stave.render;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Printable;
import dev.stave.diag.Suggest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The warnings that a {@code --templates} folder holds a template whose name is a near miss of a packaged one
 * ({@code jobb.ftl} beside {@code job.ftl}): it replaces nothing, and the packaged template renders in its
 * place without a word. A file that another template of the folder names (by an import or an include) is the
 * user's own and is not warned about, nor is a file of a name no packaged template comes close to: a folder
 * may hold anything else. Only files directly in the folder are read, as a packaged template is replaced
 * only by a file there.
 */
public final class MisspeltTemplates {
  /** The packaged templates ({@code templates/}), which a file of the same name in the folder replaces. */
  static final List<String> PACKAGED = List.of("benchmark-deployment.ftl", "benchmark-job.ftl", "configmap.ftl",
      "dask-resource.ftl", "deployment.ftl", "hpa.ftl", "job.ftl", "lib.ftl", "mars-deployment.ftl",
      "mars-poddisruptionbudget.ftl", "mars-role.ftl", "mars-rolebinding.ftl", "mars-serviceaccount.ftl",
      "namespace.ftl", "pod.ftl", "pvc.ftl", "service.ftl");
  private static final String SUFFIX = ".ftl";
  /** A template larger than this is not searched, and taken to name every file: warn only when sure. */
  private static final long SEARCHED_SIZE = 16L << 20;

  private MisspeltTemplates() {}

  /** A warning for each such file of {@code folder}, by file name; none when the folder cannot be read. */
  public static List<Diagnostic> warnings(Path folder) {
    List<Path> files;
    try (Stream<Path> listed = Files.list(folder)) {
      files = listed.filter(f -> f.getFileName().toString().endsWith(SUFFIX) && Files.isRegularFile(f))
          .sorted().toList();
    } catch (IOException | SecurityException e) {
      // Rendering reports a folder it cannot read.
      return List.of();
    }
    List<String> stems = PACKAGED.stream().map(MisspeltTemplates::stem).toList();
    List<Diagnostic> out = new ArrayList<>();
    for (Path file : files) {
      String name = file.getFileName().toString();
      String meant = PACKAGED.contains(name) ? null : Suggest.closest(stem(name), stems);
      if (meant != null && !namedByAnother(file, files)) {
        out.add(Diagnostic.warning(Origin.of(file.toString()), "", "template-name", "template "
            + "'" + Printable.inMessage(name) + "' replaces no packaged template, and no template of the folder"
            + " names it, so it is not used: the packaged " + meant + SUFFIX + " renders instead",
            "did you mean '" + meant + SUFFIX + "'? rename the file to replace that template"));
      }
    }
    return out;
  }

  private static String stem(String name) {
    return name.substring(0, name.length() - SUFFIX.length());
  }

  /**
   * Whether a template of the folder other than {@code file} holds its name: compared as bytes, so that a file
   * that is not UTF-8 is read all the same.
   */
  private static boolean namedByAnother(Path file, List<Path> files) {
    String name = new String(file.getFileName().toString().getBytes(StandardCharsets.UTF_8),
        StandardCharsets.ISO_8859_1);
    for (Path other : files) {
      try {
        if (!other.equals(file) && (Files.size(other) > SEARCHED_SIZE
            || new String(Files.readAllBytes(other), StandardCharsets.ISO_8859_1).contains(name))) {
          return true;
        }
      } catch (IOException | SecurityException e) {
        // Rendering reports a template it cannot read; unread, it names nothing.
      }
    }
    return false;
  }
}

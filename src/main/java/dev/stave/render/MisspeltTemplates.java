package dev.stave.render;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Printable;
import dev.stave.diag.Suggest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The warnings that a {@code --templates} folder holds a template whose name is a near miss of a packaged one
 * ({@code jobb.ftl} beside {@code job.ftl}): it replaces nothing, and the packaged template renders in its
 * place without a word. A file that another template of the folder names (by an import or an include) is the
 * user's own and is not warned about, nor is a file of a name no packaged template comes close to: a folder
 * may hold anything else. Only files directly in the folder are warned about, as a packaged template is replaced
 * only by a file there (the renderer asks for {@code job.ftl}, never {@code parts/job.ftl}). The templates that
 * may name one are looked for in the subfolders too: FreeMarker loads {@code parts/x.ftl} from the folder when a
 * template includes it, and {@code parts/x.ftl} may include {@code ../jobb.ftl}. A name in a FreeMarker comment
 * is no use of the file.
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
      if (meant != null && !namedByAnother(file, folder)) {
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
   * Whether a template of the folder or of a subfolder, other than {@code file}, holds its name outside its
   * comments: compared as bytes, so that a file that is not UTF-8 is read all the same.
   */
  private static boolean namedByAnother(Path file, Path folder) {
    String name = new String(file.getFileName().toString().getBytes(StandardCharsets.UTF_8),
        StandardCharsets.ISO_8859_1);
    for (Path other : templates(folder)) {
      try {
        if (!other.equals(file) && (Files.size(other) > SEARCHED_SIZE
            || withoutComments(new String(Files.readAllBytes(other), StandardCharsets.ISO_8859_1)).contains(name))) {
          return true;
        }
      } catch (IOException | SecurityException e) {
        // Rendering reports a template it cannot read; unread, it names nothing.
      }
    }
    return false;
  }

  /** The {@code .ftl} files of {@code folder} and its subfolders, sorted; one that cannot be read is left out. */
  private static List<Path> templates(Path folder) {
    List<Path> out = new ArrayList<>();
    try {
      Files.walkFileTree(folder, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path f, BasicFileAttributes attributes) {
          if (attributes.isRegularFile() && f.getFileName().toString().endsWith(SUFFIX)) {
            out.add(f);
          }
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path f, IOException e) {
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException | SecurityException e) {
      // What was found so far is searched; rendering reports a folder it cannot read.
    }
    out.sort(null);
    return out;
  }

  /**
   * {@code text} without its FreeMarker comments: {@code [#-- ... --]} in a template that starts with
   * {@code [#ftl} (square bracket tags), else {@code <#-- ... -->}. The other form is text in that template,
   * and an include written inside it runs, so it stays. An unclosed comment, which FreeMarker refuses, is
   * kept as text: the file is then taken to name what it holds, and no warning is given.
   */
  static String withoutComments(String text) {
    boolean square = text.stripLeading().startsWith("[#ftl");
    String open = square ? "[#--" : "<#--";
    String close = square ? "--]" : "-->";
    StringBuilder out = new StringBuilder(text.length());
    int i = 0;
    while (true) {
      int start = text.indexOf(open, i);
      int end = start < 0 ? -1 : text.indexOf(close, start + open.length());
      if (end < 0) {
        return out.append(text, i, text.length()).toString();
      }
      out.append(text, i, start).append(' ');
      i = end + close.length();
    }
  }
}

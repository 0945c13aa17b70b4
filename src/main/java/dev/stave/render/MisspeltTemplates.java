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
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 *
 * <p>The files that may name one are those the renderer's FreeMarker (a FileTemplateLoader on the folder) can
 * load: a file of any name, as an include may name {@code parts/env.inc}, found from the folder's real path, as
 * FreeMarker checks that each file's canonical path lies in the folder's: a folder given as a symbolic link is
 * searched, a link to a file or folder inside it is searched where its target is, and a link leading out of
 * the folder is refused by FreeMarker and searched by no one.
 */
public final class MisspeltTemplates {
  /** The packaged templates ({@code templates/}), which a file of the same name in the folder replaces. */
  static final List<String> PACKAGED = List.of("benchmark-deployment.ftl", "benchmark-job.ftl", "configmap.ftl",
      "dask-resource.ftl", "deployment.ftl", "hpa.ftl", "job.ftl", "lib.ftl", "mars-deployment.ftl",
      "mars-poddisruptionbudget.ftl", "mars-role.ftl", "mars-rolebinding.ftl", "mars-serviceaccount.ftl",
      "namespace.ftl", "pod.ftl", "pvc.ftl", "service.ftl");
  private static final String SUFFIX = ".ftl";
  /**
   * A file larger than this is not searched, and names no file. Every file of the folder counts, as FreeMarker
   * loads any name, and one that took a large file (a data file, an archive) for a use of every near miss
   * silenced every warning; a template that large, whose use of a near miss would be missed, is not one
   * anyone writes.
   */
  static final long SEARCHED_SIZE = 16L << 20;

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
    Map<Path, String> meant = new LinkedHashMap<>();
    for (Path file : files) {
      String name = file.getFileName().toString();
      String close = PACKAGED.contains(name) ? null : Suggest.closest(stem(name), stems);
      if (close != null) {
        meant.put(file, close);
      }
    }
    Set<Path> unnamed = meant.isEmpty() ? Set.of() : namedByNoOther(meant.keySet(), folder);
    List<Diagnostic> out = new ArrayList<>();
    meant.forEach((file, close) -> {
      if (unnamed.contains(file)) {
        String name = file.getFileName().toString();
        out.add(Diagnostic.warning(Origin.of(file.toString()), "", "template-name", "template "
            + "'" + Printable.inMessage(name) + "' replaces no packaged template, and no template of the folder"
            + " names it, so it is not used: the packaged " + close + SUFFIX + " renders instead",
            "did you mean '" + close + SUFFIX + "'? rename the file to replace that template"));
      }
    });
    return out;
  }

  private static String stem(String name) {
    return name.substring(0, name.length() - SUFFIX.length());
  }

  /**
   * Those of {@code files} whose name no file of the folder or of a subfolder, other than the file itself,
   * holds outside its comments: compared as bytes, so that a file that is not UTF-8 is read all the same. The
   * tree is walked once and each template read once for all the files, as a folder may be large and several of
   * its names near misses; the walk stops once every file is named. Which template names a file does not
   * matter, so neither does the order of the walk. A template or subfolder that cannot be read names nothing:
   * rendering reports it.
   */
  private static Set<Path> namedByNoOther(Collection<Path> files, Path folder) {
    Map<Path, String> unnamed = new LinkedHashMap<>();
    for (Path file : files) {
      unnamed.put(file, new String(file.getFileName().toString().getBytes(StandardCharsets.UTF_8),
          StandardCharsets.ISO_8859_1));
    }
    try {
      // Links are not followed: a target inside the folder is walked where it is, one outside is not loaded.
      Path real = folder.toRealPath();
      Files.walkFileTree(real, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path f, BasicFileAttributes attributes) {
          if (attributes.isRegularFile()) {
            search(f, folder.resolve(real.relativize(f)), unnamed);
          }
          return unnamed.isEmpty() ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path f, IOException e) {
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException | SecurityException e) {
      // What was read so far counts; rendering reports a folder it cannot read.
    }
    return unnamed.keySet();
  }

  /**
   * Removes from {@code unnamed} each file, other than {@code template} (whose path in the folder as given is
   * {@code as}), whose name {@code template} holds. A file larger than {@link #SEARCHED_SIZE} is not read
   * and names none of them.
   */
  private static void search(Path template, Path as, Map<Path, String> unnamed) {
    if (unnamed.keySet().stream().allMatch(as::equals)) {
      return;
    }
    try {
      if (Files.size(template) > SEARCHED_SIZE) {
        return;
      }
      String text = withoutComments(new String(Files.readAllBytes(template), StandardCharsets.ISO_8859_1));
      unnamed.entrySet().removeIf(e -> !e.getKey().equals(as) && text.contains(e.getValue()));
    } catch (IOException | SecurityException e) {
      // Rendering reports a template it cannot read; unread, it names nothing.
    }
  }

  /**
   * {@code text} without its FreeMarker comments: {@code [#-- ... --]} in a template that starts with a
   * {@code [#ftl} header (square bracket tags), else {@code <#-- ... -->}. The other form is text in that
   * template, and an include written inside it runs, so it stays. An unclosed comment, which FreeMarker refuses,
   * is kept as text: the file is then taken to name what it holds, and no warning is given.
   */
  static String withoutComments(String text) {
    boolean square = squareHeader(text);
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

  /**
   * Whether {@code text} starts with the header {@code [#ftl} as FreeMarker 2.3.34's parser reads one: after
   * spaces, tabs and line breaks only, and followed by one of them, {@code ]}, {@code >}, {@code /]} or {@code />}. Any
   * other character before it (a byte order mark, which FreeMarker reads as text, or a form feed) makes the
   * header an error, and the template's tags angle brackets; {@code [#ftlx]} or {@code [#ftl\f]} is text.
   */
  static boolean squareHeader(String text) {
    int i = 0;
    while (i < text.length() && " \t\n\r".indexOf(text.charAt(i)) >= 0) {
      i++;
    }
    if (!text.startsWith("[#ftl", i)) {
      return false;
    }
    i += "[#ftl".length();
    if (i < text.length() && text.charAt(i) == '/') {
      i++;
      return i < text.length() && "]>".indexOf(text.charAt(i)) >= 0;
    }
    return i < text.length() && " \t\n\r]>".indexOf(text.charAt(i)) >= 0;
  }
}

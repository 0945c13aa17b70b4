package dev.stave.config;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * The folders whose files a config may name: the folder of the file the user gave stave (on the command
 * line, in {@code $STAVE_CONTEXTS}, or the home contexts file) and the current folder, with everything
 * under them. A config compiled in CI may come from a pull request: were it free to name any file
 * ({@code include "/home/ci/.aws/credentials.conf"}, an inventory of {@code ../../.docker/config.json}),
 * its diagnostics would quote that file's lines into the build log. kustomize refuses files outside a
 * kustomization's root for the same reason ({@code LoadRestrictionsRootOnly}, its default). A file is
 * judged by its real path, so a symbolic link inside the project cannot lead out of it.
 *
 * @param config the real path of the user's config's folder
 * @param shown that folder as messages show it (not resolved, so that it reads as the user wrote it)
 * @param cwd the real path of the current folder
 */
public record ProjectFolders(Path config, String shown, Path cwd) {

  /** The folders for a file the user named: its own folder and the current one. */
  public static ProjectFolders around(Path file) {
    Path folder = file.toAbsolutePath().getParent();
    folder = folder == null ? file.toAbsolutePath() : folder;
    return new ProjectFolders(real(folder), Sources.display(folder), real(Path.of("").toAbsolutePath()));
  }

  /** The real path of {@code target} when it is in neither folder; empty when stave may read it. */
  public Optional<Path> outside(Path target) {
    Path real = real(target);
    return real.startsWith(config) || real.startsWith(cwd) ? Optional.empty() : Optional.of(real);
  }

  /**
   * The error for a file outside the project, at {@code at} where a config names it; {@code what} says
   * what names it ({@code include "../x.conf"}, {@code the inventory ../x.yaml}). It names the file and
   * never quotes it: stave has not read it.
   */
  public Diagnostic refused(Origin at, String jsonPath, String what, Path target, Path real) {
    boolean linked = !real.equals(target.toAbsolutePath().normalize());
    String where = (linked ? "it leads to " + Sources.display(real) + ", which" : Sources.display(real))
        + (config.equals(cwd) ? " is not under the current folder"
            : " is under neither the current folder nor " + (shown.endsWith("/") ? shown : shown + "/"));
    return Diagnostic.error(at, jsonPath, "outside-project", what + " is outside the project: " + where,
        "a config may name files only inside its project; move the file into it, or run stave from a folder"
            + " that holds both");
  }

  /**
   * The path with every symbolic link followed and every {@code ..} taken as the file system takes it.
   * Of a path that does not exist (yet), the part that does is resolved and the rest added: the answer is
   * the same whether or not the file is there, so a refusal does not tell whether a file outside exists.
   * A link to nothing is followed too, since its file may appear.
   */
  static Path real(Path path) {
    return real(path.toAbsolutePath(), 0);
  }

  /** Links deeper than this are a loop, which the file system refuses to open anyway. */
  private static final int MAX_LINKS = 40;

  private static Path real(Path absolute, int links) {
    Path existing = absolute;
    Deque<Path> rest = new ArrayDeque<>();
    while (existing != null) {
      try {
        Path resolved = existing.toRealPath();
        for (Path name : rest) {
          resolved = resolved.resolve(name);
        }
        return resolved.normalize();
      } catch (IOException | SecurityException e) {
        if (links < MAX_LINKS && Files.isSymbolicLink(existing)) {
          try {
            Path target = existing.resolveSibling(Files.readSymbolicLink(existing));
            for (Path name : rest) {
              target = target.resolve(name);
            }
            return real(target, links + 1);
          } catch (IOException | SecurityException unreadable) {
            // Taken as a name, as if it were no link.
          }
        }
        if (existing.getFileName() != null) {
          rest.push(existing.getFileName());
        }
        existing = existing.getParent();
      }
    }
    return absolute.normalize();
  }
}

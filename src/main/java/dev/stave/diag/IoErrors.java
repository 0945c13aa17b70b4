package dev.stave.diag;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Says why the file system refused, in words: Java's exceptions carry only the path for the common
 * causes ({@code AccessDeniedException: out/x}), so a message built from them named a file and no reason.
 */
public final class IoErrors {
  private IoErrors() {}

  /** The cause alone: "permission denied", "not a folder", "no space left on device". */
  public static String cause(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NoSuchFileException) {
      return "no such file or folder";
    }
    if (e instanceof NotDirectoryException) {
      return "not a folder";
    }
    if (e instanceof FileAlreadyExistsException exists) {
      // Creating a folder is where a link to nothing is met: the folder it names can be made, unless its links
      // go round in a circle.
      Link link = link(exists.getFile());
      return link == null ? "it already exists"
          : link.what() + (link.circle() ? "; remove the link, or point it at a folder"
              : "; create that folder, or remove the link");
    }
    if (e instanceof DirectoryNotEmptyException) {
      return "the folder is not empty";
    }
    if (e instanceof FileSystemException fs) {
      String reason = fs.getReason();
      if (reason == null || reason.isEmpty()) {
        return "the file system refused (" + e.getClass().getSimpleName() + ")";
      }
      return switch (reason) {
        case "Not a directory" -> "not a folder";
        case "Is a directory" -> "it is a folder";
        case "Operation not permitted" -> "permission denied";
        default -> reason.substring(0, 1).toLowerCase(Locale.ROOT) + reason.substring(1);
      };
    }
    return e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
  }

  /**
   * What a path that "already exists" but cannot be opened is, when it is a symbolic link to nothing (null
   * otherwise): a file system says it exists, a folder listing shows it, and yet nothing is there to write into.
   */
  public static String danglingLink(String file) {
    Link link = link(file);
    return link == null ? null : link.what();
  }

  /** A link to nothing as {@link #danglingLink} says it; {@code circle} when its links lead back to one met before. */
  private record Link(String what, boolean circle) {}

  /** How many links in a row are followed before the chain is taken for a circle, so that every chain ends. */
  private static final int MOST_LINKS = 40;

  private static Link link(String file) {
    if (file == null) {
      return null;
    }
    try {
      Path path = Path.of(file);
      if (!Files.isSymbolicLink(path) || Files.exists(path)) {
        return null;
      }
      // The target as the link holds it: a relative one is relative to the link's folder, as `ls -l` shows it.
      Path target = Files.readSymbolicLink(path);
      String what = "it is a symbolic link to " + Printable.line(target.toString());
      // The target may be a link too (a -> b -> c): followed to the name that is missing, or round to a link
      // met before, where "does not exist" would name a link that the folder listing shows.
      Set<Path> met = new HashSet<>(List.of(path.toAbsolutePath().normalize()));
      Path at = path.resolveSibling(target);
      while (Files.isSymbolicLink(at)) {
        if (!met.add(at.toAbsolutePath().normalize()) || met.size() > MOST_LINKS) {
          return new Link(what + ", and the links from there go round in a circle", true);
        }
        at = at.resolveSibling(Files.readSymbolicLink(at));
      }
      return new Link(what + (met.size() == 1 ? "" : ", which leads to " + Printable.line(at.toString()))
          + ", which does not exist", false);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The file and the cause: "out/.x.stave-new: permission denied". */
  public static String describe(IOException e) {
    if (e instanceof FileSystemException fs && fs.getFile() != null) {
      return fs.getFile() + (fs.getOtherFile() == null ? "" : " -> " + fs.getOtherFile()) + ": " + cause(e);
    }
    return cause(e);
  }

  /**
   * As {@link #describe(IOException)}, but without the file when it is {@code named}, which the message names
   * already: "cannot write to out: permission denied" rather than "cannot write to out: out: permission denied".
   */
  public static String describe(IOException e, Path named) {
    if (e instanceof FileSystemException fs && fs.getOtherFile() == null && named.toString().equals(fs.getFile())) {
      return cause(e);
    }
    return describe(e);
  }
}

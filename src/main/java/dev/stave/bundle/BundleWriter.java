package dev.stave.bundle;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Writes bundles so that a failed compile leaves the output folder as it was: every bundle is written
 * into a staging folder beside its target first, and only when all of them are complete is each one
 * moved into place. A bundle folder is replaced whole, so files of objects that were removed go too.
 */
public final class BundleWriter {
  // From this many entries a folder is emptied on all cores.
  private static final int PARALLEL_FROM = 64;

  private final Path outputDir;

  public BundleWriter(Path outputDir) {
    this.outputDir = outputDir;
  }

  /** Thrown when the disk refuses: exit code 4, not a user error. */
  public static final class WriteFailure extends RuntimeException {
    public WriteFailure(String message, Throwable cause) {
      super(message, cause);
    }
  }

  public void write(List<Bundle> bundles) {
    for (Bundle b : bundles) {
      checkName(b.name());
    }
    for (Bundle b : bundles) {
      checkReplaceable(outputDir.resolve(b.name()));
    }
    List<Path> staged = new ArrayList<>();
    List<String> names = bundles.stream().map(Bundle::name).toList();
    Thread onExit = new Thread(() -> abandon(names), "stave-abandon-write");
    Runtime.getRuntime().addShutdownHook(onExit);
    try {
      Files.createDirectories(outputDir);
      for (Bundle b : bundles) {
        Path stage = stage(b.name());
        deleteTree(stage);
        Files.createDirectory(stage);
        staged.add(stage);
        for (BundleFile f : b.files()) {
          Files.write(stage.resolve(f.name()), f.text().getBytes(StandardCharsets.UTF_8));
        }
      }
      for (Bundle b : bundles) {
        Path stage = stage(b.name());
        Path target = outputDir.resolve(b.name());
        Path old = old(b.name());
        deleteTree(old);
        if (Files.exists(target)) {
          move(target, old);
        }
        move(stage, target);
        deleteTree(old);
      }
    } catch (IOException | UncheckedIOException e) {
      for (Path stage : staged) {
        try {
          deleteTree(stage);
        } catch (IOException ignored) {
          // the original error is the one worth reporting
        }
      }
      throw new WriteFailure("cannot write to " + outputDir + ": " + e.getMessage(), e);
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(onExit);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running or about to
      }
    }
  }

  /** Where a bundle is written before it is moved into place. */
  private Path stage(String bundle) {
    return outputDir.resolve("." + bundle + ".stave-new");
  }

  /** Where the bundle it replaces waits until the new one is in place. */
  private Path old(String bundle) {
    return outputDir.resolve("." + bundle + ".stave-old");
  }

  /**
   * Undoes a write that the JVM's end cut short (SIGTERM, Ctrl-C): a bundle moved aside but not yet
   * replaced is moved back, and the staging folders go, so the output folder is as it was, or with
   * some bundles already replaced whole. A write that is killed outright (SIGKILL) leaves hidden
   * {@code .<bundle>.stave-new} and {@code .stave-old} folders, which the next compile of those
   * bundles removes.
   */
  void abandon(List<String> names) {
    for (String name : names) {
      Path target = outputDir.resolve(name);
      Path old = old(name);
      try {
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS) && Files.exists(old, LinkOption.NOFOLLOW_LINKS)) {
          move(old, target);
        }
        deleteTree(stage(name));
      } catch (IOException | RuntimeException e) {
        // The JVM is ending; what cannot be undone is left for the next compile.
      }
    }
  }

  /** Bundle names come from sanitized names; this guards the file system against anything else. */
  private static void checkName(String name) {
    if (name.isEmpty() || name.contains("/") || name.contains("\\") || name.startsWith(".")
        || name.contains("\0")) {
      throw new UserError(Diagnostic.error(Origin.of("<bundle>"), "name", "bundle-name",
          "'" + name + "' cannot be a bundle folder name", "use letters, digits and '-'"));
    }
  }

  /**
   * A bundle folder is replaced whole, whatever was added to it since, so what is there must be a
   * bundle: an empty folder, or one with a kustomization that stave wrote. Anything else (a folder of
   * configs or a kustomize project that happens to have the bundle's name, a file, a link) is the
   * user's, and is left alone with an error before anything is written.
   */
  private static void checkReplaceable(Path target) {
    if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    String what;
    if (Files.isSymbolicLink(target)) {
      what = "a symbolic link";
    } else if (!Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
      what = "a file";
    } else if (isBundle(target)) {
      return;
    } else {
      what = "a folder that stave did not write (it has no kustomization of stave's)";
    }
    throw new UserError(Diagnostic.error(Origin.of(target.toString()), "", "not-a-bundle",
        target + " is " + what + "; compiling would replace it with the bundle",
        "write the bundles elsewhere with -o DIR, or move it away"));
  }

  private static boolean isBundle(Path folder) {
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(folder)) {
      if (!stream.iterator().hasNext()) {
        return true;
      }
    } catch (IOException e) {
      throw new WriteFailure("cannot read the folder " + folder + ": " + e.getMessage(), e);
    }
    // Bundles written before the kustomization was named Kustomization have kustomization.yaml.
    for (String name : List.of(Bundle.KUSTOMIZATION, "kustomization.yaml")) {
      Path file = folder.resolve(name);
      if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
        try (var in = Files.newInputStream(file)) {
          byte[] head = in.readNBytes(Bundle.KUSTOMIZATION_HEAD.length());
          if (new String(head, StandardCharsets.UTF_8).equals(Bundle.KUSTOMIZATION_HEAD)) {
            return true;
          }
        } catch (IOException e) {
          throw new WriteFailure("cannot read " + file + ": " + e.getMessage(), e);
        }
      }
    }
    return false;
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to);
    }
  }

  /**
   * Deletes a folder and what it holds, never following a symbolic link (a link is deleted, not what
   * it points to). Replacing a 20,001-file bundle means deleting the old one's files; on all cores,
   * and without reading each file's attributes first, that took 0.12 to 0.17 s instead of 0.4 s on
   * tmpfs, and 0.23 to 0.31 s instead of 0.41 s on ext4.
   */
  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
      Files.delete(root);
      return;
    }
    List<Path> entries = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(root)) {
      stream.forEach(entries::add);
    }
    if (entries.size() < PARALLEL_FROM) {
      for (Path entry : entries) {
        deleteEntry(entry);
      }
    } else {
      IOException[] failed = new IOException[entries.size()];
      IntStream.range(0, entries.size()).parallel().forEach(i -> {
        try {
          deleteEntry(entries.get(i));
        } catch (IOException e) {
          failed[i] = e;
        }
      });
      for (IOException e : failed) {
        if (e != null) {
          throw e;
        }
      }
    }
    Files.delete(root);
  }

  /** Files and links go at once; only a folder with something in it is looked into. */
  private static void deleteEntry(Path entry) throws IOException {
    try {
      Files.delete(entry);
    } catch (DirectoryNotEmptyException e) {
      deleteTree(entry);
    }
  }
}

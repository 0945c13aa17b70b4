package dev.stave.config;

import java.nio.file.Path;

/**
 * A loaded config: its tree, the name shown in messages, where it lives (for relative paths), the
 * user's home folder (for {@code ~} in the paths it names) and the folders whose files it may name.
 */
public record ConfigFile(Node root, String file, Path path, String home, ProjectFolders folders) {

  /** The same file with {@code root} as its tree: the tree as the schema types it. */
  public ConfigFile withRoot(Node root) {
    return new ConfigFile(root, file, path, home, folders);
  }

  /** The folder that relative paths inside this config resolve against. */
  public Path folder() {
    Path parent = path.toAbsolutePath().normalize().getParent();
    return parent == null ? Path.of("/") : parent;
  }

  /** A path this config names: {@code ~} at the start is the home folder; a relative one is under {@code folder}. */
  public Path resolve(String written, Path folder) {
    Path p = underHome(home, written);
    return p.isAbsolute() ? p : folder.resolve(p).normalize();
  }

  /** {@code written} with {@code ~} at its start standing for {@code home}; any other path as written. */
  static Path underHome(String home, String written) {
    return written.equals("~") || written.startsWith("~/") ? Path.of(home + written.substring(1)) : Path.of(written);
  }
}

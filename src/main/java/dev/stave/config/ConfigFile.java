package dev.stave.config;

import java.nio.file.Path;

/**
 * A loaded config: its tree, the name shown in messages, where it lives (for relative paths) and the
 * user's home folder (for {@code ~} in the paths it names).
 */
public record ConfigFile(Node root, String file, Path path, String home) {

  /** The folder that relative paths inside this config resolve against. */
  public Path folder() {
    Path parent = path.toAbsolutePath().normalize().getParent();
    return parent == null ? Path.of("/") : parent;
  }

  /** A path this config names: {@code ~} at the start is the home folder; a relative one is under {@code folder}. */
  public Path resolve(String written, Path folder) {
    if (written.equals("~") || written.startsWith("~/")) {
      return Path.of(home + written.substring(1));
    }
    Path p = Path.of(written);
    return p.isAbsolute() ? p : folder.resolve(p).normalize();
  }
}

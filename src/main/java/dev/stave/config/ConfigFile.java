package dev.stave.config;

import java.nio.file.Path;

/** A loaded config: its tree, the name shown in messages and where it lives (for relative paths). */
public record ConfigFile(Node root, String file, Path path) {

  /** The folder that relative paths inside this config resolve against. */
  public Path folder() {
    Path parent = path.toAbsolutePath().normalize().getParent();
    return parent == null ? Path.of("/") : parent;
  }
}

package dev.stave.config;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The formats a config file is read in, told by its name (README, YAML and HOCON): {@code .conf} or {@code .hocon}
 * HOCON, {@code .yaml} or {@code .yml} YAML, {@code .json} JSON (read as YAML, of which it is a part).
 */
public enum ConfigFormat {
  HOCON("conf"), YAML("yaml"), JSON("json");

  private final String extension;

  ConfigFormat(String extension) {
    this.extension = extension;
  }

  /** The extension a file of this format is written with. */
  public String extension() {
    return extension;
  }

  /** The format a file's name asks for; null when it names none of them. */
  public static ConfigFormat of(Path file) {
    String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".conf") || name.endsWith(".hocon")) {
      return HOCON;
    }
    if (name.endsWith(".yaml") || name.endsWith(".yml")) {
      return YAML;
    }
    return name.endsWith(".json") ? JSON : null;
  }
}

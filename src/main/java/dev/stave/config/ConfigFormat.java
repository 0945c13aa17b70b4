package dev.stave.config;

import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

  /** A HOCON key followed by what only HOCON allows after one: {@code =}, {@code +=} or an opening brace. */
  private static final Pattern HOCON_KEY =
      Pattern.compile("\\s*(\"[^\"]{0,60}\"|[A-Za-z_][\\w.-]{0,60})\\s*(=|\\+=|\\{).*");

  /**
   * The hint for a line of a YAML file that is written as HOCON, or null when {@code line} is not: {@code stave
   * init} prints HOCON, which is easily saved under a {@code .yaml} name. It quotes the key only, not the value,
   * which could be a credential.
   */
  public static String hoconLineHint(String line, int number) {
    Matcher key = line == null ? null : HOCON_KEY.matcher(line);
    if (key == null || !key.matches()) {
      return null;
    }
    String shown = key.group(1) + " " + key.group(2);
    return String.format(Locale.ROOT, "line %d ('%s') is written as HOCON, and the file's name makes it read as"
        + " YAML: name it with .conf to read it as HOCON, or write YAML ('key: value')", number, shown);
  }
}

package dev.stave.compile;

import dev.stave.config.ConfigLoader;

/**
 * What the command line adds to a compile beyond the configs themselves.
 *
 * @param strictCapacity a node pool over its capacity is an error rather than a warning
 * @param loader reads the files a config refers to (inventories) with origins; null for a default one
 */
public record CompileOptions(boolean strictCapacity, ConfigLoader loader) {
  public static CompileOptions defaults() {
    return new CompileOptions(false, null);
  }

  public CompileOptions withStrictCapacity(boolean strict) {
    return new CompileOptions(strict, loader);
  }

  public CompileOptions withLoader(ConfigLoader configLoader) {
    return new CompileOptions(strictCapacity, configLoader);
  }
}

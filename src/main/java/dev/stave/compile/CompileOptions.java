package dev.stave.compile;

import dev.stave.config.ConfigLoader;
import java.nio.file.Path;

/**
 * What the command line adds to a compile beyond the configs themselves.
 *
 * @param context the context named by {@code --context}, or null
 * @param contexts the contexts file named by {@code --contexts} or {@code $STAVE_CONTEXTS}, or null
 * @param homeContexts {@code ~/.config/stave/contexts.conf}, read only when it exists, or null
 * @param strictCapacity a node pool over its capacity is an error rather than a warning
 * @param loader reads the files a config refers to (contexts, inventories) with the run's environment
 *     and sources; null for a default one
 */
public record CompileOptions(String context, Path contexts, Path homeContexts, boolean strictCapacity,
    ConfigLoader loader) {
  public static CompileOptions defaults() {
    return new CompileOptions(null, null, null, false, null);
  }

  public CompileOptions withStrictCapacity(boolean strict) {
    return new CompileOptions(context, contexts, homeContexts, strict, loader);
  }

  public CompileOptions withLoader(ConfigLoader configLoader) {
    return new CompileOptions(context, contexts, homeContexts, strictCapacity, configLoader);
  }
}

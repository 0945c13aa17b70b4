package dev.stave.compile;

import dev.stave.config.ConfigLoader;
import java.nio.file.Path;

/**
 * What the command line adds to a compile beyond the configs themselves.
 *
 * @param context the context named by {@code --context}, or null
 * @param contexts the contexts file named by {@code --contexts} or {@code $STAVE_CONTEXTS}, or null
 * @param contextsFrom where {@code contexts} was named ({@code --contexts} or {@code $STAVE_CONTEXTS}), so an error
 *     about it says what to change; null when {@code contexts} is
 * @param homeContexts {@code ~/.config/stave/contexts.conf}, read only when it exists, or null
 * @param strictCapacity a node pool over its capacity is an error rather than a warning
 * @param loader reads the files a config refers to (contexts, inventories) with the run's environment
 *     and sources; null for a default one
 */
public record CompileOptions(String context, Path contexts, String contextsFrom, Path homeContexts,
    boolean strictCapacity, ConfigLoader loader) {
  public static CompileOptions defaults() {
    return new CompileOptions(null, null, null, null, false, null);
  }

  public CompileOptions withStrictCapacity(boolean strict) {
    return new CompileOptions(context, contexts, contextsFrom, homeContexts, strict, loader);
  }

  public CompileOptions withLoader(ConfigLoader configLoader) {
    return new CompileOptions(context, contexts, contextsFrom, homeContexts, strictCapacity, configLoader);
  }
}

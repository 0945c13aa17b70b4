package dev.stave.compile;

import dev.stave.config.ConfigLoader;
import java.nio.file.Path;

/**
 * What the command line adds to a compile beyond the configs themselves.
 *
 * @param context the context named by {@code --context}, or null
 * @param contexts the contexts file named by {@code --contexts} or {@code $STAVE_CONTEXTS}, or null
 * @param homeContexts {@code ~/.config/stave/contexts.conf}, read only when it exists, or null
 * @param loader reads contexts files with the run's environment and sources, or null for none
 */
public record CompileOptions(String context, Path contexts, Path homeContexts, ConfigLoader loader) {
  public static CompileOptions defaults() {
    return new CompileOptions(null, null, null, null);
  }
}

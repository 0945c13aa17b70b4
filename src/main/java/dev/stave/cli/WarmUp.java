package dev.stave.cli;

import dev.stave.render.TemplateRenderer;
import dev.stave.schema.SchemaValidator;
import java.util.Set;

/**
 * Sets up the schema validator's and FreeMarker's libraries on a second thread while the main thread
 * parses the command line and reads the configs: in a fresh JVM their first use is about a fifth of a
 * small compile (docs/performance.md). Only the one-time class set-up is done here, through the same
 * initialisers the main thread's first validator and renderer pass through, so the main thread finds it
 * done, waits for it, or does it itself; nothing made here is used for a result, and a failure here is
 * left for the main thread's own use to report.
 */
final class WarmUp {
  /** The commands that validate configs, and those of them that also render objects. */
  private static final Set<String> VALIDATES = Set.of("compile", "validate", "diff", "apply", "plan", "secrets");
  private static final Set<String> RENDERS = Set.of("compile", "diff", "apply");

  private WarmUp() {}

  /**
   * Starts the set-up that the command named first on the command line will need; null when it needs
   * none, or when there is no second core to do it on.
   */
  static Thread start(String[] args) {
    String command = args.length > 0 ? args[0] : "";
    boolean validates = VALIDATES.contains(command);
    boolean renders = RENDERS.contains(command);
    if (!validates && !renders || Runtime.getRuntime().availableProcessors() < 2) {
      return null;
    }
    Thread thread = new Thread(() -> {
      try {
        if (validates) {
          SchemaValidator.warmUp();
        }
        if (renders) {
          TemplateRenderer.warmUp();
        }
      } catch (RuntimeException | LinkageError e) {
        // The main thread's first validator or renderer meets the same failure and reports it.
      }
    }, "stave-warm-up");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }
}

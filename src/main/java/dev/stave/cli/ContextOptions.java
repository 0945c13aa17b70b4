package dev.stave.cli;

import dev.stave.compile.CompileOptions;
import dev.stave.config.ConfigLoader;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --context} and {@code --contexts}, shared by every command that compiles configs (docs/mrunner.md). */
final class ContextOptions {
  @Option(names = "--context", paramLabel = "NAME",
      description = "The context whose values are defaults for the experiments (wins over their 'context' key).")
  String context;

  @Option(names = "--contexts", paramLabel = "FILE",
      description = "The contexts file (default: $STAVE_CONTEXTS, else the config's 'contexts' key, else "
          + "~/.config/stave/contexts.conf).")
  Path contexts;

  CompileOptions compileOptions(Context run) {
    return compileOptions(run, context, contexts);
  }

  /** The options of a compile with context {@code name} (or null) from the file {@code file} (or null). */
  static CompileOptions compileOptions(Context run, String name, Path file) {
    Path explicit = file != null ? file : run.env().get("STAVE_CONTEXTS").filter(s -> !s.isEmpty())
        .map(Path::of).orElse(null);
    String from = file != null ? "--contexts" : explicit != null ? "$STAVE_CONTEXTS" : null;
    Path home = Path.of(run.env().home(), ".config", "stave", "contexts.conf");
    return new CompileOptions(name, explicit, from, home, false, new ConfigLoader(run.env(), run.sources()));
  }
}

package dev.stave.compile;

import dev.stave.config.ConfigFile;
import dev.stave.config.ConfigLoader;
import dev.stave.config.Env;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ProjectFolders;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Sources;
import dev.stave.diag.UserError;
import dev.stave.model.ContextDef;
import dev.stave.model.Contexts;
import dev.stave.model.ContextsReader;
import dev.stave.model.Names;
import dev.stave.model.Placeholders;
import dev.stave.schema.SchemaValidator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds an experiment's context (docs/mrunner.md). The file: {@code --contexts}, else {@code $STAVE_CONTEXTS}, else the
 * experiment's {@code contexts} key, else {@code ~/.config/stave/contexts.conf} when it exists. The name:
 * {@code --context}, else the experiment's {@code context} key, else the file's {@code current_context}
 * (with a note, since that choice is not written in the experiment).
 */
final class ContextResolver {
  private ContextResolver() {}

  /** The context, or empty when none applies; problems (and the note) go to {@code problems}. */
  static Optional<ContextDef> resolve(ConfigFile experiment, CompileOptions options, List<Diagnostic> problems) {
    MapNode root = (MapNode) experiment.root();
    Node nameNode = root.get("context");
    String name = options.context() != null ? options.context()
        : nameNode instanceof ScalarNode s ? s.text() : null;
    Origin nameOrigin = options.context() == null && nameNode != null ? nameNode.origin()
        : Origin.of(experiment.file());
    String namePath = options.context() != null ? "--context" : "context";
    ConfigLoader loader = options.loader() != null ? options.loader() : new ConfigLoader(new Env(Map.of(), "/"),
        new Sources());
    Path file;
    Origin fileOrigin = Origin.of(experiment.file());
    // The folders of a file the experiment names are the experiment's; null for one the user named.
    ProjectFolders folders = null;
    boolean required = true;
    if (options.contexts() != null) {
      file = options.contexts();
    } else if (root.get("contexts") instanceof ScalarNode s) {
      file = experiment.folder().resolve(loader.expandHome(Path.of(s.text()))).normalize();
      fileOrigin = s.origin();
      folders = experiment.folders();
      Optional<Path> outside = folders.outside(file);
      if (outside.isPresent()) {
        problems.add(folders.refused(fileOrigin, "contexts", "the contexts file", file, outside.get()));
        return Optional.empty();
      }
    } else if (options.homeContexts() != null) {
      file = options.homeContexts();
      required = name != null;
    } else {
      file = null;
      required = false;
    }
    if (file == null || !Files.exists(loader.expandHome(file))) {
      if (required || name != null) {
        // A name from the command line or the environment is fixed there, not in the experiment.
        String from = options.contexts() != null ? options.contextsFrom() : null;
        // A file the experiment does not name is looked for because of the context it names, so that key is where
        // the user reads the error.
        boolean atName = folders == null && options.context() == null && name != null;
        problems.add(Diagnostic.error(atName ? nameOrigin : fileOrigin,
            atName ? "context" : from != null ? from : "contexts", "no-contexts-file",
            (file == null ? "no contexts file is given"
                : "the contexts file " + Sources.display(loader.expandHome(file))
                    + (from != null ? " named by " + from : "") + " does not exist")
                + (name != null ? ", so context '" + Names.printable(name) + "' cannot be found" : ""),
            from != null ? "correct the file named by " + from + ", or write it with kind: contexts "
                + "(see 'stave schema contexts')"
                : "write one with kind: contexts (see 'stave schema contexts'), or name it with --contexts or "
                + "$STAVE_CONTEXTS"));
      }
      return Optional.empty();
    }
    Contexts contexts = load(loader, file, folders, problems);
    if (contexts == null) {
      return Optional.empty();
    }
    if (options.context() != null && !contexts.contexts().containsKey(name)
        && Placeholders.names(name).stream().anyMatch(sweepParameters(root)::contains)) {
      // The command line is never substituted, so --context '{{lr}}' can name no point's context: every point of
      // a sweep has the one context of the run. A context whose key is those braces is still found above. Braces
      // that name no parameter of the experiment's sweep are plain text (docs/mrunner.md), so the name is just
      // not defined.
      problems.add(Diagnostic.error(nameOrigin, namePath, "unknown-context",
          "context '" + Names.printable(name) + "' is not defined in " + contexts.file() + ", and --context is not"
              + " substituted: every point of a sweep uses the one context of the run",
          (contexts.contexts().isEmpty() ? "add one under 'contexts' in " + contexts.file() + " and name it"
              : "name one context (contexts: " + String.join(", ", contexts.contexts().keySet()) + ")")
              + "; to use several, compile once per context"));
      return Optional.empty();
    }
    if (name != null) {
      return ContextsReader.find(contexts, name, nameOrigin, namePath, problems);
    }
    if (contexts.current() == null) {
      return Optional.empty();
    }
    Optional<ContextDef> current = ContextsReader.find(contexts, contexts.current(), contexts.currentOrigin(),
        "current_context", problems);
    current.ifPresent(c -> problems.add(Diagnostic.note(Origin.of(experiment.file()), "context", "current-context",
        "using context '" + c.name() + "', the current_context of " + contexts.file(),
        "set 'context' in the experiment or pass --context to choose another")));
    return current;
  }

  /** The parameters of the experiment's sweep grid, none without one. */
  private static Set<String> sweepParameters(MapNode root) {
    return root.get("sweep") instanceof MapNode sweep && sweep.get("grid") instanceof MapNode grid
        ? grid.entries().keySet() : Set.of();
  }

  private static Contexts load(ConfigLoader loader, Path file, ProjectFolders folders, List<Diagnostic> problems) {
    ConfigFile config;
    try {
      config = folders == null ? loader.load(file) : loader.load(file, folders);
    } catch (UserError e) {
      problems.addAll(e.diagnostics());
      return null;
    }
    MapNode root = (MapNode) config.root();
    Node kind = root.get("kind");
    if (!(kind instanceof ScalarNode s) || !"contexts".equals(s.text())) {
      String what = kind instanceof ScalarNode s ? "a kind: " + Names.printable(s.text()) + " file"
          : "not a stave file";
      problems.add(Diagnostic.error(kind == null ? Origin.of(config.file()) : kind.origin(), "kind", "not-contexts",
          config.file() + " is " + what + ", not a contexts file",
          "name a file with kind: contexts (see 'stave schema contexts')"));
      return null;
    }
    ConfigFile accepted = new SchemaValidator("contexts").accept(config, problems);
    return accepted == null ? null : ContextsReader.read(accepted);
  }
}

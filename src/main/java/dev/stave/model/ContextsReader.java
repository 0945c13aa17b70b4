package dev.stave.model;

import dev.stave.config.ConfigFile;
import dev.stave.config.MapNode;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Suggest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/** Reads a contexts file that its schema has accepted, and picks one of its contexts by name. */
public final class ContextsReader {
  private ContextsReader() {}

  public static Contexts read(ConfigFile config) {
    MapNode root = (MapNode) config.root();
    TreeMap<String, ContextDef> contexts = new TreeMap<>();
    MapNode map = Values.map(root, "contexts");
    if (map != null) {
      map.entries().forEach((name, node) ->
          contexts.put(name, new ContextDef(name, map.keyOrigin(name), (MapNode) node, config.folder(),
              config.folders())));
    }
    String current = Values.string(root, "current_context");
    return new Contexts(config.file(), contexts, current,
        current == null ? null : root.get("current_context").origin());
  }

  /**
   * Reports a context whose {@code name} is not its key. mrunner writes each context's name into it, so a
   * context copied from mrunner's config holds one; stave names a context by its key alone, and a
   * different name would leave it unclear which one {@code --context} means.
   */
  public static void checkName(ContextDef context, List<Diagnostic> problems) {
    if (context.values().get("name") instanceof ScalarNode name && !name.text().equals(context.name())) {
      problems.add(Diagnostic.error(name.origin(), "contexts." + context.name() + ".name", "context-name",
          "context '" + Names.printable(context.name()) + "' has the name '" + Names.printable(name.text())
              + "'; a context is named by its key",
          "make it '" + Names.printable(context.name()) + "', or remove 'name'"));
    }
  }

  /** The named context, or empty after saying which names exist. */
  public static Optional<ContextDef> find(Contexts contexts, String name, dev.stave.diag.Origin origin, String path,
      List<Diagnostic> problems) {
    ContextDef found = contexts.contexts().get(name);
    if (found != null) {
      return Optional.of(found);
    }
    List<String> names = new ArrayList<>(contexts.contexts().keySet());
    String suggestion = Suggest.closest(name, names);
    problems.add(Diagnostic.error(origin, path, "unknown-context",
        "context '" + Names.printable(name) + "' is not defined in " + contexts.file(),
        suggestion != null ? "did you mean '" + suggestion + "'?"
            : names.isEmpty() ? "add it under 'contexts' in " + contexts.file()
            : "contexts: " + String.join(", ", names)));
    return Optional.empty();
  }
}

package dev.stave.model;

import dev.stave.config.ConfigFile;
import dev.stave.config.MapNode;
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

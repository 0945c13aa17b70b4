package dev.stave.model;

import dev.stave.config.MapNode;
import dev.stave.config.ProjectFolders;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Origin;
import java.nio.file.Path;

/**
 * One named context of a contexts file (mrunner's remote context). Its values keep their origins, so a
 * problem with a default points into the contexts file, and {@link Provenance} can say where a value came from.
 *
 * @param folder the contexts file's folder, against which its relative paths resolve
 * @param folders the folders whose files the contexts file may name
 */
public record ContextDef(String name, Origin origin, MapNode values, Path folder, ProjectFolders folders) {

  /** The inventory the context names, relative to the contexts file's folder; null when it names none. */
  public Path inventory() {
    if (!(values.get("inventory") instanceof ScalarNode n)) {
      return null;
    }
    String text = n.text();
    // '~' is the loader's to expand (with the run's HOME).
    return text.startsWith("~") || Path.of(text).isAbsolute() ? Path.of(text) : folder.resolve(text).normalize();
  }

  /** Where the context names {@link #inventory()}. */
  public Origin inventoryOrigin() {
    return values.get("inventory").origin();
  }

  /** The key of {@link #inventory()} in the contexts file, as its diagnostics name it. */
  public String inventoryKey() {
    return "contexts." + name + ".inventory";
  }
}

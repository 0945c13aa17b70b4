package dev.stave.inventory;

import dev.stave.config.ConfigFile;
import dev.stave.config.ConfigLoader;
import dev.stave.config.MapNode;
import dev.stave.config.ProjectFolders;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Sources;
import dev.stave.diag.UserError;
import dev.stave.schema.SchemaValidator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Loads an inventory through the config loader, so that its values carry their own file, line and
 * column: a {@code kind: inventory} file (checked against its schema), else Terraform JSON.
 */
public final class Inventories {
  private Inventories() {}

  /**
   * The inventory that a config names, or null with the reasons added to {@code problems}; its includes
   * may name files in {@code folders}, the naming config's.
   */
  public static Inventory load(ConfigLoader loader, Path path, ProjectFolders folders, List<Diagnostic> problems) {
    ConfigFile file;
    try {
      file = path.toString().endsWith(".json") ? loader.loadVerbatim(path, folders) : loader.load(path, folders);
    } catch (UserError e) {
      problems.addAll(e.diagnostics());
      return null;
    }
    return read(file, problems);
  }

    /**
   * The inventory a context names ({@code path}, at the key {@code key} at {@code at} in a contexts file that
   * may name files in {@code folders}), or null with the reasons added to {@code problems}. An experiment
   * that uses the context and a {@code validate} of the contexts file load it alike, so both say the same.
   */
  public static Inventory loadForContext(ConfigLoader loader, Path path, Origin at, String key,
      ProjectFolders folders, List<Diagnostic> problems) {
    return loadNamed(loader, path, at, key, folders, "the context's inventory",
        "fix the path (relative to the contexts file), or set inventory in the experiment", problems);
  }

  /**
   * The inventory that a config names ({@code path}, at the key {@code key} at {@code at}; {@code what} and
   * {@code fix} word the errors), or null with the reasons added to {@code problems}. Whether it is outside
   * {@code folders} is said before whether it exists: the answer for a file outside is the same whether or not
   * it is there.
   */
  public static Inventory loadNamed(ConfigLoader loader, Path path, Origin at, String key, ProjectFolders folders,
      String what, String fix, List<Diagnostic> problems) {
    Optional<Diagnostic> outside = outside(folders, loader, path, at, key, what);
    if (outside.isPresent()) {
      problems.add(outside.get());
      return null;
    }
    Optional<Diagnostic> notAFile = notAFile(path, at, key, what, fix);
    if (notAFile.isPresent()) {
      problems.add(notAFile.get());
      return null;
    }
    return load(loader, path, folders, problems);
  }

  /**
   * The error for an inventory ({@code what}) that is missing or is no file, such as a folder, at the key
   * {@code key} at {@code at} that names it: neither has a line to point at. Empty when it is a file, and for
   * a path from the home folder ({@code ~}), which the loader reads and says of itself.
   */
  private static Optional<Diagnostic> notAFile(Path path, Origin at, String key, String what, String fix) {
    if (path.toString().startsWith("~") || Files.isRegularFile(path)) {
      return Optional.empty();
    }
    String is = Files.exists(path) ? " is not a file" : " does not exist";
    return Optional.of(Diagnostic.error(at, key, "no-inventory-file", what + " " + Sources.display(path) + is, fix));
  }

  /**
   * The error for an inventory outside the folders its config may name files in, at the key {@code key} at
   * {@code at}; empty
   * when it is inside. A leading {@code ~} is the home folder, as the loader will take it.
   */
  private static Optional<Diagnostic> outside(ProjectFolders folders, ConfigLoader loader, Path path, Origin at,
      String key, String what) {
    Path file = loader.expandHome(path);
    return folders.outside(file).map(real -> folders.refused(at, key, what, file, real));
  }

  /**
   * The file of an inventory, read as {@link #load} reads it: Terraform's own {@code ${...}} must stay as
   * written, so JSON is read verbatim; hand-written inventories get the usual variables.
   */
  public static ConfigFile loadFile(ConfigLoader loader, Path path) {
    return path.toString().endsWith(".json") ? loader.loadVerbatim(path) : loader.load(path);
  }

  /** The inventory in a file {@link #loadFile} read, or null with the reasons added to {@code problems}. */
  public static Inventory read(ConfigFile file, List<Diagnostic> problems) {
    MapNode root = (MapNode) file.root();
    if ("inventory".equals(Nodes.string(root, "kind"))) {
      ConfigFile accepted = new SchemaValidator("inventory").accept(file, problems);
      return accepted == null ? null : InventoryFileReader.read(accepted, problems);
    }
    return TerraformInventoryReader.read(file, problems);
  }
}

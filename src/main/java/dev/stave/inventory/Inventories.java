package dev.stave.inventory;

import dev.stave.config.ConfigFile;
import dev.stave.config.ConfigLoader;
import dev.stave.config.MapNode;
import dev.stave.config.ProjectFolders;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.UserError;
import dev.stave.schema.SchemaValidator;
import java.nio.file.Path;
import java.util.List;

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

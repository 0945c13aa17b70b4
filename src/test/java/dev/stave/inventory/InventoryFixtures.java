package dev.stave.inventory;

import dev.stave.config.ConfigLoader;
import dev.stave.config.Env;
import dev.stave.config.ProjectFolders;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** An inventory file as stave loads it, and an experiment that places a process on its pool {@code p}. */
final class InventoryFixtures {
  private InventoryFixtures() {}

  /** The inventory, or null with the reasons added to {@code problems}. */
  static Inventory load(Path file, List<Diagnostic> problems) {
    return Inventories.load(new ConfigLoader(new Env(Map.of(), "/home/user"), new Sources()), file,
        ProjectFolders.around(file), problems);
  }

  /** Writes {@code inventory} as {@code folder/name} and returns an experiment there that names it. */
  static Path experiment(Path folder, String name, String inventory) throws IOException {
    Files.writeString(folder.resolve(name), inventory);
    Path file = folder.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: e
        image: img:1
        inventory: INVENTORY
        processes:
          a:
            schedule: {assign_to: node_pool, node_pool_name: p}
        """.replace("INVENTORY", name));
    return file;
  }
}

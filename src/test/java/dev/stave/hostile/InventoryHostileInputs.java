package dev.stave.hostile;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The generated half of the inventory corpus (hostile/inventory/): experiments whose inventory, written
 * beside them, is huge, deeply nested or broken at the byte level.
 */
final class InventoryHostileInputs implements HostileGenerator {
  static final int POOLS = 10_000;

  @Override
  public String kind() {
    return "inventory";
  }

  private static String experiment(String inventory, String pool) {
    return "kind: experiment\nname: demo\nimage: img:1\ninventory: " + inventory + "\nprocesses:\n  a:\n"
        + "    command: [run]\n    schedule: {assign_to: node_pool, node_pool_name: " + pool + "}\n";
  }

  private static final String INVENTORY = "kind: inventory\npools:\n  cpu:\n    cpu: 4\n    unknown_key: 1\n"
      + "    memory: 16Gi\n";

  @Override
  public List<Generated> inputs() {
    List<Generated> all = new ArrayList<>();
    all.add(with("bom-inventory.yaml", "inv.yaml", "\uFEFF" + INVENTORY));
    all.add(with("crlf-inventory.yaml", "inv.yaml", INVENTORY.replace("\n", "\r\n")));
    all.add(with("nul-inventory.yaml", "inv.yaml", INVENTORY.replace("cpu: 4", "cpu: \"4\0\"")));
    all.add(new Generated("invalid-utf8-inventory.yaml", GeneratedInputs.utf8(experiment("inv.tf.json", "cpu")),
        Map.of("inv.tf.json", () -> GeneratedInputs.concat("{\"resource\": {\"x\": \"".getBytes(StandardCharsets.UTF_8),
            new byte[] {(byte) 0xC3, 0x28, '"', '}', '}'}))));
    all.add(with("deep-inventory-10000.yaml", "inv.tf.json",
        "{\"resource\": " + "{\"a\": ".repeat(GeneratedInputs.DEEP) + "1" + "}".repeat(GeneratedInputs.DEEP) + "}\n"));
    all.add(with("pools-10000-unknown-pool.yaml", "inv.tf.json", pools(POOLS), "pool-99999"));
    all.add(with("pools-1000-bad-last.yaml", "inv.tf.json",
        pools(1000).replace("\"pool-999\", \"cpu\": 8", "\"pool-9999\", \"cpu\": \"8; rm -rf /\""), "pool-0"));
    // Each pool its own resource block, in a regional cluster that the file writes: its zones are looked up once.
    all.add(with("regional-pools-25000-unknown-pool.yaml", "inv.tf.json", regionalPools(25_000), "pool-99999"));
    return all;
  }

  private static Generated with(String name, String inventoryName, String inventory) {
    return with(name, inventoryName, inventory, "cpu");
  }

  private static Generated with(String name, String inventoryName, String inventory, String pool) {
    return GeneratedInputs.text(name, experiment(inventoryName, pool),
        Map.of(inventoryName, GeneratedInputs.utf8(inventory)));
  }

  /** A .tf.json of a regional cluster and n pools of one node per zone, each pool in a resource block of its own. */
  static String regionalPools(int n) {
    StringBuilder b = new StringBuilder("{\"resource\": [\n{\"google_container_cluster\": {\"main\":"
        + " {\"location\": \"us-central1\"}}}");
    for (int i = 0; i < n; i++) {
      b.append(",\n{\"google_container_node_pool\": {\"pool-").append(i).append("\": {\"cluster\":"
          + " \"${google_container_cluster.main.name}\", \"node_count\": 1,"
          + " \"node_config\": {\"machine_type\": \"n1-standard-8\"}}}}");
    }
    return b.append("\n]}\n").toString();
  }

  /** A Cloudwise .tf.json with n node pools of n1-standard-8. */
  static String pools(int n) {
    StringBuilder b = new StringBuilder("{\"resource\": {\"google_container_node_pool\": {\n");
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : ",\n").append("\"pool-").append(i).append("\": {\"name\": \"pool-").append(i)
          .append("\", \"autoscaling\": {\"max_node_count\": 3}, \"node_config\": {\"machine_type\": \"n1-standard-8\","
              + " \"labels\": {\"name\": \"pool-").append(i).append("\", \"cpu\": 8, \"memory_m\": 30720}}}");
    }
    return b.append("\n}}}\n").toString();
  }
}

package dev.stave.inventory;

import dev.stave.diag.Origin;
import java.util.List;
import java.util.Optional;

/**
 * The node pools of one cluster, sorted by name, and the allocation model the file asks for
 * ({@code dispatchModel}, null when it does not say).
 *
 * @param gke whether the file says the cluster is GKE's: Terraform's google_container_node_pool does, and a
 *     {@code kind: inventory} file does with {@code provider: gke}
 */
public record Inventory(String file, List<NodePool> pools, String dispatchModel, Origin dispatchModelOrigin,
    boolean gke) {

  public Inventory {
    pools = pools.stream().sorted((a, b) -> a.name().compareTo(b.name())).toList();
  }

  public Optional<NodePool> find(String name) {
    return pools.stream().filter(p -> p.name().equals(name)).findFirst();
  }

  public List<String> names() {
    return pools.stream().map(NodePool::name).toList();
  }
}

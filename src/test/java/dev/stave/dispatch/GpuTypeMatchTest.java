package dev.stave.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.stave.diag.Origin;
import dev.stave.inventory.Inventory;
import dev.stave.inventory.NodePool;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Both models match a pool's GPU type the same way: as whole parts of it, in any case. */
class GpuTypeMatchTest {
  private static NodePool pool(String name, String gpuType) {
    return new NodePool(name, name, null, BigDecimal.valueOf(8), 30720, gpuType, 1, false, 10, List.of(), null,
        null, null, new Origin("t", 1, 1));
  }

  private static Optional<String> infer(AllocationModel model, String poolType, String asked) {
    Inventory inventory = new Inventory("t", List.of(pool("g", poolType)), null, null, false);
    return model.infer(inventory, new ResourceRequest(null, null, asked, 1)).map(NodePool::name);
  }

  @Test
  void symphonyMatchesAnUppercasePoolType() {
    AllocationModel symphony = new SymphonyModel();
    assertEquals(Optional.of("g"), infer(symphony, "NVIDIA-L4", "l4"));
    assertEquals(Optional.of("g"), infer(symphony, "L4", "l4"));
    assertEquals(Optional.of("g"), infer(symphony, "nvidia-l4", "L4"));
    assertEquals(Optional.of("g"), infer(symphony, "nvidia-tesla-k80", "k80"));
    assertEquals(Optional.empty(), infer(symphony, "NVIDIA-L4", "t4"));
  }

  @Test
  void gkeMatchesTheSameWay() {
    AllocationModel gke = new GkeModel();
    assertEquals(Optional.of("g"), infer(gke, "NVIDIA-L4", "l4"));
    assertEquals(Optional.of("g"), infer(gke, "L4", "l4"));
    assertEquals(Optional.of("g"), infer(gke, "nvidia-l4", "L4"));
    assertEquals(Optional.empty(), infer(gke, "NVIDIA-L4", "t4"));
  }

  /** l4 is part of nvidia-l4 but not of nvidia-l40s, another GPU; a100 is part of nvidia-a100-80gb. */
  @Test
  void bothMatchWholePartsOnly() {
    for (AllocationModel model : List.of(new SymphonyModel(), new GkeModel())) {
      assertEquals(Optional.empty(), infer(model, "nvidia-l40s", "l4"));
      assertEquals(Optional.empty(), infer(model, "NVIDIA-L40S", "l4"));
      assertEquals(Optional.of("g"), infer(model, "nvidia-l40s", "l40s"));
      assertEquals(Optional.of("g"), infer(model, "nvidia-a100-80gb", "a100"));
      assertEquals(Optional.of("g"), infer(model, "nvidia-tesla-t4", "tesla-t4"));
      assertEquals(Optional.of("g"), infer(model, "nvidia-tesla-t4", "nvidia-tesla-t4"));
      assertEquals(Optional.empty(), infer(model, "nvidia-tesla-t4", "esla"));
    }
  }
}

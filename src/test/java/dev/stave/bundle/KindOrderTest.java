package dev.stave.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** File names carry the install rank as two digits, then the kind in lower case, then the name. */
class KindOrderTest {
  @Test
  void fileNamesPadTheRankToTwoDigits() {
    assertEquals("00-priorityclass-high.yaml", KindOrder.fileName("PriorityClass", "high"));
    assertEquals("01-namespace-demo.yaml", KindOrder.fileName("Namespace", "demo"));
    assertEquals("23-service-sweep-7-worker.yaml", KindOrder.fileName("Service", "sweep-7-worker"));
    assertEquals("31-job-a.b.yaml", KindOrder.fileName("Job", "a.b"));
  }

  @Test
  void kindsOffTheListRankNinetyNine() {
    assertEquals(KindOrder.UNKNOWN, KindOrder.rank("Workflow"));
    assertEquals("99-workflow-train.yaml", KindOrder.fileName("Workflow", "train"));
  }

  @Test
  void everyListedKindHasItsPositionAsRank() {
    for (int i = 0; i < KindOrder.INSTALL_ORDER.size(); i++) {
      String kind = KindOrder.INSTALL_ORDER.get(i);
      assertEquals(i, KindOrder.rank(kind), kind);
      assertEquals(String.format(java.util.Locale.ROOT, "%02d-%s-x.yaml", i, kind.toLowerCase(java.util.Locale.ROOT)),
          KindOrder.fileName(kind, "x"));
    }
  }
}

package dev.stave.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.stave.diag.StaveBug;
import dev.stave.render.RenderedObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Two objects of one kind, namespace and name reach a bundle only through a bug in a compiler. */
class BundleTest {
  private static RenderedObject pod(String namespace, String name) {
    return new RenderedObject("v1", "Pod", namespace, name,
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name + "\n  namespace: " + namespace + "\n");
  }

  @Test
  void twoObjectsOfOneNameAreStavesBugWhereverTheyGo() {
    StaveBug bug = assertThrows(StaveBug.class,
        () -> new Bundle("col", List.of(pod("ns", "col-a-1"), pod("ns", "col-b"), pod("ns", "col-a-1"))));
    assertEquals("bundle col has two objects Pod ns/col-a-1", bug.getMessage());
  }
}

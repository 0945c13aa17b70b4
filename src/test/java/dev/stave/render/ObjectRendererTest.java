package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.compile.PlannedObject;
import dev.stave.diag.StaveBug;
import dev.stave.diag.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ObjectRendererTest {
  private final ObjectRenderer renderer = new ObjectRenderer(null);

  /** Enough objects that renderAll takes its parallel path on a machine with several cores. */
  private static List<PlannedObject> namespaces(int count, int... failing) {
    List<PlannedObject> planned = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String name = String.format("ns-%03d", i);
      Map<String, Object> data = new LinkedHashMap<>();
      data.put("name", name);
      data.put("labels", Map.of("stave.dev/bundle", name));
      String template = "namespace.ftl";
      for (int f : failing) {
        template = f == i ? "missing-" + i + ".ftl" : template;
      }
      planned.add(new PlannedObject("v1", "Namespace", null, name, template, data, List.of()));
    }
    return planned;
  }

  @Test
  void renderAllGivesWhatRenderGivesOneByOneInTheSameOrder() {
    List<PlannedObject> planned = namespaces(300);
    List<RenderedObject> all = renderer.renderAll(planned);
    assertEquals(300, all.size());
    for (int i = 0; i < planned.size(); i++) {
      assertEquals(renderer.render(planned.get(i)).yaml(), all.get(i).yaml());
    }
    assertEquals(
        """
        apiVersion: v1
        kind: Namespace
        metadata:
          name: ns-299
          labels:
            stave.dev/bundle: ns-299
        """,
        all.get(299).yaml());
  }

  @Test
  void renderAllReportsTheFirstFailureInListOrder() {
    for (int run = 0; run < 5; run++) {
      StaveBug bug = assertThrows(StaveBug.class, () -> renderer.renderAll(namespaces(300, 250, 70, 290)));
      assertEquals("template missing-70.ftl failed to render", bug.getMessage());
    }
  }

  /**
   * After the first object of a shape and key, objects skip making their tree; they must come out as
   * a renderer that has seen nothing writes them, and a value that repeats a key must still fail.
   */
  @Test
  void objectsOfAKnownShapeAreWrittenAsTheFullPathWritesThem(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("namespace.ftl"), """
        apiVersion: v1
        kind: Namespace
        metadata: {name: ${name}, labels: {fixed: "x", <#list labels as k, v>${k}: ${v}<#sep>, </#list>}}
        """);
    ObjectRenderer shared = new ObjectRenderer(dir);
    for (int i = 0; i < 50; i++) {
      Map<String, Object> labels = new LinkedHashMap<>();
      labels.put("app", i % 7 == 0 ? "0" + i : "a" + i);
      labels.put(i % 5 == 0 ? "tier" : "role", i % 3 == 0 ? "true" : "t: " + i);
      PlannedObject p = new PlannedObject("v1", "Namespace", null, "ns-" + i, "namespace.ftl",
          Map.of("name", "ns-" + i, "labels", labels), List.of());
      assertEquals(new ObjectRenderer(dir).render(p).yaml(), shared.render(p).yaml(), "object " + i);
    }
    PlannedObject repeated = new PlannedObject("v1", "Namespace", null, "ns-x", "namespace.ftl",
        Map.of("name", "ns-x", "labels", Map.of("fixed", "y", "app", "a1")), List.of());
    // The template is the user's (a --templates folder), so the repeated key is the user's error.
    UserError error = assertThrows(UserError.class, () -> shared.render(repeated));
    String message = error.diagnostics().get(0).message();
    assertTrue(message.contains("not YAML"), message);
  }
}

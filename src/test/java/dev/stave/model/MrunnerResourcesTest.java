package dev.stave.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MrunnerResourcesTest {
  private static final Origin AT = new Origin("contexts.conf", 7, 17);

  private static List<String> problems(String text) {
    List<Diagnostic> problems = new ArrayList<>();
    MrunnerResources.parse(ScalarNode.string(text, AT), "resources", problems);
    return problems.stream().map(d -> d.origin() + " " + d.code() + ": " + d.message()).toList();
  }

  @Test
  void mapsNamesAsMrunnerAndAppendsItsIToMemory() {
    List<Diagnostic> problems = new ArrayList<>();
    assertEquals(Map.of("cpu", "500m", "memory", "8Gi", "nvidia.com/gpu", "2", "cloud-tpus.google.com/v2", "1"),
        MrunnerResources.parse(ScalarNode.string("cpu=0.5  mem=8G gpu=2 tpu=1", AT), "resources", problems));
    assertEquals(Map.of("memory", "512Mi"),
        MrunnerResources.parse(ScalarNode.string("mem=512Mi gpu=0", AT), "resources", problems));
    assertEquals(List.of(), problems);
  }

  @Test
  void malformedStringsAreLocatedErrors() {
    assertEquals(List.of("contexts.conf:7:17 resources-value: 'four' is not a valid amount of cpu"),
        problems("cpu=four"));
    assertEquals(List.of("contexts.conf:7:17 resources-unknown: 'foo' is not a resource mrunner knows"),
        problems("foo=1"));
    assertEquals(List.of("contexts.conf:7:17 resources-syntax: 'cpu' in resources is not NAME=VALUE"),
        problems("cpu"));
    assertEquals(List.of("contexts.conf:7:17 resources-value: '1.5' is not a valid amount of gpu"),
        problems("gpu=1.5"));
    assertEquals(List.of("contexts.conf:7:17 resources-twice: resource 'cpu' is given twice"),
        problems("cpu=1 cpu=2"));
  }

  /**
   * In the map form each resource has its own key, so its errors are placed there (resources.cpu), where a
   * sweep's error for the same value is; the text form has only the whole value's key.
   */
  @Test
  void theMapFormPlacesAResourcesErrorsAtItsOwnKey() {
    Map<String, Node> entries = new LinkedHashMap<>();
    entries.put("cpu", ScalarNode.string("bad", new Origin("contexts.conf", 7, 23)));
    entries.put("disk", ScalarNode.string("1", new Origin("contexts.conf", 7, 36)));
    Map<String, Origin> keyOrigins = Map.of("cpu", new Origin("contexts.conf", 7, 17),
        "disk", new Origin("contexts.conf", 7, 30));
    List<Diagnostic> problems = new ArrayList<>();
    MrunnerResources.parse(new MapNode(entries, keyOrigins, AT), "contexts.c2.resources", problems);
    assertEquals(List.of(
        "contexts.conf:7:23 contexts.c2.resources.cpu: 'bad' is not a valid amount of cpu",
        "contexts.conf:7:36 contexts.c2.resources.disk: 'disk' is not a resource mrunner knows"),
        problems.stream().map(d -> d.origin() + " " + d.jsonPath() + ": " + d.message()).toList());
  }
}

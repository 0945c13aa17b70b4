package dev.stave.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.util.ArrayList;
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
}

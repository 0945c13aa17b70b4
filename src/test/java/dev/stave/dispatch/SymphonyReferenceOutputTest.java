package dev.stave.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.stave.cli.Run;
import dev.stave.model.Quantities;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code examples/symphony-rl-small.yaml} is the experiment Symphony compiled into
 * {@code symphony-reference-output.yaml}; every scheduling field of every process must match it.
 * Quantities compare by value (stave writes 15.4 as 15400m); stave also writes the GPU request that
 * Kubernetes would default from the limit, which Symphony left out.
 */
class SymphonyReferenceOutputTest {
  @Test
  @SuppressWarnings("unchecked")
  void schedulingFieldsMatchSymphony() throws IOException {
    Run run = Run.of("compile", "examples/symphony-rl-small.yaml", "-o", "-");
    assertEquals(0, run.code(), run.err());
    Map<String, Map<String, Object>> ours = pods(run.out(), "rl-small-");
    Map<String, Map<String, Object>> reference = pods(
        Files.readString(Path.of("src/test/resources/dispatch/symphony-reference-output.yaml")), "");
    assertEquals(reference.keySet(), ours.keySet());
    int containers = 0;
    for (String pod : reference.keySet()) {
      Map<String, Object> want = (Map<String, Object>) reference.get(pod).get("spec");
      Map<String, Object> got = (Map<String, Object>) ours.get(pod).get("spec");
      assertEquals(want.get("nodeSelector"), got.get("nodeSelector"), pod);
      assertEquals(new HashSet<>(list(want.get("tolerations"))), new HashSet<>(list(got.get("tolerations"))), pod);
      Map<String, Map<String, Object>> gotContainers = new TreeMap<>();
      for (Object c : list(got.get("containers"))) {
        gotContainers.put((String) ((Map<String, Object>) c).get("name"), (Map<String, Object>) c);
      }
      for (Object c : list(want.get("containers"))) {
        Map<String, Object> wantContainer = (Map<String, Object>) c;
        String name = (String) wantContainer.get("name");
        Map<String, Object> wantResources = map(wantContainer.get("resources"));
        Map<String, Object> gotResources = map(gotContainers.get(name).get("resources"));
        Map<String, Object> wantLimits = map(wantResources.get("limits"));
        Map<String, Object> gotLimits = map(gotResources.get("limits"));
        Map<String, Object> wantRequests = new TreeMap<>(map(wantResources.get("requests")));
        wantLimits.forEach((k, v) -> wantRequests.putIfAbsent(k, v)); // Kubernetes' default for extended resources
        assertEquals(quantities(wantRequests), quantities(map(gotResources.get("requests"))), pod + "/" + name);
        assertEquals(quantities(wantLimits), quantities(gotLimits), pod + "/" + name);
        containers++;
      }
    }
    assertEquals(6, containers);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Object>> pods(String stream, String prefix) {
    Map<String, Map<String, Object>> out = new TreeMap<>();
    for (Object doc : new Yaml().loadAll(stream)) {
      Map<String, Object> m = (Map<String, Object>) doc;
      if (m != null && "Pod".equals(m.get("kind"))) {
        String name = (String) ((Map<String, Object>) m.get("metadata")).get("name");
        out.put(name.substring(prefix.length()), m);
      }
    }
    return out;
  }

  private static List<Object> list(Object o) {
    return o == null ? List.of() : new ArrayList<>((List<?>) o);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return o == null ? Map.of() : (Map<String, Object>) o;
  }

  private static Map<String, String> quantities(Map<String, Object> m) {
    Map<String, String> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(k, Quantities.value(String.valueOf(v)).stripTrailingZeros().toPlainString()));
    return out;
  }
}

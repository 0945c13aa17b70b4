package dev.stave.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import com.google.gson.ToNumberPolicy;
import dev.stave.cli.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random valid benchmarks, Mars clusters and swept experiments compile (every object passes the
 * client-java check inside compile), give back the values put in with their types, and give the same
 * bytes from YAML and from HOCON and on a second run. Each try compiles three times, so tries are
 * fewer than for the string properties.
 */
class KindPropertyTest {
  private static final Gson GSON = new Gson().newBuilder().setObjectToNumberStrategy(ToNumberPolicy.LONG_OR_DOUBLE)
      .create();

  @Provide
  Arbitrary<KindConfigs.Sample> benchmarks() {
    return KindConfigs.benchmarks();
  }

  @Provide
  Arbitrary<KindConfigs.Sample> clusters() {
    return KindConfigs.clusters();
  }

  @Provide
  Arbitrary<KindConfigs.Sample> sweeps() {
    return KindConfigs.sweeps();
  }

  /** run.args reaches the job as args.json: strings stay strings, numbers numbers, booleans booleans. */
  @Property(tries = 40)
  @SuppressWarnings("unchecked")
  void benchmarkArgsComeBackWithTheirTypes(@ForAll("benchmarks") KindConfigs.Sample sample) throws IOException {
    List<Object> documents = compileBothWays(sample);
    String json = null;
    for (Object doc : documents) {
      Map<String, Object> object = (Map<String, Object>) doc;
      if (object.get("kind").equals("ConfigMap")) {
        json = (String) ((Map<String, Object>) object.get("data")).get("args.json");
      }
    }
    assertTrue(json != null, "a ConfigMap with args.json");
    Map<String, Object> back = GSON.fromJson(json, Map.class);
    assertEquals(normalized(sample.expected()), back == null ? Map.of() : back);
  }

  /** extra_env reaches every Mars container as the very same strings. */
  @Property(tries = 40)
  @SuppressWarnings("unchecked")
  void clusterEnvComesBackAsWritten(@ForAll("clusters") KindConfigs.Sample sample) throws IOException {
    int containers = 0;
    for (Object doc : compileBothWays(sample)) {
      for (Map<String, Object> container : containers((Map<String, Object>) doc)) {
        containers++;
        Map<String, Object> env = new LinkedHashMap<>();
        for (Object e : (List<Object>) container.getOrDefault("env", List.of())) {
          env.put((String) ((Map<String, Object>) e).get("name"), ((Map<String, Object>) e).get("value"));
        }
        sample.expected().forEach((k, v) -> assertEquals(v, env.get(k), "env " + k));
      }
    }
    assertTrue(containers >= 2, "a scheduler and a web container at least");
  }

  /** Each point of the grid gets one Job whose args are the placeholders filled with that point's values. */
  @Property(tries = 40)
  @SuppressWarnings("unchecked")
  void sweepInstancesCarryTheirPointsValues(@ForAll("sweeps") KindConfigs.Sample sample) throws IOException {
    Map<String, List<String>> grid = (Map<String, List<String>>) sample.expected().get("grid");
    List<String> args = (List<String>) sample.expected().get("args");
    Set<List<String>> expected = new HashSet<>();
    for (Map<String, String> point : points(grid)) {
      List<String> filled = new ArrayList<>();
      for (String a : args) {
        String s = a;
        for (Map.Entry<String, String> e : point.entrySet()) {
          s = s.replace("{{" + e.getKey() + "}}", e.getValue());
        }
        filled.add(s);
      }
      expected.add(filled);
    }
    Set<List<String>> actual = new HashSet<>();
    int jobs = 0;
    for (Object doc : compileBothWays(sample)) {
      for (Map<String, Object> container : containers((Map<String, Object>) doc)) {
        jobs++;
        actual.add((List<String>) container.get("args"));
      }
    }
    assertEquals(expected.size(), jobs, "one Job per point");
    assertEquals(expected, actual);
  }

  private static List<Map<String, String>> points(Map<String, List<String>> grid) {
    List<Map<String, String>> points = new ArrayList<>(List.of(Map.of()));
    for (Map.Entry<String, List<String>> param : grid.entrySet()) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> p : points) {
        for (String v : param.getValue()) {
          Map<String, String> m = new LinkedHashMap<>(p);
          m.put(param.getKey(), v);
          next.add(m);
        }
      }
      points = next;
    }
    return points;
  }

  /** Integers as Gson reads them back (longs). */
  private static Object normalized(Object value) {
    if (value instanceof Integer i) {
      return i.longValue();
    }
    if (value instanceof Map<?, ?> m) {
      Map<Object, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(k, normalized(v)));
      return out;
    }
    if (value instanceof List<?> l) {
      return l.stream().map(KindPropertyTest::normalized).toList();
    }
    return value;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> containers(Map<String, Object> object) {
    Object kind = object.get("kind");
    if (!kind.equals("Deployment") && !kind.equals("Job") && !kind.equals("StatefulSet")) {
      return List.of();
    }
    Map<String, Object> spec = (Map<String, Object>) object.get("spec");
    Map<String, Object> pod = (Map<String, Object>) ((Map<String, Object>) spec.get("template")).get("spec");
    return (List<Map<String, Object>>) (List<?>) pod.get("containers");
  }

  /** Compiles the sample from YAML and from HOCON (and YAML again): same bytes each time; the parsed documents. */
  private static List<Object> compileBothWays(KindConfigs.Sample sample) throws IOException {
    Path dir = Files.createTempDirectory("stave-kind-property");
    try {
      Path yaml = Files.writeString(dir.resolve("c.yaml"), ConfigText.yaml(sample.tree()), StandardCharsets.UTF_8);
      Path conf = Files.writeString(dir.resolve("c.conf"), ConfigText.hocon(sample.tree()), StandardCharsets.UTF_8);
      Run fromYaml = Run.of("compile", yaml.toString(), "-o", "-");
      assertEquals(0, fromYaml.code(), () -> fromYaml.err() + "\n" + ConfigText.yaml(sample.tree()));
      Run fromHocon = Run.of("compile", conf.toString(), "-o", "-");
      assertEquals(0, fromHocon.code(), () -> fromHocon.err() + "\n" + ConfigText.hocon(sample.tree()));
      assertEquals(fromYaml.out(), fromHocon.out(), "YAML and HOCON give the same bytes");
      assertEquals(fromYaml.out(), Run.of("compile", yaml.toString(), "-o", "-").out(), "same bytes twice");
      return HostileCorpusTest.OutputValues.documents(fromYaml.out());
    } finally {
      try (var files = Files.list(dir)) {
        for (Path p : files.toList()) {
          Files.delete(p);
        }
      }
      Files.delete(dir);
    }
  }
}

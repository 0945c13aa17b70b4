package dev.stave.hostile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Random valid configs of the kinds that came after experiments: benchmarks (DeepEcho on Dask) with
 * free-form run.args, Mars clusters with free-text extra_env, and experiments with a sweep whose values
 * and placeholders are free text.
 */
final class KindConfigs {
  private KindConfigs() {}

  /** A config tree and the values that must come back unchanged (by container env name, or by args key). */
  record Sample(Map<String, Object> tree, Map<String, Object> expected) {}

  private static Arbitrary<String> name() {
    return Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(8);
  }

  /** Free text or a whole number, so that strings and numbers must both keep their type. */
  private static Arbitrary<Object> scalar() {
    return Arbitraries.frequencyOf(
        Tuple.of(4, ExperimentConfigs.freeText().map(s -> (Object) s)),
        Tuple.of(1, Arbitraries.integers().between(-1_000_000, 1_000_000).map(i -> (Object) i)),
        Tuple.of(1, Arbitraries.of(true, false).map(b -> (Object) b)));
  }

  static Arbitrary<Sample> benchmarks() {
    Arbitrary<Map<String, Object>> args = Arbitraries.maps(
        Arbitraries.strings().withCharRange('a', 'z').withChars('_').ofMinLength(1).ofMaxLength(8),
        Arbitraries.frequencyOf(Tuple.of(3, scalar()), Tuple.of(1, scalar().list().ofMaxSize(3).map(l -> (Object) l))))
        .ofMaxSize(5);
    return Combinators.combine(name(), args, Arbitraries.of("plain", "dask-operator"),
            Arbitraries.integers().between(1, 20), Arbitraries.of("1", "2", "500m"),
            Arbitraries.of("1Gi", "4G", "512Mi"))
        .as((name, a, engine, workers, cpu, memory) -> {
          Map<String, Object> root = new LinkedHashMap<>();
          root.put("kind", "benchmark");
          root.put("name", name);
          root.put("engine", engine);
          Map<String, Object> run = new LinkedHashMap<>();
          run.put("function", "deepecho.benchmark.run_benchmark");
          run.put("args", a);
          root.put("run", run);
          Map<String, Object> dask = new LinkedHashMap<>();
          dask.put("workers", workers);
          dask.put("image", "sdvproject/deepecho:0.1.1");
          dask.put("worker_resources", Map.of("cpu", cpu, "memory", memory));
          root.put("dask_cluster", dask);
          root.put("output", Map.of("path", "results/" + name + ".csv"));
          return new Sample(root, a);
        });
  }

  static Arbitrary<Sample> clusters() {
    Arbitrary<Map<String, Object>> env = Arbitraries.maps(
        Arbitraries.strings().withCharRange('A', 'Z').withChars('_').ofMinLength(1).ofMaxLength(6).map(s -> "U_" + s),
        scalar()).ofMaxSize(4);
    return Combinators.combine(name(), env, Arbitraries.integers().between(0, 12), Arbitraries.integers().between(1, 3),
            Arbitraries.of(1, 2, 4), Arbitraries.of("4g", "16g", "1.5g"), Arbitraries.of("NodePort", "LoadBalancer"))
        .as((name, e, workers, schedulers, cpu, memory, service) -> {
          Map<String, Object> root = new LinkedHashMap<>();
          root.put("kind", "cluster");
          root.put("framework", "mars");
          root.put("name", name);
          root.put("worker_num", workers);
          root.put("scheduler_num", schedulers);
          root.put("worker_cpu", cpu);
          root.put("worker_mem", memory);
          root.put("service_type", service);
          root.put("extra_env", e);
          Map<String, Object> expected = new LinkedHashMap<>();
          // Environment variables are strings: numbers and booleans come back written as in the config.
          e.forEach((k, v) -> expected.put(k, String.valueOf(v)));
          return new Sample(root, expected);
        });
  }

  /**
   * An experiment with a sweep of 1 to 3 parameters of 1 to 3 values each; its args hold every
   * placeholder between free text, which may not open a placeholder itself.
   */
  static Arbitrary<Sample> sweeps() {
    Arbitrary<String> text = ExperimentConfigs.freeText().filter(s -> !s.contains("{{"));
    Arbitrary<List<String>> values = ExperimentConfigs.freeText().list().ofMinSize(1).ofMaxSize(3).uniqueElements();
    Arbitrary<Map<String, List<String>>> grid = Arbitraries.maps(
        Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(4), values).ofMinSize(1).ofMaxSize(3);
    return Combinators.combine(name(), grid, text.list().ofMinSize(1).ofMaxSize(3))
        .as((name, g, around) -> {
          Map<String, Object> root = new LinkedHashMap<>();
          root.put("kind", "experiment");
          root.put("name", name);
          root.put("image", "registry.example/img:1");
          root.put("sweep", Map.of("grid", g));
          List<String> args = new ArrayList<>(around);
          for (String param : g.keySet()) {
            args.add("{{" + param + "}}");
            args.add("x{{" + param + "}}" + around.get(0));
          }
          root.put("processes", Map.of("train", Map.of("command", List.of("run"), "args", args)));
          Map<String, Object> expected = new LinkedHashMap<>();
          expected.put("args", args);
          expected.put("grid", g);
          return new Sample(root, expected);
        });
  }
}

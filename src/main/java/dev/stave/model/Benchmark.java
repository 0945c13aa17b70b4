package dev.stave.model;

import dev.stave.diag.Origin;
import java.util.List;

/**
 * A DeepEcho benchmark run (docs/benchmarks.md): call {@code function(**args)} against a Dask cluster of
 * {@code workers} and write the returned DataFrame to {@code output}. {@code args} holds plain values
 * (maps, lists, strings, numbers, booleans, null) for the launcher's JSON file. {@code namespaceOrigin} is where
 * {@code namespace} is written, null when it is the benchmark's name.
 */
public record Benchmark(
    String name,
    String namespace,
    Origin namespaceOrigin,
    boolean createNamespace,
    Engine engine,
    String function,
    Object args,
    Workers workers,
    String image,
    int threads,
    Resources schedulerResources,
    Resources workerResources,
    Setup setup,
    Output output) {

  public enum Engine {
    PLAIN,
    DASK_OPERATOR
  }

  /**
   * A fixed number of workers ({@code minimum == maximum}, not adaptive) or an adaptive range;
   * {@code origin} is the {@code workers} key's, or where the config starts when it has none.
   */
  public record Workers(int minimum, int maximum, boolean adaptive, Origin origin) {}

  /** DeepEcho's setup steps; empty lists and nulls mean "not given". */
  public record Setup(String script, GitRepository git, List<String> pipPackages, List<String> aptPackages) {
    public Setup {
      pipPackages = List.copyOf(pipPackages);
      aptPackages = List.copyOf(aptPackages);
    }

    public boolean isEmpty() {
      return script == null && git == null && pipPackages.isEmpty() && aptPackages.isEmpty();
    }
  }

  /** {@code reference} and {@code install} are null when not given. */
  public record GitRepository(String url, String reference, String install) {}

  /** Where the DataFrame goes; {@code bucket} null means a file inside the launcher pod. */
  public record Output(String path, String bucket, Credential key, Credential secretKey) {
    public boolean hasCredentials() {
      return key != null && secretKey != null;
    }
  }

  /** A credential's value (never printed) and where it was written. */
  public record Credential(String value, Origin origin) {
    @Override
    public String toString() {
      return "Credential[" + origin + "]";
    }
  }
}

package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cpu amount below one millicore, which Kubernetes reads as 1m, is a warning at the value, as small memory is. */
class SmallCpuTest {
  private static final String HINT = "  = hint: write 1m (a thousandth of a core) or more";

  @TempDir Path temp;

  private Path write(String name, String text) throws IOException {
    return Files.writeString(temp.resolve(name), text);
  }

  /** Validates {@code config}, which is valid, and asserts that exactly {@code warnings} are printed. */
  private static void warnings(Path config, List<String> warnings) {
    Run run = Run.of("validate", config.toString());
    assertEquals(0, run.code(), run.err());
    List<String> expected = new ArrayList<>(warnings);
    expected.add("1 config is valid");
    assertEquals(expected, run.err().lines().toList());
  }

  @Test
  void anExperimentsRequestAndLimitBelowAMillicoreAreWarnedAbout() throws IOException {
    Path config = write("e.yaml", """
        kind: experiment
        name: e
        image: python:3.12-slim
        processes:
          server:
            command: [python]
            resource_request: {cpu: 0.0001, memory: 1Gi}
            resource_limit: {cpu: 0.5m}
          client:
            command: [python]
            resource_request: {cpu: 0}
            resource_limit: {cpu: 1m}
        """);
    warnings(config, List.of(
        config + ":7:29: warning: processes.server.resource_request.cpu: '0.0001' is 0.1 millicores of cpu, less"
            + " than the millicore Kubernetes counts cpu in, so it is read as 1m",
        "    |     resource_request: {cpu: 0.0001, memory: 1Gi}",
        "    |                             ^",
        HINT,
        config + ":8:27: warning: processes.server.resource_limit.cpu: '0.5m' is 0.5 millicores of cpu, less than"
            + " the millicore Kubernetes counts cpu in, so it is read as 1m",
        "    |     resource_limit: {cpu: 0.5m}",
        "    |                           ^",
        HINT));
  }

  @Test
  void theWarningLeavesTheBundleAsWritten() throws IOException {
    Path config = write("e.yaml", """
        kind: experiment
        name: e
        image: python:3.12-slim
        processes:
          server:
            command: [python]
            resource_request: {cpu: 0.0001}
        """);
    Run run = Run.of("compile", config.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of("            cpu: 100u"), run.out().lines().filter(l -> l.contains("cpu:")).toList());
  }

  @Test
  void mrunnersCpuIsWarnedAbout() throws IOException {
    Path config = write("e.yaml", """
        kind: experiment
        name: e
        image: python:3.12-slim
        resources: "cpu=0.0005 mem=1G"
        processes:
          a: {command: [python]}
        """);
    warnings(config, List.of(
        config + ":4:12: warning: resources.cpu: '0.0005' is 0.5 millicores of cpu, less than the millicore"
            + " Kubernetes counts cpu in, so it is read as 1m",
        "    | resources: \"cpu=0.0005 mem=1G\"",
        "    |            ^",
        HINT));
  }

  @Test
  void aBenchmarksCpuIsWarnedAbout() throws IOException {
    Path config = write("b.yaml", """
        kind: benchmark
        name: w
        run: {function: a.b}
        dask_cluster:
          image: "i:1"
          worker_resources: {cpu: 100u, memory: 1Gi}
        """);
    warnings(config, List.of(
        config + ":6:27: warning: dask_cluster.worker_resources.cpu: '100u' is 0.1 millicores of cpu, less than the"
            + " millicore Kubernetes counts cpu in, so it is read as 1m",
        "    |   worker_resources: {cpu: 100u, memory: 1Gi}",
        "    |                           ^",
        HINT));
  }

  @Test
  void anOverridesCpuIsWarnedAbout() throws IOException {
    Path config = write("e.yaml", """
        kind: experiment
        name: e
        image: python:3.12-slim
        processes:
          a:
            command: [python]
            overrides:
              container:
                resources:
                  requests: {cpu: 500u}
                  limits: {cpu: 100m}
        """);
    warnings(config, List.of(
        config + ":10:27: warning: processes.a.overrides.container.resources.requests.cpu: '500u' is 0.5 millicores"
            + " of cpu, less than the millicore Kubernetes counts cpu in, so it is read as 1m",
        "    |           requests: {cpu: 500u}",
        "    |                           ^",
        HINT));
  }
}

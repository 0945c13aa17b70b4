package dev.stave.compile;

import dev.stave.config.ConfigFile;
import dev.stave.diag.Diagnostic;
import dev.stave.model.MarsCluster;
import dev.stave.model.MarsClusterReader;
import java.util.List;

/**
 * Framework clusters (docs/clusters.md); Mars is the one framework so far, so the schema pins it. A cluster
 * config names no credential ({@code extra_env} is plain, as Mars's own), so {@link SecretLeaks} has nothing
 * to look for here.
 */
final class ClusterKind implements KindCompiler {
  @Override
  public String kind() {
    return "cluster";
  }

  @Override
  public Compiled compile(ConfigFile config, CompileOptions options) {
    MarsClusterReader.Result read = MarsClusterReader.read(config);
    List<Diagnostic> diagnostics = read.diagnostics();
    MarsCluster cluster = read.cluster();
    if (cluster == null) {
      return Compiled.failed(diagnostics);
    }
    return new Compiled(cluster.name(), MarsCompiler.compile(cluster), List.of(), diagnostics);
  }
}

package dev.stave.compile;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.stave.config.ConfigLoader;
import dev.stave.config.Env;
import dev.stave.diag.Sources;
import dev.stave.model.MarsCluster;
import dev.stave.model.MarsClusterReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Test helper: a {@link MarsCluster} read from YAML text. */
final class MarsFixtures {
  private MarsFixtures() {}

  static MarsCluster cluster(Path dir, String yaml) throws IOException {
    Path file = dir.resolve("cluster.yaml");
    Files.writeString(file, yaml);
    MarsClusterReader.Result read =
        MarsClusterReader.read(new ConfigLoader(new Env(Map.of(), "/home/user"), new Sources()).load(file));
    assertNotNull(read.cluster(), () -> read.diagnostics().toString());
    return read.cluster();
  }
}

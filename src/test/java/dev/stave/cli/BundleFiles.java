package dev.stave.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/** Test helper: replaces a folder with exactly the given files. */
final class BundleFiles {
  private BundleFiles() {}

  static void replace(Path dir, Map<String, String> files) throws IOException {
    if (Files.exists(dir)) {
      try (Stream<Path> walk = Files.walk(dir)) {
        for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    for (Map.Entry<String, String> e : files.entrySet()) {
      Path file = dir.resolve(e.getKey());
      Files.createDirectories(file.getParent());
      Files.write(file, e.getValue().getBytes(StandardCharsets.UTF_8));
    }
  }
}

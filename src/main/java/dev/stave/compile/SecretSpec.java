package dev.stave.compile;

import dev.stave.diag.Origin;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;

/**
 * A Secret a bundle refers to. Bundles hold only references; {@code stave secrets} (and apply) build
 * the Secret from these entries, reading files or values at that moment.
 */
public record SecretSpec(String name, String namespace, SortedMap<String, String> labels, List<Entry> entries) {

  public SecretSpec {
    entries = List.copyOf(entries);
  }

  /** One key: its value comes from a file, or from a value the config took from the environment. */
  public record Entry(String key, Path file, String value, Origin origin) {}
}

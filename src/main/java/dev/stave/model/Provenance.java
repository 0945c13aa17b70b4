package dev.stave.model;

import dev.stave.diag.Origin;
import java.util.List;
import java.util.Optional;

/**
 * Where each context-aware value of an experiment came from: its own key, a context, or stave's default.
 * Kept for {@code stave plan}, which shows it next to the value.
 */
public record Provenance(List<Entry> entries) {
  public enum From { EXPERIMENT, CONTEXT, DEFAULT }

  /** {@code context} is the context's name when {@code from} is CONTEXT; {@code origin} is null for defaults. */
  public record Entry(String key, String value, From from, String context, Origin origin) {}

  public Provenance {
    entries = List.copyOf(entries);
  }

  public Optional<Entry> get(String key) {
    return entries.stream().filter(e -> e.key().equals(key)).findFirst();
  }
}

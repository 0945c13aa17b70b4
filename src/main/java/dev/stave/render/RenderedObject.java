package dev.stave.render;

import dev.stave.diag.Origin;
import java.util.Map;

/**
 * An object ready to be written: its identity and its canonical YAML text. The parsed content is not
 * kept: a 10,000-point sweep holds every object until the atomic write, and the trees would be most of
 * that memory. {@link #content()} reads the text again for the few commands that need the tree.
 * {@code origin} is its planned object's ({@code PlannedObject#origin}): null where the config's name makes it.
 */
public record RenderedObject(String apiVersion, String kind, String namespace, String name, String yaml,
    Origin origin) {

  /** An object that no key of a config names, such as one read back from a bundle. */
  public RenderedObject(String apiVersion, String kind, String namespace, String name, String yaml) {
    this(apiVersion, kind, namespace, name, yaml, null);
  }

  /** How messages name it: its kind, then {@code namespace/name} ({@code name} for a cluster-wide object). */
  public String describe() {
    return kind + " " + (namespace == null ? "" : namespace + "/") + name;
  }

  @SuppressWarnings("unchecked")
  public Map<String, Object> content() {
    return (Map<String, Object>) CanonicalYaml.parse(yaml);
  }
}

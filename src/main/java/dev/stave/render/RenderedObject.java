package dev.stave.render;

import java.util.Map;

/** An object ready to be written: its identity, its parsed content and its canonical YAML text. */
public record RenderedObject(String apiVersion, String kind, String namespace, String name,
    Map<String, Object> content, String yaml) {}

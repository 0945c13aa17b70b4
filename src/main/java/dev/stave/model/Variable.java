package dev.stave.model;

/**
 * A value written as environment variables alone: the reference as written ({@code ${V}}), and the same
 * written so that its value is text wherever it is ({@code "${V}"} in YAML, {@code ""${V}} in HOCON), null
 * where the file does not tell the reference.
 */
public record Variable(String written, String asText) {}

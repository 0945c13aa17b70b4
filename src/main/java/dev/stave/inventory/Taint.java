package dev.stave.inventory;

/** A node taint in Kubernetes' own spelling; {@code value} may be null. */
public record Taint(String key, String value, String effect) {}

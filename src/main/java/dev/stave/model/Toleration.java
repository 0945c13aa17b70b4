package dev.stave.model;

/** A pod toleration; null fields are left out of the manifest. */
public record Toleration(String key, String operator, String value, String effect, Long tolerationSeconds) {}

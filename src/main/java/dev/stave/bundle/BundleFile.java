package dev.stave.bundle;

/** One file of a bundle: its name inside the bundle folder and its exact bytes as text. */
public record BundleFile(String name, String text) {}

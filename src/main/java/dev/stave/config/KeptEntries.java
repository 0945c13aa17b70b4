package dev.stave.config;

/**
 * Which map entries of a large file that another tool wrote are read; the others are left out as the
 * file is parsed, before they take memory or count towards the limits on values. A path names the maps
 * from the root by their keys, and a list's items as {@code []}: {@code items.[].status}; the root's
 * path is empty.
 */
@FunctionalInterface
public interface KeptEntries {
  boolean keep(String path, String key);
}

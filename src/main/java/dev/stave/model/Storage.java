package dev.stave.model;

import dev.stave.diag.Origin;

/**
 * mrunner's project storage: one claim per project namespace, mounted at {@code mount} in every container
 * with {@code STORAGE_DIR}. {@code claim} names an existing claim (then stave creates none).
 */
public record Storage(String mount, String size, String storageClass, String claim, Origin origin) {}

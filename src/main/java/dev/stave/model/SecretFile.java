package dev.stave.model;

import dev.stave.diag.Origin;
import java.nio.file.Path;

/** A file whose content becomes one key of the experiment's Secret; only its name reaches the bundle. */
public record SecretFile(String key, Path path, Origin origin) {}

package dev.stave.model;

import dev.stave.diag.Origin;
import java.nio.file.Path;

/**
 * Neptune tracking: the project as NEPTUNE_PROJECT and the API token from {@code tokenSecret} as
 * NEPTUNE_API_TOKEN. {@code token} (from the environment) or {@code tokenFile} only feed {@code stave secrets}.
 * {@code origin} is the tracking block's, {@code tokenSecretOrigin} where the Secret is named (or the block's).
 */
public record Neptune(String project, SecretRef tokenSecret, Origin tokenSecretOrigin, String token,
    Path tokenFile, Origin origin) {}

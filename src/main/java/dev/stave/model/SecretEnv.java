package dev.stave.model;

import dev.stave.diag.Origin;

/** An environment variable whose value is a key of a Secret ({@code secret_env}). */
public record SecretEnv(String name, SecretRef ref, Origin origin) {}

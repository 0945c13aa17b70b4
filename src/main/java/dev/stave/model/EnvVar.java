package dev.stave.model;

import dev.stave.diag.Origin;

public record EnvVar(String name, String value, Origin origin) {}

package dev.stave.model;

import dev.stave.diag.Origin;

/** A service a process binds, connects to or exposes; {@code port} is null where it is allocated. */
public record ServicePort(String name, Integer port, Origin origin) {}

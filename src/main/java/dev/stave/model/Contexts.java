package dev.stave.model;

import dev.stave.diag.Origin;
import java.util.SortedMap;

/** A {@code kind: contexts} file: named contexts and the one used when none is named (docs/mrunner.md). */
public record Contexts(String file, SortedMap<String, ContextDef> contexts, String current, Origin currentOrigin) {}

package dev.stave.model;

import dev.stave.config.MapNode;
import dev.stave.config.ProjectFolders;
import dev.stave.diag.Origin;
import java.nio.file.Path;

/**
 * One named context of a contexts file (mrunner's remote context). Its values keep their origins, so a
 * problem with a default points into the contexts file, and {@link Provenance} can say where a value came from.
 *
 * @param folder the contexts file's folder, against which its relative paths resolve
 * @param folders the folders whose files the contexts file may name
 */
public record ContextDef(String name, Origin origin, MapNode values, Path folder, ProjectFolders folders) {}

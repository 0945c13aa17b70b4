package dev.stave.compile;

import dev.stave.config.ConfigFile;

/**
 * Compiles one kind of config (experiment, benchmark, cluster...) that its schema has already accepted.
 * Adding a kind is adding one of these to {@link Kinds}, a schema and its templates.
 */
public interface KindCompiler {
  String kind();

  Compiled compile(ConfigFile config, CompileOptions options);
}

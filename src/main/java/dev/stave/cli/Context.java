package dev.stave.cli;

import dev.stave.config.Env;
import dev.stave.diag.Sources;
import java.io.InputStream;
import java.io.PrintWriter;

/**
 * What one run of the command line works with: its streams, its environment and the files it read.
 * Standard input is read only where a command takes '-' for a file.
 */
record Context(PrintWriter out, PrintWriter err, Env env, Sources sources, InputStream in) {

  /** A run with nothing on standard input. */
  Context(PrintWriter out, PrintWriter err, Env env, Sources sources) {
    this(out, err, env, sources, InputStream.nullInputStream());
  }

  static Context system(PrintWriter out, PrintWriter err) {
    return new Context(out, err, Env.system(), new Sources(), System.in);
  }
}

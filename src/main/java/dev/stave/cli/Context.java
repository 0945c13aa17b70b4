package dev.stave.cli;

import dev.stave.config.Env;
import dev.stave.diag.Sources;
import java.io.PrintWriter;

/** What one run of the command line works with: its streams, its environment and the files it read. */
record Context(PrintWriter out, PrintWriter err, Env env, Sources sources) {

  static Context system(PrintWriter out, PrintWriter err) {
    return new Context(out, err, Env.system(), new Sources());
  }
}

package dev.stave.cli;

import dev.stave.config.Env;
import dev.stave.diag.Sources;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

/** Runs the command line in-process with a fixed environment and captures what it prints. */
public record Run(int code, String out, String err) {
  public static final Env ENV = new Env(Map.of("STAVE_TEST_TAG", "1.4",
      "AWS_ACCESS_KEY_ID", "AKIAEXAMPLEKEY", "AWS_SECRET_ACCESS_KEY", "example-secret-value"), "/home/user");

  public static Run of(String... args) {
    return with(ENV, args);
  }

  public static Run with(Env env, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(new Context(new PrintWriter(out), new PrintWriter(err), env, new Sources()), args);
    return new Run(code, out.toString(), err.toString());
  }
}

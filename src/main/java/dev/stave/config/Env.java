package dev.stave.config;

import java.util.Map;
import java.util.Optional;

/**
 * The outside world a config may read: environment variables and the home directory. Passed in rather
 * than read from {@link System} so that tests and the compiler itself stay free of hidden inputs.
 */
public record Env(Map<String, String> variables, String home) {

  public Env {
    variables = Map.copyOf(variables);
  }

  /**
   * The process's environment. The home folder is {@code $HOME}, as the shell's {@code ~} and kubectl take
   * it (CI runners and containers set it for users the password database does not know), else Java's.
   */
  public static Env system() {
    String home = System.getenv("HOME");
    return new Env(System.getenv(), home != null && !home.isEmpty() ? home : System.getProperty("user.home", "/"));
  }

  public Optional<String> get(String name) {
    return Optional.ofNullable(variables.get(name));
  }
}

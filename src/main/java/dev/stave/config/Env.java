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

  public static Env system() {
    return new Env(System.getenv(), System.getProperty("user.home", "/"));
  }

  public Optional<String> get(String name) {
    return Optional.ofNullable(variables.get(name));
  }
}

package dev.stave.diag;

import java.util.List;

/** Bad input: reported as diagnostics with exit code 1, never with a stack trace. */
public final class UserError extends RuntimeException {
  private final transient List<Diagnostic> diagnostics;

  public UserError(List<Diagnostic> diagnostics) {
    super(diagnostics.isEmpty() ? "invalid input" : diagnostics.get(0).message(), null, false, false);
    this.diagnostics = List.copyOf(diagnostics);
  }

  public UserError(Diagnostic diagnostic) {
    this(List.of(diagnostic));
  }

  public List<Diagnostic> diagnostics() {
    return diagnostics;
  }
}

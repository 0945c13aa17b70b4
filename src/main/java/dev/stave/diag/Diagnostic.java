package dev.stave.diag;

import java.util.List;
import java.util.Objects;

/**
 * One problem found in the user's input: where it is, the JSON path of the key, a stable code, a
 * one-sentence message and hints that say how to fix it.
 */
public record Diagnostic(
    Severity severity, Origin origin, String jsonPath, String code, String message, List<String> hints)
    implements Comparable<Diagnostic> {

  public Diagnostic {
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(origin, "origin");
    jsonPath = jsonPath == null ? "" : jsonPath;
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(message, "message");
    hints = List.copyOf(hints);
  }

  public static Diagnostic error(Origin origin, String jsonPath, String code, String message, String... hints) {
    return new Diagnostic(Severity.ERROR, origin, jsonPath, code, message, List.of(hints));
  }

  public static Diagnostic warning(Origin origin, String jsonPath, String code, String message, String... hints) {
    return new Diagnostic(Severity.WARNING, origin, jsonPath, code, message, List.of(hints));
  }

  public static Diagnostic note(Origin origin, String jsonPath, String code, String message, String... hints) {
    return new Diagnostic(Severity.NOTE, origin, jsonPath, code, message, List.of(hints));
  }

  public boolean isError() {
    return severity == Severity.ERROR;
  }

  /** Sorted by file, line and column, then by path and message so that the order never depends on discovery. */
  @Override
  public int compareTo(Diagnostic other) {
    int byOrigin = origin.compareTo(other.origin);
    if (byOrigin != 0) {
      return byOrigin;
    }
    int byPath = jsonPath.compareTo(other.jsonPath);
    return byPath != 0 ? byPath : message.compareTo(other.message);
  }
}

package dev.stave.diag;

/** A broken invariant inside stave (exit code 70): never the user's fault, always worth a report. */
public final class StaveBug extends RuntimeException {
  public StaveBug(String message) {
    super(message);
  }

  public StaveBug(String message, Throwable cause) {
    super(message, cause);
  }
}

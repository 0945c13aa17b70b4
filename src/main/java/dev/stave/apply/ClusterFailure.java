package dev.stave.apply;

/** The cluster refused or could not be reached: exit code 4, a one-line message, no stack trace. */
public final class ClusterFailure extends RuntimeException {
  public ClusterFailure(String message) {
    super(message, null, false, false);
  }
}

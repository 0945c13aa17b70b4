package dev.stave.apply;

import dev.stave.diag.Printable;

/**
 * The cluster refused or could not be reached: exit code 4, a one-line message, no stack trace. The
 * message often quotes the server (or an error that does), so its control and invisible characters are
 * escaped: a server's text must not reach the terminal as escape sequences.
 */
public final class ClusterFailure extends RuntimeException {
  public ClusterFailure(String message) {
    super(Printable.line(message), null, false, false);
  }
}

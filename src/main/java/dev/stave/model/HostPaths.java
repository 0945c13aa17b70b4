package dev.stave.model;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.util.List;
import java.util.Optional;

/**
 * The API server's rule for a hostPath volume's path that stave checks before apply: no {@code ..} element
 * (validatePathNoBacksteps in Kubernetes' pkg/apis/core/validation, which splits the path at '/'). It refuses
 * the pod, and with it the Job or Deployment, only when the manifests are applied.
 */
public final class HostPaths {
  private HostPaths() {}

  /**
   * The error for {@code path} at {@code key} when it has a {@code ..} element; {@code what} names the path in
   * the message ("spill path", "path") and {@code example} is a path to write instead.
   */
  public static Optional<Diagnostic> backstep(Origin origin, String key, String code, String what, String path,
      String example) {
    // A name that only starts with two dots ("..spill") is a folder like any other, as the API server reads it.
    if (!List.of(path.split("/")).contains("..")) {
      return Optional.empty();
    }
    return Optional.of(Diagnostic.error(origin, key, code,
        what + " '" + Names.printable(path) + "' has a '..' element, which Kubernetes refuses in a hostPath",
        "write the path without '..', e.g. " + example));
  }
}

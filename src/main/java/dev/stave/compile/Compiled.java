package dev.stave.compile;

import dev.stave.diag.Diagnostic;
import java.util.List;

/**
 * The result of compiling one config: the bundle's name, its planned objects, the Secrets it refers to
 * (whose data never enters the bundle) and every diagnostic. When any diagnostic is an error the
 * objects must not be used.
 */
public record Compiled(String bundle, List<PlannedObject> objects, List<SecretSpec> secrets,
    List<Diagnostic> diagnostics) {

  public Compiled {
    // A sweep's objects are made when asked for and cannot be changed; copying would make them all now.
    objects = Sweep.madeOnDemand(objects) ? objects : List.copyOf(objects);
    secrets = List.copyOf(secrets);
    diagnostics = List.copyOf(diagnostics);
  }

  public static Compiled failed(List<Diagnostic> diagnostics) {
    return new Compiled(null, List.of(), List.of(), diagnostics);
  }

  /**
   * The objects, or of a sweep the shared objects and the first point's instances: enough to judge what the
   * points have in common, such as overrides, without making every point's objects again.
   */
  public List<PlannedObject> firstPoint() {
    return Sweep.firstPoint(objects);
  }

  public boolean failed() {
    return diagnostics.stream().anyMatch(Diagnostic::isError);
  }
}

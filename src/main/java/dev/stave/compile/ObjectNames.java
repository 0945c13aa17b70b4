package dev.stave.compile;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The objects of one bundle by kind, namespace and name (README, Names: a name that collides with another is
 * an error). Kubernetes keeps one object per kind, namespace and name, so a second object of the same
 * name would silently replace the first. Two entries of a config can reach one name (process
 * {@code a-1}, and replica 1 of process {@code a} with {@code workload = pod}); the later of the two in
 * the config is reported, naming both.
 */
final class ObjectNames {
  /**
   * What makes an object ({@code "replica 1 of process 'a'"}), where it is written, its JSON path, and how
   * its name is made when that is not plain to see (null otherwise).
   */
  record Source(String what, Origin origin, String path, String naming) {}

  private final Map<String, Source> claims = new HashMap<>();

  /** Records that {@code source} makes {@code object}, or reports it when another source already does. */
  void claim(PlannedObject object, Source source, List<Diagnostic> problems) {
    String key = object.kind() + "/" + (object.namespace() == null ? "" : object.namespace()) + "/" + object.name();
    Source first = claims.putIfAbsent(key, source);
    if (first == null) {
      return;
    }
    Source earlier = first.origin().compareTo(source.origin()) <= 0 ? first : source;
    Source later = earlier == source ? first : source;
    String naming = later.naming() != null ? later.naming() : earlier.naming();
    String hint = naming != null ? "rename one of them; " + naming : "rename one of them";
    problems.add(Diagnostic.error(later.origin(), later.path(), "name-collision",
        later.what() + " and " + earlier.what() + " (" + where(earlier.origin(), later.origin())
            + ") would both be the " + object.kind() + " '" + object.name() + "'",
        hint));
  }

  /** The other place, as briefly as the reader can find it: a line of the same file, else file and line. */
  static String where(Origin other, Origin here) {
    return other.file().equals(here.file()) ? "line " + other.line() : other.file() + ":" + other.line();
  }
}

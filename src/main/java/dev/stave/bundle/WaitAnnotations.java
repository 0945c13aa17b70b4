package dev.stave.bundle;

import dev.stave.compile.Labels;
import dev.stave.diag.Diagnostic;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The readiness rule a bundle carries for {@code stave apply --wait}, so that a bundle folder waits as its
 * config would: {@code stave.dev/min-ready} on a Deployment is the ready replicas it needs (instead of
 * all of them), {@code stave.dev/wait-timeout} the seconds the whole apply may take when no
 * {@code --timeout} is given. Values are whole numbers written as strings.
 */
public final class WaitAnnotations {
  public static final String MIN_READY = Labels.MIN_READY;
  public static final String WAIT_TIMEOUT = Labels.WAIT_TIMEOUT;
  private static final String NUMBER = "0|[1-9][0-9]{0,17}";

  private WaitAnnotations() {}

  /** The object's value of {@code key}, or empty when it has none or it is no whole number. */
  public static OptionalLong value(KubeObject o, String key) {
    Object text = annotations(o).get(key);
    if (text instanceof String s && s.matches(NUMBER)) {
      return OptionalLong.of(Long.parseLong(s));
    }
    return OptionalLong.empty();
  }

  /** The longest {@code stave.dev/wait-timeout} of the objects, in seconds; empty when none sets one. */
  public static OptionalLong timeout(List<KubeObject> objects) {
    long max = -1;
    for (KubeObject o : objects) {
      OptionalLong t = value(o, WAIT_TIMEOUT);
      if (t.isPresent()) {
        max = Math.max(max, t.getAsLong());
      }
    }
    return max < 0 ? OptionalLong.empty() : OptionalLong.of(max);
  }

  /** A problem with the object's wait annotations, read from {@code file} whose text is {@code text}; or null. */
  static Diagnostic check(KubeObject o, String file, String text) {
    Map<?, ?> annotations = annotations(o);
    for (String key : List.of(MIN_READY, WAIT_TIMEOUT)) {
      if (!annotations.containsKey(key)) {
        continue;
      }
      Object value = annotations.get(key);
      boolean number = value instanceof String s && s.matches(NUMBER);
      boolean timeoutZero = key.equals(WAIT_TIMEOUT) && "0".equals(value);
      if (key.equals(MIN_READY) && !o.kind().equals("Deployment") && !o.kind().equals("StatefulSet")) {
        return Diagnostic.error(BundleReader.locate(file, text, key), "metadata.annotations." + key, "wait-annotation",
            key + " is set on a " + o.kind() + ", and only Deployments and StatefulSets have replicas to count",
            "remove the annotation from " + o.display());
      }
      if (!number || timeoutZero) {
        return Diagnostic.error(BundleReader.locate(file, text, key), "metadata.annotations." + key, "wait-annotation",
            "the value of " + key + " on " + o.display() + " is not " + (key.equals(MIN_READY)
                ? "a whole number of replicas" : "a whole number of seconds above 0"),
            "write it as a quoted whole number, e.g. " + key + ": \"" + (key.equals(MIN_READY) ? "3" : "600") + "\"");
      }
    }
    return null;
  }

  private static Map<?, ?> annotations(KubeObject o) {
    if (o.content().get("metadata") instanceof Map<?, ?> metadata
        && metadata.get("annotations") instanceof Map<?, ?> annotations) {
      return annotations;
    }
    return Map.of();
  }
}

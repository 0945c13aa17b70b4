package dev.stave.compile;

import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * No secret value enters the bundle (docs/guarantees.md, Secrets). A config names a credential at one key (a Neptune
 * {@code api_token}, a benchmark's {@code output.key} and {@code output.secret_key}); the same value written
 * anywhere else, typically through the same {@code ${NEPTUNE_API_TOKEN}}, is an error at the key that
 * holds the copy.
 *
 * <p>Which strings: every string of the config, keys included, and not a list of fields. Almost every
 * field reaches the bundle or {@code stave plan} (labels, node selectors, overrides that take any
 * Kubernetes field), so a list goes stale with the next field and overrides could never be covered; and
 * a credential has no reason to be anywhere but its own key. The compiled objects, overrides included,
 * are then checked too, for a copy that came from elsewhere (an inventory's labels, values joined): the
 * only place to point at is the credential itself.
 *
 * <p>Which values: those the config holds. Files ({@code secrets}, {@code api_token_file}) are not read:
 * compile never reads secret files, which usually exist only where the Secret is made and not in the CI
 * job that compiles the bundle; {@code secret_env} names a Secret and holds no value. Values shorter
 * than {@link #MIN_LENGTH} are not looked for: no real credential is that short, and {@code abc} would
 * match everywhere. The message names the credential by its key, never by its value.
 */
final class SecretLeaks {
  static final int MIN_LENGTH = 8;

  private SecretLeaks() {}

  /** A credential: the key that names it, its value and its node (skipped when looking for copies). */
  record Credential(String path, String value, Node node, String hint) {
    Origin origin() {
      return node.origin();
    }
  }

  /**
   * The credential at {@code path} (dot-separated) under {@code root}, shown as {@code shownAs}, or none
   * when it is absent, not a string or too short to look for.
   */
  static List<Credential> at(Node root, String path, String shownAs, String hint) {
    Node node = root;
    for (String key : path.split("\\.")) {
      node = node instanceof MapNode m ? m.get(key) : null;
    }
    if (node instanceof ScalarNode s && s.isString() && s.text().length() >= MIN_LENGTH) {
      return List.of(new Credential(shownAs, s.text(), node, hint));
    }
    return List.of();
  }

  /**
   * Adds an error for every string of {@code tree} (shown under {@code treePath}) that holds one of the
   * credentials, except the credentials' own values. Returns whether any was found.
   */
  static boolean inConfig(Node tree, String treePath, List<Credential> credentials, List<Diagnostic> problems) {
    if (credentials.isEmpty()) {
      return false;
    }
    int before = problems.size();
    walk(tree, treePath, tree.origin(), credentials, problems);
    return problems.size() > before;
  }

  private static void walk(Node node, String path, Origin keyOrigin, List<Credential> credentials,
      List<Diagnostic> problems) {
    if (credentials.stream().anyMatch(c -> c.node() == node)) {
      return;
    }
    if (node instanceof MapNode map) {
      for (Map.Entry<String, Node> e : map.entries().entrySet()) {
        String child = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
        Origin origin = map.keyOrigin(e.getKey());
        Credential inKey = holding(e.getKey(), credentials);
        if (inKey != null) {
          problems.add(copied(origin, child, "the key", inKey));
        } else {
          walk(e.getValue(), child, origin, credentials, problems);
        }
      }
    } else if (node instanceof ListNode list) {
      for (int i = 0; i < list.items().size(); i++) {
        Node item = list.items().get(i);
        walk(item, path + "[" + i + "]", item.origin(), credentials, problems);
      }
    } else if (node instanceof ScalarNode s && s.isString()) {
      Credential held = holding(s.text(), credentials);
      if (held != null) {
        problems.add(copied(keyOrigin, path, "the value", held));
      }
    }
  }

  private static Diagnostic copied(Origin origin, String path, String what, Credential c) {
    return Diagnostic.error(origin, path, "secret-value",
        what + " holds the secret value of " + c.path() + ", and would put it into the bundle in plain text",
        "remove it and reference a Secret instead: " + c.hint());
  }

  /**
   * Adds an error at the credential for every one that still appears in a string of the compiled objects
   * (data and overrides), naming the object. For copies {@link #inConfig} could not see.
   */
  static void inObjects(List<PlannedObject> objects, List<Credential> credentials, List<Diagnostic> problems) {
    List<Credential> reported = new ArrayList<>();
    for (PlannedObject o : objects) {
      List<Object> roots = new ArrayList<>();
      roots.add(o.data());
      o.overrides().forEach(f -> roots.add(f.fields()));
      for (Credential c : credentials) {
        if (!reported.contains(c) && roots.stream().anyMatch(r -> contains(r, c.value()))) {
          reported.add(c);
          problems.add(Diagnostic.error(c.origin(), c.path(), "secret-value",
              "the secret value of " + c.path() + " would be written in plain text into " + o.kind() + " "
                  + o.name() + ", from a value outside this config",
              "find where the value is copied (a contexts or inventory file) and reference a Secret instead: "
                  + c.hint()));
        }
      }
    }
  }

  /** The longest credential in {@code text}: a secret key may contain its access key; name the one written. */
  private static Credential holding(String text, List<Credential> credentials) {
    Credential found = null;
    for (Credential c : credentials) {
      if (text.contains(c.value()) && (found == null || c.value().length() > found.value().length())) {
        found = c;
      }
    }
    return found;
  }

  private static boolean contains(Object value, String secret) {
    if (value instanceof String s) {
      return s.contains(secret);
    }
    if (value instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (contains(e.getKey(), secret) || contains(e.getValue(), secret)) {
          return true;
        }
      }
      return false;
    }
    if (value instanceof List<?> l) {
      return l.stream().anyMatch(v -> contains(v, secret));
    }
    return false;
  }
}

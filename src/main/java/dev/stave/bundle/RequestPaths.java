package dev.stave.bundle;

import dev.stave.diag.Diagnostic;
import dev.stave.model.Names;
import java.util.List;

/**
 * What of an object that apply and diff --cluster send goes into the path of every request for it: its
 * apiVersion's group and version begin the path ({@code /apis/GROUP/VERSION/...}, {@code /api/VERSION/...})
 * and that of the discovery of its kind, as they are; its namespace and name are segments of it. An
 * apiVersion written by hand as {@code ../../api/v1}, or with a {@code ?}, {@code #} or {@code %}, would send
 * the requests, and an apply's body, to another API; a name {@code ..} is a step up even when encoded, and a
 * {@code /} or {@code %} in one is decoded by the API server into more of the path. Kubernetes names groups
 * with DNS subdomains and versions with DNS labels, and refuses such names too (client-go's path segment
 * rule), so nothing a server serves is refused.
 */
final class RequestPaths {
  private RequestPaths() {}

  /** Adds the problems with what goes into a request's path, read from {@code file} whose text is {@code text}. */
  static void check(KubeObject o, String file, String text, List<Diagnostic> problems) {
    Diagnostic apiVersion = apiVersion(o, file, text);
    if (apiVersion != null) {
      problems.add(apiVersion);
    }
    if (o.namespace() != null) {
      Diagnostic namespace = segment(o, "namespace", o.namespace(), file, text);
      if (namespace != null) {
        problems.add(namespace);
      }
    }
    Diagnostic name = segment(o, "name", o.name(), file, text);
    if (name != null) {
      problems.add(name);
    }
  }

  private static Diagnostic apiVersion(KubeObject o, String file, String text) {
    String apiVersion = o.apiVersion();
    int slash = apiVersion.indexOf('/');
    String group = slash < 0 ? "" : apiVersion.substring(0, slash);
    String version = apiVersion.substring(slash + 1);
    String wrong;
    if (slash >= 0 && !Names.isDns1123Subdomain(group)) {
      wrong = group.isEmpty() ? "its group is empty" : "its group '" + Names.printable(group)
          + "' is not a DNS subdomain (lower-case letters, digits, '-' and '.')";
    } else if (!Names.isDns1123Label(version)) {
      wrong = "its version '" + Names.printable(version) + "' is not a DNS label (lower-case letters, digits and '-')";
    } else {
      return null;
    }
    return Diagnostic.error(BundleReader.locate(file, text, "apiVersion"), "apiVersion", "api-version",
        "the apiVersion '" + Names.printable(apiVersion) + "' of " + o.display() + " cannot go into a request to"
            + " the API server: " + wrong,
        "write GROUP/VERSION, e.g. apps/v1 or example.com/v1beta1, or the version alone for the core group, e.g. v1");
  }

  /** The metadata {@code key} (name or namespace) whose value is {@code value}, as one segment of a path. */
  private static Diagnostic segment(KubeObject o, String key, String value, String file, String text) {
    String wrong;
    if (value.equals(".") || value.equals("..")) {
      wrong = "in a path '" + value + "' is a step to another object, and Kubernetes names nothing so";
    } else if (value.contains("/")) {
      wrong = "the API server reads a '/' in it as a step in the path, and Kubernetes names nothing with one";
    } else if (value.contains("%")) {
      wrong = "the API server decodes a '%' in a path, so it would read another name, and Kubernetes names"
          + " nothing with one";
    } else {
      return null;
    }
    return Diagnostic.error(BundleReader.locateKey(file, text, "metadata", key), "metadata." + key, "request-path",
        "the metadata." + key + " '" + Names.printable(value) + "' of " + o.display() + " cannot go into a request"
            + " to the API server: " + wrong,
        "write a Kubernetes name of lower-case letters, digits, '-' and '.', e.g. "
            + (key.equals("name") ? "my-app" : "my-namespace"));
  }
}

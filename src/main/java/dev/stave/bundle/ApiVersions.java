package dev.stave.bundle;

import dev.stave.diag.Diagnostic;
import dev.stave.model.Names;

/**
 * The apiVersion of an object that apply and diff --cluster send: its group and version begin the path
 * of every request for the object ({@code /apis/GROUP/VERSION/...}, {@code /api/VERSION/...}) and of the
 * discovery of its kind, as they are. One written by hand as {@code ../../api/v1}, or with a {@code ?},
 * {@code #} or {@code %}, would send the requests, and an apply's body, to another API. Kubernetes names
 * groups with DNS subdomains and versions with DNS labels, so no API a server serves is refused.
 */
final class ApiVersions {
  private ApiVersions() {}

  /** A problem with the object's apiVersion, read from {@code file} whose text is {@code text}; or null. */
  static Diagnostic check(KubeObject o, String file, String text) {
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
}

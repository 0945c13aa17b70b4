package dev.stave.model;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.util.List;
import java.util.Optional;

/** A key of a Secret, written {@code "secret-name/key"}. */
public record SecretRef(String name, String key) {
  private static final String KEY = "[-._a-zA-Z0-9]+";

  public static Optional<SecretRef> parse(String text, Origin origin, String path, List<Diagnostic> problems) {
    int slash = text.indexOf('/');
    String name = slash < 0 ? "" : text.substring(0, slash);
    String key = slash < 0 ? "" : text.substring(slash + 1);
    if (slash < 0 || !Names.isDns1123Subdomain(name) || key.length() > 253 || !key.matches(KEY)) {
      problems.add(Diagnostic.error(origin, path, "secret-ref",
          "'" + Names.printable(text) + "' is not SECRET-NAME/KEY",
          "write the Secret's name (lower-case letters, digits, '-', '.') and the key, e.g. \"neptune/api-token\""));
      return Optional.empty();
    }
    return Optional.of(new SecretRef(name, key));
  }

  @Override
  public String toString() {
    return name + "/" + key;
  }
}

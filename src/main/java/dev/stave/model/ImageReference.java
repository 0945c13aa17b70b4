package dev.stave.model;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Container image references as the OCI distribution spec's reference grammar has them
 * ({@code [host[:port]/]path[:tag][@digest]}): path components in lower case, joined by {@code /}
 * and separated within by {@code .}, {@code _}, {@code __} or dashes; a tag of at most 128 word
 * characters, dots and dashes; a digest of an algorithm and at least 32 hex digits. What the runtime
 * would refuse to pull is refused here, where the config says it.
 */
public final class ImageReference {
  private static final String COMPONENT = "[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*";
  private static final String HOST = "(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*"
      + "(?::[0-9]+)?/)";
  private static final Pattern REFERENCE = Pattern.compile(
      HOST + "?" + COMPONENT + "(?:/" + COMPONENT + ")*"
          + "(?::[\\w][\\w.-]{0,127})?"
          + "(?:@[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,})?");

  /** Long enough for any real reference; the grammar itself has no limit. */
  private static final int MAX_LENGTH = 512;

  private ImageReference() {}

  public static boolean isValid(String image) {
    return image.length() <= MAX_LENGTH && REFERENCE.matcher(image).matches();
  }

  /** The diagnostic for an image that is no reference, at the key that gives it; empty when it is one. */
  static Optional<Diagnostic> problem(String image, Origin origin, String path, String hint) {
    return isValid(image) ? Optional.empty() : Optional.of(Diagnostic.error(origin, path, "image",
        "'" + Names.printable(image) + "' is not a container image reference", hint));
  }
}

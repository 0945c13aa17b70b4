package dev.stave.model;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Container image references as the OCI distribution spec's reference grammar has them
 * ({@code [host[:port]/]path[:tag][@digest]}): path components in lower case, joined by {@code /}
 * and separated within by {@code .}, {@code _}, {@code __} or dashes; a tag of at most 128 word
 * characters, dots and dashes; a digest of an algorithm and at least 32 hex digits. What the runtime
 * would refuse to pull is refused here, where the config says it.
 *
 * <p>The grammar alone would read {@code UPPER/case:1} as repository {@code case} on a registry host
 * {@code UPPER}. Docker's rule is that a first component is a host only with a {@code .} or a {@code :}
 * in it, or as {@code localhost}; any other is part of the Docker Hub path, which must be lower case
 * (the kubelet reports InvalidImageName), so it is refused.
 */
public final class ImageReference {
  private static final String COMPONENT = "[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*";
  private static final String HOST = "(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
      + "(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*"
      + "(?::[0-9]+)?/)";
  private static final Pattern REFERENCE = Pattern.compile(
      HOST + "?" + COMPONENT + "(?:/" + COMPONENT + ")*"
          + "(?::[\\w][\\w.-]{0,127})?"
          + "(?:@[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,})?");

  /** Long enough for any real reference; the grammar itself has no limit. */
  private static final int MAX_LENGTH = 512;

  private ImageReference() {}

  public static boolean isValid(String image) {
    return image.length() <= MAX_LENGTH && REFERENCE.matcher(image).matches() && !upperCasePath(image);
  }

  /** Whether the first component is upper-case path rather than a host (see the class comment). */
  private static boolean upperCasePath(String image) {
    int slash = image.indexOf('/');
    String first = slash < 0 ? image : image.substring(0, slash);
    return slash >= 0 && first.indexOf('.') < 0 && first.indexOf(':') < 0 && !first.equals("localhost")
        && !first.equals(first.toLowerCase(Locale.ROOT));
  }

  /**
   * The diagnostic for an image that is no reference, at the key that gives it; empty when it is one.
   * {@code hint} is for an image that is wrong in another way than upper-case letters in its name.
   */
  static Optional<Diagnostic> problem(String image, Origin origin, String path, String hint) {
    if (isValid(image)) {
      return Optional.empty();
    }
    String lower = lowerCaseName(image);
    if (!lower.equals(image) && isValid(lower)) {
      return Optional.of(Diagnostic.error(origin, path, "image",
          "'" + Names.printable(image) + "' is not a container image reference: its repository has upper-case"
              + " letters",
          "write the repository in lower case: " + lower));
    }
    return Optional.of(Diagnostic.error(origin, path, "image",
        "'" + Names.printable(image) + "' is not a container image reference", hint));
  }

  /** The image with its registry and repository in lower case; a tag or digest may have capitals. */
  private static String lowerCaseName(String image) {
    int at = image.indexOf('@');
    String named = at < 0 ? image : image.substring(0, at);
    int colon = named.lastIndexOf(':');
    int name = colon > named.lastIndexOf('/') ? colon : named.length();
    return named.substring(0, name).toLowerCase(Locale.ROOT) + image.substring(name);
  }
}

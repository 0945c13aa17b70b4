package dev.stave.model;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Printable;
import dev.stave.diag.Sources;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Turns names given by users into Kubernetes names (README, Names): lower-case; {@code _ . / space} become
 * {@code -}; runs of {@code -} collapse; leading and trailing {@code -} go. The result must be a DNS-1123
 * label within the length budget of the longest name derived from it, else it is a diagnostic.
 */
public final class Names {
  public static final int MAX_LABEL = 63;
  private static final Pattern DNS_1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern DNS_1035_LABEL = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");
  private static final Pattern DNS_1123_SUBDOMAIN =
      Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
  private static final int MAX_SUBDOMAIN = 253;

  private Names() {}

  /** The sanitized form, whether or not it is valid. */
  public static String sanitize(String name) {
    return Sources.asName(name);
  }

  public static boolean isDns1123Label(String name) {
    return name.length() <= MAX_LABEL && DNS_1123_LABEL.matcher(name).matches();
  }

  /** Labels joined by dots: a Secret's name, a label key's prefix, an API group. */
  public static boolean isDns1123Subdomain(String name) {
    return name.length() <= MAX_SUBDOMAIN && DNS_1123_SUBDOMAIN.matcher(name).matches();
  }

  public static boolean isDns1035Label(String name) {
    return name.length() <= MAX_LABEL && DNS_1035_LABEL.matcher(name).matches();
  }

  /**
   * The sanitized name, or empty after the reason is given to {@code problems}. {@code reserve} is the
   * length that derived names add (e.g. "-12" for replica indices), so the whole stays within 63.
   */
  public static Optional<String> kubernetesName(String given, int reserve, Origin origin, String path,
      java.util.List<Diagnostic> problems) {
    return kubernetesName(given, reserve, origin, path, false, problems);
  }

  /** As above; {@code key} says the name is a map key (a process's name), which {@link #keyHint} explains. */
  public static Optional<String> kubernetesName(String given, int reserve, Origin origin, String path, boolean key,
      java.util.List<Diagnostic> problems) {
    String name = sanitize(given);
    int budget = MAX_LABEL - reserve;
    if (name.isEmpty()) {
      problems.add(Diagnostic.error(origin, path, "name-empty",
          "name '" + printable(given) + "' has nothing left after sanitizing for Kubernetes",
          "use letters, digits and '-'"));
      return Optional.empty();
    }
    if (!DNS_1123_LABEL.matcher(name).matches()) {
      problems.add(Diagnostic.error(origin, path, "name-invalid",
          // "even as" only tells something when sanitizing changed the name: 'klüster-ñ' stays as it is.
          "name '" + printable(given) + "' is not a valid Kubernetes name"
              + (name.equals(given) ? "" : ", even as '" + printable(name) + "'"),
          key ? keyHint(given, "use only ASCII letters, digits, '-', '_', '.' and spaces")
              : "use only ASCII letters, digits, '-', '_', '.' and spaces"));
      return Optional.empty();
    }
    if (name.length() > budget) {
      problems.add(Diagnostic.error(origin, path, "name-too-long",
          "name '" + name + "' is " + name.length() + " characters; names derived from it allow at most " + budget,
          "shorten it to " + budget + " characters or fewer"));
      return Optional.empty();
    }
    return Optional.of(name);
  }

  /**
   * The hint for a map key refused as a name: {@code hint}, or, for a key holding {@code ${}, that it is
   * not a variable. Variables are substituted in values only (YAML's {@code ${ENV}} and HOCON alike: HOCON
   * never substitutes in keys), so such a key was read as written, and only the name itself can stand there.
   */
  public static String keyHint(String key, String hint) {
    return key.contains("${")
        ? "variables are substituted in values only, not in keys: write the literal name instead of '"
            + printable(key) + "'"
        : hint;
  }

  /**
   * The error for {@code name}, the name of an existing {@code kind} that a config refers to, when it is not a
   * DNS-1123 subdomain, the rule of the API server for the names of Secrets, ConfigMaps and
   * PersistentVolumeClaims (and most kinds). Such a name is used as written, not sanitized: it names an
   * object stave does not create.
   */
  public static Optional<Diagnostic> objectName(String name, String kind, Origin origin, String path) {
    if (isDns1123Subdomain(name)) {
      return Optional.empty();
    }
    return Optional.of(Diagnostic.error(origin, path, "object-name",
        "'" + printable(name) + "' is not a valid " + kind + " name",
        "write the " + kind + "'s name as the cluster has it: at most " + MAX_SUBDOMAIN
            + " lower-case letters, digits, '-' and '.', starting and ending with a letter or digit"));
  }

  /**
   * The error for a name that begins a Service's name when it starts with a digit: a Service's name is a
   * DNS-1035 label, which must start with a letter, while the Jobs, Pods and Deployments named after it
   * only need DNS-1123 and may start with a digit. {@code name} is sanitized; {@code service} is the
   * Service name that begins with it.
   */
  public static Optional<Diagnostic> serviceNameStart(String name, String service, Origin origin, String path) {
    if (name.isEmpty() || Character.isLetter(name.charAt(0))) {
      return Optional.empty();
    }
    String letterFirst = letterFirst(name);
    return Optional.of(Diagnostic.error(origin, path, "name-start",
        "name '" + name + "' starts with a digit, but the Service '" + service
            + "' named after it must start with a letter",
        letterFirst.isEmpty() ? "start the name with a letter"
            : "start the name with a letter, e.g. '" + letterFirst + "'"));
  }

  /**
   * {@code name} with its leading digits moved to the end ({@code 1exp} to {@code exp1}, {@code 2024-run}
   * to {@code run-2024}), the same length so it fits the same budget; empty if it has no letter.
   */
  static String letterFirst(String name) {
    int i = 0;
    while (i < name.length() && !(name.charAt(i) >= 'a' && name.charAt(i) <= 'z')) {
      i++;
    }
    if (i == name.length()) {
      return "";
    }
    String lead = name.substring(0, i);
    String digits = lead.endsWith("-") ? lead.substring(0, lead.length() - 1) : lead;
    return name.substring(i) + (lead.endsWith("-") ? "-" : "") + digits;
  }

  /**
   * A name or value from a config, safely inside a message and cut to 80 characters:
   * {@link Printable#inMessage}, which the model's messages call by this name.
   */
  public static String printable(String s) {
    return Printable.inMessage(s);
  }
}

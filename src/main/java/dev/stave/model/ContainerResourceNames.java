package dev.stave.model;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Suggest;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The resources a container may ask for, as the API server checks them (its
 * validateContainerResourceName and the integer rule for extended resources): a name without a domain
 * is a standard resource, and an extended resource, one with a domain other than kubernetes.io, is
 * counted in whole units. A config that breaks either compiles to a pod the API server refuses.
 */
final class ContainerResourceNames {
  private static final Pattern QUALIFIED =
      Pattern.compile("([a-z0-9]([-a-z0-9.]*[a-z0-9])?/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?");
  private static final List<String> STANDARD = List.of("cpu", "memory", "ephemeral-storage");
  private static final String HUGEPAGES = "hugepages-";
  private static final String KINDS = "a container asks for cpu, memory, ephemeral-storage or hugepages-<size>,"
      + " or for an extended resource named with its domain, such as nvidia.com/gpu";

  private ContainerResourceNames() {}

  /** Why a container cannot ask for {@code name}, at the key; empty when it can. */
  static Optional<Diagnostic> nameProblem(String name, Origin origin, String path) {
    if (!QUALIFIED.matcher(name).matches()) {
      return Optional.of(Diagnostic.error(origin, path, "resource-name",
          "'" + Names.printable(name) + "' is not a Kubernetes resource name", KINDS));
    }
    if (name.contains("/") || isStandard(name)) {
      return Optional.empty();
    }
    // The names experiments and mrunner contexts take for short (gpu, tpu, mem) are not Kubernetes's.
    String meant = MrunnerResources.NAMES.get(name);
    String lower = name.toLowerCase(java.util.Locale.ROOT);
    String hint;
    if (meant != null && meant.contains("/")) {
      hint = "write " + meant + " (experiments' `" + name + "` becomes " + meant + ")";
    } else if (meant != null) {
      hint = "write " + meant;
    } else if (!lower.equals(name) && isStandard(lower)) {
      hint = "write " + lower + "; resource names are lower-case";
    } else if (name.equals("storage")) {
      hint = "write ephemeral-storage for the container's local disk; storage is what a volume claim asks for";
    } else {
      String near = Suggest.closest(name, STANDARD);
      hint = near != null ? "did you mean '" + near + "'?" : KINDS;
    }
    return Optional.of(Diagnostic.error(origin, path, "resource-name",
        "'" + Names.printable(name) + "' is not a standard resource, and a resource name without a domain"
            + " must be one", hint));
  }

  /** Why {@code quantity} (canonical) is no amount of {@code name}, at the value; empty when it is one. */
  static Optional<Diagnostic> amountProblem(String name, String quantity, Origin origin, String path) {
    BigDecimal value = Quantities.value(quantity);
    if (!isExtended(name) || value.stripTrailingZeros().scale() <= 0) {
      return Optional.empty();
    }
    return Optional.of(Diagnostic.error(origin, path, "resource-whole",
        name + " is " + value.stripTrailingZeros().toPlainString() + ", but an extended resource is counted in"
            + " whole units",
        "give a whole number, e.g. " + name + ": 1"));
  }

  private static boolean isStandard(String name) {
    return STANDARD.contains(name)
        || name.startsWith(HUGEPAGES) && Quantities.parse(name.substring(HUGEPAGES.length())).isPresent();
  }

  /** A name with a domain of its own; kubernetes.io names are Kubernetes's (native) resources. */
  private static boolean isExtended(String name) {
    return name.contains("/") && !name.contains("kubernetes.io/");
  }
}

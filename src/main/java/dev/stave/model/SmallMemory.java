package dev.stave.model;

import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The warning for a memory size below 1 MiB, which is almost always a unit mistake: Kubernetes reads
 * {@code 512m} as 0.512 bytes (m is milli) and {@code 512} as 512 bytes. The API server accepts both, but
 * the container runtime refuses a limit that small and a request that small means nothing, so stave warns
 * and compiles what was written. An explicit 0 is no unit mistake (0 is 0 in every unit) and gets none.
 * A storage size (a claim, a disk-backed emptyDir's limit) that small is the same mistake: a provisioner
 * rounds such a claim up to its own smallest size, and a pod whose emptyDir is limited to it is evicted once
 * it writes more than that.
 */
public final class SmallMemory {
  private static final BigDecimal MEBIBYTE = BigDecimal.valueOf(1024L * 1024);
  private static final Pattern KUBERNETES_NUMBER = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(m|k|Ki)?");
  /** mrunner's {@code mem}, which reads an upper-case {@code K} as {@code Ki}. */
  private static final Pattern MRUNNER_NUMBER = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(m|k|Ki|K)?");
  private static final Pattern MARS_NUMBER = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)([kK][iI]?[bB]?)?");
  private static final String MILLI = "the m suffix means thousandths";
  /** The storage amounts of a {@code resources} map: a container's scratch space, an ephemeral volume's claim. */
  private static final Set<String> STORAGE = Set.of("ephemeral-storage", "storage");

  /** What a size that is too small is in bytes ("0.512 bytes of memory"), why, and how to write what was meant. */
  public record Misread(String amount, String why, String fix) {}

  /** How the key's sizes are read: what a suffix means there, and so how to write what was meant. */
  public enum Spelling {
    KUBERNETES,
    /** mrunner's {@code mem}: a Kubernetes quantity, except that it reads {@code 8G} as {@code 8Gi}. */
    MRUNNER,
    /** Mars's sizes ({@link MarsSizes}): plain bytes, or k, m, g and t as powers of 1024. */
    MARS
  }

  private SmallMemory() {}

  /** The warning for memory {@code written} at {@code origin} and read as {@code canonical}; empty when none. */
  public static Optional<Diagnostic> quantity(Origin origin, String path, String written, String canonical,
      Spelling spelling) {
    return bytes(origin, path, written, Quantities.value(canonical), spelling);
  }

  /** The warning for a storage size {@code written} at {@code origin} and read as {@code canonical}. */
  public static Optional<Diagnostic> storage(Origin origin, String path, String written, String canonical,
      Spelling spelling) {
    return warning(origin, path, written, Quantities.value(canonical), spelling, "storage");
  }

  /** The warning for memory {@code written} at {@code origin}; empty when it is 0 or at least 1 MiB. */
  public static Optional<Diagnostic> bytes(Origin origin, String path, String written, BigDecimal bytes,
      Spelling spelling) {
    return warning(origin, path, written, bytes, spelling, "memory");
  }

  /**
   * The words of the warning for memory {@code written} as a Kubernetes quantity with the m suffix, for a
   * message about a size that is refused as too small: m is milli, which is almost never meant in a size.
   * Empty for any other spelling.
   */
  public static Optional<Misread> milli(String written, BigDecimal bytes) {
    Matcher m = KUBERNETES_NUMBER.matcher(written);
    return m.matches() && "m".equals(m.group(2))
        ? Optional.of(new Misread(amount(bytes, "memory"), MILLI, fix(m.group(1), Spelling.KUBERNETES)))
        : Optional.empty();
  }

  /**
   * The warnings for the sizes an override sets in raw Kubernetes fields, which go into the bundle as written:
   * the memory and storage of the requests and limits of any {@code resources} (a container's, the pod's, an
   * ephemeral volume's claim), and an emptyDir's {@code sizeLimit}, which is memory unless its medium is the
   * node's disk; and their cpu below a millicore ({@link SmallCpu}).
   */
  public static void inOverride(Node node, String path, List<Diagnostic> problems) {
    if (node instanceof ListNode l) {
      for (int i = 0; i < l.items().size(); i++) {
        inOverride(l.items().get(i), path + "[" + i + "]", problems);
      }
    } else if (node instanceof MapNode m) {
      boolean amounts = path.endsWith(".resources.requests") || path.endsWith(".resources.limits");
      boolean emptyDir = path.endsWith(".emptyDir");
      boolean memoryMedium = m.get("medium") instanceof ScalarNode medium && medium.value() != null
          && !medium.text().isEmpty();
      m.entries().forEach((key, value) -> {
        String at = path + "." + key;
        String what = amounts && key.equals("memory") ? "memory" : amounts && STORAGE.contains(key) ? "storage"
            : emptyDir && key.equals("sizeLimit") ? (memoryMedium ? "memory" : "storage") : null;
        if (amounts && key.equals("cpu")) {
          if (value instanceof ScalarNode s && s.value() != null) {
            Quantities.canonical(Quantities.text(s))
                .flatMap(canonical -> SmallCpu.quantity(s.origin(), at, s.text(), canonical)).ifPresent(problems::add);
          }
        } else if (what == null) {
          inOverride(value, at, problems);
        } else if (value instanceof ScalarNode s && s.value() != null) {
          Quantities.canonical(Quantities.text(s)).flatMap(canonical -> warning(s.origin(), at, s.text(),
              Quantities.value(canonical), Spelling.KUBERNETES, what)).ifPresent(problems::add);
        }
      });
    }
  }

  private static Optional<Diagnostic> warning(Origin origin, String path, String written, BigDecimal bytes,
      Spelling spelling, String what) {
    if (bytes.signum() <= 0 || bytes.compareTo(MEBIBYTE) >= 0) {
      return Optional.empty();
    }
    String shown = Names.printable(written);
    String amount = "'" + shown + "' is " + amount(bytes, what);
    Matcher m = (spelling == Spelling.MARS ? MARS_NUMBER : spelling == Spelling.MRUNNER ? MRUNNER_NUMBER
        : KUBERNETES_NUMBER).matcher(written);
    String why;
    if (m.matches() && m.group(2) == null) {
      why = ": a number without a " + (spelling == Spelling.MARS ? "unit" : "suffix") + " counts bytes";
    } else if (m.matches() && m.group(2).equals("m")) {
      why = ": " + MILLI;
    } else {
      why = ", less than a mebibyte";
    }
    return Optional.of(Diagnostic.warning(origin, path, what + "-tiny", amount + why,
        m.matches() ? fix(m.group(1), spelling) : unitFix(spelling)));
  }

  private static String amount(BigDecimal bytes, String what) {
    return bytes.stripTrailingZeros().toPlainString() + " bytes of " + what;
  }

  /** How to write a size spelt in a way that has no number to keep ({@code 1e3}): with a large enough unit. */
  private static String unitFix(Spelling spelling) {
    return switch (spelling) {
      case KUBERNETES -> "write the size with the suffix Mi (mebibytes) or M (megabytes), or a larger one";
      case MRUNNER -> "write the size with the suffix M (mrunner reads M as Mi, mebibytes), or a larger one";
      case MARS -> "write the size with the unit m (mebibytes; Mars reads k, m, g and t as powers of 1024), or a"
          + " larger one";
    };
  }

  private static String fix(String number, Spelling spelling) {
    String mebibytes = number + (number.equals("1") ? " mebibyte" : " mebibytes");
    return switch (spelling) {
      case KUBERNETES -> "write " + number + "Mi for " + mebibytes + ", or " + number + "M for megabytes";
      case MRUNNER -> "write " + number + "M or " + number + "Mi for " + mebibytes + " (mrunner reads "
          + number + "M as " + number + "Mi)";
      case MARS -> "write " + number + "m for " + mebibytes + " (Mars reads k, m, g and t as powers of 1024)";
    };
  }
}

package dev.stave.model;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * The warning for a cpu amount below one millicore ({@code 0.0001}, {@code 100u}), which Kubernetes does not
 * count: the scheduler reads a cpu request in millicores through apimachinery's {@code Quantity.MilliValue},
 * which is ceil(q * 1000), so such a request is 1m; Kubernetes' documentation allows no cpu precision finer
 * than 1m, for a limit either. The API server stores it as written, so stave compiles it as written and warns,
 * as it does for memory below 1 MiB ({@link SmallMemory}). An explicit 0 is meant and gets none.
 */
public final class SmallCpu {
  private static final BigDecimal MILLICORE = new BigDecimal("0.001");

  private SmallCpu() {}

  /** The warning for cpu {@code written} at {@code origin} and read as {@code canonical}; empty when none. */
  public static Optional<Diagnostic> quantity(Origin origin, String path, String written, String canonical) {
    BigDecimal cores = Quantities.value(canonical);
    if (cores.signum() <= 0 || cores.compareTo(MILLICORE) >= 0) {
      return Optional.empty();
    }
    String millicores = cores.movePointRight(3).stripTrailingZeros().toPlainString();
    return Optional.of(Diagnostic.warning(origin, path, "cpu-tiny",
        "'" + Names.printable(written) + "' is " + millicores + " millicores of cpu, less than the millicore"
            + " Kubernetes counts cpu in, so it is read as 1m",
        "write 1m (a thousandth of a core) or more"));
  }
}

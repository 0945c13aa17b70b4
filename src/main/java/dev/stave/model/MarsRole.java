package dev.stave.model;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * One role of a Mars cluster: {@code scheduler}, {@code worker} or {@code web}. {@code cpu} (CPUs) and
 * {@code memory} (bytes) are null when not given; Mars then sets neither requests nor its totals.
 */
public record MarsRole(String role, int replicas, BigDecimal cpu, BigInteger memory) {
  public static final String SCHEDULER = "scheduler";
  public static final String WORKER = "worker";
  public static final String WEB = "web";

  /** The value of Mars's {@code mars/service-type} label, which its pod discovery selects on. */
  public String serviceType() {
    return "mars" + role;
  }
}

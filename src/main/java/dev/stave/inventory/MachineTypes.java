package dev.stave.inventory;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * vCPUs and memory of GCE machine types, for pools whose Terraform carries no Cloudwise labels. GCE's
 * published memory per vCPU (in GiB, which GCE writes "GB"): n1 standard 3.75, highmem 6.5, highcpu
 * 0.9; n2 and e2 standard 4, highmem 8, highcpu 1. Custom types say their memory in MiB. Unlike
 * Cloudwise, n1-highcpu is 0.9 GiB per vCPU, not 1.8.
 */
public final class MachineTypes {
  private static final Pattern PREDEFINED = Pattern.compile("(n1|n2|e2)-(standard|highmem|highcpu)-([0-9]{1,3})");
  private static final Pattern CUSTOM =
      Pattern.compile("(?:(?:n1|n2|n2d|e2)-)?custom-([0-9]{1,3})-([0-9]{1,7})(?:-ext)?");
  private static final Map<String, BigDecimal> GIB_PER_CPU = Map.of(
      "n1-standard", new BigDecimal("3.75"), "n1-highmem", new BigDecimal("6.5"), "n1-highcpu", new BigDecimal("0.9"),
      "n2-standard", BigDecimal.valueOf(4), "n2-highmem", BigDecimal.valueOf(8), "n2-highcpu", BigDecimal.ONE,
      "e2-standard", BigDecimal.valueOf(4), "e2-highmem", BigDecimal.valueOf(8), "e2-highcpu", BigDecimal.ONE);

  /** A machine's size: whole vCPUs and MiB. */
  public record Machine(int cpu, long memoryMi) {}

  private MachineTypes() {}

  public static Optional<Machine> lookup(String machineType) {
    Matcher m = PREDEFINED.matcher(machineType);
    if (m.matches()) {
      int cpu = Integer.parseInt(m.group(3));
      BigDecimal gib = GIB_PER_CPU.get(m.group(1) + "-" + m.group(2)).multiply(BigDecimal.valueOf(cpu));
      return Optional.of(new Machine(cpu, gib.multiply(BigDecimal.valueOf(1024)).longValue()));
    }
    Matcher c = CUSTOM.matcher(machineType);
    if (c.matches()) {
      return Optional.of(new Machine(Integer.parseInt(c.group(1)), Long.parseLong(c.group(2))));
    }
    return Optional.empty();
  }

  public static String known() {
    return "n1-, n2- and e2-standard|highmem|highcpu-N and custom-C-M (M in MiB)";
  }
}

package dev.stave.inventory;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * vCPUs and memory of GCE machine types, for pools whose Terraform carries no Cloudwise labels. GCE's
 * published memory per vCPU (in GiB, which GCE writes "GB"): n1 standard 3.75, highmem 6.5, highcpu
 * 0.9; n2 and e2 standard 4, highmem 8, highcpu 1. Custom types say their memory in MiB. Unlike
 * Cloudwise, n1-highcpu is 0.9 GiB per vCPU, not 1.8. Only the sizes GCE has are known: a pool of
 * another (n1-standard-6) could not be created, and sizing it by the ratio would invent a node.
 */
public final class MachineTypes {
  private static final Pattern PREDEFINED = Pattern.compile("(n1|n2|e2)-(standard|highmem|highcpu)-([0-9]{1,3})");
  private static final Pattern CUSTOM =
      Pattern.compile("(?:(?:n1|n2|n2d|e2)-)?custom-([0-9]{1,3})-([0-9]{1,7})(?:-ext)?");
  private static final Map<String, BigDecimal> GIB_PER_CPU = Map.of(
      "n1-standard", new BigDecimal("3.75"), "n1-highmem", new BigDecimal("6.5"), "n1-highcpu", new BigDecimal("0.9"),
      "n2-standard", BigDecimal.valueOf(4), "n2-highmem", BigDecimal.valueOf(8), "n2-highcpu", BigDecimal.ONE,
      "e2-standard", BigDecimal.valueOf(4), "e2-highmem", BigDecimal.valueOf(8), "e2-highcpu", BigDecimal.ONE);
  private static final List<Integer> N1 = List.of(2, 4, 8, 16, 32, 64, 96);
  private static final List<Integer> N2 = List.of(2, 4, 8, 16, 32, 48, 64, 80, 96, 128);
  private static final Map<String, List<Integer>> VCPUS = Map.of(
      "n1-standard", List.of(1, 2, 4, 8, 16, 32, 64, 96), "n1-highmem", N1, "n1-highcpu", N1,
      "n2-standard", N2, "n2-highmem", N2, "n2-highcpu", N2.subList(0, N2.size() - 1),
      "e2-standard", List.of(2, 4, 8, 16, 32), "e2-highmem", List.of(2, 4, 8, 16),
      "e2-highcpu", List.of(2, 4, 8, 16, 32));
  /**
   * The GPU types of GCE's accelerator-optimized series, whose machine types come with their GPUs
   * (https://cloud.google.com/compute/docs/accelerator-optimized-machines: "Each machine type within a series
   * has a specific model and number of NVIDIA GPUs attached"; the types' names are from
   * https://cloud.google.com/compute/docs/gpus). stave knows none of their sizes: with the labels cpu and
   * memory_m alone, a pool of one would have no GPUs.
   */
  private static final Map<String, String> ACCELERATOR_GPUS = Map.of(
      "a2", "nvidia-tesla-a100 (A2 Standard) or nvidia-a100-80gb (A2 Ultra)",
      "a3", "nvidia-h100-80gb (A3 High, A3 Edge), nvidia-h100-mega-80gb (A3 Mega) or nvidia-h200-141gb (A3 Ultra)",
      "a4", "nvidia-b200", "a4x", "nvidia-gb200", "g2", "nvidia-l4", "g4", "nvidia-rtx-pro-6000");
  /** The one predefined type whose memory is not its family's ratio: 864 GiB, not 8 per vCPU. */
  private static final String N2_HIGHMEM_128 = "n2-highmem-128";

  /** A machine's size: whole vCPUs and MiB. */
  public record Machine(int cpu, long memoryMi) {}

  private MachineTypes() {}

  public static Optional<Machine> lookup(String machineType) {
    Matcher m = PREDEFINED.matcher(machineType);
    if (m.matches()) {
      String family = m.group(1) + "-" + m.group(2);
      int cpu = Integer.parseInt(m.group(3));
      // GCE's names have no leading zero: n1-standard-08 is no machine type.
      if (!VCPUS.get(family).contains(cpu) || m.group(3).startsWith("0")) {
        return Optional.empty();
      }
      BigDecimal gib = machineType.equals(N2_HIGHMEM_128) ? BigDecimal.valueOf(864)
          : GIB_PER_CPU.get(family).multiply(BigDecimal.valueOf(cpu));
      return Optional.of(new Machine(cpu, gib.multiply(BigDecimal.valueOf(1024)).longValue()));
    }
    Matcher c = CUSTOM.matcher(machineType);
    if (c.matches()) {
      return Optional.of(new Machine(Integer.parseInt(c.group(1)), Long.parseLong(c.group(2))));
    }
    return Optional.empty();
  }

  /**
   * The GPU types, said for a hint, of a machine type that comes with GPUs whose number stave does not know;
   * empty for other types.
   */
  public static Optional<String> gpus(String machineType) {
    return Optional.ofNullable(ACCELERATOR_GPUS.get(series(machineType)));
  }

  private static String series(String machineType) {
    return machineType.substring(0, Math.max(machineType.indexOf('-'), 0));
  }

  /**
   * What stave knows, said for {@code machineType}, and what to write instead: the sizes of its family when
   * only the size is wrong, the four labels for a type that comes with GPUs.
   */
  public static String known(String machineType) {
    Matcher m = PREDEFINED.matcher(machineType);
    if (m.matches()) {
      String family = m.group(1) + "-" + m.group(2);
      return "GCE's " + family + " types have " + VCPUS.get(family).stream().map(String::valueOf)
          .collect(Collectors.joining(", ")) + " vCPUs; for another size, use custom-C-M (M in MiB); or add labels"
          + " cpu and memory_m";
    }
    Optional<String> gpus = gpus(machineType);
    if (gpus.isPresent()) {
      return "GCE's " + series(machineType) + " types come with their GPUs, " + gpus.get() + ", and stave knows"
          + " none of their sizes: add labels cpu, memory_m, gpu_type and gpu_count (GPUs per node)";
    }
    return "stave knows n1-, n2- and e2-standard|highmem|highcpu-N in GCE's sizes and custom-C-M (M in MiB); or add"
        + " labels cpu and memory_m";
  }
}

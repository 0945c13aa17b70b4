package dev.stave.dispatch;

import java.math.BigDecimal;

/** Symphony's {@code assign_to_resource} arguments; null means "not asked for". */
public record ResourceRequest(BigDecimal cpu, BigDecimal memoryM, String gpuType, Integer gpuCount) {

  /** Symphony's own wording of the request, Python's None included, so messages match what its users saw. */
  public String describe() {
    return "cpu=" + show(cpu) + ", memory_m=" + show(memoryM) + ", gpu_type=" + (gpuType == null ? "None" : gpuType)
        + ", and gpu_count=" + (gpuCount == null ? "None" : gpuCount);
  }

  private static String show(BigDecimal d) {
    return d == null ? "None" : d.toPlainString();
  }
}

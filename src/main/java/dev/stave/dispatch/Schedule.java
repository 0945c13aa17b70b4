package dev.stave.dispatch;

import dev.stave.diag.Origin;
import java.math.BigDecimal;

/**
 * One process's {@code schedule}: Symphony's {@code dispatcher.assign_to(...)} arguments.
 *
 * @param assignTo {@code machine}, {@code gpu}, {@code resource} or {@code node_pool}
 * @param unit the pod unit's name (the standalone process, or the group)
 * @param process the container's name
 * @param path the JSON path of the schedule, for diagnostics
 */
public record Schedule(
    String assignTo,
    String nodePoolName,
    Origin nodePoolOrigin,
    Integer processPerMachine,
    BigDecimal cpu,
    BigDecimal memoryM,
    String gpuType,
    Integer gpuCount,
    String unit,
    String process,
    Origin origin,
    String path) {}

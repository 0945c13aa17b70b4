package dev.stave.dispatch;

import java.math.BigDecimal;

/** What one process gets: cpu in cores, memory in MiB, GPUs (null when none). */
public record Share(BigDecimal cpu, Long memoryMi, Integer gpus) {}

package dev.stave.dispatch;

/**
 * What a whole pod asks for, as the capacity check counts it: every container's requests (its own over
 * its schedule's share, then the defaults), summed over a group's processes. Sizes beyond 64 bits are
 * {@link Long#MAX_VALUE}, larger than any node.
 *
 * @param containers how many containers the sum is over
 */
public record PodRequest(long cpuMillis, long memoryMi, long gpus, int containers) {}

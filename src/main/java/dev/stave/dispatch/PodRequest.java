package dev.stave.dispatch;

/**
 * What a whole pod asks for, as the capacity check counts it: every container's requests (its own over
 * its schedule's share, then the defaults), summed over a group's processes. Sizes beyond 64 bits are
 * {@link Long#MAX_VALUE}, larger than any node.
 *
 * @param containers how many containers the sum is over
 * @param containerGpus the most GPUs one container asks for: a pool whose GPUs are shared gives a container at
 *     most 1, however many the pool has
 */
public record PodRequest(long cpuMillis, long memoryMi, long gpus, int containers, long containerGpus) {}

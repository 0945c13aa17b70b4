package dev.stave.dispatch;

/**
 * What an experiment asks of one pool: pods, the nodes they need when packed, and what one node offers.
 *
 * @param maxNodes null when the inventory sets no bound
 */
public record PoolUsage(String pool, long pods, long nodesNeeded, Integer maxNodes, long cpuMillis, long memoryMi,
    long gpus, long nodeCpuMillis, long nodeMemoryMi, int nodeGpus) {

  public boolean fits() {
    return maxNodes == null || nodesNeeded <= maxNodes;
  }
}

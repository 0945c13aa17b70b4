package dev.stave.dispatch;

import java.math.BigInteger;

/**
 * What an experiment asks of one pool: pods, the nodes they need when packed, and what one node offers.
 * A hundred million pods, or as many nodes, of sizes up to a node's can ask or offer more than 64 bits
 * hold, so the sums are exact.
 *
 * @param maxNodes null when the inventory sets no bound
 */
public record PoolUsage(String pool, long pods, long nodesNeeded, Integer maxNodes, BigInteger cpuMillis,
    BigInteger memoryMi, BigInteger gpus, long nodeCpuMillis, long nodeMemoryMi, int nodeGpus) {

  /** What {@code maxNodes} nodes that each offer {@code perNode} offer together; null when unbounded. */
  public BigInteger onMaxNodes(long perNode) {
    return maxNodes == null ? null : BigInteger.valueOf(perNode).multiply(BigInteger.valueOf(maxNodes));
  }

  public boolean fits() {
    return maxNodes == null || nodesNeeded <= maxNodes;
  }
}

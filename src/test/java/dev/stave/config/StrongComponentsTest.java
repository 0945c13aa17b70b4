package dev.stave.config;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class StrongComponentsTest {
  /** Each cycle once, as its nodes in order, by its smallest; a node that leads into one is not in it. */
  @Test
  void findsEveryCycleOnce() {
    int[][] edges = {{1}, {0}, {3}, {4}, {2, 5}, {}, {6}, {0}};
    List<int[]> cycles = StrongComponents.cycles(edges);
    assertEquals(3, cycles.size());
    assertArrayEquals(new int[] {0, 1}, cycles.get(0));
    assertArrayEquals(new int[] {2, 3, 4}, cycles.get(1));
    assertArrayEquals(new int[] {6}, cycles.get(2));
  }

  /** A chain of 100,000 nodes into a cycle, deeper than a thread's stack would take as recursion. */
  @Test
  void aLongChainIntoACycleDoesNotRunOutOfStack() {
    int n = 100_000;
    int[][] edges = new int[n + 2][];
    for (int i = 0; i < n; i++) {
      edges[i] = new int[] {i + 1};
    }
    edges[n] = new int[] {n + 1};
    edges[n + 1] = new int[] {n};
    List<int[]> cycles = StrongComponents.cycles(edges);
    assertEquals(1, cycles.size());
    assertArrayEquals(new int[] {n, n + 1}, cycles.get(0));
    // And a cycle of all of them.
    edges[n + 1] = new int[] {0};
    assertEquals(n + 2, StrongComponents.cycles(edges).get(0).length);
  }
}

package dev.stave.config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The strongly connected components of a directed graph of nodes 0..n-1 (Tarjan's algorithm), in time linear in
 * nodes and edges. Iterative, with stacks of its own: a chain of substitutions 10,000 keys long is as deep, and
 * would overflow the thread's stack as recursion.
 */
final class StrongComponents {
  private StrongComponents() {}

  /**
   * The components that hold a cycle, each with at least two nodes or one with an edge to itself, as ascending
   * nodes; the list in order of their smallest node. {@code edges[v]} are the nodes that v has an edge to.
   */
  static List<int[]> cycles(int[][] edges) {
    int n = edges.length;
    int[] index = new int[n];
    int[] low = new int[n];
    Arrays.fill(index, -1);
    boolean[] onStack = new boolean[n];
    int[] stack = new int[n];
    int stackSize = 0;
    // The depth-first walk: the node at each level, and how many of its edges have been followed.
    int[] walk = new int[n];
    int[] followed = new int[n];
    int next = 0;
    List<int[]> found = new ArrayList<>();
    for (int start = 0; start < n; start++) {
      if (index[start] >= 0) {
        continue;
      }
      int depth = 0;
      walk[0] = start;
      followed[0] = 0;
      index[start] = low[start] = next++;
      stack[stackSize++] = start;
      onStack[start] = true;
      while (depth >= 0) {
        int v = walk[depth];
        if (followed[depth] < edges[v].length) {
          int w = edges[v][followed[depth]++];
          if (index[w] < 0) {
            index[w] = low[w] = next++;
            stack[stackSize++] = w;
            onStack[w] = true;
            depth++;
            walk[depth] = w;
            followed[depth] = 0;
          } else if (onStack[w]) {
            low[v] = Math.min(low[v], index[w]);
          }
          continue;
        }
        if (low[v] == index[v]) {
          int from = stackSize;
          do {
            from--;
            onStack[stack[from]] = false;
          } while (stack[from] != v);
          int[] component = Arrays.copyOfRange(stack, from, stackSize);
          stackSize = from;
          if (component.length > 1 || selfEdge(edges[v], v)) {
            Arrays.sort(component);
            found.add(component);
          }
        }
        depth--;
        if (depth >= 0) {
          int parent = walk[depth];
          low[parent] = Math.min(low[parent], low[v]);
        }
      }
    }
    found.sort((a, b) -> Integer.compare(a[0], b[0]));
    return found;
  }

  private static boolean selfEdge(int[] edges, int v) {
    for (int w : edges) {
      if (w == v) {
        return true;
      }
    }
    return false;
  }
}

package dev.stave.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.stave.diag.Origin;
import dev.stave.inventory.Inventory;
import dev.stave.inventory.NodePool;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Packing counted pods onto counted nodes gives what first fit of the pods one by one gives. */
class CapacityCheckTest {

  /** First fit, largest first, one pod at a time onto a list of nodes: the packing as it was written first. */
  private static long oneByOne(List<CapacityCheck.Pod> runs, long cpu, long memory, long gpus) {
    List<CapacityCheck.Pod> pods = new ArrayList<>();
    for (CapacityCheck.Pod run : runs) {
      for (long i = 0; i < run.count(); i++) {
        pods.add(new CapacityCheck.Pod(String.format("%s#%06d", run.name(), i), run.cpuMillis(), run.memoryMi(),
            run.gpus(), 1));
      }
    }
    pods.sort(Comparator.comparingLong(CapacityCheck.Pod::gpus).thenComparingLong(CapacityCheck.Pod::cpuMillis)
        .thenComparingLong(CapacityCheck.Pod::memoryMi).reversed().thenComparing(CapacityCheck.Pod::name));
    List<long[]> nodes = new ArrayList<>();
    for (CapacityCheck.Pod pod : pods) {
      long[] free = null;
      for (long[] node : nodes) {
        if (node[0] >= pod.cpuMillis() && node[1] >= pod.memoryMi() && node[2] >= pod.gpus()) {
          free = node;
          break;
        }
      }
      if (free == null) {
        free = new long[] {cpu, memory, gpus};
        nodes.add(free);
      }
      free[0] -= pod.cpuMillis();
      free[1] -= pod.memoryMi();
      free[2] -= pod.gpus();
    }
    return nodes.size();
  }

  @Property(tries = 3000)
  void countedPackingIsFirstFitPodByPod(@ForAll("runs") List<CapacityCheck.Pod> runs) {
    assertEquals(oneByOne(runs, 4000, 16000, 2), CapacityCheck.nodesNeeded(runs, 4000, 16000, 2), runs.toString());
  }

  @Provide
  Arbitrary<List<CapacityCheck.Pod>> runs() {
    // Sizes that fill a node exactly, leave odd room, need no resource at all, or are larger than a node.
    Arbitrary<Long> cpu = Arbitraries.of(0L, 1L, 500L, 1000L, 1300L, 2000L, 3999L, 4000L, 4001L);
    Arbitrary<Long> memory = Arbitraries.of(0L, 100L, 4000L, 5000L, 8000L, 16000L, 20000L);
    Arbitrary<Long> gpus = Arbitraries.of(0L, 0L, 1L, 2L, 3L);
    Arbitrary<Long> count = Arbitraries.longs().between(1, 12);
    Arbitrary<CapacityCheck.Pod> run = Combinators.combine(Arbitraries.strings().withCharRange('a', 'c').ofLength(1),
        cpu, memory, gpus, count).as(CapacityCheck.Pod::new);
    return run.list().ofMinSize(0).ofMaxSize(6);
  }

  @Test
  void aHundredMillionPodsArePackedAtOnce() {
    // 10,000 replicas in each of 10,000 sweep instances, four to a node, plus whole nodes for another process.
    List<CapacityCheck.Pod> pods = List.of(new CapacityCheck.Pod("worker", 1000, 4000, 0, 100_000_000L),
        new CapacityCheck.Pod("learner", 4000, 16000, 2, 10_000L));
    // Listed one by one, these would not fit in memory; counted, they are two runs and three node groups.
    assertEquals(10_000L + 25_000_000L, CapacityCheck.nodesNeeded(pods, 4000, 16000, 2));
  }

  @Test
  void whatAHundredMillionLargePodsAskIsSummedExactly() {
    NodePool pool = new NodePool("big", "big", null, BigDecimal.valueOf(Integer.MAX_VALUE), 4L << 40, "t4",
        Integer.MAX_VALUE, false, null, List.of(), null, null, null, new Origin("t", 1, 1));
    // A billion cores, 4 EiB of memory and 2^31 - 1 GPUs each: 100,000,000 of them ask for more than 2^63.
    CapacityCheck.Pod pod = new CapacityCheck.Pod("a", 1_000_000_000_000L, 4L << 40, Integer.MAX_VALUE, 100_000_000L);
    List<PoolUsage> usage = CapacityCheck.usage(new Inventory("inv.yaml", List.of(pool), null, null, false),
        new SymphonyModel(), Map.of("big", List.of(pod, pod)));
    assertEquals(List.of(new PoolUsage("big", 200_000_000L, 200_000_000L, null,
        new BigInteger("200000000000000000000"), new BigInteger("879609302220800000000"),
        new BigInteger("429496729400000000"), 2_147_483_646_400L, 4L << 40, Integer.MAX_VALUE)), usage);
  }
}

package dev.stave.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarsReadinessTest {
  @TempDir
  Path dir;

  private static final String SEED = """
      kind: cluster
      framework: mars
      name: mars-100
      scheduler_num: 1
      web_num: 1
      worker_num: 100
      worker_cpu: 4
      worker_mem: 16g
      min_worker_num: 95
      timeout: 600
      """;

  @Test
  void everySchedulerAndWebAndMinWorkerNumWorkers() throws IOException {
    MarsReadiness rule = MarsReadiness.of(MarsFixtures.cluster(dir, SEED));
    assertEquals("mars-100", rule.namespace());
    assertEquals(600L, rule.timeoutSeconds());
    assertEquals(List.of(
        new MarsReadiness.Gate("scheduler", "mars-100-scheduler", Map.of("app.kubernetes.io/component", "scheduler",
            "mars/service-type", "marsscheduler", "stave.dev/bundle", "mars-100"), null),
        new MarsReadiness.Gate("worker", "mars-100-worker", Map.of("app.kubernetes.io/component", "worker",
            "mars/service-type", "marsworker", "stave.dev/bundle", "mars-100"), 95),
        new MarsReadiness.Gate("web", "mars-100-web", Map.of("app.kubernetes.io/component", "web",
            "mars/service-type", "marsweb", "stave.dev/bundle", "mars-100"), null)), rule.gates());
    assertEquals("app.kubernetes.io/component=worker,mars/service-type=marsworker,stave.dev/bundle=mars-100",
        rule.gates().get(1).labelSelector());
  }

  @Test
  void readyOnceNinetyFiveWorkersAreReady() throws IOException {
    MarsReadiness rule = MarsReadiness.of(MarsFixtures.cluster(dir, SEED));
    Map<String, Integer> desired = Map.of("mars-100-scheduler", 1, "mars-100-worker", 100, "mars-100-web", 1);
    assertFalse(rule.satisfied(desired, Map.of("mars-100-scheduler", 1, "mars-100-worker", 94, "mars-100-web", 1)));
    assertTrue(rule.satisfied(desired, Map.of("mars-100-scheduler", 1, "mars-100-worker", 95, "mars-100-web", 1)));
    assertFalse(rule.satisfied(desired, Map.of("mars-100-scheduler", 0, "mars-100-worker", 100, "mars-100-web", 1)));
    assertFalse(rule.satisfied(desired, Map.of("mars-100-scheduler", 1, "mars-100-worker", 100)));
  }

  @Test
  void withoutMinWorkerNumEveryWorkerOfTheLiveSizeCounts() throws IOException {
    MarsReadiness rule = MarsReadiness.of(MarsFixtures.cluster(dir, """
        kind: cluster
        framework: mars
        name: small
        worker_num: 3
        worker_cpu: 1
        worker_mem: 2g
        """));
    MarsReadiness.Gate workers = rule.gates().get(1);
    assertNull(workers.minReady());
    assertEquals(3, workers.required(3));
    assertEquals(5, workers.required(5));
    assertFalse(workers.satisfied(5, 4));
    assertNull(rule.timeoutSeconds());
    assertNull(rule.timeout(null));
    assertEquals(30L, rule.timeout(30L));
  }

  @Test
  void aMinimumNeverExceedsTheLiveSize() throws IOException {
    MarsReadiness.Gate workers = MarsReadiness.of(MarsFixtures.cluster(dir, SEED)).gates().get(1);
    assertEquals(95, workers.required(100));
    assertEquals(10, workers.required(10));
    assertTrue(workers.satisfied(10, 10));
  }

  @Test
  void commandLineTimeoutWinsOverTheConfig() throws IOException {
    MarsReadiness rule = MarsReadiness.of(MarsFixtures.cluster(dir, SEED));
    assertEquals(600L, rule.timeout(null));
    assertEquals(60L, rule.timeout(60L));
  }
}

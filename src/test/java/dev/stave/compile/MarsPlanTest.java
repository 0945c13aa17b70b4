package dev.stave.compile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarsPlanTest {
  @TempDir
  Path dir;

  @Test
  void seedExample() throws IOException {
    assertEquals(List.of(
        "cluster mars-100 (Mars 0.6.11) in namespace mars-100, image marsproject/mars:v0.6.11",
        "  scheduler: deployment mars-100-scheduler, 1 replica, cpu not set, memory not set",
        "  worker: deployment mars-100-worker, 100 replicas, cpu 4, memory 16 GiB (17179869184 bytes),"
            + " cache 40% = 6871947673 bytes in /dev/shm",
        "  web: deployment mars-100-web, 1 replica, cpu not set, memory not set",
        "  service mars-100-web: NodePort, port 7103 to the web pods",
        "  disruption budget mars-100-worker: keeps 95 workers available",
        "  ready when: all 1 scheduler ready, at least 95 of 100 workers ready, all 1 web ready (no timeout)"),
        MarsPlan.lines(MarsFixtures.cluster(dir, """
            kind: cluster
            framework: mars
            name: mars-100
            scheduler_num: 1
            web_num: 1
            worker_num: 100
            worker_cpu: 4
            worker_mem: 16g
            min_worker_num: 95
            """)));
  }

  @Test
  void minWorkerNumZeroHasNoBudget() throws IOException {
    assertEquals(List.of(
        "cluster m (Mars 0.6.11) in namespace m, image marsproject/mars:v0.6.11",
        "  scheduler: deployment m-scheduler, 1 replica, cpu not set, memory not set",
        "  worker: deployment m-worker, 2 replicas, cpu 1, memory 1 GiB (1073741824 bytes),"
            + " cache 40% = 429496729 bytes in /dev/shm",
        "  web: deployment m-web, 1 replica, cpu not set, memory not set",
        "  service m-web: NodePort, port 7103 to the web pods",
        "  no disruption budget: min_worker_num 0 lets every worker be evicted",
        "  ready when: all 1 scheduler ready, at least 0 of 2 workers ready, all 1 web ready (no timeout)"),
        MarsPlan.lines(MarsFixtures.cluster(dir, """
            kind: cluster
            framework: mars
            name: m
            worker_num: 2
            worker_cpu: 1
            worker_mem: 1g
            min_worker_num: 0
            """)));
  }

  @Test
  void everyKey() throws IOException {
    assertEquals(List.of(
        "cluster tuned (Mars 0.6.5) in namespace shared (not created), image marsproject/mars:v0.6.5",
        "  scheduler: deployment tuned-scheduler, 2 replicas, cpu 0.5, memory 4 GiB (4294967296 bytes)",
        "  worker: deployment tuned-worker, 4 replicas, cpu 8, memory 30 GiB (32212254720 bytes),"
            + " cache 12 GiB (12884901888 bytes) in /dev/shm, spill /data/a at /mnt/hostpath0 and /data/b at"
            + " /mnt/hostpath1",
        "  web: deployment tuned-web, 2 replicas, cpu 1, memory 512 MiB (536870912 bytes)",
        "  service tuned-web: LoadBalancer, port 7103 to the web pods",
        "  disruption budget tuned-worker: keeps all workers available",
        "  ready when: all 2 schedulers ready, all 4 workers ready, all 2 webs ready (timeout 300s)"),
        MarsPlan.lines(MarsFixtures.cluster(dir, """
            kind: cluster
            framework: mars
            name: tuned
            namespace: shared
            create_namespace: false
            mars_version: "0.6.5"
            scheduler_num: 2
            scheduler_cpu: 0.5
            scheduler_mem: 4G
            worker_num: 4
            worker_cpu: 8
            worker_mem: 30g
            worker_cache_mem: 12g
            worker_spill_paths: [/data/a, /data/b]
            web_num: 2
            web_cpu: 1
            web_mem: 512m
            service_type: LoadBalancer
            timeout: 300
            """)));
  }

  @Test
  void sizesUseTheLargestExactBinaryUnit() {
    assertEquals("1000 bytes", MarsPlan.size(BigInteger.valueOf(1000)));
    assertEquals("1 KiB (1024 bytes)", MarsPlan.size(BigInteger.valueOf(1024)));
    assertEquals("1536 KiB (1572864 bytes)", MarsPlan.size(BigInteger.valueOf(1572864)));
  }
}

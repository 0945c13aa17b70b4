package dev.stave.hostile;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.stave.cli.Run;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A bound on the work of in-process runs of stave that a busy machine does not move: the CPU time of the
 * threads a compile works on (the one that runs it, the template workers and the common fork-join pool
 * that renders and writes in parallel), where wall-clock time stretches with whatever else the machine
 * runs. A run that spins passes the limit however slow the machine is; one that waits without spinning
 * fails after {@link Run#HANG}. A run that failed is ended, so that the tests after it have the cores to
 * themselves.
 */
final class CpuLimit {
  /** Threads other than the caller's that a compile hands work to, by the start of their names. */
  private static final String[] POOLS = {"stave-template", "ForkJoinPool.commonPool-worker"};
  /** How long a failed run is given to end on an interrupt before it is stopped. */
  private static final Duration INTERRUPTED = Duration.ofSeconds(1);
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private CpuLimit() {}

  interface Work {
    void run() throws Exception;
  }

  /** Runs {@code work}, {@code label} naming it, on a thread of its own, failing once it has used {@code cpu}. */
  static void run(String label, Duration cpu, Work work) throws Exception {
    assertTrue(THREADS.isThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled(), "no CPU time per thread");
    Map<Long, Long> poolsBefore = poolCpu();
    long start = System.nanoTime();
    FutureTask<Void> task = new FutureTask<>(() -> {
      work.run();
      return null;
    });
    Thread runner = new Thread(task, "stave-under-cpu-limit");
    runner.setDaemon(true); // one that spins past the limit must not keep the test JVM alive
    runner.start();
    while (true) {
      try {
        task.get(100, TimeUnit.MILLISECONDS);
        return;
      } catch (ExecutionException e) {
        if (e.getCause() instanceof Exception cause) {
          throw cause;
        }
        throw (Error) e.getCause();
      } catch (TimeoutException e) {
        long used = Math.max(0, THREADS.getThreadCpuTime(runner.getId())) + poolCpuSince(poolsBefore);
        if (used > cpu.toNanos()) {
          end(runner);
          fail(label + " used more than " + cpu.toSeconds() + "s of CPU time without finishing: it spins");
        }
        if (System.nanoTime() - start > Run.HANG.toNanos()) {
          end(runner);
          fail(label + " did not finish in " + Run.HANG.toMinutes() + " minutes, using " + used / 1_000_000
              + "ms of CPU time: it waits for something that never comes");
        }
      }
    }
  }

  /**
   * Ends the work of a failed run: the runner, and the pool threads still running. An interrupt does not
   * end code that spins (it checks for none), so each is stopped with {@link Thread#stop}, in Java 17 the
   * one way to end a thread that does not cooperate. What a stopped thread leaves half done is the failed
   * run's and is not used again; the common pool starts new workers in place of stopped ones. Pool threads
   * that wait (idle workers, parked) are left alone.
   */
  private static void end(Thread runner) throws InterruptedException {
    runner.interrupt();
    runner.join(INTERRUPTED.toMillis()); // a run that checks for interrupts ends on its own, its finally blocks run
    List<Thread> running = new ArrayList<>(List.of(runner));
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (isPool(thread.getName()) && thread.getState() == Thread.State.RUNNABLE) {
        running.add(thread);
      }
    }
    for (Thread thread : running) {
      if (!stop(thread)) {
        return; // this JDK cannot end a thread that does not cooperate: the failed run's threads go on
      }
    }
    for (Thread thread : running) {
      thread.join(Run.HANG.toMillis());
    }
  }

  /** Whether this JDK stops threads: from Java 20 on, {@link Thread#stop} only throws. */
  static boolean stopsThreads() {
    return Runtime.version().feature() < 20;
  }

  @SuppressWarnings("deprecation")
  private static boolean stop(Thread thread) {
    if (!stopsThreads()) {
      return false;
    }
    thread.stop();
    return true;
  }

  /** The CPU time of each live pool thread, by thread id. */
  private static Map<Long, Long> poolCpu() {
    Map<Long, Long> cpu = new HashMap<>();
    for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
      if (info != null && isPool(info.getThreadName())) {
        long time = THREADS.getThreadCpuTime(info.getThreadId());
        if (time >= 0) {
          cpu.put(info.getThreadId(), time);
        }
      }
    }
    return cpu;
  }

  /** What the pool threads have used since {@code before}; one that ended since took its time with it. */
  private static long poolCpuSince(Map<Long, Long> before) {
    long used = 0;
    for (Map.Entry<Long, Long> now : poolCpu().entrySet()) {
      used += now.getValue() - before.getOrDefault(now.getKey(), 0L);
    }
    return used;
  }

  private static boolean isPool(String name) {
    for (String pool : POOLS) {
      if (name.startsWith(pool)) {
        return true;
      }
    }
    return false;
  }
}

package dev.stave.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A run that fails the CPU limit leaves nothing spinning for the tests after it. */
class CpuLimitTest {
  private final AtomicBoolean released = new AtomicBoolean();
  private final AtomicReference<Thread> spinner = new AtomicReference<>();

  /** Spins, checking for no interrupt, until the test releases it (so that no test leaves it spinning). */
  private void spin() {
    spinner.set(Thread.currentThread());
    while (!released.get()) {
      Thread.onSpinWait();
    }
  }

  private void assertEndedWhenItFails(CpuLimit.Work work) {
    assumeTrue(CpuLimit.stopsThreads(), "Java 20 and later cannot stop a thread that spins");
    try {
      AssertionError e = assertThrows(AssertionError.class, () -> CpuLimit.run("spinner", Duration.ofSeconds(1), work));
      assertEquals("spinner used more than 1s of CPU time without finishing: it spins", e.getMessage());
      assertFalse(spinner.get().isAlive(), "the thread that spun is still running");
    } finally {
      released.set(true);
    }
  }

  @Test
  void aRunThatSpinsIsEnded() {
    assertEndedWhenItFails(this::spin);
  }

  @Test
  void aPoolThreadThatSpinsForTheRunIsEnded() {
    assertEndedWhenItFails(() -> ForkJoinPool.commonPool().submit(this::spin).join());
    assertEquals(2, ForkJoinPool.commonPool().submit(() -> 1 + 1).join(), "the pool works on without the thread");
  }
}

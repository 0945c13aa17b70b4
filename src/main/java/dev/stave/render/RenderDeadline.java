package dev.stave.render;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A time limit on one template's processing. FreeMarker has no unbounded loop but {@code <#list 1.. as i>}
 * (a range without an end) and ranges of billions; in a template of the user's that would hang the
 * compile. When the limit passes, the rendering thread is interrupted, and FreeMarker's interruption
 * checks (added to the user's templates, {@code _CoreAPI.addThreadInterruptedChecks}) end the loop with
 * an exception. The thread's interrupted flag never outlives the processing: a flag left set would make
 * the thread's later file operations fail.
 */
final class RenderDeadline implements AutoCloseable {
  private static final ScheduledThreadPoolExecutor TIMER = timer();

  private final Thread thread = Thread.currentThread();
  private final ScheduledFuture<?> timeout;
  private boolean finished;
  private boolean expired;

  private RenderDeadline(Duration limit) {
    timeout = TIMER.schedule(this::expire, limit.toNanos(), TimeUnit.NANOSECONDS);
  }

  private static ScheduledThreadPoolExecutor timer() {
    ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, task -> {
      Thread t = new Thread(task, "stave-template-deadline");
      t.setDaemon(true);
      return t;
    });
    // A sweep renders thousands of objects, each cancelling its limit long before it is due.
    timer.setRemoveOnCancelPolicy(true);
    return timer;
  }

  /** Starts the limit for processing on the current thread; close it when the processing ends. */
  static RenderDeadline start(Duration limit) {
    return new RenderDeadline(limit);
  }

  private synchronized void expire() {
    if (!finished) {
      expired = true;
      thread.interrupt();
    }
  }

  /** Whether the limit passed before the processing ended (the thread was interrupted). */
  synchronized boolean expired() {
    return expired;
  }

  /** Ends the limit; clears the interrupt it caused, which happened under this lock if at all. */
  @Override
  public synchronized void close() {
    finished = true;
    timeout.cancel(false);
    if (expired) {
      Thread.interrupted();
    }
  }
}

package dev.stave.render;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A time limit on one template's processing. FreeMarker has no unbounded loop but {@code <#list 1.. as i>}
 * (a range without an end) and ranges of billions; in a template of the user's that would hang the
 * compile. The processing runs on a worker thread while the caller waits. When the limit passes, the
 * worker is interrupted, and the next element that starts ends the processing ({@link TemplateWatch},
 * which also says where it was; FreeMarker's interruption checks, added to the user's templates by
 * {@code _CoreAPI.addThreadInterruptedChecks}, give every pass of a loop an element). Code that starts
 * no element (a built-in such as {@code (1..)?seq_contains(0)} that walks a range in Java, an empty
 * loop in text run with {@code ?interpret}, which has no interruption checks) cannot be ended:
 * after a grace period the caller stops waiting and leaves the worker to run on, a daemon thread that
 * does not keep the JVM alive and whose result is thrown away. The interrupt never outlives the
 * processing on a worker that finishes, so the pool's threads are reused clean.
 */
final class RenderDeadline {
  /** How long a worker that was interrupted is waited for before it is left behind. */
  private static final Duration GRACE = Duration.ofSeconds(2);

  private static final ExecutorService WORKERS = Executors.newCachedThreadPool(task -> {
    Thread t = new Thread(task, "stave-template");
    t.setDaemon(true);
    // A worker left behind may end later, even in an OutOfMemoryError: nobody waits for it any more.
    t.setUncaughtExceptionHandler((thread, e) -> { });
    return t;
  });

  /** The processing of one template, as FreeMarker's process() declares it. */
  interface Work {
    void run() throws Exception;
  }

  /**
   * How the processing ended.
   *
   * @param finished whether it ended at all (false: left running after the limit and the grace period)
   * @param expired whether the limit passed before it ended (the worker was interrupted)
   * @param failure what it threw, or null
   */
  record Outcome(boolean finished, boolean expired, Throwable failure) {}

  private final CountDownLatch done = new CountDownLatch(1);
  private Thread worker;
  private boolean finished;
  private boolean expired;
  private Throwable failure;

  private RenderDeadline() {}

  /** Runs the work on a worker thread within the limit; the calling thread is never interrupted by it. */
  static Outcome run(Work work, Duration limit) throws InterruptedException {
    RenderDeadline deadline = new RenderDeadline();
    WORKERS.execute(() -> deadline.work(work));
    if (!deadline.done.await(limit.toNanos(), TimeUnit.NANOSECONDS)) {
      deadline.expire();
      Duration grace = limit.compareTo(GRACE) < 0 ? limit : GRACE;
      deadline.done.await(grace.toNanos(), TimeUnit.NANOSECONDS);
    }
    return deadline.outcome();
  }

  private void work(Work work) {
    synchronized (this) {
      if (expired) {
        // The limit passed before a thread was free to start it: it never ran, nor will.
        done.countDown();
        return;
      }
      worker = Thread.currentThread();
    }
    Throwable thrown = null;
    try {
      work.run();
    } catch (Throwable e) {
      thrown = e;
    } finally {
      end(thrown);
    }
  }

  /** Records the end; clears the interrupt the limit caused, which happened under this lock if at all. */
  private synchronized void end(Throwable thrown) {
    finished = true;
    failure = thrown;
    worker = null;
    if (expired) {
      Thread.interrupted();
    }
    done.countDown();
  }

  private synchronized void expire() {
    if (!finished) {
      expired = true;
      if (worker != null) {
        worker.interrupt();
      }
    }
  }

  private synchronized Outcome outcome() {
    return new Outcome(finished, expired, failure);
  }
}

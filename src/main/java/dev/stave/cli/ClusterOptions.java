package dev.stave.cli;

import dev.stave.apply.Deadline;
import dev.stave.bundle.WaitAnnotations;
import dev.stave.diag.Durations;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.LongSupplier;
import picocli.CommandLine.Option;

/** The options every command that talks to a cluster shares. */
final class ClusterOptions {
  @Option(names = "--kubeconfig", paramLabel = "FILE",
      description = "The kubeconfig (default: the files of $KUBECONFIG, merged as kubectl merges them, else"
          + " ~/.kube/config).")
  Path kubeconfig;

  // --context is the stave context on every command (docs/mrunner.md); the kubeconfig's is named apart.
  @Option(names = "--kube-context", paramLabel = "NAME",
      description = "The kubeconfig context (default: its current-context).")
  String context;

  // --timeout bounds different things in diff and apply, so each command declares it with its own help and
  // sets this field.
  Duration timeout;

  // Tests shorten the pauses between retries; users have no reason to.
  @Option(names = "--retry-delay", hidden = true, converter = DurationConverter.class)
  Duration retryDelay;

  @Option(names = "--poll-interval", hidden = true, converter = DurationConverter.class)
  Duration pollInterval;

  /** --timeout when given, else {@code fallback} (a bundle's own wait timeout), else 5 minutes. */
  Duration timeout(Duration fallback) {
    return timeout != null ? timeout : fallback != null ? fallback : dev.stave.apply.ApplyOptions.DEFAULT_TIMEOUT;
  }

  /** The run's deadline, {@link #timeout} from now, named for where its limit came from. */
  Deadline deadline(Duration fallback) {
    return deadline(fallback, System::nanoTime);
  }

  /** The same on {@code nanoTime}, a clock read as {@link System#nanoTime} is (tests move their own). */
  Deadline deadline(Duration fallback, LongSupplier nanoTime) {
    Duration limit = timeout(fallback);
    if (timeout != null) {
      return Deadline.after(limit, nanoTime);
    }
    String written = Durations.written(limit);
    return Deadline.after(limit, fallback != null ? "the bundle's " + WaitAnnotations.WAIT_TIMEOUT + " of " + written
        : "the default --timeout of " + written, nanoTime);
  }

  dev.stave.apply.RetryPolicy retry() {
    dev.stave.apply.RetryPolicy d = dev.stave.apply.RetryPolicy.DEFAULT;
    return retryDelay == null ? d
        : new dev.stave.apply.RetryPolicy(d.attempts(), retryDelay, retryDelay.multipliedBy(8));
  }
}

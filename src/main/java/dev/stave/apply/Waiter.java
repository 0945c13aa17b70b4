package dev.stave.apply;

import dev.stave.bundle.KubeObject;
import dev.stave.bundle.WaitAnnotations;

import dev.stave.diag.Durations;
import dev.stave.diag.Printable;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * --wait: polls the workloads of a bundle until Deployments and StatefulSets are available (or have the
 * ready replicas their {@code stave.dev/min-ready} asks for), Jobs have started (a pod active, or done), DaskJobs
 * have started (Running or Successful) and bare Pods are ready, or the deadline passes. Prints a progress
 * line whenever the picture changes, not on every poll, so the output stays short and repeatable.
 */
final class Waiter {
  private final KubeApi api;
  private final RestMapper mapper;
  private final Duration poll;
  private final Deadline deadline;
  private final PrintWriter out;

  Waiter(KubeApi api, RestMapper mapper, Duration poll, Deadline deadline, PrintWriter out) {
    this.api = api;
    this.mapper = mapper;
    this.poll = poll;
    this.deadline = deadline;
    this.out = out;
  }

  /** The readiness of one workload: done, or what it is still waiting for, or failed. */
  record State(boolean ready, boolean failed, String detail) {}

  /** How the wait for the workloads among {@code applied} ended; FAILED and TIMED_OUT have printed why. */
  Applier.Wait await(List<KubeObject> applied) {
    List<KubeObject> workloads = new ArrayList<>();
    for (KubeObject o : applied) {
      if (List.of("Deployment", "StatefulSet", "Job", "Pod", "DaskJob").contains(o.kind())) {
        workloads.add(o);
      }
    }
    if (workloads.isEmpty()) {
      return Applier.Wait.READY;
    }
    String last = null;
    Map<KubeObject, State> states = Map.of();
    while (true) {
      Map<KubeObject, State> seen = states;
      states = new LinkedHashMap<>();
      for (KubeObject o : workloads) {
        states.put(o, state(o, seen.get(o)));
      }
      long ready = states.values().stream().filter(State::ready).count();
      StringBuilder line = new StringBuilder("waiting: " + ready + "/" + workloads.size() + " ready");
      List<String> pending = new ArrayList<>();
      for (Map.Entry<KubeObject, State> e : states.entrySet()) {
        if (e.getValue().failed()) {
          report(line);
          report(Printable.exactLine(e.getKey().display()) + ": failed: " + e.getValue().detail());
          out.flush();
          return Applier.Wait.FAILED;
        }
        if (!e.getValue().ready()) {
          pending.add(Printable.exactLine(e.getKey().display()) + " (" + e.getValue().detail() + ")");
        }
      }
      if (!pending.isEmpty()) {
        line.append(": ").append(String.join(", ", pending));
      }
      if (!line.toString().equals(last)) {
        report(line);
        out.flush();
        last = line.toString();
      }
      if (pending.isEmpty()) {
        report("ready: " + workloads.size() + " workload" + (workloads.size() == 1 ? "" : "s"));
        out.flush();
        return Applier.Wait.READY;
      }
      if (!deadline.allows(poll)) {
        // Waiting longer helps a slow start; a workload that cannot start (an image that cannot be pulled, a
        // pod that fits no node) says why in its events.
        report("timed out after " + Durations.written(deadline.timeout()) + " waiting for "
            + String.join(", ", pending) + "; raise --timeout to wait longer, or see what holds them up with"
            + " kubectl describe");
        out.flush();
        return Applier.Wait.TIMED_OUT;
      }
      try {
        Thread.sleep(poll.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Applier.Wait.INTERRUPTED;
      }
    }
  }

  /** {@code before} is what the last look saw, null before the first. */
  private State state(KubeObject o, State before) {
    Map<String, Object> live;
    try {
      Resource r = mapper.find(o.apiVersion(), o.kind());
      live = api.get(r, r.namespaced() ? o.namespace() : null, o.name());
    } catch (ApiError e) {
      return new State(false, false, "cannot read it: " + e.describe());
    } catch (IOException e) {
      if (deadline.passed()) {
        // No request is sent after --timeout (and one made just before may be cut off): the report says
        // what the workload was last seen waiting for, not that the server could not be reached.
        return before != null ? before : new State(false, false, "not read before the timeout");
      }
      return new State(false, false, "cannot reach the server");
    }
    if (live == null) {
      return new State(false, true, "it is gone from the cluster");
    }
    OptionalLong minReady = WaitAnnotations.value(o, WaitAnnotations.MIN_READY);
    return of(o.kind(), live, minReady.isPresent() ? minReady.getAsLong() : null);
  }

  static State of(String kind, Map<String, Object> live) {
    return of(kind, live, null);
  }

  /**
   * {@code minReady} (from {@link WaitAnnotations#MIN_READY}; null for all) is the ready replicas a
   * Deployment or StatefulSet needs, never more than it wants: Mars's {@code min_worker_num}. Such a
   * workload is judged by ready pods alone, as Mars is, not by a finished rollout.
   */
  static State of(String kind, Map<String, Object> live, Long minReady) {
    Map<?, ?> spec = map(live.get("spec"));
    Map<?, ?> status = map(live.get("status"));
    Map<?, ?> metadata = map(live.get("metadata"));
    switch (kind) {
      case "Deployment", "StatefulSet" -> {
        long want = number(spec.get("replicas"), 1);
        long observed = number(status.get("observedGeneration"), 0);
        long generation = number(metadata.get("generation"), 0);
        long available = number(status.get(kind.equals("Deployment") ? "availableReplicas" : "readyReplicas"), 0);
        long updated = number(status.get("updatedReplicas"), 0);
        long required = minReady == null ? want : Math.min(minReady, want);
        long readyPods = number(status.get("readyReplicas"), 0);
        // With a minimum, enough ready pods is ready even when the rest never schedule.
        boolean ready = minReady != null ? observed >= generation && readyPods >= required
            : observed >= generation && updated >= want && available >= want;
        if (!ready && condition(status, "Progressing", "False", "ProgressDeadlineExceeded")) {
          return new State(false, true, "its rollout exceeded its progress deadline");
        }
        return new State(ready, false, minReady != null ? readyPods + "/" + want + " ready, " + required + " needed"
            : available + "/" + want + " available");
      }
      case "Job" -> {
        if (condition(status, "Failed", "True", null)) {
          // The condition's reason and message (BackoffLimitExceeded, DeadlineExceeded) say which limit ended
          // it; why its pods failed is in their logs, which stave does not read: the command that shows them
          // names the Job as the server does (placeholders if its answer lacked them).
          String name = metadata.get("name") instanceof String n ? Printable.line(n) : "NAME";
          String namespace = metadata.get("namespace") instanceof String n ? Printable.line(n) : "NAMESPACE";
          return new State(false, true, "the Job failed" + failedCondition(status)
              + "; its pods' logs say why (kubectl logs job/" + name + " -n " + namespace + ")");
        }
        boolean started = number(status.get("active"), 0) > 0 || number(status.get("succeeded"), 0) > 0;
        return new State(started, false, started ? "started" : "not started");
      }
      case "DaskJob" -> {
        // The Dask operator's status.jobStatus: JobCreated, ClusterCreated, Running, then Successful or Failed.
        Object phase = status.get("jobStatus");
        if ("Failed".equals(phase)) {
          return new State(false, true, "the DaskJob failed");
        }
        boolean started = "Running".equals(phase) || "Successful".equals(phase);
        return new State(started, false, started ? "started" : phase instanceof String p ? p : "not started");
      }
      default -> {
        Object phase = status.get("phase");
        if ("Failed".equals(phase)) {
          return new State(false, true, "the pod failed");
        }
        boolean ready = "Succeeded".equals(phase) || condition(status, "Ready", "True", null);
        return new State(ready, false, ready ? "ready" : "not ready");
      }
    }
  }

  /** " (REASON: MESSAGE)" of the Failed condition, as the server wrote them, or "" when it gives neither. */
  private static String failedCondition(Map<?, ?> status) {
    if (status.get("conditions") instanceof List<?> conditions) {
      for (Object c : conditions) {
        Map<?, ?> m = map(c);
        if ("Failed".equals(m.get("type")) && "True".equals(m.get("status"))) {
          List<String> parts = new ArrayList<>();
          for (String key : List.of("reason", "message")) {
            if (m.get(key) instanceof String text && !text.isBlank()) {
              parts.add(Printable.line(Printable.cut(text.strip())));
            }
          }
          return parts.isEmpty() ? "" : " (" + String.join(": ", parts) + ")";
        }
      }
    }
    return "";
  }

  private static boolean condition(Map<?, ?> status, String type, String value, String reason) {
    if (status.get("conditions") instanceof List<?> conditions) {
      for (Object c : conditions) {
        Map<?, ?> m = map(c);
        if (type.equals(m.get("type")) && value.equals(m.get("status"))
            && (reason == null || reason.equals(m.get("reason")))) {
          return true;
        }
      }
    }
    return false;
  }

  private static Map<?, ?> map(Object o) {
    return o instanceof Map<?, ?> m ? m : Map.of();
  }

  private static long number(Object o, long absent) {
    return o instanceof Number n ? n.longValue() : absent;
  }

  /** A line of the report: it quotes what the server says of a workload, which may hold escape sequences. */
  private void report(Object line) {
    out.println(Printable.line(line.toString()));
  }
}

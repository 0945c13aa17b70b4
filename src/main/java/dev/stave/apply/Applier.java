package dev.stave.apply;

import dev.stave.bundle.KubeObject;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Printable;
import dev.stave.diag.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Server-side apply of a bundle: every object in bundle order (Namespaces first) with field manager
 * {@code stave}, then, with --prune, deletion of the objects that carry the bundle's label but are no
 * longer in it, then, with --wait, waiting for the workloads. One report line per object and a summary.
 */
public final class Applier {
  private final KubeApi api;
  private final RestMapper mapper;
  private final ApplyOptions options;
  private final Deadline deadline;
  private final PrintWriter out;

  /**
   * {@code transport} is the raw one; retries are added here. {@code deadline} is the run's, the one the
   * transport's credentials were had within: what they took is not given again.
   */
  public Applier(KubeTransport transport, ApplyOptions options, Deadline deadline, PrintWriter out) {
    this.deadline = deadline;
    this.api = new KubeApi(new Retrying(transport, options.retry(), deadline));
    this.mapper = new RestMapper(api);
    this.options = options;
    this.out = out;
  }

  /** How --wait ended. */
  public enum Wait {
    /** There was no wait: no --wait, --dry-run, or an object that failed to apply. */
    NONE,
    /** Every workload got ready, or there were none. */
    READY,
    /** A workload failed (a Job's Failed condition, a pod that failed, an object gone from the cluster). */
    FAILED,
    /** The deadline passed with workloads not ready. */
    TIMED_OUT,
    /** The wait was interrupted between two looks. */
    INTERRUPTED
  }

  /**
   * What happened, for the exit code: {@code failed} counts the applies and prunes that failed, and
   * {@code waited} says how --wait ended, which is no operation on an object and is not counted there.
   */
  public record Result(int created, int configured, int unchanged, int pruned, int failed, Wait waited) {
    public boolean ok() {
      return failed == 0 && (waited == Wait.NONE || waited == Wait.READY);
    }
  }

  /**
   * The bundle label that --prune selects by: the one value of stave.dev/bundle on the objects.
   *
   * @throws UserError when no object has the label, or the objects disagree
   */
  public static String pruneLabel(List<KubeObject> objects, String where) {
    Set<String> labels = new java.util.TreeSet<>();
    for (KubeObject o : objects) {
      if (o.bundleLabel() != null) {
        labels.add(o.bundleLabel());
      }
    }
    if (labels.isEmpty()) {
      throw new UserError(Diagnostic.error(Origin.of(where), "", "prune-no-label",
          "--prune needs objects labelled stave.dev/bundle, and no object in " + where + " has that label",
          "apply a bundle that stave compiled, or leave out --prune"));
    }
    if (labels.size() > 1) {
      throw new UserError(Diagnostic.error(Origin.of(where), "", "prune-many-labels",
          "--prune needs one bundle, and the objects in " + where + " carry stave.dev/bundle values "
              + String.join(", ", labels), "apply one bundle at a time"));
    }
    return labels.iterator().next();
  }

  /**
   * Applies {@code objects} (already in bundle order); {@code bundle} is the prune label (null without
   * --prune). Cluster failures on single objects are reported and counted; an unreachable server
   * throws {@link ClusterFailure}.
   */
  public Result apply(List<KubeObject> objects, String bundle) {
    String suffix = options.dryRun() ? " (server dry run)" : "";
    List<KubeObject> ordered = namespacesFirst(objects);
    List<KubeObject> doomed = List.of();
    if (options.prune()) {
      doomed = new Pruning(api, mapper).candidates(ordered, bundle);
      for (KubeObject o : doomed) {
        report("to prune: " + Printable.exactLine(o.display()));
      }
      out.flush();
    }
    int created = 0;
    int configured = 0;
    int unchanged = 0;
    int failed = 0;
    List<KubeObject> applied = new ArrayList<>();
    for (KubeObject o : ordered) {
      String outcome;
      try {
        outcome = applyOne(o);
      } catch (ApiError e) {
        outcome = null;
        failed++;
        report(Printable.exactLine(o.display()) + ": failed: " + e.describe() + conditionsRefused(o, e));
      } catch (IOException e) {
        throw unreachable(e);
      }
      if (outcome != null) {
        switch (outcome) {
          case "created" -> created++;
          case "configured" -> configured++;
          default -> unchanged++;
        }
        applied.add(o);
        report(Printable.exactLine(o.display()) + ": " + outcome + suffix);
      }
      out.flush();
    }
    int pruned = 0;
    if (!doomed.isEmpty() && failed > 0) {
      report("prune skipped: " + failed + " object" + (failed == 1 ? "" : "s") + " failed to apply");
    } else {
      for (KubeObject o : doomed) {
        try {
          api.delete(mapper.find(o.apiVersion(), o.kind()), o.namespace(), o.name(), options.dryRun());
          pruned++;
          report(Printable.exactLine(o.display()) + ": pruned" + suffix);
        } catch (ApiError e) {
          failed++;
          report(Printable.exactLine(o.display()) + ": failed: prune: " + e.describe());
        } catch (IOException e) {
          throw unreachable(e);
        }
        out.flush();
      }
    }
    report(String.format(Locale.ROOT, "%d created, %d configured, %d unchanged, %d pruned, %d failed%s",
        created, configured, unchanged, pruned, failed, suffix));
    out.flush();
    Wait waited = options.waitReady() && !options.dryRun() && failed == 0
        ? new Waiter(api, mapper, options.poll(), deadline, out).await(applied) : Wait.NONE;
    return new Result(created, configured, unchanged, pruned, failed, waited);
  }

  private ClusterFailure unreachable(IOException e) {
    return unreachable(api, e);
  }

  static ClusterFailure unreachable(KubeApi api, IOException e) {
    if (e instanceof Deadline.RanOut ranOut) {
      return ranOut.failure();
    }
    String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return new ClusterFailure("cannot reach the Kubernetes API server at " + api.server() + ": " + reason);
  }

  private String applyOne(KubeObject o) throws IOException, ApiError {
    Resource resource = mapper.find(o.apiVersion(), o.kind());
    if (resource == null) {
      throw ApiError.notServed(o.apiVersion(), o.kind());
    }
    String namespace = resource.namespaced() ? o.namespace() : null;
    Map<String, Object> before = api.get(resource, namespace, o.name());
    Map<String, Object> after = api.apply(resource, namespace, o.name(), o.content(),
        options.forceConflicts(), options.dryRun());
    if (before == null) {
      return "created";
    }
    return LiveFields.comparable(before).equals(LiveFields.comparable(after)) ? "unchanged" : "configured";
  }

  /**
   * What to do about a 409 that names no field manager, when the object sets what makes one: server-side
   * apply takes the applied object's metadata.resourceVersion as the version the live object must have
   * (the registry's optimistic lock, "the object has been modified"), and a metadata.uid as the object it
   * must be ("uid mismatch" when there is none). A bundle stave compiles sets neither; an object copied from
   * the cluster does. Without them a 409 is the server's own, and its text is all there is to say.
   */
  private static String conditionsRefused(KubeObject o, ApiError e) {
    if (e.status() != 409 || e.conflict() || !(o.content().get("metadata") instanceof Map<?, ?> metadata)) {
      return "";
    }
    List<String> set = new ArrayList<>();
    // An empty one sets no condition: the server reads "" as no resourceVersion or uid given.
    for (String key : List.of("resourceVersion", "uid")) {
      if (metadata.get(key) != null && !"".equals(metadata.get(key))) {
        set.add("metadata." + key);
      }
    }
    boolean one = set.size() == 1;
    return set.isEmpty() ? "" : "; the object sets " + String.join(" and ", set) + ", which the server takes as "
        + (one ? "a condition" : "conditions") + " that the live object must meet: remove " + (one ? "it" : "them")
        + " from the bundle's object, as server-side apply needs no resourceVersion or uid";
  }

  static List<KubeObject> namespacesFirst(List<KubeObject> objects) {
    List<KubeObject> ordered = new ArrayList<>();
    for (KubeObject o : objects) {
      if (o.kind().equals("Namespace")) {
        ordered.add(o);
      }
    }
    for (KubeObject o : objects) {
      if (!o.kind().equals("Namespace")) {
        ordered.add(o);
      }
    }
    return ordered;
  }

  /** A line of the report: it names live objects and quotes the server, whose text may hold escape sequences. */
  private void report(Object line) {
    out.println(Printable.line(line.toString()));
  }
}

package dev.stave.apply;

import dev.stave.bundle.KubeObject;
import dev.stave.bundle.ObjectDiff;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code stave diff --cluster}: the bundle against the live objects. Changed means a field the bundle
 * sets has another value live; removed means a live object with the bundle's label that the bundle no
 * longer has (what --prune would delete).
 */
public final class ClusterDiff {
  private final KubeApi api;
  private final RestMapper mapper;

  /** {@code deadline} is the run's, the one the transport's credentials were had within. */
  public ClusterDiff(KubeTransport transport, RetryPolicy retry, Deadline deadline) {
    this.api = new KubeApi(new Retrying(transport, retry, deadline));
    this.mapper = new RestMapper(api);
  }

  /** {@code bundle} is the stave.dev/bundle label, or null to skip looking for removed objects. */
  public List<ObjectDiff.Change> diff(List<KubeObject> objects, String bundle) {
    List<KubeObject> live = new ArrayList<>();
    try {
      for (KubeObject o : objects) {
        Resource r = mapper.find(o.apiVersion(), o.kind());
        if (r == null) {
          continue;
        }
        Map<String, Object> found = api.get(r, r.namespaced() ? o.namespace() : null, o.name());
        if (found != null) {
          live.add(new KubeObject(o.apiVersion(), o.kind(), o.namespace(), o.name(), found));
        }
      }
    } catch (ApiError e) {
      throw new ClusterFailure("cannot read the live objects: " + e.describe());
    } catch (IOException e) {
      throw Applier.unreachable(api, e);
    }
    if (bundle != null) {
      live.addAll(new Pruning(api, mapper).candidates(objects, bundle));
    }
    return ObjectDiff.againstLive(live, objects, LiveFields::serverManaged);
  }
}

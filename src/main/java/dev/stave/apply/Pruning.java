package dev.stave.apply;

import dev.stave.bundle.KindOrder;
import dev.stave.bundle.KubeObject;
import dev.stave.bundle.SecretReferences;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Finds what --prune would delete: objects with the bundle's label that the bundle no longer has. */
final class Pruning {
  private final KubeApi api;
  private final RestMapper mapper;

  Pruning(KubeApi api, RestMapper mapper) {
    this.api = api;
    this.mapper = mapper;
  }

  private ClusterFailure unreachable(IOException e) {
    return Applier.unreachable(api, e);
  }

  /**
   * Live objects with the bundle's label that the bundle no longer has, in reverse install order.
   * Objects a controller owns (a Job's pods carry their template's labels) and Secrets the bundle
   * still refers to (bundles hold only references to them) are never candidates.
   */
  List<KubeObject> candidates(List<KubeObject> objects, String bundle) {
    Set<String> keep = new HashSet<>();
    Set<String> namespaces = new java.util.TreeSet<>();
    for (KubeObject o : objects) {
      keep.add(o.key());
      for (SecretReferences.Ref ref : SecretReferences.of(o.namespace(), o.content())) {
        keep.add("|Secret|" + ref.namespace() + "|" + ref.name());
      }
      if (o.namespace() != null) {
        namespaces.add(o.namespace());
      }
    }
    Map<String, Resource> kinds = new LinkedHashMap<>();
    try {
      for (KubeObject o : objects) {
        Resource r = mapper.find(o.apiVersion(), o.kind());
        if (r != null) {
          kinds.putIfAbsent(o.apiVersion() + "/" + o.kind(), r);
        }
      }
    } catch (IOException e) {
      throw unreachable(e);
    }
    for (String key : RestMapper.PRUNED_KINDS) {
      kinds.putIfAbsent(key, RestMapper.builtIn(key));
    }
    TreeMap<String, KubeObject> found = new TreeMap<>();
    for (Resource r : kinds.values()) {
      for (Map<String, Object> live : listLabelled(r, bundle, namespaces)) {
        if (!(live.get("metadata") instanceof Map<?, ?> metadata)
            || metadata.get("ownerReferences") instanceof List<?> owners && !owners.isEmpty()) {
          continue;
        }
        Map<String, Object> content = new LinkedHashMap<>(live);
        content.put("apiVersion", r.apiVersion());
        content.put("kind", r.kind());
        KubeObject o = KubeObject.of(content);
        if (o != null && !keep.contains(o.key())) {
          found.put(o.key(), o);
        }
      }
    }
    List<KubeObject> doomed = new ArrayList<>(found.values());
    doomed.sort(Comparator.comparingInt((KubeObject o) -> KindOrder.rank(o.kind())).reversed()
        .thenComparing(o -> o.namespace() == null ? "" : o.namespace())
        .thenComparing(KubeObject::name));
    return doomed;
  }

  /** Across all namespaces, or namespace by namespace when the user may not list cluster-wide. */
  private List<Map<String, Object>> listLabelled(Resource r, String bundle, Set<String> namespaces) {
    try {
      try {
        List<Map<String, Object>> all = api.listBundle(r, null, bundle);
        return all == null ? List.of() : all;
      } catch (ApiError e) {
        if (e.status() != 403 || !r.namespaced()) {
          throw new ClusterFailure("cannot list " + r.kind() + " objects to prune: " + e.describe());
        }
      }
      List<Map<String, Object>> items = new ArrayList<>();
      for (String ns : namespaces) {
        List<Map<String, Object>> some = api.listBundle(r, ns, bundle);
        if (some != null) {
          items.addAll(some);
        }
      }
      return items;
    } catch (ApiError e) {
      throw new ClusterFailure("cannot list " + r.kind() + " objects to prune: " + e.describe());
    } catch (IOException e) {
      throw unreachable(e);
    }
  }
}

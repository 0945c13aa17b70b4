package dev.stave.compile;

import dev.stave.bundle.KindOrder;
import java.util.AbstractList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.TreeMap;

/**
 * Argo CD sync waves ({@code stave compile --gitops argo}, README, How the output is made): every object
 * gets the annotation {@value #ANNOTATION} with its kind's install-order rank, the {@code NN} of its file
 * name. Argo CD then applies the bundle in the order {@code kubectl apply -f} does, and waits for each wave
 * to be healthy before the next (the Namespace before the Services, the Deployments before the Jobs).
 *
 * <p>The annotation goes into the objects' template data, next to the annotations stave already sets,
 * so every packaged template writes it through {@code lib.ftl}'s {@code metadata} macro; a template of
 * one's own gets it the same way, from {@code annotations}.
 */
public final class SyncWaves {
  public static final String ANNOTATION = "argocd.argoproj.io/sync-wave";

  private SyncWaves() {}

  /**
   * The objects with their wave. A sweep's objects are made when the renderer asks for them, so the
   * annotated list is a view that annotates each one when asked too.
   */
  public static List<PlannedObject> annotate(List<PlannedObject> objects) {
    return new Annotated(objects);
  }

  static PlannedObject annotate(PlannedObject o) {
    Map<String, Object> annotations = new TreeMap<>();
    if (o.data().get("annotations") instanceof Map<?, ?> existing) {
      existing.forEach((key, value) -> annotations.put((String) key, value));
    }
    annotations.put(ANNOTATION, String.valueOf(KindOrder.rank(o.kind())));
    Map<String, Object> data = new LinkedHashMap<>(o.data());
    data.put("annotations", annotations);
    return new PlannedObject(o.apiVersion(), o.kind(), o.namespace(), o.name(), o.template(), data, o.overrides(),
        o.origin());
  }

  private static final class Annotated extends AbstractList<PlannedObject> implements RandomAccess {
    private final List<PlannedObject> objects;

    Annotated(List<PlannedObject> objects) {
      this.objects = objects;
    }

    @Override
    public int size() {
      return objects.size();
    }

    @Override
    public PlannedObject get(int index) {
      return annotate(objects.get(index));
    }
  }
}

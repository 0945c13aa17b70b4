package dev.stave.bundle;

import dev.stave.diag.StaveBug;
import dev.stave.render.CanonicalYaml;
import dev.stave.render.RenderedObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ordered objects of one config: install order, then namespace, then name. Its files are one per
 * object plus a {@value #KUSTOMIZATION} file that lists them in the same order.
 */
public final class Bundle {
  /**
   * The kustomization's file name. kustomize, Argo CD and Flux look for {@code kustomization.yaml},
   * {@code kustomization.yml} or {@code Kustomization}; only the last has no {@code .yaml} ending, so
   * {@code kubectl apply -f BUNDLE/}, which reads every {@code .yaml} file of the folder as an object,
   * skips it instead of failing on a kind no cluster serves.
   */
  public static final String KUSTOMIZATION = "Kustomization";
  /** How every kustomization stave writes begins: what tells a bundle folder from another folder. */
  static final String KUSTOMIZATION_HEAD =
      "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nsortOptions:\n  order: fifo\n";

  // Ranked once per object: a sweep's bundle sorts 20,000 objects in about 300,000 comparisons.
  private static final Comparator<Ranked> ORDER = KindOrder.installOrder(Ranked::rank, r -> r.object().kind(),
      r -> r.object().namespace(), r -> r.object().name());

  private final String name;
  private final List<RenderedObject> objects;

  public Bundle(String name, List<RenderedObject> objects) {
    this.name = name;
    List<Ranked> sorted = new ArrayList<>(objects.size());
    for (RenderedObject o : objects) {
      sorted.add(new Ranked(KindOrder.rank(o.kind()), o));
    }
    sorted.sort(ORDER);
    // The compilers report two objects of one name as the user's error; one that gets here is stave's.
    for (int i = 1; i < sorted.size(); i++) {
      if (ORDER.compare(sorted.get(i - 1), sorted.get(i)) == 0) {
        RenderedObject o = sorted.get(i).object();
        throw new StaveBug("bundle " + name + " has two objects " + o.describe());
      }
    }
    this.objects = sorted.stream().map(Ranked::object).toList();
  }

  public String name() {
    return name;
  }

  public List<RenderedObject> objects() {
    return objects;
  }

  /** The files of the bundle folder, in install order, the kustomization last. */
  public List<BundleFile> files() {
    List<BundleFile> files = new ArrayList<>(objects.size() + 1);
    Set<String> names = new HashSet<>();
    List<String> resources = new ArrayList<>();
    for (RenderedObject o : objects) {
      String file = KindOrder.fileName(o.kind(), o.name());
      if (!names.add(file)) {
        throw new StaveBug("two objects of bundle " + name + " would both be written to " + file);
      }
      resources.add(file);
      files.add(new BundleFile(file, o.yaml()));
    }
    files.add(new BundleFile(KUSTOMIZATION, kustomization(resources)));
    return files;
  }

  /**
   * The bundles as one multi-document stream, for {@code -o -}, each in install order. An object several
   * of them hold (a project's Namespace, its storage claim; compile has checked that they hold the same
   * one) is written once, where it first comes: {@code kubectl create -f -} would fail on a second copy.
   */
  public static String stream(List<Bundle> bundles) {
    StringBuilder out = new StringBuilder();
    Set<String> written = new HashSet<>();
    for (Bundle bundle : bundles) {
      for (RenderedObject o : bundle.objects) {
        if (written.add(o.apiVersion() + " " + o.describe())) {
          out.append("---\n").append(o.yaml());
        }
      }
    }
    return out.toString();
  }

  private record Ranked(int rank, RenderedObject object) {}

  /** kustomize keeps this order (fifo) instead of re-sorting, so `apply -k` and `apply -f` agree. */
  private static String kustomization(List<String> resources) {
    Map<String, Object> k = new LinkedHashMap<>();
    k.put("apiVersion", "kustomize.config.k8s.io/v1beta1");
    k.put("kind", "Kustomization");
    k.put("sortOptions", Map.of("order", "fifo"));
    k.put("resources", resources);
    return CanonicalYaml.emit(k);
  }
}

package dev.stave.bundle;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeSet;

/**
 * Two folders of bundles compared bundle by bundle, matched by name: a bundle on one side only is
 * added or removed with all its objects. Objects are compared within their bundle only, because
 * bundles may share an object (a project's Namespace) that is the same in each.
 */
public record BundleSetDiff(int compared, List<BundleChange> differing) {

  /** One bundle that differs, with its object changes in {@link ObjectDiff}'s order. */
  public record BundleChange(String name, ObjectDiff.Kind kind, List<ObjectDiff.Change> changes) {}

  public BundleSetDiff {
    differing = List.copyOf(differing);
  }

  /** Bundles in name order; {@code compared} counts the bundles of either side. */
  public static BundleSetDiff between(SortedMap<String, List<KubeObject>> before,
      SortedMap<String, List<KubeObject>> after) {
    TreeSet<String> names = new TreeSet<>(before.keySet());
    names.addAll(after.keySet());
    List<BundleChange> differing = new ArrayList<>();
    for (String name : names) {
      List<ObjectDiff.Change> changes = ObjectDiff.between(before.getOrDefault(name, List.of()),
          after.getOrDefault(name, List.of()));
      if (changes.isEmpty()) {
        continue;
      }
      ObjectDiff.Kind kind = !before.containsKey(name) ? ObjectDiff.Kind.ADDED
          : !after.containsKey(name) ? ObjectDiff.Kind.REMOVED : ObjectDiff.Kind.CHANGED;
      differing.add(new BundleChange(name, kind, changes));
    }
    return new BundleSetDiff(names.size(), differing);
  }

  public boolean isEmpty() {
    return differing.isEmpty();
  }
}

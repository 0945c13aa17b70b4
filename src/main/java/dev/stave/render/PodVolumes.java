package dev.stave.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * What the API server checks across a pod's fields and the model check cannot: no two volumes share a
 * name, and every volume mount names a volume of the pod. stave's own pods always pass; overrides can
 * break them, since a list in an override replaces stave's (maps merge, lists replace): overriding
 * {@code volumes} drops the volumes that stave's own mounts use (its secrets, its storage), and the
 * server would refuse the object at apply time.
 */
final class PodVolumes {
  private PodVolumes() {}

  /**
   * Each problem as {@code path: what is wrong}, like the model check's. A mount that no override set
   * lost its volume to an override of {@code volumes}, so it is reported there.
   */
  static List<String> problems(Map<String, Object> podSpec, String path, Predicate<String> overridden) {
    List<String> problems = new ArrayList<>();
    TreeSet<String> names = new TreeSet<>();
    List<Object> volumes = Tree.list(podSpec.get("volumes"));
    for (int i = 0; i < volumes.size(); i++) {
      if (volumes.get(i) instanceof Map<?, ?> volume && volume.get("name") instanceof String name
          && !names.add(name)) {
        problems.add(path + ".volumes[" + i + "].name: a second volume named '" + name + "'; volume names must differ");
      }
    }
    for (String list : List.of("initContainers", "containers")) {
      List<Object> containers = Tree.list(podSpec.get(list));
      for (int i = 0; i < containers.size(); i++) {
        if (!(containers.get(i) instanceof Map<?, ?> container)) {
          continue;
        }
        List<Object> mounts = Tree.list(container.get("volumeMounts"));
        for (int j = 0; j < mounts.size(); j++) {
          if (mounts.get(j) instanceof Map<?, ?> mount && mount.get("name") instanceof String name
              && !names.contains(name)) {
            String at = path + "." + list + "[" + i + "].volumeMounts[" + j + "].name";
            problems.add((overridden.test(at) ? at : path + ".volumes") + ": container '" + container.get("name")
                + "' mounts volume '" + name + "', which the pod does not have ("
                + (names.isEmpty() ? "it has no volumes" : "its volumes: " + String.join(", ", names)) + ")");
          }
        }
      }
    }
    return problems;
  }
}

package dev.stave.render;

import dev.stave.model.LabelRules;
import dev.stave.model.Names;
import dev.stave.model.TolerationRules;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * What the API server checks of a pod and the model check cannot: it has a container, its restart policy
 * suits its workload (and a Deployment's pods have no activeDeadlineSeconds), its node selector and
 * tolerations follow the label rules, no two volumes share a name, and every volume mount names a volume
 * of the pod. stave's own pods always pass; overrides can break
 * them, since a list in an override replaces stave's (maps merge, lists replace): overriding
 * {@code volumes} drops the volumes that stave's own mounts use (its secrets, its storage), and the server would
 * refuse the object at apply time.
 */
final class PodRules {
  static final String LISTS_REPLACE = "a list in an override replaces stave's whole list (maps merge, lists"
      + " replace): keep in it the volumes that stave's own mounts use, as 'stave compile' without the override"
      + " writes them, and give each volume its own name";

  private PodRules() {}

  /** One problem: {@code path: what is wrong}, as the model check words them, and how to fix it. */
  record Problem(String text, String hint) {}

  /**
   * The problems of the pod spec at {@code path} of a {@code kind}. A mount that no override set lost
   * its volume to an override of {@code volumes}, so it is reported there.
   */
  static List<Problem> problems(String kind, Map<String, Object> podSpec, String path, Predicate<String> overridden) {
    List<Problem> problems = new ArrayList<>();
    if (Tree.list(podSpec.get("containers")).isEmpty()) {
      problems.add(new Problem(path + ".containers: a pod needs at least one container",
          "remove the override of containers, or give it the process's container"));
    }
    Object restart = podSpec.get("restartPolicy");
    if (kind.equals("Job") && "Always".equals(restart)) {
      problems.add(new Problem(path + ".restartPolicy: a Job's pods cannot have restartPolicy Always",
          "use Never or OnFailure, or workload = deployment for a process that runs until stopped"));
    } else if (kind.equals("Deployment") && restart != null && !"Always".equals(restart)) {
      problems.add(new Problem(path + ".restartPolicy: a Deployment's pods must have restartPolicy Always",
          "remove restartPolicy from the override, or use workload = job for a process that finishes"));
    }
    if (kind.equals("Deployment") && podSpec.get("activeDeadlineSeconds") != null) {
      // apps validation: "activeDeadlineSeconds in ReplicaSet is not Supported".
      problems.add(new Problem(path + ".activeDeadlineSeconds: a Deployment's pods cannot have"
          + " activeDeadlineSeconds", "remove it from the override, or use workload = job or workload = pod for a"
          + " process that must stop after a time"));
    }
    if (podSpec.get("nodeSelector") instanceof Map<?, ?> selector) {
      selector.forEach((key, value) -> {
        if (key instanceof String k && !LabelRules.validKey(k)) {
          problems.add(new Problem(JsonPath.field(path + ".nodeSelector", k) + ": '" + Names.printable(k)
              + "' is not a label key, so it cannot select nodes", LabelRules.KEY_HINT));
        } else if (value instanceof String v && !LabelRules.validValue(v)) {
          problems.add(new Problem(JsonPath.field(path + ".nodeSelector", (String) key) + ": '" + Names.printable(v)
              + "' is not a label value, so it cannot select nodes", LabelRules.VALUE_HINT));
        }
      });
    }
    List<Object> tolerations = Tree.list(podSpec.get("tolerations"));
    for (int i = 0; i < tolerations.size(); i++) {
      if (tolerations.get(i) instanceof Map<?, ?> t) {
        toleration(t, path + ".tolerations[" + i + "]", problems);
      }
    }
    TreeSet<String> names = new TreeSet<>();
    List<Object> volumes = Tree.list(podSpec.get("volumes"));
    for (int i = 0; i < volumes.size(); i++) {
      if (volumes.get(i) instanceof Map<?, ?> volume && volume.get("name") instanceof String name
          && !names.add(name)) {
        problems.add(new Problem(path + ".volumes[" + i + "].name: a second volume named '" + name
            + "'; volume names must differ", LISTS_REPLACE));
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
            problems.add(new Problem((overridden.test(at) ? at : path + ".volumes") + ": container '"
                + container.get("name") + "' mounts volume '" + name + "', which the pod does not have ("
                + (names.isEmpty() ? "it has no volumes" : "its volumes: " + String.join(", ", names)) + ")",
                LISTS_REPLACE));
          }
        }
      }
    }
    return problems;
  }

  /** The API server's rules for a toleration, as the config's own tolerations are held to them. */
  private static void toleration(Map<?, ?> t, String path, List<Problem> problems) {
    String key = t.get("key") instanceof String k ? k : "";
    String value = t.get("value") instanceof String v ? v : "";
    EnumSet<TolerationRules.Broken> broken = TolerationRules.broken(key,
        t.get("operator") instanceof String o ? o : null, value, t.get("effect") instanceof String e ? e : null,
        t.get("tolerationSeconds") != null);
    if (broken.contains(TolerationRules.Broken.KEY)) {
      problems.add(new Problem(path + ".key: '" + Names.printable(key) + "' is not a taint key", LabelRules.KEY_HINT));
    }
    if (broken.contains(TolerationRules.Broken.KEYLESS_NOT_EXISTS)) {
      problems.add(new Problem(path + ".operator: a toleration without a key must have operator Exists",
          "add the key of the taint to tolerate, or set operator to Exists"));
    }
    if (broken.contains(TolerationRules.Broken.VALUE_WITH_EXISTS)) {
      problems.add(new Problem(path + ".value: a toleration with operator Exists cannot have a value",
          "remove value, or set operator to Equal to tolerate only that value"));
    } else if (broken.contains(TolerationRules.Broken.VALUE)) {
      problems.add(new Problem(path + ".value: '" + Names.printable(value) + "' is not a taint value",
          LabelRules.VALUE_HINT));
    }
    if (broken.contains(TolerationRules.Broken.SECONDS_WITHOUT_NO_EXECUTE)) {
      problems.add(new Problem(path + ".tolerationSeconds: tolerationSeconds applies only to effect NoExecute",
          "set effect to NoExecute, or remove tolerationSeconds"));
    }
  }
}

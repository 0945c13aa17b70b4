package dev.stave.compile;

import dev.stave.diag.Diagnostic;
import dev.stave.model.Experiment;
import dev.stave.model.Mount;
import dev.stave.model.PodUnit;
import dev.stave.model.Process;
import dev.stave.model.Storage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * mrunner's project storage ({@code storage}, docs/mrunner.md): one PersistentVolumeClaim {@code <project>-storage}
 * per project namespace, mounted at the same path in every container with {@code STORAGE_DIR}, as mrunner
 * mounts its NFS claim and sets STORAGE_DIR. The claim is shared by every experiment of the project, so,
 * like the Namespace, it has no bundle label: pruning one bundle must never delete the project's data.
 */
final class StorageMapping {
  static final String VOLUME = "stave-storage";

  private StorageMapping() {}

  static String claimName(Experiment experiment) {
    return experiment.namespace() + "-storage";
  }

  static List<PlannedObject> apply(List<PlannedObject> objects, Experiment experiment, Storage storage,
      List<Diagnostic> problems) {
    if (storage == null) {
      return objects;
    }
    for (PodUnit unit : experiment.units()) {
      for (Process p : unit.processes()) {
        for (Mount m : p.mounts()) {
          if (m.volumeName().equals(VOLUME)) {
            problems.add(Diagnostic.error(m.origin(), unit.path(), "volume-conflict",
                "volume name '" + VOLUME + "' is used by stave for the project's storage (storage.mount "
                    + storage.mount() + ")",
                "give the mount another 'name'"));
          }
        }
      }
    }
    String claim = storage.claim() != null ? storage.claim() : claimName(experiment);
    List<PlannedObject> out = new ArrayList<>(objects.size() + 1);
    if (storage.claim() == null) {
      out.add(claim(experiment, storage, claim));
    }
    out.addAll(PodData.editPods(objects, (data, pod) -> {
      for (Map<String, Object> c : PodData.containers(pod)) {
        List<Map<String, Object>> mounts = PodData.list(c, "volumeMounts");
        String at = ExperimentCompiler.mountPoint(storage.mount());
        if (mounts.stream().anyMatch(m -> at.equals(ExperimentCompiler.mountPoint((String) m.get("mountPath"))))) {
          problems.add(Diagnostic.error(storage.origin(), "storage.mount", "storage-mount-twice",
              "the storage mount path " + storage.mount() + " is also a mount_path of process '" + c.get("name") + "'",
              "mount the storage elsewhere, or remove the other mount"));
        }
        Map<String, Object> mount = new LinkedHashMap<>();
        mount.put("name", VOLUME);
        mount.put("mountPath", storage.mount());
        mounts.add(mount);
        if (!PodData.hasEnv(c, "STORAGE_DIR")) {
          PodData.list(c, "env").add(PodData.env("STORAGE_DIR", storage.mount()));
        }
      }
      List<Map<String, Object>> volumes = PodData.list(pod, "volumes");
      Map<String, Object> volume = new LinkedHashMap<>();
      volume.put("name", VOLUME);
      volume.put("field", "persistentVolumeClaim");
      volume.put("source", Map.of("claimName", claim));
      volumes.add(volume);
      volumes.sort(Comparator.comparing(v -> (String) v.get("name")));
    }));
    return out;
  }

  private static PlannedObject claim(Experiment experiment, Storage storage, String name) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("name", name);
    data.put("namespace", experiment.namespace());
    TreeMap<String, String> labels = Labels.shared();
    labels.put(Labels.COMPONENT, "storage");
    data.put("labels", labels);
    // Every experiment of the project reads and writes it, from any node: mrunner's NFS setup gave RWX.
    data.put("accessModes", List.of("ReadWriteMany"));
    data.put("size", storage.size());
    if (storage.storageClass() != null) {
      data.put("storageClassName", storage.storageClass());
    }
    return new PlannedObject("v1", "PersistentVolumeClaim", experiment.namespace(), name, "pvc.ftl", data, List.of(),
        storage.origin());
  }
}

package dev.stave.hostile;

import java.util.List;

/** The generated half of the cluster corpus; the committed half is in {@code hostile/cluster/}. */
final class ClusterHostileInputs implements HostileGenerator {
  private static final String YAML = "kind: cluster\nframework: mars\nname: demo\nunknown_key: 1\nworker_num: 2\n"
      + "worker_cpu: 2\nworker_mem: 4g\n";
  private static final String HOCON = "kind = cluster\nframework = mars\nname = demo\nunknown_key = 1\n"
      + "worker_num = 2\nworker_cpu = 2\nworker_mem = 4g\n";

  @Override
  public String kind() {
    return "cluster";
  }

  @Override
  public List<Generated> inputs() {
    List<Generated> all = new java.util.ArrayList<>(GeneratedInputs.standard(YAML, HOCON));
    all.add(GeneratedInputs.text("extra-env-10000.conf", "kind = cluster\nframework = mars\nname = demo\n"
        + "extra_env {\n" + manyEnv(10_000) + "}\nworker_num = -1\nworker_cpu = 2\nworker_mem = 4g\n"));
    return all;
  }

  private static String manyEnv(int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append("  V").append(i).append(" = x\n");
    }
    return b.toString();
  }
}

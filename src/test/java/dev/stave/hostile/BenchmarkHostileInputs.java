package dev.stave.hostile;

import java.util.List;

/** The generated half of the benchmark corpus; the committed half is in {@code hostile/benchmark/}. */
final class BenchmarkHostileInputs implements HostileGenerator {
  private static final String YAML = "kind: benchmark\nname: demo\nrun: {function: m.f}\nunknown_key: 1\n"
      + "output: {path: r.csv, bucket: b, key: " + HostileCorpusTest.KEY_CANARY + ", secret_key: "
      + HostileCorpusTest.SECRET_KEY_CANARY + "}\n";
  private static final String HOCON = "kind = benchmark\nname = demo\nrun { function = m.f }\nunknown_key = 1\n"
      + "output { path = r.csv, bucket = b, key = " + HostileCorpusTest.KEY_CANARY + ", secret_key = "
      + HostileCorpusTest.SECRET_KEY_CANARY + " }\n";

  @Override
  public String kind() {
    return "benchmark";
  }

  @Override
  public List<Generated> inputs() {
    List<Generated> all = new java.util.ArrayList<>(GeneratedInputs.standard(YAML, HOCON));
    // run.args is free (any JSON tree): the nesting limit must still hold inside it.
    all.add(GeneratedInputs.text("deep-args-10000.yaml", "kind: benchmark\nname: demo\nrun:\n  function: m.f\n"
        + "  args: {a: " + "[".repeat(GeneratedInputs.DEEP) + "]".repeat(GeneratedInputs.DEEP) + "}\n"));
    return all;
  }
}

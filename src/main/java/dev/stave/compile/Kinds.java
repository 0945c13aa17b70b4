package dev.stave.compile;

import java.util.List;
import java.util.Optional;

/** The kinds of config stave compiles, each with its compiler. */
public final class Kinds {
  private static final List<KindCompiler> ALL =
      List.of(new ExperimentKind(), new BenchmarkKind(), new ClusterKind());

  private Kinds() {}

  public static Optional<KindCompiler> find(String kind) {
    return ALL.stream().filter(k -> k.kind().equals(kind)).findFirst();
  }

  public static List<String> names() {
    return ALL.stream().map(KindCompiler::kind).toList();
  }
}

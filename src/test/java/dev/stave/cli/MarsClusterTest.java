package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Mars clusters through the command line: rescaling, formats and the checks beyond the goldens. */
class MarsClusterTest {
  @TempDir
  Path dir;

  private static final String SEED = """
      kind: cluster
      framework: mars
      name: mars-100
      scheduler_num: 1
      web_num: 1
      worker_num: %d
      worker_cpu: 4
      worker_mem: 16g
      %s
      """;

  private TreeMap<String, String> compile(String name, String yaml) throws IOException {
    Path file = dir.resolve(name + ".yaml");
    Files.writeString(file, yaml);
    Path out = dir.resolve("out-" + name);
    Run run = Run.of("compile", file.toString(), "-o", out.toString());
    assertEquals(0, run.code(), run.err());
    return GoldenTest.read(out);
  }

  /** Every line that differs between two bundles, as "file: old -> new". */
  private static List<String> lineDiff(Map<String, String> a, Map<String, String> b) {
    assertEquals(a.keySet(), b.keySet(), "rescaling must not add, remove or rename objects");
    List<String> diffs = new ArrayList<>();
    for (String file : a.keySet()) {
      String[] left = a.get(file).split("\n", -1);
      String[] right = b.get(file).split("\n", -1);
      assertEquals(left.length, right.length, file);
      for (int i = 0; i < left.length; i++) {
        if (!left[i].equals(right[i])) {
          diffs.add(file + ": " + left[i] + " -> " + right[i]);
        }
      }
    }
    return diffs;
  }

  @Test
  void rescalingWorkersChangesExactlyTheWorkerReplicas() throws IOException {
    TreeMap<String, String> hundred = compile("a", SEED.formatted(100, "min_worker_num: 95"));
    TreeMap<String, String> twenty = compile("b", SEED.formatted(120, "min_worker_num: 95"));
    assertEquals(List.of("mars-100/28-deployment-mars-100-worker.yaml:   replicas: 100 ->   replicas: 120"),
        lineDiff(hundred, twenty));
  }

  @Test
  void rescalingWithoutMinWorkerNumLeavesTheBudgetAlone() throws IOException {
    TreeMap<String, String> three = compile("a", SEED.formatted(3, ""));
    TreeMap<String, String> five = compile("b", SEED.formatted(5, ""));
    assertEquals(List.of("mars-100/28-deployment-mars-100-worker.yaml:   replicas: 3 ->   replicas: 5"),
        lineDiff(three, five));
    assertTrue(three.get("mars-100/06-poddisruptionbudget-mars-100-worker.yaml").contains("minAvailable: 100%\n"));
  }

  /** No workers keep their budget (docs/clusters.md): scaling up from none is the usual one-line change. */
  @Test
  void scalingUpFromNoWorkersChangesOnlyTheReplicas() throws IOException {
    TreeMap<String, String> none = compile("a", SEED.formatted(0, ""));
    TreeMap<String, String> three = compile("b", SEED.formatted(3, ""));
    assertEquals(List.of("mars-100/28-deployment-mars-100-worker.yaml:   replicas: 0 ->   replicas: 3"),
        lineDiff(none, three));
    assertTrue(none.get("mars-100/06-poddisruptionbudget-mars-100-worker.yaml").contains("minAvailable: 100%\n"));
  }

  @Test
  void minWorkerNumZeroWritesNoBudget() throws IOException {
    TreeMap<String, String> all = compile("a", SEED.formatted(3, ""));
    TreeMap<String, String> none = compile("b", SEED.formatted(3, "min_worker_num: 0"));
    TreeMap<String, String> some = compile("c", SEED.formatted(3, "min_worker_num: 1"));
    String budget = "mars-100/06-poddisruptionbudget-mars-100-worker.yaml";
    assertTrue(some.get(budget).contains("minAvailable: 1\n"));
    TreeSet<String> expected = new TreeSet<>(all.keySet());
    expected.remove(budget);
    assertEquals(expected, none.keySet());
  }

  @Test
  void yamlAndHoconCompileToTheSameBytes() throws IOException {
    Path conf = dir.resolve("c.conf");
    Files.writeString(conf, """
        kind = cluster
        framework = mars
        name = mars-100
        worker_num = 100
        worker_cpu = 4
        worker_mem = 16g
        min_worker_num = 95
        worker_spill_paths = [/mnt/a]
        extra_env { A = 1 }
        """);
    Path yaml = dir.resolve("c.yaml");
    Files.writeString(yaml, """
        kind: cluster
        framework: mars
        name: mars-100
        worker_num: 100
        worker_cpu: 4
        worker_mem: 16g
        min_worker_num: 95
        worker_spill_paths: [/mnt/a]
        extra_env: {A: 1}
        """);
    Run a = Run.of("compile", conf.toString(), "-o", "-");
    Run b = Run.of("compile", yaml.toString(), "-o", "-");
    assertEquals(0, a.code(), a.err());
    assertEquals(a.out(), b.out());
  }

  @Test
  void hexAndOctalCpusAreTheNumbersYamlReadsThemAs() throws IOException {
    String written = "kind: cluster\nframework: mars\nname: m\nworker_num: 0x10\nworker_mem: 16g\n";
    TreeMap<String, String> hex = compile("hex", written + "worker_cpu: 0x10\nscheduler_cpu: 0x1\nweb_cpu: 0o7\n");
    TreeMap<String, String> decimal = compile("decimal",
        written.replace("0x10", "16") + "worker_cpu: 16\nscheduler_cpu: 1\nweb_cpu: 7\n");
    assertEquals(decimal, hex);
    Path file = dir.resolve("hex.yaml");
    for (String command : List.of("validate", "plan")) {
      Run run = Run.of(command, file.toString());
      assertEquals(0, run.code(), command + ": " + run.err());
    }
  }

  private Run fails(String yaml) throws IOException {
    Path file = dir.resolve("bad.yaml");
    Files.writeString(file, yaml);
    Path out = dir.resolve("out-bad");
    Run run = Run.of("compile", file.toString(), "-o", out.toString());
    assertEquals(1, run.code(), run.err());
    assertFalse(Files.exists(out), "a failed compile must write nothing");
    return run;
  }

  private static String base(String extra) {
    return "kind: cluster\nframework: mars\nname: m\nworker_cpu: 4\nworker_mem: 16g\n" + extra + "\n";
  }

  private static String firstLine(Run run) {
    return run.err().lines().findFirst().orElseThrow().replaceFirst("^.*?bad\\.yaml:", "bad.yaml:");
  }

  @Test
  void stavesOwnEnvironmentCannotBeOverridden() throws IOException {
    Run run = fails(base("extra_env: {MARS_CPU_TOTAL: 8}"));
    assertEquals("bad.yaml:6:13: error: extra_env.MARS_CPU_TOTAL: environment variable MARS_CPU_TOTAL is set by"
        + " stave from the cluster's keys", firstLine(run));
  }

  @Test
  void aMarsVersionThatNamesNoImageSaysWhichImageItWouldBe() throws IOException {
    Run run = fails(base("mars_version: v0.6.11"));
    // The key once, in front, as every diagnostic names it.
    assertEquals("bad.yaml:6:15: error: mars_version: 'v0.6.11' is not a Mars release number: the default image"
        + " puts a 'v' before it, which makes marsproject/mars:vv0.6.11", firstLine(run));
    assertTrue(run.err().contains("  = hint: write mars_version: 0.6.11, or give the whole image in 'image'\n"),
        run.err());
    run = fails(base("mars_version: latest"));
    assertTrue(run.err().contains("  = hint: write a release such as 0.6.11, or give the whole image in 'image', e.g."
        + " marsproject/mars:latest\n"), run.err());
    // With an image of its own, mars_version only names the release in plans.
    compile("own", base("mars_version: latest\nimage: marsproject/mars:latest"));
  }

  @Test
  void aSpillPathWithABackstepIsRefusedAsTheApiServerWould() throws IOException {
    Run run = fails(base("worker_spill_paths: [/mnt/a, /mnt/../etc]"));
    assertEquals("bad.yaml:6:30: error: worker_spill_paths[1]: spill path '/mnt/../etc' has a '..' element, which"
        + " Kubernetes refuses in a hostPath", firstLine(run));
    assertTrue(run.err().contains("  = hint: write the path without '..', e.g. /mnt/disk1/mars\n"), run.err());
    // A name that only starts with two dots is a folder like any other.
    compile("dots", base("worker_spill_paths: [/mnt/..spill]"));
  }

  @Test
  void marsServiceTypeLabelIsStaves() throws IOException {
    Run run = fails(base("extra_labels: {mars/service-type: x}"));
    assertEquals("bad.yaml:6:16: error: extra_labels.mars/service-type: label 'mars/service-type' is set by stave"
        + " itself", firstLine(run));
  }

  @Test
  void cpuFinerThanAMillicore() throws IOException {
    Run run = fails(base("scheduler_cpu: 0.0005"));
    assertEquals("bad.yaml:6:16: error: scheduler_cpu: scheduler_cpu is 0.0005, finer than the millicore"
        + " Kubernetes counts CPUs in", firstLine(run));
  }

  @Test
  void cpuBelowAMillicoreSaysHowMuchIsEnough() throws IOException {
    Run run = fails(base("scheduler_cpu: 0.0000001"));
    assertTrue(run.err().contains("hint: give at least 0.001 (one millicore)"), run.err());
  }

  @Test
  void amountsNoKubernetesQuantityCanHold() throws IOException {
    assertEquals("bad.yaml:6:16: error: scheduler_cpu: scheduler_cpu is 1e300, more CPUs than a Kubernetes"
        + " quantity can hold", firstLine(fails(base("scheduler_cpu: 1e300"))));
    assertEquals("bad.yaml:6:16: error: scheduler_cpu: scheduler_cpu is 1e999999999, more CPUs than a Kubernetes"
        + " quantity can hold", firstLine(fails(base("scheduler_cpu: 1e999999999"))));
    assertEquals("bad.yaml:6:16: error: scheduler_mem: scheduler_mem is 99999999999999t, more bytes than a"
        + " Kubernetes quantity can hold", firstLine(fails(base("scheduler_mem: 99999999999999t"))));
    assertEquals("bad.yaml:6:19: error: worker_cache_mem: worker_cache_mem is 999999999999999999999999999, more"
        + " bytes than a Kubernetes quantity can hold",
        firstLine(fails(base("worker_cache_mem: 999999999999999999999999999"))));
  }

  @Test
  void aSizeOfNothingSaysWhichNothing() throws IOException {
    assertEquals("bad.yaml:6:16: error: scheduler_mem: scheduler_mem is 0 bytes",
        firstLine(fails(base("scheduler_mem: 0"))));
    assertEquals("bad.yaml:6:16: error: scheduler_mem: scheduler_mem is negative (-5)",
        firstLine(fails(base("scheduler_mem: -5"))));
  }

  @Test
  void zeroPercentCache() throws IOException {
    Run run = fails(base("worker_cache_mem: 0%"));
    assertEquals("bad.yaml:6:19: error: worker_cache_mem: worker_cache_mem is 0% of the worker memory; it must be"
        + " more than 0% and at most 100%", firstLine(run));
  }

  @Test
  void cacheSizeInWords() throws IOException {
    Run run = fails(base("worker_cache_mem: 4 gigs"));
    assertEquals("bad.yaml:6:19: error: worker_cache_mem: '4 gigs' is not a size", firstLine(run));
    assertTrue(run.err().contains("hint: write 4g (Mars reads k, m, g and t as powers of 1024)"), run.err());
  }

  @Test
  void workerSizesAreRequiredAsMarsRequiresThem() throws IOException {
    Path file = dir.resolve("bad.yaml");
    Files.writeString(file, "kind: cluster\nframework: mars\nname: m\nworker_cpu: 4\n");
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code());
    assertTrue(run.err().contains("error: missing required key 'worker_mem'"), run.err());
  }

  @Test
  void anUpperCaseImageRepositoryIsAnError() throws IOException {
    Run run = fails(base("image: \"UPPER/case:1\""));
    assertEquals("bad.yaml:6:8: error: image: 'UPPER/case:1' is not a container image reference: its repository has"
        + " upper-case letters", firstLine(run));
    assertTrue(run.err().contains("  = hint: write the repository in lower case: upper/case:1\n"), run.err());
  }

  @Test
  void aCacheThatRoundsToNothingIsAnError() throws IOException {
    String tiny = "kind: cluster\nframework: mars\nname: m\nworker_cpu: 4\nworker_mem: %s\n%s\n";
    // The worker_mem below 1 MiB is also warned about (SmallMemoryTest); the error is what matters here.
    Run run = fails(tiny.formatted("1k", "worker_cache_mem: \"0.01%\""));
    assertEquals("bad.yaml:6:19: error: worker_cache_mem: worker_cache_mem is 0.01% of the 1024 bytes of worker_mem,"
        + " which rounds down to 0 bytes", firstError(run));
    assertTrue(run.err().contains("  = hint: give a larger percentage, or a size in bytes; /dev/shm cannot be"
        + " sized 0\n"), run.err());
    run = fails(tiny.formatted("2", ""));
    assertEquals("bad.yaml:5:13: error: worker_mem: worker_mem is 2 bytes, so Mars's default cache of 40% of it"
        + " rounds down to 0 bytes", firstError(run));
    assertTrue(run.err().contains("  = hint: give the workers realistic memory, such as 4g; /dev/shm cannot be"
        + " sized 0\n"), run.err());
  }

  private static String firstError(Run run) {
    return run.err().lines().filter(l -> l.contains(": error: ")).findFirst().orElse(run.err())
        .replaceFirst("^.*?bad\\.yaml:", "bad.yaml:");
  }

  @Test
  void everyProblemIsReportedTogether() throws IOException {
    Run run = fails(base("worker_num: 2\nmin_worker_num: 3\nworker_spill_paths: relative\n"
        + "scheduler_mem: 2 gigs"));
    List<String> errors = run.err().lines().filter(l -> l.contains(": error: ")).toList();
    assertEquals(3, errors.size(), run.err());
  }
}

package dev.stave.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.stave.config.ConfigLoader;
import dev.stave.config.Env;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Sources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every schema error says what is wrong and how to fix it, whichever keyword failed. */
class SchemaValidatorTest {
  @TempDir
  Path dir;

  private Diagnostic only(String kind, String yaml) throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, yaml);
    List<Diagnostic> found = new SchemaValidator(kind)
        .validate(new ConfigLoader(new Env(Map.of(), "/home/u"), new Sources()).load(file).root());
    assertEquals(1, found.size(), found::toString);
    return found.get(0);
  }

  private static final String EXPERIMENT = "kind: experiment\nname: x\nimage: img:1\n";

  @Test
  void aNumberOutOfRangeIsToldTheRange() throws IOException {
    Diagnostic d = only("experiment", EXPERIMENT + "processes: {a: {binds: {svc: 70000}}}\n");
    assertEquals("processes.a.binds.svc", d.jsonPath());
    assertEquals("must have a maximum value of 65535", d.message());
    assertEquals(List.of("write a number from 1 to 65535"), d.hints());
    assertEquals(List.of("write a number from 1 to 10000"),
        only("experiment", EXPERIMENT + "processes: {a: {replicas: 0}}\n").hints());
  }

  @Test
  void anEmptyStringOrMapIsCalledEmpty() throws IOException {
    Diagnostic name = only("experiment", "kind: experiment\nname: ''\nimage: img:1\nprocesses: {a: {}}\n");
    assertEquals("must not be empty", name.message());
    assertEquals(List.of("write a value here"), name.hints());
    Diagnostic group = only("experiment", EXPERIMENT + "process_groups: {g: {processes: {}}}\n");
    assertEquals("must not be empty", group.message());
    assertEquals(List.of("name the group's processes, e.g. processes { learner { command = [python, learner.py] } }"),
        group.hints());
  }

  @Test
  void aKeyThatDoesNotApplyIsReportedAtTheKey() throws IOException {
    Diagnostic d = only("experiment", EXPERIMENT
        + "processes: {a: {schedule: {assign_to: gpu, node_pool_name: p, cpu: 2}}}\n");
    assertEquals("processes.a.schedule.cpu", d.jsonPath());
    assertEquals(4, d.origin().line());
    assertEquals(63, d.origin().column());
    assertEquals("key 'cpu' is not allowed here", d.message());
    assertEquals(List.of("with assign_to: gpu, a schedule takes node_pool_name (required) only"), d.hints());
    Diagnostic grid = only("experiment", EXPERIMENT + "processes: {a: {}}\nsweep: {grid: {1lr: [1]}}\n");
    assertEquals("sweep.grid.1lr", grid.jsonPath());
    assertEquals("key '1lr' is not allowed here: does not match the regex pattern ^[A-Za-z_][A-Za-z0-9_]*$",
        grid.message());
  }

  @Test
  void aValueNotAllowedIsToldTheAllowedOnes() throws IOException {
    Diagnostic one = only("contexts", "kind: contexts\ncontexts: {lab: {type: slurm}}\n");
    assertEquals("'slurm' is not one of kubernetes", one.message());
    assertEquals(List.of("write 'kubernetes'"), one.hints());
    // The schema's own hint for the key replaces the general one.
    Diagnostic framework = only("cluster",
        "kind: cluster\nname: m\nframework: ray\nimage: img:1\nworker_cpu: 1\nworker_mem: 1Gi\n");
    assertEquals(List.of("stave compiles Mars clusters: write 'framework: mars'"), framework.hints());
    Diagnostic close = only("experiment", EXPERIMENT + "processes: {a: {workload: jobb}}\n");
    assertEquals(List.of("did you mean 'job'?"), close.hints());
  }
}

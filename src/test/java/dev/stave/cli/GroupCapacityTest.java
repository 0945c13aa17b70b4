package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A process group is one pod: the sum of its processes' requests must fit on one node of its pool. */
class GroupCapacityTest {
  @TempDir
  Path dir;

  private Path experiment(String schedule) throws IOException {
    Files.writeString(dir.resolve("inv.yaml"), """
        kind: inventory
        pools:
          small: {cpu: 4, memory: 16Gi, max_nodes: 1}
        """);
    Path file = dir.resolve("group.yaml");
    Files.writeString(file, """
        kind: experiment
        name: grpc
        image: busybox:1
        inventory: inv.yaml
        process_groups: {g: {processes: {
          a: {command: [x], schedule: SCHEDULE},
          b: {command: [x], schedule: SCHEDULE}}}}
        """.replace("SCHEDULE", schedule));
    return file;
  }

  @Test
  void aGroupLargerThanANodeIsAnError() throws IOException {
    Path file = experiment("{assign_to: machine, node_pool_name: small}");
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(file + ":6:31: error: process_groups.g.processes.a.schedule: the pod of group 'g' asks for 7.84"
        + " cpu, 27242 MiB (its 2 processes together), more than one node of pool 'small' offers (3.92 cpu, 13621"
        + " MiB with the gke model), so it could never be scheduled\n"
        + "    |   a: {command: [x], schedule: {assign_to: machine, node_pool_name: small}},\n"
        + "    |                               ^\n"
        + "  = hint: lower the processes' requests, choose a pool with larger nodes, or split the group\n",
        run.err());
  }

  @Test
  void aGroupThatFitsCompiles() throws IOException {
    Path file = experiment("{assign_to: node_pool, node_pool_name: small, cpu: 1, memory_m: 1024}");
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
  }
}

package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory or storage below 1 MiB, almost always a unit mistake, is a warning at the value in every memory and
 * storage size key stave reads.
 */
class SmallMemoryTest {
  @TempDir Path temp;

  private Path write(String name, String text) throws IOException {
    return Files.writeString(temp.resolve(name), text);
  }

  /** Validates {@code config}, which is valid, and asserts that exactly {@code warnings} are printed. */
  private static void warnings(Path config, List<String> warnings) {
    Run run = Run.of("validate", config.toString());
    assertEquals(0, run.code(), run.err());
    List<String> expected = new ArrayList<>(warnings);
    expected.add("1 config is valid");
    assertEquals(expected, run.err().lines().toList());
  }

  @Test
  void anExperimentsMilliAndPlainMemoryAreWarnedAboutInYaml() throws IOException {
    Path config = write("e.yaml", """
        kind: experiment
        name: e
        image: python:3.12-slim
        processes:
          server:
            command: [python]
            resource_request: {cpu: 2, memory: 512m}
            resource_limit: {memory: 512}
          client:
            command: [python]
            resource_request: {memory: 0}
            resource_limit: {memory: 1048576}
          other:
            command: [python]
            resource_request: {memory: 1Mi}
        """);
    warnings(config, List.of(
        config + ":7:40: warning: processes.server.resource_request.memory: '512m' is 0.512 bytes of memory: the m"
            + " suffix means thousandths",
        "    |     resource_request: {cpu: 2, memory: 512m}",
        "    |                                        ^",
        "  = hint: write 512Mi for 512 mebibytes, or 512M for megabytes",
        config + ":8:30: warning: processes.server.resource_limit.memory: '512' is 512 bytes of memory: a number"
            + " without a suffix counts bytes",
        "    |     resource_limit: {memory: 512}",
        "    |                              ^",
        "  = hint: write 512Mi for 512 mebibytes, or 512M for megabytes"));
  }

  @Test
  void anExperimentsMilliAndPlainMemoryAreWarnedAboutInHocon() throws IOException {
    Path config = write("e.conf", """
        kind = experiment
        name = e
        image = "python:3.12-slim"
        processes {
          server {
            command = [python]
            resource_request { cpu = 2, memory = 512m }
            resource_limit { memory = 512 }
          }
          client {
            command = [python]
            resource_request { memory = 0 }
            resource_limit { memory = 1048576 }
          }
          other {
            command = [python]
            resource_request { memory = 1Mi }
          }
        }
        """);
    warnings(config, List.of(
        config + ":7:42: warning: processes.server.resource_request.memory: '512m' is 0.512 bytes of memory: the m"
            + " suffix means thousandths",
        "    |     resource_request { cpu = 2, memory = 512m }",
        "    |                                          ^",
        "  = hint: write 512Mi for 512 mebibytes, or 512M for megabytes",
        config + ":8:31: warning: processes.server.resource_limit.memory: '512' is 512 bytes of memory: a number"
            + " without a suffix counts bytes",
        "    |     resource_limit { memory = 512 }",
        "    |                               ^",
        "  = hint: write 512Mi for 512 mebibytes, or 512M for megabytes"));
  }

  @Test
  void theWarningLeavesTheBundleAsWritten() throws IOException {
    Path config = write("e.yaml", """
        kind: experiment
        name: e
        image: python:3.12-slim
        processes:
          server:
            command: [python]
            resource_request: {memory: 512m}
            resource_limit: {memory: 512}
        """);
    Run run = Run.of("compile", config.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of("            memory: \"512\"", "            memory: 512m"),
        run.out().lines().filter(l -> l.contains("memory:")).toList());
  }

  @Test
  void theFixForMrunnersMemKeepsTheNumberWrittenOrNamesNone() throws IOException {
    // mrunner reads 1K as 1Ki; 1e3 has no number of mebibytes to keep.
    Path config = write("m.conf", """
        kind = experiment
        name = e
        image = "python:3.12-slim"
        resources { cpu = 1, mem = 1K }
        processes { a { command = [python] } }
        """);
    Path other = write("n.yaml", """
        kind: experiment
        name: f
        image: python:3.12-slim
        resources: "mem=1e3"
        processes: {a: {command: [python]}}
        """);
    Run run = Run.of("validate", config.toString(), other.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of(
        config + ":4:28: warning: resources.mem: '1K' is 1024 bytes of memory, less than a mebibyte",
        "  = hint: write 1M or 1Mi for 1 mebibyte (mrunner reads 1M as 1Mi)",
        other + ":4:12: warning: resources.mem: '1e3' is 1000 bytes of memory, less than a mebibyte",
        "  = hint: write the size with the suffix M (mrunner reads M as Mi, mebibytes), or a larger one"),
        run.err().lines().filter(l -> l.contains(": warning: ") || l.startsWith("  = hint: ")).toList());
  }

  @Test
  void mrunnersMemIsWarnedAboutInItsOwnSpelling() throws IOException {
    Path config = write("e.yaml", """
        kind: experiment
        name: e
        image: python:3.12-slim
        resources: "cpu=1 mem=512m"
        processes:
          a: {command: [python]}
        """);
    warnings(config, List.of(
        config + ":4:12: warning: resources.mem: '512m' is 0.512 bytes of memory: the m suffix means thousandths",
        "    | resources: \"cpu=1 mem=512m\"",
        "    |            ^",
        "  = hint: write 512M or 512Mi for 512 mebibytes (mrunner reads 512M as 512Mi)"));
    Path hocon = write("k.conf", """
        kind = experiment
        name = e
        image = "python:3.12-slim"
        resources { cpu = 1, mem = 100k }
        processes { a { command = [python] } }
        """);
    warnings(hocon, List.of(
        hocon + ":4:28: warning: resources.mem: '100k' is 100000 bytes of memory, less than a mebibyte",
        "    | resources { cpu = 1, mem = 100k }",
        "    |                            ^",
        "  = hint: write 100M or 100Mi for 100 mebibytes (mrunner reads 100M as 100Mi)"));
    warnings(write("ok.yaml", """
        kind: experiment
        name: e
        image: python:3.12-slim
        resources: "cpu=1 mem=1M"
        processes:
          a: {command: [python]}
        """), List.of());
  }

  @Test
  void aVolumesSizeLimitIsMemoryOrStorageByItsMedium() throws IOException {
    Path config = write("e.yaml", """
        kind: experiment
        name: e
        image: python:3.12-slim
        processes:
          a:
            command: [python]
            mounts:
              - {type: shared_memory, size_limit: 64m}
              - {type: empty_dir, mount_path: /scratch, size_limit: 64m}
        """);
    warnings(config, List.of(
        config + ":8:43: warning: processes.a.mounts[0].size_limit: '64m' is 0.064 bytes of memory: the m suffix"
            + " means thousandths",
        "    |       - {type: shared_memory, size_limit: 64m}",
        "    |                                           ^",
        "  = hint: write 64Mi for 64 mebibytes, or 64M for megabytes",
        config + ":9:61: warning: processes.a.mounts[1].size_limit: '64m' is 0.064 bytes of storage: the m suffix"
            + " means thousandths",
        "    |       - {type: empty_dir, mount_path: /scratch, size_limit: 64m}",
        "    |                                                             ^",
        "  = hint: write 64Mi for 64 mebibytes, or 64M for megabytes"));
  }

  @Test
  void aStorageClaimsSizeIsWarnedAbout() throws IOException {
    Path config = write("e.yaml", """
        kind: experiment
        name: e
        image: python:3.12-slim
        processes:
          a: {command: [python]}
        storage: {mount: /storage, size: 512}
        """);
    warnings(config, List.of(
        config + ":6:34: warning: storage.size: '512' is 512 bytes of storage: a number without a suffix counts"
            + " bytes",
        "    | storage: {mount: /storage, size: 512}",
        "    |                                  ^",
        "  = hint: write 512Mi for 512 mebibytes, or 512M for megabytes"));
    warnings(write("ok.yaml", """
        kind: experiment
        name: e
        image: python:3.12-slim
        processes:
          a:
            command: [python]
            mounts: [{type: empty_dir, mount_path: /scratch, size_limit: 1Mi}]
        storage: {mount: /storage, size: 1Gi}
        """), List.of());
  }

  @Test
  void aContextsPvcSizeIsWarnedAboutInMrunnersSpelling() throws IOException {
    Path contexts = write("contexts.yaml", """
        kind: contexts
        current_context: a
        contexts:
          a:
            storage: /storage
            default_pvc_size: 512m
        """);
    Path config = write("e.yaml", """
        kind: experiment
        name: e
        image: python:3.12-slim
        context: a
        processes:
          a: {command: [python]}
        """);
    Run run = Run.of("validate", config.toString(), "--contexts", contexts.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of(
        contexts + ":6:23: warning: contexts.a.default_pvc_size: '512m' is 0.512 bytes of storage: the m suffix means"
            + " thousandths",
        "    |     default_pvc_size: 512m",
        "    |                       ^",
        "  = hint: write 512M or 512Mi for 512 mebibytes (mrunner reads 512M as 512Mi)",
        "1 config is valid"), run.err().lines().toList());
  }

  @Test
  void aContextsPvcSizeIsWarnedAboutWhenTheContextsFileIsValidated() throws IOException {
    Path contexts = write("contexts.yaml", """
        kind: contexts
        current_context: a
        contexts:
          a: {storage: /storage, default_pvc_size: 512m}
          b: {storage: /storage, default_pvc_size: 0}
        """);
    Path config = write("e.yaml", """
        kind: experiment
        name: e
        image: python:3.12-slim
        context: a
        processes:
          a: {command: [python]}
        """);
    List<String> warning = List.of(
        contexts + ":4:44: warning: contexts.a.default_pvc_size: '512m' is 0.512 bytes of storage: the m suffix means"
            + " thousandths",
        "    |   a: {storage: /storage, default_pvc_size: 512m}",
        "    |                                            ^",
        "  = hint: write 512M or 512Mi for 512 mebibytes (mrunner reads 512M as 512Mi)");
    List<String> zero = List.of(
        contexts + ":5:44: error: contexts.b.default_pvc_size: a storage claim of 0 asks for no storage",
        "    |   b: {storage: /storage, default_pvc_size: 0}",
        "    |                                            ^",
        "  = hint: give a size such as 10Gi");
    Run alone = Run.of("validate", contexts.toString());
    assertEquals(1, alone.code(), alone.err());
    List<String> expected = new ArrayList<>(warning);
    expected.addAll(zero);
    assertEquals(expected, alone.err().lines().toList());
    // Validated with an experiment that reads it, the contexts file's warning is reported once.
    Run both = Run.of("validate", contexts.toString(), config.toString(), "--contexts", contexts.toString());
    assertEquals(1, both.code(), both.err());
    assertEquals(1, both.err().lines().filter(line -> line.contains("'512m' is 0.512 bytes")).count(), both.err());
  }

  @Test
  void theSizesAnOverrideSetsAreWarnedAbout() throws IOException {
    Path config = write("e.yaml", """
        kind: experiment
        name: e
        image: python:3.12-slim
        processes:
          a:
            command: [python]
            overrides:
              container:
                resources:
                  limits: {memory: 512m}
                  requests: {memory: "512", ephemeral-storage: 1Gi, cpu: 100m}
              pod:
                volumes:
                  - {name: scratch, emptyDir: {sizeLimit: 10m}}
                  - {name: shm, emptyDir: {medium: Memory, sizeLimit: "0"}}
                  - name: claim
                    ephemeral:
                      volumeClaimTemplate:
                        spec:
                          accessModes: [ReadWriteOnce]
                          resources: {requests: {storage: 100k}}
        """);
    warnings(config, List.of(
        config + ":10:28: warning: processes.a.overrides.container.resources.limits.memory: '512m' is 0.512 bytes"
            + " of memory: the m suffix means thousandths",
        "    |           limits: {memory: 512m}",
        "    |                            ^",
        "  = hint: write 512Mi for 512 mebibytes, or 512M for megabytes",
        config + ":11:30: warning: processes.a.overrides.container.resources.requests.memory: '512' is 512 bytes of"
            + " memory: a number without a suffix counts bytes",
        "    |           requests: {memory: \"512\", ephemeral-storage: 1Gi, cpu: 100m}",
        "    |                              ^",
        "  = hint: write 512Mi for 512 mebibytes, or 512M for megabytes",
        config + ":14:51: warning: processes.a.overrides.pod.volumes[0].emptyDir.sizeLimit: '10m' is 0.01 bytes of"
            + " storage: the m suffix means thousandths",
        "    |           - {name: scratch, emptyDir: {sizeLimit: 10m}}",
        "    |                                                   ^",
        "  = hint: write 10Mi for 10 mebibytes, or 10M for megabytes",
        config + ":21:51: warning: processes.a.overrides.pod.volumes[2].ephemeral.volumeClaimTemplate.spec.resources"
            + ".requests.storage: '100k' is 100000 bytes of storage, less than a mebibyte",
        "    |                   resources: {requests: {storage: 100k}}",
        "    |                                                   ^",
        "  = hint: write 100Mi for 100 mebibytes, or 100M for megabytes"));
  }

  @Test
  void aGroupsPodOverrideOfContainersIsWarnedAboutInHocon() throws IOException {
    Path config = write("e.conf", """
        kind = experiment
        name = e
        image = "python:3.12-slim"
        process_groups {
          g {
            processes { a { command = [python] } }
            overrides.pod.containers = [{name = a, image = py, resources.limits.memory = 512m}]
          }
        }
        """);
    warnings(config, List.of(
        config + ":7:82: warning: process_groups.g.overrides.pod.containers[0].resources.limits.memory: '512m' is"
            + " 0.512 bytes of memory: the m suffix means thousandths",
        "    |     overrides.pod.containers = [{name = a, image = py, resources.limits.memory = 512m}]",
        "    |" + " ".repeat(82) + "^",
        "  = hint: write 512Mi for 512 mebibytes, or 512M for megabytes"));
  }

  @Test
  void aBenchmarksMemoryIsWarnedAbout() throws IOException {
    Path config = write("b.yaml", """
        kind: benchmark
        name: w
        run: {function: a.b}
        dask_cluster:
          image: "i:1"
          worker_resources: {cpu: 1, memory: 512m}
          master_resources: {memory: 1Mi}
        """);
    warnings(config, List.of(
        config + ":6:38: warning: dask_cluster.worker_resources.memory: '512m' is 0.512 bytes of memory: the m"
            + " suffix means thousandths",
        "    |   worker_resources: {cpu: 1, memory: 512m}",
        "    |                                      ^",
        "  = hint: write 512Mi for 512 mebibytes, or 512M for megabytes"));
  }

  @Test
  void aMarsSizeWithoutAUnitIsBytes() throws IOException {
    Path yaml = write("m.yaml", """
        kind: cluster
        framework: mars
        name: m
        worker_cpu: 1
        worker_mem: 512
        scheduler_mem: 512m
        web_mem: 1048576
        """);
    warnings(yaml, List.of(
        yaml + ":5:13: warning: worker_mem: '512' is 512 bytes of memory: a number without a unit counts bytes",
        "    | worker_mem: 512",
        "    |             ^",
        "  = hint: write 512m for 512 mebibytes (Mars reads k, m, g and t as powers of 1024)"));
    Path hocon = write("m.conf", """
        kind = cluster
        framework = mars
        name = m
        worker_cpu = 1
        worker_mem = 4g
        worker_cache_mem = 512k
        scheduler_mem = 512m
        """);
    warnings(hocon, List.of(
        hocon + ":6:20: warning: worker_cache_mem: '512k' is 524288 bytes of memory, less than a mebibyte",
        "    | worker_cache_mem = 512k",
        "    |                    ^",
        "  = hint: write 512m for 512 mebibytes (Mars reads k, m, g and t as powers of 1024)"));
  }
}

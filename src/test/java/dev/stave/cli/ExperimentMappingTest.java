package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.render.CanonicalYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/** Exact assertions on the experiment mapping, through the command line. */
class ExperimentMappingTest {
  @TempDir
  Path dir;

  private List<Map<String, Object>> compile(String yaml) throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, yaml);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    List<Map<String, Object>> docs = new ArrayList<>();
    for (String doc : run.out().split("(?m)^---\n")) {
      if (!doc.isEmpty()) {
        docs.add(cast(CanonicalYaml.parse(doc)));
      }
    }
    return docs;
  }

  /** A connects to a service no process binds needs no placement, so it is reported with a placement's error. */
  @Test
  void aServiceNoProcessBindsIsReportedWithAPlacementError() throws IOException {
    Files.createDirectories(dir.resolve("inventories"));
    Files.copy(Path.of("examples/inventories/lab.yaml"), dir.resolve("inventories/lab.yaml"));
    Path file = Files.writeString(dir.resolve("place.yaml"), """
        kind: experiment
        name: place
        image: gcr.io/acme/rl:1
        inventory: inventories/lab.yaml
        processes:
          learner:
            schedule: {assign_to: resource, cpu: 60, memory_m: 20000}
            binds: {web: 8000}
          client:
            connects: [webb]
        """);
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(file + ":7:15: error: processes.learner.schedule: no node pool of "
        + dir.resolve("inventories/lab.yaml") + " satisfies cpu=60, memory_m=20000, gpu_type=None, and gpu_count=None",
        file + ":10:16: error: processes.client.connects: connects to 'webb', which no process binds"),
        run.err().lines().filter(line -> line.contains(": error: ")).toList());
  }

  /**
   * A service name that sanitizing changes gets its note once, at its first mention in the file: processes are read
   * before process_groups and binds before connects, which is not the file's order.
   */
  @Test
  void aSanitizedServiceNameIsNotedAtItsFirstMention() throws IOException {
    Path file = Files.writeString(dir.resolve("svc.yaml"), """
        kind: experiment
        name: svc
        image: busybox:1
        process_groups:
          g: {processes: {c: {command: [x], binds: {Web_Svc: 80}}}}
        processes:
          a:
            command: [x]
            connects: [My_Svc, Web_Svc]
            binds: {My_Svc: 8080}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of(
        file + ":5:45: note: process_groups.g.processes.c.binds: service name 'Web_Svc' is written as 'web-svc' in"
            + " Kubernetes",
        file + ":9:16: note: processes.a.connects: service name 'My_Svc' is written as 'my-svc' in Kubernetes"),
        run.err().lines().filter(line -> line.contains(": note: ")).toList());
  }

  /** The experiment's default image is reported once, at its own key, however many processes take it. */
  @Test
  void aBadDefaultImageIsReportedOnceAtItsKey() throws IOException {
    Path file = Files.writeString(dir.resolve("image.yaml"), """
        kind: experiment
        name: image
        image: ubuntu:16,04
        processes:
          learner: {command: [python, learner.py]}
          agent: {command: [python, agent.py]}
          own: {command: [x], image: "Bad Image"}
        """);
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(file + ":3:8: error: image: 'ubuntu:16,04' is not a container image reference",
        file + ":7:30: error: processes.own.image: 'Bad Image' is not a container image reference"),
        run.err().lines().filter(line -> line.contains(": error: ")).toList());
  }

  /**
   * A negative amount is written as a quantity, so the error says it is negative (and how to write it), in an
   * experiment, a benchmark and a context alike; text that is no quantity keeps its own error.
   */
  @Test
  void aNegativeQuantityIsCalledNegative() throws IOException {
    Path experiment = Files.writeString(dir.resolve("neg.yaml"), """
        kind: experiment
        name: neg
        image: gcr.io/acme/rl:1
        processes:
          a:
            resource_request: {cpu: -1, memory: lots}
        """);
    Path benchmark = Files.writeString(dir.resolve("bench.yaml"), """
        kind: benchmark
        name: bench
        run:
          function: deepecho.benchmark.run_benchmark
        dask_cluster:
          workers: 2
          worker_config:
            image: "img:1"
            resources: {memory: -2Gi}
        """);
    Path contexts = Files.writeString(dir.resolve("contexts.conf"), """
        kind = contexts
        current_context = a
        contexts { a { default_pvc_size = -100G } }
        """);
    Run run = Run.of("validate", experiment.toString(), benchmark.toString(), contexts.toString());
    assertEquals(1, run.code(), run.err());
    String negative = "' is negative; a Kubernetes quantity must not be negative";
    assertEquals(List.of(
        benchmark + ":9:25: error: dask_cluster.worker_config.resources.memory: '-2Gi" + negative,
        "  = hint: write it without the minus sign: 2Gi",
        contexts + ":3:35: error: contexts.a.default_pvc_size: '-100G" + negative,
        "  = hint: write it without the minus sign: 100G",
        experiment + ":6:29: error: processes.a.resource_request.cpu: '-1" + negative,
        "  = hint: write it without the minus sign: 1",
        experiment + ":6:41: error: processes.a.resource_request.memory: 'lots' is not a Kubernetes quantity",
        "  = hint: write a Kubernetes quantity such as 500m, 2, 512Mi or 4Gi"),
        run.err().lines().filter(line -> line.contains(": error: ") || line.contains("= hint")).toList());
  }

  /** The services need only the processes' binds, connects and exposes, so they are checked with a bad quantity. */
  @Test
  void aServiceNoProcessBindsIsReportedWithAMeaningError() throws IOException {
    Path file = Files.writeString(dir.resolve("meaning.yaml"), """
        kind: experiment
        name: meaning
        image: gcr.io/acme/rl:1
        processes:
          server:
            binds: [web]
            resource_request: {memory: lots}
          client:
            connects: [webb]
        """);
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(file + ":7:32: error: processes.server.resource_request.memory: 'lots' is not a Kubernetes"
        + " quantity", file + ":9:16: error: processes.client.connects: connects to 'webb', which no process binds"),
        run.err().lines().filter(line -> line.contains(": error: ")).toList());
  }

  /**
   * A process with a problem of its own, or of a pod whose name is refused, still binds its services; a service
   * whose name is refused binds none, so the services are not checked then: a connects is never reported unbound
   * wrongly.
   */
  @Test
  void aServiceIsNotReportedUnboundWhenItsBindMayBeLeftOut() throws IOException {
    assertEquals(List.of(":6:53: error: processes.server.resource_request.memory: 'lots' is not a Kubernetes quantity"),
        errorsWithClient("server: {binds: [web], resource_request: {memory: lots}}"));
    assertEquals(List.of(":6:3: error: processes.Bad_Server!: name 'Bad_Server!' is not a valid Kubernetes name, even"
        + " as 'bad-server!'"), errorsWithClient("Bad_Server!: {binds: [web]}"));
    assertEquals(List.of(":6:20: error: processes.server.binds: 'web_' and 'web' (line 5) are one service name after"
        + " sanitizing, 'web'"), errorsWithClient("server: {binds: [web_]}"));
  }

  /**
   * A refused pod name or port_range leaves the services whole (a pod's services need its processes, not its
   * name), so their errors come in the same run: here a connects to a service no process binds and a port used
   * twice, with services of the refused pods among them. A refused range allocates no port of its own, so no
   * service runs out of it.
   */
  @Test
  void theServicesAreCheckedWhenAPodNameOrThePortRangeIsRefused() throws IOException {
    assertEquals(List.of(":4:13: error: port_range: port_range '9-3' is not a range of ports between 1 and 65535",
        ":6:3: error: processes.Bad_Server!: name 'Bad_Server!' is not a valid Kubernetes name, even as 'bad-server!'",
        ":6:25: error: processes.Bad_Server!.binds: port 8000 is used twice: by 'web' and by 'db' (line 8)",
        ":8:3: error: process_groups.Bad_Group!: name 'Bad_Group!' is not a valid Kubernetes name, even as"
            + " 'bad-group!'",
        ":9:44: error: process_groups.client.processes.c.connects: connects to 'webb', which no process binds"),
        errors("""
            kind: experiment
            name: bound
            image: gcr.io/acme/rl:1
            port_range: "9-3"
            processes:
              Bad_Server!: {binds: {web: 8000}}
            process_groups:
              Bad_Group!: {processes: {db: {binds: {db: 8000}}}}
              client: {processes: {c: {connects: [web, webb, db]}}}
            """));
  }

  /** The errors of an experiment of a client that connects to web and {@code server}, after the file's name. */
  private List<String> errorsWithClient(String server) throws IOException {
    return errors("""
        kind: experiment
        name: bound
        image: gcr.io/acme/rl:1
        processes:
          client: {connects: [web]}
          %s
        """.formatted(server));
  }

  /** The errors of the experiment {@code yaml}, after the file's name. */
  private List<String> errors(String yaml) throws IOException {
    Path file = Files.writeString(dir.resolve("errors.yaml"), yaml);
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    return run.err().lines().filter(line -> line.contains(": error: "))
        .map(line -> line.substring(file.toString().length())).toList();
  }

  private static Map<String, Object> find(List<Map<String, Object>> docs, String kind, String name) {
    for (Map<String, Object> d : docs) {
      if (kind.equals(d.get("kind")) && name.equals(cast(d.get("metadata")).get("name"))) {
        return d;
      }
    }
    throw new AssertionError("no " + kind + " " + name + " in " + docs);
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> cast(Object o) {
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  static Object at(Object o, Object... path) {
    Object node = o;
    for (Object p : path) {
      node = p instanceof Integer i ? ((List<Object>) node).get(i) : ((Map<String, Object>) node).get(p);
    }
    return node;
  }

  private static Map<String, String> env(Map<String, Object> workload) {
    Object spec = "Pod".equals(workload.get("kind")) ? workload.get("spec") : at(workload, "spec", "template", "spec");
    Map<String, String> env = new LinkedHashMap<>();
    for (Object e : (List<?>) at(spec, "containers", 0, "env")) {
      env.put((String) cast(e).get("name"), (String) cast(e).get("value"));
    }
    return env;
  }

  @Test
  void explicitPortsFirstThenExposedThenBoundInNameOrder() throws IOException {
    List<Map<String, Object>> docs = compile("""
        kind: experiment
        name: ports
        image: img:1
        processes:
          ui: {exposes: {tensorboard: 6006, other-ui: null}}
          ps: {binds: [parameter-server, ps-frontend, ps-backend]}
          replay: {binds: {replay-server: 7001}}
          agent: {connects: [replay-server, parameter-server]}
        """);
    Map<String, String> env = env(find(docs, "Job", "ports-agent"));
    assertEquals("6006", env.get("SYMPH_TENSORBOARD_PORT"));
    assertEquals("7000", env.get("SYMPH_OTHER_UI_PORT"));
    assertEquals("7002", env.get("SYMPH_PARAMETER_SERVER_PORT"));
    assertEquals("7003", env.get("SYMPH_PS_BACKEND_PORT"));
    assertEquals("7004", env.get("SYMPH_PS_FRONTEND_PORT"));
    assertEquals("7001", env.get("SYMPH_REPLAY_SERVER_PORT"));
    assertEquals("ports-replay-server", env.get("SYMPH_REPLAY_SERVER_HOST"));
    assertEquals("ports-replay-server:7001", env.get("SYMPH_REPLAY_SERVER_ADDR"));
    assertEquals("agent", env.get("SYMPHONY_ROLE"));
    assertEquals(List.of("SYMPHONY_ROLE"), new ArrayList<>(env.keySet()).subList(0, 1));
  }

  @Test
  void aNameStartingWithADigitNamesJobsButNoService() throws IOException {
    List<Map<String, Object>> docs = compile("""
        kind: experiment
        name: 1exp
        image: img:1
        processes: {web: {command: [run]}}
        """);
    assertEquals("1exp-web", at(find(docs, "Job", "1exp-web"), "metadata", "name"));

    Path file = dir.resolve("bad.yaml");
    Files.writeString(file, """
        kind: experiment
        name: 1exp
        image: img:1
        processes: {web: {command: [run], exposes: [ui], binds: [api]}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    assertEquals(file + ":2:7: error: name: name '1exp' starts with a digit, but the Service '1exp-api' named"
        + " after it must start with a letter\n"
        + "    | name: 1exp\n"
        + "    |       ^\n"
        + "  = hint: start the name with a letter, e.g. 'exp1'\n", run.err());
  }

  @Test
  void servicesSelectEveryPodThatBindsThem() throws IOException {
    List<Map<String, Object>> docs = compile("""
        kind: experiment
        name: shared
        image: img:1
        processes:
          a: {binds: [work], workload: deployment, replicas: 3}
          b: {binds: [work]}
        """);
    Map<String, Object> service = find(docs, "Service", "shared-work");
    assertEquals(Map.of("stave.dev/bundle", "shared", "bind.stave.dev/work", "true"), at(service, "spec", "selector"));
    assertEquals("ClusterIP", at(service, "spec", "type"));
    assertEquals("true", at(find(docs, "Deployment", "shared-a"), "spec", "template", "metadata", "labels",
        "bind.stave.dev/work"));
    assertEquals("true", at(find(docs, "Job", "shared-b"), "spec", "template", "metadata", "labels",
        "bind.stave.dev/work"));
    assertEquals(3, at(find(docs, "Deployment", "shared-a"), "spec", "replicas"));
  }

  @Test
  void jobsAreMrunnerRunsAndReplicasMakeThemIndexed() throws IOException {
    List<Map<String, Object>> docs = compile("""
        kind: experiment
        name: runs
        image: img:1
        processes:
          single: {command: [python, run.py]}
          many: {replicas: 4, backoff_limit: 2, ttl_seconds_after_finished: 600}
        """);
    Map<String, Object> single = find(docs, "Job", "runs-single");
    assertEquals(0, at(single, "spec", "backoffLimit"));
    assertEquals("Never", at(single, "spec", "template", "spec", "restartPolicy"));
    assertFalse(cast(single.get("spec")).containsKey("completions"));
    Map<String, Object> many = find(docs, "Job", "runs-many");
    assertEquals("Indexed", at(many, "spec", "completionMode"));
    assertEquals(4, at(many, "spec", "completions"));
    assertEquals(4, at(many, "spec", "parallelism"));
    assertEquals(2, at(many, "spec", "backoffLimit"));
    assertEquals(600, at(many, "spec", "ttlSecondsAfterFinished"));
  }

  @Test
  void podReplicasAreNumberedPods() throws IOException {
    List<Map<String, Object>> docs = compile("""
        kind: experiment
        name: pods
        image: img:1
        processes:
          agent: {workload: pod, replicas: 3}
        """);
    for (int i = 0; i < 3; i++) {
      assertEquals("Always", at(find(docs, "Pod", "pods-agent-" + i), "spec", "restartPolicy"));
    }
  }

  /** A Deployment scaled down to 0 is a state; a Job or Pods of 0 would run nothing. */
  @Test
  void aDeploymentMayHaveNoReplicasAndItsServiceStays() throws IOException {
    List<Map<String, Object>> docs = compile("""
        kind: experiment
        name: idle
        image: img:1
        processes:
          web: {workload: deployment, replicas: 0, binds: [http]}
        process_groups:
          g: {workload: deployment, replicas: 0, processes: {p: {}}}
        """);
    assertEquals(0, at(find(docs, "Deployment", "idle-web"), "spec", "replicas"));
    assertEquals(0, at(find(docs, "Deployment", "idle-g"), "spec", "replicas"));
    assertEquals("ClusterIP", at(find(docs, "Service", "idle-http"), "spec", "type"));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "'processes: {a: {replicas: 0}}'|4:27|processes.a.replicas: replicas is 0, so the Job would run no pod",
      "'processes: {a: {workload: pod, replicas: 0}}'|4:42|processes.a.replicas: replicas is 0, so workload = pod"
          + " would write no Pod",
      "'process_groups: {g: {replicas: 0, processes: {p: {}}}}'|4:32|process_groups.g.replicas: replicas is 0, so"
          + " the Job would run no pod"})
  void noReplicasOfAJobOrPodsIsAnErrorThatPointsToADeployment(String units, String at, String message)
      throws IOException {
    Path file = Files.writeString(dir.resolve("zero.yaml"), "kind: experiment\nname: e\nimage: img:1\n" + units
        + "\n");
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(file + ":" + at + ": error: " + message,
        "  = hint: set replicas to 1 or more, or set workload = deployment to keep a service scaled down to 0 pods"),
        run.err().lines().filter(l -> l.contains(": error: ") || l.startsWith("  = hint")).toList());
  }

  /** A bare Pod has a deadline of its own; a Job's is the Job's, not its pods'. */
  @Test
  void aPodWorkloadsDeadlineIsThePodsOwn() throws IOException {
    List<Map<String, Object>> docs = compile("""
        kind: experiment
        name: pods
        image: img:1
        processes:
          agent: {workload: pod, replicas: 2, active_deadline_seconds: 3600}
          run: {active_deadline_seconds: 60}
        process_groups:
          g: {workload: pod, active_deadline_seconds: 120, processes: {p: {}}}
        """);
    for (int i = 0; i < 2; i++) {
      assertEquals(3600, at(find(docs, "Pod", "pods-agent-" + i), "spec", "activeDeadlineSeconds"));
    }
    assertEquals(120, at(find(docs, "Pod", "pods-g"), "spec", "activeDeadlineSeconds"));
    Map<String, Object> job = find(docs, "Job", "pods-run");
    assertEquals(60, at(job, "spec", "activeDeadlineSeconds"));
    assertFalse(cast(at(job, "spec", "template", "spec")).containsKey("activeDeadlineSeconds"));
  }

  /** The Job keys that have no home on a Pod or a Deployment are refused with Kubernetes' reason. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "pod|backoff_limit: 2|'backoff_limit' is the number of times a Job starts a new pod, and a bare Pod has no"
          + " such count: its restart_policy restarts its containers in place",
      "deployment|backoff_limit: 2|'backoff_limit' is the number of times a Job starts a new pod, and a Deployment"
          + " has no such count: its pods always restart",
      "pod|ttl_seconds_after_finished: 60|'ttl_seconds_after_finished' deletes a finished Job, and Kubernetes"
          + " deletes only Jobs after a time to live, not a bare Pod",
      "deployment|ttl_seconds_after_finished: 60|'ttl_seconds_after_finished' deletes a finished Job, and"
          + " Kubernetes deletes only Jobs after a time to live, not a Deployment",
      "deployment|active_deadline_seconds: 60|'active_deadline_seconds' cannot stop a Deployment's pods: the API"
          + " server refuses a Deployment whose pod template sets activeDeadlineSeconds"})
  void aJobKeyWithoutAHomeOnTheWorkloadIsRefusedWithTheReason(String workload, String key, String message)
      throws IOException {
    assertEquals(List.of(":5:" + (19 + workload.length()) + ": error: processes.a." + key.split(":")[0] + ": "
        + message), errors("kind: experiment\nname: e\nimage: img:1\nprocesses:\n  a: {workload: " + workload
        + ", " + key + "}\n"));
  }

  /** A sweep's name too long names what to shorten: a group's workload is named after the group. */
  @ParameterizedTest
  @CsvSource({
      "'processes: {trainer-long-one: {}}', process's",
      "'process_groups: {trainer-long-one: {processes: {p: {}}}}', group's",
      "'process_groups: {g: {processes: {p: {binds: [trainer-long-one-a]}}}}', service's"})
  void aSweepNameTooLongNamesWhatToShorten(String units, String part) throws IOException {
    Path file = Files.writeString(dir.resolve("x.yaml"), "kind: experiment\n"
        + "name: a-rather-long-experiment-name-for-a-sweep\nimage: img:1\nsweep: {grid: {lr: [1, 2]}}\n" + units);
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals("  = hint: shorten the experiment's or the " + part + " name by " + (part.equals("service's") ? 6 : 4)
        + " characters", run.err().lines().toList().get(3), run.err());
  }

  @Test
  void aNumberedPodThatAnotherProcessAlsoMakesIsAnErrorAtTheLaterName() throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: col
        image: img:1
        processes:
          Solo_1: {workload: pod}
          solo-2: {workload: job}
        process_groups:
          solo:
            workload: pod
            replicas: 3
            processes: {a: {}}
        sweep: {grid: {seed: [1, 2]}}
        """);
    // The sweep suffixes every name alike, so it neither causes nor hides a collision; a Job is not a Pod.
    List<String> expected = List.of(
        file + ":8:3: error: process_groups.solo: replica 1 of group 'solo' and process 'Solo_1' (line 5) would"
            + " both be the Pod 'col-solo-1'",
        "    |   solo:",
        "    |   ^",
        "  = hint: rename one of them; the 3 replicas of group 'solo' are the Pods col-solo-0 to col-solo-2");
    for (String[] args : List.of(new String[] {"validate", file.toString()}, new String[] {"plan", file.toString()},
        new String[] {"compile", file.toString(), "-o", "-"},
        new String[] {"compile", file.toString(), "-o", dir.resolve("out").toString()})) {
      Run run = Run.of(args);
      assertEquals(1, run.code(), args[0] + ": " + run.err());
      assertEquals("", run.out());
      List<String> lines = run.err().lines().toList();
      int error = lines.indexOf(expected.get(0));
      assertTrue(error >= 0, run.err());
      assertEquals(expected, lines.subList(error, error + expected.size()));
      assertEquals(1, lines.stream().filter(l -> l.contains(": error: ")).count(), run.err());
    }
    assertFalse(Files.exists(dir.resolve("out")));
  }

  @Test
  void quantitiesAreCanonicalAndGpusAreLimitsAndRequests() throws IOException {
    List<Map<String, Object>> docs = compile("""
        kind: experiment
        name: res
        image: img:1
        processes:
          learner:
            resource_request: {cpu: 0.5, memory: 1024Mi}
            resource_limit: {cpu: 2000m, memory: 4Gi, gpu: 2}
        """);
    Object resources = at(find(docs, "Job", "res-learner"), "spec", "template", "spec", "containers", 0, "resources");
    assertEquals(Map.of("cpu", "500m", "memory", "1Gi", "nvidia.com/gpu", "2"), at(resources, "requests"));
    assertEquals(Map.of("cpu", "2", "memory", "4Gi", "nvidia.com/gpu", "2"), at(resources, "limits"));
  }

  @Test
  void groupsShareOnePodAndOverridesMerge() throws IOException {
    List<Map<String, Object>> docs = compile("""
        kind: experiment
        name: grp
        image: img:1
        process_groups:
          nonagent:
            overrides: {pod: {hostIPC: true, nodeSelector: {a: b}}}
            processes:
              learner: {overrides: {container: {securityContext: {runAsUser: 1000}}}}
              replay: {}
        """);
    Map<String, Object> job = find(docs, "Job", "grp-nonagent");
    Object spec = at(job, "spec", "template", "spec");
    assertEquals("learner", at(spec, "containers", 0, "name"));
    assertEquals("replay", at(spec, "containers", 1, "name"));
    assertEquals(true, at(spec, "hostIPC"));
    assertEquals(Map.of("a", "b"), at(spec, "nodeSelector"));
    assertEquals(1000, at(spec, "containers", 0, "securityContext", "runAsUser"));
    assertEquals(null, at(spec, "containers", 1, "securityContext"));
  }

  @Test
  void tolerationsTheApiServerWouldRefuseAreLocatedErrors() throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: tol
        image: img:1
        processes:
          a:
            tolerations:
            - {key: k, operator: Exists, value: v}
            - {key: k2, value: v, effect: NoSchedule, toleration_seconds: 5}
            - {operator: Equal, value: x}
            - {key: 'bad key', operator: Exists}
            - {key: k3, value: '{{v}} $x', operator: Equal}
            - {value: y}
        process_groups:
          g:
            tolerations: [{key: 'team/', operator: Exists}]
            processes: {p: {}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    assertFalse(run.err().contains("Exception"), run.err());
    String keyHint = "  = hint: a label key is an optional DNS prefix and '/', then up to 63 letters, digits, '-', '_'"
        + " or '.'\n";
    String emptyKey = "a toleration without a key must have operator Exists (it then tolerates every taint), and this"
        + " one's operator is ";
    String emptyKeyHint = "  = hint: add the key of the taint to tolerate, or set operator to Exists\n";
    assertEquals(file + ":7:41: error: processes.a.tolerations[0].value: a toleration with operator Exists matches"
        + " every value, so it cannot have value 'v'\n"
        + "    |     - {key: k, operator: Exists, value: v}\n"
        + "    |                                         ^\n"
        + "  = hint: remove 'value', or set operator to Equal to tolerate only that value\n"
        + file + ":8:47: error: processes.a.tolerations[1].toleration_seconds: toleration_seconds applies only to"
        + " effect NoExecute, and this toleration's effect is NoSchedule\n"
        + "    |     - {key: k2, value: v, effect: NoSchedule, toleration_seconds: 5}\n"
        + "    |                                               ^\n"
        + "  = hint: set effect to NoExecute, or remove toleration_seconds\n"
        + file + ":9:18: error: processes.a.tolerations[2].operator: " + emptyKey + "Equal\n"
        + "    |     - {operator: Equal, value: x}\n"
        + "    |                  ^\n"
        + emptyKeyHint
        + file + ":10:13: error: processes.a.tolerations[3].key: 'bad key' is not a valid toleration key (a taint"
        + " key is written like a label key)\n"
        + "    |     - {key: 'bad key', operator: Exists}\n"
        + "    |             ^\n"
        + keyHint
        + file + ":11:24: error: processes.a.tolerations[4].value: '{{v}} $x' is not a valid toleration value (a"
        + " taint value is written like a label value)\n"
        + "    |     - {key: k3, value: '{{v}} $x', operator: Equal}\n"
        + "    |                        ^\n"
        + "  = hint: a label value has at most 63 letters, digits, '-', '_' or '.', and starts and ends with a letter"
        + " or digit\n"
        + file + ":12:7: error: processes.a.tolerations[5]: " + emptyKey + "Equal, the default\n"
        + "    |     - {value: y}\n"
        + "    |       ^\n"
        + emptyKeyHint
        + file + ":15:25: error: process_groups.g.tolerations[0].key: 'team/' is not a valid toleration key (a"
        + " taint key is written like a label key)\n"
        + "    |     tolerations: [{key: 'team/', operator: Exists}]\n"
        + "    |                         ^\n"
        + keyHint, run.err());
  }

  @Test
  void validTolerationsAreWrittenAsGiven() throws IOException {
    List<Map<String, Object>> docs = compile("""
        kind: experiment
        name: tol
        image: img:1
        processes:
          a:
            tolerations:
            - {operator: Exists}
            - {key: nvidia.com/gpu, value: '', operator: Exists, effect: NoSchedule}
            - {key: team, value: ml-1}
            - {key: k, value: v, effect: NoExecute, toleration_seconds: 30}
        """);
    assertEquals(List.of(Map.of("operator", "Exists"),
        Map.of("key", "nvidia.com/gpu", "operator", "Exists", "value", "", "effect", "NoSchedule"),
        Map.of("key", "team", "value", "ml-1"),
        Map.of("key", "k", "value", "v", "effect", "NoExecute", "tolerationSeconds", 30)),
        at(find(docs, "Job", "tol-a"), "spec", "template", "spec", "tolerations"));
  }

  @Test
  void anInvalidOverrideIsReportedAtTheFieldThatSetIt() throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: grp
        image: img:1
        process_groups:
          g:
            overrides:
              pod:
                nodeSelector: {a: b}
                tolerations: [{key: k, tolerationSeconds: soon}]
            processes:
              learner: {}
              replay:
                overrides: {container: {ports: [{containerPort: 80, protocl: TCP}], stdin: 1}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    String prefix = file + ":";
    // The pod's problem is the pod override's; the container's, at index 1, the replay process's.
    assertEquals(List.of(
        prefix + "9:32: error: process_groups.g.overrides.pod.tolerations[0].tolerationSeconds: the override makes"
            + " an invalid Job: spec.template.spec.tolerations[0].tolerationSeconds: expected an integer, found"
            + " string \"soon\"",
        prefix + "13:61: error: process_groups.g.processes.replay.overrides.container.ports[0].protocl: the"
            + " override makes an invalid Job: spec.template.spec.containers[1].ports[0].protocl: unknown field"
            + " (did you mean protocol?)",
        prefix + "13:77: error: process_groups.g.processes.replay.overrides.container.stdin: the override makes an"
            + " invalid Job: spec.template.spec.containers[1].stdin: expected a boolean, found number 1"),
        run.err().lines().filter(l -> l.contains(": error: ")).toList());
  }

  @Test
  void twoMountsAtOnePathOrScratchSharedByItsDerivedNameAreErrors() throws IOException {
    Files.createDirectories(dir.resolve("s1"));
    Files.writeString(dir.resolve("s1/key.txt"), "k");
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: e
        image: busybox:1
        secrets: [s1/key.txt]
        processes:
          a: {mounts: [{type: empty_dir, mount_path: /etc/secrets/}, {type: empty_dir, name: x2, mount_path: /tmp/a}, \
        {type: empty_dir, name: x3, mount_path: /tmp/a/}]}
        process_groups:
          g:
            processes:
              b: {mounts: [{type: empty_dir, mount_path: /a/data}, {type: empty_dir, mount_path: /scratch}]}
              c: {mounts: [{type: empty_dir, mount_path: /b/data}, {type: empty_dir, mount_path: /scratch}, \
        {type: empty_dir, name: s, mount_path: /s}]}
              d: {mounts: [{type: empty_dir, name: s, mount_path: /t}]}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    String prefix = file + ":";
    // One path with or without a trailing slash is one mount point. A scratch dir named alike by its path at
    // one mount point, or named alike on purpose, is shared; named alike by different paths, it is an error.
    assertEquals(List.of(
        prefix + "6:16: error: processes.a.mounts[0].mount_path: stave mounts the experiment's secrets at"
            + " /etc/secrets in every container, so process 'a' cannot mount another volume there",
        prefix + "6:111: error: processes.a.mounts[2].mount_path: process 'a' mounts two volumes at /tmp/a/ (the other"
            + " at line 6), which Kubernetes refuses",
        prefix + "11:20: error: process_groups.g.processes.c.mounts[0]: the empty_dir at /b/data and the one at /a/data"
            + " (line 10) would be one volume, 'data', named after the last part of their paths, so what is written"
            + " to one would show in the other"),
        run.err().lines().filter(l -> l.contains(": error: ")).toList());
    assertTrue(run.err().contains("hint: give each its own 'name', or the same 'name' to share one volume on"
        + " purpose"), run.err());
  }

  /** Kubernetes 1.33 turned the gitRepo volume off by default: the bundle is written as before, with a warning. */
  @Test
  void aGitRepoMountWarnsThatClustersFrom133DoNotMountIt() throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: e
        image: busybox:1
        processes:
          a: {mounts: [{type: git_repo, repository: "https://github.com/x/y.git", mount_path: /src}]}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of(file + ":5:23: warning: processes.a.mounts[0].type: a git_repo mount is a gitRepo volume,"
            + " which Kubernetes 1.33 and later turn off by default (feature gate GitRepoVolumeDriver): the pod"
            + " would not start on such a cluster",
        "    |   a: {mounts: [{type: git_repo, repository: \"https://github.com/x/y.git\", mount_path: /src}]}",
        "    |                       ^",
        "  = hint: clone the repository in the container's command into an empty_dir mount, or check that the"
            + " cluster's nodes enable GitRepoVolumeDriver"),
        run.err().lines().toList());
    assertTrue(run.out().contains("        gitRepo:\n          repository: https://github.com/x/y.git\n"), run.out());
  }

  /** The schema takes every mount key on every mount; one the mount's type does not use is an error, not dropped. */
  @Test
  void aMountKeyOfAnotherTypeIsAnErrorAtTheKey() throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: e
        image: busybox:1
        processes:
          a:
            mounts:
            - {type: pvc, claim_name: data, mount_path: /data, size_limit: 1Gi}
            - {type: empty_dir, mount_path: /scratch, medium: Memory, read_only: true, name: s}
            - {type: shared_memory, medium: Memory}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(
        file + ":7:56: error: processes.a.mounts[0].size_limit: 'size_limit' does nothing on a pvc mount, so it"
            + " would be left out of the volume",
        "    |     - {type: pvc, claim_name: data, mount_path: /data, size_limit: 1Gi}",
        "    |                                                        ^",
        "  = hint: remove it, or change 'type'; a pvc mount takes claim_name besides type, name, mount_path and"
            + " read_only",
        file + ":9:29: error: processes.a.mounts[2].medium: 'medium' does nothing on a shared_memory mount, so it"
            + " would be left out of the volume",
        "    |     - {type: shared_memory, medium: Memory}",
        "    |                             ^",
        "  = hint: remove it, or change 'type'; a shared_memory mount takes size_limit besides type, name,"
            + " mount_path and read_only"),
        run.err().lines().toList());
  }

  /**
   * The objects a mount refers to are named as the API server requires (DNS-1123 subdomains, dots allowed);
   * it takes a pod naming any claim, which then waits for one that cannot exist.
   */
  @Test
  void aMountsObjectNamesAreCheckedAtTheirKeys() throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: e
        image: busybox:1
        processes:
          a:
            mounts:
            - {type: pvc, claim_name: "Bad Claim!", mount_path: /data}
            - {type: secret, secret_name: My_Secret, mount_path: /s}
            - {type: config_map, config_map_name: "cfg.v1", mount_path: /c}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    String hint = " name as the cluster has it: at most 253 lower-case letters, digits, '-' and '.', starting and"
        + " ending with a letter or digit";
    assertEquals(List.of(
        file + ":7:31: error: processes.a.mounts[0].claim_name: 'Bad Claim!' is not a valid PersistentVolumeClaim"
            + " name",
        "    |     - {type: pvc, claim_name: \"Bad Claim!\", mount_path: /data}",
        "    |                               ^",
        "  = hint: write the PersistentVolumeClaim's" + hint,
        file + ":8:35: error: processes.a.mounts[1].secret_name: 'My_Secret' is not a valid Secret name",
        "    |     - {type: secret, secret_name: My_Secret, mount_path: /s}",
        "    |                                   ^",
        "  = hint: write the Secret's" + hint),
        run.err().lines().toList());
  }

  /**
   * A host_path mount's path with a '..' element is refused as the API server refuses it in a hostPath, as a
   * Mars spill path is; a name that only starts with two dots is a folder like any other.
   */
  @Test
  void aHostPathWithABackstepIsRefusedAtItsKey() throws IOException {
    Path file = dir.resolve("x.conf");
    Files.writeString(file, """
        kind = experiment
        name = e
        image = "busybox:1"
        processes.a.mounts = [
          {type = host_path, path = "/mnt/../etc", mount_path = /data}
          {type = host_path, path = /mnt/..data, mount_path = /dots}
        ]
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(
        file + ":5:29: error: processes.a.mounts[0].path: path '/mnt/../etc' has a '..' element, which Kubernetes"
            + " refuses in a hostPath",
        "  = hint: write the path without '..', e.g. /mnt/data"),
        run.err().lines().filter(line -> !line.startsWith("    |")).toList());
  }

  /**
   * A host_path's or an nfs mount's path, an nfs server and a git_repo repository that are empty are refused at
   * their key: the API server requires each (a hostPath's path, an nfs volume's server and path, a gitRepo's
   * repository), so the bundle would not apply.
   */
  @Test
  void anEmptyPathServerOrRepositoryOfAMountIsRefusedAtItsKey() throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: e
        image: busybox:1
        processes:
          a:
            mounts:
              - {type: host_path, path: "", mount_path: /d}
              - {type: nfs, name: n, server: "", path: "", mount_path: /n}
              - {type: git_repo, repository: "", mount_path: /g}
        """);
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(
        file + ":7:33: error: processes.a.mounts[0].path: must not be empty",
        "  = hint: write an absolute path, such as /mnt/data",
        file + ":8:38: error: processes.a.mounts[1].server: must not be empty",
        "  = hint: write the NFS server's host name or address",
        file + ":8:48: error: processes.a.mounts[1].path: must not be empty",
        "  = hint: write an absolute path, such as /mnt/data",
        file + ":9:38: error: processes.a.mounts[2].repository: must not be empty",
        "  = hint: write the URL of the git repository"),
        run.err().lines().filter(line -> !line.startsWith("    |")).toList());
  }

  /** An nfs path that is not absolute is refused at its key, as the API server refuses such an nfs volume. */
  @Test
  void aRelativeNfsPathIsRefusedAtItsKey() throws IOException {
    Path file = dir.resolve("x.conf");
    Files.writeString(file, """
        kind = experiment
        name = e
        image = "busybox:1"
        processes.a.mounts = [{type = nfs, server = s, path = data, mount_path = /n}]
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(
        file + ":4:55: error: processes.a.mounts[0].path: nfs path 'data' is not an absolute path, which Kubernetes"
            + " refuses in an nfs volume",
        "  = hint: start it with '/', the path the server exports, e.g. /exports/data"),
        run.err().lines().filter(line -> !line.startsWith("    |")).toList());
  }

  /** A mount's type is named with the article it is read with: "an empty_dir mount", "an nfs mount". */
  @Test
  void aMountTypeIsNamedWithItsArticle() throws IOException {
    Path file = dir.resolve("x.conf");
    Files.writeString(file, """
        kind = experiment
        name = e
        image = "busybox:1"
        processes.a.mounts = [
          {type = empty_dir, mount_path = /e, path = /x}
          {type = nfs, server = s, mount_path = /n}
          {type = empty_dir}
        ]
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(
        file + ":5:39: error: processes.a.mounts[0].path: 'path' does nothing on an empty_dir mount, so it would be"
            + " left out of the volume",
        "  = hint: remove it, or change 'type'; an empty_dir mount takes medium, size_limit besides type, name,"
            + " mount_path and read_only",
        file + ":6:3: error: processes.a.mounts[1]: an nfs mount needs 'path'",
        "  = hint: add 'path'",
        file + ":7:3: error: processes.a.mounts[2]: an empty_dir mount needs 'mount_path'",
        "  = hint: add mount_path = /where/in/the/container"),
        run.err().lines().filter(line -> !line.startsWith("    |")).toList());
  }

  @ParameterizedTest
  @ValueSource(strings = {"yaml", "conf"})
  void aVariableTheModelCheckRefusesInAnOverrideIsNamedWithHowToMakeItText(String format) throws IOException {
    boolean yaml = format.equals("yaml");
    Path file = dir.resolve("x." + format);
    Files.writeString(file, yaml
        ? "kind: experiment\nname: e\nimage: busybox:1\nprocesses:\n  a:\n    overrides:\n      container:\n"
            + "        workingDir: ${V}\n        securityContext:\n          runAsUser: ${U}\n"
        : "kind = experiment\nname = e\nimage = \"busybox:1\"\nprocesses {\n  a {\n    overrides {\n"
            + "      container {\n        workingDir = ${V}\n        securityContext { runAsUser = ${?U} }\n"
            + "      }\n    }\n  }\n}\n");
    Run run = Run.with(new dev.stave.config.Env(Map.of("V", "3", "U", "abc"), "/home/user"), "compile",
        file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    // V=3 is the number 3, where Kubernetes takes only text; U=abc is text, where it takes only a number.
    String invalid = ": the override makes an invalid Job: spec.template.spec.containers[0].";
    assertEquals(List.of(
        file + ":8:9: error: processes.a.overrides.container.workingDir" + invalid
            + "workingDir: expected a string, found number 3",
        "  = hint: the value comes from ${V}: write " + (yaml ? "\"${V}\"" : "\"\"${V}") + " to make it text",
        file + (yaml ? ":10:11" : ":9:27") + ": error: processes.a.overrides.container.securityContext.runAsUser"
            + invalid + "securityContext.runAsUser: expected an integer, found string \"abc\"",
        "  = hint: the value comes from " + (yaml ? "${U}" : "${?U}") + ": set U to an integer"),
        run.err().lines().filter(l -> l.contains(": error: ") || l.startsWith("  = hint: ")).toList());
  }

  @ParameterizedTest
  @ValueSource(strings = {"yaml", "conf"})
  void aVariableOfAnotherKindThanAnOverridesFieldTakesIsNamedWithWhatItMustHold(String format) throws IOException {
    boolean yaml = format.equals("yaml");
    Path file = dir.resolve("x." + format);
    Files.writeString(file, yaml
        ? "kind: experiment\nname: e\nimage: busybox:1\nprocesses:\n  a:\n    overrides:\n      container:\n"
            + "        stdin: ${B}\n        securityContext: ${S:-none}\n"
        : "kind = experiment\nname = e\nimage = \"busybox:1\"\nprocesses {\n  a {\n    overrides {\n"
            + "      container {\n        stdin = ${B}\n        securityContext = ${?S}\n      }\n    }\n  }\n}\n");
    Run run = Run.with(new dev.stave.config.Env(yaml ? Map.of("B", "yes") : Map.of("B", "yes", "S", "none"),
        "/home/user"), "compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    // yes is text in YAML 1.2 as in HOCON, and no variable's value is a map.
    String invalid = ": the override makes an invalid Job: spec.template.spec.containers[0].";
    assertEquals(file + ":8:9: error: processes.a.overrides.container.stdin" + invalid
        + "stdin: expected a boolean, found string \"yes\"\n"
        + (yaml ? "    |         stdin: ${B}\n" : "    |         stdin = ${B}\n")
        + "    |         ^\n"
        + "  = hint: the value comes from ${B}: set B to a boolean\n"
        + file + ":9:9: error: processes.a.overrides.container.securityContext" + invalid
        + "securityContext: expected an object, found string \"none\"\n"
        + (yaml ? "    |         securityContext: ${S:-none}\n" : "    |         securityContext = ${?S}\n")
        + "    |         ^\n"
        + "  = hint: the value comes from " + (yaml ? "${S:-none}" : "${?S}") + ", and a variable's value is text, a"
        + " number or a boolean: write an object here\n", run.err());
  }

  @ParameterizedTest
  @ValueSource(strings = {"yaml", "conf"})
  void anEmptyVariableInAnOverrideIsNamedAsWhatMakesTheFieldNull(String format) throws IOException {
    boolean yaml = format.equals("yaml");
    Path file = dir.resolve("x." + format);
    Files.writeString(file, yaml
        ? "kind: experiment\nname: e\nimage: busybox:1\nprocesses:\n  a:\n    overrides:\n      container:\n"
            + "        workingDir: ${W}\n"
        : "kind = experiment\nname = e\nimage = \"busybox:1\"\nprocesses {\n  a {\n    overrides {\n"
            + "      container {\n        workingDir = ${?W}\n      }\n    }\n  }\n}\n");
    Run run = Run.with(new dev.stave.config.Env(Map.of("W", ""), "/home/user"), "compile", file.toString(), "-o",
        "-");
    assertEquals(1, run.code(), run.err());
    // HOCON's ${?W} leaves the key out while W is unset; YAML's ${W} is an error then.
    assertEquals(file + ":8:9: error: processes.a.overrides.container.workingDir: the override makes an invalid Job:"
        + " spec.template.spec.containers[0].workingDir: null value; omit the field or give it a value\n"
        + (yaml ? "    |         workingDir: ${W}\n" : "    |         workingDir = ${?W}\n")
        + "    |         ^\n"
        + "  = hint: the value comes from " + (yaml ? "${W}" : "${?W}") + ", which is empty, and an empty value is"
        + " null, which would delete the field: set W to a value, or "
        + (yaml ? "remove the field from the override" : "unset W to leave it out of the override") + "\n",
        run.err());
  }

  @ParameterizedTest
  @ValueSource(strings = {"yaml", "conf"})
  void anIntegerBeyondWhatAnOverridesFieldHoldsIsToldWithTheFieldsRange(String format) throws IOException {
    boolean yaml = format.equals("yaml");
    Path file = dir.resolve("x." + format);
    Files.writeString(file, yaml
        ? "kind: experiment\nname: e\nimage: busybox:1\nprocesses:\n  a:\n    overrides:\n      container:\n"
            + "        ports: [{containerPort: 3000000000}]\n        securityContext:\n          runAsUser: ${U}\n"
        : "kind = experiment\nname = e\nimage = \"busybox:1\"\nprocesses {\n  a {\n    overrides {\n"
            + "      container {\n        ports = [{containerPort = 3000000000}]\n"
            + "        securityContext { runAsUser = ${U} }\n      }\n    }\n  }\n}\n");
    Run run = Run.with(new dev.stave.config.Env(Map.of("U", "99999999999999999999"), "/home/user"), "compile",
        file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    // The variable's value is hidden, as every variable's value is in a diagnostic.
    String invalid = ": the override makes an invalid Job: spec.template.spec.containers[0].";
    assertEquals(List.of(
        file + (yaml ? ":8:18" : ":8:19") + ": error: processes.a.overrides.container.ports[0].containerPort" + invalid
            + "ports[0].containerPort: number 3000000000 does not fit in a 32-bit integer",
        "  = hint: write an integer from -2147483648 to 2147483647, the range of the field",
        file + (yaml ? ":10:11" : ":9:27") + ": error: processes.a.overrides.container.securityContext.runAsUser"
            + invalid + "securityContext.runAsUser: number *** does not fit in a 64-bit integer",
        "  = hint: the value comes from ${U}, which is out of range for the field: set U to an integer from"
            + " -9223372036854775808 to 9223372036854775807"),
        run.err().lines().filter(l -> l.contains(": error: ") || l.startsWith("  = hint: ")).toList());
  }

  @ParameterizedTest
  @ValueSource(strings = {"yaml", "conf"})
  void aMapThatBreaksALimitThroughAnAliasOrASubstitutionIsAtTheCopyWithWhereItIsWritten(String format)
      throws IOException {
    boolean yaml = format.equals("yaml");
    Path file = dir.resolve("x." + format);
    // Overrides take any map, so one there can be copied to where a limit holds.
    String header = yaml ? "kind: experiment\nname: e\nimage: busybox:1\n" : "kind = experiment\nname = e\nimage = b\n";
    String g = "${processes.a.overrides.pod.g}";
    Files.writeString(file, header + (yaml
        ? "processes:\n  a: {overrides: {pod: {g: &g {}}}}\nprocess_groups:\n  g:\n    processes: *g\n"
        : "processes { a { overrides.pod.g {} } }\nprocess_groups { g { processes = " + g + " } }\n"));
    Run run = Run.with(new dev.stave.config.Env(Map.of(), "/home/user"), "compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(file + (yaml ? ":8:16" : ":5:34") + ": error: process_groups.g.processes: must not be empty",
            "  = note: the value comes from " + (yaml ? "the anchor &g at 5:28" : g + " at 4:31")),
        run.err().lines().filter(l -> l.contains(": error: ") || l.startsWith("  = note: ")).toList());
    String values = java.util.stream.IntStream.range(0, 101).mapToObj(Integer::toString)
        .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
    String grid = "{a: " + values + ", b: " + values + "}";
    Files.writeString(file, header + (yaml
        ? "processes:\n  a: {overrides: {pod: {g: &g " + grid + "}}}\nsweep: {grid: *g}\n"
        : "processes { a { overrides.pod.g = " + grid + " } }\nsweep { grid = " + g + " }\n"));
    run = Run.with(new dev.stave.config.Env(Map.of(), "/home/user"), "compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(file + (yaml ? ":6:15" : ":5:16") + ": error: sweep.grid: the sweep has 101 x 101 = 10,201"
            + " points, more than 10,000 in one bundle",
            "  = note: the value comes from " + (yaml ? "the anchor &g at 5:28" : g + " at 4:35")),
        run.err().lines().filter(l -> l.contains(": error: ") || l.startsWith("  = note: ")).toList());
  }

  @Test
  void aListOrMapThatSubstitutionsJoinIsAtTheJoinWithWhereEachPartIsWritten() throws IOException {
    Path file = dir.resolve("x.conf");
    String values = java.util.stream.IntStream.range(0, 101).mapToObj(Integer::toString)
        .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
    String a = "${processes.a.overrides.pod.m}";
    String b = "${processes.a.overrides.pod.n}";
    Files.writeString(file, "kind = experiment\nname = e\nimage = b\n"
        + "processes { a { overrides.pod { m {}, n {} } } }\nprocess_groups { g { processes = " + a + b + " } }\n");
    Run run = Run.with(new dev.stave.config.Env(Map.of(), "/home/user"), "compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(file + ":5:34: error: process_groups.g.processes: must not be empty",
            "  = note: the value comes from " + a + " at 4:33 and " + b + " at 4:39"),
        run.err().lines().filter(l -> l.contains(": error: ") || l.startsWith("  = note: ")).toList());
    Files.writeString(file, "kind = experiment\nname = e\nimage = b\nprocesses { a { overrides.pod {\n"
        + "  m { x = " + values + " }\n  n { y = " + values + " }\n} } }\nsweep { grid = " + a + " " + b + " }\n");
    run = Run.with(new dev.stave.config.Env(Map.of(), "/home/user"), "validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(file + ":8:16: error: sweep.grid: the sweep has 101 x 101 = 10,201 points, more than"
            + " 10,000 in one bundle",
            "  = note: the value comes from " + a + " at 5:3 and " + b + " at 6:3"),
        run.err().lines().filter(l -> l.contains(": error: ") || l.startsWith("  = note: ")).toList());
  }

  @Test
  void aVariableInQuotesInHoconWhereTextIsTakenIsKeptWithAWarning() throws IOException {
    Path file = dir.resolve("x.conf");
    Files.writeString(file, "kind = experiment\nname = e\nimage = \"busybox:1\"\nprocesses {\n  a {\n"
        + "    command = [\"${X}\", \"$${X}\", \"a${X}\"]\n    env { A = \"${?Y}\" }\n"
        + "    overrides.container.workingDir = \"${X}\"\n  }\n}\n");
    dev.stave.config.Env env = new dev.stave.config.Env(Map.of("X", "x", "Y", "y"), "/home/user");
    Run run = Run.with(env, "compile", file.toString(), "-o", "-");
    // Kept as written, and so compiled as before: a warning, not an error. Only a reference alone is warned of.
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().contains("        command:\n        - ${X}\n        - $${X}\n        - a${X}\n"), run.out());
    assertTrue(run.out().contains("        - name: A\n          value: ${?Y}\n"), run.out());
    assertTrue(run.out().contains("        workingDir: ${X}\n"), run.out());
    String hint = " without the quotes to use the variable's value, or keep them if the text itself is meant\n";
    String warnings = file + ":6:16: warning: processes.a.command[0]: \"${X}\" is kept as that text, not the"
        + " variable's value: HOCON does not substitute in quotes\n"
        + "    |     command = [\"${X}\", \"$${X}\", \"a${X}\"]\n"
        + "    |                ^\n"
        + "  = hint: write ${X}" + hint
        + file + ":7:15: warning: processes.a.env.A: \"${?Y}\" is kept as that text, not the variable's value: HOCON"
        + " does not substitute in quotes\n"
        + "    |     env { A = \"${?Y}\" }\n"
        + "    |               ^\n"
        + "  = hint: write ${?Y}" + hint
        + file + ":8:38: warning: processes.a.overrides.container.workingDir: \"${X}\" is kept as that text, not the"
        + " variable's value: HOCON does not substitute in quotes\n"
        + "    |     overrides.container.workingDir = \"${X}\"\n"
        + "    |                                      ^\n"
        + "  = hint: write ${X}" + hint;
    assertEquals(warnings, run.err());
    run = Run.with(env, "validate", file.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals(warnings + "1 config is valid\n", run.err() + run.out());
    // YAML substitutes in quotes, and $${ is its literal ${: neither is warned of.
    Path yaml = dir.resolve("x.yaml");
    Files.writeString(yaml, "kind: experiment\nname: e\nimage: busybox:1\nprocesses:\n  a:\n"
        + "    command: [\"${X}\", \"$${X}\"]\n    overrides: {container: {workingDir: \"$${X}\"}}\n");
    run = Run.with(env, "compile", yaml.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertEquals("", run.err());
    assertTrue(run.out().contains("        command:\n        - x\n        - ${X}\n"), run.out());
  }

  @Test
  void aQuotedVariableWhereAnOverrideTakesANumberIsToBeWrittenWithoutQuotes() throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, "kind: experiment\nname: e\nimage: busybox:1\nprocesses:\n"
        + "  a: {overrides: {container: {ports: [{containerPort: \"${P}\"}], tty: \"${T}\"}}}\n");
    Run run = Run.with(new dev.stave.config.Env(Map.of("P", "8080", "T", "true"), "/home/user"), "compile",
        file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    String invalid = ": the override makes an invalid Job: spec.template.spec.containers[0].";
    String line = "    |   a: {overrides: {container: {ports: [{containerPort: \"${P}\"}], tty: \"${T}\"}}}\n";
    assertEquals(file + ":5:40: error: processes.a.overrides.container.ports[0].containerPort" + invalid
        + "ports[0].containerPort: expected an integer, found string \"8080\"\n" + line
        + "    |                                        ^\n"
        + "  = hint: the quotes make \"${P}\" text: write ${P} without them so that its value is read as a number (in"
        + " block style: in {...} or [...] a brace ends a plain value)\n"
        + file + ":5:65: error: processes.a.overrides.container.tty" + invalid
        + "tty: expected a boolean, found string \"true\"\n" + line
        + "    |                                                                 ^\n"
        + "  = hint: the quotes make \"${T}\" text: write ${T} without them so that its value is read as a boolean (in"
        + " block style: in {...} or [...] a brace ends a plain value)\n", run.err());
    // In block style the quotes can simply go; an alias of a value written in a flow map is that value.
    Files.writeString(file, "kind: experiment\nname: e\nimage: busybox:1\nlabels: {t: &t \"${T}\"}\nprocesses:\n"
        + "  a:\n    overrides:\n      container:\n        ports:\n          - containerPort: \"${P}\"\n"
        + "        tty: *t\n");
    run = Run.with(new dev.stave.config.Env(Map.of("P", "8080", "T", "true"), "/home/user"), "validate",
        file.toString());
    assertEquals(List.of(
        "  = hint: the quotes make \"${P}\" text: write ${P} without them so that its value is read as a number",
        "  = hint: the quotes make \"${T}\" text: write ${T} without them so that its value is read as a boolean (in"
            + " block style: in {...} or [...] a brace ends a plain value)"),
        run.err().lines().filter(l -> l.startsWith("  = hint: ")).toList());
    // The hint quotes the value as it is written: in single quotes, or as a block scalar, which has none.
    Files.writeString(file, "kind: experiment\nname: e\nimage: busybox:1\nprocesses:\n"
        + "  a:\n    overrides:\n      container:\n        tty: '${T}'\n        stdin: >-\n          ${T}\n");
    run = Run.with(new dev.stave.config.Env(Map.of("T", "true"), "/home/user"), "validate", file.toString());
    assertEquals(List.of(
        "  = hint: the quotes make '${T}' text: write ${T} without them so that its value is read as a boolean",
        "  = hint: the block scalar makes ${T} text: write ${T} plain so that its value is read as a boolean"),
        run.err().lines().filter(l -> l.startsWith("  = hint: ")).toList());
  }

  @Test
  void aVariableInQuotesInHoconIsTextAndToBeWrittenWithoutThemWhereANumberIsTaken() throws IOException {
    Path file = dir.resolve("x.conf");
    Files.writeString(file, "kind = experiment\nname = e\nimage = \"busybox:1\"\nprocesses {\n  a {\n"
        + "    workload = deployment\n    replicas = \"${N}\"\n"
        + "    overrides.container.ports = [{containerPort = \"${P}\"}]\n  }\n}\n");
    Run run = Run.with(new dev.stave.config.Env(Map.of("N", "2", "P", "8080"), "/home/user"), "compile",
        file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(file + ":7:16: error: processes.a.replicas: expected an integer, got a string\n"
        + "    |     replicas = \"${N}\"\n"
        + "    |                ^\n"
        + "  = hint: HOCON takes \"${N}\" in quotes as that text: write ${N} without them so that its value is read as"
        + " an integer\n", run.err());
    Files.writeString(file, Files.readString(file).replace("\"${N}\"", "${N}"));
    run = Run.with(new dev.stave.config.Env(Map.of("N", "2", "P", "8080"), "/home/user"), "compile",
        file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(file + ":8:35: error: processes.a.overrides.container.ports[0].containerPort: the override makes an"
        + " invalid Deployment: spec.template.spec.containers[0].ports[0].containerPort: expected an integer, found"
        + " string \"${P}\"\n"
        + "    |     overrides.container.ports = [{containerPort = \"${P}\"}]\n"
        + "    |                                   ^\n"
        + "  = hint: HOCON takes \"${P}\" in quotes as that text: write ${P} without them so that its value is read as"
        + " a number\n", run.err());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{overrides: {pod: {restartPolicy: Always}}}|40|restartPolicy|Job: spec.template.spec.restartPolicy: a Job's"
          + " pods cannot have restartPolicy Always",
      "{workload: deployment, overrides: {pod: {restartPolicy: Never}}}|62|restartPolicy|Deployment:"
          + " spec.template.spec.restartPolicy: a Deployment's pods must have restartPolicy Always",
      "{workload: deployment, overrides: {pod: {activeDeadlineSeconds: 60}}}|62|activeDeadlineSeconds|Deployment:"
          + " spec.template.spec.activeDeadlineSeconds: a Deployment's pods cannot have activeDeadlineSeconds",
      "{overrides: {pod: {containers: []}}}|40|containers|Job: spec.template.spec.containers: a pod needs at least"
          + " one container"})
  void anOverrideThatMakesAPodTheServerRefusesIsAnError(String process, int column, String key, String problem)
      throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, "kind: experiment\nname: e\nimage: busybox:1\nprocesses:\n  a: {command: [sh], "
        + process.substring(1) + "\n");
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(file + ":5:" + column + ": error: processes.a.overrides.pod." + key
        + ": the override makes an invalid " + problem, run.err().lines().findFirst().orElse(""));
  }

  @Test
  void aValidQuantityNotWrittenAsTheServerStoresItIsRefusedWithTheSpellingToUse() throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, "kind: experiment\nname: e\nimage: busybox:1\nprocesses:\n"
        + "  a: {overrides: {container: {resources: {limits: {memory: 1024Mi}}}}}\n");
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(file + ":5:52: error: processes.a.overrides.container.resources.limits.memory: the override makes an"
        + " invalid Job: spec.template.spec.containers[0].resources.limits.memory: not canonical: \"1024Mi\" becomes"
        + " \"1Gi\"\n    |   a: {overrides: {container: {resources: {limits: {memory: 1024Mi}}}}}\n"
        + "    |                                                    ^\n"
        + "  = hint: write the value as the API server stores it, as shown; overrides go into the bundle as written,"
        + " and the bundle holds what the cluster will hold\n", run.err());
  }

  @Test
  void anOverridesNodeSelectorAndTolerationsFollowTheRulesOfTheConfigsOwn() throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: e
        image: busybox:1
        processes:
          a:
            node_selector: {team: ml}
            overrides:
              pod:
                nodeSelector: {"bad key": x, cloud.google.com/gke-nodepool: "not ok!"}
                tolerations: [{key: k, operator: Exists, value: v}, {operator: Equal, value: x}, \
        {key: k2, value: v, effect: NoSchedule, tolerationSeconds: 5}]
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    String invalid = ": the override makes an invalid Job: spec.template.spec.";
    assertEquals(List.of(
        file + ":9:9: error: processes.a.overrides.pod.nodeSelector" + invalid + "nodeSelector[\"bad key\"]: 'bad key'"
            + " is not a label key, so it cannot select nodes",
        file + ":9:9: error: processes.a.overrides.pod.nodeSelector" + invalid
            + "nodeSelector[\"cloud.google.com/gke-nodepool\"]: 'not ok!' is not a label value, so it cannot select"
            + " nodes",
        file + ":10:50: error: processes.a.overrides.pod.tolerations[0].value" + invalid + "tolerations[0].value: a"
            + " toleration with operator Exists cannot have a value",
        file + ":10:62: error: processes.a.overrides.pod.tolerations[1].operator" + invalid + "tolerations[1].operator:"
            + " a toleration without a key must have operator Exists",
        file + ":10:130: error: processes.a.overrides.pod.tolerations[2].tolerationSeconds" + invalid
            + "tolerations[2].tolerationSeconds: tolerationSeconds applies only to effect NoExecute"),
        run.err().lines().filter(l -> l.contains(": error: ")).toList());
  }

  @Test
  void aBarePodMayRestartAlways() throws IOException {
    compile("kind: experiment\nname: e\nimage: busybox:1\nprocesses:\n"
        + "  a: {workload: pod, overrides: {pod: {restartPolicy: Always}}}\n");
  }

  @Test
  void twoProcessesOfAGroupCannotOfferOneService() throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: e
        image: busybox:1
        process_groups:
          g:
            processes:
              a: {binds: [x]}
              b: {binds: [x], exposes: [y]}
              c: {exposes: {y: 8080}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(
        file + ":8:19: error: process_groups.g.processes.b: processes 'a' and 'b' of group 'g' both offer 'x', and a"
            + " group is one pod: both would listen on its one port",
        file + ":9:21: error: process_groups.g.processes.c: processes 'b' and 'c' of group 'g' both offer 'y', and a"
            + " group is one pod: both would listen on its one port"),
        run.err().lines().filter(l -> l.contains(": error: ")).toList());
    // Pods of separate processes may offer one name: its Service selects them all.
    compile("kind: experiment\nname: e\nimage: busybox:1\nprocesses: {a: {binds: [x]}, b: {binds: [x]}}\n");
  }

  @Test
  void aGroupNamedLikeAProcessIsOneCollisionWithoutSanitizing() throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: e
        image: busybox:1
        processes:
          nonagent: {command: [x]}
        process_groups:
          nonagent:
            processes:
              learner: {command: [x]}
        """);
    Run run = Run.of("validate", file.toString());
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of(file + ":7:3: error: process_groups.nonagent: 'nonagent' is already the name of the process"
        + " or group at line 5"), run.err().lines().filter(l -> l.contains(": error: ")).toList());
  }

  @Test
  void anOverrideThatLeavesAMountWithoutItsVolumeIsAnError() throws IOException {
    Files.writeString(dir.resolve("key.txt"), "k");
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: vol
        image: img:1
        secrets: [key.txt]
        storage: {mount: /data}
        process_groups:
          g:
            overrides:
              pod:
                volumes: [{name: cache, emptyDir: {}}, {name: cache, emptyDir: {}}]
            processes:
              a: {}
              b:
                overrides: {container: {volumeMounts: [{name: scratch, mountPath: /scratch}]}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(1, run.code(), run.err());
    assertEquals("", run.out());
    String prefix = file + ":";
    // Lists replace: the pod override dropped stave's own volumes, which its mounts in container a still use;
    // container b's own list of mounts is its override's to answer for.
    String invalid = ": the override makes an invalid Job: spec.template.spec.";
    assertEquals(List.of(
        prefix + "10:9: error: process_groups.g.overrides.pod.volumes" + invalid + "volumes: container 'a' mounts"
            + " volume 'stave-secrets', which the pod does not have (its volumes: cache)",
        prefix + "10:9: error: process_groups.g.overrides.pod.volumes" + invalid + "volumes: container 'a' mounts"
            + " volume 'stave-storage', which the pod does not have (its volumes: cache)",
        prefix + "10:49: error: process_groups.g.overrides.pod.volumes[1].name" + invalid + "volumes[1].name: a second"
            + " volume named 'cache'; volume names must differ",
        prefix + "14:49: error: process_groups.g.processes.b.overrides.container.volumeMounts[0].name" + invalid
            + "containers[1].volumeMounts[0].name: container 'b' mounts volume 'scratch', which the pod does not"
            + " have (its volumes: cache)"),
        run.err().lines().filter(l -> l.contains(": error: ")).toList());
    assertTrue(run.err().contains("hint: a list in an override replaces stave's whole list"), run.err());

    // Listing stave's volumes in the override, one of them replaced, is what the hint asks for.
    List<Map<String, Object>> docs = compile("""
        kind: experiment
        name: vol
        image: img:1
        secrets: [key.txt]
        storage: {mount: /data}
        processes:
          a:
            overrides:
              pod:
                volumes:
                - {name: stave-secrets, secret: {secretName: vol-secrets}}
                - {name: stave-storage, hostPath: {path: /mnt/data}}
        """);
    assertEquals("/mnt/data", at(find(docs, "Job", "vol-a"), "spec", "template", "spec", "volumes", 1,
        "hostPath", "path"));
  }

  @Test
  void secretsAreOnlyReferencedAndMountedEverywhere() throws IOException {
    Files.writeString(dir.resolve("key.txt"), "TOPSECRET-VALUE");
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: sec
        image: img:1
        secrets: [key.txt]
        processes: {a: {}, b: {}}
        """);
    Run run = Run.of("compile", file.toString(), "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertFalse(run.out().contains("TOPSECRET"));
    assertFalse(run.out().contains("kind: Secret"));
    assertEquals(2, run.out().split("secretName: sec-secrets", -1).length - 1);
    assertEquals(2, run.out().split("mountPath: /etc/secrets", -1).length - 1);
    Run secrets = Run.of("secrets", file.toString());
    assertEquals(0, secrets.code(), secrets.err());
    assertTrue(secrets.out().contains("key.txt: VE9QU0VDUkVULVZBTFVF"), secrets.out());
  }

  @Test
  void aSecretThatIsAFolderIsCalledOneNotMissing() throws IOException {
    Files.createDirectories(dir.resolve("keys"));
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: sec
        image: img:1
        secrets: [keys]
        processes: {a: {}}
        """);
    Run run = Run.of("secrets", file.toString());
    assertEquals(1, run.code());
    assertTrue(run.err().startsWith(file + ":4:11: error: secrets: secret " + dir.resolve("keys")
        + " is a folder, so it cannot be a Secret's key"), run.err());
    assertTrue(run.err().contains("hint: name each file of the folder in 'secrets'"), run.err());
  }

  @Test
  void aMissingSecretFileIsALocatedErrorForStaveSecrets() throws IOException {
    Path file = dir.resolve("x.yaml");
    Files.writeString(file, """
        kind: experiment
        name: sec
        image: img:1
        secrets: [missing.txt]
        processes: {a: {}}
        """);
    Run run = Run.of("secrets", file.toString());
    assertEquals(1, run.code());
    assertTrue(run.err().startsWith(file + ":4:11: error: secrets: secret file "), run.err());
    assertEquals("", run.out());
  }

  @Test
  void hostileValuesStayStrings() throws IOException {
    List<Map<String, Object>> docs = compile("""
        kind: experiment
        name: hostile
        image: img:1
        processes:
          a:
            args: ["a: b", "\\n---\\nkind: Secret", "<#assign x=1>$${x}", "{{p}}", "yes", "0755", "#c", "._", "+._e+1"]
            env: {X: "$${HOME}", Y: "multi\\nline", Z: "._"}
        """);
    Object container = at(find(docs, "Job", "hostile-a"), "spec", "template", "spec", "containers", 0);
    assertEquals(List.of("a: b", "\n---\nkind: Secret", "<#assign x=1>${x}", "{{p}}", "yes", "0755", "#c", "._",
        "+._e+1"), at(container, "args"));
    assertEquals("${HOME}", env(find(docs, "Job", "hostile-a")).get("X"));
    assertEquals("multi\nline", env(find(docs, "Job", "hostile-a")).get("Y"));
    assertEquals("._", env(find(docs, "Job", "hostile-a")).get("Z"));
  }

  /** The YAML reader reads 1,024 characters at a time; an emoji may start at the last one. */
  @Test
  void anEmojiAtTheEdgeOfTheReadersBufferCompiles() throws IOException {
    String head = """
        kind: experiment
        name: edge
        image: img:1
        processes:
          a:
            env: {E: "\
        """.stripTrailing();
    String value = "x".repeat(1023 - head.length()) + "😀";
    List<Map<String, Object>> docs = compile(head + value + "\"}\n");
    assertEquals(value, env(find(docs, "Job", "edge-a")).get("E"));
  }

  @Test
  void hexQuantitiesAreTheNumbersYamlReadsThemAs() throws IOException {
    String config = """
        kind: experiment
        name: hex
        image: img:1
        storage: {mount: /storage, size: %s}
        processes:
          a:
            resource_request: {cpu: %s, memory: %s}
            resource_limit: {cpu: %s, gpu: %s}
        """;
    assertEquals(compile(config.formatted("1073741824", "2", "1048576", "4", "1")),
        compile(config.formatted("0x40000000", "0x2", "0x100000", "0o4", "0x1")));
  }
}

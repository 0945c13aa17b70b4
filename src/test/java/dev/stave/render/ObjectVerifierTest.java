package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;

class ObjectVerifierTest {
  // One instance for the whole class, as stave uses it: shapes cached across objects must not leak.
  private static final ObjectVerifier VERIFIER = new ObjectVerifier();

  static final String POD =
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: worker-0
        namespace: bench
        labels: {app: worker, "app.kubernetes.io/name": worker}
        annotations: {stave.dev/source: "bench.conf:12"}
      spec:
        restartPolicy: Never
        nodeSelector: {pool: cpu}
        tolerations: [{key: dedicated, operator: Equal, value: bench, effect: NoSchedule}]
        containers:
          - name: worker
            image: registry.example.com/worker:1.2.3
            imagePullPolicy: IfNotPresent
            command: [/bin/worker]
            args: [--rank, "0"]
            env:
              - {name: RANK, value: "0"}
              - {name: POD, valueFrom: {fieldRef: {fieldPath: metadata.name}}}
            ports: [{name: http, containerPort: 8080, protocol: TCP}]
            resources: {requests: {cpu: 500m, memory: 1Gi}, limits: {cpu: "2", memory: 2Gi}}
            readinessProbe: {httpGet: {path: /healthz, port: http}, periodSeconds: 5}
            volumeMounts: [{name: data, mountPath: /data}]
        volumes: [{name: data, emptyDir: {sizeLimit: 10Gi}}]
      """;

  static final String JOB =
      """
apiVersion: batch/v1
kind: Job
metadata: {name: sweep, namespace: bench}
spec:
  completionMode: Indexed
  completions: 64
  parallelism: 8
  backoffLimitPerIndex: 1
  maxFailedIndexes: 4
  ttlSecondsAfterFinished: 3600
  template:
    metadata: {labels: {app: sweep}}
    spec:
      restartPolicy: Never
      containers:
        - name: worker
          image: registry.example.com/worker:1.2.3
          env:
            - name: INDEX
              valueFrom:
                fieldRef: {fieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']"}
          resources: {requests: {cpu: "1", memory: 512Mi}}
""";

  static final String DEPLOYMENT =
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata: {name: web, labels: {app: web}}
      spec:
        replicas: 3
        selector: {matchLabels: {app: web}}
        strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 25%, maxUnavailable: 0}}
        template:
          metadata: {labels: {app: web}}
          spec:
            containers:
              - name: web
                image: nginx:1.27
                ports: [{containerPort: 80}]
              - name: sidecar
                image: busybox:1.36
                args: [sleep, infinity]
      """;

  static final String SERVICE =
      """
      apiVersion: v1
      kind: Service
      metadata: {name: web}
      spec:
        type: ClusterIP
        selector: {app: web}
        ports:
          - {name: http, port: 80, targetPort: 8080, protocol: TCP}
          - {name: metrics, port: 9090, targetPort: metrics}
      """;

  static final String CONFIG_MAP =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata: {name: settings}
      data:
        config.yaml: |
          threads: 4
        LOG_LEVEL: info
      """;

  static final String SECRET =
      """
      apiVersion: v1
      kind: Secret
      metadata: {name: credentials}
      type: Opaque
      data: {token: aGVsbG8=}
      stringData: {password: hunter2, port: "5432"}
      """;

  static final String PVC =
      """
      apiVersion: v1
      kind: PersistentVolumeClaim
      metadata: {name: data}
      spec:
        accessModes: [ReadWriteOnce]
        storageClassName: fast
        resources: {requests: {storage: 100Gi}}
      """;

  static final String NAMESPACE =
      """
      apiVersion: v1
      kind: Namespace
      metadata: {name: bench, labels: {team: perf}}
      """;

  static final String ROLE =
      """
      apiVersion: rbac.authorization.k8s.io/v1
      kind: Role
      metadata: {name: reader, namespace: bench}
      rules:
        - apiGroups: [""]
          resources: [pods, pods/log]
          verbs: [get, list, watch]
      """;

  static final String ROLE_BINDING =
      """
      apiVersion: rbac.authorization.k8s.io/v1
      kind: RoleBinding
      metadata: {name: reader, namespace: bench}
      roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: reader}
      subjects: [{kind: ServiceAccount, name: runner, namespace: bench}]
      """;

  static final String PDB =
      """
      apiVersion: policy/v1
      kind: PodDisruptionBudget
      metadata: {name: web}
      spec:
        minAvailable: 50%
        selector: {matchLabels: {app: web}}
      """;

  static final String HPA =
      """
      apiVersion: autoscaling/v2
      kind: HorizontalPodAutoscaler
      metadata: {name: web}
      spec:
        scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
        minReplicas: 2
        maxReplicas: 10
        metrics:
          - type: Resource
            resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}
          - type: Resource
            resource: {name: memory, target: {type: AverageValue, averageValue: 500Mi}}
        behavior:
          scaleDown:
            stabilizationWindowSeconds: 300
            policies: [{type: Percent, value: 50, periodSeconds: 60}]
      """;

  static final List<String> SOUND =
      List.of(
          POD,
          JOB,
          DEPLOYMENT,
          SERVICE,
          CONFIG_MAP,
          SECRET,
          PVC,
          NAMESPACE,
          ROLE,
          ROLE_BINDING,
          PDB,
          HPA);

  @Test
  void soundObjectsHaveNoProblems() {
    for (String yaml : SOUND) {
      assertEquals(List.of(), problems(yaml), yaml);
    }
  }

  @Test
  void reportsAnUnknownTopLevelField() {
    assertEquals(
        List.of("spce: unknown field (did you mean spec?)"), problems(NAMESPACE + "spce: {}\n"));
  }

  @Test
  void reportsAnUnknownFieldInsideMetadata() {
    assertEquals(
        List.of("metadata.lables: unknown field (did you mean labels?)"),
        problems(NAMESPACE.replace("labels:", "lables:")));
  }

  @Test
  void reportsAnUnknownFieldDeepInTheSecondContainer() {
    String yaml = DEPLOYMENT.replace("args: [sleep, infinity]", "imagePulPolicy: Always");
    assertEquals(
        List.of(
            "spec.template.spec.containers[1].imagePulPolicy: unknown field"
                + " (did you mean imagePullPolicy?)"),
        problems(yaml));
  }

  @Test
  void reportsEveryUnknownFieldNotOnlyTheFirst() {
    String yaml =
        DEPLOYMENT
            .replace("replicas: 3", "replicas: 3\n  flavour: vanilla")
            .replace("image: nginx:1.27", "image: nginx:1.27\n          cpuLimit: 2");
    assertEquals(
        List.of(
            "spec.flavour: unknown field",
            "spec.template.spec.containers[0].cpuLimit: unknown field"),
        problems(yaml));
  }

  @Test
  void reportsAStringWhereAnIntegerIsExpected() {
    assertEquals(
        List.of("spec.replicas: expected an integer, found string \"3\""),
        problems(DEPLOYMENT.replace("replicas: 3", "replicas: \"3\"")));
  }

  @Test
  void reportsAFractionWhereAnIntegerIsExpected() {
    assertEquals(
        List.of("spec.replicas: expected an integer, found number 3.0"),
        problems(DEPLOYMENT.replace("replicas: 3", "replicas: 3.0")));
  }

  @Test
  void reportsAnIntegerTooLargeForInt32() {
    assertEquals(
        List.of(
            "spec.template.spec.containers[0].ports[0].containerPort:"
                + " number 3000000000 does not fit in a 32-bit integer"),
        problems(DEPLOYMENT.replace("containerPort: 80", "containerPort: 3000000000")));
  }

  @Test
  void reportsNumbersWhereStringsAreExpected() {
    String yaml =
        POD.replace("image: registry.example.com/worker:1.2.3", "image: 5")
            .replace("{name: RANK, value: \"0\"}", "{name: RANK, value: 5}")
            .replace("{app: worker,", "{app: worker, tier: 5,");
    assertEquals(
        List.of(
            "metadata.labels.tier: expected a string, found number 5",
            "spec.containers[0].image: expected a string, found number 5",
            "spec.containers[0].env[0].value: expected a string, found number 5"),
        problems(yaml));
  }

  @Test
  void reportsABooleanWhereAStringIsExpected() {
    assertEquals(
        List.of(
            "metadata.annotations[\"stave.dev/managed\"]: expected a string, found boolean true"),
        problems(
            NAMESPACE.replace(
                "labels: {team: perf}",
                "labels: {team: perf}, annotations: {stave.dev/managed: true}")));
  }

  @Test
  void reportsAStringWhereABooleanIsExpected() {
    assertEquals(
        List.of("spec.containers[0].tty: expected a boolean, found string \"yes\""),
        problems(POD.replace("imagePullPolicy: IfNotPresent", "tty: \"yes\"")));
  }

  @Test
  void acceptsIntOrStringAsEitherButNothingElse() {
    assertEquals(
        List.of("spec.ports[0].targetPort: expected an integer or a string, found boolean true"),
        problems(SERVICE.replace("targetPort: 8080", "targetPort: true")));
  }

  @Test
  void reportsAContainerWithoutName() {
    assertEquals(
        List.of("spec.template.spec.containers[1].name: required field missing"),
        problems(DEPLOYMENT.replace("- name: sidecar\n          image:", "- image:")));
  }

  @Test
  void reportsAServicePortWithoutPort() {
    assertEquals(
        List.of("spec.ports[1].port: required field missing"),
        problems(SERVICE.replace("port: 9090, ", "")));
  }

  @Test
  void reportsANullValue() {
    assertEquals(
        List.of("spec.containers[0].image: null value; omit the field or give it a value"),
        problems(POD.replace("image: registry.example.com/worker:1.2.3", "image: null")));
  }

  @Test
  void reportsAListWhereAnObjectIsExpected() {
    assertEquals(
        List.of("spec.selector: expected an object, found a list"),
        problems(PDB.replace("selector: {matchLabels: {app: web}}", "selector: [app]")));
  }

  @ParameterizedTest
  @ValueSource(strings = {"500m", "1", "1Gi", "100Mi", "2", "1536Mi", "100u"})
  void acceptsCanonicalQuantities(String quantity) {
    assertEquals(List.of(), problems(withCpuRequest("\"" + quantity + "\"")));
  }

  @Test
  void reportsNonCanonicalCpu() {
    assertEquals(
        List.of(
            "spec.containers[0].resources.requests.cpu: not canonical: \"0.5\" becomes \"500m\""),
        problems(withCpuRequest("\"0.5\"")));
    assertEquals(
        List.of(
            "spec.containers[0].resources.requests.cpu: not canonical: \"1000m\" becomes \"1\""),
        problems(withCpuRequest("1000m")));
  }

  @Test
  void reportsNonCanonicalMemory() {
    assertEquals(
        List.of(
            "spec.containers[0].resources.requests.memory:"
                + " not canonical: \"1024Mi\" becomes \"1Gi\""),
        problems(POD.replace("memory: 1Gi", "memory: 1024Mi")));
  }

  @Test
  void reportsAQuantityWrittenAsANumber() {
    // The model always writes quantities back as strings.
    assertEquals(
        List.of("spec.containers[0].resources.requests.cpu: not canonical: 2 becomes \"2\""),
        problems(withCpuRequest("2")));
  }

  @Test
  void reportsAQuantityThatDoesNotParse() {
    assertEquals(
        List.of("spec.containers[0].resources.requests.cpu: not a quantity: \"lots\""),
        problems(withCpuRequest("lots")));
  }

  @Test
  void reportsBase64TheApiServerWouldReject() {
    assertEquals(
        List.of("data.token: not canonical: \"aGk\" becomes \"aGk=\""),
        problems(SECRET.replace("token: aGVsbG8=", "token: aGk")));
    assertEquals(
        List.of("data.token: not valid base64: \"not base64!\""),
        problems(SECRET.replace("token: aGVsbG8=", "token: \"not base64!\"")));
  }

  @Test
  void reportsTimesOutsideUtc() {
    assertEquals(
        List.of(
            "metadata.creationTimestamp: not in UTC: \"2024-05-06T09:08:07+02:00\";"
                + " write \"2024-05-06T07:08:07Z\""),
        problems(
            NAMESPACE.replace(
                "name: bench,", "name: bench, creationTimestamp: \"2024-05-06T09:08:07+02:00\",")));
    assertEquals(
        List.of(),
        problems(
            NAMESPACE.replace(
                "name: bench,", "name: bench, creationTimestamp: \"2024-05-06T09:08:07Z\",")));
  }

  @Test
  void reportsAnUnknownKind() {
    assertEquals(
        List.of("kind: no Kubernetes model for example.com/v1 Widget"),
        problems("apiVersion: example.com/v1\nkind: Widget\nspec: {size: 3}\n"));
    assertEquals(
        List.of("kind: no Kubernetes model for apps/v1beta1 Deployment"),
        problems(DEPLOYMENT.replace("apps/v1", "apps/v1beta1")));
  }

  @Test
  void reportsAMissingKind() {
    assertEquals(
        List.of("kind: required field missing"), problems("apiVersion: v1\nmetadata: {name: x}\n"));
  }

  @Test
  void knowsBuiltInKindsOnly() {
    assertTrue(VERIFIER.knows("batch/v1", "Job"));
    assertTrue(VERIFIER.knows("autoscaling/v2", "HorizontalPodAutoscaler"));
    assertTrue(VERIFIER.knows("storage.k8s.io/v1", "StorageClass"));
    assertFalse(VERIFIER.knows("example.com/v1", "Widget"));
    assertFalse(VERIFIER.knows("v1", "Job"));
  }

  private static String withCpuRequest(String cpu) {
    return POD.replace("requests: {cpu: 500m,", "requests: {cpu: " + cpu + ",");
  }

  static Map<String, Object> parse(String yaml) {
    return new Yaml().load(yaml);
  }

  private static List<String> problems(String yaml) {
    return VERIFIER.problems(parse(yaml));
  }
}

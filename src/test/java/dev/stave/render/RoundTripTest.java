package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import io.kubernetes.client.openapi.JSON;
import io.kubernetes.client.openapi.models.V1Deployment;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.openapi.models.V1Secret;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The round trip on its own, with the client's unmodified Gson: the type check normally reports
 * these first, so only here can the round trip show it catches them too.
 */
class RoundTripTest {
  private final RoundTrip clientRoundTrip = new RoundTrip(JSON.getGson(), new ModelShapes());

  @Test
  void reportsWhatTheModelCoerces() {
    String yaml =
        ObjectVerifierTest.POD
            .replace("image: registry.example.com/worker:1.2.3", "image: 5")
            .replace("periodSeconds: 5", "periodSeconds: \"5\"");
    assertEquals(
        List.of(
            "spec.containers[0].image: changed by the model: 5 becomes \"5\"",
            "spec.containers[0].readinessProbe.periodSeconds:"
                + " changed by the model: \"5\" becomes 5"),
        check(yaml, V1Pod.class));
  }

  @Test
  void reportsQuantitiesTheModelRespells() {
    String yaml =
        ObjectVerifierTest.POD.replace("requests: {cpu: 500m,", "requests: {cpu: \"0.5\",");
    assertEquals(
        List.of(
            "spec.containers[0].resources.requests.cpu: not canonical: \"0.5\" becomes \"500m\""),
        check(yaml, V1Pod.class));
  }

  @Test
  void reportsFieldsTheModelDrops() {
    String lenient =
        ObjectVerifierTest.DEPLOYMENT.replace("replicas: 3", "replicas: 3\n  flavour: x");
    assertEquals(
        List.of("spec.flavour: dropped by the model"),
        check(lenient, V1Deployment.class, RoundTrip.clientGsonWithoutValidation()));
  }

  @Test
  void treatsEqualInstantsAndNumbersAsUnchanged() {
    // The client writes times with microseconds, and 3.0 replicas as 3.
    String yaml =
        ObjectVerifierTest.DEPLOYMENT
            .replace(
                "name: web, labels",
                "name: web, creationTimestamp: \"2024-05-06T09:08:07Z\", labels")
            .replace("replicas: 3", "replicas: 3.0");
    assertEquals(List.of(), check(yaml, V1Deployment.class));
  }

  @Test
  void reportsTheInstantTheClientShiftsWhenTheOffsetIsNotUtc() {
    String yaml =
        ObjectVerifierTest.DEPLOYMENT.replace(
            "name: web, labels",
            "name: web, creationTimestamp: \"2024-05-06T09:08:07+02:00\", labels");
    assertEquals(
        List.of(
            "metadata.creationTimestamp: changed by the model:"
                + " \"2024-05-06T09:08:07+02:00\" becomes \"2024-05-06T09:08:07.000000Z\""),
        check(yaml, V1Deployment.class));
  }

  @Test
  void reportsAtMostFiveDifferences() {
    StringBuilder yaml =
        new StringBuilder("apiVersion: v1\nkind: Secret\nmetadata: {name: s}\nstringData:\n");
    for (int i = 0; i < 8; i++) {
      yaml.append("  k").append(i).append(": ").append(i).append('\n');
    }
    assertEquals(
        List.of(
            "stringData.k0: changed by the model: 0 becomes \"0\"",
            "stringData.k1: changed by the model: 1 becomes \"1\"",
            "stringData.k2: changed by the model: 2 becomes \"2\"",
            "stringData.k3: changed by the model: 3 becomes \"3\"",
            "stringData.k4: changed by the model: 4 becomes \"4\""),
        check(yaml.toString(), V1Secret.class));
  }

  @Test
  void leanGsonWritesExactlyWhatTheClientGsonWrites() {
    Gson client = JSON.getGson();
    Gson lean = RoundTrip.clientGsonWithoutValidation();
    List<String> sound = new ArrayList<>(ObjectVerifierTest.SOUND);
    sound.add(
        ObjectVerifierTest.SECRET.replace(
            "name: credentials", "name: c, creationTimestamp: \"2024-05-06T09:08:07Z\""));
    sound.add(
        ObjectVerifierTest.SECRET.replace(
            "name: credentials", "name: c, creationTimestamp: \"2024-05-06T09:08:07.123456Z\""));
    for (String yaml : sound) {
      JsonElement json = JsonText.toJson(ObjectVerifierTest.parse(yaml));
      Class<?> model = modelOf(json);
      assertEquals(
          client.toJsonTree(client.fromJson(json, model)),
          lean.toJsonTree(lean.fromJson(json, model)),
          yaml);
    }
  }

  private static Class<?> modelOf(JsonElement json) {
    String kind = json.getAsJsonObject().get("kind").getAsString();
    String version = json.getAsJsonObject().get("apiVersion").getAsString();
    String prefix = version.endsWith("v2") ? "V2" : "V1";
    try {
      return Class.forName("io.kubernetes.client.openapi.models." + prefix + kind);
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
  }

  private List<String> check(String yaml, Class<?> model) {
    List<String> problems = new ArrayList<>();
    clientRoundTrip.check(ObjectVerifierTest.parse(yaml), model, problems);
    return problems;
  }

  private static List<String> check(String yaml, Class<?> model, Gson gson) {
    List<String> problems = new ArrayList<>();
    new RoundTrip(gson, new ModelShapes()).check(ObjectVerifierTest.parse(yaml), model, problems);
    return problems;
  }
}

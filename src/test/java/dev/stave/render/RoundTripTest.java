package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
import io.kubernetes.client.openapi.JSON;
import io.kubernetes.client.openapi.models.V1Deployment;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.openapi.models.V1Secret;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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

  /**
   * A null the model gives back as null is no change: in a direct call, where no type check reports it first, a
   * null item of a list is not said to become null.
   */
  @Test
  void aNullTheModelKeepsIsNoChange() {
    String yaml = ObjectVerifierTest.POD.replace("args: [--rank, \"0\"]", "args: [--rank, null]");
    assertEquals(List.of(), check(yaml, V1Pod.class));
    String number = ObjectVerifierTest.POD.replace("args: [--rank, \"0\"]", "args: [--rank, 0]");
    assertEquals(
        List.of("spec.containers[0].args[1]: changed by the model: 0 becomes \"0\""),
        check(number, V1Pod.class));
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

  @Test
  void leanGsonWritesAndReadsBytesAsTheClientAdapterDoes() throws IOException {
    TypeAdapter<byte[]> client = new JSON.ByteArrayAdapter();
    TypeAdapter<byte[]> lean = RoundTrip.clientGsonWithoutValidation().getAdapter(byte[].class);
    List<byte[]> values = new ArrayList<>();
    values.add(new byte[] {(byte) 0xfb, (byte) 0xff}); // "+/8=": HTML escaping would spell = as \u003d
    values.add(new byte[0]);
    values.add("<a href='x'>&</a>".getBytes(StandardCharsets.UTF_8));
    values.add(null);
    Random random = new Random(7);
    for (int length = 1; length < 70; length++) {
      byte[] bytes = new byte[length];
      random.nextBytes(bytes);
      values.add(bytes);
    }
    for (byte[] value : values) {
      String written = write(client, value);
      assertEquals(written, write(lean, value));
      assertArrayEquals(read(client, written), read(lean, written), written);
    }
  }

  private static byte[] read(TypeAdapter<byte[]> adapter, String written) throws IOException {
    JsonReader in = new JsonReader(new StringReader(written));
    in.beginObject();
    in.nextName();
    return adapter.read(in);
  }

  /** As a model's field is written: inside an object, by an HTML-safe writer (Gson's default). */
  private static String write(TypeAdapter<byte[]> adapter, byte[] value) throws IOException {
    StringWriter text = new StringWriter();
    JsonWriter out = new JsonWriter(text);
    out.setHtmlSafe(true);
    out.setSerializeNulls(true);
    out.beginObject().name("data");
    adapter.write(out, value);
    out.name("after").value("=<>");
    out.endObject();
    return text.toString();
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

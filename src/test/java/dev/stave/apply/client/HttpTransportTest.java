package dev.stave.apply.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.stave.apply.ClusterFailure;
import dev.stave.apply.Deadline;
import dev.stave.apply.KubeTransport;
import java.io.IOException;
import java.time.Duration;
import okhttp3.MediaType;
import okhttp3.ResponseBody;

import org.junit.jupiter.api.Test;

/** What the transport shows of the server's address in messages, and how long it waits. */
class HttpTransportTest {
  @Test
  void theAddressIsShownWithoutUserAndPassword() {
    assertEquals("https://203.0.113.5:6443", HttpTransport.withoutUserInfo("https://admin:pw@203.0.113.5:6443"));
    assertEquals("https://h/k8s", HttpTransport.withoutUserInfo("https://a:b@c@h/k8s"));
    assertEquals("https://h/a@b", HttpTransport.withoutUserInfo("https://h/a@b"));
    assertEquals("https://h?x=a@b", HttpTransport.withoutUserInfo("https://h?x=a@b"));
    assertEquals("https://h", HttpTransport.withoutUserInfo("https://h"));
  }

  @Test
  void eachStepOfARequestWaitsAsLongAsTheRunButAtMostAnHour() {
    // The HTTP client refuses a timeout past ~24 days, and --timeout may be any length.
    assertEquals(Duration.ofSeconds(30), HttpTransport.stepTimeout(Deadline.after(Duration.ofSeconds(30), () -> 0)));
    assertEquals(Duration.ofHours(1), HttpTransport.stepTimeout(Deadline.after(Duration.ofDays(400), () -> 0)));
  }

  @Test
  void anIpAddressInBracketsIsCheckedWithoutThemAndANameWithThem() {
    assertEquals("::1", HttpTransport.unbracketed("[::1]"));
    assertEquals("127.0.0.1", HttpTransport.unbracketed("[127.0.0.1]"));
    assertEquals("::1", HttpTransport.unbracketed("::1"));
    assertEquals("[api.example]", HttpTransport.unbracketed("[api.example]"));
    assertEquals("[]", HttpTransport.unbracketed("[]"));
  }

  @Test
  void anAnswerLargerThanTheLimitIsAFailureNotAllTheMemory() throws IOException {
    KubeTransport.Request get = KubeTransport.Request.get("/api/v1/namespaces");
    ResponseBody small = ResponseBody.create("{\"kind\": \"List\"}", MediaType.parse("application/json"));
    assertEquals("{\"kind\": \"List\"}", HttpTransport.text(small, 1 << 20, get));
    ResponseBody large = ResponseBody.create("[" + "1,".repeat(600_000), MediaType.parse("application/json"));
    ClusterFailure e = assertThrows(ClusterFailure.class, () -> HttpTransport.text(large, 1 << 20, get));
    assertEquals("the answer to GET /api/v1/namespaces is larger than 1 MiB, more than any Kubernetes API server"
        + " sends; is the kubeconfig's server one?", e.getMessage());
  }
}

package dev.stave.apply.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.stave.apply.ClusterFailure;
import dev.stave.apply.KubeTransport;
import java.io.IOException;
import okhttp3.MediaType;
import okhttp3.ResponseBody;

import org.junit.jupiter.api.Test;

/** What the transport shows of the server's address in messages. */
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

package dev.stave.apply.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}

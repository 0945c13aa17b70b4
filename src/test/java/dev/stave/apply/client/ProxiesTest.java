package dev.stave.apply.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.stave.config.Env;
import java.util.Map;
import okhttp3.HttpUrl;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The proxy of the environment, as Go's httpproxy (client-go's default) chooses it. */
class ProxiesTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "*|api.example.com|443|true",
      "example.com|example.com|443|true",
      "example.com|api.example.com|443|true",
      "example.com|notexample.com|443|false",
      ".example.com|example.com|443|false",
      ".example.com|api.example.com|443|true",
      "*.example.com|api.example.com|443|true",
      "api.example.com:6443|api.example.com|6443|true",
      "api.example.com:6443|api.example.com|443|false",
      "10.0.0.0/8|10.1.2.3|6443|true",
      "10.0.0.0/8|11.1.2.3|6443|false",
      "10.1.2.3|10.1.2.3|6443|true",
      "10.1.2.3:6443|10.1.2.3|443|false",
      "' , EXAMPLE.com '|api.example.com|443|true",
      "fd00::/8|fd00::1|443|true"})
  void noProxyNamesHostsAsGoReadsIt(String list, String host, int port, boolean excluded) {
    assertEquals(excluded, Proxies.excluded(list, host, port));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "proxy.example:3128|http|proxy.example|3128",
      "http://proxy.example|http|proxy.example|80",
      "socks5://proxy.example|socks5|proxy.example|1080"})
  void aProxyWithoutSchemeOrPortIsReadAsGoReadsIt(String value, String scheme, String host, int port) {
    Proxies.Address address = Proxies.fromEnvironment(HttpUrl.get("https://api.example.com:6443"),
        new Env(Map.of("HTTPS_PROXY", value), "/nonexistent"));
    assertEquals(new Proxies.Address(scheme, host, port, null, null), address);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"https://localhost:6443", "https://127.0.0.1:6443", "https://[::1]:6443",
      "http://api.example.com"})
  void loopbackServersAndTheOtherSchemesVariableGetNoProxy(String server) {
    assertNull(Proxies.fromEnvironment(HttpUrl.get(server),
        new Env(Map.of("HTTPS_PROXY", "proxy.example:3128"), "/nonexistent")));
  }
}

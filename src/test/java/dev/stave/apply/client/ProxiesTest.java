package dev.stave.apply.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.stave.config.Env;
import java.net.InetAddress;
import java.util.Map;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;
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
      "fd00::/8|fd00::1|443|true",
      "fd00::1|fd00::1|443|true",
      "[fd00::1]:443|fd00::1|443|true",
      "[fd00::1]:443|fd00::1|6443|false",
      "[fd00::1]|fd00::1|443|false",
      "10.0.0.0/8:443|10.1.2.3|443|false"})
  void noProxyNamesHostsAsGoReadsIt(String list, String host, int port, boolean excluded) {
    assertEquals(excluded, Proxies.excluded(list, host, port));
  }

  /**
   * An IPv4 address is made from its four numbers, never looked up: "999.1.1.1" is a name, as to Go's
   * net.ParseIP, and NO_PROXY matches it as written.
   */
  @Test
  void anIpv4AddressIsReadFromItsNumbersOnly() throws Exception {
    assertEquals(InetAddress.getByAddress(new byte[] {10, 1, 2, (byte) 255}), Proxies.literal("10.1.2.255"));
    assertNull(Proxies.literal("999.1.1.1"));
    assertNull(Proxies.literal("10.1.2.256"));
    assertEquals(true, Proxies.excluded("999.1.1.1", "999.1.1.1", 443));
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

  /**
   * The user information ends at the last '@', as Go's url.Parse reads it: java.net.URI read such a URL, or
   * a host with an '_', as having no host, and the proxy became "http:80".
   */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "http://proxy-user:p@ss@proxy.example:3128|proxy.example|3128|proxy-user|p@ss",
      "proxy-user:p@ss@proxy.example:3128|proxy.example|3128|proxy-user|p@ss",
      "http://proxy-user:p%40ss%C3%A9@proxy.example|proxy.example|80|proxy-user|p@ss\u00e9",
      "http://proxy-user@Proxy_1.Example:3128/a/path|proxy_1.example|3128|proxy-user|''",
      "http://[fd00::1]:3128|fd00::1|3128|-|-"})
  void theUserAndHostOfAProxyAreReadAsGoReadsThem(String value, String host, int port, String user, String password) {
    Proxies.Address address = Proxies.fromEnvironment(HttpUrl.get("https://api.example.com:6443"),
        new Env(Map.of("HTTPS_PROXY", value), "/nonexistent"));
    assertEquals(new Proxies.Address("http", host, port, user.equals("-") ? null : user,
        password.equals("-") ? null : password), address);
    assertEquals(address, Proxies.proxyUrl(value.startsWith("http://") ? value : "http://" + value));
  }

  /** Go's url.Parse refuses such user information ("invalid userinfo"), and so kubectl such a proxy. */
  private static final String USERINFO = "is not a URL: its user or password holds a character a URL cannot hold"
      + " there (a space, say; they take ASCII letters, digits and -._~!$&'()*+,;=:@ as they are): write any other"
      + " as %XX escapes of its UTF-8 bytes, a space as %20";

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "http://proxy.example:99999|names a port that is not a number from 1 to 65535",
      "http://proxy-user:12345678|names a port that is not a number from 1 to 65535",
      "http://proxy-user:p%zz@proxy.example|is not a URL: a '%' in its user or password begins no %XX escape",
      "http://proxy-user:secret@|names no host",
      "http://pro xy.example:3128|is not a URL",
      "'http://a b:proxy-secret@proxy.example:3128'|" + USERINFO,
      "'http://proxy-user:proxy secret@proxy.example:3128'|" + USERINFO,
      "http://proxy-user:p\"w@proxy.example:3128|" + USERINFO,
      "http://proxy-user:pässword@proxy.example:3128|" + USERINFO})
  void aProxyThatCannotBeReadIsRefusedWithoutQuotingIt(String value, String fault) {
    Proxies.Refused refused = assertThrows(Proxies.Refused.class, () -> Proxies.fromEnvironment(
        HttpUrl.get("https://api.example.com:6443"), new Env(Map.of("HTTPS_PROXY", value), "/nonexistent")));
    assertEquals("the proxy of $HTTPS_PROXY (or $https_proxy) " + fault, refused.getMessage());
    assertEquals(fault, assertThrows(Proxies.Refused.class, () -> Proxies.proxyUrl(value)).getMessage());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"https://localhost:6443", "https://127.0.0.1:6443", "https://[::1]:6443",
      "http://api.example.com"})
  void loopbackServersAndTheOtherSchemesVariableGetNoProxy(String server) {
    assertNull(Proxies.fromEnvironment(HttpUrl.get(server),
        new Env(Map.of("HTTPS_PROXY", "proxy.example:3128"), "/nonexistent")));
  }
}

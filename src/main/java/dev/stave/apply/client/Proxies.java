package dev.stave.apply.client;

import dev.stave.config.Env;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import okhttp3.HttpUrl;

/**
 * The proxy that requests to the API server go through, chosen as kubectl chooses it: the cluster entry's
 * {@code proxy-url}, else the environment as Go's ProxyFromEnvironment reads it (client-go's default), else
 * none. stave has one server per run, so the choice is made once.
 */
final class Proxies {
  /** The schemes of a proxy URL that kubectl takes. */
  private static final List<String> SCHEMES = List.of("http", "https", "socks5");

  private Proxies() {}

  /** A proxy address as kubectl reads it: a scheme, host and port, and the user and password, if any. */
  record Address(String scheme, String host, int port, String user, String password) {
    Proxy proxy() {
      return new Proxy("socks5".equals(scheme) ? Proxy.Type.SOCKS : Proxy.Type.HTTP,
          InetSocketAddress.createUnresolved(host, port));
    }
  }

  /**
   * The proxy of a run and where it was set ("the proxy-url of the cluster 'lab' in FILE", "$HTTPS_PROXY (or
   * $https_proxy)"), to name in a message.
   */
  record Chosen(Address address, String origin) {
    /** "http://proxy:3128 of $HTTPS_PROXY (or $https_proxy)": never the user or password. */
    String shown() {
      String host = address.host().indexOf(':') >= 0 ? "[" + address.host() + "]" : address.host();
      return address.scheme() + "://" + host + ":" + address.port() + " of " + origin;
    }
  }

  /** Why a proxy cannot be used; the message names where it came from, never its user or password. */
  static final class Refused extends RuntimeException {
    Refused(String message) {
      super(message);
    }
  }

  /**
   * The proxy URL {@code text} as client-go's clientcmd reads a {@code proxy-url}: http, https or socks5,
   * nothing else. An https proxy (TLS to the proxy itself) is refused: OkHttp speaks to an HTTP proxy in
   * the clear only.
   */
  static Address proxyUrl(String text) {
    String url = text.strip();
    String scheme = scheme(url);
    if (!SCHEMES.contains(scheme == null ? "" : scheme)) {
      throw new Refused("has the scheme '" + (scheme == null ? "" : scheme) + "', where kubectl takes http, https or"
          + " socks5");
    }
    return address(scheme, url.substring(scheme.length() + 1));
  }

  /**
   * The proxy of the environment for {@code server}, as Go's ProxyFromEnvironment chooses it: HTTPS_PROXY
   * (else https_proxy) for an https:// server, HTTP_PROXY (else http_proxy) for an http:// one; a value
   * without a scheme is an http proxy; none for localhost and loopback addresses, nor for a host NO_PROXY
   * (else no_proxy) names. Null when there is none.
   */
  static Address fromEnvironment(HttpUrl server, Env env) {
    try {
      return fromVariable(server, env, server.isHttps() ? "HTTPS_PROXY" : "HTTP_PROXY");
    } catch (Refused e) {
      throw new Refused("the proxy of " + variables(server) + " " + e.getMessage());
    }
  }

  /** The variables whose proxy serves {@code server}, as a message names them. */
  static String variables(HttpUrl server) {
    return server.isHttps() ? "$HTTPS_PROXY (or $https_proxy)" : "$HTTP_PROXY (or $http_proxy)";
  }

  private static Address fromVariable(HttpUrl server, Env env, String name) {
    String value = first(env, name);
    if (value == null) {
      return null;
    }
    String host = server.host().toLowerCase(Locale.ROOT);
    if (host.equals("localhost") || loopback(host)) {
      return null;
    }
    String noProxy = first(env, "NO_PROXY");
    if (noProxy != null && excluded(noProxy, host, server.port())) {
      return null;
    }
    String url = value.strip();
    String scheme = scheme(url);
    // Go's parseProxy: a value without one of the three schemes ("proxy:3128", "127.0.0.1:3128") is read
    // as if it began with http://.
    return SCHEMES.contains(scheme == null ? "" : scheme) ? address(scheme, url.substring(scheme.length() + 1))
        : address("http", "//" + url);
  }

  /** The scheme {@code url} begins with (RFC 3986, 3.1), in lower case as Go's url.Parse keeps it, or null. */
  private static String scheme(String url) {
    int colon = url.indexOf(':');
    return colon > 0 && url.substring(0, colon).matches("[A-Za-z][A-Za-z0-9+.-]*")
        ? url.substring(0, colon).toLowerCase(Locale.ROOT) : null;
  }

  /** The variable {@code upper} names, else its lower-case form, as Go reads them; null when both are empty. */
  static String first(Env env, String upper) {
    for (String name : List.of(upper, upper.toLowerCase(Locale.ROOT))) {
      String value = env.get(name).orElse("");
      if (!value.isEmpty()) {
        return value;
      }
    }
    return null;
  }

  /**
   * The proxy that {@code rest}, what follows "{@code scheme}:", names. Its authority is read as Go's
   * url.Parse reads it, not as java.net.URI does: the user information ends at the last '@', so that a
   * password may hold an '@' as it may for kubectl, and a host name may hold an '_'. No message quotes the
   * text, which may hold a password.
   */
  private static Address address(String scheme, String rest) {
    if ("https".equals(scheme)) {
      throw new Refused("is an https:// proxy, which stave cannot use: its HTTP client speaks to a proxy over"
          + " plain HTTP (CONNECT) or SOCKS5 only");
    }
    if (!rest.startsWith("//")) {
      throw new Refused("names no host");
    }
    String authority = rest.substring(2);
    for (char end : new char[] {'/', '?', '#'}) {
      int i = authority.indexOf(end);
      authority = i >= 0 ? authority.substring(0, i) : authority;
    }
    int at = authority.lastIndexOf('@');
    String hostPort = authority.substring(at + 1);
    String host;
    String portText;
    if (hostPort.startsWith("[")) {
      int close = hostPort.indexOf(']');
      if (close < 0 || close + 1 < hostPort.length() && hostPort.charAt(close + 1) != ':') {
        throw new Refused("is not a URL");
      }
      host = hostPort.substring(1, close);
      portText = close + 1 < hostPort.length() ? hostPort.substring(close + 2) : "";
      if (literal(host) == null) {
        throw new Refused("is not a URL");
      }
    } else {
      int colon = hostPort.lastIndexOf(':');
      host = colon < 0 ? hostPort : hostPort.substring(0, colon);
      portText = colon < 0 ? "" : hostPort.substring(colon + 1);
    }
    if (host.isEmpty()) {
      throw new Refused("names no host");
    }
    try {
      // OkHttp's own reading of a host: lower case, an international name in ASCII, no character a host
      // cannot hold.
      host = new HttpUrl.Builder().scheme("http").host(host).build().host();
    } catch (IllegalArgumentException e) {
      throw new Refused("is not a URL");
    }
    // Go's default ports for a proxy without one.
    int port = "socks5".equals(scheme) ? 1080 : 80;
    if (!portText.isEmpty()) {
      // The number is not quoted: a URL written without its host ("http://user:12345678") would show a password.
      if (!portText.matches("[0-9]{1,5}") || Integer.parseInt(portText) < 1 || Integer.parseInt(portText) > 65535) {
        throw new Refused("names a port that is not a number from 1 to 65535");
      }
      port = Integer.parseInt(portText);
    }
    String user = null;
    String password = null;
    if (at >= 0) {
      if (!authority.substring(0, at).matches("[A-Za-z0-9\\-._~!$&'()*+,;=:@%]*")) {
        // Go's url.Parse refuses these ("invalid userinfo", validUserinfo): kubectl would not run.
        throw new Refused("is not a URL: its user or password holds a character a URL cannot hold there (a space,"
            + " say; they take ASCII letters, digits and -._~!$&'()*+,;=:@ as they are): write any other as %XX"
            + " escapes of its UTF-8 bytes, a space as %20");
      }
      if ("socks5".equals(scheme)) {
        throw new Refused("holds a user and password for a SOCKS5 proxy, which stave cannot send");
      }
      String info = authority.substring(0, at);
      int colon = info.indexOf(':');
      user = unescaped(colon < 0 ? info : info.substring(0, colon));
      password = colon < 0 ? "" : unescaped(info.substring(colon + 1));
    }
    return new Address(scheme, host, port, user, password);
  }

  /** {@code text} with its %XX escapes decoded as UTF-8 bytes, as Go's url.Parse decodes a user and password. */
  private static String unescaped(String text) {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c != '%') {
        int end = text.indexOf('%', i);
        end = end < 0 ? text.length() : end;
        bytes.writeBytes(text.substring(i, end).getBytes(StandardCharsets.UTF_8));
        i = end - 1;
      } else {
        if (i + 2 >= text.length() || !HexFormat.isHexDigit(text.charAt(i + 1))
            || !HexFormat.isHexDigit(text.charAt(i + 2))) {
          throw new Refused("is not a URL: a '%' in its user or password begins no %XX escape");
        }
        bytes.write(HexFormat.fromHexDigits(text, i + 1, i + 3));
        i += 2;
      }
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /** Whether {@code host} is an IP address of the loopback network (127.0.0.0/8, ::1). */
  private static boolean loopback(String host) {
    InetAddress ip = literal(host);
    return ip != null && ip.isLoopbackAddress();
  }

  /** The IP address {@code host} writes, or null for a host name (which is never looked up here). */
  static InetAddress literal(String host) {
    String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    try {
      if (bare.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}")) {
        // Made from its four numbers: InetAddress.getByName would look up "999.1.1.1", which is no address.
        byte[] address = new byte[4];
        String[] parts = bare.split("\\.");
        for (int i = 0; i < 4; i++) {
          int part = Integer.parseInt(parts[i]);
          if (part > 255) {
            return null;
          }
          address[i] = (byte) part;
        }
        return InetAddress.getByAddress(address);
      }
      if (bare.indexOf(':') >= 0 && bare.matches("[0-9a-fA-F:.]+")) {
        return InetAddress.getByName(bare); // text with ':' is read as an IPv6 literal or refused, never looked up
      }
    } catch (UnknownHostException e) {
      // not an address
    }
    return null;
  }

  /**
   * Whether NO_PROXY's {@code list} names {@code host}, as Go's httpproxy reads it: "*" names every host;
   * each comma-separated entry is an IP address, a CIDR range, or a host name with an optional port. A
   * name matches itself and its subdomains ("example.com" matches "api.example.com"), a leading "." or
   * "*." its subdomains only; an entry with a port matches that port only.
   */
  static boolean excluded(String list, String host, int port) {
    InetAddress ip = literal(host);
    for (String raw : list.split(",")) {
      String entry = raw.strip().toLowerCase(Locale.ROOT);
      if (entry.isEmpty()) {
        continue;
      }
      if (entry.equals("*")) {
        return true;
      }
      int slash = entry.indexOf('/');
      if (slash > 0) {
        if (ip != null && inRange(ip, entry.substring(0, slash), entry.substring(slash + 1))) {
          return true;
        }
        continue;
      }
      // "[fd00::1]" without a port is no IP address to Go (net.ParseIP takes no brackets), nor a name any
      // host has: it matches nothing, and kubectl still uses the proxy for fd00::1.
      InetAddress entryIp = entry.startsWith("[") ? null : literal(entry);
      if (entryIp != null) {
        if (entryIp.equals(ip)) {
          return true;
        }
        continue;
      }
      String name = entry;
      int entryPort = -1;
      int colon = entry.lastIndexOf(':');
      if (colon > 0 && entry.indexOf(']') < colon) {
        String number = entry.substring(colon + 1);
        if (number.matches("[0-9]{1,5}")) {
          entryPort = Integer.parseInt(number);
          name = entry.substring(0, colon);
          InetAddress hostIp = literal(name);
          if (hostIp != null) {
            if (hostIp.equals(ip) && entryPort == port) {
              return true;
            }
            continue;
          }
        }
      }
      if (entryPort >= 0 && entryPort != port) {
        continue;
      }
      if (name.startsWith("*.")) {
        name = name.substring(1);
      }
      if (name.startsWith(".")) {
        if (host.endsWith(name)) {
          return true;
        }
      } else if (host.equals(name) || host.endsWith("." + name)) {
        return true;
      }
    }
    return false;
  }

  private static boolean inRange(InetAddress ip, String base, String bits) {
    InetAddress network = literal(base);
    if (network == null || !bits.matches("[0-9]{1,3}")) {
      return false;
    }
    byte[] a = ip.getAddress();
    byte[] b = network.getAddress();
    int prefix = Integer.parseInt(bits);
    if (a.length != b.length || prefix > a.length * 8) {
      return false;
    }
    for (int i = 0; i < prefix; i++) {
      int mask = 0x80 >> (i % 8);
      if ((a[i / 8] & mask) != (b[i / 8] & mask)) {
        return false;
      }
    }
    return true;
  }
}

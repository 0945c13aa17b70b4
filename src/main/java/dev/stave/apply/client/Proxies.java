package dev.stave.apply.client;

import dev.stave.config.Env;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import okhttp3.HttpUrl;

/**
 * The proxy that requests to the API server go through, chosen as kubectl chooses it: the cluster entry's
 * {@code proxy-url}, else the environment as Go's ProxyFromEnvironment reads it (client-go's default), else
 * none. stave has one server per run, so the choice is made once.
 */
final class Proxies {
  private Proxies() {}

  /** A proxy address as kubectl reads it: a scheme, host and port, and the user and password, if any. */
  record Address(String scheme, String host, int port, String user, String password) {
    Proxy proxy() {
      return new Proxy("socks5".equals(scheme) ? Proxy.Type.SOCKS : Proxy.Type.HTTP,
          InetSocketAddress.createUnresolved(host, port));
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
    URI uri;
    try {
      uri = new URI(text.strip());
    } catch (URISyntaxException e) {
      throw new Refused("is not a URL");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!List.of("http", "https", "socks5").contains(scheme)) {
      throw new Refused("has the scheme '" + scheme + "', where kubectl takes http, https or socks5");
    }
    return address(uri, scheme);
  }

  /**
   * The proxy of the environment for {@code server}, as Go's ProxyFromEnvironment chooses it: HTTPS_PROXY
   * (else https_proxy) for an https:// server, HTTP_PROXY (else http_proxy) for an http:// one; a value
   * without a scheme is an http proxy; none for localhost and loopback addresses, nor for a host NO_PROXY
   * (else no_proxy) names. Null when there is none.
   */
  static Address fromEnvironment(HttpUrl server, Env env) {
    String name = server.isHttps() ? "HTTPS_PROXY" : "HTTP_PROXY";
    try {
      return fromVariable(server, env, name);
    } catch (Refused e) {
      throw new Refused("the proxy of $" + name + " (or $" + name.toLowerCase(Locale.ROOT) + ") " + e.getMessage());
    }
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
    URI uri = null;
    try {
      uri = new URI(value.strip());
    } catch (URISyntaxException e) {
      // "127.0.0.1:3128" is no URL to Java (nor to Go, whose parseProxy then reads it as below)
    }
    String scheme = uri == null || uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!List.of("http", "https", "socks5").contains(scheme) || uri.getHost() == null) {
      try {
        uri = new URI("http://" + value.strip()); // Go's parseProxy: "proxy:3128" is http://proxy:3128
      } catch (URISyntaxException e) {
        throw new Refused("is not a URL");
      }
    }
    return address(uri, uri.getScheme().toLowerCase(Locale.ROOT));
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

  private static Address address(URI uri, String scheme) {
    if ("https".equals(scheme)) {
      throw new Refused("is an https:// proxy, which stave cannot use: its HTTP client speaks to a proxy over"
          + " plain HTTP (CONNECT) or SOCKS5 only");
    }
    String host = uri.getHost();
    if (host == null || host.isEmpty()) {
      throw new Refused("names no host");
    }
    // Go's default ports for a proxy without one.
    int port = uri.getPort() >= 0 ? uri.getPort() : "socks5".equals(scheme) ? 1080 : 80;
    String user = null;
    String password = null;
    if (uri.getRawUserInfo() != null) {
      if ("socks5".equals(scheme)) {
        throw new Refused("holds a user and password for a SOCKS5 proxy, which stave cannot send");
      }
      String info = uri.getUserInfo();
      int colon = info.indexOf(':');
      user = colon < 0 ? info : info.substring(0, colon);
      password = colon < 0 ? "" : info.substring(colon + 1);
    }
    String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    return new Address(scheme, bare, port, user, password);
  }

  /** Whether {@code host} is an IP address of the loopback network (127.0.0.0/8, ::1). */
  private static boolean loopback(String host) {
    InetAddress ip = literal(host);
    return ip != null && ip.isLoopbackAddress();
  }

  /** The IP address {@code host} writes, or null for a host name (which is never looked up here). */
  static InetAddress literal(String host) {
    String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    boolean v4 = bare.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
    if (!v4 && !(bare.indexOf(':') >= 0 && bare.matches("[0-9a-fA-F:.]+"))) {
      return null;
    }
    try {
      return InetAddress.getByName(bare); // a literal: no lookup is made
    } catch (UnknownHostException e) {
      return null;
    }
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
      InetAddress entryIp = literal(entry);
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

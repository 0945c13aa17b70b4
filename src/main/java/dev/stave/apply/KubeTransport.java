package dev.stave.apply;

import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one door to the API server: a request in, a response out. Everything above it (retries, REST
 * mapping, apply, prune, wait) is plain code that tests drive against a fake server.
 */
public interface KubeTransport {

  /** Sends one request; an {@link IOException} means the server was not reached or the connection broke. */
  Response send(Request request) throws IOException;

  /** Where the requests go (the server, and the proxy they go through if any), for messages only. */
  String server();

  /** {@code pathAndQuery} starts with '/' and is already URL-encoded. */
  record Request(String method, String pathAndQuery, String contentType, String body) {
    public static Request get(String pathAndQuery) {
      return new Request("GET", pathAndQuery, null, null);
    }

    @Override
    public String toString() {
      return method + " " + pathAndQuery;
    }
  }

  /** Header names are lower-case. */
  record Response(int status, Map<String, String> headers, String body) {
    public Response {
      TreeMap<String, String> lower = new TreeMap<>();
      headers.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v));
      headers = lower;
    }

    public boolean ok() {
      return status >= 200 && status < 300;
    }
  }
}

package dev.stave.apply;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server answered with an error Status: its code, reason and message, and for a 409 the fields and managers in
 * conflict.
 */
final class ApiError extends Exception {
  private static final Pattern MANAGER = Pattern.compile("conflict with \"([^\"]*)\"");

  private final int status;
  private final String reason;
  private final List<String> conflictFields;
  private final List<String> conflictManagers;

  private ApiError(int status, String reason, String message, List<String> fields, List<String> managers) {
    super(message, null, false, false);
    this.status = status;
    this.reason = reason;
    this.conflictFields = List.copyOf(fields);
    this.conflictManagers = List.copyOf(managers);
  }

  static ApiError of(KubeTransport.Response response) {
    Object parsed = Json.parse(response.body());
    String message = null;
    String reason = "";
    TreeSet<String> managers = new TreeSet<>();
    List<String> fields = new ArrayList<>();
    if (parsed instanceof Map<?, ?> status) {
      message = status.get("message") instanceof String m ? m : null;
      reason = status.get("reason") instanceof String r ? r : "";
      if (message != null) {
        collectManagers(message, managers);
      }
      if (status.get("details") instanceof Map<?, ?> details && details.get("causes") instanceof List<?> causes) {
        for (Object c : causes) {
          if (c instanceof Map<?, ?> cause) {
            if (cause.get("message") instanceof String m) {
              collectManagers(m, managers);
            }
            if (cause.get("field") instanceof String f && !fields.contains(f)) {
              fields.add(f);
            }
          }
        }
      }
    }
    if (message == null || message.isBlank()) {
      message = "the server answered HTTP " + response.status();
    }
    return new ApiError(response.status(), reason, oneLine(message), fields, new ArrayList<>(managers));
  }

  /** A successful answer that holds no Kubernetes object, named by its content type. */
  static ApiError notAnObject(KubeTransport.Response response) {
    String type = response.headers().getOrDefault("content-type", "");
    String what = response.body().isBlank() ? "nothing" : Json.parse(response.body()) != null ? "a JSON list or value"
        : type.isBlank() ? "something else" : oneLine(type);
    return new ApiError(response.status(), "", "the answer holds " + what + " rather than a Kubernetes object;"
        + " is the kubeconfig's server a Kubernetes API server?", List.of(), List.of());
  }

  static ApiError notServed(String apiVersion, String kind) {
    return new ApiError(404, "NotFound", "the server does not serve " + apiVersion + " " + kind
        + " (is its CustomResourceDefinition installed?)", List.of(), List.of());
  }

  private static void collectManagers(String text, TreeSet<String> into) {
    Matcher m = MANAGER.matcher(text);
    while (m.find()) {
      into.add(m.group(1));
    }
  }

  private static String oneLine(String text) {
    String line = text.replace('\n', ' ').trim();
    return line.length() > 300 ? line.substring(0, 300) + "..." : line;
  }

  int status() {
    return status;
  }

  String reason() {
    return reason;
  }

  boolean conflict() {
    return status == 409 && !conflictManagers.isEmpty();
  }

  /** What to tell the user, with the other field managers named for a conflict. */
  String describe() {
    if (conflict()) {
      return "conflict: " + (conflictFields.isEmpty() ? "fields" : String.join(", ", conflictFields))
          + " owned by field manager " + String.join(", ", conflictManagers.stream().map(m -> "\"" + m + "\"").toList())
          + "; re-run with --force-conflicts to take them over";
    }
    return "HTTP " + status + (reason.isEmpty() ? "" : " " + reason) + ": " + getMessage();
  }
}

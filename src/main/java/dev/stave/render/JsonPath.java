package dev.stave.render;

import java.util.regex.Pattern;

/**
 * Where a value sits in an object, such as {@code spec.containers[0].image}. Kept as a chain and
 * rendered only when a problem is reported, because almost every path visited is never printed.
 */
record JsonPath(JsonPath parent, String key, int index) {
  static final JsonPath ROOT = new JsonPath(null, null, -1);

  // Keys such as "app.kubernetes.io/name" would read as nested fields after a dot.
  private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");

  JsonPath field(String name) {
    return new JsonPath(this, name, -1);
  }

  JsonPath item(int position) {
    return new JsonPath(this, null, position);
  }

  /** The written path of field {@code key} under the written path {@code path}, as {@link #toString} writes it. */
  static String field(String path, String key) {
    return PLAIN_KEY.matcher(key).matches() ? path + "." + key : path + "[" + JsonText.quote(key) + "]";
  }

  String problem(String message) {
    return this + ": " + message;
  }

  @Override
  public String toString() {
    if (parent == null) {
      return "$";
    }
    StringBuilder out = new StringBuilder();
    append(out);
    return out.toString();
  }

  private void append(StringBuilder out) {
    if (parent == null) {
      return;
    }
    parent.append(out);
    if (key == null) {
      out.append('[').append(index).append(']');
    } else if (PLAIN_KEY.matcher(key).matches()) {
      if (parent.parent != null) {
        out.append('.');
      }
      out.append(key);
    } else {
      out.append('[').append(JsonText.quote(key)).append(']');
    }
  }
}

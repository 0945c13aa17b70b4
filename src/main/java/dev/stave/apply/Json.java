package dev.stave.apply;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;
import com.google.gson.ToNumberPolicy;

/** JSON in and out as plain maps and lists; whole numbers stay Long so they compare with YAML's. */
final class Json {
  private static final Gson GSON = new GsonBuilder()
      .setObjectToNumberStrategy(ToNumberPolicy.LONG_OR_DOUBLE)
      .disableHtmlEscaping()
      .serializeNulls()
      .create();

  private Json() {}

  static Object parse(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return GSON.fromJson(text, Object.class);
    } catch (JsonParseException e) {
      return null;
    }
  }

  static String write(Object value) {
    return GSON.toJson(value);
  }
}

package dev.stave.render;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dev.stave.diag.StaveBug;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** JSON spellings of plain Java trees and Gson elements for problem messages. */
final class JsonText {
  // Long values (a whole certificate in a Secret) would drown the message.
  private static final int LONGEST_LITERAL = 60;

  private JsonText() {}

  static String quote(String text) {
    StringBuilder out = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\t' -> out.append("\\t");
        case '\r' -> out.append("\\r");
        default -> {
          if (c < 0x20) {
            out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }

  /** A value from the input tree, such as {@code string "3"} or {@code number 5}. */
  static String describe(Object value) {
    if (value == null) {
      return "null";
    } else if (value instanceof String text) {
      return "string " + shorten(quote(text));
    } else if (value instanceof Boolean flag) {
      return "boolean " + flag;
    } else if (value instanceof Number number) {
      return "number " + number(number);
    } else if (value instanceof Map<?, ?>) {
      return "an object";
    } else if (value instanceof List<?>) {
      return "a list";
    }
    throw unsupported(value);
  }

  /** A scalar from the input tree as JSON source, such as {@code "0.5"} or {@code 5}. */
  static String literal(Object value) {
    if (value instanceof String text) {
      return shorten(quote(text));
    } else if (value instanceof Number number) {
      return number(number);
    }
    return describe(value);
  }

  static String literal(JsonElement element) {
    if (element.isJsonPrimitive() && element.getAsJsonPrimitive().isString()) {
      return shorten(quote(element.getAsString()));
    }
    return shorten(element.toString());
  }

  static JsonElement toJson(Object value) {
    if (value == null) {
      return JsonNull.INSTANCE;
    } else if (value instanceof String text) {
      return new JsonPrimitive(text);
    } else if (value instanceof Boolean flag) {
      return new JsonPrimitive(flag);
    } else if (value instanceof Number number) {
      return new JsonPrimitive(number);
    } else if (value instanceof Map<?, ?> map) {
      JsonObject object = new JsonObject();
      map.forEach((key, item) -> object.add(String.valueOf(key), toJson(item)));
      return object;
    } else if (value instanceof List<?> list) {
      JsonArray array = new JsonArray(list.size());
      list.forEach(item -> array.add(toJson(item)));
      return array;
    }
    throw unsupported(value);
  }

  /** Null for NaN and the infinities, which JSON cannot carry. */
  static BigDecimal decimal(Number number) {
    if (number instanceof BigDecimal decimal) {
      return decimal;
    } else if (number instanceof BigInteger integer) {
      return new BigDecimal(integer);
    } else if (number instanceof Double || number instanceof Float) {
      double d = number.doubleValue();
      return Double.isFinite(d) ? new BigDecimal(number.toString()) : null;
    }
    // Integer, Long and Gson's lazily parsed numbers all print as plain decimal text.
    return new BigDecimal(number.toString());
  }

  private static String number(Number number) {
    return number instanceof BigDecimal decimal ? decimal.toPlainString() : number.toString();
  }

  private static String shorten(String text) {
    return text.length() <= LONGEST_LITERAL ? text : text.substring(0, LONGEST_LITERAL - 3) + "...";
  }

  private static StaveBug unsupported(Object value) {
    // The renderer only builds maps, lists and YAML scalars; anything else is a stave bug.
    return new StaveBug(
        "object tree holds a " + value.getClass().getName() + ", which has no JSON form");
  }
}

package dev.stave.schema;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import dev.stave.diag.StaveBug;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The JSON Schemas shipped in the jar, one per kind of config. */
public final class Schemas {
  public static final List<String> KINDS =
      List.of("experiment", "benchmark", "cluster", "inventory", "contexts");

  /**
   * What an exported schema takes beside a number, a boolean, one of a list of values or text of a pattern: a
   * string with an environment variable in it ({@code replicas: ${N:-3}}, {@code dispatch_model: ${M:-gke}}),
   * which stave substitutes before it validates, so that an editor checking the file against
   * {@code stave schema KIND} does not refuse it. What the variable holds is checked by stave only.
   */
  static final String VARIABLE = "\\$\\{";
  private static final Set<String> SUBSTITUTED_TYPES = Set.of("integer", "number", "boolean");
  /** Keywords that a string with a variable in it fails, though what the variable holds may pass them. */
  private static final Set<String> FIXED_TEXT = Set.of("enum", "const", "pattern");
  /** Keywords whose values are data, not schemas: a "type" inside them is no type. */
  private static final Set<String> DATA = Set.of("enum", "const", "default", "examples", "x-messages");
  /** Keywords whose values map names to schemas: the map itself is no schema, and "pattern" there a name. */
  private static final Set<String> SCHEMA_MAPS = Set.of("properties", "patternProperties", "$defs",
      "dependentSchemas");
  /**
   * Keywords whose schemas a variable never meets as one: "propertyNames" checks keys, which stave does not
   * substitute; an "if" that took a variable for its const would apply its "then" to the variable whatever it
   * holds; and a "not" that took one would refuse it.
   */
  private static final Set<String> UNSUBSTITUTED = Set.of("propertyNames", "if", "not");

  private Schemas() {}

  public static boolean exists(String kind) {
    return KINDS.contains(kind);
  }

  public static String text(String kind) {
    try (InputStream in = open(kind)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new StaveBug("cannot read the schema of " + kind, e);
    }
  }

  /**
   * The schema of {@code kind} for editors and CI ({@code stave schema}): the one stave validates with, except that
   * where it takes a number, a boolean, one of a list of values or text of a pattern, it also takes a string with a
   * variable in it (see {@link #VARIABLE}).
   * stave validates after substitution, with {@link #open}, where such a string is never left.
   */
  public static String exported(String kind) {
    JsonElement schema = JsonParser.parseString(text(kind));
    allowVariables(schema);
    return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(schema) + "\n";
  }

  private static void allowVariables(JsonElement element) {
    if (element instanceof JsonArray array) {
      array.forEach(Schemas::allowVariables);
    } else if (element instanceof JsonObject object) {
      for (Map.Entry<String, JsonElement> entry : object.entrySet()) {
        if (SCHEMA_MAPS.contains(entry.getKey()) && entry.getValue() instanceof JsonObject map) {
          map.entrySet().forEach(named -> allowVariables(named.getValue()));
        } else if (!DATA.contains(entry.getKey()) && !UNSUBSTITUTED.contains(entry.getKey())) {
          allowVariables(entry.getValue());
        }
      }
      if (takesVariable(object.get("type")) || FIXED_TEXT.stream().anyMatch(object::has)) {
        JsonObject typed = object.deepCopy();
        JsonObject variable = new JsonObject();
        variable.addProperty("type", "string");
        variable.addProperty("pattern", VARIABLE);
        JsonArray either = new JsonArray();
        either.add(typed);
        either.add(variable);
        JsonElement description = object.get("description");
        List.copyOf(object.keySet()).forEach(object::remove);
        if (description != null) {
          object.add("description", description);
        }
        object.add("anyOf", either);
      }
    }
  }

  /**
   * Whether a value of {@code type} may be written as a variable that a string would not stand for: a number or a
   * boolean, alone ("integer") or in a list of types without "string" (benchmark workers, ["integer", "object"]).
   */
  private static boolean takesVariable(JsonElement type) {
    if (type instanceof JsonPrimitive one) {
      return SUBSTITUTED_TYPES.contains(one.getAsString());
    }
    if (type instanceof JsonArray list) {
      List<String> types = new ArrayList<>();
      list.forEach(t -> types.add(t.getAsString()));
      return !types.contains("string") && types.stream().anyMatch(SUBSTITUTED_TYPES::contains);
    }
    return false;
  }

  static InputStream open(String kind) {
    InputStream in = Schemas.class.getResourceAsStream("/stave/schemas/" + kind + ".schema.json");
    if (in == null) {
      throw new StaveBug("the schema of " + kind + " is missing from the jar");
    }
    return in;
  }
}

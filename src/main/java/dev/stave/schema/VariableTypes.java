package dev.stave.schema;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Types each value that is one environment variable ({@link ScalarNode#variable()}) by what the schema
 * takes at its place, as docker-compose does: {@code replicas: ${N}} with {@code N=3} is the number 3,
 * {@code image: ${TAG}} with {@code TAG=1.4} the text "1.4". Where the place takes the value as its text
 * would be written there (3 a number, true a boolean, an empty value null), that is what it is; else,
 * where it takes a string, the variable's text; else it stays as written, for the schema to refuse.
 * A place that takes both (an {@code args} item, an {@code env} value) and a free-form one (overrides,
 * a benchmark's {@code run.args}) take the value as written, since quoting ({@code "${N}"} in YAML,
 * {@code ""${N}} in HOCON) can still make it a string where a number could not be made of a string.
 * A quoted YAML variable is text, and stays text wherever text is taken; where its place takes none, it
 * is typed as if written plain, since its quotes were only syntax there ({@code {replicas: "${N}"}}: in
 * a flow map a plain {@code ${N}} would end at its brace).
 *
 * <p>The keywords followed are those the schemas use to say what is inside a value: {@code properties},
 * {@code additionalProperties}, {@code items}, {@code $ref} (within the file) and {@code allOf};
 * {@code type}, {@code enum} and {@code const} say what a place takes. {@code if}/{@code then} need the
 * value to decide, and in these schemas they only limit which keys a map may have.
 */
final class VariableTypes {
  /** Keywords that could say what is inside a value and that this class does not follow. */
  static final Set<String> NOT_FOLLOWED = Set.of("anyOf", "oneOf", "not", "patternProperties", "prefixItems",
      "dependentSchemas", "unevaluatedProperties", "unevaluatedItems", "contains", "$dynamicRef");

  private final JsonNode root;

  VariableTypes(JsonNode root) {
    this.root = root;
  }

  /** {@code node} with every variable in it typed for its place; the same node when nothing changes. */
  Node settle(Node node) {
    return settle(node, List.of(root));
  }

  private Node settle(Node node, List<JsonNode> schemas) {
    List<JsonNode> here = applying(schemas);
    if (node instanceof MapNode map) {
      Map<String, Node> entries = new LinkedHashMap<>();
      boolean changed = false;
      for (Map.Entry<String, Node> e : map.entries().entrySet()) {
        Node child = settle(e.getValue(), property(here, e.getKey()));
        changed |= child != e.getValue();
        entries.put(e.getKey(), child);
      }
      return changed ? new MapNode(entries, map.keyOrigins(), map.origin()) : map;
    }
    if (node instanceof ListNode list) {
      List<JsonNode> items = items(here);
      List<Node> settled = new ArrayList<>(list.items().size());
      boolean changed = false;
      for (Node item : list.items()) {
        Node child = settle(item, items);
        changed |= child != item;
        settled.add(child);
      }
      return changed ? new ListNode(settled, list.origin()) : list;
    }
    ScalarNode scalar = (ScalarNode) node;
    if (scalar.variable() == null) {
      return scalar;
    }
    Set<String> types = types(here);
    if (types == null || takes(types, scalar)) {
      return scalar;
    }
    if (types.contains("string")) {
      return scalar.asString();
    }
    ScalarNode plain = scalar.asPlain();
    return takes(types, plain) ? plain : scalar;
  }

  /**
   * Adds a warning for each HOCON string under {@code node} (at {@code path}) that is the quoted text of a
   * reference ({@code "${N}"}, ScalarNode#quotedReference) where its place takes a string, or anything (a
   * benchmark's {@code run.args}, which reach the bundle as written): HOCON does not substitute in quotes.
   * Where no string is taken the schema refuses it already. Raw Kubernetes fields (a schema marked
   * {@code x-kubernetes-fields}, the overrides) are judged by what Kubernetes takes there instead
   * (dev.stave.cli.Pipeline): where it takes no text, its error says so.
   */
  void warnQuotedReferences(Node node, String path, List<Diagnostic> warnings) {
    warnQuotedReferences(node, List.of(root), path, warnings);
  }

  private void warnQuotedReferences(Node node, List<JsonNode> schemas, String path, List<Diagnostic> warnings) {
    List<JsonNode> here = applying(schemas);
    if (here.stream().anyMatch(schema -> schema.path("x-kubernetes-fields").asBoolean())) {
      return;
    }
    if (node instanceof MapNode map) {
      map.entries().forEach((key, value) -> warnQuotedReferences(value, property(here, key),
          path.isEmpty() ? key : path + "." + key, warnings));
    } else if (node instanceof ListNode list) {
      List<JsonNode> items = items(here);
      for (int i = 0; i < list.items().size(); i++) {
        warnQuotedReferences(list.items().get(i), items, path + "[" + i + "]", warnings);
      }
    } else if (((ScalarNode) node).quotedReference() != null) {
      Set<String> types = types(here);
      if (types == null || types.contains("string")) {
        warnings.add(((ScalarNode) node).quotedReferenceWarning(path));
      }
    }
  }

  /** The schemas, with those their {@code $ref} and {@code allOf} make apply to the same value. */
  private List<JsonNode> applying(List<JsonNode> schemas) {
    List<JsonNode> all = new ArrayList<>();
    for (JsonNode schema : schemas) {
      add(schema, all, 0);
    }
    return all;
  }

  private void add(JsonNode schema, List<JsonNode> all, int depth) {
    if (!schema.isObject() || depth > 32) {
      return;
    }
    all.add(schema);
    JsonNode ref = schema.path("$ref");
    if (ref.isTextual() && ref.asText().startsWith("#")) {
      add(root.at(ref.asText().substring(1)), all, depth + 1);
    }
    for (JsonNode part : schema.path("allOf")) {
      add(part, all, depth + 1);
    }
  }

  private static List<JsonNode> property(List<JsonNode> schemas, String key) {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode schema : schemas) {
      JsonNode named = schema.path("properties").path(key);
      out.add(named.isMissingNode() ? schema.path("additionalProperties") : named);
    }
    return out;
  }

  private static List<JsonNode> items(List<JsonNode> schemas) {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode schema : schemas) {
      out.add(schema.path("items"));
    }
    return out;
  }

  /** The JSON types that every schema here takes; null when none of them says. */
  private static Set<String> types(List<JsonNode> schemas) {
    Set<String> types = null;
    for (JsonNode schema : schemas) {
      Set<String> own = own(schema);
      if (own != null) {
        if (types == null) {
          types = own;
        } else {
          types.retainAll(own);
        }
      }
    }
    return types;
  }

  private static Set<String> own(JsonNode schema) {
    JsonNode type = schema.path("type");
    if (type.isTextual()) {
      return new HashSet<>(Set.of(type.asText()));
    }
    if (type.isArray()) {
      Set<String> types = new HashSet<>();
      type.forEach(t -> types.add(t.asText()));
      return types;
    }
    if (schema.has("enum")) {
      Set<String> types = new HashSet<>();
      schema.get("enum").forEach(v -> types.add(typeOf(v)));
      return types;
    }
    return schema.has("const") ? new HashSet<>(Set.of(typeOf(schema.get("const")))) : null;
  }

  private static String typeOf(JsonNode value) {
    return switch (value.getNodeType()) {
      case STRING -> "string";
      case BOOLEAN -> "boolean";
      case NUMBER -> value.isIntegralNumber() ? "integer" : "number";
      case NULL -> "null";
      case ARRAY -> "array";
      default -> "object";
    };
  }

  /** Whether {@code types} hold the JSON type of the value, as the validator is given it. */
  private static boolean takes(Set<String> types, ScalarNode value) {
    String type = typeOf(SchemaValidator.toJson(value));
    return types.contains(type) || type.equals("integer") && types.contains("number");
  }
}

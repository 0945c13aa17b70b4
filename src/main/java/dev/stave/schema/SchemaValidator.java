package dev.stave.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonNodePath;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.stave.config.ConfigFile;
import dev.stave.config.ConfigFormat;
import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Printable;
import dev.stave.diag.StaveBug;
import dev.stave.diag.Suggest;
import dev.stave.diag.Words;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Validates a config tree against its kind's JSON Schema (draft 2020-12) and turns every error into a
 * diagnostic at the value's origin. Schemas may carry {@code x-hint} (how to fix) and {@code x-messages}
 * (a message per failing keyword) next to the keywords they explain, and {@code x-words} on a list of
 * words, such as a command, that users coming from a shell write as one string. {@code x-aliases} maps
 * another tool's name for a key (mrunner's {@code mem}) to ours, for names too far apart to be typos.
 */
public final class SchemaValidator {
  private final String kind;
  private final JsonSchema schema;
  private final JsonNode schemaTree;
  private final VariableTypes variables;

  public SchemaValidator(String kind) {
    this.kind = kind;
    try (InputStream in = Schemas.open(kind)) {
      this.schemaTree = Libraries.MAPPER.readTree(in);
    } catch (IOException e) {
      throw new StaveBug("cannot parse the schema of " + kind, e);
    }
    this.schema = Libraries.FACTORY.getSchema(schemaTree, Libraries.CONFIG);
    this.variables = new VariableTypes(schemaTree);
  }

  /**
   * Sets up Jackson and the schema factory ahead of the first validator, for a thread that has nothing
   * better to do while the command line is parsed and the configs are read (dev.stave.cli.WarmUp).
   */
  public static void warmUp() {
    Libraries.JSON.nullNode();
  }

  /**
   * The validator's shared library objects. In a fresh JVM their set-up is a tenth of a second of class
   * initialisation (Jackson's ObjectMapper sets up dates and locales). A run's first use of Jackson or
   * the validator library is through this class (plan's JSON writer comes after validation), so the JVM
   * runs its initialiser once and makes any other thread wait for it: a warm-up thread and the main
   * thread never initialise these libraries' classes at the same time, which could deadlock on classes
   * whose initialisers need each other.
   */
  private static final class Libraries {
    static final JsonNodeFactory JSON = JsonNodeFactory.withExactBigDecimals(true);
    static final ObjectMapper MAPPER = new ObjectMapper();
    static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    static final SchemaValidatorsConfig CONFIG = SchemaValidatorsConfig.builder()
        .pathType(PathType.JSON_POINTER)
        .locale(Locale.ROOT)
        .formatAssertionsEnabled(true)
        .build();

    private Libraries() {}
  }

  /**
   * The config with each value that is one environment variable typed for its place ({@link VariableTypes}),
   * when the schema accepts it, with a warning added to {@code problems} for each value that HOCON's quotes
   * keep as the text of a reference; else null, with the reasons added to {@code problems}.
   */
  public ConfigFile accept(ConfigFile config, List<Diagnostic> problems) {
    Node root = variables.settle(config.root());
    Set<ValidationMessage> messages = schema.validate(toJson(root));
    // The keys another key allows (a schedule's by assign_to), by the map and the key they refuse.
    Map<String, JsonNode> narrowed = new HashMap<>();
    for (ValidationMessage m : messages) {
      Matcher named = PROPERTY_NAME.matcher(m.getMessage());
      if (m.getType().equals("propertyNames") && named.find() && parentSchema(m) != null) {
        narrowed.putIfAbsent(m.getInstanceLocation() + " " + named.group(1), parentSchema(m));
      }
    }
    List<Diagnostic> found = new ArrayList<>();
    for (ValidationMessage m : messages) {
      found.add(toDiagnostic(root, m, narrowed));
    }
    problems.addAll(withoutEchoes(found));
    if (!messages.isEmpty()) {
      return null;
    }
    // Only HOCON keeps a quoted reference as text (YAML substitutes it), and only HOCON includes HOCON:
    // a YAML config, such as a large sweep's grid, is not walked again.
    if (ConfigFormat.of(config.path()) == ConfigFormat.HOCON) {
      variables.warnQuotedReferences(root, "", problems);
    }
    return config.withRoot(root);
  }

  /**
   * One error for a misspelt key: a map whose allowed keys depend on another (a schedule's on assign_to) also
   * refuses the key by name ("not allowed here"), and misses the key it was meant to be ("missing required key
   * 'node_pool_name'"). Both say less than the unknown key's did-you-mean, so they are left out.
   */
  private static List<Diagnostic> withoutEchoes(List<Diagnostic> found) {
    Set<String> unknown = new HashSet<>();
    Set<String> meant = new HashSet<>();
    for (Diagnostic d : found) {
      if (d.code().equals("unknown-key")) {
        unknown.add(d.jsonPath());
        String parent = d.jsonPath().contains(".") ? d.jsonPath().substring(0, d.jsonPath().lastIndexOf('.')) : "";
        d.hints().stream().filter(h -> h.startsWith("did you mean '"))
            .forEach(h -> meant.add(parent + " " + h.substring("did you mean '".length(), h.length() - 2)));
      }
    }
    List<Diagnostic> kept = new ArrayList<>();
    for (Diagnostic d : found) {
      boolean refusedByName = d.code().equals("schema-propertyNames") && unknown.contains(d.jsonPath());
      boolean missingMeant = d.code().equals("schema-required")
          && meant.contains(d.jsonPath() + " " + d.message().replaceFirst("^missing required key '(.*)'$", "$1"));
      if (!refusedByName && !missingMeant) {
        kept.add(d);
      }
    }
    return kept;
  }

  static JsonNode toJson(Node node) {
    if (node instanceof MapNode map) {
      ObjectNode object = Libraries.JSON.objectNode();
      map.entries().forEach((k, v) -> object.set(k, toJson(v)));
      return object;
    }
    if (node instanceof ListNode list) {
      ArrayNode array = Libraries.JSON.arrayNode();
      list.items().forEach(item -> array.add(toJson(item)));
      return array;
    }
    Object value = ((ScalarNode) node).value();
    if (value == null) {
      return Libraries.JSON.nullNode();
    }
    if (value instanceof String s) {
      return Libraries.JSON.textNode(s);
    }
    if (value instanceof Boolean b) {
      return Libraries.JSON.booleanNode(b);
    }
    if (value instanceof BigInteger i) {
      return Libraries.JSON.numberNode(i);
    }
    BigDecimal d = (BigDecimal) value;
    if (d.signum() != 0 && d.stripTrailingZeros().scale() <= 0) {
      // The validator checks a decimal against an integer bound through longValue(), which is 0 for 1E400:
      // "replicas = 1E400" would be "below the minimum". As a BigInteger it compares exactly; past
      // WHOLE_DIGITS digits it stands in as 10^WHOLE_DIGITS, beyond every bound in the schemas.
      BigInteger whole = d.precision() - d.scale() <= WHOLE_DIGITS ? d.toBigIntegerExact()
          : BigInteger.TEN.pow(WHOLE_DIGITS).multiply(BigInteger.valueOf(d.signum()));
      return Libraries.JSON.numberNode(whole);
    }
    return Libraries.JSON.numberNode(d);
  }

  private static final int WHOLE_DIGITS = 400;

  private static final Pattern PROPERTY_NAME = Pattern.compile("property '([^']*)' name is not valid");

  private Diagnostic toDiagnostic(Node root, ValidationMessage m, Map<String, JsonNode> narrowed) {
    JsonNodePath location = m.getInstanceLocation();
    Located at = locate(root, location);
    String path = dotted(location);
    JsonNode keywordSchema = schemaAt(m);
    String type = m.getType();
    String message;
    List<String> hints = new ArrayList<>();
    // Replaces the key's x-hint when the user's own value says better what to write.
    boolean ownValueHint = false;
    // How to fix it in general, when the schema says nothing more specific (x-hint) at this key.
    String fallback = null;
    switch (type) {
      case "additionalProperties" -> {
        String key = m.getProperty();
        String childPath = path.isEmpty() ? Printable.pathKey(key) : path + "." + Printable.pathKey(key);
        Origin keyOrigin = at.node instanceof MapNode map ? map.keyOrigin(key) : at.node.origin();
        // Where another key narrows what the map takes (assign_to: gpu), the key meant is one of those it takes:
        // a did-you-mean of a key that is then "not allowed here" would only trade one error for another.
        JsonNode narrower = narrowed.get(location + " " + key);
        List<String> known = narrower == null ? knownKeys(m) : texts(narrower.path("propertyNames").path("enum"));
        JsonNode alias = parentSchema(m) == null ? null : parentSchema(m).path("x-aliases").get(key);
        String suggestion = alias != null && alias.isTextual() && known.contains(alias.asText()) ? alias.asText()
            : Suggest.closest(key, known);
        if (suggestion != null) {
          hints.add("did you mean '" + suggestion + "'?");
        } else if (narrower != null && narrower.path("x-hint").isTextual()) {
          hints.add(narrower.get("x-hint").asText());
        } else if (!known.isEmpty()) {
          hints.add("known keys here: " + String.join(", ", known));
        }
        return new Diagnostic(dev.stave.diag.Severity.ERROR, keyOrigin, childPath, "unknown-key",
            "unknown key '" + Printable.inMessage(key) + "'", hints);
      }
      case "propertyNames" -> {
        // The message names the key ("property 'gpu_count' name is not valid: ..."): point at it.
        Matcher named = PROPERTY_NAME.matcher(m.getMessage());
        if (named.find() && at.node instanceof MapNode map && map.has(named.group(1))) {
          String key = named.group(1);
          at = new Located(map.get(key), map.keyOrigin(key));
          path = path.isEmpty() ? key : path + "." + key;
          // A pattern's reason says what the key must look like; an enumeration's list is in the hint.
          String reason = m.getMessage().substring(named.end()).replaceFirst("^:\\s*", "");
          message = "key '" + Printable.inMessage(key) + "' is not allowed here"
              + (reason.contains("pattern") ? ": " + reason : "");
        } else {
          message = stripPath(m.getMessage());
        }
      }
      case "required" -> {
        String key = m.getProperty();
        message = "missing required key '" + key + "'";
        hints.add("add '" + key + "'");
      }
      case "type" -> {
        message = "expected " + expected(keywordSchema) + ", got " + at.node.describe();
        if (at.node instanceof ScalarNode s && s.variable() != null) {
          // Its text is the variables', or a default written in the file: the fix is in either.
          message = "expected " + expected(keywordSchema) + ", got " + (s.text().isEmpty() ? "an empty value"
              : "'" + scalarText(s) + "'") + " from " + s.variable();
          hints.add(s.variablesHint(expected(keywordSchema)));
        } else if (at.node instanceof ScalarNode s && s.around() != null) {
          // The text around the variable is what makes it a string, quoted or not.
          List<String> references = s.referencesAround();
          message = "expected " + expected(keywordSchema) + ", got '" + scalarText(s) + "', text with "
              + Words.and(references) + " in it, which is always a string";
          hints.add("write " + (references.size() == 1 ? references.get(0) : "one variable") + " alone, with no"
              + " text around it, so that its value is read as " + expected(keywordSchema));
        } else if (at.node instanceof ScalarNode s && s.quotedReference() != null
            && expectsNumberOrBool(keywordSchema)) {
          hints.add(s.unquoteHint(expected(keywordSchema)));
        } else if (at.node instanceof ScalarNode s && s.isString() && expectsNumberOrBool(keywordSchema)
            && s.text().matches("-?[0-9]+(\\.[0-9]+)?|true|false")) {
          hints.add("write the value without quotes");
        } else if (at.node instanceof ScalarNode s && s.isString() && keywordSchema.toString().contains("boolean")
            && YAML11_BOOLEAN.matcher(s.text()).matches()) {
          // YAML 1.1 read these as booleans; YAML 1.2 and HOCON read them as strings.
          hints.add(booleanWordHint(location, s.text()));
        } else if (at.node instanceof ScalarNode s && s.isString() && s.origin().copied() == null
            && parentSchema(m) != null && parentSchema(m).path("x-words").asBoolean() && asList(s.text()) != null) {
          // Only words written here: a copy (${...}, *alias) may be a credential's, whose words once split
          // apart would no longer be the value that diagnostics hide.
          hints.add("write it as a list: " + asList(s.text()));
          ownValueHint = true;
        } else if (at.node instanceof ScalarNode s && s.value() == null && expected(keywordSchema).contains("string")
            && (parentSchema(m) == null || !parentSchema(m).has("x-hint"))) {
          // Quoting it would make the string "null"; a key written with no value is most often meant empty,
          // unless the key refuses an empty string (name), where "" would only trade this error for another.
          hints.add(allowsEmpty(parentSchema(m)) ? emptyValueHint(location)
              : "write " + expected(keywordSchema) + " here");
        } else if (at.node instanceof ScalarNode s && !s.isString() && expected(keywordSchema).contains("string")
            && (parentSchema(m) == null || !parentSchema(m).has("x-hint"))) {
          // Where the key says what its strings look like (a quantity, a file mode), quoting 1.5 or
          // true would only trade this error for another; its x-hint below is the advice.
          hints.add("put the value in quotes to make it a string");
        } else if (parentSchema(m) == null || !parentSchema(m).has("x-hint")) {
          hints.add("write " + expected(keywordSchema) + " here");
        }
      }
      case "enum", "const" -> {
        List<String> values = allowedList(keywordSchema);
        message = "'" + scalarText(at.node) + "' is not one of " + allowed(keywordSchema);
        String suggestion = Suggest.closest(scalarText(at.node), values);
        JsonNode keyHint = parentSchema(m) == null ? null : parentSchema(m).get("x-hint");
        if (suggestion != null && !(keyHint != null && keyHint.isTextual() && names(keyHint.asText(), suggestion))) {
          // A key's own hint that already names the value says it better ("eks" is no typo of "gke").
          hints.add("did you mean '" + suggestion + "'?");
        } else {
          fallback = values.size() == 1
              ? "write '" + values.get(0) + "'" : "write one of the values above, spelled as shown";
        }
      }
      case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum" -> {
        message = stripPath(m.getMessage());
        fallback = rangeHint(parentSchema(m));
      }
      case "minLength" -> {
        int least = keywordSchema.asInt();
        message = least == 1 ? "must not be empty" : "must be at least " + least + " characters long";
        fallback = least == 1 ? "write a value here" : "write at least " + least + " characters";
      }
      case "minProperties" -> {
        int least = keywordSchema.asInt();
        message = least == 1 ? "must not be empty" : "must have at least " + least + " keys";
      }
      case "maxLength" -> {
        message = stripPath(m.getMessage());
        fallback = "shorten it to at most " + keywordSchema.asInt() + " characters";
      }
      case "minItems" -> {
        message = stripPath(m.getMessage());
        fallback = "list at least " + items(keywordSchema.asInt());
      }
      case "maxItems" -> {
        message = stripPath(m.getMessage());
        fallback = "list at most " + items(keywordSchema.asInt());
      }
      case "uniqueItems" -> {
        message = stripPath(m.getMessage());
        fallback = "remove the repeated item";
      }
      default -> message = stripPath(m.getMessage());
    }
    JsonNode parentSchema = parentSchema(m);
    if (parentSchema != null) {
      JsonNode custom = parentSchema.path("x-messages").path(type);
      if (custom.isTextual()) {
        message = custom.asText().replace("{value}", scalarText(at.node));
      }
      JsonNode hint = parentSchema.path("x-hint");
      if (hint.isTextual() && !ownValueHint) {
        hints.add(hint.asText());
        fallback = null;
      }
    }
    if (fallback != null) {
      hints.add(fallback);
    }
    if (at.node instanceof ScalarNode s && s.variable() != null && !message.contains(s.variable())) {
      hints.add("the value comes from " + s.variable());
    }
    if (hints.isEmpty()) {
      hints.add("`stave schema " + kind + "` shows what each key accepts");
    }
    return new Diagnostic(dev.stave.diag.Severity.ERROR, at.origin, path, "schema-" + type, message, hints);
  }

  private static final Pattern PLAIN_WORD = Pattern.compile("[A-Za-z0-9_./~-]+");
  private static final Pattern NOT_A_STRING_UNQUOTED = Pattern.compile(
      "[-+]?\\.?[0-9].*|~|(?i:true|false|null|yes|no|on|off|y|n)");
  private static final int MAX_LIST_HINT = 120;
  private static final Pattern YAML11_BOOLEAN = Pattern.compile("(?i:yes|no|on|off|y|n)");

  /** {@code write 'B: ""'} for a null where a string goes, naming the key when there is one. */
  private static String emptyValueHint(JsonNodePath location) {
    Object last = location.getNameCount() == 0 ? null : location.getElement(location.getNameCount() - 1);
    return "write " + (last instanceof String key ? "'" + Printable.inMessage(key) + ": \"\"'" : "\"\"")
        + " for an empty value";
  }

  /** Whether {@code schema}, a string's, takes "" too: no minLength above 0, and a pattern and values it is in. */
  private static boolean allowsEmpty(JsonNode schema) {
    if (schema == null) {
      return true;
    }
    if (schema.path("minLength").asInt(0) > 0) {
      return false;
    }
    JsonNode values = schema.get("enum");
    if (values != null && values.isArray() && !contains(values, "")) {
      return false;
    }
    return !schema.path("pattern").isTextual() || Pattern.compile(schema.get("pattern").asText()).matcher("").find();
  }

  private static boolean contains(JsonNode values, String value) {
    for (JsonNode v : values) {
      if (v.isTextual() && v.asText().equals(value)) {
        return true;
      }
    }
    return false;
  }

  /** {@code write 'neptune: true'} for a {@code yes} where a boolean is allowed, naming the key when there is one. */
  private static String booleanWordHint(JsonNodePath location, String word) {
    String value = word.matches("(?i:yes|on|y)") ? "true" : "false";
    Object last = location.getNameCount() == 0 ? null : location.getElement(location.getNameCount() - 1);
    String written = last instanceof String key ? "'" + Printable.inMessage(key) + ": " + value + "'" : value;
    return "write " + written + "; '" + word + "' is a string here, not a boolean";
  }

  /**
   * {@code python train.py} as the list it stands for, {@code [python, train.py]}, written so that HOCON
   * and YAML both read it back as those strings; null when splitting on spaces could mean something else
   * than the user meant (quotes, escapes, variables, comments) or would not be read back as written.
   */
  static String asList(String text) {
    String[] words = text.strip().split("\\s+");
    if (text.isBlank() || text.length() > MAX_LIST_HINT) {
      return null;
    }
    List<String> written = new ArrayList<>();
    for (String word : words) {
      if (!PLAIN_WORD.matcher(word).matches() || word.contains("//")) {
        return null;
      }
      written.add(NOT_A_STRING_UNQUOTED.matcher(word).matches() ? "\"" + word + "\"" : word);
    }
    return "[" + String.join(", ", written) + "]";
  }

  /** Whether {@code text} has {@code word} as a whole word, not as part of a longer one. */
  private static boolean names(String text, String word) {
    return Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(word) + "(?![A-Za-z0-9_])").matcher(text).find();
  }

  /** How to fix a number out of range, from the bounds its schema sets. */
  private static String rangeHint(JsonNode schema) {
    if (schema == null) {
      return "write a number in the allowed range";
    }
    if (schema.has("minimum") && schema.has("maximum")) {
      return "write a number from " + schema.get("minimum").asText() + " to " + schema.get("maximum").asText();
    }
    List<String> bounds = new ArrayList<>();
    if (schema.has("minimum")) {
      bounds.add("of at least " + schema.get("minimum").asText());
    } else if (schema.has("exclusiveMinimum")) {
      bounds.add("greater than " + schema.get("exclusiveMinimum").asText());
    }
    if (schema.has("maximum")) {
      bounds.add("of at most " + schema.get("maximum").asText());
    } else if (schema.has("exclusiveMaximum")) {
      bounds.add("less than " + schema.get("exclusiveMaximum").asText());
    }
    return bounds.isEmpty() ? "write a number in the allowed range" : "write a number " + String.join(" and ", bounds);
  }

  private static String items(int count) {
    return count + (count == 1 ? " item" : " items");
  }

  private record Located(Node node, Origin origin) {}

  /** Walks the tree along the instance path; the origin is where the key was written when there is one. */
  private static Located locate(Node root, JsonNodePath location) {
    Node node = root;
    Origin origin = root.origin();
    for (int i = 0; i < location.getNameCount(); i++) {
      Object element = location.getElement(i);
      if (node instanceof MapNode map && map.has(String.valueOf(element))) {
        String key = String.valueOf(element);
        node = map.get(key);
        origin = node instanceof ScalarNode ? node.origin() : map.givenAt(key);
      } else if (node instanceof ListNode list && element instanceof Integer index && index < list.items().size()) {
        node = list.items().get(index);
        origin = node.origin();
      } else {
        break;
      }
    }
    return new Located(node, origin);
  }

  static String dotted(JsonNodePath location) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < location.getNameCount(); i++) {
      Object element = location.getElement(i);
      if (element instanceof Integer index) {
        b.append('[').append(index).append(']');
      } else {
        if (b.length() > 0) {
          b.append('.');
        }
        b.append(Printable.pathKey(String.valueOf(element)));
      }
    }
    return b.toString();
  }

  private JsonNode schemaAt(ValidationMessage m) {
    return m.getSchemaNode() == null ? Libraries.JSON.nullNode() : m.getSchemaNode();
  }

  /** The schema object holding the failing keyword, found by its location in our own schema file. */
  private JsonNode parentSchema(ValidationMessage m) {
    if (m.getSchemaLocation() == null) {
      return null;
    }
    JsonNodePath fragment = m.getSchemaLocation().getFragment();
    JsonNode node = schemaTree;
    for (int i = 0; i < fragment.getNameCount() - 1; i++) {
      Object element = fragment.getElement(i);
      node = element instanceof Integer index ? node.path(index) : node.path(String.valueOf(element));
    }
    return node.isMissingNode() ? null : node;
  }

  /** The texts of {@code values}, sorted. */
  private static List<String> texts(JsonNode values) {
    List<String> names = new ArrayList<>();
    values.forEach(v -> names.add(v.asText()));
    names.sort(null);
    return names;
  }

  private List<String> knownKeys(ValidationMessage m) {
    JsonNode parent = parentSchema(m);
    List<String> keys = new ArrayList<>();
    if (parent != null) {
      Iterator<String> names = parent.path("properties").fieldNames();
      names.forEachRemaining(keys::add);
    }
    keys.sort(null);
    return keys;
  }

  private static String expected(JsonNode typeSchema) {
    JsonNode t = typeSchema;
    List<String> types = new ArrayList<>();
    if (t.isArray()) {
      t.forEach(n -> types.add(n.asText()));
    } else if (t.isTextual()) {
      types.add(t.asText());
    }
    if (types.contains("number")) {
      // Every integer is a number: "a string or an integer or a number" says one thing twice.
      types.remove("integer");
    }
    return types.isEmpty() ? "another type" : Words.or(types.stream().map(SchemaValidator::article).toList());
  }

  private static boolean expectsNumberOrBool(JsonNode typeSchema) {
    String s = typeSchema.toString();
    return !s.contains("string") && (s.contains("integer") || s.contains("number") || s.contains("boolean"));
  }

  private static String article(String type) {
    return switch (type) {
      case "object" -> "a map";
      case "array" -> "a list";
      case "integer" -> "an integer";
      case "null" -> "null";
      default -> "a " + type;
    };
  }

  private static String allowed(JsonNode enumSchema) {
    return String.join(", ", allowedList(enumSchema));
  }

  private static List<String> allowedList(JsonNode enumSchema) {
    List<String> values = new ArrayList<>();
    if (enumSchema.isArray()) {
      enumSchema.forEach(n -> values.add(n.asText()));
    } else if (!enumSchema.isNull()) {
      values.add(enumSchema.asText());
    }
    return values;
  }

  private static String scalarText(Node node) {
    if (node instanceof ScalarNode s) {
      return Printable.cut(s.text());
    }
    return node.describe();
  }

  private static String stripPath(String message) {
    int colon = message.indexOf(": ");
    return colon >= 0 && (message.startsWith("/") || message.startsWith("$")) ? message.substring(colon + 2) : message;
  }

  public String kind() {
    return kind;
  }

}

package dev.stave.render;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import io.gsonfire.GsonFireBuilder;
import io.kubernetes.client.gson.V1MetadataExclusionStrategy;
import io.kubernetes.client.gson.V1StatusPreProcessor;
import io.kubernetes.client.openapi.JSON;
import io.kubernetes.client.openapi.models.V1Status;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Reads an object into its client-java-api model with the client's Gson adapters, writes it back
 * and compares. Whatever the model drops, adds or respells shows that stave's YAML is not the form
 * Kubernetes gives back, so a later diff against the cluster would flag it.
 */
final class RoundTrip {
  // After a handful of differences the object is clearly wrong; more lines only bury the first.
  private static final int MOST_DIFFERENCES = 5;

  private final Gson gson;
  private final ModelShapes shapes;

  RoundTrip(Gson gson, ModelShapes shapes) {
    this.gson = gson;
    this.shapes = shapes;
  }

  /**
   * The client's Gson without its per-model validation wrappers. Each wrapper copies and
   * re-validates its whole subtree, so a Job pays for its nesting depth several times over (about
   * four times slower in total); the type check already does that validation, path by path. The
   * date adapter is the client's, set up as its {@code JSON} class does, and the byte adapter writes
   * what the client's does, so values are written the same way.
   *
   * <p>This builds what {@code JSON.createGson()} builds instead of calling it: any use of the
   * {@code JSON} class runs its static initializer, which loads an adapter factory for every one of
   * the client's 1,400 model classes, a third of the classes of a whole compile.
   */
  static Gson clientGsonWithoutValidation() {
    return new GsonFireBuilder()
        .registerPreProcessor(V1Status.class, new V1StatusPreProcessor())
        .createGsonBuilder()
        .registerTypeAdapterFactory(new ModelsWhenUsed())
        .setExclusionStrategies(new V1MetadataExclusionStrategy())
        .registerTypeAdapter(OffsetDateTime.class, new JSON.OffsetDateTimeTypeAdapter(RFC3339_MICRO))
        .registerTypeAdapter(byte[].class, new Base64Bytes())
        .create();
  }

  /**
   * Gives a model class the adapter Gson would (the next factory's: GsonFire's or the reflective one)
   * when a value of it is first read or written, instead of when a class that holds it gets its own
   * adapter. Gson builds a class's reflective adapter with an adapter for each of its fields, so a Job
   * brought in the whole pod graph, some 150 classes (every volume source, probe and affinity term),
   * of which a Job of stave's has a dozen; on a cold start, making the rest cost about 20 ms. A null
   * is read and written as the reflective adapter does, without making one.
   */
  private static final class ModelsWhenUsed implements TypeAdapterFactory {
    private static final String MODELS = V1Status.class.getPackageName();

    @Override
    public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
      if (!type.getRawType().getPackageName().equals(MODELS)) {
        return null;
      }
      TypeAdapterFactory skipPast = this;
      return new TypeAdapter<T>() {
        private volatile TypeAdapter<T> delegate;

        private TypeAdapter<T> delegate() {
          TypeAdapter<T> d = delegate;
          if (d == null) {
            d = gson.getDelegateAdapter(skipPast, type);
            delegate = d;
          }
          return d;
        }

        @Override
        public void write(JsonWriter out, T value) throws IOException {
          delegate().write(out, value);
        }

        @Override
        public T read(JsonReader in) throws IOException {
          return delegate().read(in);
        }
      }.nullSafe();
    }
  }

  /**
   * Byte arrays as base64, written and read as the client's {@code JSON.ByteArrayAdapter} does (HTML
   * escaping off for the value, null for null) but with the JDK's codec. The client's uses okio, which
   * with Kotlin is kept off the class path of commands that do not talk to a cluster
   * (dev.stave.apply.ClusterLibraries). The type check has refused any text that is not canonical
   * base64 before it gets here, the only text the two codecs would read differently.
   */
  private static final class Base64Bytes extends TypeAdapter<byte[]> {
    @Override
    public void write(JsonWriter out, byte[] value) throws IOException {
      boolean htmlSafe = out.isHtmlSafe();
      out.setHtmlSafe(false);
      if (value == null) {
        out.nullValue();
      } else {
        out.value(Base64.getEncoder().encodeToString(value));
      }
      out.setHtmlSafe(htmlSafe);
    }

    @Override
    public byte[] read(JsonReader in) throws IOException {
      if (in.peek() == JsonToken.NULL) {
        in.nextNull();
        return null;
      }
      return Base64.getDecoder().decode(in.nextString());
    }
  }

  /** The client's {@code JSON.RFC3339MICRO_FORMATTER}: microseconds, always UTC ("Z"). */
  private static final DateTimeFormatter RFC3339_MICRO =
      new DateTimeFormatterBuilder()
          .parseDefaulting(ChronoField.OFFSET_SECONDS, 0)
          .append(DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss"))
          .optionalStart()
          .appendFraction(ChronoField.NANO_OF_SECOND, 6, 6, true)
          .optionalEnd()
          .appendLiteral("Z")
          .toFormatter();

  void check(Map<String, Object> object, Class<?> model, List<String> problems) {
    JsonElement back;
    try {
      back = gson.toJsonTree(gson.fromJson(JsonText.toJson(object), model));
    } catch (RuntimeException e) {
      // The type check should have caught this first; report rather than crash the whole run.
      problems.add(
          JsonPath.ROOT.problem(
              "the " + model.getSimpleName() + " model rejects the object: " + clean(e)));
      return;
    }
    List<String> differences = new ArrayList<>();
    compare(object, back, new Slot.Model(model), JsonPath.ROOT, differences);
    problems.addAll(differences.subList(0, Math.min(differences.size(), MOST_DIFFERENCES)));
  }

  private void compare(
      Object in, JsonElement out, Slot slot, JsonPath path, List<String> differences) {
    if (differences.size() >= MOST_DIFFERENCES) {
      return; // enough to show the object is wrong; the rest is cut off in check()
    }
    if (in == null && out.isJsonNull()) {
      // A null the model writes back as null (an item of a list) is no change: "null becomes
      // null" would call it one. Whether null belongs there is the type check's question.
      return;
    }
    if (slot instanceof Slot.Model model) {
      ModelShape shape = shapes.of(model.type());
      compareObjects(in, out, shape.fields(), null, path, differences);
    } else if (slot instanceof Slot.MapOf map) {
      compareObjects(in, out, Map.of(), map.value(), path, differences);
    } else if (slot instanceof Slot.ListOf list) {
      compareLists(in, out, list.item(), path, differences);
    } else if (!sameScalar(in, out, (Slot.Scalar) slot)) {
      String change =
          slot == Slot.Scalar.QUANTITY || slot == Slot.Scalar.BYTES
              ? "not canonical: "
              : "changed by the model: ";
      differences.add(path.problem(change + literal(in) + " becomes " + JsonText.literal(out)));
    }
  }

  private void compareObjects(
      Object in,
      JsonElement out,
      Map<String, Slot> fields,
      Slot values,
      JsonPath path,
      List<String> differences) {
    if (!(in instanceof Map<?, ?> map) || !(out instanceof JsonObject object)) {
      changed(in, out, path, differences);
      return;
    }
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      String key = (String) entry.getKey();
      JsonElement written = object.get(key);
      if (written == null || written.isJsonNull()) {
        differences.add(path.field(key).problem("dropped by the model"));
      } else {
        Slot slot = values != null ? values : fields.getOrDefault(key, Slot.Scalar.ANY);
        compare(entry.getValue(), written, slot, path.field(key), differences);
      }
    }
    for (Map.Entry<String, JsonElement> entry : object.entrySet()) {
      // The 24.0.0 models start every list and map empty, so absent comes back as [] or {}.
      if (!map.containsKey(entry.getKey()) && !isEmpty(entry.getValue())) {
        differences.add(
            path.field(entry.getKey())
                .problem("added by the model: " + JsonText.literal(entry.getValue())));
      }
    }
  }

  private void compareLists(
      Object in, JsonElement out, Slot item, JsonPath path, List<String> differences) {
    if (!(in instanceof List<?> list) || !(out instanceof JsonArray array)) {
      changed(in, out, path, differences);
      return;
    }
    if (list.size() != array.size()) {
      differences.add(
          path.problem("changed by the model: " + list.size() + " items become " + array.size()));
      return;
    }
    for (int i = 0; i < list.size(); i++) {
      compare(list.get(i), array.get(i), item, path.item(i), differences);
    }
  }

  private static boolean sameScalar(Object in, JsonElement out, Slot.Scalar scalar) {
    if (!(out instanceof JsonPrimitive written)) {
      return scalar == Slot.Scalar.ANY && sameJson(JsonText.toJson(in), out);
    }
    if (scalar == Slot.Scalar.DATE_TIME && in instanceof String text && written.isString()) {
      // The client writes every time with microseconds; the instant is what matters.
      try {
        return OffsetDateTime.parse(text).isEqual(OffsetDateTime.parse(written.getAsString()));
      } catch (DateTimeParseException e) {
        return text.equals(written.getAsString());
      }
    }
    if (in instanceof String text) {
      return written.isString() && text.equals(written.getAsString());
    } else if (in instanceof Boolean flag) {
      return written.isBoolean() && flag == written.getAsBoolean();
    } else if (in instanceof Number number) {
      return written.isNumber() && sameNumber(number, written.getAsNumber());
    }
    return false;
  }

  /** Deep equality for fields the model types as any JSON. */
  private static boolean sameJson(JsonElement a, JsonElement b) {
    if (a instanceof JsonPrimitive x && b instanceof JsonPrimitive y) {
      return x.isNumber() && y.isNumber()
          ? sameNumber(x.getAsNumber(), y.getAsNumber())
          : x.equals(y) && x.isString() == y.isString();
    }
    if (a instanceof JsonArray x && b instanceof JsonArray y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!sameJson(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof JsonObject x && b instanceof JsonObject y) {
      if (!x.keySet().equals(y.keySet())) {
        return false;
      }
      for (Map.Entry<String, JsonElement> entry : x.entrySet()) {
        if (!sameJson(entry.getValue(), y.get(entry.getKey()))) {
          return false;
        }
      }
      return true;
    }
    return a.isJsonNull() && b.isJsonNull();
  }

  /** 1 and 1.0 are the same number, as they are to the API server. */
  private static boolean sameNumber(Number a, Number b) {
    if (isSmallInteger(a) && isSmallInteger(b)) {
      return a.longValue() == b.longValue();
    }
    BigDecimal left = JsonText.decimal(a);
    BigDecimal right = JsonText.decimal(b);
    return left != null && right != null && left.compareTo(right) == 0;
  }

  private static boolean isSmallInteger(Number number) {
    return number instanceof Integer || number instanceof Long;
  }

  private static boolean isEmpty(JsonElement element) {
    return element.isJsonNull()
        || element instanceof JsonArray array && array.isEmpty()
        || element instanceof JsonObject object && object.size() == 0;
  }

  private static void changed(Object in, JsonElement out, JsonPath path, List<String> differences) {
    differences.add(
        path.problem("changed by the model: " + literal(in) + " becomes " + JsonText.literal(out)));
  }

  private static String literal(Object in) {
    return JsonText.literal(JsonText.toJson(in));
  }

  /** The generated messages end with the whole object as JSON; keep the sentence only. */
  private static String clean(RuntimeException e) {
    Throwable cause = e.getCause() != null ? e.getCause() : e;
    String message = String.valueOf(cause.getMessage());
    for (String dump : new String[] {": {", ": ["}) {
      int cut = message.indexOf(dump);
      if (cut >= 0) {
        message = message.substring(0, cut);
      }
    }
    if (message.endsWith(" JSON")) {
      message = message.substring(0, message.length() - " JSON".length());
    }
    return message.strip();
  }
}

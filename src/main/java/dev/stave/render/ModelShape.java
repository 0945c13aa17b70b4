package dev.stave.render;

import com.google.gson.annotations.SerializedName;
import dev.stave.diag.StaveBug;
import dev.stave.diag.Suggest;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The JSON fields of one generated model class, in declaration order, and which of them are
 * required. Built from the Gson {@code @SerializedName} fields and cross-checked against the
 * class's own {@code openapiFields}, so a client upgrade that breaks the assumption fails loudly.
 */
record ModelShape(Map<String, Slot> fields, List<String> required) {

  ModelShape {
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    required = List.copyOf(required);
  }

  static boolean isModel(Class<?> type) {
    try {
      Field fields = type.getField("openapiFields");
      return Modifier.isStatic(fields.getModifiers());
    } catch (NoSuchFieldException e) {
      return false;
    }
  }

  static ModelShape of(Class<?> type) {
    Map<String, Slot> fields = new LinkedHashMap<>();
    for (Field field : type.getDeclaredFields()) {
      SerializedName name = field.getAnnotation(SerializedName.class);
      if (name != null && !Modifier.isStatic(field.getModifiers())) {
        fields.put(name.value(), Slot.of(field.getGenericType()));
      }
    }
    Set<String> declared = Set.copyOf(staticSet(type, "openapiFields"));
    if (!declared.equals(fields.keySet())) {
      throw new StaveBug(
          type.getSimpleName()
              + " declares fields "
              + declared
              + " but Gson maps "
              + fields.keySet());
    }
    // Sorted so that several missing fields are always reported in the same order.
    List<String> required = staticSet(type, "openapiRequiredFields").stream().sorted().toList();
    return new ModelShape(fields, required);
  }

  /** The declared field closest to a misspelt one, or null when nothing is close enough. */
  String suggestion(String unknown) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : fields.keySet()) {
      int distance =
          candidate.equalsIgnoreCase(unknown)
              ? 0
              : Suggest.distance(unknown.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    // Two edits catch typos and dropped letters without offering unrelated short names.
    return bestDistance <= 2 && bestDistance * 2 < unknown.length() ? best : null;
  }

  private static Collection<String> staticSet(Class<?> type, String name) {
    try {
      @SuppressWarnings("unchecked")
      Collection<String> values = (Collection<String>) type.getField(name).get(null);
      return values;
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new StaveBug(type.getSimpleName() + "." + name + " is not readable", e);
    }
  }
}

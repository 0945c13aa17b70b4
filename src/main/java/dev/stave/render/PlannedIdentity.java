package dev.stave.render;

import dev.stave.compile.Labels;
import dev.stave.compile.PlannedObject;
import dev.stave.model.Names;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a template of the user's ({@code --templates}) may not change in the object it renders: the
 * apiVersion, kind, name and namespace stave planned, from which the bundle's file name, its
 * kustomization entry and apply's requests are made, and the {@code stave.dev/bundle} label by which
 * {@code apply --prune} finds it (absent where stave leaves it out, as on a Namespace several bundles
 * share). More labels, annotations and fields are the template's to add.
 */
final class PlannedIdentity {
  private PlannedIdentity() {}

  /** How {@code content} departs from the identity of {@code planned}, one phrase each; empty if it does not. */
  static List<String> departures(PlannedObject planned, Map<String, Object> content) {
    Map<?, ?> metadata = content.get("metadata") instanceof Map<?, ?> m ? m : Map.of();
    Map<?, ?> labels = metadata.get("labels") instanceof Map<?, ?> m ? m : Map.of();
    List<String> out = new ArrayList<>();
    differ(out, "apiVersion", content.get("apiVersion"), planned.apiVersion());
    differ(out, "kind", content.get("kind"), planned.kind());
    differ(out, "metadata.name", metadata.get("name"), planned.name());
    differ(out, "metadata.namespace", metadata.get("namespace"), planned.namespace());
    differ(out, "label " + Labels.BUNDLE, labels.get(Labels.BUNDLE), plannedBundle(planned));
    return out;
  }

  /** The bundle label stave put in the template's data, or null when it gave none. */
  private static String plannedBundle(PlannedObject planned) {
    return planned.data().get("labels") instanceof Map<?, ?> labels && labels.get(Labels.BUNDLE) instanceof String s
        ? s : null;
  }

  private static void differ(List<String> out, String field, Object rendered, String planned) {
    if (!Objects.equals(rendered, planned)) {
      out.add(field + " is " + shown(rendered) + ", not " + shown(planned));
    }
  }

  private static String shown(Object value) {
    return value == null ? "absent" : value instanceof String s ? "'" + Names.printable(s) + "'"
        : Names.printable(String.valueOf(value));
  }
}

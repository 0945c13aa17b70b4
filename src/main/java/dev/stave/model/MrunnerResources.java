package dev.stave.model;

import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Printable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * mrunner's {@code resources}: {@code "cpu=4 mem=8G gpu=1 tpu=1"} or the same as a map, mapped as its
 * {@code Job.RESOURCE_NAME_MAP} does ({@code mem -> memory}, {@code gpu -> nvidia.com/gpu},
 * {@code tpu -> cloud-tpus.google.com/v2}). mrunner appends {@code i} to memory sizes ({@code 8G -> 8Gi}),
 * and so do we, so that contexts copied from mrunner mean what they meant there.
 */
public final class MrunnerResources {
  static final Map<String, String> NAMES = Map.of(
      "cpu", "cpu", "mem", "memory", "gpu", Resources.GPU, "tpu", "cloud-tpus.google.com/v2");
  private static final String KEYS_HINT = "resources are cpu, mem, gpu and tpu, e.g. \"cpu=4 mem=8G gpu=1\"";

  private MrunnerResources() {}

  /**
   * The resource keys written in {@code node} (cpu, mem, ...; a token without '=' is its own key), so that a
   * context's resource can be matched with the experiment's resource of the same key that replaces it.
   */
  public static Set<String> keys(Node node) {
    Set<String> keys = new TreeSet<>();
    if (node instanceof ScalarNode s) {
      for (String token : s.text().strip().split("\\s+")) {
        if (!token.isEmpty()) {
          keys.add(key(token));
        }
      }
    } else if (node instanceof MapNode m) {
      keys.addAll(m.entries().keySet());
    }
    return keys;
  }

  /** The key of a {@code NAME=VALUE} token of the text form; the whole token when it has no '='. */
  public static String key(String token) {
    int eq = token.indexOf('=');
    return eq < 0 ? token : token.substring(0, eq);
  }

  /** Kubernetes resource name to canonical quantity; problems go to {@code problems}. */
  public static TreeMap<String, String> parse(Node node, String path, List<Diagnostic> problems) {
    Map<String, String> given = new LinkedHashMap<>();
    Map<String, Origin> origins = new LinkedHashMap<>();
    // The key of a resource's errors: the map form has one per resource (resources.cpu, where a sweep's error
    // for the same value is), the text form only the whole value.
    Map<String, String> keys = new LinkedHashMap<>();
    if (node instanceof ScalarNode s) {
      String text = s.text().strip();
      if (!text.isEmpty()) {
        for (String token : text.split("\\s+")) {
          int eq = token.indexOf('=');
          if (eq <= 0 || eq == token.length() - 1) {
            problems.add(Diagnostic.error(s.origin(), path, "resources-syntax",
                "'" + Names.printable(token) + "' in resources is not NAME=VALUE", KEYS_HINT));
            continue;
          }
          String key = token.substring(0, eq);
          if (given.putIfAbsent(key, token.substring(eq + 1)) != null) {
            problems.add(Diagnostic.error(s.origin(), path, "resources-twice",
                "resource '" + Names.printable(key) + "' is given twice", "keep one of them"));
          }
          origins.put(key, s.origin());
          keys.put(key, path);
        }
      }
    } else if (node instanceof MapNode m) {
      m.entries().forEach((k, v) -> {
        ScalarNode s = (ScalarNode) v;
        given.put(k, Quantities.text(s));
        origins.put(k, s.origin());
        keys.put(k, path + "." + Printable.pathKey(k));
      });
    }
    TreeMap<String, String> out = new TreeMap<>();
    given.forEach((key, value) -> {
      Origin origin = origins.get(key);
      String at = keys.get(key);
      String name = NAMES.get(key);
      if (name == null) {
        String suggestion = dev.stave.diag.Suggest.closest(key, List.of("cpu", "mem", "gpu", "tpu"));
        problems.add(Diagnostic.error(origin, at, "resources-unknown",
            "'" + Names.printable(key) + "' is not a resource mrunner knows",
            suggestion != null ? "did you mean '" + suggestion + "'? " + KEYS_HINT : KEYS_HINT));
        return;
      }
      Optional<String> quantity = switch (key) {
        case "gpu", "tpu" -> value.matches("[0-9]{1,6}") ? Optional.of(String.valueOf(Integer.parseInt(value)))
            : Optional.empty();
        case "mem" -> Quantities.canonical(value.matches("[0-9.]+[KMGTPE]") ? value + "i" : value);
        default -> Quantities.canonical(value);
      };
      if (quantity.isEmpty()) {
        problems.add(Diagnostic.error(origin, at, "resources-value",
            "'" + Names.printable(value) + "' is not a valid amount of " + key,
            key.equals("gpu") || key.equals("tpu") ? key + " is a whole number, e.g. " + key + "=1"
                : key.equals("cpu") ? "write cpu as a number of cores, e.g. cpu=4 or cpu=500m"
                : "write mem as a size, e.g. mem=8G (8Gi, as mrunner reads it) or mem=512Mi"));
        return;
      }
      if (key.equals("mem")) {
        SmallMemory.quantity(origin, path + "." + key, value, quantity.get(), SmallMemory.Spelling.MRUNNER)
            .ifPresent(problems::add);
      }
      if (key.equals("cpu")) {
        SmallCpu.quantity(origin, path + "." + key, value, quantity.get()).ifPresent(problems::add);
      }
      if (!quantity.get().equals("0")) {
        out.put(name, quantity.get());
      }
    });
    return out;
  }
}

package dev.stave.model;

import dev.stave.config.ConfigFile;
import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Printable;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** Reads {@code secret_env}, {@code sweep} and the sweep placeholders of an experiment the schema accepted. */
public final class RunSpecReader {
  private static final java.util.regex.Pattern ENV_NAME = java.util.regex.Pattern.compile("[-._a-zA-Z][-._a-zA-Z0-9]*");

  private final MapNode root;
  /** Null for {@link #findUnsubstitutedUnread}, which reads no process. */
  private final ContextDefaults defaults;
  private final List<Diagnostic> problems;
  private SweepGrid sweep;
  /** The names of the sweep's parameters, which {@link #findUnsubstituted} looks for. */
  private List<String> parameters = List.of();
  /** The places of values that hold a sweep placeholder where none is substituted ({@link #findUnsubstituted}). */
  private final Set<String> unsubstitutedPlaces = new HashSet<>();
  /** Whether {@link #findUnsubstituted} is inside an {@code overrides}, whose command, args and env stay as written. */
  private boolean inOverrides;
  /**
   * Whether {@link #findUnsubstituted} is in the experiment's context. A contexts file serves experiments with and
   * without sweeps, whose parameters it does not know, and its values are defaults of keys that sweeps do not
   * substitute: a parameter's placeholder there is an error too (the context's values that become env values,
   * STORAGE_DIR and NEPTUNE_PROJECT, would otherwise be substituted while the mount path beside them is not).
   */
  private boolean inContext;

  private RunSpecReader(MapNode root, ContextDefaults defaults, List<Diagnostic> problems) {
    this.root = root;
    this.defaults = defaults;
    this.problems = problems;
  }

  public static RunSpec read(ConfigFile config, ContextDefaults defaults, List<Diagnostic> problems) {
    RunSpecReader reader = new RunSpecReader((MapNode) config.root(), defaults, problems);
    reader.sweep();
    if (reader.sweep != null) {
      reader.parameters = reader.sweep.names();
      reader.findUnsubstituted();
      if (defaults.context() != null) {
        reader.inContext = true;
        reader.unsubstitutedInContext();
        reader.inContext = false;
      }
    }
    Map<String, List<SecretEnv>> secretEnv = new TreeMap<>();
    MapNode processes = Values.map(reader.root, "processes");
    if (processes != null) {
      processes.entries().forEach((given, node) -> reader.process(Names.sanitize(given), given, (MapNode) node,
          "processes." + Printable.pathKey(given), secretEnv));
    }
    MapNode groups = Values.map(reader.root, "process_groups");
    if (groups != null) {
      groups.entries().forEach((group, g) -> {
        MapNode members = Values.map((MapNode) g, "processes");
        if (members != null) {
          members.entries().forEach((given, node) -> reader.process(Names.sanitize(group), given, (MapNode) node,
              "process_groups." + Printable.pathKey(group) + ".processes." + Printable.pathKey(given), secretEnv));
        }
        Node overrides = ((MapNode) g).get("overrides");
        if (overrides != null) {
          reader.overrideEnv(overrides, "process_groups." + group + ".overrides");
        }
      });
    }
    return new RunSpec(defaults, secretEnv, reader.sweep);
  }

  private void sweep() {
    MapNode node = Values.map(root, "sweep");
    if (node == null) {
      return;
    }
    MapNode grid = Values.map(node, "grid");
    List<String> names = new ArrayList<>(grid.entries().keySet());
    names.sort(null);
    List<List<String>> values = new ArrayList<>();
    Map<String, String> byVariable = new HashMap<>();
    for (String name : names) {
      String path = "sweep.grid." + name;
      // Every point's values also reach the containers as STAVE_PARAM_<NAME>, in capitals.
      String other = byVariable.putIfAbsent(name.toUpperCase(Locale.ROOT), name);
      if (other != null) {
        problems.add(Diagnostic.error(grid.keyOrigin(name), path, "sweep-same-variable",
            "sweep parameters '" + other + "' and '" + name + "' would both be the environment variable STAVE_PARAM_"
                + name.toUpperCase(Locale.ROOT),
            "rename one of them; parameter names must differ in more than case"));
      }
      List<Node> items = ((ListNode) grid.get(name)).items();
      if (items.isEmpty()) {
        problems.add(Diagnostic.error(grid.get(name).origin(), path, "sweep-empty",
            "sweep parameter '" + name + "' has no values, so the sweep would have no points",
            "give it at least one value, or remove it"));
      }
      Map<String, String> seen = new HashMap<>();
      List<String> texts = new ArrayList<>();
      for (Node item : items) {
        String text = ((ScalarNode) item).text();
        String first = seen.putIfAbsent(SweepGrid.sameValue(text), text);
        if (first != null) {
          String what = first.equals(text) ? "is listed twice"
              : "is the same number as " + Names.printable(first) + ", listed before it";
          problems.add(Diagnostic.error(item.origin(), path, "sweep-duplicate",
              "value " + Names.printable(text) + " of sweep parameter '" + name + "' " + what,
              "remove one of them"));
        }
        texts.add(text);
      }
      values.add(texts);
    }
    long points = 1;
    for (List<String> v : values) {
      points = Math.min(points * Math.max(v.size(), 1), SweepGrid.MAX_POINTS + 1L);
    }
    if (points > SweepGrid.MAX_POINTS) {
      StringBuilder sizes = new StringBuilder();
      for (int i = 0; i < names.size(); i++) {
        sizes.append(i == 0 ? "" : " x ").append(values.get(i).size());
      }
      problems.add(Diagnostic.error(node.givenAt("grid"), "sweep.grid", "sweep-too-large",
          "the sweep has " + sizes + " = " + product(values) + " points, more than "
              + String.format(Locale.ROOT, "%,d", SweepGrid.MAX_POINTS)
              + " in one bundle",
          "split it into several experiments, each with a part of the grid, or drop values"));
      return;
    }
    sweep = new SweepGrid(names, values, root.keyOrigin("sweep"));
  }

  /** The number of points, exactly (it may not fit in a long). */
  private static String product(List<List<String>> values) {
    BigInteger n = BigInteger.ONE;
    for (List<String> v : values) {
      n = n.multiply(BigInteger.valueOf(v.size()));
    }
    return String.format(Locale.ROOT, "%,d", n);
  }

  private void process(String unit, String given, MapNode node, String path, Map<String, List<SecretEnv>> into) {
    Set<String> plain = new HashSet<>();
    Node env = node.get("env");
    if (env instanceof MapNode m) {
      m.entries().forEach((k, v) -> {
        plain.add(k);
        placeholders(v, path + ".env." + k);
        plainToken(k, m.keyOrigin(k), path + ".env." + k);
      });
    } else if (env instanceof ListNode l) {
      for (Node item : l.items()) {
        MapNode m = (MapNode) item;
        String name = Values.string(m, "name");
        plain.add(name);
        placeholders(m.get("value"), path + ".env." + name);
        plainToken(name, m.get("name").origin(), path + ".env." + name);
      }
    }
    if (node.get("overrides") != null) {
      overrideEnv(node.get("overrides"), path + ".overrides");
    }
    for (String key : List.of("command", "args")) {
      List<Node> items = Values.list(node, key);
      for (int i = 0; i < items.size(); i++) {
        placeholders(items.get(i), path + "." + key + "[" + i + "]");
      }
    }
    MapNode secretEnv = Values.map(node, "secret_env");
    if (secretEnv == null) {
      return;
    }
    List<SecretEnv> out = new ArrayList<>();
    secretEnv.entries().forEach((name, value) -> {
      String varPath = path + ".secret_env." + Printable.pathKey(name);
      if (unsubstitutedPlaces.contains(secretEnv.keyOrigin(name).toString())
          || unsubstitutedPlaces.contains(value.origin().toString())) {
        return; // already an error, which says what the placeholder there does
      }
      if (!ENV_NAME.matcher(name).matches()) {
        problems.add(Diagnostic.error(secretEnv.keyOrigin(name), varPath, "env-name",
            "'" + Names.printable(name) + "' is not a valid environment variable name",
            Names.keyHint(name, "use letters, digits, '_', '-' and '.', not starting with a digit")));
      } else if (plain.contains(name)) {
        problems.add(Diagnostic.error(secretEnv.keyOrigin(name), varPath, "env-duplicate",
            "environment variable " + name + " is set both in env and in secret_env", "remove one of them"));
      } else if (name.equals("SYMPHONY_ROLE") || name.startsWith("SYMPH_") || name.startsWith("STAVE_")
          || name.equals("STORAGE_DIR") && defaults.storage() != null
          || name.startsWith("NEPTUNE_") && defaults.neptune() != null) {
        problems.add(Diagnostic.error(secretEnv.keyOrigin(name), varPath, "env-reserved",
            "environment variable " + name + " is set by stave", "choose another name"));
      } else {
        SecretRef.parse(((ScalarNode) value).text(), value.origin(), varPath, problems)
            .ifPresent(ref -> out.add(new SecretEnv(name, ref, secretEnv.keyOrigin(name))));
      }
    });
    out.sort((a, b) -> a.name().compareTo(b.name()));
    into.put(RunSpec.containerKey(unit, Names.sanitize(given)), List.copyOf(out));
  }

  /**
   * Plain env entries in raw overrides ({@code container.env}, or {@code env} of any container an
   * {@code overrides.pod} lists) follow the rules of {@code env}: the override replaces stave's list,
   * and a token there would sit in the pod spec as it would in {@code env}.
   */
  private void overrideEnv(Node node, String path) {
    if (node instanceof MapNode m) {
      m.entries().forEach((k, v) -> {
        if (k.equals("env") && v instanceof ListNode l) {
          for (int i = 0; i < l.items().size(); i++) {
            if (l.items().get(i) instanceof MapNode e && e.has("value") && e.get("name") instanceof ScalarNode n) {
              plainToken(n.text(), n.origin(), path + ".env[" + i + "].name");
            }
          }
        } else {
          overrideEnv(v, path + "." + k);
        }
      });
    } else if (node instanceof ListNode l) {
      for (int i = 0; i < l.items().size(); i++) {
        overrideEnv(l.items().get(i), path + "[" + i + "]");
      }
    }
  }

  /** A token in plain env is readable by anyone who can read the pod spec; it belongs in a Secret. */
  private void plainToken(String name, Origin origin, String path) {
    if ("NEPTUNE_API_TOKEN".equals(name)) {
      problems.add(Diagnostic.error(origin, path, "token-in-env",
          "NEPTUNE_API_TOKEN must not be a plain environment variable, where anyone who can read the pod can see it",
          "use tracking.neptune (the token comes from a Secret), or secret_env { NEPTUNE_API_TOKEN = \"name/key\" }"));
    } else if ("NEPTUNE_PROJECT".equals(name) && defaults.neptune() != null) {
      problems.add(Diagnostic.error(origin, path, "env-reserved",
          "environment variable NEPTUNE_PROJECT is set by tracking.neptune", "set tracking.neptune.project instead"));
    }
  }

  private void placeholders(Node value, String path) {
    // Without a sweep nothing is substituted, so {{...}} stays as written (Symphony configs may use it).
    if (sweep == null || !(value instanceof ScalarNode s) || !s.isString() || s.text().indexOf("{{") < 0) {
      return;
    }
    for (String name : Placeholders.names(s.text())) {
      if (!sweep.names().contains(name)) {
        String suggestion = dev.stave.diag.Suggest.closest(name, sweep.names());
        problems.add(Diagnostic.error(s.origin(), path, "sweep-unknown-param",
            "'{{" + name + "}}' names no sweep parameter",
            suggestion != null ? "did you mean '{{" + suggestion + "}}'?"
                : "sweep parameters: " + String.join(", ", sweep.names()) + "; write {{{{ for a literal {{"));
      }
    }
    for (String name : Placeholders.spacedNames(s.text())) {
      if (sweep.names().contains(name)) {
        problems.add(Diagnostic.warning(s.origin(), path, "sweep-spaced-param",
            "a placeholder with spaces inside its braces is left as written, not replaced by sweep parameter "
                + name, "write {{" + name + "}} to substitute it, or {{{{ " + name + " }} (which is not warned of) if"
                + " the program is to get {{ " + name + " }}"));
      }
    }
  }

  /**
   * A sweep substitutes {@code {{param}}} only in {@code command}, {@code args} and {@code env} values; anywhere
   * else (an image, a claim name, a label, an override) it would stay as written in every instance, or fail as
   * a bad name with no word of the sweep. A parameter's placeholder there is an error of its own, and the
   * other errors at the same place are dropped ({@link #dropCausedByUnsubstituted}). Other {@code {{...}}} text
   * passes as written there, as it does without a sweep.
   */
  private void findUnsubstituted() {
    root.entries().forEach((key, value) -> {
      String path = Printable.pathKey(key);
      if (key.equals("sweep")) {
        return;
      }
      notSubstituted(key, root.keyOrigin(key), path, true);
      if (key.equals("processes") && value instanceof MapNode processes) {
        processes.entries().forEach((name, process) -> {
          notSubstituted(name, processes.keyOrigin(name), path + "." + Printable.pathKey(name), true);
          unsubstitutedInProcess(process, path + "." + Printable.pathKey(name));
        });
      } else if (key.equals("process_groups") && value instanceof MapNode groups) {
        groups.entries().forEach((group, g) -> {
          String groupPath = path + "." + Printable.pathKey(group);
          notSubstituted(group, groups.keyOrigin(group), groupPath, true);
          if (!(g instanceof MapNode gm)) {
            return;
          }
          gm.entries().forEach((k, v) -> {
            notSubstituted(k, gm.keyOrigin(k), groupPath + "." + Printable.pathKey(k), true);
            if (k.equals("processes") && v instanceof MapNode members) {
              members.entries().forEach((name, process) -> {
                String processPath = groupPath + ".processes." + Printable.pathKey(name);
                notSubstituted(name, members.keyOrigin(name), processPath, true);
                unsubstitutedInProcess(process, processPath);
              });
            } else {
              inOverrides = k.equals("overrides");
              unsubstitutedIn(v, groupPath + "." + Printable.pathKey(k));
              inOverrides = false;
            }
          });
        });
      } else {
        unsubstitutedIn(value, path);
      }
    });
  }

  private void unsubstitutedInProcess(Node process, String path) {
    if (!(process instanceof MapNode m)) {
      unsubstitutedIn(process, path);
      return;
    }
    m.entries().forEach((key, value) -> {
      String keyPath = path + "." + Printable.pathKey(key);
      notSubstituted(key, m.keyOrigin(key), keyPath, true);
      if ((key.equals("command") || key.equals("args")) && value instanceof ListNode) {
        return; // every item is substituted
      }
      if (key.equals("env") && value instanceof MapNode env) {
        // The names are not substituted, the values are.
        env.entries().forEach((name, v) -> notSubstituted(name, env.keyOrigin(name),
            keyPath + "." + Printable.pathKey(name), true));
      } else if (key.equals("env") && value instanceof ListNode env) {
        for (int i = 0; i < env.items().size(); i++) {
          if (env.items().get(i) instanceof MapNode entry) {
            String itemPath = keyPath + "[" + i + "]";
            entry.entries().forEach((k, v) -> {
              notSubstituted(k, entry.keyOrigin(k), itemPath + "." + Printable.pathKey(k), true);
              if (!k.equals("value")) {
                unsubstitutedIn(v, itemPath + "." + Printable.pathKey(k));
              }
            });
          }
        }
      } else {
        inOverrides = key.equals("overrides");
        unsubstitutedIn(value, keyPath);
        inOverrides = false;
      }
    });
  }

  /**
   * The context's values that reach this experiment: one the experiment replaces with its own (its namespace, a
   * label of the same key) is text it never reads, as it is for an experiment without a sweep.
   */
  private void unsubstitutedInContext() {
    String contextPath = "contexts." + Printable.pathKey(defaults.context().name());
    defaults.context().values().entries().forEach((key, value) -> {
      String path = contextPath + "." + Printable.pathKey(key);
      if ((key.equals("labels") || key.equals("neptune")) && value instanceof MapNode m) {
        m.entries().forEach((k, v) -> {
          if (!defaults.overridden(key, k)) {
            String keyPath = path + "." + Printable.pathKey(k);
            notSubstituted(k, m.keyOrigin(k), keyPath, true);
            unsubstitutedIn(v, keyPath);
          }
        });
      } else if (key.equals("resources") && value instanceof ScalarNode s && s.isString()) {
        // "cpu=4 mem={{lr}}": the tokens of the resources that the experiment's own resources leave to the context.
        String reaching = Arrays.stream(s.text().strip().split("\\s+"))
            .filter(token -> !defaults.overridden(key, MrunnerResources.key(token)))
            .collect(Collectors.joining(" "));
        notSubstituted(reaching, s.origin(), path, false);
      } else if (key.equals("resources") && value instanceof MapNode m) {
        m.entries().forEach((k, v) -> {
          if (!defaults.overridden(key, k)) {
            String keyPath = path + "." + Printable.pathKey(k);
            notSubstituted(k, m.keyOrigin(k), keyPath, true);
            unsubstitutedIn(v, keyPath);
          }
        });
      } else if (!defaults.overridden(key, null)) {
        unsubstitutedIn(value, path);
      }
    });
  }

  private void unsubstitutedIn(Node node, String path) {
    if (node instanceof MapNode m) {
      m.entries().forEach((key, value) -> {
        String keyPath = path + "." + Printable.pathKey(key);
        notSubstituted(key, m.keyOrigin(key), keyPath, true);
        unsubstitutedIn(value, keyPath);
      });
    } else if (node instanceof ListNode l) {
      for (int i = 0; i < l.items().size(); i++) {
        unsubstitutedIn(l.items().get(i), path + "[" + i + "]");
      }
    } else if (node instanceof ScalarNode s && s.isString()) {
      notSubstituted(s.text(), s.origin(), path, false);
    }
  }

  /**
   * An error when {@code text}, a key or a string value, names a sweep parameter in {@code {{...}}}; a warning when
   * it names one with spaces inside the braces ({@code {{ lr }}}), which is left as written here as it is in
   * command, args and env, and which a user who meant the parameter would otherwise not hear of. A warning, not an
   * error, because such text may be meant for another tool; {@code {{{{} is not unescaped here, so renaming the
   * parameter is the way to write it without the warning.
   */
  private void notSubstituted(String text, Origin origin, String path, boolean key) {
    if (text.indexOf("{{") < 0) {
      return;
    }
    List<String> names = new ArrayList<>();
    for (String name : Placeholders.names(text)) {
      if (parameters.contains(name) && !names.contains(name)) {
        names.add(name);
      }
    }
    String where = inOverrides
        ? "a process's own command, args and env values, not in overrides, which are written as given"
        : inContext ? "the experiment's own command, args and env values, not in its context's values"
        : "command, args and env values";
    if (!names.isEmpty()) {
      unsubstitutedPlaces.add(origin.toString());
      List<String> written = names.stream().map(n -> "'{{" + n + "}}'").toList();
      String which = written.size() == 1 ? written.get(0) + " is"
          : String.join(", ", written.subList(0, written.size() - 1)) + " and " + written.get(written.size() - 1)
              + " are";
      problems.add(Diagnostic.error(origin, path, "sweep-not-substituted",
          which + " not substituted " + (key ? "in a key" : "here") + ": sweeps substitute {{param}} only in " + where,
          "write the " + (key ? "key" : "value") + " itself; " + fromPoint(names.get(0))));
    }
    List<String> spaced = new ArrayList<>();
    for (String name : Placeholders.spacedNames(text)) {
      if (parameters.contains(name) && !names.contains(name) && !spaced.contains(name)) {
        spaced.add(name);
        problems.add(Diagnostic.warning(origin, path, "sweep-spaced-param",
            "a placeholder with spaces inside its braces is left as written " + (key ? "in a key" : "here")
                + ", not replaced by sweep parameter " + name + ": sweeps substitute {{param}} only in " + where,
            fromPoint(name) + "; if the braces are meant for another tool, rename the parameter"));
      }
    }
  }

  private static String fromPoint(String name) {
    return "the program gets the point's " + name + " from {{" + name + "}} in its command, args or env, or from the"
        + " variable STAVE_PARAM_" + name.toUpperCase(Locale.ROOT) + " that every container has";
  }

  /**
   * For an experiment that stops before {@link #read}, because the schema refuses it or its context is not found:
   * adds the errors and warnings of sweep placeholders where none is substituted to {@code problems}, and drops the
   * errors those placeholders cause there ({@link #dropCausedByUnsubstituted}). A placeholder in an enum or integer
   * key ({@code workload: "{{lr}}"}, {@code replicas: "{{n}}"}) or in {@code context} is refused there as a bad
   * value with no word of the sweep, as a bad name or image would be after the read. The parameters are the grid's
   * keys as far as there is a grid: the schema may refuse its values too.
   */
  public static void findUnsubstitutedUnread(Node root, List<Diagnostic> problems) {
    if (!(root instanceof MapNode map) || !(map.get("sweep") instanceof MapNode sweep)
        || !(sweep.get("grid") instanceof MapNode grid) || grid.entries().isEmpty()) {
      return;
    }
    RunSpecReader reader = new RunSpecReader(map, null, problems);
    reader.parameters = List.copyOf(grid.entries().keySet());
    reader.findUnsubstituted();
    dropCausedByUnsubstituted(problems);
  }

  /**
   * Removes from {@code diagnostics} the errors at a place where {@link #read} found a sweep placeholder that is
   * not substituted: the bad name, image or claim such a value makes is the placeholder's doing, which that
   * error explains. A secret written there ({@code secret-value}) stays an error of its own.
   */
  public static void dropCausedByUnsubstituted(List<Diagnostic> diagnostics) {
    Set<String> places = new HashSet<>();
    for (Diagnostic d : diagnostics) {
      if (d.code().equals("sweep-not-substituted")) {
        places.add(d.origin().toString());
      }
    }
    if (!places.isEmpty()) {
      diagnostics.removeIf(d -> d.isError() && !d.code().equals("sweep-not-substituted")
          && !d.code().equals("secret-value") && places.contains(d.origin().toString()));
    }
  }
}

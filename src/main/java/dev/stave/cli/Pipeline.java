package dev.stave.cli;

import dev.stave.bundle.Bundle;
import dev.stave.bundle.SecretReferences;
import dev.stave.compile.CompileOptions;
import dev.stave.compile.Compiled;
import dev.stave.compile.FieldOverride;
import dev.stave.compile.KindCompiler;
import dev.stave.compile.Kinds;
import dev.stave.compile.PlannedObject;
import dev.stave.compile.SyncWaves;
import dev.stave.config.ConfigFile;
import dev.stave.config.ConfigLoader;
import dev.stave.config.Env;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Diagnostics;
import dev.stave.diag.Origin;
import dev.stave.diag.Sources;
import dev.stave.diag.UserError;
import dev.stave.diag.Words;
import dev.stave.inventory.Inventories;
import dev.stave.model.ContextDef;
import dev.stave.model.ContextDefaults;
import dev.stave.model.Contexts;
import dev.stave.model.ContextsReader;
import dev.stave.model.RunSpecReader;
import dev.stave.render.MisspeltTemplates;
import dev.stave.render.ObjectRenderer;
import dev.stave.render.RenderedObject;
import dev.stave.schema.SchemaValidator;
import dev.stave.diag.Suggest;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.BiPredicate;
import java.util.function.Function;

/**
 * The stages in order: load, validate against the schema, compile the kind, render and verify, bundle.
 * Every stage reports into one {@link Diagnostics}, so a run shows all problems of all configs.
 */
final class Pipeline {
  private final Env env;
  private final Sources sources;
  private final Path templates;
  private final CompileOptions options;
  private final boolean syncWaves;
  private final Diagnostics diagnostics = new Diagnostics();
  private final Map<String, SchemaValidator> validators = new HashMap<>();
  /** The bundles of this run by name, each with the config it came from. */
  private final Map<String, Path> bundleConfigs = new HashMap<>();
  /** Where each compiled config writes its {@code name}, which names its bundle. */
  private final Map<Path, Origin> nameOrigins = new HashMap<>();
  /** The kind of each compiled config, which tells the keys that name its namespace. */
  private final Map<Path, String> kinds = new HashMap<>();
  private ObjectRenderer renderer;
  /** Whether the command takes bundle folders too (diff, apply), which a Kubernetes object file is mistaken for. */
  private boolean takesBundles;
  /** Whether a config of this run is an experiment, the one kind that reads contexts. */
  private boolean readsContexts;

  Pipeline(Env env, Sources sources, Path templates, CompileOptions options) {
    this(env, sources, templates, options, false);
  }

  /** With {@code syncWaves}, every object rendered carries its Argo CD sync wave ({@link SyncWaves}). */
  Pipeline(Env env, Sources sources, Path templates, CompileOptions options, boolean syncWaves) {
    this.env = env;
    this.sources = sources;
    this.templates = templates;
    if (templates != null && !Files.isDirectory(templates)) {
      // The error that --templates is not a folder names the path; a file there (a key file, say) is not quoted.
      sources.neverQuote(templates.toString());
    } else if (templates != null) {
      // A template's error names FreeMarker's line, which a lone CR ends too.
      sources.readUnder(templates, Sources.LineBreaks.FREEMARKER);
    }
    this.options = options;
    this.syncWaves = syncWaves;
  }

  /** For diff and apply: a Kubernetes object file given where a config was read gets the hint to name its folder. */
  Pipeline takingBundles() {
    takesBundles = true;
    return this;
  }

  /**
   * Adds a warning for each template of {@code --templates} whose name is a near miss of a packaged template's
   * ({@link MisspeltTemplates}); once a run, so a command that makes several pipelines calls it on one.
   */
  void checkTemplateNames() {
    if (templates != null && Files.isDirectory(templates)) {
      diagnostics.addAll(MisspeltTemplates.warnings(templates));
    }
  }

  Diagnostics diagnostics() {
    return diagnostics;
  }

  /** Whether a config of this run was an experiment, which reads the context options. */
  boolean readsContexts() {
    return readsContexts;
  }

  /**
   * A warning when {@code --context} or {@code --contexts} was given to a run of no experiment: only experiments
   * read contexts, and an option that changes nothing should not look as if it had (docs/mrunner.md). A warning,
   * not an error, since the option does no harm, and scripts may pass it to every command alike.
   */
  void warnIfContextsUnread(PrintWriter err) {
    warnIfContextsUnread(err, options, readsContexts);
  }

  /** As {@link #warnIfContextsUnread(PrintWriter)}, for a run of several pipelines or of bundle folders only. */
  static void warnIfContextsUnread(PrintWriter err, CompileOptions options, boolean readsContexts) {
    boolean name = options.context() != null;
    boolean file = "--contexts".equals(options.contextsFrom());
    if (readsContexts || (!name && !file)) {
      return;
    }
    String given = name && file ? "--context and --contexts are" : name ? "--context is" : "--contexts is";
    err.println("stave: warning: " + given + " ignored: only experiments read contexts, and no config given is one");
  }

  /** A loaded config that its kind's schema accepts, or null with the reasons added to the diagnostics. */
  ConfigFile load(Path path) {
    ConfigFile config;
    try {
      config = new ConfigLoader(env, sources).load(path);
    } catch (UserError e) {
      diagnostics.addAll(e.diagnostics());
      return null;
    }
    return checked(config, false);
  }

  /**
   * The config when its kind is one stave compiles and its schema accepts it, else null with the reasons.
   * {@code validating}: for {@code stave validate}, whose messages name the inventory and contexts kinds too.
   */
  private ConfigFile checked(ConfigFile config, boolean validating) {
    String kind = kind(config, validating);
    if (kind == null) {
      return null;
    }
    readsContexts |= kind.equals("experiment");
    List<Diagnostic> schemaErrors = new ArrayList<>();
    ConfigFile accepted = validators.computeIfAbsent(kind, SchemaValidator::new).accept(config, schemaErrors);
    if (accepted == null && kind.equals("experiment")) {
      RunSpecReader.findUnsubstitutedUnread(config.root(), schemaErrors);
    }
    diagnostics.addAll(schemaErrors);
    return accepted;
  }

  /** The compiled config (planned objects, secrets), or null with the reasons added to the diagnostics. */
  Compiled compile(Path path) {
    ConfigFile config = load(path);
    return config == null ? null : compile(config);
  }

  /**
   * {@code stave validate} of one file: a config of a kind stave compiles is compiled; an inventory
   * ({@code kind: inventory} or Terraform's {@code .tf.json}) or a contexts file, which experiments refer
   * to, is read and checked as an experiment reads it (a contexts file with the inventory of every context).
   * The reasons go to the diagnostics. Returns the compiled config, or null for a file of another kind or
   * one that failed.
   */
  Compiled validate(Path path) {
    ConfigLoader loader = new ConfigLoader(env, sources);
    ConfigFile config;
    try {
      // Read once, as an experiment reads an inventory (JSON verbatim); only a JSON config of another
      // kind is read again, with its variables.
      config = Inventories.loadFile(loader, path);
      String kind = kindText(config);
      if (path.toString().endsWith(".tf.json") || kind.equals("inventory")) {
        List<Diagnostic> problems = new ArrayList<>();
        Inventories.read(config, problems);
        diagnostics.addAll(problems);
        return null;
      }
      if (path.toString().endsWith(".json")) {
        config = loader.load(path);
      }
    } catch (UserError e) {
      diagnostics.addAll(e.diagnostics());
      return null;
    }
    if (kindText(config).equals("contexts")) {
      List<Diagnostic> schemaErrors = new ArrayList<>();
      ConfigFile contexts = validators.computeIfAbsent("contexts", SchemaValidator::new).accept(config, schemaErrors);
      diagnostics.addAll(schemaErrors);
      if (contexts != null) {
        // An experiment reads only its own context (and that context's inventory), so a broken one would
        // wait for the first experiment that uses it.
        List<Diagnostic> problems = new ArrayList<>();
        Contexts read = ContextsReader.read(contexts);
        if (read.current() != null) {
          ContextsReader.find(read, read.current(), read.currentOrigin(), "current_context", problems);
        }
        for (ContextDef c : read.contexts().values()) {
          ContextDefaults.check(contexts, c, problems);
          if (c.inventory() != null) {
            Inventories.loadForContext(loader, c.inventory(), c.inventoryOrigin(), c.inventoryKey(), c.folders(),
                problems);
          }
        }
        diagnostics.addAll(problems);
      }
      return null;
    }
    ConfigFile accepted = checked(config, true);
    return accepted == null ? null : compile(accepted);
  }

  /** The config's {@code kind} as written, or "" when it has none or not a string. */
  private static String kindText(ConfigFile config) {
    Node kind = ((MapNode) config.root()).get("kind");
    return kind instanceof ScalarNode s && s.isString() ? s.text() : "";
  }

  /** The compiled form of a config that {@link #load} accepted, or null with the reasons added. */
  Compiled compile(ConfigFile config) {
    KindCompiler compiler = Kinds.find(kindOf(config)).orElseThrow();
    Node name = ((MapNode) config.root()).get("name");
    if (name != null) {
      nameOrigins.put(config.path(), name.origin());
    }
    kinds.put(config.path(), kindOf(config));
    return accept(compiler.compile(config, compileOptions()));
  }

  /** A config compiled outside the pipeline, or null when it failed; its diagnostics are added. */
  Compiled accept(Compiled compiled) {
    diagnostics.addAll(compiled.diagnostics());
    return compiled.failed() ? null : compiled;
  }

  /** The options with a loader that records what it reads into this run's sources. */
  CompileOptions compileOptions() {
    return options.loader() != null ? options : options.withLoader(new ConfigLoader(env, sources));
  }

  static String kindOf(ConfigFile config) {
    return ((ScalarNode) ((MapNode) config.root()).get("kind")).text();
  }

  /**
   * The kind of a config that stave compiles, or null with the reason added. The kinds a message lists are
   * those the command takes: compile (and plan, diff, apply) the compiled ones; validate also inventory and
   * contexts, which it reads before this is asked, so here they only complete its list and its suggestions.
   */
  private String kind(ConfigFile config, boolean validating) {
    MapNode root = (MapNode) config.root();
    Node kind = root.get("kind");
    List<String> kinds = new ArrayList<>(Kinds.names());
    if (validating) {
      kinds.addAll(List.of("inventory", "contexts"));
    }
    if (kind == null) {
      diagnostics.add(Diagnostic.error(Origin.of(config.file()), "kind", "no-kind",
          "the config has no 'kind'", "add 'kind: experiment' (kinds: " + String.join(", ", kinds) + ")"));
      return null;
    }
    String text = kind instanceof ScalarNode s && s.isString() ? s.text() : null;
    if (text == null || Kinds.find(text).isEmpty()) {
      String suggestion = text == null ? null : Suggest.closest(text, kinds);
      String hint = suggestion != null ? "did you mean '" + suggestion + "'?" : "kinds: " + String.join(", ", kinds);
      if (text != null && (text.equals("inventory") || text.equals("contexts"))) {
        hint = text + " files are checked by 'stave validate'; kinds compiled: " + String.join(", ", kinds);
      }
      if (takesBundles && root.get("apiVersion") != null && config.path() != null) {
        // One object of a bundle, given where its folder was meant: what is wrong is the argument, not the kind.
        Path parent = config.path().getParent();
        String folder = parent == null ? "." : parent.toString();
        hint = "this is a Kubernetes object, not a config: diff and apply take bundle folders (as 'stave compile -o"
            + " DIR' writes them), such as " + folder + ", or configs (kinds: " + String.join(", ", kinds) + ")";
      }
      diagnostics.add(Diagnostic.error(kind.origin(), "kind", "unknown-kind",
          "'" + (text == null ? kind.describe() : text) + "' is not a kind stave "
              + (validating ? "validates" : "compiles"),
          hint));
      return null;
    }
    return text;
  }

  /** The bundle of one config, or null with the reasons added to the diagnostics. */
  Bundle bundle(Path path) {
    return bundle(compile(path));
  }

  /** The bundle of a compiled config (null passes through), or null with the reasons added to the diagnostics. */
  Bundle bundle(Compiled compiled) {
    if (compiled == null) {
      return null;
    }
    if (renderer == null) {
      renderer = new ObjectRenderer(templates);
    }
    List<RenderedObject> rendered;
    try {
      rendered = renderer.renderAll(syncWaves ? SyncWaves.annotate(compiled.objects()) : compiled.objects());
    } catch (UserError e) {
      diagnostics.addAll(e.diagnostics());
      return null;
    }
    // Every point of a sweep has the same overrides, and so the same warnings.
    compiled.firstPoint().forEach(this::warnQuotedReferences);
    return new Bundle(compiled.bundle(), rendered);
  }

  /**
   * A warning for each field of {@code planned}'s overrides that HOCON's quotes keep as the text of a reference
   * ({@code "${V}"}), once Kubernetes took that text there: it may be meant, but a substitution more likely was.
   * Where Kubernetes takes no text, the model check's error says so instead.
   */
  private void warnQuotedReferences(PlannedObject planned) {
    for (FieldOverride override : planned.overrides()) {
      override.variables().forEach((field, variable) -> {
        if (variable.literal()) {
          diagnostics.add(variable.value().quotedReferenceWarning(override.path() + "." + field));
        }
      });
    }
  }

  /**
   * {@code validate}'s check of the objects that overrides change: rendered and checked against the
   * Kubernetes model as {@code compile} does, each on its own, so that every override's problem is
   * reported. The rest is stave's own work, which needs no check of the user's. Of a sweep, the first point
   * is checked: every point has the same overrides on objects of the same fields.
   */
  void checkOverrides(Compiled compiled) {
    for (PlannedObject planned : compiled.firstPoint()) {
      if (!planned.overrides().isEmpty()) {
        try {
          rendered(planned);
          warnQuotedReferences(planned);
        } catch (UserError e) {
          diagnostics.addAll(e.diagnostics());
        }
      }
    }
  }

  /**
   * Notes that {@code config} compiles to {@code bundle}; a second config of one bundle name is an error,
   * since its folder would replace the first one's.
   */
  void claimBundle(String bundle, Path config) {
    Path first = bundleConfigs.putIfAbsent(bundle, config);
    if (first != null) {
      // A glob and a name of one file (exp/*.yaml exp/a.yaml) give it twice: renaming it would not help.
      boolean samePath = first.toAbsolutePath().normalize().equals(config.toAbsolutePath().normalize());
      // So does a link to it (exp/current.yaml -> a.yaml), under another name.
      boolean sameFile = samePath || sameFile(first, config);
      diagnostics.add(Diagnostic.error(nameOrigins.getOrDefault(config, Origin.of(config.toString())), "name",
          "bundle-twice", samePath ? "this config is given twice, and would write the bundle '" + bundle + "' twice"
              : sameFile ? "this config is the file " + first + " again, and would write the bundle '" + bundle
                  + "' twice"
              : "this config and " + first + " both compile to the bundle '" + bundle + "'",
          sameFile ? "give each config once" : "give the configs different names"));
    }
  }

  private static boolean sameFile(Path a, Path b) {
    try {
      return Files.isSameFile(a, b);
    } catch (IOException | SecurityException e) {
      return false;
    }
  }

  /**
   * Bundles of one run go to one cluster, often to one project namespace. An object in several of them
   * (the project's Namespace, its storage claim) must be the same object in each; else the one applied
   * last would silently replace the other, as two experiments' Jobs named alike would (experiment
   * {@code a} with process {@code b-c}, experiment {@code a-b} with process {@code c}). Compares the
   * objects' text.
   */
  void sharedObjects(List<Bundle> bundles) {
    Map<String, List<RenderedObject>> byBundle = new LinkedHashMap<>();
    for (Bundle b : bundles) {
      byBundle.put(b.name(), b.objects());
    }
    shared(byBundle, o -> o.apiVersion() + " " + o.describe(), RenderedObject::describe, RenderedObject::origin,
        (a, b) -> a.yaml().equals(b.yaml()));
  }

  /**
   * {@link #sharedObjects} for {@code validate}, which renders nothing otherwise: objects planned alike
   * are the same; only two that are planned differently are rendered, since their text may still agree.
   */
  void sharedPlannedObjects(List<Compiled> compiled) {
    Map<String, List<PlannedObject>> byBundle = new LinkedHashMap<>();
    for (Compiled c : compiled) {
      byBundle.put(c.bundle(), c.objects());
    }
    shared(byBundle, o -> o.apiVersion() + " " + describe(o), Pipeline::describe, PlannedObject::origin,
        (a, b) -> a.equals(b) || rendered(a).equals(rendered(b)));
  }

  private <T> void shared(Map<String, List<T>> byBundle, Function<T, String> identity, Function<T, String> describe,
      Function<T, Origin> origin, BiPredicate<T, T> same) {
    if (byBundle.size() < 2) {
      return;
    }
    Map<String, String> firstBundle = new HashMap<>();
    Map<String, T> first = new HashMap<>();
    // Every bundle that has each object, in the order given: a hint names all that share a Namespace.
    Map<String, List<String>> holders = new HashMap<>();
    for (Map.Entry<String, List<T>> bundle : byBundle.entrySet()) {
      for (T o : bundle.getValue()) {
        holders.computeIfAbsent(identity.apply(o), k -> new ArrayList<>()).add(bundle.getKey());
      }
    }
    // A Namespace's hint names every bundle of it, so it is given in full once, at the first of its errors.
    Map<String, List<Diagnostic>> namespaceErrors = new LinkedHashMap<>();
    for (Map.Entry<String, List<T>> bundle : byBundle.entrySet()) {
      for (T o : bundle.getValue()) {
        String id = identity.apply(o);
        String earlier = firstBundle.putIfAbsent(id, bundle.getKey());
        if (earlier == null) {
          first.put(id, o);
        } else if (!earlier.equals(bundle.getKey()) && !same.test(first.get(id), o)) {
          String what = describe.apply(o);
          // The one claim stave makes is the project's storage, which its experiments share on purpose:
          // renaming one would not part them, setting their storage alike would.
          String hint = what.startsWith("PersistentVolumeClaim ")
              ? "the project's experiments share its storage claim: give them the same storage size and"
                  + " storage_class (or context default_pvc_size), or different projects"
              : what.startsWith("Namespace ") ? namespaceHint(what.substring("Namespace ".length()),
                  holders.get(id))
              : "rename an experiment or a process, or give the experiments different namespaces (project)";
          // Each at the key its name is made from (a process, a group, a service), else at the config's name.
          Origin here = origin(origin.apply(o), bundle.getKey());
          Origin there = origin(origin.apply(first.get(id)), earlier);
          // Both may be made at one key, in a file that both configs include: a note there would name itself.
          boolean samePlace = here.file().equals(there.file()) && here.line() == there.line()
              && here.column() == there.column();
          Diagnostic error = Diagnostic.error(here, "", "object-in-two-bundles",
              "bundles '" + earlier + "' and '" + bundle.getKey() + "' both have " + what + ", each a different one"
                  + (samePlace ? ", both made here" : " (the other made at " + there.place(here) + ")")
                  + "; applied together, the one applied last would replace the other",
              hint);
          if (what.startsWith("Namespace ")) {
            namespaceErrors.computeIfAbsent(id, k -> new ArrayList<>()).add(error);
          } else {
            diagnostics.add(error);
          }
          if (!samePlace) {
            diagnostics.add(Diagnostic.note(there, "", "object-in-two-bundles",
                "bundle '" + earlier + "' makes " + what + " here, and bundle '" + bundle.getKey() + "' another at "
                    + here.place(there)));
          }
        }
      }
    }
    for (List<Diagnostic> errors : namespaceErrors.values()) {
      List<Diagnostic> printed = errors.stream().sorted().toList();
      Diagnostic full = printed.get(0);
      diagnostics.add(full);
      for (Diagnostic d : printed.subList(1, printed.size())) {
        diagnostics.add(Diagnostic.error(d.origin(), "", "object-in-two-bundles", d.message(),
            "see the hint at " + full.origin().place(d.origin()) + ", which names every bundle of the Namespace"));
      }
    }
  }

  /**
   * Shared Namespaces are all alike (README, Labels), so two differ only when one is named after its own bundle
   * (no project, or a project of its own name): that one carries the bundle's label and is the bundle's own.
   * Renaming a process does not part them, and neither does setting both projects alike: the owner's name does.
   * The hint names every other bundle of the Namespace, as they all share the one that differs from the owner's,
   * and the key each kind takes: an experiment's project wins over its namespace, the other kinds have namespace.
   */
  private String namespaceHint(String namespace, List<String> bundles) {
    String owner = bundles.contains(namespace) ? namespace : null;
    if (owner == null) {
      return "give the configs different namespaces (project or namespace)";
    }
    List<String> projects = new ArrayList<>();
    List<String> namespaces = new ArrayList<>();
    for (String b : bundles) {
      if (!b.equals(owner)) {
        (namespaceKey(b).equals("project") ? projects : namespaces).add("'" + b + "'");
      }
    }
    List<String> others = new ArrayList<>(projects);
    others.addAll(namespaces);
    String apart = (projects.isEmpty() ? "" : Words.and(projects) + " another project")
        + (projects.isEmpty() || namespaces.isEmpty() ? "" : " and ")
        + (namespaces.isEmpty() ? "" : Words.and(namespaces) + " another namespace");
    return "bundle '" + owner + "' owns Namespace " + namespace + ", as it is named after it, while "
        + (others.size() == 1 ? "bundle " + others.get(0) + " shares" : "bundles " + Words.and(others) + " share")
        + " it as a project's: to share it, rename config '" + owner + "' and set its " + namespaceKey(owner) + " to "
        + namespace + "; to keep them apart, give " + apart;
  }

  /** The key that sets the namespace of the config of {@code bundle}. */
  private String namespaceKey(String bundle) {
    return "experiment".equals(kinds.get(bundleConfigs.get(bundle))) ? "project" : "namespace";
  }

  /** {@code given}, or where the config of {@code bundle} writes its name when no key names the object. */
  private Origin origin(Origin given, String bundle) {
    Path config = bundleConfigs.get(bundle);
    return given != null ? given : nameOrigins.getOrDefault(config, Origin.of(config.toString()));
  }

  /** As {@link RenderedObject#describe} names the object it renders to. */
  private static String describe(PlannedObject o) {
    return o.kind() + " " + (o.namespace() == null ? "" : o.namespace() + "/") + o.name();
  }

  private String rendered(PlannedObject planned) {
    return render(planned).yaml();
  }

  private RenderedObject render(PlannedObject planned) {
    if (renderer == null) {
      renderer = new ObjectRenderer(templates);
    }
    return renderer.render(planned);
  }

  /**
   * The Secrets that the objects of {@code compiled} refer to by name, sorted. Of a sweep, the first point's:
   * every point has the same {@code secret_env}, tracking and overrides.
   */
  SortedSet<SecretReferences.Ref> secretReferences(Compiled compiled) {
    SortedSet<SecretReferences.Ref> refs = new TreeSet<>();
    for (PlannedObject planned : compiled.firstPoint()) {
      RenderedObject o = render(planned);
      refs.addAll(SecretReferences.of(o.namespace(), o.content()));
    }
    return refs;
  }
}

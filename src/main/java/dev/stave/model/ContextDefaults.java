package dev.stave.model;

import dev.stave.config.ConfigFile;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ProjectFolders;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.model.Provenance.From;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * An experiment's mrunner keys merged over its context (docs/mrunner.md, Contexts): the context's values
 * are defaults and the experiment's own keys win, key by key. Every merged value is recorded in a
 * {@link Provenance}.
 */
public final class ContextDefaults {
  /** mrunner's {@code KubernetesBackend.DEFAULT_STORAGE_PVC_SIZE}, 40G, to which it appends 'i'. */
  static final String DEFAULT_STORAGE_SIZE = "40Gi";
  static final String DEFAULT_NEPTUNE_SECRET = "neptune/api-token";
  private static final String PATH = "/[^\\x00-\\x1f]*";

  private final ConfigFile experiment;
  private final MapNode root;
  private final ContextDef context;
  private final MapNode values;
  private final Path experimentFolder;
  private final List<Diagnostic> problems;
  /** The context is read for no experiment ({@link #check}): what an experiment may supply is not required. */
  private final boolean alone;
  private final List<Provenance.Entry> provenance = new ArrayList<>();
  private String namespace;
  private Origin namespaceOrigin;
  private String registry;
  private TreeMap<String, String> resources = new TreeMap<>();
  private Storage storage;
  private Neptune neptune;
  private List<String> imagePullSecrets = List.of();
  private Path inventory;
  private Origin inventoryOrigin;

  private ContextDefaults(ConfigFile experiment, ContextDef context, boolean alone, List<Diagnostic> problems) {
    this.root = (MapNode) experiment.root();
    this.context = context;
    this.values = context == null ? new MapNode(Map.of(), Map.of(), root.origin()) : context.values();
    this.experiment = experiment;
    this.experimentFolder = experiment.folder();
    this.problems = problems;
    this.alone = alone;
  }

  /**
   * The merged values of {@code experiment} over {@code context} (null: no context); problems go to
   * {@code problems}.
   */
  public static ContextDefaults of(ConfigFile experiment, ContextDef context, List<Diagnostic> problems) {
    return read(experiment, context, false, problems);
  }

  /**
   * Adds the problems of {@code context}'s own values (in {@code contexts}, its file) that an experiment
   * reading it would report, so that {@code validate} of a contexts file reports them before an experiment
   * uses the context; the same diagnostics, so a run that validates both reports each once. Left out is what
   * an experiment may supply: Neptune's project, which may be the experiment's.
   */
  public static void check(ConfigFile contexts, ContextDef context, List<Diagnostic> problems) {
    MapNode none = new MapNode(Map.of(), Map.of(), context.origin());
    ContextDefaults d = read(contexts.withRoot(none), context, true, problems);
    if (d.namespace != null) {
      Names.kubernetesName(d.namespace, 0, d.namespaceOrigin, d.namespaceKey(), problems);
    }
    LabelRules.read(d.contextLabels(), d.contextLabelsKey(), Set.of(), "label", problems);
    // Without a mount of its own the context's storage is not read, and an experiment's may still use the size.
    if (!context.values().has("storage") && context.values().get("default_pvc_size") instanceof ScalarNode size) {
      quantity(size, contextKey(context, "default_pvc_size"), true, problems);
    }
  }

  private static ContextDefaults read(ConfigFile experiment, ContextDef context, boolean alone,
      List<Diagnostic> problems) {
    ContextDefaults d = new ContextDefaults(experiment, context, alone, problems);
    if (context != null) {
      ContextsReader.checkName(context, problems);
    }
    d.readNamespace();
    d.readRegistry();
    d.readResources();
    d.readStorage();
    d.readNeptune();
    d.readImagePullSecrets();
    d.readLabels();
    d.readInventory();
    return d;
  }

  public ContextDef context() {
    return context;
  }

  /**
   * Whether the experiment's own value replaces the context's {@code key} ({@code sub} of it for the values merged
   * key by key: labels, neptune, and resources, whose {@code sub} is a resource key such as {@code cpu}), so that
   * the context's value reaches nothing the experiment makes.
   */
  public boolean overridden(String key, String sub) {
    MapNode storage = Values.map(root, "storage");
    MapNode labels = Values.map(root, "labels");
    MapNode tracking = Values.map(root, "tracking");
    Node ownNeptune = tracking == null ? null : tracking.get("neptune");
    return switch (key) {
      case "namespace" -> root.has("project") || root.has("namespace");
      case "storage" -> storage != null && storage.has("mount");
      case "default_pvc_size" -> storage != null && (storage.has("size") || storage.has("claim"));
      case "image_pull_secrets", "inventory" -> root.has(key);
      case "labels" -> sub != null && labels != null && labels.has(sub);
      case "resources" -> sub != null && root.has("resources") && MrunnerResources.keys(root.get("resources"))
          .contains(sub);
      case "neptune" -> ownNeptune instanceof ScalarNode s && Boolean.FALSE.equals(s.value())
          || sub != null && ownNeptune instanceof MapNode m && m.has(sub);
      default -> false;
    };
  }

  /** The context's namespace, used when the experiment has neither {@code project} nor {@code namespace}. */
  public String namespace() {
    return namespace;
  }

  public Origin namespaceOrigin() {
    return namespaceOrigin;
  }

  /** The path of {@link #namespace()} in the contexts file. */
  public String namespaceKey() {
    return contextKey("namespace");
  }

  /** The image with the context's registry in front when it names none (Docker's rule for a registry host). */
  public String image(String image) {
    if (registry == null || image == null) {
      return image;
    }
    int slash = image.indexOf('/');
    String first = slash < 0 ? "" : image.substring(0, slash);
    boolean hasRegistry = first.contains(".") || first.contains(":") || first.equals("localhost");
    return hasRegistry ? image : registry + "/" + image;
  }

  /**
   * Kubernetes resource name to quantity: the experiment's {@code resources} over the context's. They are
   * defaults for every process, as requests and limits both (mrunner set limits only; Kubernetes then
   * copies them to requests, so writing both says the same explicitly); see {@link Resources#over}.
   */
  public TreeMap<String, String> resources() {
    return resources;
  }

  public Storage storage() {
    return storage;
  }

  public Neptune neptune() {
    return neptune;
  }

  public List<String> imagePullSecrets() {
    return imagePullSecrets;
  }

  /** The context's labels, below the experiment's own; null when it has none. */
  public MapNode contextLabels() {
    return Values.map(values, "labels");
  }

  /** The path of {@link #contextLabels()} in the contexts file. */
  public String contextLabelsKey() {
    return contextKey("labels");
  }

  public Provenance provenance() {
    List<Provenance.Entry> sorted = new ArrayList<>(provenance);
    sorted.sort(java.util.Comparator.comparing(Provenance.Entry::key));
    return new Provenance(sorted);
  }

  private String contextName() {
    return context == null ? null : context.name();
  }

  /** The path of a context's key in its contexts file, as diagnostics there name it. */
  private String contextKey(String key) {
    return contextKey(context, key);
  }

  private static String contextKey(ContextDef context, String key) {
    return context == null ? key : "contexts." + context.name() + "." + key;
  }

  private void record(String key, String value, From from, Origin origin) {
    provenance.add(new Provenance.Entry(key, value, from, from == From.CONTEXT ? contextName() : null, origin));
  }

  /** Records the key from the experiment or the context, whichever has it; returns the winning node. */
  private Node pick(MapNode experimentMap, MapNode contextMap, String key, String provenanceKey) {
    Node own = experimentMap == null ? null : experimentMap.get(key);
    if (own != null) {
      record(provenanceKey, display(own), From.EXPERIMENT, own.origin());
      return own;
    }
    Node inherited = contextMap == null ? null : contextMap.get(key);
    if (inherited != null) {
      record(provenanceKey, display(inherited), From.CONTEXT, inherited.origin());
    }
    return inherited;
  }

  private static String display(Node node) {
    return node instanceof ScalarNode s ? s.text() : String.valueOf(Values.plain(node));
  }

  private void readNamespace() {
    for (String key : List.of("project", "namespace")) {
      if (root.has(key)) {
        record("namespace", display(root.get(key)), From.EXPERIMENT, root.get(key).origin());
        return;
      }
    }
    if (values.has("namespace")) {
      namespace = Values.string(values, "namespace");
      namespaceOrigin = values.get("namespace").origin();
      record("namespace", namespace, From.CONTEXT, namespaceOrigin);
    } else {
      record("namespace", Values.string(root, "name"), From.DEFAULT, null);
    }
  }

  private void readRegistry() {
    String url = Values.string(values, "registry_url");
    if (url == null) {
      return;
    }
    // mrunner writes https://gcr.io; an image reference has no scheme.
    String host = url.replaceFirst("^[a-zA-Z][a-zA-Z0-9+.-]*://", "").replaceAll("/+$", "");
    if (host.isEmpty() || !host.matches("[A-Za-z0-9][A-Za-z0-9._:/-]*")) {
      problems.add(Diagnostic.error(values.get("registry_url").origin(), contextKey("registry_url"), "registry-url",
          "'" + Names.printable(url) + "' is not a registry",
          "write a registry host with an optional path, e.g. gcr.io/acme"));
      return;
    }
    registry = host;
    record("registry_url", host, From.CONTEXT, values.get("registry_url").origin());
  }

  private void readResources() {
    TreeMap<String, String> merged = new TreeMap<>();
    Node inherited = values.get("resources");
    if (inherited != null) {
      TreeMap<String, String> parsed = MrunnerResources.parse(inherited, contextKey("resources"), problems);
      parsed.forEach((k, v) -> record("resources." + k, v, From.CONTEXT, inherited.origin()));
      merged.putAll(parsed);
    }
    Node own = root.get("resources");
    if (own != null) {
      TreeMap<String, String> parsed = MrunnerResources.parse(own, "resources", problems);
      provenance.removeIf(e -> e.key().startsWith("resources.") && parsed.containsKey(e.key().substring(10)));
      parsed.forEach((k, v) -> record("resources." + k, v, From.EXPERIMENT, own.origin()));
      merged.putAll(parsed);
    }
    resources = merged;
  }

  private void readStorage() {
    MapNode own = Values.map(root, "storage");
    if (own == null && !values.has("storage")) {
      return;
    }
    Node mountNode = own != null && own.has("mount") ? pick(own, null, "mount", "storage.mount")
        : pick(null, values, "storage", "storage.mount");
    Origin origin = own != null ? root.keyOrigin("storage") : values.get("storage").origin();
    // With no mount path or a bad one, the claim and the size are still checked, so that one run reports every
    // problem of the storage.
    if (mountNode == null) {
      problems.add(Diagnostic.error(origin, "storage", "storage-mount",
          "the storage has no mount path", "add storage { mount = /storage } (or 'storage' in the context)"));
    }
    String mount = mountNode == null ? null : ((ScalarNode) mountNode).text();
    boolean mounted = mount != null && mount.matches(PATH);
    if (mount != null && !mounted) {
      String key = own != null && own.has("mount") ? "storage.mount" : contextKey("storage");
      problems.add(Diagnostic.error(mountNode.origin(), key, "mount-path",
          "'" + Names.printable(mount) + "' is not an absolute path", "start it with '/'"));
    }
    String claim = null;
    if (own != null && own.has("claim")) {
      claim = Values.string(own, "claim");
      record("storage.claim", claim, From.EXPERIMENT, own.get("claim").origin());
      // The claim is used as written (claimName of the storage volume), as a pvc mount's claim_name is.
      Optional<Diagnostic> bad = Names.objectName(claim, "PersistentVolumeClaim", own.get("claim").origin(),
          "storage.claim");
      bad.ifPresent(problems::add);
      // A bad claim name hides none of the rest: the size and storage_class are wrong beside any claim, and the
      // size is checked as a size too, since removing 'claim' (one way out) makes stave create a claim of it.
      for (String key : List.of("size", "storage_class")) {
        if (own.has(key)) {
          problems.add(Diagnostic.error(own.keyOrigin(key), "storage." + key, "storage-claim",
              "'" + key + "' describes a claim stave creates, and 'claim' names an existing one",
              "remove '" + key + "', or remove 'claim' to have stave create <project>-storage"));
        }
      }
      if (own.get("size") instanceof ScalarNode size) {
        quantity(size, "storage.size", false, problems);
      }
      storage = mounted && bad.isEmpty() ? new Storage(mount, null, null, claim, origin) : null;
      return;
    }
    String size = DEFAULT_STORAGE_SIZE;
    if (own != null && own.has("size")) {
      size = quantity((ScalarNode) own.get("size"), "storage.size", false, problems);
      record("storage.size", size, From.EXPERIMENT, own.get("size").origin());
    } else if (values.has("default_pvc_size")) {
      size = quantity((ScalarNode) values.get("default_pvc_size"), contextKey("default_pvc_size"), true, problems);
      record("storage.size", size, From.CONTEXT, values.get("default_pvc_size").origin());
    } else {
      record("storage.size", size, From.DEFAULT, null);
    }
    String storageClass = own == null ? null : Values.string(own, "storage_class");
    if (storageClass != null) {
      record("storage.storage_class", storageClass, From.EXPERIMENT, own.get("storage_class").origin());
    }
    if (size != null && mounted) {
      storage = new Storage(mount, size, storageClass, null, origin);
    }
  }

  /** A size at {@code key}; {@code mrunner} sizes get its 'i' (default_pvc_size 100G is 100Gi there). */
  private static String quantity(ScalarNode node, String key, boolean mrunner, List<Diagnostic> problems) {
    String text = node.text();
    String given = mrunner && text.matches("[0-9]+[KMGTPE]") ? text + "i" : Quantities.text(node);
    String size = Quantities.canonical(given).orElseGet(() -> {
      problems.add(Quantities.refused(node.origin(), key, text, given));
      return null;
    });
    // The API server refuses a claim for no storage at all.
    if (size != null && Quantities.value(size).signum() == 0) {
      problems.add(Diagnostic.error(node.origin(), key, "size-zero",
          "a storage claim of " + Names.printable(text) + " asks for no storage", "give a size such as 10Gi"));
      return null;
    }
    if (size != null) {
      SmallMemory.storage(node.origin(), key, text, size,
          mrunner ? SmallMemory.Spelling.MRUNNER : SmallMemory.Spelling.KUBERNETES).ifPresent(problems::add);
    }
    return size;
  }

  private void readNeptune() {
    MapNode tracking = Values.map(root, "tracking");
    Node own = tracking == null ? null : tracking.get("neptune");
    Node inherited = values.get("neptune");
    Node decides = own != null ? own : inherited;
    if (decides == null || decides instanceof ScalarNode s && Boolean.FALSE.equals(s.value())) {
      return;
    }
    MapNode ownMap = own instanceof MapNode m ? m : null;
    MapNode inheritedMap = inherited instanceof MapNode m ? m : null;
    Node project = pick(ownMap, inheritedMap, "project", "neptune.project");
    String projectName;
    if (project != null) {
      projectName = ((ScalarNode) project).text();
    } else if (root.has("project")) {
      projectName = Values.string(root, "project");
      record("neptune.project", projectName, From.EXPERIMENT, root.get("project").origin());
    } else if (alone) {
      projectName = null;
    } else {
      problems.add(Diagnostic.error(decides.origin(), own != null ? "tracking.neptune" : contextKey("neptune"),
          "neptune-project",
          "Neptune tracking needs a project", "set the experiment's 'project' (e.g. \"workspace/project\") "
              + "or tracking.neptune.project"));
      return;
    }
    Node secretNode = pick(ownMap, inheritedMap, "api_token_secret", "neptune.api_token_secret");
    String secretText = secretNode == null ? DEFAULT_NEPTUNE_SECRET : ((ScalarNode) secretNode).text();
    if (secretNode == null) {
      record("neptune.api_token_secret", secretText, From.DEFAULT, null);
    }
    Origin secretOrigin = secretNode == null ? decides.origin() : secretNode.origin();
    String secretKey = ownMap != null && ownMap.has("api_token_secret") ? "tracking.neptune.api_token_secret"
        : contextKey("neptune.api_token_secret");
    SecretRef secret = SecretRef.parse(secretText, secretOrigin, secretKey, problems).orElse(null);
    // The token itself is never recorded: provenance may be printed.
    Node token = ownMap != null && ownMap.has("api_token") ? ownMap.get("api_token")
        : inheritedMap != null ? inheritedMap.get("api_token") : null;
    Node file = ownMap != null && ownMap.has("api_token_file") ? ownMap.get("api_token_file")
        : inheritedMap != null ? inheritedMap.get("api_token_file") : null;
    Path tokenFile = null;
    if (file != null) {
      Path folder = ownMap != null && ownMap.has("api_token_file") ? experimentFolder : context.folder();
      tokenFile = experiment.resolve(((ScalarNode) file).text(), folder);
      record("neptune.api_token_file", tokenFile.toString(), ownMap != null && ownMap.has("api_token_file")
          ? From.EXPERIMENT : From.CONTEXT, file.origin());
    }
    if (token != null && file != null) {
      String fileKey = ownMap != null && ownMap.has("api_token_file") ? "tracking.neptune.api_token_file"
          : contextKey("neptune.api_token_file");
      problems.add(Diagnostic.error(file.origin(), fileKey, "neptune-token-twice",
          "the Neptune API token is given both as api_token and as api_token_file", "keep one of them"));
      return;
    }
    if (secret != null) {
      neptune = new Neptune(projectName, secret, secretOrigin, token == null ? null : ((ScalarNode) token).text(),
          tokenFile, decides.origin());
    }
  }

  private void readImagePullSecrets() {
    Node picked = pick(root, values, "image_pull_secrets", "image_pull_secrets");
    if (picked == null) {
      return;
    }
    String key = root.has("image_pull_secrets") ? "image_pull_secrets" : contextKey("image_pull_secrets");
    List<String> out = new ArrayList<>();
    for (Node n : ((dev.stave.config.ListNode) picked).items()) {
      String name = ((ScalarNode) n).text();
      // Each is the name of an existing Secret, written as given into the pods' imagePullSecrets.
      Optional<Diagnostic> bad = Names.objectName(name, "Secret", n.origin(), key);
      if (bad.isPresent()) {
        problems.add(bad.get());
      } else if (!out.contains(name)) {
        out.add(name);
      }
    }
    imagePullSecrets = List.copyOf(out);
  }

  private void readLabels() {
    MapNode own = Values.map(root, "labels");
    MapNode inherited = contextLabels();
    if (inherited != null) {
      inherited.entries().forEach((k, v) -> {
        if (own == null || !own.has(k)) {
          record("labels." + k, display(v), From.CONTEXT, v.origin());
        }
      });
    }
    if (own != null) {
      own.entries().forEach((k, v) -> record("labels." + k, display(v), From.EXPERIMENT, v.origin()));
    }
  }

  private void readInventory() {
    Node own = root.get("inventory");
    if (own != null) {
      record("inventory", display(own), From.EXPERIMENT, own.origin());
    } else if (context != null && context.inventory() != null) {
      inventory = context.inventory();
      inventoryOrigin = context.inventoryOrigin();
      record("inventory", dev.stave.diag.Sources.display(inventory), From.CONTEXT, inventoryOrigin);
    }
  }

  /**
   * The context's inventory when the experiment names none (relative to the contexts file's folder);
   * null otherwise.
   */
  public Path inventory() {
    return inventory;
  }

  /** Where the context names {@link #inventory()}. */
  public Origin inventoryOrigin() {
    return inventoryOrigin;
  }

  /** The key of {@link #inventory()} in the contexts file; null without a context. */
  public String inventoryKey() {
    return context == null ? null : context.inventoryKey();
  }

  /** The folders {@link #inventory()} must be in: the contexts file's; null without a context. */
  public ProjectFolders inventoryFolders() {
    return context == null ? null : context.folders();
  }
}

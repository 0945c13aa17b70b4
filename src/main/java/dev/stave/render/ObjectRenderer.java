package dev.stave.render;

import dev.stave.compile.FieldOverride;
import dev.stave.compile.Labels;
import dev.stave.compile.PlannedObject;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.StaveBug;
import dev.stave.diag.UserError;
import dev.stave.model.Variable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Template text in, verified canonical YAML out: render, parse, put apiVersion/kind/metadata first,
 * merge the user's overrides, check against the Kubernetes model, emit, and check that the emitted text
 * reads back as the same object.
 */
public final class ObjectRenderer {
  // Even a small bundle is worth a second thread: in a fresh JVM each object's first-time work (its
  // template's parse, its shape's read, its kind's model check) dwarfs handing it over.
  private static final int PARALLEL_FROM = 2;
  private static final String MODEL_HINT = "overrides hold Kubernetes API fields in camelCase; check the field name"
      + " and type";
  /** The value is valid, but the bundle holds what the API server stores, so that a diff with the cluster is quiet. */
  private static final String CANONICAL_HINT = "write the value as the API server stores it, as shown; overrides go"
      + " into the bundle as written, and the bundle holds what the cluster will hold";
  /** A model check's problem with a value that is no text where text would do ("expected a string, found number 3"). */
  private static final Pattern WANTS_TEXT = Pattern.compile(": expected (?:a|an integer or a) string, found ");
  /** A model check's problem with a value of another kind than the field takes: what it takes. */
  private static final Pattern WRONG_KIND = Pattern.compile(": expected (.+?), found ");
  /** A model check's problem with an integer beyond what its field holds: how many bits that is. */
  private static final Pattern OUT_OF_RANGE = Pattern.compile(" does not fit in a ([0-9]+)-bit integer$");
  /** What the model check expects where a number would do. */
  private static final Set<String> NUMBERS = Set.of("an integer", "a finite number");

  private final TemplateRenderer templates;
  private final TemplateShapes shapes = new TemplateShapes();
  private final EmittedShapes emitted = new EmittedShapes();
  private final ObjectVerifier verifier = new ObjectVerifier();
  private final CustomResourceShapes customResources = new CustomResourceShapes(verifier);

  public ObjectRenderer(Path templateOverrides) {
    this.templates = new TemplateRenderer(templateOverrides);
  }

  /**
   * Every object rendered, in the given order. Large bundles (sweeps) are rendered on all cores; the
   * objects are independent, and the failure reported is the first in list order, as it would be
   * one object after the other, so the outcome does not depend on thread timing.
   */
  public List<RenderedObject> renderAll(List<PlannedObject> planned) {
    if (planned.size() < PARALLEL_FROM || Runtime.getRuntime().availableProcessors() < 2) {
      List<RenderedObject> rendered = new ArrayList<>(planned.size());
      for (PlannedObject p : planned) {
        rendered.add(render(p));
      }
      return rendered;
    }
    RenderedObject[] rendered = new RenderedObject[planned.size()];
    RuntimeException[] failed = new RuntimeException[planned.size()];
    // Objects after a failed one are not started: the failure reported is the first in list order, which
    // is still rendered whatever the threads do, and a template that fails for every object (one stopped
    // after its time limit, say) is not waited out once per object.
    AtomicInteger firstFailed = new AtomicInteger(Integer.MAX_VALUE);
    IntStream.range(0, planned.size()).parallel().forEach(i -> {
      if (i > firstFailed.get()) {
        return;
      }
      try {
        rendered[i] = render(planned.get(i));
      } catch (RuntimeException e) {
        failed[i] = e;
        firstFailed.accumulateAndGet(i, Math::min);
      }
    });
    for (RuntimeException e : failed) {
      if (e != null) {
        throw e;
      }
    }
    return Arrays.asList(rendered);
  }

  /**
   * One object. A failure is stave's own (a bug) with the packaged templates; with {@code --templates}
   * it is reported as the user's, since any packaged template may import one the user replaced. A
   * template that recurses without end (a macro, an include, a YAML alias that refers to itself) ends
   * in a diagnostic too, not in the JVM's stack trace.
   */
  public RenderedObject render(PlannedObject planned) {
    try {
      return renderOne(planned);
    } catch (OutOfMemoryError e) {
      // A user's template that builds a huge text ((1..100000000)?join(",")) fails in one allocation, which
      // leaves the heap as it was; the packaged templates never do, so without --templates it stays an error
      // of the run (cli.Main says how to give the JVM more memory).
      Path dir = templates.overrides();
      if (dir == null) {
        throw e;
      }
      Path own = templates.userTemplate(planned.template());
      throw new UserError(Diagnostic.error(Origin.of((own != null ? own : dir).toString()), "", "template",
          "with the templates in " + dir + ", " + planned.kind() + " " + planned.name() + " (" + planned.template()
              + ") ran out of memory: a template built more text than the JVM may hold",
          "fix the template (a loop or ?join over a huge range?), or remove it to use the packaged one"));
    } catch (StaveBug | StackOverflowError e) {
      Path dir = templates.overrides();
      String why = e instanceof StackOverflowError
          ? "it recursed without end (a macro, an include or a YAML alias that refers to itself)" : e.getMessage();
      if (dir == null) {
        throw e instanceof StaveBug bug ? bug : new StaveBug("template " + planned.template() + ": " + why, e);
      }
      Path own = templates.userTemplate(planned.template());
      throw new UserError(Diagnostic.error(Origin.of((own != null ? own : dir).toString()), "", "template",
          "with the templates in " + dir + ", " + planned.kind() + " " + planned.name() + " (" + planned.template()
              + ") failed: " + why,
          "fix the template, or remove it to use the packaged one"));
    }
  }

  private RenderedObject renderOne(PlannedObject planned) {
    RenderedText text = templates.render(planned.template(), planned.data());
    TemplateShapes.Shape shape = shapes.shapeOf(text);
    // With --templates every object is read in full: any template may import one of the user's, and
    // what it rendered must still be the object stave planned.
    boolean userTemplates = templates.overrides() != null;
    String known = planned.overrides().isEmpty() && !userTemplates ? knownSound(text, shape) : null;
    if (known != null) {
      return new RenderedObject(planned.apiVersion(), planned.kind(), planned.namespace(), planned.name(), known,
          planned.origin());
    }
    TemplateShapes.Parsed read;
    try {
      read = shapes.read(text, shape);
    } catch (RuntimeException e) {
      if (userTemplates) {
        throw notYaml(planned, text, e);
      }
      throw new StaveBug("template " + planned.template() + " rendered text that is not YAML: " + e.getMessage(), e);
    }
    Object parsed = read.tree();
    if (!(parsed instanceof Map<?, ?> map)) {
      throw new StaveBug("template " + planned.template() + " rendered " + parsed + " instead of an object");
    }
    Map<String, Object> content = canonicalOrder(cast(map));
    String podSpecPath = podSpecPath(planned.kind());
    List<Overridden> overridden = new ArrayList<>();
    for (FieldOverride o : planned.overrides()) {
      Map<String, Object> podSpec = cast(Tree.at(content, podSpecPath));
      if (o.container() == null) {
        Tree.deepMerge(podSpec, o.fields());
        o.fields().keySet().forEach(k -> overridden.add(new Overridden(podSpecPath + "." + k, o, k)));
      } else {
        List<Object> containers = Tree.list(podSpec.get("containers"));
        for (int i = 0; i < containers.size(); i++) {
          Map<String, Object> c = cast(containers.get(i));
          if (o.container().equals(c.get("name"))) {
            Tree.deepMerge(c, o.fields());
            int index = i;
            o.fields().keySet().forEach(
                k -> overridden.add(new Overridden(podSpecPath + ".containers[" + index + "]." + k, o, k)));
          }
        }
      }
    }
    List<String> problems = CustomResourceShapes.handles(content.get("apiVersion"), content.get("kind"))
        ? customResources.problems(content) : verifier.problems(content);
    if (!problems.isEmpty()) {
      Path userTemplate = templates.userTemplate(planned.template());
      if (userTemplate != null) {
        throw new UserError(Diagnostic.error(Origin.of(userTemplate.toString()), "", "template",
            "template " + planned.template() + " made an invalid " + planned.kind() + ": "
                + String.join("; ", problems),
            "fix the template, or remove it to use the packaged one"));
      }
      reportProblems(planned, problems, overridden,
          problem -> problem.contains(": not canonical: ") ? CANONICAL_HINT
              : outOfRange(problem) != null ? "write an integer " + outOfRange(problem) + ", the range of the field"
              : MODEL_HINT);
    }
    if (!overridden.isEmpty()) {
      Map<String, String> hints = new LinkedHashMap<>();
      for (PodRules.Problem p : PodRules.problems(planned.kind(), cast(Tree.at(content, podSpecPath)), podSpecPath,
          field -> overridden.stream().anyMatch(o -> o.holds(field)))) {
        hints.put(p.text(), p.hint());
      }
      if (!hints.isEmpty()) {
        reportProblems(planned, List.copyOf(hints.keySet()), overridden, hints::get);
      }
    }
    if (userTemplates) {
      keepsIdentity(planned, content);
    }
    RenderPlan plan = read.shape() != null && planned.overrides().isEmpty() ? read.shape().plan() : null;
    String yaml = plan != null ? plan.write(text.values(), emitted) : null;
    if (yaml == null) {
      ScalarTokens tokens = new ScalarTokens();
      yaml = BlockWriter.write(content, tokens);
      if (!emitted.readsBack(yaml, tokens, content) && !CanonicalYaml.sameValue(CanonicalYaml.parse(yaml), content)) {
        throw new StaveBug(planned.kind() + " " + planned.name() + " does not read back as written");
      }
    }
    return new RenderedObject(planned.apiVersion(), planned.kind(), planned.namespace(), planned.name(), yaml,
        planned.origin());
  }

  /**
   * Text of the user's templates that the YAML reader refused, reported where the template wrote the character
   * the reader stopped at (the template's line, not the rendered text's, which the user never sees), with the
   * rendered line quoted, as the reader's own message points into it.
   */
  private UserError notYaml(PlannedObject planned, RenderedText text, RuntimeException e) {
    MarkedYAMLException marked = null;
    for (Throwable t = e; t != null && t != t.getCause(); t = t.getCause()) {
      if (t instanceof MarkedYAMLException m) {
        marked = m;
        break;
      }
    }
    Mark mark = marked == null ? null : marked.getProblemMark() != null ? marked.getProblemMark()
        : marked.getContextMark();
    String written = text.text();
    Origin origin = null;
    String problem = e.getMessage();
    if (mark != null) {
      int points = written.codePointCount(0, written.length());
      origin = templates.wroteAt(text, written.offsetByCodePoints(0, Math.min(Math.max(mark.getIndex(), 0), points)));
      problem = (marked.getContext() == null ? "" : marked.getContext() + ", ")
          + (marked.getProblem() == null ? "" : marked.getProblem());
      String[] lines = written.split("\r\n|\r|\n", -1);
      if (mark.getLine() >= 0 && mark.getLine() < lines.length) {
        problem += " (line " + (mark.getLine() + 1) + " of its output: '" + lines[mark.getLine()].strip() + "')";
      }
    }
    if (origin == null) {
      Path own = templates.userTemplate(planned.template());
      origin = Origin.of((own != null ? own : templates.overrides()).toString());
    }
    String lower = problem.toLowerCase(Locale.ROOT);
    String fix = lower.contains("(tab)") ? "indent with spaces: YAML allows no tab in indentation"
        : lower.contains("another document") ? "write one object per template (stave writes each object to a file"
            + " of its own): remove the '---' and what follows it"
        : lower.contains("duplicate key") ? "write each key once"
        : lower.contains("mapping values are not allowed") ? "put a value that holds ': ' in double quotes, or"
            + " print it with ${...}, which quotes it"
        : "make the template write one YAML document (a value that holds ': ', ' #' or starts with an indicator"
            + " needs quotes; ${...} quotes what it prints)";
    return new UserError(Diagnostic.error(origin, "", "template",
        "template " + planned.template() + " wrote text for " + planned.kind() + " " + planned.name()
            + " that is not YAML: " + problem.strip(),
        fix + ", or remove the template to use the packaged one"));
  }

  /**
   * A template of the user's that renders another object than the one planned would break the bundle
   * (a file named for one object holding another, two files holding one object, an object prune cannot
   * find), so it is the user's error, at the template that rendered it.
   */
  private void keepsIdentity(PlannedObject planned, Map<String, Object> content) {
    List<String> departures = PlannedIdentity.departures(planned, content);
    if (departures.isEmpty()) {
      return;
    }
    Path own = templates.userTemplate(planned.template());
    String template = own != null ? "template " + planned.template()
        : "template " + planned.template() + " (with the templates in " + templates.overrides() + ")";
    throw new UserError(Diagnostic.error(Origin.of((own != null ? own : templates.overrides()).toString()), "",
        "template-identity",
        template + " departs from the " + planned.kind() + " " + planned.name() + " stave planned: "
            + String.join("; ", departures),
        "a template may add labels, annotations and fields, but must keep apiVersion, kind, metadata.name,"
            + " metadata.namespace and the label " + Labels.BUNDLE + " as given (lib.ftl's metadata macro"
            + " writes them from the data)"));
  }

  /**
   * The text of an object whose shape has a plan and whose model key was already found sound, written
   * without making its tree; null for any other object, which takes the full path below. The tree would
   * only be walked for the key ({@link ModelKey#template} gives the same key from the values) and the
   * canonical order, which the plan already has: in a sweep, every point after the first of its kind.
   */
  private String knownSound(RenderedText text, TemplateShapes.Shape shape) {
    RenderPlan plan = shape == null ? null : shape.plan();
    if (plan == null) {
      return null;
    }
    ModelKey.Template template = shape.memo(s -> {
      Map<String, Object> canonical = s.canonical();
      return CustomResourceShapes.handles(canonical.get("apiVersion"), canonical.get("kind"))
          ? null : verifier.keyTemplate(canonical, text.values());
    });
    String key = template == null ? null : template.fill(text.values());
    return key != null && verifier.remembered(key) && shape.keysDistinct(text.values())
        ? plan.write(text.values(), emitted) : null;
  }

  /** A field of the object that an override set: its path in the object, the override, and its key there. */
  private record Overridden(String field, FieldOverride owner, String key) {
    /** Whether a problem (which starts with the path of the field it is about) is in this field. */
    boolean holds(String problem) {
      return problem.startsWith(field) && (problem.length() == field.length()
          || ".[:".indexOf(problem.charAt(field.length())) >= 0);
    }

    /** The deepest field of the override that a problem in this field is in, by its path in the override. */
    String fieldIn(String problem) {
      int end = problem.indexOf(": ", field.length());
      String path = key + problem.substring(field.length(), end < 0 ? problem.length() : end);
      while (!owner.origins().containsKey(path) && path.length() > key.length()) {
        path = path.substring(0, Math.max(path.lastIndexOf('.'), path.lastIndexOf('[')));
      }
      return owner.origins().containsKey(path) ? path : key;
    }
  }

  /**
   * Problems in fields the user overrode are the user's, reported at the override's key that set the
   * field (the most specific one, when a pod override's {@code containers} and a container override
   * both reach it); any other problem is stave's.
   */
  private static void reportProblems(PlannedObject planned, List<String> problems, List<Overridden> overridden,
      Function<String, String> hint) {
    List<Diagnostic> user = new ArrayList<>();
    for (String problem : problems) {
      Overridden owner = null;
      for (Overridden o : overridden) {
        if (o.holds(problem) && (owner == null || o.field().length() > owner.field().length())) {
          owner = o;
        }
      }
      if (owner == null) {
        throw new StaveBug(planned.kind() + " " + planned.name() + " fails the Kubernetes model check: "
            + String.join("; ", problems));
      }
      FieldOverride override = owner.owner();
      String field = owner.fieldIn(problem);
      user.add(Diagnostic.error(override.origins().get(field), override.path() + "." + field, "override",
          "the override makes an invalid " + planned.kind() + ": " + problem,
          hints(problem, hint.apply(problem), override.variables().get(field))));
    }
    throw new UserError(user);
  }

  /**
   * The hints for a problem in a field written as {@code variable} (or null): they name it, as the schema's
   * errors about variables do. Overrides take each variable as its text reads (3 a number, an empty value
   * null), so where the variable's value is of another kind than the field takes, how to write or set it is
   * the fix.
   */
  private static String[] hints(String problem, String hint, Variable variable) {
    if (variable == null) {
      return new String[] {hint};
    }
    String from = "the value comes from " + variable.written();
    Matcher wrong = WRONG_KIND.matcher(problem);
    String expected = wrong.find() ? wrong.group(1) : null;
    Object unquoted = variable.unquoted();
    if (variable.literal()) {
      return expected != null && (NUMBERS.contains(expected) || expected.equals("a boolean"))
          ? new String[] {variable.value().unquoteHint(kind(expected))}
          : new String[] {hint};
    } else if (problem.endsWith(": " + TypeChecker.NULL_VALUE) && variable.empty()) {
      return new String[] {from + ", which is empty, and an empty value is null, which would delete the field: "
          + variable.setTo("a value") + (variable.optional() != null
              ? ", or unset " + variable.optional() + " to leave it out of the override"
              : ", or remove the field from the override")};
    } else if (outOfRange(problem) != null) {
      return new String[] {from + ", which is out of range for the field: "
          + variable.setTo("an integer " + outOfRange(problem))};
    } else if (expected == null) {
      return new String[] {hint, from};
    } else if (WANTS_TEXT.matcher(problem).find() && variable.asText() != null) {
      return new String[] {from + ": write " + variable.asText() + " to make it text"};
    } else if (unquoted instanceof Boolean ? expected.equals("a boolean")
        : unquoted != null && NUMBERS.contains(expected)) {
      String quoted = variable.value().quoted();
      String written = variable.written();
      return new String[] {(quoted != null ? "the quotes make " + quoted : "the block scalar makes " + written)
          + " text: write " + written + (quoted != null ? " without them" : " plain")
          + " so that its value is read as " + kind(expected)
          + (variable.value().inFlow() ? " (in block style: in {...} or [...] a brace ends a plain value)" : "")};
    } else if (expected.equals("an object") || expected.equals("a list")) {
      return new String[] {from + ", and a variable's value is text, a number or a boolean: write " + expected
          + " here"};
    }
    return new String[] {from + ": " + variable.setTo(expected)};
  }

  /** The range of the field that a problem's integer does not fit in ("from -2147483648 to 2147483647"), else null. */
  private static String outOfRange(String problem) {
    Matcher bits = OUT_OF_RANGE.matcher(problem);
    return bits.find() ? TypeChecker.range(Integer.parseInt(bits.group(1))) : null;
  }

  /** What a value is read as where the model check expects {@code expected} (a boolean, or a number). */
  private static String kind(String expected) {
    return expected.equals("a boolean") ? expected : "a number";
  }

  static String podSpecPath(String kind) {
    return switch (kind) {
      case "Pod" -> "spec";
      case "CronJob" -> "spec.jobTemplate.spec.template.spec";
      default -> "spec.template.spec";
    };
  }

  /** The canonical key order: apiVersion, kind and metadata first, then the template's order. */
  static Map<String, Object> canonicalOrder(Map<String, Object> object) {
    Map<String, Object> ordered = new LinkedHashMap<>();
    for (String key : List.of("apiVersion", "kind", "metadata")) {
      if (object.containsKey(key)) {
        ordered.put(key, object.get(key));
      }
    }
    object.forEach(ordered::putIfAbsent);
    return ordered;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> cast(Object map) {
    return (Map<String, Object>) map;
  }
}

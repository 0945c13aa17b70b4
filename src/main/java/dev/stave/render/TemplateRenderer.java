package dev.stave.render;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Durations;
import dev.stave.diag.IoErrors;
import dev.stave.diag.Origin;
import dev.stave.diag.Printable;
import dev.stave.diag.Sources;
import dev.stave.diag.StaveBug;
import dev.stave.diag.UserError;
import freemarker.cache.ClassTemplateLoader;
import freemarker.cache.FileTemplateLoader;
import freemarker.cache.MultiTemplateLoader;
import freemarker.cache.TemplateLoader;
import freemarker.core.ParseException;
import freemarker.core.Environment;
import freemarker.core.TemplateClassResolver;
import freemarker.core.TemplateProcessingTracer.TracedElement;
import freemarker.core._CoreAPI;
import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import freemarker.template.TemplateNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Renders the FreeMarker templates in {@code templates/} (packaged as {@code stave/templates}); a
 * {@code --templates DIR} replaces templates by file name. Templates are compiled once per run and reused;
 * rendering is safe from several threads.
 */
public final class TemplateRenderer {
  /**
   * How long the user's templates may take for one object before they are stopped. An object renders
   * in milliseconds; only an endless {@code #list} comes near this.
   */
  static final Duration USER_TEMPLATE_LIMIT = Duration.ofSeconds(10);

  /** How deep below the --templates folder, and how large, the files are that get interruption checks. */
  private static final int GUARD_DEPTH = 8;
  private static final long GUARD_SIZE = 1 << 20;

  private final Configuration configuration;
  private final Map<String, Template> cache = new ConcurrentHashMap<>();
  private final Map<String, Boolean> users = new ConcurrentHashMap<>();
  private final Path overrides;
  private final Duration limit;
  private volatile boolean guarded;
  // A template of the user's that was left running after the limit: every later one gives up at once with
  // its error, rather than waiting out the limit again, on either rendering thread, for an earlier object.
  private volatile UserError abandoned;

  public TemplateRenderer(Path overrides) {
    this(overrides, USER_TEMPLATE_LIMIT);
  }

  /** With another time limit for the user's templates (tests). */
  TemplateRenderer(Path overrides, Duration limit) {
    this.overrides = overrides;
    this.limit = limit;
    Library.ready();
    Configuration c = new Configuration(Configuration.VERSION_2_3_34);
    c.setOutputFormat(YamlOutputFormat.INSTANCE);
    c.setRecognizeStandardFileExtensions(false);
    c.setAutoEscapingPolicy(Configuration.ENABLE_IF_SUPPORTED_AUTO_ESCAPING_POLICY);
    // The packaged templates' encoding; the user's files are decoded, strictly, by Utf8Templates.
    c.setDefaultEncoding("UTF-8");
    c.setLocale(Locale.ROOT);
    c.setTimeZone(TimeZone.getTimeZone("UTC"));
    c.setNumberFormat("computer");
    c.setBooleanFormat("c");
    c.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
    c.setLogTemplateExceptions(false);
    c.setWrapUncheckedExceptions(true);
    c.setFallbackOnNullLoopVariable(false);
    c.setNewBuiltinClassResolver(TemplateClassResolver.ALLOWS_NOTHING_RESOLVER);
    c.setAPIBuiltinEnabled(false);
    c.setLocalizedLookup(false);
    // A tab is one column in an error's location, as in every other diagnostic (FreeMarker's default is 8).
    c.setTabSize(1);
    c.setTemplateLoader(loader(overrides));
    // Templates do not change during a run; without this every import rechecks its source.
    c.setTemplateUpdateDelayMilliseconds(Long.MAX_VALUE);
    c.setSharedVariable(FlowValue.NAME, new FlowValue());
    this.configuration = c;
  }

  /**
   * Sets FreeMarker up ahead of the first renderer, for a thread that has nothing better to do while the
   * command line is parsed and the configs are read (dev.stave.cli.WarmUp).
   */
  public static void warmUp() {
    Library.ready();
  }

  /**
   * FreeMarker's one-time set-up: in a fresh JVM a Configuration and the first template parse are most
   * of a tenth of a second of class initialisation. Every renderer passes through this class before it
   * uses FreeMarker, so the JVM runs the initialiser once and makes any other thread wait for it: a
   * warm-up thread and the main thread never initialise FreeMarker's classes at the same time, which
   * could deadlock on classes whose initialisers need each other. What it makes is thrown away.
   */
  private static final class Library {
    private static final String LOGGER_LIBRARY = "org.freemarker.loggerLibrary";

    static {
      // FreeMarker logs nothing stave needs: template errors come back as exceptions. Left to choose,
      // it probes for logging libraries by class name (each miss searches the whole class path) and
      // then starts java.util.logging. An explicit choice of the user's is kept.
      if (System.getProperty(LOGGER_LIBRARY) == null) {
        System.setProperty(LOGGER_LIBRARY, "none");
      }
      try {
        new Template("warm-up", "<#if x??>${x}</#if>", new Configuration(Configuration.VERSION_2_3_34));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private Library() {}

    static void ready() {}
  }

  private static TemplateLoader loader(Path overrides) {
    ClassTemplateLoader packaged = new ClassTemplateLoader(TemplateRenderer.class, "/stave/templates");
    if (overrides == null) {
      return packaged;
    }
    if (!Files.exists(overrides)) {
      // A mistyped folder is the likely cause: "must name a folder" would not say the path is not there.
      String link = IoErrors.danglingLink(overrides.toString());
      throw new UserError(Diagnostic.error(Origin.of(overrides.toString()), "", "templates-dir",
          "--templates names a folder that does not exist" + (link == null ? "" : ": " + link),
          "check the path; pass a folder holding files such as job.ftl"));
    }
    if (!Files.isDirectory(overrides)) {
      throw new UserError(Diagnostic.error(Origin.of(overrides.toString()), "", "templates-dir",
          "--templates names a file; it must name a folder of templates",
          "pass a folder holding files such as job.ftl"));
    }
    if (!Files.isExecutable(overrides)) {
      // Without search permission FreeMarker finds none of the folder's files and falls back to the packaged
      // templates without a word, so the user's would be left out of the bundle. Read permission is not needed.
      throw new UserError(Diagnostic.error(Origin.of(overrides.toString()), "", "templates-dir",
          "stave may not look into the templates folder (permission denied), so none of its templates would be"
              + " used", "give it search permission, as chmod u+x does"));
    }
    try {
      return new MultiTemplateLoader(new TemplateLoader[] {
          new Utf8Templates(new FileTemplateLoader(overrides.toFile()), overrides), packaged});
    } catch (IOException e) {
      throw new UserError(Diagnostic.error(Origin.of(overrides.toString()), "", "templates-dir",
          "cannot read the templates folder", "check its permissions"));
    }
  }

  /** The template's output, as its shape and values ({@link ShapeWriter}). */
  RenderedText render(String templateName, Map<String, Object> data) {
    if (overrides != null) {
      guardUserTemplates();
    }
    Template template = cache.computeIfAbsent(templateName, this::load);
    ShapeWriter out = new ShapeWriter();
    if (overrides == null) {
      // The packaged templates always finish.
      try {
        template.process(data, out);
      } catch (TemplateException | IOException e) {
        throw templateProblem(templateName, e);
      }
      return out.rendered();
    }
    // With the user's templates, any template may be or import one of theirs.
    UserError earlier = abandoned;
    if (earlier != null) {
      throw earlier;
    }
    TemplateWatch watch = new TemplateWatch(out, this::usersTemplate);
    out.checkCharacters(watch::writing);
    RenderDeadline.Outcome outcome;
    try {
      outcome = RenderDeadline.run(() -> {
        Environment env = template.createProcessingEnvironment(data, out);
        env.setTemplateProcessingTracer(watch);
        env.process();
      }, limit);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StaveBug("rendering " + templateName + " was interrupted", e);
    }
    if (!outcome.finished()) {
      UserError stopped = stopped(templateName, watch, false);
      abandoned = stopped;
      throw stopped;
    }
    if (out.tooLong() || watch.tooLong()) {
      // Whatever the template made of the failed write (?interpret's text wraps it), it ends here.
      throw tooLong(templateName, watch.lastOfUsers());
    }
    if (out.unwritableAt() != null) {
      throw unwritable(templateName, out.unwritableAt(), out.unwritable());
    }
    Throwable e = outcome.failure();
    // An #attempt may have recovered from the stop, or FreeMarker's own check stopped it first.
    if (watch.interrupted() || e != null && outcome.expired()) {
      throw stopped(templateName, watch, true);
    }
    // FreeMarker's file loader throws SecurityException for a file reached through a link that leaves the
    // folder.
    if (e instanceof TemplateException || e instanceof IOException || e instanceof SecurityException) {
      throw templateProblem(templateName, (Exception) e);
    } else if (e instanceof RuntimeException unchecked) {
      throw unchecked;
    } else if (e instanceof StackOverflowError && overflowAt(watch.lastOfUsers()) != null) {
      throw new UserError(Diagnostic.error(overflowAt(watch.lastOfUsers()), "", "template", "template " + templateName
          + " failed: it recursed without end here (a macro or an include that refers to itself, or ?eval or"
          + " ?eval_json of text nested thousands deep)", "fix the template, or remove it to use the packaged one"));
    } else if (e instanceof Error error) {
      // Out of memory, or a recursion without end outside the user's templates: dev.stave.render.ObjectRenderer
      // reports them.
      throw error;
    } else if (e != null) {
      throw new StaveBug("template " + templateName + " failed to render", e);
    }
    return out.rendered();
  }

  private void guard(String name) {
    // _CoreAPI is FreeMarker's internal side (its underscore says it may change between versions); this
    // entry is how FreeMarker itself makes a template stoppable. TemplateTimeLimitTest checks it works.
    try {
      _CoreAPI.addThreadInterruptedChecks(configuration.getTemplate(name));
    } catch (IOException | SecurityException e) {
      // Not a template, or a broken one: reported where a template uses it, by parsing it then. Left in
      // the cache, the failure would be answered with "an error on an earlier attempt" instead.
      try {
        configuration.removeTemplateFromCache(name);
      } catch (IOException alsoFailed) {
        // then nothing was cached
      }
    }
  }

  /**
   * A template of the user's that the time limit ended ({@code ended}), or that did not end at all (a
   * built-in walking a range in Java, an empty loop in text run with ?interpret): where the watch saw
   * it, as a loop or as a macro or function calling itself.
   */
  private UserError stopped(String templateName, TemplateWatch watch, boolean ended) {
    String after = " was stopped after " + Durations.written(limit) + " without finishing";
    if (ended && watch.recursion()) {
      return ended(templateName, watch.stoppedAt(), "template-time-limit", after + " (a macro or function here"
          + " that calls itself without an end, or billions of times?)", "make its calls to itself end",
          "e.g. call it again only <#if n < 10>");
    }
    String why = ended ? after + " (a #list over a range without an end, such as 1.., or over billions of numbers?)"
        : after + " (a #list, text run with ?interpret, or a built-in such as ?seq_contains or ?filter, over a"
            + " range without an end, such as 1.., or over billions of numbers?)";
    TracedElement at = ended && watch.stoppedAt() != null ? watch.stoppedAt() : watch.lastOfUsers();
    return ended(templateName, at, "template-time-limit", why, "bound the loop", "e.g. <#list 1..n as i>");
  }

  /**
   * A template of the user's that printed more than one object may hold, into the object or into a
   * capture ({@code <#assign x>...</#assign>}, {@code #attempt}); stopped at that write ({@code at}).
   */
  private UserError tooLong(String templateName, TracedElement at) {
    return ended(templateName, at, "template-output-limit", " was stopped after writing more than "
        + (CanonicalYaml.MAX_CODE_POINTS >> 20) + " Mi characters for one object, more than stave reads"
        + " (a #list over a huge range?)", "bound the loop", "e.g. <#list 1..n as i>");
  }

  /**
   * A template of the user's that printed, as is ({@code ?no_esc}), a character no YAML text can carry,
   * which the YAML reader would refuse at a line of the rendered text: at the element that printed it.
   */
  private UserError unwritable(String templateName, TracedElement at, char c) {
    String code = String.format(Locale.ROOT, "U+%04X", (int) c);
    boolean half = Character.isSurrogate(c);
    return ended(templateName, at, "template-character", " printed " + (half ? "a lone surrogate " + code
        + ", half of a character," : "the non-character " + code) + " which no YAML file can carry",
        half ? "print the whole character" : "remove it", half ? "e.g. \\xD83D\\xDE00 for an emoji (two escapes in a"
            + " row)" : "e.g. with ?replace(\"\\x" + code.substring(2) + "\", \"\")");
  }

  /**
   * A template of the user's that stave ended or refused ({@code why}, after "template job.ftl"; the hint says
   * to {@code fix} it, {@code example}): at the element {@code at} of the user's templates, else at the
   * template, or at the folder for a packaged template that imports the user's.
   */
  private UserError ended(String templateName, TracedElement at, String code, String why, String fix,
      String example) {
    Origin origin = at == null ? null : located(at.getTemplate().getSourceName(), at.getBeginLine(),
        at.getBeginColumn());
    if (userTemplate(templateName) == null) {
      // A packaged template ran into one of the user's, such as a replaced lib.ftl it imports.
      return new UserError(Diagnostic.error(origin != null ? origin : Origin.of(overrides.toString()), "", code,
          "the packaged " + templateName + ", with the templates it imports from this folder," + why,
          fix + " in the template of yours that it uses (lib.ftl, if you replaced it), " + example
              + ", or remove that template to use the packaged one"));
    }
    return new UserError(Diagnostic.error(origin != null ? origin : Origin.of(overrides.resolve(templateName)
        .toString()), "", code, "template " + templateName + why,
        fix + ", " + example + ", or remove the template to use the packaged one"));
  }

  /**
   * Adds FreeMarker's interruption checks to every template of the user's (every file of up to a MiB in
   * the folder and up to eight levels below it, through links too: an include may name any file)
   * before the first is used, so that {@link RenderDeadline} can stop a loop in any of
   * them, imported ones included: an import finds the template in the configuration's cache, checks and
   * all. A file that does not parse is left to be reported when a template uses it.
   */
  private void guardUserTemplates() {
    if (guarded) {
      return;
    }
    synchronized (this) {
      if (guarded) {
        return;
      }
      List<String> names = new ArrayList<>();
      try {
        Files.walkFileTree(overrides, EnumSet.of(FileVisitOption.FOLLOW_LINKS), GUARD_DEPTH,
            new SimpleFileVisitor<>() {
              @Override
              public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (attributes.isRegularFile() && attributes.size() <= GUARD_SIZE) {
                  names.add(overrides.relativize(file).toString().replace(java.io.File.separatorChar, '/'));
                }
                return FileVisitResult.CONTINUE;
              }

              @Override
              public FileVisitResult visitFileFailed(Path file, IOException e) {
                // An unreadable folder, or a link that loops: nothing there can be included either.
                return FileVisitResult.CONTINUE;
              }
            });
      } catch (IOException e) {
        throw new UserError(Diagnostic.error(Origin.of(overrides.toString()), "", "templates-dir",
            "cannot read the templates folder", "check its permissions"));
      }
      names.stream().sorted().forEach(this::guard);
      guarded = true;
    }
  }


  private Template load(String name) {
    try {
      return configuration.getTemplate(name);
    } catch (IOException e) {
      throw templateProblem(name, e);
    }
  }

  /** The {@code --templates} folder, or null when only the packaged templates are used. */
  public Path overrides() {
    return overrides;
  }

  /** The user's own template file when {@code --templates} replaces this one, else null. */
  public Path userTemplate(String name) {
    if (overrides == null) {
      return null;
    }
    Path file = overrides.resolve(name);
    return Files.isRegularFile(file) ? file : null;
  }

  /** A broken packaged template is a bug; a broken user template is the user's to fix. */
  private RuntimeException templateProblem(String name, Exception thrown) {
    for (Throwable t = thrown; t != null && t != t.getCause(); t = t.getCause()) {
      if (t instanceof Utf8Templates.NotUtf8 notUtf8) {
        // The template, or a file it includes or imports, is not UTF-8: reported at its first bad byte.
        return new UserError(notUtf8.diagnostic());
      }
    }
    if (userTemplate(name) != null) {
      // An include that fails to parse or render is reported where the included template fails.
      Exception e = thrown;
      while (e.getCause() instanceof ParseException || e.getCause() instanceof TemplateException) {
        e = (Exception) e.getCause();
      }
      String[] missing = missing(e);
      if (missing != null) {
        return new UserError(Diagnostic.error(where(name, e), "", "template-not-found",
            "template " + name + " failed: " + missing[0], missing[1]));
      }
      return new UserError(Diagnostic.error(where(name, e), "", "template",
          "template " + name + " failed: " + reason(e),
          "fix the template, or remove it to use the packaged one"));
    }
    Exception inUsers = failureInUserTemplate(thrown);
    if (inUsers != null) {
      // A packaged template failed in one of the user's that it imports (a replaced lib.ftl).
      String source = sourceName(inUsers);
      String[] missing = missing(inUsers);
      if (missing != null) {
        return new UserError(Diagnostic.error(where(source, inUsers), "", "template-not-found", "template " + source
            + ", imported by the packaged " + name + ", failed: " + missing[0], missing[1]));
      }
      return new UserError(Diagnostic.error(where(source, inUsers), "", "template",
          "template " + source + ", imported by the packaged " + name + ", failed: " + reason(inUsers),
          "fix the template, or remove it to use the packaged one"));
    }
    return new StaveBug("template " + name + " failed to render", thrown);
  }

  /**
   * An {@code #include} or {@code #import} of a name that is neither a file of the folder nor a packaged
   * template: the reason and the hint, in place of FreeMarker's, which describes its template loaders; null
   * for any other failure. The name is FreeMarker's, resolved against the folder of the template that names it.
   */
  private String[] missing(Exception e) {
    TemplateNotFoundException notFound = null;
    for (Throwable t = e; t != null && t != t.getCause(); t = t.getCause()) {
      if (t instanceof TemplateNotFoundException n) {
        notFound = n;
        break;
      }
    }
    if (notFound == null || notFound.getTemplateName() == null) {
      return null;
    }
    String message = e.getMessage() == null ? "" : e.getMessage();
    String directive = message.startsWith("Template importing failed") ? "imports" : "includes";
    String name = Printable.inMessage(notFound.getTemplateName());
    // A '*' step (acquisition) looks in the folder before it, then in each folder above: the first of them is the
    // place to create the file, not a folder named '*'.
    String looked = notFound.getTemplateName();
    int star = looked.startsWith("*/") ? 0 : looked.indexOf("/*/") < 0 ? -1 : looked.indexOf("/*/") + 1;
    boolean acquired = star >= 0;
    Path file = overrides.resolve(acquired ? looked.substring(0, star) + looked.substring(star + 2) : looked)
        .normalize();
    if (!file.startsWith(overrides.normalize())) {
      return new String[] {"it " + directive + " '" + name + "', which leads out of the templates folder",
          "name a file inside " + overrides};
    }
    if (acquired) {
      String rest = Printable.inMessage(looked.substring(star + 2));
      String where = star == 0 ? "the templates folder"
          : Printable.inMessage(looked.substring(0, star)) + ", in a folder above it";
      return new String[] {"it " + directive + " '" + name + "', which finds no '" + rest + "' in " + where
          + " or among the packaged templates", "create " + file + ", or fix the name"};
    }
    return new String[] {"it " + directive + " '" + name + "', which is neither a file of the templates folder nor a"
        + " packaged template", "create " + file + ", or fix the name"};
  }

  /**
   * The innermost FreeMarker error, in the chain of causes, that FreeMarker locates in a template of the
   * user's; null when none is (the packaged template failed on its own).
   */
  private Exception failureInUserTemplate(Exception thrown) {
    Exception found = null;
    for (Throwable t = thrown; t != null && t != t.getCause(); t = t.getCause()) {
      if ((t instanceof ParseException || t instanceof TemplateException) && userTemplate(sourceName((Exception) t))
          != null) {
        found = (Exception) t;
      }
    }
    return found;
  }

  /** The name of the template FreeMarker locates the error in, or "" when it names none. */
  private static String sourceName(Exception e) {
    String name = null;
    if (e instanceof ParseException parse) {
      name = parse.getTemplateName();
    } else if (e instanceof TemplateException failure) {
      name = failure.getTemplateSourceName();
    }
    return name == null ? "" : name;
  }

  /**
   * The line and column FreeMarker names, in the template it names when that is one of the user's
   * (an included one, say); else the user's template that was rendered, without a line.
   */
  private Origin where(String name, Exception e) {
    String source = null;
    Integer line = null;
    Integer column = null;
    if (e instanceof ParseException parse) {
      source = parse.getTemplateName();
      line = parse.getLineNumber();
      column = parse.getColumnNumber();
    } else if (e instanceof TemplateException failure) {
      source = failure.getTemplateSourceName();
      line = failure.getLineNumber();
      column = failure.getColumnNumber();
    }
    Origin origin = located(source, line, column);
    return origin != null ? origin : Origin.of(overrides.resolve(name).toString());
  }

  /** The line and column FreeMarker names in the template it names, if that is one of the user's; else null. */
  private Origin located(String source, Integer line, Integer column) {
    Path file = source == null ? null : userTemplate(source);
    if (file != null && line != null && line > 0) {
      return new Origin(file.toString(), line, column == null || column < 1 ? 1 : characterColumn(file, line, column));
    }
    return null;
  }

  /**
   * Where in the user's templates the character at {@code textIndex} of the rendered text was written (see
   * {@link WrittenBy#at}); null when that is not known or not in a template of the user's.
   */
  Origin wroteAt(RenderedText rendered, int textIndex) {
    WrittenBy.Place place = rendered.written() == null ? null : rendered.written().at(rendered.shapeIndex(textIndex));
    return place == null ? null : located(place.source(), place.line(), place.column());
  }

  /** Where the element of the user's templates that ran into the end of the stack is; null if unknown. */
  private Origin overflowAt(TracedElement at) {
    return at == null ? null : located(at.getTemplate().getSourceName(), at.getBeginLine(), at.getBeginColumn());
  }

  /** Whether the template of this source name is a file of the user's (asked of every template once). */
  private boolean usersTemplate(String source) {
    return source != null && users.computeIfAbsent(source, name -> {
      try {
        return userTemplate(name) != null;
      } catch (InvalidPathException e) {
        // ?interpret names its text after the template and anything the template says
        return false;
      }
    });
  }

  /**
   * FreeMarker's column counted in characters on the line as quoted, as every diagnostic's column is
   * ({@link Sources#column}): FreeMarker counts Java chars, two for an emoji, and a byte order mark that
   * starts the file as the first of its first line, which the quoted line does not hold.
   */
  private static int characterColumn(Path file, int line, int column) {
    try {
      String text = Files.readString(file);
      String[] lines = Sources.lines(text, Sources.LineBreaks.FREEMARKER);
      int index = column - 1 - (line == 1 && text.startsWith("\uFEFF") ? 1 : 0);
      return line <= lines.length ? Sources.column(lines[line - 1], Math.max(index, 0)) : column;
    } catch (IOException | RuntimeException e) {
      // FreeMarker has just read it; one that cannot be read again keeps FreeMarker's count.
      return column;
    }
  }

  /** Where FreeMarker says "in template X at line 2, column 15"; the origin says it already. */
  private static final Pattern LOCATION =
      Pattern.compile("\\s*\\[in template \"[^\"]*\" at line \\d+, column \\d+]|"
          + " in template \"[^\"]*\" in line \\d+, column \\d+|^Syntax error:?\\s*");

  /**
   * FreeMarker's reason on one line: without its location (the diagnostic's origin), its tips and its
   * template stack, and with the expression it blames ("==> x") after the sentence that introduces it.
   */
  private static String reason(Exception e) {
    String message;
    if (e instanceof ParseException parse) {
      message = parse.getEditorMessage();
    } else if (e instanceof TemplateException failure) {
      message = failure.getMessageWithoutStackTop();
    } else {
      message = e.getMessage();
    }
    if (message == null || message.isBlank()) {
      return e.getClass().getSimpleName();
    }
    // Tips, for an unknown built-in the list of every built-in, and for a misplaced tag the parser's token
    // names, follow the reason itself.
    for (String aside : new String[] {"\n----", " Help (latest version)", "\nWas expecting one of"}) {
      int at = message.indexOf(aside);
      if (at >= 0) {
        message = message.substring(0, at);
      }
    }
    StringBuilder out = new StringBuilder();
    for (String part : message.split("\n")) {
      String text = LOCATION.matcher(part.strip()).replaceAll("").replaceFirst("^==>\\s*", "").strip();
      if (!text.isEmpty()) {
        if (out.length() > 0) {
          out.append(out.charAt(out.length() - 1) == ':' ? " " : "; ");
        }
        out.append(text);
      }
    }
    return out.length() == 0 ? e.getClass().getSimpleName() : out.toString();
  }
}

package dev.stave.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigIncludeContext;
import com.typesafe.config.ConfigIncluder;
import com.typesafe.config.ConfigIncluderClasspath;
import com.typesafe.config.ConfigIncluderFile;
import com.typesafe.config.ConfigIncluderURL;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigResolveOptions;
import com.typesafe.config.ConfigSyntax;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueFactory;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.LineColumns;
import dev.stave.diag.Origin;
import dev.stave.diag.Printable;
import dev.stave.diag.Sources;
import dev.stave.diag.UserError;
import dev.stave.diag.Words;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads HOCON into the config tree. Typesafe Config brings {@code include}, {@code ${substitutions}}
 * and {@code ${?ENV}}; its origins carry lines only, so the column is found by looking for the key on
 * that line.
 */
public final class HoconLoader {
  private static final int MAX_DEPTH = 100;
  private static final String ENVIRONMENT = "environment";
  /** How Typesafe Config 1.4's ConfigReference says that a substitution leads back to itself. */
  private static final String SUBSTITUTION_CYCLE = "was part of a cycle of substitutions";
  /** How Typesafe Config 1.4's Parseable says that includes go deeper than it follows. */
  private static final String INCLUDES_TOO_DEEP = "include statements nested more than";

  private final Env env;
  private final Sources lines;
  private final ProjectFolders folders;
  /**
   * Where the keys are, and the columns, on each line of the files being loaded that has a key or an item
   * looked for on it: a line is the same string each time, and may hold 100,000 of them.
   */
  private final Map<String, LineKeys> keysByLine = new IdentityHashMap<>();
  private final Map<String, LineColumns> columnsByLine = new IdentityHashMap<>();
  private final Map<String, LineStrings> stringsByLine = new IdentityHashMap<>();
  private final Map<String, Map<String, Integer>> requiredByLine = new IdentityHashMap<>();
  /**
   * The lines of those files that start inside a string of several lines ({@code """}), as the same strings: read
   * from their start, the rest of the string was read as HOCON, and each key after it was searched for along the
   * line. Each file is read for them once, when one of its lines is first looked at.
   */
  private final Set<String> inString = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Set<String> readForStrings = new HashSet<>();
  /** The paths {@link #convert} has built for the file being loaded. */
  private PathBudget paths;
  /** The file being loaded, resolved with the environment under it: what its substitutions find. */
  private Config scope;
  /**
   * Where the substitution that copied the value being converted is written, or null: a limit that a copy
   * goes over is the copy's to report, as a YAML alias's is, with a note where the copied value is written
   * when one substitution alone copies it ({@link #copiedAt}). Worked out only when a limit is gone over.
   */
  private Supplier<Origin> copiedBy;
  /**
   * Where the value about to be converted is given to its key by a substitution that copies it, noting the
   * original ({@link #copiedAt}); null for a value written there.
   */
  private Origin substituted;
  /** The braces of the map whose value is about to be converted, where they open on its line; null for others. */
  private Within within;
  /**
   * The substitution alone that copies the map or list whose insides are being converted, and where it gives the
   * copy to its key; null elsewhere. What is inside is placed where it is written, in the original, noting the copy.
   */
  private Copy copyAt;
  /** The file being loaded as written, before substitutions: where the maps that they name are written. */
  private ConfigObject writtenRoot;

  /** A substitution alone ({@code what}, as {@code ${a}}) that copies a value, and where it is written. */
  private record Copy(String what, Origin at) {}

  /** Braces from {@code from} to just after their closing one (or the line's end) on a line of a file. */
  private record Within(String file, int line, int from, int to) {
    /** Whether these braces open on line {@code line} of {@code file}, so that a key there is looked for inside. */
    boolean on(String file, int line) {
      return this.line == line && this.file.equals(file);
    }
  }

  /** {@code folders}: where the file's includes may read. */
  public HoconLoader(Env env, Sources lines, ProjectFolders folders) {
    this.env = env;
    this.lines = lines;
    this.folders = folders;
  }

  public Node load(Path path, String file) {
    Config config;
    ConfigValue written;
    try {
      ConfigParseOptions options = ConfigParseOptions.defaults()
          .setSyntax(ConfigSyntax.CONF)
          .setAllowMissing(false)
          .setOriginDescription(file)
          .setIncluder(new LocalIncluder(null, new Including(folders, path.toAbsolutePath())));
      // Absolute, so that includes resolve next to the file even when it is named without a folder.
      Config parsed = ConfigFactory.parseFile(path.toAbsolutePath().toFile(), options);
      new Expansion(parsed.root()).check(path, file);
      written = parsed.root();
      writtenRoot = parsed.root();
      // Resolved together with the environment under it, so that ${?IMAGE} finds the variable and a
      // value may refer to itself (x += y, x = ${x} [y]), which resolveWith cannot resolve. The
      // environment's own keys are then left out again: they are not the config's.
      Config envConfig = ConfigFactory.parseMap(envAsPaths(), ENVIRONMENT);
      Config unresolved = parsed.withFallback(envConfig);
      try {
        scope = unresolved.resolve(ConfigResolveOptions.noSystem().setAllowUnresolved(false));
      } catch (ConfigException.UnresolvedSubstitution | StackOverflowError e) {
        // Typesafe stops at the first unset substitution or cycle: each of the others would take a run of its own.
        // A chain of substitutions thousands of keys long runs out of stack in it, wherever the chain leads.
        List<Diagnostic> all = everyUnset(unresolved, parsed.root(), envConfig, path, file);
        if (all.isEmpty()) {
          throw e;
        }
        throw new UserError(all);
      }
      ConfigObject resolved = scope.root();
      for (String key : envConfig.root().keySet()) {
        if (!parsed.root().containsKey(key)) {
          resolved = resolved.withoutKey(key);
        }
      }
      config = resolved.toConfig();
    } catch (ConfigException e) {
      throw new UserError(problem(e, path, file));
    } catch (StackOverflowError e) {
      throw new UserError(Diagnostic.error(Origin.of(file), "", "hocon-depth",
          "the file is nested too deeply, or its includes or substitutions loop",
          "remove the cycle and keep nesting under " + MAX_DEPTH + " levels"));
    }
    List<Diagnostic> problems = new ArrayList<>();
    paths = new PathBudget();
    copiedBy = null;
    substituted = null;
    within = null;
    copyAt = null;
    Node node = convert(config.root(), written, path, file, "", null, 0, null, problems);
    if (!problems.isEmpty()) {
      throw new UserError(problems);
    }
    return node;
  }

  /**
   * Includes of local files in the project only. {@code include url(...)}, {@code include classpath(...)}
   * and a quoted name that is a URL ({@code include "https://..."}) would make the bundle depend on what a
   * server or stave's own class path answers at compile time: no longer the same bytes for the same
   * files, and a request made on the user's behalf. A file outside the {@link ProjectFolders} could be
   * anyone's credentials, which an error in it would quote. They are errors at the include, before
   * anything is read.
   */
  private static final class LocalIncluder
      implements ConfigIncluder, ConfigIncluderFile, ConfigIncluderURL, ConfigIncluderClasspath {
    private static final Pattern URL_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]+:.*", Pattern.DOTALL);
    private final ConfigIncluder fallback;
    private final Including including;

    LocalIncluder(ConfigIncluder fallback, Including including) {
      this.fallback = fallback;
      this.including = including;
    }

    @Override
    public ConfigIncluder withFallback(ConfigIncluder defaults) {
      return fallback == defaults ? this : new LocalIncluder(defaults, including);
    }

    @Override
    public ConfigObject include(ConfigIncludeContext context, String what) {
      if (URL_NAME.matcher(what).matches()) {
        throw new RefusedInclude("\"" + what + "\"");
      }
      Path from = including.file();
      // As Typesafe finds it: a relative name next to the including file, as the name is written.
      ConfigObject included;
      try {
        included = including.into(what, from.getParent(), false, () -> fallback.include(context, what));
      } catch (ConfigException.IO e) {
        throw new MissingInclude(what, false, from, from.getParent());
      }
      // For an extension with no file next to the including one, Typesafe looks on the class path (stave's
      // own jar) too, and merges what it finds there with the file.
      if (included.origin().filename() == null || included.origin().resource() != null) {
        throw new MissingInclude(what, false, from, from.getParent());
      }
      return included;
    }

    @Override
    public ConfigObject includeFile(ConfigIncludeContext context, java.io.File what) {
      // Typesafe reads file(...) from the current folder, whichever file names it, and skips a file that
      // is not there unless the include is required(...), which it then reports at the missing file.
      return including.into(what.getPath(), Path.of("").toAbsolutePath(), true,
          () -> ((ConfigIncluderFile) fallback).includeFile(context, what));
    }

    @Override
    public ConfigObject includeURL(ConfigIncludeContext context, java.net.URL what) {
      throw new RefusedInclude("url(\"" + what + "\")");
    }

    @Override
    public ConfigObject includeResources(ConfigIncludeContext context, String what) {
      throw new RefusedInclude("classpath(\"" + what + "\")");
    }
  }

  /**
   * The files being read, innermost last, so that an include is checked, and an error in it reported,
   * in the file that has it: Typesafe tells an includer what is included, not where.
   */
  private static final class Including {
    /** The extensions Typesafe tries, in its order, for a name that has none of them. */
    private static final List<String> EXTENSIONS = List.of(".conf", ".json", ".properties");

    private final ProjectFolders folders;
    private final Deque<Path> files = new ArrayDeque<>();

    Including(ProjectFolders folders, Path top) {
      this.folders = folders;
      files.push(top);
    }

    /** The file whose include is being read. */
    Path file() {
      return files.peek();
    }

    /**
     * Reads an include of {@code name}, as written, relative to {@code folder}, in {@code file(...)} with
     * {@code fileFunction}, with {@code read}, once every file Typesafe reads for it is in the project, and
     * when one exists. The files checked are the files read: a misspelt include would otherwise compile as
     * if it were not there.
     */
    ConfigObject into(String name, Path folder, boolean fileFunction, Supplier<ConfigObject> read) {
      List<Path> candidates = candidates(name, folder);
      for (Path candidate : candidates) {
        Optional<Path> outside = folders.outside(candidate);
        if (outside.isPresent()) {
          throw new OutsideInclude(name, fileFunction, candidate, outside.get(), file());
        }
      }
      // Typesafe reads the first that exists (and, of a name without an extension, any others too).
      Path found = candidates.stream().filter(Files::isRegularFile).findFirst()
          .orElseThrow(() -> new MissingInclude(name, fileFunction, file(), folder));
      // A file that is already being read would be read again inside itself without end: Typesafe gives up
      // after 50 levels with a trace of its own classes, at whichever include that was.
      List<Path> reading = new ArrayList<>(files);
      Collections.reverse(reading);
      for (int i = 0; i < reading.size(); i++) {
        if (sameFile(reading.get(i), found)) {
          List<Path> round = new ArrayList<>(reading.subList(i, reading.size()));
          round.add(found);
          throw new CyclicInclude(name, fileFunction, file(), round);
        }
      }
      files.push(found);
      try {
        return read.get();
      } finally {
        files.pop();
      }
    }

    /** Whether {@code a} and {@code b} are one file, once links and {@code ..} are followed. */
    private static boolean sameFile(Path a, Path b) {
      try {
        return Files.isSameFile(a, b);
      } catch (IOException e) {
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
      }
    }

    /**
     * The files Typesafe reads for an include of {@code name}, a relative name taken in {@code folder}: the
     * name when it ends in one of its extensions, else the name with each of them added, never the bare
     * name, which it does not read ({@code include ""} reads {@code .conf}, {@code .json} and
     * {@code .properties} in the folder). None for a name no file can have (a NUL).
     */
    static List<Path> candidates(String name, Path folder) {
      try {
        return names(name).stream().map(folder::resolve).toList();
      } catch (InvalidPathException e) {
        return List.of();
      }
    }

    /** The names of the files Typesafe reads for an include of {@code name}, relative as it is. */
    static List<String> names(String name) {
      return EXTENSIONS.stream().anyMatch(name::endsWith)
          ? List.of(name) : EXTENSIONS.stream().map(ext -> name + ext).toList();
    }
  }

  /**
   * An include whose file does not exist: next to the config that names it ({@code including}), or in the
   * current folder for {@code file(...)} ({@code fileFunction}); {@code folder} is where it was looked for.
   * A name without an extension names the files Typesafe reads for it, never itself: {@code bare} says
   * that a file of the bare name is there, to be renamed.
   */
  private static final class MissingInclude extends ConfigException.Generic {
    final String name;
    final boolean fileFunction;
    final transient Path including;
    final boolean bare;

    MissingInclude(String name, boolean fileFunction, Path including, Path folder) {
      super(message(name, fileFunction));
      this.name = name;
      this.fileFunction = fileFunction;
      this.including = including;
      this.bare = Including.names(name).size() > 1 && isFile(folder, name);
    }

    private static boolean isFile(Path folder, String name) {
      try {
        return Files.isRegularFile(folder.resolve(name));
      } catch (InvalidPathException e) {
        return false;
      }
    }

    private static String message(String name, boolean fileFunction) {
      List<String> names = Including.names(name);
      String where = fileFunction ? " in the current folder" : " next to this config";
      return (fileFunction ? "include file(\"" + name + "\"): " : "include \"" + name + "\": ")
          + (names.size() == 1 ? "there is no such file" + where
              : "HOCON reads " + Words.or(names) + " for it, and none of them is" + where);
    }
  }

  /**
   * An include of a file that is already being read: {@code round} is the files from that one to the include's,
   * then that one again.
   */
  private static final class CyclicInclude extends ConfigException.Generic {
    final String name;
    final boolean fileFunction;
    final transient Path including;
    final transient List<Path> round;

    CyclicInclude(String name, boolean fileFunction, Path including, List<Path> round) {
      super("include cycle");
      this.name = name;
      this.fileFunction = fileFunction;
      this.including = including;
      this.round = List.copyOf(round);
    }
  }

  /** An include of a file outside the project, refused before it is read. */
  private static final class OutsideInclude extends ConfigException.Generic {
    final String name;
    final boolean fileFunction;
    final String written;
    final transient Path target;
    final transient Path real;
    final transient Path including;

    OutsideInclude(String name, boolean fileFunction, Path target, Path real, Path including) {
      super("include of " + name + " is outside the project");
      this.name = name;
      this.fileFunction = fileFunction;
      this.written = fileFunction ? "include file(\"" + name + "\")" : "include \"" + name + "\"";
      this.target = target;
      this.real = real;
      this.including = including;
    }
  }

  /** An include of something other than a local file; {@code what} as the include wrote it, roughly. */
  private static final class RefusedInclude extends ConfigException.Generic {
    RefusedInclude(String what) {
      super("include " + what + " reads from outside the local files, so the same files could compile to"
          + " different bundles");
    }
  }

  /**
   * The size substitutions would give a file, checked before Typesafe resolves them. Resolving copies
   * what a substitution names, so {@code a1 = ${a0}${a0}}, {@code a2 = ${a1}${a1}}, ... doubles with
   * every line: forty lines ask for a terabyte, and the JVM runs out of memory long after the user
   * gave up waiting. Each value's size is added up from the unresolved tree (its own text, plus the
   * size of what each {@code ${path}} in it names, each path counted once), and a value past
   * {@link #MAX_CHARACTERS} is an error where it is written; values that come to more only together are an
   * error at the one that takes them past it.
   */
  private final class Expansion {
    static final long MAX_CHARACTERS = 10_000_000;
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{\\??\\s*([^}]*?)\\s*}");

    private final ConfigObject root;
    private final Map<String, Long> sizes = new HashMap<>();

    Expansion(ConfigObject root) {
      this.root = root;
    }

    void check(Path path, String file) {
      ConfigValue over = firstOver(root);
      if (over == null) {
        return;
      }
      if (!(over instanceof ConfigObject) && !(over instanceof ConfigList) || !resolvedType(over)) {
        throw new UserError(Diagnostic.error(origin(over.origin(), path, file, null), "", "hocon-expansion",
            "invalid HOCON: its substitutions would make this value more than " + String.format(java.util.Locale.ROOT,
                "%,d", MAX_CHARACTERS) + " characters long",
            "a value that names another twice is twice its size; write the value out, or name it once"));
      }
      // No one value is too large, but together they are: the file as a whole, or an object or list in it.
      throw new UserError(passing(root, 0, "", Origin.of(file), path, file));
    }

    /**
     * The error at the value that takes the file's values, added up in the order written from {@code before},
     * past the limit; in an object or list, at the part of it that does, with its path. That value is usually
     * a substitution, one of many that copy a long value, and is reported where the substitution is written,
     * as YAML reports the alias that goes over; {@code at}: where {@code value} is.
     */
    private Diagnostic passing(ConfigValue value, long before, String jsonPath, Origin at, Path path, String file) {
      long total = before;
      if (value instanceof ConfigObject object && resolvedType(value)) {
        Map<String, Origin> keyAt = new HashMap<>();
        object.forEach((k, part) -> keyAt.put(k, origin(part.origin(), path, file, k)));
        List<String> keys = new ArrayList<>(object.keySet());
        keys.sort(Comparator.comparing((String k) -> keyAt.get(k)).thenComparing(Comparator.naturalOrder()));
        for (String k : keys) {
          ConfigValue part = object.get(k);
          long after = add(total, add(k.length(), size(part)));
          if (after > MAX_CHARACTERS) {
            Origin partAt = resolvedType(part) ? origin(part.origin(), path, file, k, true)
                : substitutionAt(part, path, file, k, null);
            return passing(part, add(total, k.length()), jsonPath.isEmpty() ? k : jsonPath + "." + k, partAt, path,
                file);
          }
          total = after;
        }
      } else if (value instanceof ConfigList list && resolvedType(value)) {
        ItemCursor cursor = new ItemCursor(at);
        for (int i = 0; i < list.size(); i++) {
          ConfigValue part = list.get(i);
          Origin partAt = cursor.place(part, origin(part.origin(), path, file, null));
          long after = add(total, size(part));
          if (after > MAX_CHARACTERS) {
            return passing(part, total, jsonPath + "[" + i + "]", partAt, path, file);
          }
          total = after;
        }
      }
      String name = resolvedType(value) ? null : substitutionAlone(value);
      ConfigValue copied = name == null ? null : named(name);
      return Diagnostic.error(copied == null ? at : copiedFrom(at, name, copied.origin(), path, file), jsonPath,
          "hocon-expansion", "invalid HOCON: the file's values would come to more than "
              + String.format(java.util.Locale.ROOT, "%,d", MAX_CHARACTERS) + " characters through its substitutions",
          "write a long value that is used many times once, or keep large values out of the config");
    }

    /**
     * The value written first (by line) among those whose expansion alone is too large; null when none
     * is. Objects and lists are looked into, since the value to change is inside them.
     */
    private ConfigValue firstOver(ConfigValue value) {
      if (size(value) <= MAX_CHARACTERS) {
        return null;
      }
      Iterable<? extends ConfigValue> parts = value instanceof ConfigObject object && resolvedType(value)
          ? object.values() : value instanceof ConfigList list && resolvedType(value) ? list : List.of();
      ConfigValue first = null;
      for (ConfigValue part : parts) {
        ConfigValue over = firstOver(part);
        if (over != null && (first == null || line(over) < line(first))) {
          first = over;
        }
      }
      return first != null ? first : value;
    }

    private static int line(ConfigValue value) {
      return value.origin() == null ? Integer.MAX_VALUE : value.origin().lineNumber();
    }

    private long size(ConfigValue value) {
      long total = 0;
      if (value instanceof ConfigObject object && resolvedType(value)) {
        for (Map.Entry<String, ConfigValue> e : object.entrySet()) {
          total = add(total, e.getKey().length() + size(e.getValue()));
        }
        return total;
      }
      if (value instanceof ConfigList list && resolvedType(value)) {
        for (ConfigValue item : list) {
          total = add(total, size(item));
        }
        return total;
      }
      String text = concise(value);
      if (text == null) {
        return 0;
      }
      Matcher reference = REFERENCE.matcher(text);
      total = text.length();
      while (reference.find()) {
        total = add(total - reference.group().length(), sizeOf(reference.group(1)));
      }
      return total;
    }

    /**
     * The size of what a path names: a value of the file, else an environment variable, else nothing. The paths
     * that its value names are added up first, each before the next, as recursion would: a chain of substitutions
     * thousands of keys long is as deep, and would overflow the thread's stack.
     */
    private long sizeOf(String path) {
      Long known = sizes.get(path);
      if (known != null) {
        return known;
      }
      Deque<Naming> pending = new ArrayDeque<>();
      pending.push(naming(path));
      while (!pending.isEmpty()) {
        Naming top = pending.peek();
        if (top.next < top.names.size()) {
          String name = top.names.get(top.next++);
          if (!sizes.containsKey(name)) {
            pending.push(naming(name));
          }
          continue;
        }
        pending.pop();
        // Each path it names is added up by now, or still being added up (0): size does not go deeper.
        sizes.put(top.path, top.value != null ? size(top.value) : env.get(top.path).map(String::length).orElse(0));
      }
      return sizes.get(path);
    }

    /** A path being added up: its value, the paths that the value names in order, and how many are done. */
    private static final class Naming {
      final String path;
      final ConfigValue value;
      final List<String> names;
      int next;

      Naming(String path, ConfigValue value, List<String> names) {
        this.path = path;
        this.value = value;
        this.names = names;
      }
    }

    private Naming naming(String path) {
      sizes.put(path, 0L); // while being added up: a path that names itself counts nothing more
      ConfigValue value = named(path);
      List<String> names = new ArrayList<>();
      if (value != null) {
        namesIn(value, names);
      }
      return new Naming(path, value, names);
    }

    /** The paths that {@code value} names, in the order {@link #size} meets them. */
    private static void namesIn(ConfigValue value, List<String> names) {
      if (value instanceof ConfigObject object && resolvedType(value)) {
        for (ConfigValue part : object.values()) {
          namesIn(part, names);
        }
        return;
      }
      if (value instanceof ConfigList list && resolvedType(value)) {
        for (ConfigValue item : list) {
          namesIn(item, names);
        }
        return;
      }
      String text = concise(value);
      if (text == null) {
        return;
      }
      Matcher reference = REFERENCE.matcher(text);
      while (reference.find()) {
        names.add(reference.group(1));
      }
    }

    /** The value of the file that {@code path} names, or null (an environment variable, or nothing). */
    private ConfigValue named(String path) {
      ConfigValue value = root;
      for (String key : path.split("\\.", -1)) {
        value = value instanceof ConfigObject object && resolvedType(value) ? object.get(key) : null;
      }
      return value;
    }

    private static long add(long a, long b) {
      long sum = a + b;
      return sum < 0 || sum > MAX_CHARACTERS ? MAX_CHARACTERS + 1 : sum;
    }
  }

  /** Whether a value is an object, list or scalar itself, rather than a substitution or merge still to resolve. */
  private static boolean resolvedType(ConfigValue value) {
    try {
      value.valueType();
      // Objects written one after another at a key, one of them a substitution ({@code d = ${base}},
      // {@code d { q = 2 }}), say they are an object before they are merged, but have no keys until then.
      if (value instanceof ConfigObject object) {
        object.isEmpty();
      }
      return true;
    } catch (ConfigException.NotResolved e) {
      return false;
    }
  }

  /** Environment variables whose names are valid single HOCON path elements. */
  private Map<String, Object> envAsPaths() {
    Map<String, Object> map = new HashMap<>();
    env.variables().forEach((k, v) -> {
      if (k.matches("[A-Za-z_][A-Za-z0-9_]*")) {
        map.put(k, v);
      }
    });
    return map;
  }

  /** Where Typesafe starts printing its own objects: ResolveSource(, SimpleConfigObject(, ConfigString(... */
  private static final Pattern INTERNAL_DUMP =
      Pattern.compile("\\b(?:ResolveSource|ResolveContext|SimpleConfig\\w*|Config[A-Z]\\w*|Simple\\w*Origin)\\(");

  private Diagnostic problem(ConfigException e, Path path, String file) {
    String message = e.getMessage() == null ? "unknown problem" : e.getMessage();
    Origin origin = errorOrigin(e, message, path, file);
    // Typesafe prefixes messages with "description: line: "; the origin already says that.
    int colon = message.indexOf(": ");
    if (e.origin() != null && colon >= 0 && message.startsWith(e.origin().description())) {
      message = message.substring(e.origin().description().length()).replaceFirst("^:\\s*", "");
    }
    // Some of Typesafe's messages (a failed "+=" on a resolved value) dump the objects being resolved,
    // and with them every environment variable: keep only the words before the first dump.
    Matcher dump = INTERNAL_DUMP.matcher(message);
    if (dump.find()) {
      message = message.substring(0, dump.start()).replaceFirst("[\\s:,(]+$", "");
    }
    // Java's names for the failure ("java.io.FileNotFoundException: ") mean nothing to a user.
    message = message.replaceAll("(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_]*(?:Exception|Error): ", "");
    // Included files are named by absolute path; show them as every other path is shown.
    String cwd = Path.of("").toAbsolutePath().normalize() + java.io.File.separator;
    message = message.replace(cwd, "");
    String hint = "check the syntax on this line";
    String code = "hocon-syntax";
    String key = "";
    if (e instanceof OutsideInclude outside) {
      Origin at = namedIncludeOrigin(shown(outside.including, path, file), outside.name, outside.fileFunction);
      return folders.refused(at, "", written(at, outside.written), outside.target, outside.real);
    } else if (e instanceof MissingInclude missing) {
      code = "hocon-include";
      hint = missing.bare
          ? "rename " + missing.name + " to " + Including.names(missing.name).get(0) + ": HOCON never reads a file"
              + " whose name has none of these endings"
          : missing.fileFunction
          ? "fix the file name: file(...) names a file relative to the folder stave runs in; include \"name\""
              + " names one relative to the config that has it"
          : "fix the file name: an include names a file relative to the folder of the config that has it";
      origin = namedIncludeOrigin(shown(missing.including, path, file), missing.name, missing.fileFunction);
      String plain = missing.fileFunction
          ? "include file(\"" + missing.name + "\")" : "include \"" + missing.name + "\"";
      if (message.startsWith(plain)) {
        message = written(origin, plain) + message.substring(plain.length());
      }
    } else if (e instanceof CyclicInclude cyclic) {
      List<String> names = cyclic.round.stream().map(p -> shown(p, path, file)).toList();
      Origin at = namedIncludeOrigin(shown(cyclic.including, path, file), cyclic.name, cyclic.fileFunction);
      String written = written(at, cyclic.fileFunction
          ? "include file(\"" + cyclic.name + "\")" : "include \"" + cyclic.name + "\"");
      return Diagnostic.error(at, "", "hocon-cycle", "invalid HOCON: " + written + ": the includes go round in a"
          + " circle, " + names.get(0) + " includes " + String.join(", which includes ", names.subList(1, names.size()))
          + " again, without end", "remove the include that leads back, or move what the files share into a file"
          + " that includes neither");
    } else if (e instanceof RefusedInclude) {
      code = "hocon-include";
      hint = "copy what it holds into a file next to this one and include that: include \"file.conf\"";
      origin = includeOrigin(path, file);
    } else if (message.contains(INCLUDES_TOO_DEEP)) {
      // Not a cycle, which the includer stops at its first turn: a chain of more files than Typesafe follows.
      // Its guess of a cycle and its trace of ParseableFile objects would only mislead.
      code = "hocon-include";
      message = message.replaceFirst("(?s)(" + INCLUDES_TOO_DEEP + " [0-9]+ times).*", "$1");
      hint = "include the files side by side from one file rather than each inside the one before";
    } else if (e instanceof ConfigException.UnresolvedSubstitution && message.contains(SUBSTITUTION_CYCLE)) {
      // Before the unresolved substitution, which Typesafe also reports a cycle as: defining it would not help.
      // Its own words, not "cycle" alone: an undefined ${lr_cycles} is no cycle.
      code = "hocon-cycle";
      hint = "write one of these values out, so that their substitutions do not lead back to each other";
      // The key whose value has the substitution the message names first, on the line Typesafe places it at.
      Matcher named = NAMED_SUBSTITUTION.matcher(message);
      if (named.find() && origin.line() >= 1 && writtenRoot != null) {
        key = substitutionPath(named.group(1).trim(), origin, path, file);
        Diagnostic self = selfWithoutEarlier(named.group(1).trim(), key, message, origin);
        if (self != null) {
          return self;
        }
      }
    } else if (e instanceof ConfigException.UnresolvedSubstitution) {
      Matcher named = NAMED_SUBSTITUTION.matcher(message);
      if (named.find()) {
        return unset(named.group(1).trim(), origin, path, file);
      }
      code = "hocon-substitution";
      hint = "define the value, or write ${?NAME} to make it optional";
    } else if (e instanceof ConfigException.IO || message.contains("not found")) {
      code = "hocon-io";
      hint = "check that the included file exists";
    }
    String quoted = lineOf(origin.file(), origin.line());
    if (code.equals("hocon-syntax") && quoted != null && quoted.indexOf('\r') >= 0) {
      // A file saved with lone CRs (classic Mac OS) is one long line to Typesafe Config.
      hint = "the line holds a carriage return (CR) without a line feed, which HOCON reads as a space, not as"
          + " the end of a line: save the file with LF or CRLF line endings";
    }
    return Diagnostic.error(origin, key, code, "invalid HOCON: " + oneLine(message), hint);
  }

  /**
   * A key whose value names the key itself ({@code args = ${args} [y]}) with no earlier value for it to take, which
   * Typesafe words as a cycle that involves only that substitution; null for any other cycle. HOCON's spec
   * (Examples of Self-Referential Substitutions) reads such a reference as undefined, exactly as a path not in the
   * file, and not as a cycle: so it is reported as an undefined substitution, saying what to write.
   */
  private static Diagnostic selfWithoutEarlier(String name, String key, String message, Origin at) {
    String involving = message.substring(message.indexOf(SUBSTITUTION_CYCLE) + SUBSTITUTION_CYCLE.length());
    Matcher each = NAMED_SUBSTITUTION.matcher(involving);
    while (each.find()) {
      if (!each.group(1).trim().equals(name)) {
        return null;
      }
    }
    if (!name.equals(key)) {
      return null;
    }
    String shown = Printable.inMessage(name);
    return Diagnostic.error(at, key, "hocon-substitution", "${" + shown + "} refers to " + shown + " itself, which"
        + " has no earlier value for it to take", "give " + shown + " a value above this line, or write ${?" + shown
        + "} to start from no value");
  }

  private static boolean isCycle(ConfigException e) {
    return e instanceof ConfigException.UnresolvedSubstitution && e.getMessage() != null
        && e.getMessage().contains(SUBSTITUTION_CYCLE);
  }

  /** Names of a substitution that the environment may set: those of {@link #envAsPaths()}. */
  private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /**
   * A required substitution {@code ${name}} that neither the file nor the environment sets, at the key that has
   * it, in YAML's words for an unset variable. A name the environment could not set ({@code ${a.b}}) can only be
   * a key of the file.
   */
  private Diagnostic unset(String name, Origin at, Path path, String file) {
    String key = writtenRoot == null ? "" : substitutionPath(name, at, path, file);
    String shown = Printable.inMessage(name);
    return ENV_NAME.matcher(name).matches()
        ? Diagnostic.error(at, key, "hocon-substitution", "environment variable " + shown + " is not set, and the"
            + " file has no key " + shown, "set " + shown + " in the environment, or write ${?" + shown
            + "} with a default before it")
        : Diagnostic.error(at, key, "hocon-substitution", "${" + shown + "} names no value: the file has no key "
            + shown, "write the key " + shown + ", or write ${?" + shown + "} with a default before it");
  }

  /**
   * Every cycle of substitutions, and every required substitution that neither the file nor the environment sets,
   * each where it is written, in file and line order. The cycles are found in the file as written ({@link Graph}),
   * each reported once, and their values are left out of one resolve with unresolved values allowed: each value
   * that still needs one is left unresolved, and what it needs is in its rendering. A name that the file or the
   * environment defines is not unset itself: the value it names has its own unset substitution ({@code a = ${X}},
   * {@code b = ${a}}: X, once, where a has it). A value that copies another's unset substitution carries the copied
   * one's origin, and is reported there once, at the key it is written at.
   */
  private List<Diagnostic> everyUnset(Config unresolved, ConfigObject written, Config environment, Path path,
      String file) {
    Graph graph = graph(written, path, file);
    List<Diagnostic> cycles = new ArrayList<>();
    Set<List<String>> removed = new HashSet<>();
    for (int[] component : StrongComponents.cycles(graph.required())) {
      cycles.add(cycle(graph, component, path, file));
      for (int v : component) {
        if (!graph.vertices().get(v).container()) {
          removed.add(graph.vertices().get(v).keys());
        }
      }
    }
    ConfigResolveOptions options = ConfigResolveOptions.noSystem().setAllowUnresolved(true);
    ConfigObject lenient = null;
    while (lenient == null) {
      Config source = removed.isEmpty() ? unresolved
          : without(written, List.of(), removed, prefixes(removed)).toConfig().withFallback(environment);
      try {
        lenient = source.resolve(options).root();
      } catch (StackOverflowError e) {
        cycles.sort(null);
        return cycles;
      } catch (ConfigException e) {
        // Typesafe gives up on a cycle even when it may leave values unresolved. One that the graph does not have
        // (a key that names itself with no earlier value) is reported as Typesafe found it, and left out in turn.
        Diagnostic found = isCycle(e) ? problem(e, path, file) : null;
        Integer at = found == null ? null : graph.byPath().get(found.jsonPath());
        if (found != null) {
          cycles.add(found);
        }
        if (at == null || !removed.add(graph.vertices().get(at).keys())) {
          cycles.sort(null);
          return cycles;
        }
      }
    }
    int[] optionalCycle = componentOf(graph.vertices().size(), StrongComponents.cycles(graph.all()));
    Map<String, Diagnostic> found = new HashMap<>();
    Set<String> inside = new HashSet<>();
    Deque<Map.Entry<String, ConfigValue>> values = new ArrayDeque<>(List.of(Map.entry("", lenient)));
    // The values of the cycles as written, left out of the resolve: an unset substitution in one is unset whatever
    // the cycle.
    for (Vertex vertex : graph.vertices()) {
      if (!vertex.container() && removed.contains(vertex.keys())) {
        values.add(Map.entry(vertex.jsonPath(), vertex.value()));
      }
    }
    while (!values.isEmpty()) {
      Map.Entry<String, ConfigValue> next = values.pop();
      String treePath = next.getKey();
      ConfigValue value = next.getValue();
      if (resolvedType(value)) {
        if (value instanceof ConfigObject object) {
          for (String k : new TreeSet<>(object.keySet())) {
            String key = treePath.isEmpty() ? Printable.pathKey(k) : treePath + "." + Printable.pathKey(k);
            values.add(Map.entry(key, object.get(k)));
          }
        } else if (value instanceof ConfigList list) {
          for (int i = 0; i < list.size(); i++) {
            values.add(Map.entry(treePath + "[" + i + "]", list.get(i)));
          }
        }
        continue;
      }
      String text = concise(value);
      if (text == null) {
        continue;
      }
      Origin at = origin(value.origin(), path, file, null);
      for (Reference needed : references(text, new LineStrings(text, false))) {
        Use use = needed.optional() ? null : writtenUse(needed.name(), value.origin(), at);
        if (use == null || environment.root().containsKey(use.name())) {
          continue;
        }
        String defined = defined(written, needed.name()) ? needed.name() : defined(written, use.name()) ? use.name()
            : null;
        // What a key the file defines needs is reported at that key; unless it has no value, or one that waits for
        // itself: a required ${a} in a = ${b}, b = ${?a} leaves both unresolved.
        if (defined != null && (inRemoved(defined, removed) || present(lenient, defined)
            && !(resolvedAt(lenient, defined) == Boolean.FALSE && inOptionalCycle(graph, optionalCycle, defined)))) {
          continue;
        }
        String seen = use.at() + " " + use.name();
        if (inside.contains(seen)) {
          continue;
        }
        Diagnostic diagnostic = found.computeIfAbsent(seen, s -> defined == null ? unset(use.name(), use.at(), path,
            file) : noValue(graph, optionalCycle, defined, use, path, file));
        String key = diagnostic.jsonPath();
        // Written inside a value that is itself still to resolve (d = ${base} { q = ${Q} }, or d = ${base} then
        // d { q = ${Q} }), the key found in the file as written is the outer one; resolved, the tree has the
        // inner one. A copy elsewhere (e = ${d}) is outside it, and not the key the user wrote.
        if (!key.isEmpty() && (treePath.startsWith(key + ".") || treePath.startsWith(key + "["))) {
          found.put(seen, new Diagnostic(diagnostic.severity(), diagnostic.origin(), treePath, diagnostic.code(),
              diagnostic.message(), diagnostic.hints()));
          inside.add(seen);
        }
      }
    }
    List<Diagnostic> sorted = new ArrayList<>(found.values());
    sorted.addAll(cycles);
    sorted.sort(null);
    return sorted;
  }

  /**
   * A required {@code ${name}} of a key that the file has ({@code defined}) but that has no value once resolved:
   * every value written at it is an optional substitution that finds none, or leads round to itself.
   */
  private Diagnostic noValue(Graph graph, int[] optionalCycle, String defined, Use use, Path path, String file) {
    String key = writtenRoot == null ? "" : substitutionPath(use.name(), use.at(), path, file);
    String shown = Printable.inMessage(use.name());
    int target = graph.find(splitOrNull(defined));
    if (target >= 0 && optionalCycle[target] >= 0) {
      List<String> members = new ArrayList<>();
      for (int v = 0; v < optionalCycle.length; v++) {
        if (optionalCycle[v] == optionalCycle[target] && !graph.vertices().get(v).container()) {
          members.add(graph.vertices().get(v).jsonPath());
        }
      }
      String named = Words.and(shownFew(members));
      return Diagnostic.error(use.at(), key, "hocon-substitution", "${" + shown + "} has no value: " + named
          + " take their values only from each other, round in a circle, and an optional substitution (${?...})"
          + " there finds none", "give one of " + named + " a value of its own");
    }
    return Diagnostic.error(use.at(), key, "hocon-substitution", "${" + shown + "} has no value: the file's "
        + shown + " is written with optional substitutions (${?...}) only, and none of them has a value",
        "set one of them, or give " + shown + " a value before them");
  }

  /** Up to five names, and how many more. */
  private static List<String> shownFew(List<String> names) {
    if (names.size() <= 5) {
      return names;
    }
    List<String> few = new ArrayList<>(names.subList(0, 4));
    few.add((names.size() - 4) + " more keys");
    return few;
  }

  /** For each vertex, the index of the component that holds it, or -1. */
  private static int[] componentOf(int vertices, List<int[]> components) {
    int[] of = new int[vertices];
    java.util.Arrays.fill(of, -1);
    for (int c = 0; c < components.size(); c++) {
      for (int v : components.get(c)) {
        of[v] = c;
      }
    }
    return of;
  }

  private static List<String> splitOrNull(String name) {
    try {
      return com.typesafe.config.ConfigUtil.splitPath(name);
    } catch (ConfigException e) {
      return null;
    }
  }

  /** {@code value} as Typesafe renders it on one line, or null where it cannot render it. */
  private static String concise(ConfigValue value) {
    try {
      return value.render(com.typesafe.config.ConfigRenderOptions.concise());
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Whether {@code name} has a value in the resolved tree, or leads into one still to resolve. */
  private static boolean present(ConfigObject root, String name) {
    List<String> keys = splitOrNull(name);
    return keys == null || holds(root, keys);
  }

  /** Whether the value at {@code name} is resolved; null where there is none. */
  private static Boolean resolvedAt(ConfigObject root, String name) {
    List<String> keys = splitOrNull(name);
    ConfigValue value = root;
    for (String key : keys == null ? List.<String>of() : keys) {
      if (!(value instanceof ConfigObject object) || !resolvedType(value) || object.get(key) == null) {
        return null;
      }
      value = object.get(key);
    }
    return keys == null ? null : resolvedType(value);
  }

  private static boolean inOptionalCycle(Graph graph, int[] optionalCycle, String name) {
    int target = graph.find(splitOrNull(name));
    return target >= 0 && optionalCycle[target] >= 0;
  }

  /** Whether {@code name} is, or is inside, a value of a cycle that was left out: the cycle is its error. */
  private static boolean inRemoved(String name, Set<List<String>> removed) {
    List<String> keys = splitOrNull(name);
    if (keys == null) {
      return false;
    }
    for (int n = 1; n <= keys.size(); n++) {
      if (removed.contains(keys.subList(0, n))) {
        return true;
      }
    }
    return false;
  }

  /** Every path that holds one of {@code removed}, the root's empty one included. */
  private static Set<List<String>> prefixes(Set<List<String>> removed) {
    Set<List<String>> holding = new HashSet<>();
    for (List<String> keys : removed) {
      for (int n = 0; n < keys.size(); n++) {
        holding.add(keys.subList(0, n));
      }
    }
    return holding;
  }

  /**
   * {@code object}, at {@code at}, without the values at {@code removed}: built once, as each object on the way to
   * one is, since removing the values one by one copies each object on the way every time.
   */
  private static ConfigObject without(ConfigObject object, List<String> at, Set<List<String>> removed,
      Set<List<String>> holding) {
    Map<String, ConfigValue> kept = new LinkedHashMap<>();
    for (String k : new TreeSet<>(object.keySet())) {
      List<String> child = new ArrayList<>(at);
      child.add(k);
      ConfigValue value = object.get(k);
      if (removed.contains(child)) {
        continue;
      }
      kept.put(k, holding.contains(child) && value instanceof ConfigObject inner && resolvedType(value)
          ? without(inner, child, removed, holding) : value);
    }
    return ConfigValueFactory.fromMap(kept);
  }

  /**
   * A value of the file as written that substitutions may lead to: a map or list ({@code container}), whose
   * values they lead to in turn, or a value still to resolve. {@code keys} is the path of the key that has it (of
   * its list, for an item); {@code field} says the value is the key's own, not an item of a list.
   */
  private record Vertex(String jsonPath, List<String> keys, ConfigValue value, boolean container, boolean field) {}

  /**
   * The substitutions of a file as written, as edges from the value that has each to the value it names (a map or
   * list to each of its values): every edge in {@code all}, those of required substitutions in {@code required},
   * with their names in {@code names}. {@code byPath} finds a vertex by its path as messages write it.
   */
  private record Graph(List<Vertex> vertices, int[][] required, String[][] names, int[][] all,
      Map<String, Integer> byPath, ConfigObject root, Map<ConfigValue, Integer> ids) {

    /** The vertex that a substitution of {@code keys} leads to, or -1 where the file has nothing there. */
    int find(List<String> keys) {
      if (keys == null) {
        return -1;
      }
      ConfigValue value = root;
      for (String key : keys) {
        if (!resolvedType(value)) {
          break;
        }
        if (!(value instanceof ConfigObject object) || object.get(key) == null) {
          return -1;
        }
        value = object.get(key);
      }
      Integer id = ids.get(value);
      return id == null ? -1 : id;
    }
  }

  private Graph graph(ConfigObject written, Path path, String file) {
    List<Vertex> vertices = new ArrayList<>();
    List<int[]> children = new ArrayList<>();
    Map<ConfigValue, Integer> ids = new IdentityHashMap<>();
    addVertices(written, "", List.of(), false, vertices, children, ids);
    Map<String, Integer> byPath = new HashMap<>();
    int n = vertices.size();
    int[][] required = new int[n][];
    String[][] names = new String[n][];
    int[][] all = new int[n][];
    Graph graph = new Graph(vertices, required, names, all, byPath, written, ids);
    String main = path.toAbsolutePath().toString();
    for (int v = 0; v < n; v++) {
      Vertex vertex = vertices.get(v);
      byPath.putIfAbsent(vertex.jsonPath(), v);
      if (vertex.container()) {
        required[v] = children.get(v);
        all[v] = children.get(v);
        names[v] = new String[required[v].length];
        continue;
      }
      List<Integer> to = new ArrayList<>();
      List<Integer> toRequired = new ArrayList<>();
      List<String> named = new ArrayList<>();
      String text = Objects.requireNonNullElse(concise(vertex.value()), "");
      ConfigOrigin o = vertex.value().origin();
      boolean included = o == null || !main.equals(o.filename());
      for (Reference reference : references(text, new LineStrings(text, false))) {
        List<String> keys = splitOrNull(reference.name());
        if (keys == null || vertex.field() && keys.size() >= vertex.keys().size()
            && keys.subList(0, vertex.keys().size()).equals(vertex.keys())) {
          // A key's own value that names the key, or a path inside it, takes the value written before it (HOCON's
          // self-referential substitutions); Typesafe tells when there is none.
          continue;
        }
        int w = graph.find(keys);
        if (w < 0 && included) {
          w = graph.find(unprefixed(reference.name(), o, path, file));
        }
        if (w < 0) {
          continue;
        }
        to.add(w);
        if (!reference.optional()) {
          toRequired.add(w);
          named.add(reference.name());
        }
      }
      all[v] = to.stream().mapToInt(Integer::intValue).toArray();
      required[v] = toRequired.stream().mapToInt(Integer::intValue).toArray();
      names[v] = named.toArray(new String[0]);
    }
    return graph;
  }

  /**
   * The path that a substitution rendered as {@code ${rendered}}, in the value of an included file at {@code o},
   * falls back to when the file has nothing at {@code rendered}: in a file included inside {@code foo {...}},
   * {@code ${I}} is rendered as {@code ${foo.I}} and falls back to {@code I}, the name as written, and to nothing
   * shorter; in a file included at the top, it is written as rendered and falls back to nothing. The name is read
   * from the value's lines: the longest written there that {@code rendered} ends with after a dot. Null where the
   * lines say nothing sure, so that no substitution is followed that Typesafe would not follow (a cycle that the
   * graph then misses is still met in the resolve).
   */
  private List<String> unprefixed(String rendered, ConfigOrigin o, Path path, String file) {
    if (o == null || o.filename() == null || o.lineNumber() < 1) {
      return null;
    }
    Origin at = origin(o, path, file, null);
    int last = at.line();
    Matcher range = LINE_RANGE.matcher(o.description());
    if (range.find() && Integer.parseInt(range.group(1)) == at.line()) {
      last = Integer.parseInt(range.group(2));
    }
    String longest = null;
    for (int n = at.line(); n >= 1 && n <= last; n++) {
      String line = lineOf(at.file(), n);
      if (line == null) {
        return null;
      }
      for (Reference written : references(line, stringsOn(line))) {
        if (written.name().equals(rendered)) {
          return null;
        }
        String name = written.name();
        if (rendered.endsWith("." + name) && (longest == null || name.length() > longest.length())) {
          longest = name;
        }
      }
    }
    return longest == null ? null : splitOrNull(longest);
  }

  private static int addVertices(ConfigValue value, String jsonPath, List<String> keys, boolean field,
      List<Vertex> vertices, List<int[]> children, Map<ConfigValue, Integer> ids) {
    boolean resolved = resolvedType(value);
    boolean container = resolved && (value instanceof ConfigObject || value instanceof ConfigList);
    if (resolved && !container) {
      return -1;
    }
    int id = vertices.size();
    vertices.add(new Vertex(jsonPath, keys, value, container, field));
    children.add(new int[0]);
    ids.put(value, id);
    List<Integer> inner = new ArrayList<>();
    if (value instanceof ConfigObject object && container) {
      for (String k : new TreeSet<>(object.keySet())) {
        List<String> child = new ArrayList<>(keys);
        child.add(k);
        String key = Printable.pathKey(k);
        int c = addVertices(object.get(k), jsonPath.isEmpty() ? key : jsonPath + "." + key, List.copyOf(child), true,
            vertices, children, ids);
        if (c >= 0) {
          inner.add(c);
        }
      }
    } else if (value instanceof ConfigList list && container) {
      for (int i = 0; i < list.size(); i++) {
        int c = addVertices(list.get(i), jsonPath + "[" + i + "]", keys, false, vertices, children, ids);
        if (c >= 0) {
          inner.add(c);
        }
      }
    }
    children.set(id, inner.stream().mapToInt(Integer::intValue).toArray());
    return id;
  }

  /**
   * A cycle of required substitutions, at the first of its values in the file, where it names the next: the way
   * round from there, each value with the substitution it takes, up to five of them.
   */
  private Diagnostic cycle(Graph graph, int[] component, Path path, String file) {
    Set<Integer> in = new HashSet<>();
    int first = -1;
    Origin firstAt = null;
    for (int v : component) {
      in.add(v);
      Vertex vertex = graph.vertices().get(v);
      if (!vertex.container()) {
        Origin at = origin(vertex.value().origin(), path, file, null);
        if (firstAt == null || at.compareTo(firstAt) < 0) {
          first = v;
          firstAt = at;
        }
      }
    }
    // The shortest way round from the first value back to it, breadth first.
    Map<Integer, Integer> cameFrom = new HashMap<>();
    Map<Integer, String> by = new HashMap<>();
    Deque<Integer> queue = new ArrayDeque<>(List.of(first));
    int last = -1;
    while (!queue.isEmpty() && last < 0) {
      int v = queue.poll();
      for (int e = 0; e < graph.required()[v].length; e++) {
        int w = graph.required()[v][e];
        if (!in.contains(w) || cameFrom.containsKey(w) && w != first) {
          continue;
        }
        if (w == first) {
          last = v;
          by.put(-1, graph.names()[v][e]);
          break;
        }
        cameFrom.put(w, v);
        by.put(w, graph.names()[v][e]);
        queue.add(w);
      }
    }
    List<Integer> round = new ArrayList<>();
    List<String> taken = new ArrayList<>();
    for (int v = last; ; v = cameFrom.get(v)) {
      round.add(0, v);
      if (v == first) {
        break;
      }
    }
    for (int i = 0; i < round.size(); i++) {
      taken.add(i + 1 < round.size() ? by.get(round.get(i + 1)) : by.get(-1));
    }
    List<String> steps = new ArrayList<>();
    int values = 0;
    for (int i = 0; i < round.size(); i++) {
      Vertex vertex = graph.vertices().get(round.get(i));
      if (vertex.container()) {
        continue;
      }
      values++;
      if (steps.size() == 5) {
        continue;
      }
      String step = vertex.jsonPath() + " takes ${" + Printable.inMessage(taken.get(i)) + "}";
      int j = i + 1;
      while (j < round.size() && graph.vertices().get(round.get(j)).container()) {
        j++;
      }
      if (j > i + 1) {
        step += ", which holds " + graph.vertices().get(j < round.size() ? round.get(j) : first).jsonPath();
      }
      steps.add(step);
    }
    String more = values > steps.size() ? ", and " + (values - steps.size()) + " more keys, back to "
        + graph.vertices().get(first).jsonPath() : "";
    Vertex start = graph.vertices().get(first);
    String name = taken.get(0);
    Use use = writtenUse(name, start.value().origin(), firstAt);
    return Diagnostic.error(use == null ? firstAt : use.at(), start.jsonPath(), "hocon-cycle", "invalid HOCON: the"
        + " substitutions go round in a circle: " + String.join(", ", steps) + more + ", without"
        + " end", "write one of these values out, so that their substitutions do not lead back to each"
        + " other");
  }

  /** A substitution {@code ${name}} or {@code ${?name}} at {@code index} of a text. */
  private record Reference(int index, String name, boolean optional) {}

  /** A required substitution {@code ${name}} written {@code at}. */
  private record Use(Origin at, String name) {}

  /**
   * The substitution of {@code needed}, a path that a value still needs, as written in the value at {@code o}: on
   * its first line, or a later one of a merge that goes on over several; null where it is not (a value that holds
   * another's unresolved copy, whose own is reported). In a file included inside {@code foo {...}}, {@code ${I}}
   * needs {@code foo.I}, and falls back to {@code I}. Of a name written several times on a line, the first: the
   * items of a list are all on their line, and one error for each line says what to set.
   */
  private Use writtenUse(String needed, ConfigOrigin o, Origin at) {
    int last = at.line();
    Matcher range = LINE_RANGE.matcher(o == null ? "" : o.description());
    if (range.find() && Integer.parseInt(range.group(1)) == at.line()) {
      last = Integer.parseInt(range.group(2));
    }
    for (int n = at.line(); n >= 1 && n <= last; n++) {
      String line = lineOf(at.file(), n);
      if (line == null) {
        return null;
      }
      Map<String, Integer> required = requiredOn(line);
      // The path itself, else the shorter ones after each of its dots, longest first.
      for (int dot = -1; ; dot = needed.indexOf('.', dot + 1)) {
        String name = needed.substring(dot + 1);
        Integer index = required.get(name);
        if (index != null) {
          return new Use(new Origin(at.file(), n, columnsOf(line).column(index)), name);
        }
        if (needed.indexOf('.', dot + 1) < 0) {
          break;
        }
      }
    }
    return null;
  }

  /** The required substitutions written on a line, by name, where each is first written: read once a line. */
  private Map<String, Integer> requiredOn(String line) {
    return requiredByLine.computeIfAbsent(line, l -> {
      Map<String, Integer> first = new HashMap<>();
      for (Reference use : references(l, stringsOn(l))) {
        if (!use.optional()) {
          first.putIfAbsent(use.name(), use.index());
        }
      }
      return first;
    });
  }

  /** The substitutions written in {@code text} outside its quoted {@code strings} and comments, in order. */
  private static List<Reference> references(String text, LineStrings strings) {
    List<Reference> found = new ArrayList<>();
    int quoted = 0;
    List<LineStrings.Quoted> all = strings.all();
    for (int i = text.indexOf("${", strings.begin()); i >= 0 && i < strings.end(); i = text.indexOf("${", i + 2)) {
      while (quoted < all.size() && all.get(quoted).end() <= i) {
        quoted++;
      }
      int close = text.indexOf('}', i);
      if (close < 0) {
        break;
      }
      if (quoted < all.size() && all.get(quoted).start() < i) {
        continue;
      }
      boolean optional = text.startsWith("${?", i);
      found.add(new Reference(i, text.substring(i + (optional ? 3 : 2), close).trim(), optional));
    }
    return found;
  }

  /**
   * Whether the file defines {@code name}, a path: a value still to resolve on the way may hold it, and what it
   * needs is reported itself.
   */
  private static boolean defined(ConfigObject root, String name) {
    List<String> keys = splitOrNull(name);
    return keys != null && holds(root, keys);
  }

  /** Whether the path {@code keys} has a value in {@code root}, or leads into a value still to resolve. */
  private static boolean holds(ConfigObject root, List<String> keys) {
    ConfigValue value = root;
    for (String key : keys) {
      if (!resolvedType(value)) {
        return true;
      }
      if (!(value instanceof ConfigObject object) || object.get(key) == null) {
        return false;
      }
      value = object.get(key);
    }
    return true;
  }

  /**
   * The path of the value written on {@code at}'s line that has the substitution {@code ${name}}, the first in
   * the order of keys; "" when there is none (Typesafe's origins give lines, not columns).
   */
  private String substitutionPath(String name, Origin at, Path path, String file) {
    if (substituting == null || substituting.root() != writtenRoot) {
      substituting = Substituting.of(writtenRoot, this, path, file);
    }
    String found = "";
    int order = Integer.MAX_VALUE;
    List<Substituting.Value> onLine =
        substituting.byLine().getOrDefault(at.file() + ":" + at.line() + "\n" + name, List.of());
    for (List<Substituting.Value> values : List.of(onLine, substituting.merged().getOrDefault(name, List.of()))) {
      for (Substituting.Value value : values) {
        if (value.order() < order && value.file().equals(at.file()) && at.line() >= value.first()
            && at.line() <= value.last()) {
          found = value.jsonPath();
          order = value.order();
          break;
        }
      }
    }
    return found;
  }

  /** The last file's {@link Substituting}, made at its first unset substitution. */
  private Substituting substituting;

  /**
   * The values of a file as written that hold a substitution, by the line they are on, and those merged over
   * several lines: each unset substitution of many looks its key up here, rather than walking the whole file.
   */
  private record Substituting(ConfigObject root, Map<String, List<Value>> byLine, Map<String, List<Value>> merged) {

    /**
     * A value that holds substitutions ({@code names}), {@code order}th in the order of keys, written on lines
     * first to last.
     */
    private record Value(int order, String jsonPath, String file, int first, int last, List<String> names) {}

    static Substituting of(ConfigObject root, HoconLoader loader, Path path, String file) {
      List<Value> values = new ArrayList<>();
      if (root != null) {
        collect(root, "", loader, path, file, values);
      }
      // By each name a value has ${name} for: in a file included inside foo {...}, ${name} is rendered as
      // ${foo.name}, so each of its shorter paths after a dot too. Each list is in the order of keys.
      Map<String, List<Value>> byLine = new HashMap<>();
      Map<String, List<Value>> merged = new HashMap<>();
      for (Value value : values) {
        Set<String> names = new HashSet<>();
        for (String rendered : value.names()) {
          names.add(rendered);
          for (int dot = rendered.indexOf('.'); dot >= 0; dot = rendered.indexOf('.', dot + 1)) {
            names.add(rendered.substring(dot + 1));
          }
        }
        for (String name : names) {
          String key = value.first() == value.last() ? value.file() + ":" + value.first() + "\n" + name : name;
          (value.first() == value.last() ? byLine : merged).computeIfAbsent(key, k -> new ArrayList<>()).add(value);
        }
      }
      return new Substituting(root, byLine, merged);
    }

    private static void collect(ConfigValue value, String jsonPath, HoconLoader loader, Path path, String file,
        List<Value> values) {
      if (value instanceof ConfigObject object && resolvedType(value)) {
        for (String k : new TreeSet<>(object.keySet())) {
          // As every path names a key: the empty one as "", not as nothing after a dot.
          String key = Printable.pathKey(k);
          collect(object.get(k), jsonPath.isEmpty() ? key : jsonPath + "." + key, loader, path, file, values);
        }
        return;
      }
      if (value instanceof ConfigList list && resolvedType(value)) {
        for (int i = 0; i < list.size(); i++) {
          collect(list.get(i), jsonPath + "[" + i + "]", loader, path, file, values);
        }
        return;
      }
      // A resolved value holds no substitution: a quoted "${X}" is text, and renders as that text.
      if (resolvedType(value)) {
        return;
      }
      // Read as the unset ones are read from it ({@link #references}): only required substitutions can be unset,
      // and "${X}" in quotes is text, so neither may be taken for the value that has an unset ${X} on its line.
      List<String> rendered = new ArrayList<>();
      String text = value.render(com.typesafe.config.ConfigRenderOptions.concise());
      for (Reference reference : references(text, new LineStrings(text, false))) {
        if (!reference.optional()) {
          rendered.add(reference.name());
        }
      }
      if (rendered.isEmpty()) {
        return;
      }
      Origin written = loader.origin(value.origin(), path, file, null);
      // Values merged at a key over several lines are one value, with the first of those lines.
      Matcher range = LINE_RANGE.matcher(value.origin() == null ? "" : value.origin().description());
      int last = range.find() && Integer.parseInt(range.group(1)) == written.line()
          ? Integer.parseInt(range.group(2)) : written.line();
      int order = values.size();
      values.add(new Value(order, jsonPath, written.file(), written.line(), last, rendered));
      // Values written at one key in several files ({@code args = ${args} [y]} over an included args) are one
      // value, which holds the substitutions of each: it is found from each of their places.
      String description = value.origin() == null ? "" : value.origin().description();
      List<Written> merged = description.startsWith(MERGE_OF)
          ? mergedFrom(description.substring(MERGE_OF.length()), file) : null;
      for (Written place : merged == null ? List.<Written>of() : merged) {
        String shown = place.file().equals(file) ? file : shown(Path.of(place.file()), path, file);
        values.add(new Value(order, jsonPath, shown, place.line(), place.line(), rendered));
      }
    }
  }

  /**
   * The include statement a refused include came from. Typesafe gives the includer no origin, so this is
   * the first {@code include} of the file that names no local file; else the top of the file.
   */
  private Origin includeOrigin(Path path, String file) {
    return firstLine(file, Pattern.compile("^\\s*include\\s+(?:required\\(\\s*)?(?:url|classpath)\\s*\\(|"
        + "^\\s*include\\s+(?:required\\(\\s*)?\"[A-Za-z][A-Za-z0-9+.-]+:"));
  }

  /**
   * The include statement that names {@code name} in the file ({@code include file("name")} with
   * {@code fileFunction}, else {@code include "name"}), or the top of the file. The column is that of its
   * {@code include}, wherever on its line it is.
   */
  private Origin namedIncludeOrigin(String file, String name, boolean fileFunction) {
    String function = fileFunction ? "file\\(\\s*" : "";
    return firstLine(file, Pattern.compile("\\binclude\\s+(?:required\\(\\s*)?" + function + "\""
        + Pattern.quote(name) + "\""));
  }

  /**
   * The include {@code plain} ({@code include file("x.conf")}) as the statement at {@code at} writes it: with
   * {@code required(...)} around the name when it has that, so that a message quotes what the user can find.
   */
  private String written(Origin at, String plain) {
    String line = lineOf(at.file(), at.line());
    String name = plain.substring("include ".length());
    // The quoted name as it is, spaces allowed inside the parentheses around it, where HOCON allows them (it
    // refuses one before an opening parenthesis).
    int open = name.indexOf('"');
    int close = name.lastIndexOf('"');
    String written = spaced(name.substring(0, open)) + Pattern.quote(name.substring(open, close + 1))
        + spaced(name.substring(close + 1));
    if (line != null && Pattern.compile("\\binclude\\s+required\\(\\s*" + written).matcher(line).find()) {
      return "include required(" + name + ")";
    }
    return plain;
  }

  /** A pattern for {@code text}, as written with spaces or none inside each of its parentheses. */
  private static String spaced(String text) {
    StringBuilder pattern = new StringBuilder();
    for (char c : text.toCharArray()) {
      pattern.append(c == '(' ? "\\(\\s*" : c == ')' ? "\\s*\\)" : Pattern.quote(String.valueOf(c)));
    }
    return pattern.toString();
  }

  /** The first line of the file that {@code pattern} finds something in, or the top of the file. */
  private Origin firstLine(String file, Pattern pattern) {
    for (int line = 1; ; line++) {
      String text = lineOf(file, line);
      if (text == null) {
        return Origin.of(file);
      }
      Matcher found = pattern.matcher(text);
      if (found.find() && !commentedOut(text, found.start())) {
        return new Origin(file, line, found.start() == 0 ? firstColumn(text) : Sources.column(text, found.start()));
      }
    }
  }

  /** Whether {@code at} is in a comment ({@code #} or {@code //}) that starts before it on the line. */
  private static boolean commentedOut(String line, int at) {
    String before = line.substring(0, at);
    return before.contains("#") || before.contains("//");
  }

  /** A file of this load as messages name it: the config as it was given, an included file by its path. */
  private static String shown(Path p, Path path, String file) {
    return p.toAbsolutePath().normalize().equals(path.toAbsolutePath().normalize()) ? file : Sources.display(p);
  }

  private static String oneLine(String s) {
    String t = s.replace('\n', ' ').replace('\r', ' ');
    int aside = t.indexOf(" (if you intended");
    if (aside > 0) {
      t = t.substring(0, aside);
    }
    return t.length() > 300 ? t.substring(0, 300) + "..." : t;
  }

  /**
   * The substitution a message names ("${a}"), or the token a parse error met ("got ']'"). Typesafe's messages are
   * words, not HOCON: {@link #references} would take a quote or '#' in them for a string or a comment, and miss
   * a substitution after it.
   */
  private static final Pattern NAMED_SUBSTITUTION = Pattern.compile("\\$\\{\\??([^}]*)}");
  private static final Pattern MET_TOKEN = Pattern.compile("(?:got|token:) '([^']+)'");

  /**
   * Where a Typesafe error is. Its origins carry the line only; the column is that of the
   * substitution the message names, of the token a parse error met, or the end of the line for an
   * unexpected end of line or file. Anything else points at the line's first character that is not
   * a space, which is where the statement on that line starts.
   */
  private Origin errorOrigin(ConfigException e, String message, Path path, String file) {
    Origin origin = origin(e.origin(), path, file, null);
    String text = origin.line() < 1 ? null : lineOf(origin.file(), origin.line());
    if (text == null) {
      return origin;
    }
    if (atEndOfFile(message)) {
      List<String> lines = new ArrayList<>();
      int first = Math.max(1, origin.line() - Sources.END_LOOKBACK);
      for (int n = first; n <= origin.line(); n++) {
        lines.add(Objects.requireNonNullElse(lineOf(origin.file(), n), ""));
      }
      Origin written = Sources.endOfLastWritten(origin.file(), first, lines, "#", "//");
      if (written != null) {
        return written;
      }
    }
    return new Origin(origin.file(), origin.line(), errorColumn(text, message));
  }

  /**
   * Typesafe's words for a text that ends too soon, in the messages of its tokenizer and of its parser: the
   * token it met ("got wrong token: end of file", "not: end of file"), never the words inside a key or a
   * substitution that the message quotes ({@code "end of file" = [}).
   */
  private static final Pattern AT_END_OF_FILE =
      Pattern.compile("(?:token|not): end of file(?: \\(|$)|\\(End of input but ");

  private static boolean atEndOfFile(String message) {
    return AT_END_OF_FILE.matcher(message).find();
  }

  static int errorColumn(String line, String message) {
    Matcher substitution = NAMED_SUBSTITUTION.matcher(message);
    if (substitution.find()) {
      String name = Pattern.quote(substitution.group(1).trim());
      Matcher written = Pattern.compile("\\$\\{\\??\\s*" + name + "\\s*}").matcher(line);
      if (written.find()) {
        return Sources.column(line, written.start());
      }
    }
    Matcher token = MET_TOKEN.matcher(message);
    String met = token.find() ? token.group(1) : null;
    if ("newline".equals(met) || atEndOfFile(message)) {
      return Sources.column(line, line.stripTrailing().length());
    }
    if (met != null && line.indexOf(met) >= 0 && line.indexOf(met) == line.lastIndexOf(met)) {
      return Sources.column(line, line.indexOf(met));
    }
    return firstColumn(line);
  }

  private Origin origin(ConfigOrigin o, Path path, String file, String key) {
    return origin(o, path, file, key, false);
  }

  private Origin origin(ConfigOrigin o, Path path, String file, String key, boolean atValue) {
    return origin(o, path, file, key, atValue, null);
  }

  /**
   * With {@code atValue}, the column of the value written after the key instead of the key's. The key is looked
   * for between the braces of its {@code map} when they are on its line (null where unknown).
   */
  private Origin origin(ConfigOrigin o, Path path, String file, String key, boolean atValue, Within map) {
    if (o == null) {
      return Origin.of(file);
    }
    String shown = file;
    int line = o.lineNumber();
    List<Written> merged = line < 1 && o.description().startsWith(MERGE_OF)
        ? mergedFrom(o.description().substring(MERGE_OF.length()), file) : null;
    if (merged != null) {
      // Maps written at one key in two files (one of them included) have an origin without a line, and without a
      // file or with the whole description as one; it names where each was written, the one in effect first: the
      // key is placed there.
      shown = merged.get(0).file().equals(file) ? file : shown(Path.of(merged.get(0).file()), path, file);
      line = merged.get(0).line();
    } else if (o.filename() != null) {
      shown = shown(Path.of(o.filename()), path, file);
    }
    if (line < 1) {
      return Origin.of(shown);
    }
    int column = 1;
    if (key != null) {
      String text = lineOf(shown, line);
      if (text != null) {
        LineKeys.Place place = keyPlace(text, shown, line, key, map);
        column = atValue ? valueColumnOf(text, place) : place.column();
      }
    }
    return new Origin(shown, line, column);
  }

  /**
   * Where {@code key} is written on {@code text}, line {@code line} of {@code file}: between the braces of its
   * {@code map} when they open on that line, else where it is first written on it.
   */
  private LineKeys.Place keyPlace(String text, String file, int line, String key, Within map) {
    boolean inMap = map != null && map.on(file, line);
    return inMap ? keysOn(text).find(key, map.from(), map.to()) : keysOn(text).find(key);
  }

  /** The column after the key at {@code place}, its separator ('=' or ':') and spaces; the key's column if none. */
  private int valueColumnOf(String line, LineKeys.Place place) {
    int value = valueIndex(line, place.end());
    return value >= 0 ? place.column() + line.codePointCount(place.index(), value) : place.column();
  }

  /**
   * Where the value starts after the last writing of {@code key} as a key before {@code end} on the line
   * ({@code r = 2, r = x-${N}}: the x); -1 where there is none.
   */
  private static int valueBefore(String line, String key, int end) {
    int value = -1;
    for (int at = line.indexOf(key); at >= 0 && at < end && !key.isEmpty(); at = line.indexOf(key, at + 1)) {
      boolean isKey = LineKeys.isWordAt(line, key, at) && !inString(line, key, at);
      int i = isKey ? valueIndex(line, at + key.length()) : -1;
      value = i >= 0 && i <= end ? i : value;
    }
    return value;
  }

  /**
   * Whether {@code key}, found at {@code at} on the line, is text inside a quoted string ({@code r = "r: "${N}}),
   * not the key: a key written in quotes ({@code "r" = ...}) is the whole of its string.
   */
  private static boolean inString(String line, String key, int at) {
    int open = -1;
    for (int i = 0; i < at; i++) {
      char c = line.charAt(i);
      if (open >= 0 && c == '\\') {
        i++;
      } else if (c == '"') {
        open = open < 0 ? i : -1;
      }
    }
    return open >= 0 && !(open == at - 1 && line.startsWith("\"", at + key.length()));
  }

  /**
   * The index after a key that ends at {@code end}, its closing quote, its separator ('=' or ':') and the
   * spaces after it; -1 when no separator follows.
   */
  private static int valueIndex(String line, int end) {
    int i = end < line.length() && line.charAt(end) == '"' ? end + 1 : end;
    while (i < line.length() && line.charAt(i) == ' ') {
      i++;
    }
    if (i >= line.length() || line.charAt(i) != '=' && line.charAt(i) != ':') {
      return -1;
    }
    i++;
    while (i < line.length() && line.charAt(i) == ' ') {
      i++;
    }
    return i;
  }

  private LineKeys keysOn(String line) {
    return keysByLine.computeIfAbsent(line, l -> new LineKeys(l, columnsOf(l), stringsOn(l)));
  }

  private LineStrings stringsOn(String line) {
    return stringsByLine.computeIfAbsent(line, l -> new LineStrings(l, inString.contains(l)));
  }

  /** Line {@code number} of {@code file}, once the lines of the file that start inside a string are known. */
  private String lineOf(String file, int number) {
    if (readForStrings.add(file)) {
      boolean inside = false;
      String text;
      for (int n = 1; (text = lines.line(file, n)) != null; n++) {
        if (inside) {
          inString.add(text);
        }
        inside = (inside || text.contains("\"\"\"")) && new LineStrings(text, inside).goesOn();
      }
    }
    return lines.line(file, number);
  }

  private LineColumns columnsOf(String line) {
    return columnsByLine.computeIfAbsent(line, LineColumns::new);
  }

  /** The column of the line's first character that is not a space. */
  private static int firstColumn(String line) {
    return Sources.column(line, firstIndex(line));
  }

  static int firstIndex(String line) {
    int at = 0;
    while (at < line.length() && Character.isWhitespace(line.charAt(at))) {
      at++;
    }
    return at;
  }

  /**
   * The value as it was written before substitution, where there is one: a value that {@code ${?ENV}}
   * supplied has the environment as its origin, with no line, while the reference to it has the file's.
   */
  private static ConfigValue written(ConfigValue parent, String key, int index) {
    try {
      if (key != null && parent instanceof ConfigObject o) {
        return o.get(key);
      }
      if (key == null && parent instanceof ConfigList l && index < l.size()) {
        return l.get(index);
      }
    } catch (ConfigException e) {
      // An object still made of unresolved parts has no single value to look into.
    }
    return null;
  }

  /**
   * Where the items of one list start on their lines. Typesafe gives items a line only; each item is
   * looked for as written (a string quoted, then bare; a number, boolean or null as its text; an object
   * or list by its bracket), after the list's '[' and the items before it on the same line.
   */
  private final class ItemCursor {
    private final Origin start;
    private int lineNumber = -1;
    private String lineText;
    private int from;
    /** The column of the character at {@code from}, counted on as the cursor moves, never again from the start. */
    private int fromColumn;

    /** {@code start}: the list's own '[' (its value after the key, or its place as an item). */
    ItemCursor(Origin start) {
      this.start = start;
    }

    /** The item's origin {@code at}, with the column where it is written when that is found. */
    Origin place(ConfigValue item, Origin at) {
      if (at.line() < 1) {
        return at;
      }
      if (at.line() != lineNumber) {
        lineNumber = at.line();
        lineText = lineOf(at.file(), lineNumber);
        // Past the list's '[' when the list starts on this line, else past a string of several lines that the
        // line starts inside, whose rest could be taken for an item.
        boolean listStartsHere = at.line() == start.line() && at.file().equals(start.file());
        from = lineText == null ? 0
            : listStartsHere ? columnsOf(lineText).index(start.column() + 1) : stringsOn(lineText).begin();
        fromColumn = lineText != null ? columnsOf(lineText).column(from) : 1;
      }
      if (lineText == null) {
        return at;
      }
      // Most items start where the one before ended, after a comma and blanks: looking there first keeps
      // a line of a hundred thousand items linear, where searching the rest of the line for each was not.
      int next = from;
      while (next < lineText.length()
          && (lineText.charAt(next) == ',' || Character.isWhitespace(lineText.charAt(next)))) {
        next++;
      }
      List<String> forms = writtenForms(item);
      for (String needle : forms) {
        if (lineText.startsWith(needle, next)) {
          return passing(at, next, end(item, next, needle));
        }
      }
      // Written with escapes, or another way there (a substitution, a comment before it): search on, a string
      // among the line's strings as they read, which are read once for all its items.
      if (resolvedType(item) && item.valueType() == com.typesafe.config.ConfigValueType.STRING) {
        int end = piecesEnd((String) item.unwrapped(), next);
        if (end >= 0) {
          return passing(at, next, end);
        }
        LineStrings.Quoted quoted = stringsOn(lineText).value((String) item.unwrapped(), from);
        if (quoted != null) {
          return passing(at, quoted.start(), quoted.end());
        }
      }
      for (String needle : forms) {
        int found = lineText.indexOf(needle, from);
        if (found >= 0) {
          return passing(at, found, end(item, found, needle));
        }
      }
      return at;
    }

    /**
     * Where a string written in pieces from {@code first} ends ({@code [a "b" c, 2]}, {@code [x-${N}]}): at the
     * comma, bracket or brace after it, past its strings and substitutions; -1 where its first piece, text or a
     * string, does not start the item's {@code text}, or a substitution. Searching the line for the whole text,
     * which is written nowhere, went to the line's end for each such item.
     */
    private int piecesEnd(String text, int first) {
      LineStrings strings = stringsOn(lineText);
      int hocon = strings.end();
      LineStrings.Quoted quoted = first < hocon ? strings.at(first) : null;
      int piece = first;
      while (quoted == null && piece < hocon && !Character.isWhitespace(lineText.charAt(piece))
          && LineStrings.NOT_IN_UNQUOTED.indexOf(lineText.charAt(piece)) < 0) {
        piece++;
      }
      boolean starts = quoted != null ? text.startsWith(quoted.text())
          : piece > first ? text.startsWith(lineText.substring(first, piece)) : lineText.startsWith("${", first);
      int i = first;
      while (starts && i < hocon && ",]}".indexOf(lineText.charAt(i)) < 0) {
        char c = lineText.charAt(i);
        quoted = c == '"' ? strings.at(i) : null;
        if (c == '"' && quoted == null) {
          // A quote that opens no string: the item was looked for from inside one.
          return -1;
        }
        i = quoted != null ? quoted.end() : c == '{' || c == '[' ? strings.itemEnd(i) : i + 1;
      }
      return starts ? i : -1;
    }

    /**
     * Where the item found at {@code first} as {@code needle} ends: an object's or a list's at its closing
     * brace or bracket, so that the next item is not looked for inside it ({@code [{a = 2}, 2]}).
     */
    private int end(ConfigValue item, int first, String needle) {
      boolean nested = resolvedType(item) && (item.valueType() == com.typesafe.config.ConfigValueType.OBJECT
          || item.valueType() == com.typesafe.config.ConfigValueType.LIST);
      return nested ? stringsOn(lineText).itemEnd(first) : first + needle.length();
    }

    /** The origin of the item written from {@code first} to {@code end} on the line; the cursor moves past it. */
    private Origin passing(Origin at, int first, int end) {
      int column = fromColumn + lineText.codePointCount(from, first);
      fromColumn = column + lineText.codePointCount(first, end);
      from = end;
      return new Origin(at.file(), at.line(), column);
    }
  }

  private static List<String> writtenForms(ConfigValue item) {
    if (!resolvedType(item)) {
      // Substitutions, as Typesafe renders them ("${m}"), else the first of them however written.
      return List.of(item.render(com.typesafe.config.ConfigRenderOptions.concise()), "${");
    }
    switch (item.valueType()) {
      case OBJECT:
        return List.of("{");
      case LIST:
        return List.of("[");
      case STRING: {
        String text = (String) item.unwrapped();
        return text.isEmpty() ? List.of("\"\"") : List.of("\"\"\"" + text + "\"\"\"", '"' + text + '"', text);
      }
      case NUMBER:
        return List.of(item.atKey("n").getString("n"));
      default:
        return List.of(String.valueOf(item.unwrapped()));
    }
  }

  /**
   * Converts a value with {@link #copiedBy} at {@code at} when it is written as substitutions (or a merge
   * with them) that copy it, and is not inside a copy already: inside one, the substitution to change is
   * the one that brought the copy in, as an alias is in YAML.
   */
  private Node copying(ConfigValue written, Supplier<Origin> at, Supplier<Node> convert) {
    if (copiedBy != null || written == null || resolvedType(written)) {
      return convert.get();
    }
    copiedBy = at;
    try {
      return convert.get();
    } finally {
      copiedBy = null;
    }
  }

  /**
   * Where the substitutions that make the value of {@code key} are written: the first "${" from where its value
   * starts on its line. Typesafe gives a resolved value the origin of the value it copies, and the
   * unresolved value only a line, so the column is found as a key's is ({@link LineKeys}), in its {@code map}'s
   * braces where they are on that line (null where unknown). A value that is
   * merged from several statements ({@code a.b = 1}, then {@code a = ${m}}) has the lines from the first to the
   * last of them: it is placed at the last statement of the key that is a substitution, the one in effect.
   * Typesafe does not say which statement a merged part came from, so of two substitutions merged
   * ({@code a = ${m}}, then {@code a = ${n}}) the later is named, whichever copy goes over.
   */
  private Origin substitutionAt(ConfigValue written, Path path, String file, String key, Within map) {
    Origin value = origin(written.origin(), path, file, key, true, map);
    String text = written.origin() == null || written.origin().lineNumber() < 1 ? null
        : lineOf(value.file(), value.line());
    Matcher range = text == null || !written.getClass().getName().startsWith(DELAYED_MERGE) ? null
        : LINE_RANGE.matcher(written.origin().description());
    int last = range != null && range.find() ? Integer.parseInt(range.group(2)) : 0;
    for (int line = last; line > value.line(); line--) {
      String statement = lineOf(value.file(), line);
      int at = statement == null ? -1 : valueBefore(statement, key, statement.length());
      if (at >= 0 && statement.startsWith("${", at)) {
        return new Origin(value.file(), line, columnsOf(statement).column(at));
      }
    }
    // Counted on the line's cached columns: a line may hold 100,000 substitutions, each placed here.
    int at = text == null ? -1 : text.indexOf("${", columnsOf(text).index(value.column()));
    return at < 0 ? value : new Origin(value.file(), value.line(), columnsOf(text).column(at));
  }

  /**
   * Where the {@code index}th item of a list, written as substitutions, is: found as the list's items are
   * ({@link ItemCursor}), after those before it, from the list's {@code start}.
   */
  private Origin substitutionAt(ConfigList written, int index, Origin start, Path path, String file) {
    ItemCursor cursor = new ItemCursor(start);
    Origin at = start;
    for (int i = 0; i <= index; i++) {
      at = cursor.place(written.get(i), origin(written.get(i).origin(), path, file, null));
    }
    return at;
  }

  /**
   * Where a value that one substitution alone copies ({@code a = ${m}}) is given to its key, noting where the
   * value it copies is written; null for any other. The substitution is what the user changes to give the key
   * another value, as a YAML alias is; a value from the environment is placed at its reference already.
   * A list or map that substitutions alone join ({@code a = ${m}${n}}) is placed so too, noting where each
   * of the values it joins is written: Typesafe gives the joined value the origin of the first.
   */
  private Origin copiedAt(ConfigValue value, ConfigValue written, Supplier<Origin> at, Path path, String file) {
    if (written == null || fromEnvironment(value)) {
      return null;
    }
    String name = substitutionAlone(written);
    if (name != null) {
      return copiedFrom(at.get(), name, value.origin(), path, file);
    }
    List<String> names = value instanceof ConfigObject || value instanceof ConfigList ? joined(written) : null;
    if (names == null) {
      return null;
    }
    Map<String, Origin> copies = new LinkedHashMap<>();
    for (String joined : names) {
      copies.put("${" + joined + "}", originalAt(scope.getValue(joined).origin(), joined, path, file));
    }
    return at.get().copiedFrom(copies);
  }

  /**
   * The paths that {@code written} names when it is substitutions of the file's own values and nothing else
   * ({@code ${m}${n}}, each found), in the order written, else null. Typesafe has no public way to ask for a
   * concatenation's parts; its class for them says what it is, and its rendering what it is made of.
   */
  private List<String> joined(ConfigValue written) {
    if (!written.getClass().getName().equals("com.typesafe.config.impl.ConfigConcatenation")) {
      return null;
    }
    String text = written.render(com.typesafe.config.ConfigRenderOptions.concise());
    List<String> names = new ArrayList<>();
    Matcher reference = SUBSTITUTION.matcher(text);
    int end = 0;
    while (reference.find()) {
      String name = reference.group(2);
      ConfigValue named = finds(name) ? scope.getValue(name) : null;
      if (!GAP.matcher(text.substring(end, reference.start())).matches() || named == null || fromEnvironment(named)) {
        return null;
      }
      names.add(name);
      end = reference.end();
    }
    return names.size() > 1 && GAP.matcher(text.substring(end)).matches() ? names : null;
  }

  /** What Typesafe renders between substitutions written apart ({@code ${m} ${n}}): the space, quoted. */
  private static final Pattern GAP = Pattern.compile("(?:\\s|\"\\s*\")*");

  /** The path that {@code written} names when it is one substitution and nothing else ({@code ${m}}), else null. */
  private static String substitutionAlone(ConfigValue written) {
    if (!written.getClass().getName().equals(REFERENCE)) {
      return null;
    }
    Matcher reference = SUBSTITUTION.matcher(written.render(com.typesafe.config.ConfigRenderOptions.concise()));
    return reference.matches() ? reference.group(2) : null;
  }

  /** {@code at}, noting that the value there is the one that {@code ${name}} copies from {@code original}. */
  private Origin copiedFrom(Origin at, String name, ConfigOrigin original, Path path, String file) {
    return at.copiedFrom("${" + name + "}", originalAt(original, name, path, file));
  }

  /**
   * Where the value that {@code ${name}} copies, of origin {@code original}, is written: its key is looked for in
   * the braces of the map written around it, so that of {@code a { b { a = 1 } }} the {@code a} of {@code ${a.b.a}}
   * is the inner one.
   */
  private Origin originalAt(ConfigOrigin original, String name, Path path, String file) {
    List<String> keys = keys(name);
    String last = keys.isEmpty() ? name.substring(name.lastIndexOf('.') + 1) : keys.get(keys.size() - 1);
    return origin(original, path, file, last, true, writtenIn(keys.subList(0, Math.max(keys.size() - 1, 0)), path,
        file));
  }

  /**
   * The braces of the map at {@code keys} as it is written in the file, where they open on its key's line
   * ({@code a { b { r = 1 } }}), found from the top of the file one key after another. Null where they are not on
   * that line, or a map on the way is not written there (a substitution copies it, or its values are merged from
   * several places).
   */
  private Within writtenIn(List<String> keys, Path path, String file) {
    ConfigValue at = writtenRoot;
    Within map = null;
    for (String key : keys) {
      at = written(at, key, -1);
      if (!(at instanceof ConfigObject) || !resolvedType(at)) {
        return null;
      }
      map = braces(origin(at.origin(), path, file, key, false, map), key, false, map);
    }
    return map;
  }

  /** The keys of a path as a substitution writes it ({@code a."b.c"}); none where it is not one. */
  private static List<String> keys(String name) {
    try {
      return com.typesafe.config.ConfigUtil.splitPath(name.trim());
    } catch (ConfigException e) {
      return List.of();
    }
  }

  /**
   * The braces of a map placed at {@code placed}, the place of its {@code key} or, as an {@code item} of a list,
   * its own, where they open on that line ({@code a {r = 1}}, {@code [{r = 1}]}); null where they do not. The key
   * is looked for in the braces of the {@code map} it is in, if any.
   */
  private Within braces(Origin placed, String key, boolean item, Within map) {
    String text = placed.line() < 1 || key == null && !item ? null : lineOf(placed.file(), placed.line());
    if (text == null) {
      return null;
    }
    int open = item ? columnsOf(text).index(placed.column()) : -1;
    if (!item) {
      int end = keyPlace(text, placed.file(), placed.line(), key, map).end();
      int value = valueIndex(text, end);
      // After the key, its separator if any (a = {, a {) and spaces.
      open = value >= 0 ? value : end < text.length() && text.charAt(end) == '"' ? end + 1 : end;
      while (open < text.length() && text.charAt(open) == ' ') {
        open++;
      }
    }
    return open < text.length() && text.charAt(open) == '{'
        ? new Within(placed.file(), placed.line(), open, stringsOn(text).itemEnd(open)) : null;
  }

  /**
   * Where the scalar {@code value} of {@code key}, placed at the key's first value on its line, is written when
   * the key is given values more than once there ({@code r = 2, r = "x"}): Typesafe keeps the last, with the
   * line only. In a {@code map} whose braces open on that line, its own value is looked for between them.
   */
  private Origin inEffectAt(Origin placed, ConfigValue value, String key, Within map) {
    String text = placed.line() < 1 ? null : lineOf(placed.file(), placed.line());
    boolean inMap = map != null && map.on(placed.file(), placed.line());
    LineKeys.Place last = text == null ? null : inMap ? keysOn(text).lastValue(key, writtenForms(value), map.from(),
        map.to()) : keysOn(text).lastValue(key, writtenForms(value));
    return last == null ? placed : new Origin(placed.file(), placed.line(), last.column());
  }

  /** Typesafe's class for a substitution alone, not yet resolved. */
  private static final String REFERENCE = "com.typesafe.config.impl.ConfigReference";

  private static ConfigOrigin originOf(ConfigValue value, ConfigValue written) {
    ConfigOrigin o = value.origin();
    if ((o == null || o.lineNumber() < 1) && written != null && written.origin() != null
        && written.origin().lineNumber() >= 1) {
      return written.origin();
    }
    return o;
  }

  /**
   * Where the key of {@code value} is written: with its value as written. Typesafe gives a value that a
   * substitution copies ({@code comand = ${cmd}}, {@code p = ${base}}) the origin of the copied value, which is
   * where that value is written, under another key.
   */
  private static ConfigOrigin keyOriginOf(ConfigValue value, ConfigValue written) {
    ConfigOrigin o = written == null ? null : written.origin();
    return o != null && o.lineNumber() >= 1 ? o : originOf(value, written);
  }

  /** {@code item}: a list item's origin, placed by its list's {@link ItemCursor}; null for others. */
  private Node convert(ConfigValue value, ConfigValue written, Path path, String file, String jsonPath, String key,
      int depth, Origin item, List<Diagnostic> problems) {
    Within map = within;
    within = null;
    boolean scalar = value.valueType() != com.typesafe.config.ConfigValueType.OBJECT
        && value.valueType() != com.typesafe.config.ConfigValueType.LIST;
    // A value that a substitution alone copies is written elsewhere: it is placed there, and so are its keys.
    String copyOf = written == null || fromEnvironment(value) ? null : substitutionAlone(written);
    Origin placed = item != null ? item : copyOf != null ? originalAt(originOf(value, written), copyOf, path, file)
        : origin(originOf(value, written), path, file, key, scalar, map);
    if (scalar && item == null && key != null && copyOf == null) {
      placed = inEffectAt(placed, value, key, map);
    }
    Origin origin = substituted != null ? substituted : inCopy(placed);
    // Inside a copy, a substitution copies what the original has there: the copy is the outer one's.
    Copy madeBy = copyOf != null && copyAt == null && substituted != null ? new Copy("${" + copyOf + "}",
        new Origin(substituted.file(), substituted.line(), substituted.column())) : copyAt;
    substituted = null;
    if (paths.goesOver(jsonPath)) {
      problems.add(PathBudget.error(copiedBy == null ? origin : copiedBy.get(), jsonPath, "hocon-size",
          "substitutions"));
    }
    if (paths.over()) {
      return new ScalarNode(null, "null", origin);
    }
    if (depth > MAX_DEPTH) {
      if (problems.isEmpty()) {
        problems.add(Diagnostic.error(copiedBy == null ? origin : copiedBy.get(), jsonPath, "hocon-depth",
            "the config is nested more than " + MAX_DEPTH + " levels deep", "flatten the structure"));
      }
      return new ScalarNode(null, "null", origin);
    }
    switch (value.valueType()) {
      case OBJECT: {
        ConfigObject object = (ConfigObject) value;
        Map<String, Node> entries = new LinkedHashMap<>();
        Map<String, Origin> keyOrigins = new HashMap<>();
        Within braces = copyOf != null ? writtenIn(keys(copyOf), path, file) : braces(placed, key, item != null, map);
        Copy outer = copyAt;
        copyAt = madeBy;
        // HOCON objects have no order; sort so that nothing downstream can see hash order.
        for (String k : new TreeSet<>(object.keySet())) {
          if (paths.over()) {
            // Each further path would be as long as this object's: not built, however many keys are left.
            break;
          }
          ConfigValue child = object.get(k);
          String childPath = jsonPath.isEmpty() ? Printable.pathKey(k) : jsonPath + "." + Printable.pathKey(k);
          ConfigValue writtenChild = written(written, k, -1);
          Supplier<Origin> copy = () -> substitutionAt(writtenChild, path, file, k, braces);
          substituted = copiedAt(child, writtenChild, copy, path, file);
          Origin copied = substituted;
          within = braces;
          Node node = copying(writtenChild, copied != null ? () -> copied : copy,
              () -> convert(child, writtenChild, path, file, childPath, k, depth + 1, null, problems));
          entries.put(k, node);
          keyOrigins.put(k, inCopy(origin(keyOriginOf(child, writtenChild), path, file, k, false, braces)));
        }
        copyAt = outer;
        return new MapNode(entries, keyOrigins, origin);
      }
      case LIST: {
        ConfigList list = (ConfigList) value;
        List<Node> items = new ArrayList<>(list.size());
        Origin start = item != null || copyOf != null ? placed
            : origin(originOf(value, written), path, file, key, true, map);
        ItemCursor cursor = new ItemCursor(start);
        Copy outer = copyAt;
        copyAt = madeBy;
        for (int i = 0; i < list.size() && !paths.over(); i++) {
          ConfigValue writtenItem = written(written, null, i);
          Origin at = cursor.place(list.get(i), origin(originOf(list.get(i), writtenItem), path, file, null));
          int index = i;
          Supplier<Origin> copy = () -> substitutionAt((ConfigList) written, index, start, path, file);
          substituted = copiedAt(list.get(i), writtenItem, copy, path, file);
          Origin copied = substituted;
          items.add(copying(writtenItem, copied != null ? () -> copied : copy,
              () -> convert(list.get(index), writtenItem, path, file, jsonPath + "[" + index + "]", null, depth + 1,
                  at, problems)));
        }
        copyAt = outer;
        return new ListNode(items, origin);
      }
      case NUMBER: {
        // The number as written (1.50, 1e3, 007), as the YAML loader keeps it: render() and unwrapped()
        // give Typesafe's double or long (1.5, 1000, 7), which would make the formats differ (README, YAML and HOCON).
        // Only the conversion to a string, which getString does, hands out the original text.
        String text = value.atKey("n").getString("n");
        Object number;
        try {
          number = Numbers.decimal(text);
        } catch (NumberFormatException e) {
          number = null;
        }
        if (number == null) {
          problems.add(Numbers.tooLarge(origin, jsonPath));
          return new ScalarNode(null, "null", origin);
        }
        return new ScalarNode(number, text, origin);
      }
      case BOOLEAN:
        return new ScalarNode(value.unwrapped(), value.unwrapped().toString(), origin);
      case NULL:
        return new ScalarNode(null, "null", origin);
      default: {
        String text = (String) value.unwrapped();
        if (fromEnvironment(value)) {
          // HOCON's environment gives strings; the place decides, as for YAML's ${N}.
          String reference = reference(written, origin);
          return YamlLoader.variable(text, item != null ? origin : writtenAt(origin, written, key, reference),
              reference);
        }
        if (BEYOND_LONG.matcher(text).matches() && unquoted(value)) {
          return new ScalarNode(new BigInteger(text), text, origin);
        }
        String around = around(written);
        if (around != null) {
          // Text around a substitution (${N}0, "x-"${N}) makes a string, as YAML's x-${N} does.
          Matcher first = SUBSTITUTION.matcher(around);
          return ScalarNode.around(text, item != null || !first.find() ? origin
              : writtenAt(origin, written, key, first.group()), around);
        }
        return Interpolator.isReferencesOnly(text) && tripleQuoted(placed)
            ? new ScalarNode(text, text, origin, null, null, false, ScalarNode.TRIPLE_QUOTED)
            : ScalarNode.string(text, origin);
      }
    }
  }

  /**
   * Whether the string at {@code placed} is written in three quotes ({@code """${N}"""}), so that a hint quotes it
   * as written.
   */
  private boolean tripleQuoted(Origin placed) {
    String line = placed.line() < 1 ? null : lineOf(placed.file(), placed.line());
    return line != null && line.startsWith("\"\"\"", columnsOf(line).index(placed.column()));
  }

  /** {@code placed}, inside a copy ({@link #copyAt}), noting where the copy is made. */
  private Origin inCopy(Origin placed) {
    return copyAt == null ? placed : placed.copiedBy(copyAt.what(), copyAt.at());
  }

  /**
   * The reference a value from the environment was written as: the last in what was written at its key that
   * gives the value ({@code ${?N}} of {@code r = 2, r = ${?N}}; {@code ${?A}} of {@code r = ${?A}, r = ${?B}}
   * with B unset), else the first on its line; references written together ({@code ${N}${M}}) are one, as the
   * value is made of them all.
   */
  private String reference(ConfigValue written, Origin origin) {
    String text = inEffect(written);
    String found = null;
    Matcher m = WRITTEN_REFERENCE.matcher(text == null ? "" : text);
    while (m.find()) {
      found = m.group();
    }
    String line = found != null || origin.line() < 1 ? null : lineOf(origin.file(), origin.line());
    if (line != null) {
      m = WRITTEN_REFERENCE.matcher(line);
      found = m.find() ? m.group() : null;
    }
    return found != null ? found : "an environment variable";
  }

  /**
   * Where a value at {@code key} that names {@code reference} is written. Typesafe makes {@code r = 2} and a
   * later {@code r = ${?N}} one value placed at the first of their lines ("f.conf: 6-7", or "f.conf: 6" for
   * {@code r = 2, r = ${?N}}); the line that names the reference, the last one between them that has it, is
   * where the value came from, and on the first line it is looked for from where that line's value starts.
   * The value starts after the key before it ({@code r = x-${N}}), or at the reference.
   */
  private Origin writtenAt(Origin origin, ConfigValue written, String key, String reference) {
    if (written == null || written.origin() == null || origin.line() < 1) {
      return origin;
    }
    Matcher range = LINE_RANGE.matcher(written.origin().description());
    for (int line = range.find() ? Integer.parseInt(range.group(2)) : origin.line(); line >= origin.line(); line--) {
      String text = lineOf(origin.file(), line);
      int at = text == null ? -1
          : text.indexOf(reference, line == origin.line() ? Sources.index(text, origin.column()) : 0);
      if (at >= 0) {
        int value = key == null ? -1 : valueBefore(text, key, at);
        return new Origin(origin.file(), line, Sources.column(text, value >= 0 ? value : at));
      }
    }
    return origin;
  }

  /**
   * What was written at a key that its value comes from, as Typesafe renders it concisely: of values written
   * there one after another ({@code r = ${?A}} then {@code r = ${?B}}), the last that gives a value, since a
   * later {@code ${?B}} with nothing to find leaves the one before in effect. Null when nothing written can be
   * read.
   */
  private String inEffect(ConfigValue written) {
    String text;
    try {
      text = written == null ? null : written.render(com.typesafe.config.ConfigRenderOptions.concise());
    } catch (RuntimeException e) {
      // An object still made of unresolved parts renders nothing useful.
      return null;
    }
    if (text == null || !written.getClass().getName().equals(DELAYED_MERGE)) {
      return text;
    }
    List<String> writings = writings(text);
    for (int i = writings.size() - 1; i > 0; i--) {
      if (givesValue(writings.get(i))) {
        return writings.get(i);
      }
    }
    return writings.get(0);
  }

  /**
   * The values of a merge as Typesafe renders it concisely ({@code 2,${N}0}), in the order written: split at
   * the commas outside strings, objects, lists and substitutions, all of which it writes delimited.
   */
  private static List<String> writings(String rendered) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    boolean quoted = false;
    for (int i = 0; i < rendered.length(); i++) {
      char c = rendered.charAt(i);
      if (quoted) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          quoted = false;
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == '{' || c == '[') {
        depth++;
      } else if (c == '}' || c == ']') {
        depth--;
      } else if (c == ',' && depth == 0) {
        out.add(rendered.substring(start, i));
        start = i + 1;
      }
    }
    out.add(rendered.substring(start));
    return out;
  }

  /**
   * Whether a value written at a key gives it a value: all but optional substitutions alone ({@code ${?A}},
   * {@code ${?A}${?B}}) that find nothing, in the file or in the environment.
   */
  private boolean givesValue(String writing) {
    Matcher m = SUBSTITUTION.matcher(writing);
    int end = 0;
    while (m.find() && m.start() == end) {
      if (m.group(1).isEmpty() || finds(m.group(2))) {
        return true;
      }
      end = m.end();
    }
    return end < writing.length();
  }

  private boolean finds(String substituted) {
    try {
      return scope.hasPathOrNull(substituted);
    } catch (ConfigException e) {
      // A path Typesafe cannot read ("a..b") finds nothing.
      return false;
    }
  }

  /** Typesafe's class for values written one after another at a key, merged only when resolved. */
  private static final String DELAYED_MERGE = "com.typesafe.config.impl.ConfigDelayedMerge";

  /** A substitution as Typesafe renders it: whether it is optional, and its path. */
  private static final Pattern SUBSTITUTION = Pattern.compile("\\$\\{(\\??)([^}]*)}");

  private static final Pattern LINE_RANGE = Pattern.compile(": ([0-9]+)-([0-9]+)$");

  /**
   * How Typesafe Config 1.4 starts the description of values merged from several files, followed by the places
   * they are written: {@code merge of x.conf: 6,/abs/inc.conf: 1-3}.
   */
  private static final String MERGE_OF = "merge of ";

  /** The end of a place in a merged description: its lines, then a comma and the next place, or the end. */
  private static final Pattern MERGED_LINES = Pattern.compile(": ([0-9]{1,9})(?:-[0-9]{1,9})?(?=,|$)");

  /** A file as a merged description names it, and the first line written there. */
  private record Written(String file, int line) {}

  /**
   * The places of a merged description without its {@link #MERGE_OF}, in its order; null when it cannot be read
   * as places. A file's name may hold ": 1," itself ({@code a: 1,b.conf}), so a place ends only where what comes
   * before is a file (the config, as it was given, or a file that is there) and the rest is places too.
   */
  private static List<Written> mergedFrom(String places, String file) {
    Matcher lines = MERGED_LINES.matcher(places);
    while (lines.find()) {
      String name = places.substring(0, lines.start());
      if (!name.equals(file) && !isFile(name)) {
        continue;
      }
      List<Written> after = lines.end() == places.length() ? List.of()
          : mergedFrom(places.substring(lines.end() + 1), file);
      if (after != null) {
        List<Written> all = new ArrayList<>(List.of(new Written(name, Integer.parseInt(lines.group(1)))));
        all.addAll(after);
        return all;
      }
    }
    return null;
  }

  private static boolean isFile(String name) {
    try {
      return !name.isEmpty() && Files.isRegularFile(Path.of(name));
    } catch (InvalidPathException e) {
      return false;
    }
  }

  /** References written together, {@code ${N}} or {@code ${N}${M}}: the whole of a value made of them. */
  private static final Pattern WRITTEN_REFERENCE =
      Pattern.compile("(?:\\$\\{\\??\\s*[A-Za-z_][A-Za-z0-9_.-]*\\s*})+");

  /** Whether the whole value is an environment variable's, from a {@code ${NAME}} or {@code ${?NAME}}. */
  private static boolean fromEnvironment(ConfigValue value) {
    return value.origin() != null && value.origin().filename() == null
        && value.origin().description().startsWith(ENVIRONMENT);
  }

  /** An integer as HOCON writes one; as unquoted text it can only be one that does not fit a long. */
  private static final Pattern BEYOND_LONG = Pattern.compile("-?[0-9]+");

  /**
   * A value written as substitutions and text together ({@code ${N}0}), as Typesafe renders it; null for any
   * other. Typesafe joins text with text as it parses, so a concatenation left until resolving has a
   * substitution in it; it has no public way to ask, and its class for them says it. Of values written one
   * after another at a key ({@code r = 2, r = ${N}0}), the one in effect is read as written.
   */
  private String around(ConfigValue written) {
    String name = written == null ? "" : written.getClass().getName();
    if (name.equals("com.typesafe.config.impl.ConfigConcatenation")) {
      return written.render(com.typesafe.config.ConfigRenderOptions.concise());
    }
    String writing = name.equals(DELAYED_MERGE) ? inEffect(written) : null;
    // Outside its strings, the value is more than one substitution, or text besides one.
    String unquoted = writing == null ? "" : QUOTED.matcher(writing).replaceAll("\"\"");
    return unquoted.contains("${") && !SUBSTITUTION.matcher(unquoted).matches() ? writing : null;
  }

  /** A string as Typesafe renders one, quoted and escaped. */
  private static final Pattern QUOTED = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");

  /**
   * Whether Typesafe read a string from unquoted text. Its tokenizer makes a number only of an integer
   * that fits a long, and unquoted text of a longer one, so 12345678901234567890 would be the string
   * "12345678901234567890" where YAML reads the number (README, YAML and HOCON: the same content compiles the same).
   * Typesafe has no public way to ask how a string was written; its class for unquoted ones says it.
   */
  private static boolean unquoted(ConfigValue value) {
    return value.getClass().getName().equals("com.typesafe.config.impl.ConfigString$Unquoted");
  }
}

package dev.stave.config;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Printable;
import dev.stave.diag.UserError;
import dev.stave.diag.Sources;
import java.io.Reader;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.CollectionEndEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.DocumentEndEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ImplicitTuple;
import org.yaml.snakeyaml.events.MappingEndEvent;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.events.SequenceEndEvent;
import org.yaml.snakeyaml.events.StreamEndEvent;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Reads YAML (and JSON) into the config tree, with a line and column on every value.
 *
 * <p>Plain scalars are typed by YAML 1.2's core rules, not YAML 1.1's: {@code yes}, {@code on} and
 * {@code 0755} stay strings, so a config means the same thing in YAML and in HOCON. Tags are refused,
 * aliases are expanded under a budget (alias bombs end in a diagnostic) and duplicate keys are errors.
 */
public final class YamlLoader {
  static final int MAX_NESTING = 100;
  static final int MAX_EXPANDED_NODES = 200_000;
  /**
   * The most characters a file's values may come to once aliases and variables are expanded, as HOCON's
   * substitutions may make (HoconLoader): an alias of a long string used a thousand times, or a long
   * variable named in many values, would otherwise grow past what the JVM can hold.
   */
  static final long MAX_CHARACTERS = 10_000_000;
  static final int MAX_CODE_POINTS = 8 * 1024 * 1024;

  private static final Pattern HEX = Pattern.compile("0x[0-9a-fA-F]+");
  private static final Pattern OCT = Pattern.compile("0o[0-7]+");

  private final Interpolator interpolator;
  /** The entries read, or null for all. */
  private final KeptEntries kept;
  private final int maxCodePoints;

  public YamlLoader(Env env) {
    this(new Interpolator(env), null, MAX_CODE_POINTS);
  }

  private YamlLoader(Interpolator interpolator, KeptEntries kept, int maxCodePoints) {
    this.interpolator = interpolator;
    this.kept = kept;
    this.maxCodePoints = maxCodePoints;
  }

  /** A loader that keeps {@code ${...}} as written: Terraform JSON uses that syntax for itself. */
  public static YamlLoader verbatim() {
    return new YamlLoader(null, null, MAX_CODE_POINTS);
  }

  /**
   * A loader of part of a large file that another tool wrote, verbatim: only the entries {@code kept}
   * keeps count towards the limits on values, and the file may hold up to {@code maxCodePoints}.
   */
  public static YamlLoader verbatim(KeptEntries kept, int maxCodePoints) {
    return new YamlLoader(null, kept, maxCodePoints);
  }

  /**
   * What the loader asks of a file's whole text besides its characters, which are read in turn: a large
   * file is not held as text ({@link Utf8Text}).
   */
  interface Text {
    /** Whether the text holds a U+0085 (NEL) anywhere. */
    boolean hasNel();

    /** The first U+0085, U+2028 or U+2029 in the text; null for none. */
    OddBreak firstOddBreak();

    /** The 1-based line, without its break, as {@link Sources#lines} splits it; null past the last. */
    String line(int line);

    /** Lines {@code first} to {@code last} ({@link #line}), fewer when the text ends before {@code last}. */
    default List<String> lines(int first, int last) {
      List<String> out = new ArrayList<>();
      for (int line = first; line <= last; line++) {
        String text = line(line);
        if (text == null) {
          break;
        }
        out.add(text);
      }
      return out;
    }
  }

  /** A line break of YAML's that most editors show inside a line: the character, and the 1-based line it ends. */
  record OddBreak(int line, char character) {}

  /** A text in memory. */
  private record InMemory(String text) implements Text {
    @Override
    public boolean hasNel() {
      return text.indexOf(NEL) >= 0;
    }

    @Override
    public OddBreak firstOddBreak() {
      int odd = YamlLoader.firstOddBreak(text);
      return odd < 0 ? null
          : new OddBreak(Sources.at("", text, odd, Sources.LineBreaks.YAML).line(), text.charAt(odd));
    }

    @Override
    public String line(int line) {
      String[] lines = Sources.lines(text, Sources.LineBreaks.YAML);
      return line < 1 || line > lines.length ? null : lines[line - 1];
    }

    @Override
    public List<String> lines(int first, int last) {
      // Split once: line() splits the whole text for each line.
      String[] lines = Sources.lines(text, Sources.LineBreaks.YAML);
      return Arrays.asList(lines).subList(Math.min(Math.max(first, 1), lines.length + 1) - 1,
          Math.min(last, lines.length));
    }
  }

  /** Parses {@code text} read from the file shown to users as {@code file}. */
  public Node load(String text, String file) {
    return load(() -> new LinearStreamReader(text, "'reader'"), new InMemory(text), file);
  }

  /**
   * Parses a file's text as {@code in} reads it, {@code text} telling the rest ({@link Utf8Text}):
   * {@code unprintable} is the index of its first code point that YAML does not allow, or -1.
   */
  Node load(Reader in, int unprintable, Text text, String file) {
    return load(() -> new LinearStreamReader(in, "'reader'", unprintable), text, file);
  }

  private Node load(Supplier<LinearStreamReader> reader, Text text, String file) {
    org.yaml.snakeyaml.nodes.Node root;
    LoaderOptions options = options();
    options.setCodePointLimit(maxCodePoints);
    LastEvent parser = null;
    LinearStreamReader characters = null;
    try {
      characters = reader.get();
      Parser events = new ParserImpl(characters, options);
      parser = new LastEvent(kept == null ? events : new PrunedEvents(events, kept));
      root = new Composer(parser, new NoImplicitTypes(), options).getSingleNode();
    } catch (MarkedYAMLException e) {
      throw new UserError(syntaxError(file, e, text));
    } catch (YAMLException e) {
      // The composer's own limits (aliases, nesting) come without a place: the event it was reading has one.
      Mark mark = parser == null ? null : parser.last;
      throw new UserError(problem(mark == null ? Origin.of(file) : origin(file, mark), firstLine(e.getMessage())));
    } catch (StackOverflowError e) {
      throw new UserError(Diagnostic.error(Origin.of(file), "", "yaml-depth",
          "the file is nested too deeply to read", "keep nesting under " + MAX_NESTING + " levels"));
    }
    if (root == null) {
      // Part of a file another tool wrote (kubectl's nodes): empty when that tool failed, as in a pipe.
      throw new UserError(Diagnostic.error(Origin.of(file), "", "empty",
          file.equals(ConfigLoader.STANDARD_INPUT) ? "standard input is empty" : "the file is empty",
          kept == null ? "a config needs at least 'kind' and 'name'"
              : "check that the command that wrote it succeeded (its errors go to its standard error)"));
    }
    Converter converter = new Converter(file, parser.aliases, text.hasNel() ? characters : null, parser.quotedInFlow);
    Node node = converter.convert(root, "", 0);
    if (parser.end != null && converter.expanded <= MAX_EXPANDED_NODES) {
      // The converter does not count inside what it refuses (a tagged list, a duplicate key's value), and a
      // file cut short must never pass: the value that went over is reported where it is written.
      converter.problems.add(tooManyValues(origin(file, parser.last), ""));
    }
    if (!converter.problems.isEmpty()) {
      throw new UserError(converter.problems);
    }
    return node;
  }

  private static LoaderOptions options() {
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    options.setMaxAliasesForCollections(50);
    options.setAllowRecursiveKeys(false);
    options.setNestingDepthLimit(MAX_NESTING);
    options.setMergeOnCompose(false);
    options.setTagInspector(tag -> false);
    return options;
  }

  /**
   * The parser's events, remembering where the last one handed out starts and where each alias is written.
   * The composer hands out the anchored node itself for an alias, so the node alone tells only where the
   * anchor is; a limit that an alias goes over is the alias's to report.
   *
   * <p>The values are counted as the converter counts a file without aliases (every node but a map's keys),
   * and the stream ends right after the one that goes over {@link #MAX_EXPANDED_NODES}: the converter then
   * reports that value as it would have, and the rest of the file is neither read nor held. A flow list of
   * 2,000,000 items took 15 to 23 s and over a gigabyte before it was refused.
   */
  private static final class LastEvent implements Parser {
    private final Parser parser;
    private Mark last;
    /** By the start of the list or map that holds them, as its node keeps it. */
    private final Map<Mark, Aliases> aliases = new IdentityHashMap<>();
    /**
     * Where the quoted scalars with a {@code ${} in them that a flow list or map holds start, as their nodes keep
     * it: a quoted variable there cannot do without its quotes (ScalarNode#inFlow).
     */
    private final Set<Mark> quotedInFlow = Collections.newSetFromMap(new IdentityHashMap<>());
    /** The lists and maps being read: where each starts, whether in flow style, and how many nodes it has so far. */
    private final Deque<Open> open = new ArrayDeque<>();
    private int values;
    /** Once the values go over the limit, the events that end the stream there; null until then. */
    private Deque<Event> end;

    private static final class Open {
      final Mark start;
      final boolean map;
      final boolean flow;
      int children;

      Open(Mark start, boolean map, boolean flow) {
        this.start = start;
        this.map = map;
        this.flow = flow;
      }
    }

    LastEvent(Parser parser) {
      this.parser = parser;
    }

    @Override
    public boolean checkEvent(Event.ID choice) {
      return end == null ? parser.checkEvent(choice) : !end.isEmpty() && end.peek().is(choice);
    }

    @Override
    public Event peekEvent() {
      return end == null ? parser.peekEvent() : end.peek();
    }

    @Override
    public Event getEvent() {
      if (end != null) {
        return end.poll();
      }
      Event event = parser.getEvent();
      if (event == null) {
        return null;
      }
      last = event.getStartMark();
      boolean value = false;
      if (event instanceof CollectionEndEvent) {
        open.pop();
      } else if (event instanceof NodeEvent) {
        Open parent = open.peek();
        value = parent == null || !parent.map || parent.children % 2 == 1;
        if (parent != null) {
          if (event.is(Event.ID.Alias)) {
            aliases.computeIfAbsent(parent.start, start -> new Aliases()).add(parent.children, last);
          }
          parent.children++;
        }
      }
      if (event instanceof ScalarEvent scalar && !scalar.isPlain() && open.peek() != null && open.peek().flow
          && scalar.getValue().contains("${")) {
        quotedInFlow.add(last);
      }
      if (event instanceof CollectionStartEvent start) {
        open.push(new Open(last, event instanceof MappingStartEvent, start.isFlow()));
      }
      if (value && ++values > MAX_EXPANDED_NODES) {
        end = ending(event.getEndMark());
      }
      return event;
    }

    /** The events that end every open list and map, innermost first, then the document and the stream. */
    private Deque<Event> ending(Mark at) {
      Deque<Event> events = new ArrayDeque<>();
      for (Open o : open) {
        if (o.map && o.children % 2 == 1) {
          // A list or map used as a key, which the converter refuses, is cut short: its value is empty.
          events.add(new ScalarEvent(null, null, new ImplicitTuple(true, false), "", at, at, ScalarStyle.PLAIN));
        }
        events.add(o.map ? new MappingEndEvent(at, at) : new SequenceEndEvent(at, at));
      }
      events.add(new DocumentEndEvent(at, at, false));
      events.add(new StreamEndEvent(at, at));
      return events;
    }
  }

  /**
   * Where the aliases that one list or map holds are written, by which of its nodes each is (a map's keys
   * and values counting in turn). Kept as numbers: a file may hold millions of aliases of a short value.
   */
  private static final class Aliases {
    private int[] children = new int[4];
    private int[] lines = new int[4];
    private int[] columns = new int[4];
    private int size;

    void add(int child, Mark at) {
      if (size == children.length) {
        children = Arrays.copyOf(children, size * 2);
        lines = Arrays.copyOf(lines, size * 2);
        columns = Arrays.copyOf(columns, size * 2);
      }
      children[size] = child;
      lines[size] = at.getLine();
      columns[size] = at.getColumn();
      size++;
    }

    /** Where the {@code child}th node is written as an alias; null when it is written out. */
    Origin at(String file, int child) {
      // Added in the order the parser reads them, so the children are sorted.
      int i = Arrays.binarySearch(children, 0, size, child);
      return i < 0 ? null : new Origin(file, lines[i] + 1, columns[i] + 1);
    }
  }

  private static Origin origin(String file, Mark mark) {
    return new Origin(file, mark.getLine() + 1, mark.getColumn() + 1);
  }

  /**
   * Every node without a tag resolves to {@link #UNTAGGED}; typing is done here by YAML 1.2 rules. SnakeYAML
   * would resolve an untagged scalar to {@code !!str}, which a written {@code !!str} could then pass for.
   */
  private static final class NoImplicitTypes extends Resolver {
    static final Tag UNTAGGED = new Tag("tag:stave.dev,2025:untagged");

    @Override
    protected void addImplicitResolvers() {
      // none: see the class comment of YamlLoader
    }

    @Override
    public Tag resolve(NodeId kind, String value, boolean implicit) {
      return UNTAGGED;
    }
  }

  private static Diagnostic syntaxError(String file, MarkedYAMLException e, Text text) {
    Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
    Origin origin = mark == null ? Origin.of(file) : atLastWritten(origin(file, mark), text);
    Diagnostic d = problem(origin, e.getProblem() != null ? e.getProblem() : firstLine(e.getMessage()));
    if (d.code().equals("yaml-syntax") && atPlainVariablesBrace(text, origin)) {
      d = Diagnostic.error(origin, "", d.code(), d.message(), "put the variable in quotes, \"${...}\": in a flow"
          + " list or map ([...] or {...}) a brace ends a plain value");
    }
    if (d.code().equals("yaml-syntax")) {
      d = withHoconHint(d, text);
    }
    OddBreak odd = text.firstOddBreak();
    int oddLine = odd == null ? Integer.MAX_VALUE : odd.line();
    if (oddLine >= origin.line() || d.code().equals("yaml-character")) {
      return d;
    }
    // Most editors show these inside a line, so the user's line numbers and YAML's differ from here on.
    List<String> hints = new ArrayList<>(d.hints());
    hints.add(String.format(java.util.Locale.ROOT, "line %d ends at a U+%04X, which YAML 1.1 reads as a line break"
        + " and most editors show inside a line: line numbers here count it", oddLine, (int) odd.character()));
    return Diagnostic.error(d.origin(), d.jsonPath(), d.code(), d.message(), hints.toArray(String[]::new));
  }

  /** {@code at}, or where the last line written ends when {@code at} is the end of the text after it. */
  private static Origin atLastWritten(Origin at, Text text) {
    String line = text.line(at.line());
    if (line == null || text.line(at.line() + 1) != null
        || at.column() < Sources.column(line, line.stripTrailing().length())) {
      return at;
    }
    int first = Math.max(1, at.line() - Sources.END_LOOKBACK);
    Origin written = Sources.endOfLastWritten(at.file(), first, text.lines(first, at.line()), "#");
    return written == null ? at : written;
  }

  /** How many lines up to a syntax error are looked at for one written as HOCON. */
  private static final int HOCON_LOOKBACK = 20;
  /**
   * How many lines above those are read to tell whether they are a block scalar's text, whose start may be
   * far above (a long script): enough for any script but a few, and a bound on what one error reads.
   */
  private static final int BLOCK_SCALAR_LOOKBACK = 1000;

  /**
   * {@code d} with a hint to name the file .conf when a line up to it is written as HOCON: there YAML's parser
   * only sees a plain value that goes on where a key was expected.
   */
  private static Diagnostic withHoconHint(Diagnostic d, Text text) {
    int first = Math.max(1, d.origin().line() - HOCON_LOOKBACK);
    int above = Math.max(1, first - BLOCK_SCALAR_LOOKBACK);
    List<String> lines = text.lines(above, d.origin().line());
    for (int i = first - above; i < lines.size(); i++) {
      String hint = ConfigFormat.hoconLineHint(lines.get(i), above + i);
      if (hint != null && !inBlockScalar(lines, i)) {
        return Diagnostic.error(d.origin(), d.jsonPath(), d.code(), d.message(), hint);
      }
    }
    return d;
  }

  /** A line that ends with a block scalar's indicator ({@code run: |}, {@code - >-}), maybe with a comment. */
  private static final Pattern BLOCK_SCALAR_START = Pattern.compile("(?:.*\\s)?[|>][-+1-9]{0,2}\\s*(?:#.*)?");

  /**
   * Whether {@code lines}' {@code index}th line is text of a block scalar that starts above it among them: a
   * script's {@code X=1} is no HOCON. A line less indented than every one below it up to {@code index} holds
   * them, and it starts a block scalar or is part of its text.
   */
  private static boolean inBlockScalar(List<String> lines, int index) {
    int indent = indent(lines.get(index));
    for (int i = index - 1; i >= 0 && indent > 0; i--) {
      String above = lines.get(i);
      if (!above.isBlank() && indent(above) < indent) {
        if (BLOCK_SCALAR_START.matcher(above).matches()) {
          return true;
        }
        indent = indent(above);
      }
    }
    return false;
  }

  private static int indent(String line) {
    return line.length() - line.stripLeading().length();
  }

  /** U+0085 (NEL): YAML 1.1 reads it as a line break, HOCON and most editors as an ordinary character. */
  private static final char NEL = '\u0085';

  /** The index of the first U+0085, U+2028 or U+2029 in {@code text}, or -1. */
  private static int firstOddBreak(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == NEL || c == '\u2028' || c == '\u2029') {
        return i;
      }
    }
    return -1;
  }

  /** Whether {@code origin} is the brace of a plain {@code ${}, which in a flow collection ends the value. */
  private static boolean atPlainVariablesBrace(Text text, Origin origin) {
    String line = origin.column() < 2 ? null : text.line(origin.line());
    if (line == null) {
      return false;
    }
    int columns = line.codePointCount(0, line.length());
    return origin.column() <= columns && line.startsWith("${", line.offsetByCodePoints(0, origin.column() - 2));
  }

  /** SnakeYAML's words for a problem, turned into stave's: what is wrong and what to do. */
  private static Diagnostic problem(Origin origin, String problem) {
    String code = "yaml-syntax";
    String hint = "check the indentation and the quoting on this line";
    if (problem.contains("which YAML does not allow")) {
      code = "yaml-character";
      hint = "remove it; in a double-quoted string, write it as an escape such as \\x07";
    } else if (problem.contains("tab")) {
      hint = "indent with spaces: YAML does not allow tabs for indentation";
    } else if (problem.contains("exceeds the limit") && problem.contains("code points")) {
      problem = "the file is larger than " + MAX_CODE_POINTS + " characters";
      hint = "configs are small; move large data to a file the process reads";
    } else if (problem.contains("Global tag is not allowed")) {
      code = "yaml-tag";
      problem = "YAML tags such as '" + problem.replaceFirst(".*tag:yaml.org,2002:", "!!") + "' are not allowed";
      hint = "remove the tag; stave reads plain values only";
    } else if (problem.contains("Nesting Depth")) {
      problem = "the file is nested more than " + MAX_NESTING + " levels deep";
      hint = "flatten the structure";
    } else if (problem.contains("found another document")) {
      // Symphony users keep several configs in one stream; stave reads one config per file.
      code = "yaml-documents";
      problem = "a config file holds one YAML document, and a second one starts here";
      hint = "put each config in a file of its own, or remove this '---'";
    } else if (problem.contains("aliases")) {
      problem = "the file uses too many aliases";
      hint = "write the values out instead of referring to anchors";
    }
    return Diagnostic.error(origin, "", code, "invalid YAML: " + problem, hint);
  }

  private static Diagnostic tooManyValues(Origin origin, String path) {
    return Diagnostic.error(origin, path, "yaml-size",
        "the file holds more than " + MAX_EXPANDED_NODES + " values (lists, maps and scalars)",
        "configs are small; keep large data in files that the processes read");
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unknown problem";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }

  private final class Converter {
    private final String file;
    private final Map<Mark, Aliases> aliases;
    /** The reader of a file that holds a U+0085 (NEL) anywhere, which notes where each is; null for others. */
    private final LinearStreamReader nels;
    private final Set<Mark> quotedInFlow;
    private final List<Diagnostic> problems = new ArrayList<>();
    private final Set<org.yaml.snakeyaml.nodes.Node> nelReported = Collections.newSetFromMap(new IdentityHashMap<>());
    private int expanded;
    private long characters;
    private final PathBudget paths = new PathBudget();
    /**
     * Where the alias being expanded is written in the file's own text, noting its anchor, or null: limits are
     * gone over there.
     */
    private Origin alias;
    /** The alias being expanded as written ({@code *base}), which the nodes inside its expansion note. */
    private String aliasName;
    /** Where that alias is written, without a note. */
    private Origin aliasAt;
    /**
     * Where the node about to be converted is used through an alias, noting its anchor; null when it is written
     * there. The alias is where its key got the value, and so where an error in the value is reported.
     */
    private Origin use;

    /**
     * @param aliases where the file's aliases are written ({@link LastEvent}); a file of too many values
     *     usually has some
     * @param nels the file's reader when it holds a U+0085 anywhere, so that only such files have their scalars
     *     searched
     * @param quotedInFlow the quoted scalars with a {@code ${} that flow lists and maps hold ({@link LastEvent})
     */
    Converter(String file, Map<Mark, Aliases> aliases, LinearStreamReader nels, Set<Mark> quotedInFlow) {
      this.file = file;
      this.aliases = aliases;
      this.nels = nels;
      this.quotedInFlow = quotedInFlow;
    }

    Origin origin(org.yaml.snakeyaml.nodes.Node n) {
      Mark m = n.getStartMark();
      return m == null ? Origin.of(file) : YamlLoader.origin(file, m);
    }

    /** Where a limit on what aliases expand to is gone over at {@code n}: the alias being expanded, if any. */
    Origin expansion(org.yaml.snakeyaml.nodes.Node n) {
      return alias == null ? origin(n) : alias;
    }

    /**
     * Converts the {@code index}th node that {@code parent} holds (a map's keys and values counting in turn).
     * Only an alias in the file's own text is remembered: inside a node an alias expands, the aliases are
     * the anchored node's, and the one to change is the alias that brought it in.
     */
    Node child(org.yaml.snakeyaml.nodes.Node parent, int index, org.yaml.snakeyaml.nodes.Node n, String path,
        int depth) {
      Aliases in = alias == null ? aliases.get(parent.getStartMark()) : null;
      Origin at = in == null ? null : in.at(file, index);
      if (at == null) {
        return convert(n, path, depth);
      }
      use = at.copiedFrom("the anchor &" + n.getAnchor(), origin(n));
      alias = use;
      aliasName = "*" + n.getAnchor();
      aliasAt = at;
      try {
        return convert(n, path, depth);
      } finally {
        alias = null;
        aliasName = null;
        aliasAt = null;
        use = null;
      }
    }

    /**
     * Where {@code n} is written, noting, inside an alias's expansion, the alias that copies it: the value is
     * written once, and an error in the copy is the copy's, so the note says which use made it, as HOCON's
     * for a substitution.
     */
    private Origin written(org.yaml.snakeyaml.nodes.Node n) {
      return aliasAt == null ? origin(n) : origin(n).copiedBy(aliasName, aliasAt);
    }

    /**
     * Where the key that is {@code map}'s {@code index}th node is written: at its alias when it is one, the
     * use that names the key there, not the anchor it brings in (which may be a value, or a key elsewhere).
     * Unlike a limit, a key belongs to the map's own text, so within an alias's expansion too.
     */
    private Origin keyOrigin(MappingNode map, int index, org.yaml.snakeyaml.nodes.Node key) {
      Aliases in = aliases.get(map.getStartMark());
      Origin at = in == null ? null : in.at(file, index);
      return at == null ? written(key) : at;
    }

    Node convert(org.yaml.snakeyaml.nodes.Node n, String path, int depth) {
      Origin origin = use != null ? use : written(n);
      use = null;
      if (paths.goesOver(path)) {
        problems.add(PathBudget.error(expansion(n), path, "yaml-size", "aliases"));
      }
      if (paths.over()) {
        return new ScalarNode(null, "null", origin);
      }
      if (++expanded > MAX_EXPANDED_NODES) {
        if (expanded == MAX_EXPANDED_NODES + 1) {
          problems.add(!aliases.isEmpty()
              ? Diagnostic.error(expansion(n), path, "yaml-bomb",
                  "the file expands to more than " + MAX_EXPANDED_NODES + " values through its aliases",
                  "write the values out instead of nesting aliases")
              : tooManyValues(origin, path));
        }
        return new ScalarNode(null, "null", origin);
      }
      if (depth > MAX_NESTING) {
        // SnakeYAML limits the nesting of the text; an alias can still nest a node inside itself.
        if (problems.stream().noneMatch(p -> p.code().equals("yaml-depth"))) {
          problems.add(Diagnostic.error(expansion(n), "", "yaml-depth",
              "the file nests more than " + MAX_NESTING + " levels deep through its aliases",
              "remove the alias that refers to a node from inside itself"));
        }
        return new ScalarNode(null, "null", origin);
      }
      Tag tag = n.getTag();
      if (!NoImplicitTypes.UNTAGGED.equals(tag)) {
        // As written: !!str, not SnakeYAML's tag:yaml.org,2002:str.
        String written = tag.getValue().startsWith(Tag.PREFIX)
            ? "!!" + tag.getValue().substring(Tag.PREFIX.length()) : tag.getValue();
        // The tag is written where the node is, not at an alias of it.
        problems.add(Diagnostic.error(origin(n), path, "yaml-tag",
            "YAML tags such as '" + written + "' are not allowed in a config",
            Tag.STR.equals(tag) ? "remove the tag, and put the value in quotes to make it a string"
                : "remove the tag; stave reads plain values only"));
        return new ScalarNode(null, "null", origin);
      }
      if (n instanceof MappingNode map) {
        return convertMap(map, origin, path, depth);
      }
      if (n instanceof SequenceNode seq) {
        List<Node> items = new ArrayList<>(seq.getValue().size());
        int i = 0;
        for (org.yaml.snakeyaml.nodes.Node item : seq.getValue()) {
          if (paths.over()) {
            // Each further path would be as long as this list's: not built, however many items are left.
            break;
          }
          if (isEmpty(item) && seq.getFlowStyle() == DumperOptions.FlowStyle.BLOCK) {
            // Nothing is written after '-': SnakeYAML places the empty item just after the dash, past the line's
            // last character when the line ends there, so an error in it is at the dash, as an empty value's
            // is at its key.
            Origin at = written(item);
            use = new Origin(at.file(), at.line(), at.column() - 1, at.copied(), at.copy());
          }
          items.add(child(seq, i, item, path + "[" + i + "]", depth + 1));
          i++;
        }
        return new ListNode(items, origin);
      }
      org.yaml.snakeyaml.nodes.ScalarNode scalar = (org.yaml.snakeyaml.nodes.ScalarNode) n;
      return scalar(scalar, origin, path);
    }

    private Node convertMap(MappingNode map, Origin origin, String path, int depth) {
      Map<String, Node> entries = new LinkedHashMap<>();
      Map<String, Origin> keyOrigins = new HashMap<>();
      int index = -1;
      for (NodeTuple tuple : map.getValue()) {
        if (paths.over()) {
          break;
        }
        // A key and its value are the map's two next nodes: the value is its second.
        index += 2;
        org.yaml.snakeyaml.nodes.Node keyNode = tuple.getKeyNode();
        Origin keyOrigin = keyOrigin(map, index - 1, keyNode);
        if (!(keyNode instanceof org.yaml.snakeyaml.nodes.ScalarNode keyScalar)) {
          problems.add(Diagnostic.error(keyOrigin, path, "yaml-key",
              "a key must be a plain string, not " + (keyNode instanceof MappingNode ? "a map" : "a list"),
              "write the key as text"));
          continue;
        }
        String key = keyScalar.getValue();
        if (foldedNel(keyScalar, path)) {
          continue;
        }
        if (keyScalar.isPlain() && "<<".equals(key)) {
          problems.add(Diagnostic.error(keyOrigin, path, "yaml-merge",
              "YAML merge keys ('<<') are not supported",
              "write the keys out, or use HOCON's object merging"));
          continue;
        }
        String childPath = path.isEmpty() ? Printable.pathKey(key) : path + "." + Printable.pathKey(key);
        if (entries.containsKey(key)) {
          Origin first = keyOrigins.get(key);
          problems.add(Diagnostic.error(keyOrigin, childPath, "duplicate-key",
              "key '" + key + "' is given twice (first at line " + first.line() + ")",
              "remove one of them"));
          continue;
        }
        keyOrigins.put(key, keyOrigin);
        org.yaml.snakeyaml.nodes.Node value = tuple.getValueNode();
        if (isEmpty(value)) {
          // Nothing is written after 'h:': SnakeYAML places the empty value after the colon, past the line's
          // last character (past the file's when the line has no newline), so an error in it is at its key.
          use = keyOrigin;
        }
        entries.put(key, child(map, index, value, childPath, depth + 1));
      }
      return new MapNode(entries, keyOrigins, origin);
    }

    /** Whether {@code n} is a value left out ({@code h:}): a plain scalar of no text and no width. */
    private static boolean isEmpty(org.yaml.snakeyaml.nodes.Node n) {
      return n instanceof org.yaml.snakeyaml.nodes.ScalarNode scalar && scalar.isPlain() && scalar.getValue().isEmpty()
          && scalar.getStartMark() != null && scalar.getEndMark() != null
          && scalar.getStartMark().getIndex() == scalar.getEndMark().getIndex();
    }

    /**
     * Whether {@code scalar} is written with a raw U+0085 (NEL), reporting it once. YAML 1.1 reads it as a
     * line break, and so folds it into a space (a line break in a {@code |} block): the value would
     * silently not be the text the file shows, nor what the same text means in HOCON, which keeps it.
     */
    private boolean foldedNel(org.yaml.snakeyaml.nodes.ScalarNode scalar, String path) {
      Mark start = scalar.getStartMark();
      Mark end = scalar.getEndMark();
      if (nels == null || start == null || end == null) {
        return false;
      }
      if (nelReported.contains(scalar)) {
        // Used again through an alias: its text is not counted toward the size limit, so it is not read again.
        return true;
      }
      int[] at = nels.nel(start.getIndex(), end.getIndex());
      if (at == null) {
        return false;
      }
      if (nelReported.add(scalar)) {
        problems.add(Diagnostic.error(new Origin(file, at[0] + 1, at[1] + 1), path, "yaml-nel",
            "the value holds the character U+0085 (NEL), which YAML 1.1 reads as a line break: it would"
                + " become a space, or a line break in a | block",
            "write the character meant (a U+0085 is often an ellipsis that was converted twice), or the escape"
                + " \\x85 in a double-quoted string to keep it"));
      }
      return true;
    }

    private Node scalar(org.yaml.snakeyaml.nodes.ScalarNode scalar, Origin origin, String path) {
      if (characters > MAX_CHARACTERS) {
        return new ScalarNode(null, "null", origin);
      }
      if (foldedNel(scalar, path)) {
        return new ScalarNode(null, "null", origin);
      }
      String raw = scalar.getValue();
      // A variable is set or not once for the text, which is written at the anchor of an alias.
      String value = interpolator == null ? raw : interpolator.apply(raw, origin(scalar), path, problems);
      if (value == null) {
        return new ScalarNode(null, "null", origin);
      }
      characters += value.length();
      if (characters > MAX_CHARACTERS) {
        problems.add(Diagnostic.error(expansion(scalar), path, "yaml-size",
            "the file's values come to more than " + String.format(java.util.Locale.ROOT, "%,d", MAX_CHARACTERS)
                + " characters through its aliases and variables",
            "write a long value that is used many times once, or keep large values out of the config"));
        return new ScalarNode(null, "null", origin);
      }
      if (interpolator != null && Interpolator.isReferencesOnly(raw)) {
        // A quoted variable is text, but where its place takes no text its quotes were only syntax (a
        // flow map's {replicas: "${N}"} needs them): VariableTypes reads it as written plain there.
        return scalar.isPlain() ? variable(value, origin, raw)
            : new ScalarNode(value, value, origin, raw, null, quotedInFlow.contains(scalar.getStartMark()),
                scalar.getScalarStyle().getChar());
      }
      if (interpolator != null && !Interpolator.referencesIn(raw).isEmpty()) {
        // Text around a variable (x-${N}, ${MAJOR}.${MINOR}), quoted or not, makes a string, as HOCON's
        // "x-"${N} does.
        return ScalarNode.around(value, origin, raw);
      }
      if (!scalar.isPlain()) {
        return new ScalarNode(value, value, origin);
      }
      try {
        return typed(value, origin);
      } catch (NumberFormatException e) {
        problems.add(Numbers.tooLarge(origin(scalar), path));
        return new ScalarNode(null, "null", origin);
      }
    }
  }

  /**
   * A value made of variables alone, {@code reference} as written: typed as its text would be written in
   * its place, or a string where that text is a number too large to read, for the schema to settle.
   */
  static ScalarNode variable(String text, Origin origin, String reference) {
    Object value;
    try {
      value = typed(text, origin).value();
    } catch (NumberFormatException e) {
      value = text;
    }
    return new ScalarNode(value, text, origin, reference);
  }

  /**
   * YAML 1.2 core schema typing of a plain scalar.
   *
   * @throws NumberFormatException for a decimal number whose exponent is out of range
   */
  static ScalarNode typed(String text, Origin origin) {
    switch (text) {
      case "", "~", "null", "Null", "NULL":
        return new ScalarNode(null, text, origin);
      case "true", "True", "TRUE":
        return new ScalarNode(Boolean.TRUE, text, origin);
      case "false", "False", "FALSE":
        return new ScalarNode(Boolean.FALSE, text, origin);
      default:
        break;
    }
    char first = text.charAt(0);
    if ((first >= '0' && first <= '9') || first == '-' || first == '+' || first == '.') {
      if (HEX.matcher(text).matches()) {
        return new ScalarNode(new BigInteger(text.substring(2), 16), text, origin);
      }
      if (OCT.matcher(text).matches()) {
        return new ScalarNode(new BigInteger(text.substring(2), 8), text, origin);
      }
      Object number = Numbers.decimal(text);
      if (number != null) {
        return new ScalarNode(number, text, origin);
      }
    }
    return new ScalarNode(text, text, origin);
  }
}

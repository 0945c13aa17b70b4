package dev.stave.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import dev.stave.config.LinearStreamReader;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * stave's one YAML writer, and the reader its self-checks use.
 *
 * <p>Output is block style in kubectl's layout, with no anchors, tags, comments or folded lines, so a
 * changed value is a one-line diff. Strings are plain only where no YAML 1.1 or 1.2 reader could take
 * them for anything else ({@link ScalarStyle}); multi-line text is a {@code |} block where that is
 * exact, double-quoted with escapes otherwise. The same value tree always gives the same bytes.
 */
public final class CanonicalYaml {

  private CanonicalYaml() {}

  /**
   * One YAML document (no {@code ---}) ending in exactly one line break.
   *
   * @param document a {@code Map<String, ?>} (written in its iteration order), {@code List}, String,
   *     Boolean, Integer, Long, BigInteger, Double, Float, BigDecimal or null, nested freely
   * @throws IllegalArgumentException naming the path of any other type, a non-string key, NaN or an
   *     infinity, or a string holding a character YAML cannot carry (a lone surrogate, U+FFFE, U+FFFF)
   */
  public static String emit(Object document) {
    return BlockWriter.write(document);
  }

  /**
   * Reads one YAML document the way kubectl's go-yaml v2 does as far as SnakeYAML allows: YAML 1.1
   * resolution ({@code yes} is true, {@code 0755} is 493), timestamps kept as strings, duplicate keys
   * and Java tags rejected, aliases limited.
   *
   * @return nested LinkedHashMap, ArrayList, String, Boolean, Integer, Long, BigInteger, Double or null
   * @throws IllegalArgumentException if the text is not a single valid YAML document
   */
  public static Object parse(String text) {
    try {
      PlainConstructor constructor = READER.get();
      constructor.setComposer(new Composer(parser(text), RESOLVER, constructor.options));
      return constructor.getSingleData(Object.class);
    } catch (MarkedYAMLException e) {
      Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
      throw new NotYaml(e, e.getProblem() != null ? e.getProblem() : e.getContext(),
          mark == null ? 0 : mark.getLine() + 1, mark == null ? 0 : mark.getColumn() + 1);
    } catch (YAMLException e) {
      throw new IllegalArgumentException("not a single valid YAML document: " + e.getMessage(), e);
    }
  }

  /**
   * Text that {@link #parse} cannot read, with the reader's problem (null if it gave none) and the 1-based line
   * and column where it stopped (0 and 0 where it named none), for callers outside the renderer, which keep to
   * no YAML library of their own.
   */
  public static final class NotYaml extends IllegalArgumentException {
    private final String problem;
    private final int line;
    private final int column;

    NotYaml(YAMLException cause, String problem, int line, int column) {
      super("not a single valid YAML document: " + cause.getMessage(), cause);
      this.problem = problem;
      this.line = line;
      this.column = column;
    }

    public String problem() {
      return problem;
    }

    public int line() {
      return line;
    }

    public int column() {
      return column;
    }
  }

  /**
   * The events of one YAML stream as the reader of {@link #parse} sees them, without building its
   * nodes: for checking small documents whose shape is known. Null when the text is not YAML.
   */
  static List<Event> events(String text) {
    try {
      List<Event> all = new ArrayList<>();
      Parser parser = parser(text);
      while (parser.peekEvent() != null) {
        all.add(parser.getEvent());
      }
      return all;
    } catch (YAMLException e) {
      return null;
    }
  }

  /**
   * The string that {@link #parse} makes of a scalar event: its value when the reader resolves it to a
   * string (a timestamp too, as go-yaml leaves those), null when it would be anything else, or it
   * carries a tag or an anchor.
   */
  static String stringOf(ScalarEvent scalar) {
    if (scalar.getTag() != null || scalar.getAnchor() != null) {
      return null;
    }
    Tag tag = RESOLVER.resolve(NodeId.scalar, scalar.getValue(), scalar.getImplicit().canOmitTagInPlainScalar());
    return tag.equals(Tag.STR) || tag.equals(Tag.TIMESTAMP) ? scalar.getValue() : null;
  }

  // YAML 1.1 resolution, as kubectl's go-yaml v2; shared, since resolving only reads its tables.
  private static final Resolver RESOLVER = new Resolver();

  // Every object is parsed twice (template output, then the emitted text), so the reader is set up
  // once per thread rather than per call; a SnakeYAML constructor may be reused but not shared.
  private static final ThreadLocal<PlainConstructor> READER = ThreadLocal.withInitial(CanonicalYaml::reader);

  /**
   * The longest text read: a template's output for one object or a bundle file. ConfigMaps top out at
   * 1 MiB; this leaves room for a whole rendered bundle document.
   */
  static final int MAX_CODE_POINTS = 64 * 1024 * 1024;

  /**
   * SnakeYAML's parser over a reader that takes linear time: its own reader takes quadratic time in the
   * length of a word or a line (LinearStreamReader), and template output or a bundle file may hold a
   * value of megabytes.
   */
  private static Parser parser(String text) {
    return new ParserImpl(new LinearStreamReader(text, "'string'"), READER.get().options);
  }

  private static PlainConstructor reader() {
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    options.setMaxAliasesForCollections(50);
    options.setAllowRecursiveKeys(false);
    options.setNestingDepthLimit(BlockWriter.MAX_DEPTH + 10);
    options.setCodePointLimit(MAX_CODE_POINTS);
    return new PlainConstructor(options);
  }

  /**
   * Structural equality as a YAML reader sees it: numbers by value ({@code 1}, {@code 1L} and {@code
   * 1.0} are equal), maps by entries regardless of order, lists in order, everything else by equals.
   */
  public static boolean sameValue(Object a, Object b) {
    if (a == b) {
      return true;
    }
    if (a == null || b == null) {
      return false;
    }
    if (a instanceof Number x && b instanceof Number y) {
      return YamlNumbers.sameNumber(x, y);
    }
    if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (Map.Entry<?, ?> e : x.entrySet()) {
        if (!y.containsKey(e.getKey()) || !sameValue(e.getValue(), y.get(e.getKey()))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof List<?> x && b instanceof List<?> y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!sameValue(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }

  /**
   * SafeConstructor narrowed to the JSON-like types stave emits. go-yaml v2 leaves timestamps as
   * strings when decoding into an untyped value, so this does too; binary, set, omap and pairs have no
   * place in a manifest and fail as unknown tags.
   */
  private static final class PlainConstructor extends SafeConstructor {
    final LoaderOptions options;

    PlainConstructor(LoaderOptions options) {
      super(options);
      this.options = options;
      // What SnakeYAML's Yaml would set from the options, since this constructor is used without one.
      setAllowDuplicateKeys(options.isAllowDuplicateKeys());
      setWarnOnDuplicateKeys(options.isWarnOnDuplicateKeys());
      setWrappedToRootException(options.isWrappedToRootException());
      yamlConstructors.put(Tag.TIMESTAMP, new ConstructYamlStr());
      yamlConstructors.remove(Tag.BINARY);
      yamlConstructors.remove(Tag.SET);
      yamlConstructors.remove(Tag.OMAP);
      yamlConstructors.remove(Tag.PAIRS);
    }
  }
}

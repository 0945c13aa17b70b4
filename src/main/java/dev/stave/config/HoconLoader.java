package dev.stave.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigResolveOptions;
import com.typesafe.config.ConfigSyntax;
import com.typesafe.config.ConfigValue;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Sources;
import dev.stave.diag.UserError;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads HOCON into the config tree. Typesafe Config brings {@code include}, {@code ${substitutions}}
 * and {@code ${?ENV}}; its origins carry lines only, so the column is found by looking for the key on
 * that line.
 */
public final class HoconLoader {
  private static final int MAX_DEPTH = 100;

  private final Env env;
  private final Sources lines;

  public HoconLoader(Env env, Sources lines) {
    this.env = env;
    this.lines = lines;
  }

  public Node load(Path path, String file) {
    Config config;
    try {
      ConfigParseOptions options = ConfigParseOptions.defaults()
          .setSyntax(ConfigSyntax.CONF)
          .setAllowMissing(false)
          .setOriginDescription(file);
      // Absolute, so that includes resolve next to the file even when it is named without a folder.
      Config parsed = ConfigFactory.parseFile(path.toAbsolutePath().toFile(), options);
      Config envConfig = ConfigFactory.parseMap(envAsPaths(), "environment");
      config = parsed.resolveWith(parsed.withFallback(envConfig),
          ConfigResolveOptions.noSystem().setAllowUnresolved(false));
    } catch (ConfigException e) {
      throw new UserError(problem(e, path, file));
    } catch (StackOverflowError e) {
      throw new UserError(Diagnostic.error(Origin.of(file), "", "hocon-depth",
          "the file is nested too deeply, or its includes or substitutions loop",
          "remove the cycle and keep nesting under " + MAX_DEPTH + " levels"));
    }
    List<Diagnostic> problems = new ArrayList<>();
    Node node = convert(config.root(), path, file, "", null, 0, problems);
    if (!problems.isEmpty()) {
      throw new UserError(problems);
    }
    return node;
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
    if (e instanceof ConfigException.UnresolvedSubstitution) {
      code = "hocon-substitution";
      hint = "define the value, or write ${?NAME} to make it optional";
    } else if (message.contains("cycle") || message.contains("nested more than")) {
      code = "hocon-cycle";
      hint = "remove the cycle between includes or substitutions";
    } else if (e instanceof ConfigException.IO || message.contains("not found")) {
      code = "hocon-io";
      hint = "check that the included file exists";
    }
    return Diagnostic.error(origin, "", code, "invalid HOCON: " + oneLine(message), hint);
  }

  private static String oneLine(String s) {
    String t = s.replace('\n', ' ').replace('\r', ' ');
    int aside = t.indexOf(" (if you intended");
    if (aside > 0) {
      t = t.substring(0, aside);
    }
    return t.length() > 300 ? t.substring(0, 300) + "..." : t;
  }

  /** The substitution a message names ("${a}"), or the token a parse error met ("got ']'"). */
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
    String text = origin.line() < 1 ? null : lines.line(origin.file(), origin.line());
    if (text == null) {
      return origin;
    }
    return new Origin(origin.file(), origin.line(), errorColumn(text, message));
  }

  static int errorColumn(String line, String message) {
    Matcher substitution = NAMED_SUBSTITUTION.matcher(message);
    if (substitution.find()) {
      String name = Pattern.quote(substitution.group(1).trim());
      Matcher written = Pattern.compile("\\$\\{\\??\\s*" + name + "\\s*}").matcher(line);
      if (written.find()) {
        return written.start() + 1;
      }
    }
    Matcher token = MET_TOKEN.matcher(message);
    String met = token.find() ? token.group(1) : null;
    if ("newline".equals(met) || message.contains("token: end of file")) {
      return line.stripTrailing().length() + 1;
    }
    if (met != null && line.indexOf(met) >= 0 && line.indexOf(met) == line.lastIndexOf(met)) {
      return line.indexOf(met) + 1;
    }
    return firstColumn(line);
  }

  private Origin origin(ConfigOrigin o, Path path, String file, String key) {
    return origin(o, path, file, key, false);
  }

  /** With {@code atValue}, the column of the value written after the key instead of the key's. */
  private Origin origin(ConfigOrigin o, Path path, String file, String key, boolean atValue) {
    if (o == null) {
      return Origin.of(file);
    }
    String shown = file;
    if (o.filename() != null) {
      Path p = Path.of(o.filename());
      if (!p.toAbsolutePath().normalize().equals(path.toAbsolutePath().normalize())) {
        shown = Sources.display(p);
      }
    }
    int line = o.lineNumber();
    if (line < 1) {
      return Origin.of(shown);
    }
    int column = 1;
    if (key != null) {
      String text = lines.line(shown, line);
      if (text != null) {
        column = atValue ? valueColumnOf(text, key) : columnOf(text, key);
      }
    }
    return new Origin(shown, line, column);
  }

  /** The column after {@code key}, its separator ('=' or ':') and spaces; the key's column if none. */
  private static int valueColumnOf(String line, String key) {
    int keyColumn = columnOf(line, key);
    int i = keyColumn - 1 + key.length();
    if (i < line.length() && line.charAt(i) == '"') {
      i++;
    }
    while (i < line.length() && line.charAt(i) == ' ') {
      i++;
    }
    if (i < line.length() && (line.charAt(i) == '=' || line.charAt(i) == ':')) {
      i++;
      while (i < line.length() && line.charAt(i) == ' ') {
        i++;
      }
      return i + 1;
    }
    return keyColumn;
  }

  private static int columnOf(String line, String key) {
    int at = line.indexOf(key);
    if (at < 0) {
      at = line.indexOf('"' + key + '"');
    }
    return at < 0 ? firstColumn(line) : at + 1;
  }

  /** The column of the line's first character that is not a space. */
  private static int firstColumn(String line) {
    int at = 0;
    while (at < line.length() && Character.isWhitespace(line.charAt(at))) {
      at++;
    }
    return at + 1;
  }

  private Node convert(ConfigValue value, Path path, String file, String jsonPath, String key, int depth,
      List<Diagnostic> problems) {
    boolean scalar = value.valueType() != com.typesafe.config.ConfigValueType.OBJECT
        && value.valueType() != com.typesafe.config.ConfigValueType.LIST;
    Origin origin = origin(value.origin(), path, file, key, scalar);
    if (depth > MAX_DEPTH) {
      if (problems.isEmpty()) {
        problems.add(Diagnostic.error(origin, jsonPath, "hocon-depth",
            "the config is nested more than " + MAX_DEPTH + " levels deep", "flatten the structure"));
      }
      return new ScalarNode(null, "null", origin);
    }
    switch (value.valueType()) {
      case OBJECT: {
        ConfigObject object = (ConfigObject) value;
        Map<String, Node> entries = new LinkedHashMap<>();
        Map<String, Origin> keyOrigins = new HashMap<>();
        // HOCON objects have no order; sort so that nothing downstream can see hash order.
        for (String k : new TreeSet<>(object.keySet())) {
          ConfigValue child = object.get(k);
          String childPath = jsonPath.isEmpty() ? k : jsonPath + "." + k;
          Node node = convert(child, path, file, childPath, k, depth + 1, problems);
          entries.put(k, node);
          keyOrigins.put(k, origin(child.origin(), path, file, k));
        }
        return new MapNode(entries, keyOrigins, origin);
      }
      case LIST: {
        ConfigList list = (ConfigList) value;
        List<Node> items = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
          items.add(convert(list.get(i), path, file, jsonPath + "[" + i + "]", null, depth + 1, problems));
        }
        return new ListNode(items, origin);
      }
      case NUMBER: {
        // The number as written (1.50, 1e3, 007), as the YAML loader keeps it: render() and unwrapped()
        // give Typesafe's double or long (1.5, 1000, 7), which would make the formats differ (SPEC 1.1).
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
      default:
        return ScalarNode.string((String) value.unwrapped(), origin);
    }
  }
}

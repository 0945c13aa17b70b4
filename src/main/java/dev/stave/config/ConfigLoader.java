package dev.stave.config;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.IoErrors;
import dev.stave.diag.Origin;
import dev.stave.diag.Sources;
import dev.stave.diag.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Picks the reader by file extension: {@code .yaml}, {@code .yml} and {@code .json} as YAML, {@code .conf} as
 * HOCON.
 */
public final class ConfigLoader {
  /** Configs are small; a larger file is almost certainly a mistake or an attack. */
  public static final long MAX_FILE_BYTES = 8L * 1024 * 1024;
  /** What standard input is called in diagnostics. */
  public static final String STANDARD_INPUT = "<stdin>";
  /** {@code ${NAME}}, {@code ${NAME:-x}} (YAML) and {@code ${?NAME}} (HOCON). */
  private static final Pattern ENV_REFERENCE = Pattern.compile("\\$\\{\\??([A-Za-z_][A-Za-z0-9_]*)");

  private final Env env;
  private final Sources sources;

  public ConfigLoader(Env env, Sources sources) {
    this.env = env;
    this.sources = sources;
  }

  /** Loads a file the user named: its includes may name files in its folder and in the current one. */
  public ConfigFile load(Path given) {
    return load(given, null, new YamlLoader(env), MAX_FILE_BYTES, false);
  }

  /**
   * Loads a file that a config named (an inventory, a contexts file): its includes may name files only
   * where that config may ({@code folders}), which the caller has checked the file itself against.
   */
  public ConfigFile load(Path given, ProjectFolders folders) {
    return load(given, folders, new YamlLoader(env), MAX_FILE_BYTES, false);
  }

  /** Loads a file whose {@code ${...}} belong to another tool (Terraform JSON): no variables are replaced. */
  public ConfigFile loadVerbatim(Path given) {
    return load(given, null, YamlLoader.verbatim(), MAX_FILE_BYTES, false);
  }

  /** {@link #loadVerbatim(Path)} of a file that a config named, as {@link #load(Path, ProjectFolders)}. */
  public ConfigFile loadVerbatim(Path given, ProjectFolders folders) {
    return load(given, folders, YamlLoader.verbatim(), MAX_FILE_BYTES, false);
  }

  /**
   * Loads, verbatim, the entries that {@code kept} keeps of a JSON or YAML file that another tool wrote
   * and that may be larger than a config ({@code kubectl get nodes -o json} of a large cluster), up to
   * {@code maxBytes}. The limits on values count only the entries kept. A HOCON file is read whole.
   */
  public ConfigFile loadPart(Path given, KeptEntries kept, int maxBytes) {
    return load(given, null, YamlLoader.verbatim(kept, maxBytes), maxBytes, true);
  }

  /** @param large whether a JSON or YAML file is held as its bytes ({@link Utf8Text}) rather than as text */
  private ConfigFile load(Path given, ProjectFolders named, YamlLoader yaml, long maxBytes, boolean large) {
    Path path = expandHome(given);
    ProjectFolders folders = named != null ? named : ProjectFolders.around(path);
    String file = Sources.display(path);
    ConfigFormat format = ConfigFormat.of(path);
    boolean hocon = format == ConfigFormat.HOCON;
    if (Files.isDirectory(path)) {
      // Before the name, which a folder seldom has the extension of.
      throw new UserError(Diagnostic.error(Origin.of(file), "", "io", "this is a folder, not a file",
          "name the config files themselves, e.g. " + file + "/*.yaml"));
    }
    if (!Files.exists(path)) {
      // Before the name too: a mistyped path is better told as missing than as of an unknown format.
      throw new UserError(missing(given.toString(), file));
    }
    if (format == null) {
      // Checked before reading, so that a path to any other file (/etc/passwd) never has a line quoted.
      sources.neverQuote(file);
      throw new UserError(Diagnostic.error(Origin.of(file), "", "file-type",
          "cannot tell the format of '" + file + "' from its name",
          "name config files *.yaml, *.yml, *.json, or *.conf or *.hocon (HOCON)"));
    }
    if (large && !hocon) {
      return parse(reading(path, file, maxBytes, size -> Utf8Text.of(path, (int) size, file)), file, path, folders,
          yaml);
    }
    Sources.LineBreaks breaks = hocon ? Sources.LineBreaks.HOCON : Sources.LineBreaks.YAML;
    return parse(text(read(path, file, maxBytes), file, breaks), file, path, folders, hocon, yaml);
  }

  /**
   * Why the file {@code given} is not there. {@code -} is standard input to many tools, but a config is
   * read from a file, whose name says its format and whose folder relative paths start from; another
   * name that starts with {@code -} came after {@code --} (else it would have been an unknown option), so
   * it may be an option meant for stave.
   */
  private static Diagnostic missing(String given, String file) {
    if (given.equals("-")) {
      return Diagnostic.error(Origin.of(file), "", "no-file",
          "'-' names no file: stave does not read configs from standard input",
          "save the config to a file named *.yaml or *.conf and name that file; its name says its format, and"
              + " relative paths in it start from its folder");
    }
    String hint = "check the path; relative paths start from the current folder";
    if (given.startsWith("-")) {
      hint += "; every argument after '--' is a file, so write an option such as '" + file + "' before '--'";
    }
    return Diagnostic.error(Origin.of(file), "", "no-file", "file not found", hint);
  }

  /**
   * {@link #loadPart(Path, KeptEntries, int)} of JSON or YAML on standard input, named {@code <stdin>}
   * in diagnostics, for a command that reads another tool's output through a pipe
   * ({@code kubectl get nodes -o json | ...}).
   */
  public ConfigFile loadPart(InputStream in, KeptEntries kept, int maxBytes) {
    String file = STANDARD_INPUT;
    Utf8Text text;
    try {
      text = Utf8Text.of(in, maxBytes, file);
    } catch (IOException e) {
      throw new UserError(Diagnostic.error(Origin.of(file), "", "io",
          "cannot read standard input: " + IoErrors.cause(e), "pipe the file in, or name it instead of '-'"));
    }
    if (text == null) {
      throw new UserError(tooLarge(file, "standard input holds more than the " + maxBytes + " bytes stave reads",
          maxBytes));
    }
    Path path = Path.of("").toAbsolutePath().resolve(file);
    return parse(text, file, path, ProjectFolders.around(path), YamlLoader.verbatim(kept, maxBytes));
  }

  /** {@link #parse(String, String, Path, ProjectFolders, boolean, YamlLoader)} of a file held as its bytes. */
  private ConfigFile parse(Utf8Text text, String file, Path path, ProjectFolders folders, YamlLoader yaml) {
    sources.put(file, text::line);
    try {
      text.eachLineWithReferences(this::hideReferenced);
    } catch (IOException e) {
      throw new UserError(unreadable(file, e));
    }
    Node root;
    try (Reader in = text.reader()) {
      root = yaml.load(in, text.unprintable(), text, file);
    } catch (UserError e) {
      // An error in a file that changed may be of text that is no longer there.
      text.unchanged(file);
      // As below; the text is made whole only here, as a file that parses never needs it.
      try {
        sources.hideCredentialLines(text.whole(), false);
      } catch (IOException unread) {
        throw new UserError(unreadable(file, unread));
      }
      throw e;
    } catch (IOException | UncheckedIOException e) {
      throw new UserError(unreadable(file, e instanceof UncheckedIOException u ? u.getCause() : (IOException) e));
    }
    text.unchanged(file);
    return checked(root, file, path, folders);
  }

  /** Hides the values of the variables that {@code text} refers to, which a diagnostic might quote. */
  private void hideReferenced(String text) {
    Matcher reference = ENV_REFERENCE.matcher(text);
    while (reference.find()) {
      env.get(reference.group(1)).ifPresent(sources::hide);
    }
  }

  private ConfigFile parse(String text, String file, Path path, ProjectFolders folders, boolean hocon,
      YamlLoader yaml) {
    Sources.LineBreaks breaks = hocon ? Sources.LineBreaks.HOCON : Sources.LineBreaks.YAML;
    sources.put(file, text, breaks);
    hideReferenced(text);
    Node root;
    try {
      root = hocon ? new HoconLoader(env, sources, folders).load(path, file)
          : yaml.load(text, file);
    } catch (UserError e) {
      // A file that does not parse has no keys to go by, and its error quotes a line: hide whatever
      // follows a credential's key on any line, as the parsed file would have had it hidden.
      sources.hideCredentialLines(text, hocon);
      throw e;
    }
    return checked(root, file, path, folders);
  }

  /** The config file of a parsed {@code root}, once it is a map whose strings a YAML file can hold. */
  private ConfigFile checked(Node root, String file, Path path, ProjectFolders folders) {
    if (!(root instanceof MapNode)) {
      // YAML reads lines of HOCON without a brace (kind = experiment) as one string that goes on over them.
      // The line as written, not the string: a quoted "a = b" is no HOCON, and ${CONF}'s value is hidden.
      int line = root.origin().line();
      String hocon = root instanceof ScalarNode ? ConfigFormat.hoconLineHint(sources.line(file, line), line) : null;
      throw new UserError(Diagnostic.error(root.origin(), "", "not-a-map",
          "a config must be a map of keys, not " + root.describe(),
          hocon != null ? hocon : "start the file with 'kind: ...'"));
    }
    hideCredentials((MapNode) root, "");
    List<Diagnostic> unwritable = new ArrayList<>();
    checkCharacters(root, "", unwritable);
    if (!unwritable.isEmpty()) {
      throw new UserError(unwritable);
    }
    return new ConfigFile(root, file, path, env.home(), folders);
  }

  /**
   * Strings that no YAML file can hold: a lone surrogate (half of a character, which a {@code \ud800}
   * escape can make) or U+FFFE/U+FFFF. They would reach the bundle's emitter, which refuses them.
   */
  private static void checkCharacters(Node node, String path, List<Diagnostic> problems) {
    if (node instanceof MapNode map) {
      map.entries().forEach((key, value) -> {
        String child = path.isEmpty() ? key : path + "." + key;
        checkString(key, map.keyOrigin(key), child, "key", problems);
        checkCharacters(value, child, problems);
      });
    } else if (node instanceof ListNode list) {
      for (int i = 0; i < list.items().size(); i++) {
        checkCharacters(list.items().get(i), path + "[" + i + "]", problems);
      }
    } else if (node instanceof ScalarNode s && s.value() instanceof String text) {
      checkString(text, s.origin(), path, "value", problems);
    }
  }

  private static void checkString(String s, Origin origin, String path, String what, List<Diagnostic> problems) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c) || c == '\uFFFE' || c == '\uFFFF') {
        String code = String.format(Locale.ROOT, "U+%04X", (int) c);
        boolean half = Character.isSurrogate(c);
        problems.add(Diagnostic.error(origin, path, "unwritable-character",
            "the " + what + " holds " + (half ? "a lone surrogate " + code + ", half of a character,"
                : "the non-character " + code) + " which no YAML file can carry",
            half ? "write the whole character (an emoji is one \\U0001F600 escape, or two \\u escapes in a row)"
                : "remove it"));
        return;
      }
    }
  }

  /**
   * Marks the values of credential keys ({@code api_token}, {@code secret_key}, {@code output.key}) so that
   * no diagnostic prints them, even when they are written in the config itself: a diagnostic quotes source
   * lines, and only {@code stave secrets} may print a credential.
   */
  private void hideCredentials(MapNode map, String parent) {
    map.entries().forEach((key, value) -> {
      if (key.equals("api_token") || key.equals("secret_key") || key.equals("key") && parent.equals("output")) {
        hideAll(value);
      } else if (value instanceof MapNode m) {
        hideCredentials(m, key);
      }
    });
  }

  private void hideAll(Node node) {
    if (node instanceof ScalarNode s) {
      sources.hide(s.text());
      sources.hideWrittenOver(s.origin().file(), s.origin().line(), s.origin().column(), s.text());
    } else if (node instanceof MapNode m) {
      m.entries().values().forEach(this::hideAll);
    } else if (node instanceof ListNode l) {
      l.items().forEach(this::hideAll);
    }
  }

  /** A path as written in a config or on the command line: {@code ~} at the start is the home folder. */
  public Path expandHome(Path path) {
    return ConfigFile.underHome(env.home(), path.toString());
  }

  /** Why a config cannot be read, in words ("permission denied"), not as the name of a Java exception. */
  static Diagnostic unreadable(String file, IOException e) {
    return Diagnostic.error(Origin.of(file), "", "io", "cannot read the file: " + IoErrors.cause(e),
        "check that it is a readable file");
  }

  private static Diagnostic tooLarge(String file, String message, long maxBytes) {
    return Diagnostic.error(Origin.of(file), "", "file-too-large", message, maxBytes == MAX_FILE_BYTES
        ? "configs are small; keep large data in files that the processes read"
        : "check that this is the file meant");
  }

  /** A config's text: UTF-8, without NUL bytes. */
  private static String text(byte[] bytes, String file, Sources.LineBreaks breaks) {
    String text = utf8(bytes, file, breaks);
    if (text.indexOf('\0') >= 0) {
      throw new UserError(nulByte(Sources.at(file, text, text.indexOf('\0'), breaks)));
    }
    return text;
  }

  static Diagnostic nulByte(Origin at) {
    return Diagnostic.error(at, "", "nul-byte", "the file contains a NUL byte",
        "a config is text; remove the NUL byte");
  }

  /**
   * The error of a byte that is not UTF-8, at the start of {@code rest} (what was read of the file from it on);
   * {@code atEnd} when {@code rest} runs to the file's end. A file that ends inside a character is said so: the
   * byte can start one, the file ends before it does.
   */
  static Diagnostic notUtf8(Origin at, ByteBuffer rest, boolean atEnd) {
    int lead = rest.get(rest.position()) & 0xFF;
    String what = atEnd && endsInside(rest) ? "it ends inside the character that byte 0x%02X starts"
        : "byte 0x%02X cannot start or continue a character here";
    return Diagnostic.error(at, "", "not-utf8", String.format(Locale.ROOT, "the file is not valid UTF-8: " + what,
        lead), "save the file as UTF-8");
  }

  /**
   * The text of a UTF-8 file; a byte that is not UTF-8 is an error at its line and column (a UserError), for
   * configs and templates alike.
   */
  public static String utf8(byte[] bytes, String file, Sources.LineBreaks breaks) {
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length);
    CoderResult result = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)
        .decode(in, out, true);
    if (result.isError()) {
      String before = out.flip().toString();
      throw new UserError(notUtf8(Sources.at(file, before, before.length(), breaks), in, true));
    }
    return out.flip().toString();
  }

  /**
   * Whether the bytes from {@code rest}'s position to its limit are the start of one UTF-8 character, fewer than
   * it needs (RFC 3629's ranges: the second byte of E0, ED, F0 and F4 is narrower than 80..BF).
   */
  private static boolean endsInside(ByteBuffer rest) {
    int at = rest.position();
    int lead = rest.get(at) & 0xFF;
    int length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4
        ? 4 : 0;
    if (length == 0 || rest.limit() - at >= length) {
      return false;
    }
    for (int i = at + 1; i < rest.limit(); i++) {
      int b = rest.get(i) & 0xFF;
      int low = i > at + 1 ? 0x80 : lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80;
      int high = i > at + 1 ? 0xBF : lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF;
      if (b < low || b > high) {
        return false;
      }
    }
    return true;
  }

  private static byte[] read(Path path, String file, long maxBytes) {
    return reading(path, file, maxBytes, size -> Files.readAllBytes(path));
  }

  /** How a file of {@code size} bytes is read. */
  private interface Read<T> {
    T of(long size) throws IOException;
  }

  /** What {@code read} makes of the file, once it is known to be there and not over {@code maxBytes}. */
  private static <T> T reading(Path path, String file, long maxBytes, Read<T> read) {
    try {
      long size = Files.size(path);
      if (size > maxBytes) {
        throw new UserError(tooLarge(file, "the file is " + size + " bytes, more than the " + maxBytes
            + (maxBytes == MAX_FILE_BYTES ? " a config may have" : " stave reads"), maxBytes));
      }
      return read.of(size);
    } catch (NoSuchFileException e) {
      throw new UserError(Diagnostic.error(Origin.of(file), "", "no-file",
          "file not found", "check the path; relative paths start from the current folder"));
    } catch (IOException e) {
      throw new UserError(unreadable(file, e));
    }
  }
}

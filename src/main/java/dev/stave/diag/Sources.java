package dev.stave.diag;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text of every file read in a run, so that diagnostics can quote the offending line. Files that
 * were read by a library (HOCON includes) are read again on demand. Lines are counted as the loader
 * that read the file counts them ({@link LineBreaks}).
 */
public final class Sources {
  private static final long MAX_QUOTED_FILE = 8L * 1024 * 1024;

  /** Values shorter than this are not hidden: they cannot be secrets, and hiding them would garble text. */
  static final int MIN_HIDDEN_LENGTH = 6;

  private final Map<String, String[]> lines = new HashMap<>();
  /**
   * Files too large to keep split into lines here, each by where its lines are found (a 1-based line to its
   * text; null past the last).
   */
  private final Map<String, IntFunction<String>> held = new HashMap<>();
  /** Folders whose files are read with other line breaks than HOCON's when a diagnostic quotes them. */
  private final Map<Path, LineBreaks> folders = new HashMap<>();
  /** Longest first, so that a value containing another is hidden whole. */
  private final TreeSet<String> hidden =
      new TreeSet<>(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));

  /**
   * Where lines end, as the loader that reads a file counts them: the line a diagnostic names must be
   * the line it quotes, and the two libraries differ.
   */
  public enum LineBreaks {
    /**
     * SnakeYAML's (YAML 1.1), as {@code dev.stave.config.LinearStreamReader} counts them: LF, CRLF, a
     * lone CR, U+0085 (NEL), U+2028 and U+2029.
     */
    YAML,
    /**
     * Typesafe Config's: LF (and so CRLF) only. A lone CR, U+2028 and U+2029 are spaces within a line to
     * it, and U+0085 an ordinary character.
     */
    HOCON,
    /**
     * FreeMarker's, for templates: LF, CRLF and a lone CR. U+0085, U+2028 and U+2029 are ordinary characters
     * to it.
     */
    FREEMARKER
  }

  /**
   * Quotes the files under {@code folder} that no loader kept ({@link #put}) with {@code breaks}: the files
   * of a {@code --templates} folder are FreeMarker's, which ends lines where Typesafe Config does not.
   */
  public void readUnder(Path folder, LineBreaks breaks) {
    folders.put(folder.toAbsolutePath().normalize(), breaks);
  }

  /** Keeps {@code text} to quote, split into lines as the loader that reads it counts them. */
  public void put(String file, String text, LineBreaks breaks) {
    lines.put(file, lines(text, breaks));
  }

  /**
   * Quotes {@code file}'s lines from {@code line}, which finds each (1-based; null past the last) as
   * {@link #lines} splits them: a large file is kept more compactly than as lines.
   */
  public void put(String file, IntFunction<String> line) {
    held.put(file, line);
  }

  /**
   * The lines of {@code text}, without their breaks, and without the CR of a CRLF (nor of a CR that ends
   * the text): a quoted line must not end in a character that moves the terminal's cursor. A byte order
   * mark that starts the text is no part of its first line: SnakeYAML gives it no column, Typesafe Config
   * reads it as a space, and editors do not show it.
   */
  public static String[] lines(String text, LineBreaks breaks) {
    List<String> all = new ArrayList<>();
    int start = startOfText(text);
    for (int i = 0; i < text.length(); i++) {
      if (endsLine(text, i, breaks)) {
        all.add(withoutCr(text.substring(start, i)));
        start = i + 1;
      }
    }
    all.add(withoutCr(text.substring(start)));
    return all.toArray(String[]::new);
  }

  /**
   * The 1-based line and column of the character at {@code index} of {@code text}, as the loader counts
   * lines; the column counts characters (code points) from the start of the line.
   */
  public static Origin at(String file, String text, int index, LineBreaks breaks) {
    int line = 1;
    int start = Math.min(startOfText(text), index);
    for (int i = 0; i < index; i++) {
      if (endsLine(text, i, breaks)) {
        line++;
        start = i + 1;
      }
    }
    return new Origin(file, line, 1 + text.codePointCount(start, index));
  }

  private static int startOfText(String text) {
    return text.startsWith("\uFEFF") ? 1 : 0;
  }

  /**
   * The 1-based column of the character at {@code index} of {@code line}. Every loader counts columns in
   * characters (code points), as SnakeYAML's marks do: an emoji, two Java chars, is one column, so that
   * the column a diagnostic names and its caret agree whichever format the file is in.
   */
  public static int column(String line, int index) {
    return 1 + line.codePointCount(0, Math.min(index, line.length()));
  }

  /** How many lines above the end of a text are looked at for the last one written ({@link #endOfLastWritten}). */
  public static final int END_LOOKBACK = 1000;

  /**
   * Where the last of {@code lines} (the first of them line {@code first} of {@code file}) that holds more than
   * blank space and a comment ends; null for none. A parser that meets the end of a text too soon names where
   * the text ends: after the break an editor leaves there, or a comment, an empty line that tells nothing,
   * while what is left unfinished is above. A comment starts with one of {@code comments} after blank space.
   */
  public static Origin endOfLastWritten(String file, int first, List<String> lines, String... comments) {
    for (int i = lines.size() - 1; i >= 0; i--) {
      String line = lines.get(i);
      String written = line.strip();
      if (!written.isEmpty() && Arrays.stream(comments).noneMatch(written::startsWith)) {
        return new Origin(file, first + i, column(line, line.stripTrailing().length()));
      }
    }
    return null;
  }

  /** The index in {@code line} of the character at the 1-based {@code column}; its length past its end. */
  public static int index(String line, int column) {
    int i = 0;
    for (int c = 1; c < column && i < line.length(); c++) {
      i += Character.charCount(line.codePointAt(i));
    }
    return i;
  }

  private static boolean endsLine(String text, int i, LineBreaks breaks) {
    char c = text.charAt(i);
    int next = i + 1 < text.length() ? text.charAt(i + 1) : -1;
    return switch (breaks) {
      case HOCON -> c == '\n';
      case FREEMARKER -> c == '\n' || c == '\r' && next != '\n';
      case YAML -> endsYamlLine(c, next);
    };
  }

  /**
   * Whether {@code c}, followed by {@code next} (-1 at the end of the text), ends a line as SnakeYAML
   * counts lines: LF, U+0085 (NEL), U+2028, U+2029, or a CR that an LF does not follow.
   */
  public static boolean endsYamlLine(int c, int next) {
    return c == '\n' || c == '\u0085' || c == '\u2028' || c == '\u2029' || c == '\r' && next >= 0 && next != '\n';
  }

  private static String withoutCr(String line) {
    return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
  }

  /**
   * Keeps every line of a file stave did not read out of diagnostics: a path in a config may name any
   * file (a private key, a {@code .env}), and a message about it must not show its content.
   */
  public void neverQuote(String file) {
    lines.put(file, NOT_QUOTED);
  }

  private static final String[] NOT_QUOTED = new String[0];

  /**
   * Marks a value that came from outside the config (an environment variable it refers to) so that no
   * diagnostic prints it: a config may route a secret into a field that then fails validation. A message
   * quotes a value escaped ({@link Printable#quoted}), so a value with a control or invisible character is
   * hidden in that form too.
   */
  public void hide(String value) {
    if (value != null && value.length() >= MIN_HIDDEN_LENGTH) {
      hidden.add(value);
      hidden.add(Printable.quoted(value));
      // A message quotes a long value cut short: the cut forms are the secret too.
      hidden.add(Printable.cut(value));
      hidden.add(Printable.inMessage(value));
      // A name made from the value (project: ${TOK}) is shown as Kubernetes writes it, in lower case with
      // '-' for '_', '.', ' ' and '/' ("name '***' is written as '...'"): that form is the secret too.
      for (String form : List.of(value.toLowerCase(Locale.ROOT), asName(value))) {
        if (form.length() >= MIN_HIDDEN_LENGTH) {
          hidden.add(form);
        }
      }
    }
  }

  /**
   * {@code value} as stave writes it as a Kubernetes name: in lower case, '-' for '_', '.', ' ' and '/', no '-'
   * twice, first or last. dev.stave.model.Names.sanitize is this; it lives here, the lower stage, as the
   * diagnostics hide a secret in this form too.
   */
  public static String asName(String value) {
    StringBuilder b = new StringBuilder(value.length());
    for (char c : value.toLowerCase(Locale.ROOT).toCharArray()) {
      char mapped = c == '_' || c == '.' || c == ' ' || c == '/' ? '-' : c;
      if (mapped != '-' || b.length() > 0 && b.charAt(b.length() - 1) != '-') {
        b.append(mapped);
      }
    }
    while (b.length() > 0 && b.charAt(b.length() - 1) == '-') {
      b.setLength(b.length() - 1);
    }
    return b.toString();
  }

  /**
   * What follows a credential's key ({@code api_token}, {@code secret_key}, {@code key}) on a line: a
   * quoted value whole, commas and all, or a bare one up to the next separator.
   */
  private static final Pattern CREDENTIAL_LINE = Pattern.compile(
      "(?:^|[\\s{,])[\"']?(?:api_token|secret_key|key)[\"']?\\s*[:=]\\s*"
          + "(\"[^\"\\r\\n]*\"?|'[^'\\r\\n]*'?|[^,}\\]#\\r\\n]*)",
      Pattern.MULTILINE);

  /** YAML's properties of a node, tags ({@code !!binary}, {@code !<tag:...>}) and anchors, each before a space. */
  private static final Pattern PROPERTIES = Pattern.compile("(?:(?:!<[^>\\s]*>|[!&]\\S*)[ \\t]+)+");

  /** A value that is only a reference to a variable, {@code ${NAME}} or HOCON's {@code ${?NAME}}, as cut above. */
  private static final Pattern REFERENCE = Pattern.compile("[\"']?\\$\\{\\??[A-Za-z_][A-Za-z0-9_.]*}?[\"']?");

  /**
   * Hides whatever follows a credential's key on any line of {@code text}, a YAML file's or, with {@code hocon},
   * a HOCON file's. The loaders hide credentials by key once a file parses; a file that does not parse has no
   * keys to go by, yet its error quotes a line, and so may an error in a HOCON include, which is read here again
   * only to be quoted.
   */
  public void hideCredentialLines(String text, boolean hocon) {
    // Tried at every character, the pattern took seconds on a file of 8 MB. Every match holds "key" (of
    // key or secret_key) or "api_token", at most 9 characters after where it starts, so it is tried only
    // there, as find() would meet the matches: leftmost first, each after the one before.
    Matcher m = CREDENTIAL_LINE.matcher(text).useAnchoringBounds(false).useTransparentBounds(true);
    Continued continued = new Continued(text, hocon);
    int key = text.indexOf("key");
    int token = text.indexOf("api_token");
    int from = 0;
    while (key >= 0 || token >= 0) {
      int word = key < 0 ? token : token < 0 ? key : Math.min(key, token);
      boolean found = false;
      for (int start = Math.max(from, word - 9); start <= word && !found; start++) {
        found = m.region(start, text.length()).lookingAt();
      }
      from = found ? m.end() : word + 1;
      if (found) {
        // A YAML tag or anchor before the value is no part of it: a message about the tag names it.
        int value = m.start(1);
        Matcher properties = PROPERTIES.matcher(text).region(value, m.end(1));
        if (!hocon && properties.lookingAt()) {
          value = properties.end();
        }
        hideCredential(text.substring(value, m.end(1)).strip());
        // A key written inside the value (a quoted string, a flow value) is part of it, hidden with it.
        from = Math.max(from, continued.hideRest(m.start(), value, m.end(1)));
      }
      key = key >= 0 && key < from ? text.indexOf("key", from) : key;
      token = token >= 0 && token < from ? text.indexOf("api_token", from) : token;
    }
    continued.readLines(text.length());
  }

  private void hideCredential(String value) {
    if (REFERENCE.matcher(value).matches()) {
      // Only the variable's name ("${AWS_ACCESS_KEY_ID", cut at the brace): its value is hidden where
      // it is read, and the name is what a message about an unset variable must show.
      return;
    }
    hide(value);
    for (String piece : value.split("[\"'\\s]+")) {
      hide(piece);
    }
  }

  /** What separates the words of a credential's lines: blank space, quotes, escapes and YAML's punctuation. */
  private static final Pattern WORD_BREAKS = Pattern.compile("[\\s\"'\\\\,:{}\\[\\]]+");

  /** How many columns a tab takes in an editor: up to the next multiple of this. */
  private static final int TAB_STOP = 8;

  /**
   * The text a credential's value goes on over after what the pattern took of it on its key's line: read as
   * the loader reads the value, as far as the text tells. One for each file, which it reads once for all of
   * its credentials, in the order they are found.
   */
  private final class Continued {
    private final String text;
    private final boolean hocon;
    /** Up to where the text is read for flow collections, how many are open there, and the last character. */
    private int flowAt;
    private int depth;
    private char last = '\n';
    /**
     * The start of the next line not yet read for indented values, and the values open there (the key's column
     * in characters and in an editor's columns), the innermost on top. A line is read once for all the values
     * it goes on: one read for each value took minutes on a file of a few thousand lines, each indented more
     * than the last.
     */
    private int lineAt;
    private final ArrayDeque<int[]> open = new ArrayDeque<>();

    Continued(String text, boolean hocon) {
      this.text = text;
      this.hocon = hocon;
    }

    /**
     * Hides the words after {@code valueEnd} that a credential's value, found at {@code valueStart} to
     * {@code valueEnd} after its key at {@code keyAt}, goes on over; returns where the value ends.
     *
     * <p>A HOCON {@code """} string goes on up to its end. In YAML, a quoted value goes on up to its closing
     * quote (or the end of the text) whatever the lines' indentation: SnakeYAML reads it so. A plain value
     * inside an open {@code {} or {@code [} goes on up to a {@code ,}, bracket, {@code ": "} or comment, as in
     * YAML's flow context. A plain value in a block (or a HOCON value) that ends its line goes on over the lines
     * indented more than the key's column.
     */
    int hideRest(int keyAt, int valueStart, int valueEnd) {
      int end = valueEnd;
      char first = valueStart < text.length() ? text.charAt(valueStart) : '\n';
      // The pattern takes the first two quotes of a """ string for an empty string.
      if (text.startsWith("\"\"\"", valueStart)) {
        int close = text.indexOf("\"\"\"", valueStart + 3);
        end = close < 0 ? text.length() : close;
      } else if (!hocon && (first == '"' || first == '\'')) {
        end = Math.max(valueEnd, closingQuote(valueStart));
      } else if (!hocon && depthAt(valueStart) > 0) {
        end = Math.max(valueEnd, flowEnd(valueStart));
      } else if (!hocon && valueEnd < text.length() && ",#}]".indexOf(text.charAt(valueEnd)) >= 0) {
        // In a block a plain value goes on over ',', '}', ']' and a '#' that follows no blank, where the pattern
        // (HOCON's ends) stopped: "api_token: s3cr3tT,OKEN42" and "s3cr3tT}OKEN42" are one value to YAML. The
        // rest of the line is still looked at for credentials, as the value may be a HOCON one.
        int rest = blockPlainEnd(valueEnd);
        Sources.this.hideCredential(text.substring(valueStart, rest).strip());
        hideWords(valueEnd, rest);
        if (rest == text.length() || text.charAt(rest) == '\n' || text.charAt(rest) == '\r') {
          readLines(keyAt);
          open.push(keyColumn(keyAt));
        }
      } else if ((first == '"' || first == '\'') && !closed(text.substring(valueStart, valueEnd))
          || valueEnd == text.length() || text.charAt(valueEnd) == '\n' || text.charAt(valueEnd) == '\r') {
        readLines(keyAt);
        open.push(keyColumn(keyAt));
      }
      hideWords(valueEnd, end);
      return end;
    }

    private void hideWords(int from, int to) {
      for (String word : WORD_BREAKS.split(text.substring(from, to))) {
        Sources.this.hide(word);
      }
    }

    /** The index of the quote that closes the YAML string that opens at {@code open}; the text's length for none. */
    private int closingQuote(int open) {
      char quote = text.charAt(open);
      for (int i = open + 1; i < text.length(); i++) {
        char c = text.charAt(i);
        if (quote == '"' && c == '\\') {
          i++;
        } else if (c == quote && quote == '\'' && i + 1 < text.length() && text.charAt(i + 1) == '\'') {
          i++;
        } else if (c == quote) {
          return i;
        }
      }
      return text.length();
    }

    /** Where a plain value in YAML's block context, read on from {@code from}, ends on its line. */
    private int blockPlainEnd(int from) {
      for (int i = from; i < text.length(); i++) {
        char c = text.charAt(i);
        if (c == '\n' || c == '\r' || c == ':' && (i + 1 == text.length() || isBlank(text.charAt(i + 1)))
            || c == '#' && isBlank(text.charAt(i - 1))) {
          return i;
        }
      }
      return text.length();
    }

    /** Where a plain value that starts at {@code start} in YAML's flow context ends. */
    private int flowEnd(int start) {
      for (int i = start; i < text.length(); i++) {
        char c = text.charAt(i);
        if (",[]{}".indexOf(c) >= 0 || c == ':' && (i + 1 == text.length() || isBlank(text.charAt(i + 1)))
            || c == '#' && i > start && isBlank(text.charAt(i - 1))) {
          return i;
        }
      }
      return text.length();
    }

    /**
     * How many YAML flow collections are open at {@code at}, read on from where the last call stopped: a
     * bracket that starts a value opens one (one in a word, {@code a{b}, is text), and brackets in quotes and
     * comments count for nothing.
     */
    private int depthAt(int at) {
      while (flowAt < at) {
        char c = text.charAt(flowAt);
        boolean starts = flowAt == 0 || isBlank(text.charAt(flowAt - 1)) || "[{,".indexOf(text.charAt(flowAt - 1)) >= 0;
        boolean afterIndicator = "\n:-?,[{".indexOf(last) >= 0;
        if (c == '\n') {
          last = c;
        } else if (c == '#' && starts) {
          int lineEnd = text.indexOf('\n', flowAt);
          flowAt = (lineEnd < 0 ? text.length() : lineEnd) - 1;
        } else if ((c == '"' || c == '\'') && starts && afterIndicator) {
          flowAt = closingQuote(flowAt);
          last = c;
        } else if (c == '{' || c == '[') {
          depth += depth > 0 || starts && afterIndicator ? 1 : 0;
          last = c;
        } else if (c == '}' || c == ']') {
          depth = Math.max(0, depth - 1);
          last = c;
        } else if (!isBlank(c)) {
          last = c;
        }
        flowAt++;
      }
      return depth;
    }

    /**
     * The column of the key at {@code keyAt}, in characters and in an editor's columns: the key's, not its line's
     * indentation: "- key: role" in a list of tolerations is followed by its sibling "  operator: Equal",
     * indented more than the dash but not more than the key.
     */
    private int[] keyColumn(int keyAt) {
      int key = keyAt;
      while (key < text.length() && " \t{,\"'".indexOf(text.charAt(key)) >= 0) {
        key++;
      }
      int keyLine = text.lastIndexOf('\n', key - 1) + 1;
      return new int[] {key - keyLine, width(keyLine, key)};
    }

    /**
     * Reads the lines that start up to {@code upTo}, hiding the words of each that an open value goes on over:
     * a value ends at the first line that is not blank and not indented more than its key. A tab is one
     * character but up to {@link #TAB_STOP} columns in an editor, so that a writer may mean either: a line is
     * indented more when it is so in characters or in columns, as a value's second line that a tab indents is
     * to its writer. (With tabs and spaces mixed, an outer value may then stay open after a line that would
     * have ended it: more is hidden, never less.)
     */
    void readLines(int upTo) {
      if (open.isEmpty()) {
        lineAt = Math.max(lineAt, text.lastIndexOf('\n', Math.min(upTo, text.length()) - 1) + 1);
      }
      while (lineAt <= upTo && lineAt < text.length()) {
        int next = text.indexOf('\n', lineAt);
        int lineEnd = next < 0 ? text.length() : next;
        int blank = indentation(lineAt);
        if (!open.isEmpty() && !text.substring(blank, lineEnd).isBlank()) {
          int chars = blank - lineAt;
          int columns = width(lineAt, blank);
          while (!open.isEmpty() && chars <= open.peek()[0] && columns <= open.peek()[1]) {
            open.pop();
          }
          if (!open.isEmpty()) {
            hideWords(lineAt, lineEnd);
          }
        }
        lineAt = lineEnd + 1;
      }
    }

    /** Where the blank space that starts the line at {@code lineStart} ends. */
    private int indentation(int lineStart) {
      int i = lineStart;
      while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
        i++;
      }
      return i;
    }

    /** How many columns the text from {@code lineStart} to {@code to} takes in an editor. */
    private int width(int lineStart, int to) {
      int columns = 0;
      for (int i = lineStart; i < to; i++) {
        columns = text.charAt(i) == '\t' ? (columns / TAB_STOP + 1) * TAB_STOP : columns + 1;
      }
      return columns;
    }
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
  }

  /** Whether a quoted value as found on its line ends in its closing quote. */
  private static boolean closed(String value) {
    return value.length() > 1 && value.charAt(value.length() - 1) == value.charAt(0);
  }

  /**
   * Hides the words of the lines that a credential's {@code value}, parsed from line {@code line} and
   * {@code column} of {@code file} on, is written over: a value may go on over several lines (a YAML string
   * broken with a backslash, a block, a HOCON {@code """} string), where no line holds the value whole, yet an
   * error on one of them quotes it. A line's words that are part of the value are hidden, until the lines'
   * words cover the value (a line holding none of them ends it before that: the value was written otherwise,
   * with escapes).
   */
  public void hideWrittenOver(String file, int line, int column, String value) {
    if (file == null || line < 1) {
      return;
    }
    int need = value.replaceAll("\\s", "").length();
    int covered = 0;
    for (int n = line; covered < need && n <= line + need; n++) {
      String text = line(file, n);
      if (text == null) {
        return;
      }
      boolean found = false;
      for (String word : WORD_BREAKS.split(n == line ? text.substring(index(text, column)) : text)) {
        if (!word.isEmpty() && value.contains(word)) {
          hide(word);
          covered += word.length();
          found = true;
        }
      }
      if (!found && n > line && !text.isBlank()) {
        return;
      }
    }
  }

  /** How many values are hidden so far; none is ever shown again. */
  int hiddenCount() {
    return hidden.size();
  }

  /** {@code text} with every hidden value replaced by {@code ***}. */
  public String redact(String text) {
    String out = text;
    for (String value : hidden) {
      out = out.replace(value, "***");
    }
    return out;
  }

  /** A source line with its hidden values replaced, and where a caret in the original line is in it. */
  public record Redacted(String text, int caret) {}

  /**
   * {@code line} with every hidden value replaced by {@code ***}, the caret at index {@code caret} moved
   * with the text (to the start of a {@code ***} that covers it).
   */
  public Redacted redact(String line, int caret) {
    RedactedLine redacted = redactLine(line);
    return new Redacted(redacted.text(), redacted.caret(caret));
  }

  /**
   * {@code line} with every hidden value replaced by {@code ***}. Found on the whole line, not on the text
   * before and after a caret apart: a caret inside a credential (a parse error in it) would split it into
   * two pieces, neither of which is the hidden value.
   */
  public RedactedLine redactLine(String line) {
    // By where they start; none overlaps another, so the one before a value's end is the only one it could.
    TreeMap<Integer, Integer> spans = new TreeMap<>();
    for (String value : hidden) {
      for (int at = line.indexOf(value); at >= 0; at = line.indexOf(value, at + 1)) {
        Map.Entry<Integer, Integer> before = spans.lowerEntry(at + value.length());
        if (before == null || before.getValue() <= at) {
          spans.put(at, at + value.length());
        }
      }
    }
    if (spans.isEmpty()) {
      return new RedactedLine(line, new int[0], new int[0], new int[0]);
    }
    StringBuilder out = new StringBuilder(line.length());
    int[] starts = new int[spans.size()];
    int[] ends = new int[spans.size()];
    int[] shown = new int[spans.size()];
    int from = 0;
    int i = 0;
    for (Map.Entry<Integer, Integer> span : spans.entrySet()) {
      out.append(line, from, span.getKey());
      starts[i] = span.getKey();
      ends[i] = span.getValue();
      shown[i++] = out.length();
      out.append("***");
      from = span.getValue();
    }
    out.append(line, from, line.length());
    return new RedactedLine(out.toString(), starts, ends, shown);
  }

  /**
   * A source line as {@link #redactLine} shows it, found once for the many diagnostics that may quote it:
   * where each hidden value starts and ends in the line, and where its {@code ***} starts in the text.
   */
  public static final class RedactedLine {
    private final String text;
    private final int[] starts;
    private final int[] ends;
    private final int[] shown;

    private RedactedLine(String text, int[] starts, int[] ends, int[] shown) {
      this.text = text;
      this.starts = starts;
      this.ends = ends;
      this.shown = shown;
    }

    public String text() {
      return text;
    }

    /** Where the character at index {@code caret} of the line is in the text: a {@code ***} that covers it. */
    public int caret(int caret) {
      int i = Arrays.binarySearch(starts, caret);
      i = i >= 0 ? i : -i - 2;
      if (i < 0) {
        return caret;
      }
      return caret < ends[i] ? shown[i] : shown[i] + 3 + caret - ends[i];
    }
  }

  /** The 1-based line of a file, or null when the file or line is unknown. */
  public String line(String file, int line) {
    IntFunction<String> found = held.get(file);
    if (found != null) {
      return found.apply(line);
    }
    String[] all = lines.computeIfAbsent(file, this::read);
    if (all == null || line < 1 || line > all.length) {
      return null;
    }
    return all[line - 1];
  }

  private String[] read(String file) {
    try {
      Path path = Path.of(file);
      if (!Files.isRegularFile(path) || Files.size(path) > MAX_QUOTED_FILE) {
        return null;
      }
      String text = new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
      // HOCON includes are read here, with Typesafe Config's line breaks, and templates, with their folder's.
      Path absolute = path.toAbsolutePath().normalize();
      LineBreaks breaks = folders.entrySet().stream().filter(f -> absolute.startsWith(f.getKey()))
          .map(Map.Entry::getValue).findFirst().orElse(LineBreaks.HOCON);
      // A template writes YAML.
      hideCredentialLines(text, breaks == LineBreaks.HOCON);
      return lines(text, breaks);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** How a path is shown in messages: relative to the working directory when under it, with '/'. */
  public static String display(Path path) {
    Path abs = path.toAbsolutePath().normalize();
    Path cwd = Path.of("").toAbsolutePath().normalize();
    Path shown = abs.startsWith(cwd) ? cwd.relativize(abs) : abs;
    return shown.toString().replace('\\', '/');
  }
}

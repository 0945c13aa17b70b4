package dev.stave.config;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Words;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;

/**
 * A scalar: {@code String}, {@code Boolean}, {@code BigInteger}, {@code BigDecimal} or null. {@code text}
 * is the scalar as written (so {@code 1.10} stays {@code 1.10} where a string is wanted).
 *
 * <p>{@code variable} is the reference that a value made of environment variables alone was written as
 * ({@code ${N}}, {@code ${N:-3}}, {@code ${A}${B}}, HOCON's {@code ${?N}}; "an environment variable" where
 * HOCON does not tell), else null. Such a value is typed as its text would be written there (3 is a
 * number; a quoted YAML {@code "${N}"} is text) until the schema gives it the type that its place takes
 * (dev.stave.schema.VariableTypes): a variable's text alone does not say whether {@code 3} is meant as a
 * number or as text.
 *
 * <p>{@code around} is the text, as written, of a string made of variables and other text around them
 * ({@code ${N}0}, {@code x-${N}}), else null. Such text is always a string, whatever its variables hold,
 * and an error where no string is taken says so.
 *
 * <p>{@code inFlow} says that a quoted YAML variable ({@code "${N}"}) is written in a flow list or map
 * ({@code [...]}, {@code {...}}), where it needs its quotes: a plain {@code ${N}} would end at its brace.
 * {@code style} is the character that marks how such a YAML variable is written other than plain: {@code '}
 * or {@code "} for its quotes, {@code |} or {@code >} for a block; 0 where it is plain, or not a YAML variable.
 * Of a HOCON string that is the text of a reference ({@link #quotedReference}), it is {@link #TRIPLE_QUOTED} where
 * the string is written in three quotes ({@code """${N}"""}), else 0.
 */
public record ScalarNode(Object value, String text, Origin origin, String variable, String around, boolean inFlow,
    char style) implements Node {

  /** The {@code style} of a HOCON string written in three quotes ({@code """${N}"""}). */
  public static final char TRIPLE_QUOTED = '3';

  public ScalarNode {
    if (value != null
        && !(value instanceof String)
        && !(value instanceof Boolean)
        && !(value instanceof BigInteger)
        && !(value instanceof BigDecimal)) {
      throw new IllegalArgumentException("unsupported scalar " + value.getClass());
    }
    if (text == null) {
      text = value == null ? "null" : value instanceof BigDecimal d ? d.toPlainString() : value.toString();
    }
  }

  public ScalarNode(Object value, String text, Origin origin, String variable, String around) {
    this(value, text, origin, variable, around, false, (char) 0);
  }

  public ScalarNode(Object value, String text, Origin origin, String variable) {
    this(value, text, origin, variable, null);
  }

  public ScalarNode(Object value, String text, Origin origin) {
    this(value, text, origin, null);
  }

  public static ScalarNode string(String value, Origin origin) {
    return new ScalarNode(value, value, origin);
  }

  /** The string {@code value}, made of variables and the text around them written as {@code around}. */
  public static ScalarNode around(String value, Origin origin, String around) {
    return new ScalarNode(value, value, origin, null, around);
  }

  /** The variables in {@code around} as written ({@code ${N}} of {@code ${N}0}); none where it is null. */
  public List<String> referencesAround() {
    return around == null ? List.of() : Interpolator.referencesIn(around);
  }

  /** The same text as a string: what a variable is where only a string is taken. */
  public ScalarNode asString() {
    return new ScalarNode(text, text, origin, variable);
  }

  /** A variable's text typed as if written plain in YAML: what a quoted variable is where no text is taken. */
  public ScalarNode asPlain() {
    return YamlLoader.variable(text, origin, variable);
  }

  /**
   * A quoted YAML variable as written, in its own quotes ({@code '${N}'} or {@code "${N}"}); null where it is not
   * written in quotes.
   */
  public String quoted() {
    return variable != null && (style == '\'' || style == '"') ? style + variable + style : null;
  }

  /**
   * {@code variable} written so that its value is text wherever it is: in quotes in YAML ({@code "${N}"}), after
   * an empty string in HOCON ({@code ""${N}}), where text around a variable makes a string; null where it names
   * no reference as written.
   */
  public String variableAsText() {
    if (variable == null || !variable.startsWith("${")) {
      return null;
    }
    return ConfigFormat.of(Path.of(origin.file())) == ConfigFormat.HOCON ? "\"\"" + variable : '"' + variable + '"';
  }

  /**
   * How to make this value of variables {@code expected}: set the variable, or all of them together, or change
   * a default written in the file where the value may be that default (N unset in {@code ${N:-three}}).
   */
  public String variablesHint(String expected) {
    List<String> names = references().stream().map(Reference::name).distinct().toList();
    String hint = names.isEmpty() ? "set the variable to " + expected
        : names.size() == 1 ? "set " + names.get(0) + " to " + expected
        : "set " + Words.and(names) + " so that together they make " + expected;
    List<String> defaults = references().stream().map(Reference::fallback)
        .filter(d -> d != null && (d.contains("${") || text.contains(d))).map(d -> "'" + d + "'").toList();
    return defaults.isEmpty() ? hint
        : hint + ", or change the default" + (defaults.size() > 1 ? "s " : " ") + Words.and(defaults) + " in the file";
  }

  /**
   * The reference this string is the text of where HOCON took it as text, written in quotes ({@code "${N}"},
   * which HOCON does not substitute), else null.
   */
  public String quotedReference() {
    return value instanceof String t && variable == null && around == null && Interpolator.isReferencesOnly(t)
        && ConfigFormat.of(Path.of(origin.file())) == ConfigFormat.HOCON ? t : null;
  }

  /** How to use the variable whose reference this string is the text of ({@link #quotedReference}) instead. */
  public String unquoteHint(String expected) {
    String reference = quotedReference();
    return "HOCON takes " + inItsQuotes(reference) + " in quotes as that text: write " + reference
        + " without them so that its value is read as " + expected;
  }

  /**
   * The warning that this string is the text of a reference ({@link #quotedReference}) at {@code path}, a place
   * that takes text: the text may be meant, so it is kept, but HOCON's quotes are more likely a slip.
   */
  public Diagnostic quotedReferenceWarning(String path) {
    String reference = quotedReference();
    return Diagnostic.warning(origin, path, "quoted-substitution",
        inItsQuotes(reference) + " is kept as that text, not the variable's value: HOCON does not substitute in quotes",
        "write " + reference + " without the quotes to use the variable's value, or keep them if the text itself"
            + " is meant");
  }

  /** A reference's text in the quotes it is written in, as the user wrote it. */
  private String inItsQuotes(String reference) {
    String quotes = style == TRIPLE_QUOTED ? "\"\"\"" : "\"";
    return quotes + reference + quotes;
  }

  /** A variable a value is made of, and the default written for it ({@code three} of {@code ${N:-three}}) or null. */
  public record Reference(String name, String fallback) {}

  /** The variables {@code variable} names, in the order written; none where it names none. */
  public List<Reference> references() {
    return variable == null ? List.of() : Interpolator.references(variable);
  }

  public boolean isString() {
    return value instanceof String;
  }

  public boolean isNumber() {
    return value instanceof BigInteger || value instanceof BigDecimal;
  }

  @Override
  public String describe() {
    if (value == null) {
      return "null";
    }
    if (value instanceof String) {
      return "a string";
    }
    if (value instanceof Boolean) {
      return "a boolean";
    }
    return value instanceof BigInteger ? "an integer" : "a number";
  }
}

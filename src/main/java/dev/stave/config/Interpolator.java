package dev.stave.config;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * YAML's {@code ${ENV}} and {@code ${ENV:-default}} in string values, the default itself interpolated
 * ({@code ${A:-${B:-b}}}); {@code $${} writes a literal {@code ${}. HOCON does its own substitution, so
 * this runs for YAML (and JSON) files only.
 */
final class Interpolator {
  /** How deep defaults may refer to further variables: ${A:-${B:-${C:-c}}} is three. */
  static final int MAX_NESTING = 10;

  private final Env env;

  Interpolator(Env env) {
    this.env = env;
  }

  /** The interpolated string, or null after adding a diagnostic to {@code problems}. */
  String apply(String text, Origin origin, String path, List<Diagnostic> problems) {
    return apply(text, origin, path, problems, 1);
  }

  private String apply(String text, Origin origin, String path, List<Diagnostic> problems, int depth) {
    if (text.indexOf('$') < 0) {
      return text;
    }
    if (depth > MAX_NESTING) {
      problems.add(Diagnostic.error(origin, path, "env-syntax",
          "the defaults refer to variables more than " + MAX_NESTING + " levels deep",
          "write ${A:-${B:-value}} with fewer levels"));
      return null;
    }
    StringBuilder out = new StringBuilder(text.length());
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '$' && text.startsWith("$${", i)) {
        out.append("${");
        i += 3;
      } else if (c == '$' && text.startsWith("${", i)) {
        int close = closing(text, i + 2);
        if (close < 0) {
          problems.add(Diagnostic.error(origin, path, "env-syntax",
              "'${' is not closed by '}'",
              "write ${NAME} or ${NAME:-default}, or $${ for a literal '${'"));
          return null;
        }
        String body = text.substring(i + 2, close);
        int dash = body.indexOf(":-");
        String name = dash < 0 ? body : body.substring(0, dash);
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
          problems.add(Diagnostic.error(origin, path, "env-syntax",
              "'" + shorten(written(text, i, close)) + "' is not an environment variable reference",
              "variable names are letters, digits and '_'; write $${ for a literal '${'"));
          return null;
        }
        String value = env.get(name).orElse(null);
        if (value == null && dash >= 0) {
          // The default may refer to variables too: ${A:-${B:-b}}.
          value = apply(body.substring(dash + 2), origin, path, problems, depth + 1);
          if (value == null) {
            return null;
          }
        }
        if (value == null) {
          problems.add(Diagnostic.error(origin, path, "env-unset",
              "environment variable " + name + " is not set",
              "set " + name + ", or give a default with ${" + name + ":-value}"));
          return null;
        }
        out.append(value);
        if (out.length() > YamlLoader.MAX_CHARACTERS) {
          // "${BIG}${BIG}..." would otherwise grow as far as the JVM's memory.
          problems.add(Diagnostic.error(origin, path, "env-size",
              "with its variables, the value is more than " + String.format(Locale.ROOT, "%,d",
                  YamlLoader.MAX_CHARACTERS) + " characters long",
              "name a large variable once, or keep large values out of the config"));
          return null;
        }
        i = close + 1;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  /**
   * Whether {@code text} is references and nothing else ({@code ${N}}, {@code ${N:-3}}, {@code ${A}${B}}):
   * a value whose type its place decides, since its text is all the variables'. HOCON's {@code ${A}${B}}
   * is the environment's alone too.
   */
  static boolean isReferencesOnly(String text) {
    return !references(text).isEmpty();
  }

  /**
   * The references {@code text} is made of, in the order written (HOCON's {@code ${?N}} as N); none when
   * it is not references alone ({@link #isReferencesOnly}).
   */
  static List<ScalarNode.Reference> references(String text) {
    List<String> written = referencesIn(text);
    if (written.isEmpty() || !String.join("", written).equals(text)) {
      return List.of();
    }
    List<ScalarNode.Reference> found = new ArrayList<>(written.size());
    for (String reference : written) {
      String body = reference.substring(2, reference.length() - 1);
      int dash = body.indexOf(":-");
      String name = (dash < 0 ? body : body.substring(0, dash)).strip();
      name = name.startsWith("?") ? name.substring(1).strip() : name;
      found.add(new ScalarNode.Reference(name, dash < 0 ? null : body.substring(dash + 2)));
    }
    return found;
  }

  /** Each reference in {@code text} as written ({@code ${N}} and {@code ${M:-1}} of {@code x${N}-${M:-1}}). */
  static List<String> referencesIn(String text) {
    List<String> found = new ArrayList<>();
    for (int i = text.indexOf('$'); i >= 0 && i < text.length(); i = text.indexOf('$', i + 1)) {
      if (text.startsWith("$${", i)) {
        i += 2;
      } else if (text.startsWith("${", i)) {
        int close = closing(text, i + 2);
        if (close < 0) {
          break;
        }
        found.add(text.substring(i, close + 1));
        i = close;
      }
    }
    return found;
  }

  /** The index of the '}' that closes the reference whose body starts at {@code from}, or -1. */
  private static int closing(String text, int from) {
    int depth = 1;
    for (int i = from; i < text.length(); i++) {
      if (text.startsWith("$${", i)) {
        i += 2;
      } else if (text.startsWith("${", i)) {
        depth++;
        i++;
      } else if (text.charAt(i) == '}' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The reference at {@code start} as the user sees it: up to the '}' that balances every '{' in it, so
   * that ${{z}} is quoted whole, though its reference ends at the first '}' (the second is text after
   * it); up to {@code close} when no brace balances them.
   */
  private static String written(String text, int start, int close) {
    int depth = 0;
    for (int i = start + 1; i < text.length(); i++) {
      if (text.charAt(i) == '{') {
        depth++;
      } else if (text.charAt(i) == '}' && --depth == 0) {
        return text.substring(start, i + 1);
      }
    }
    return text.substring(start, close + 1);
  }

  /** At most 40 characters of a reference, and its closing brace. */
  private static String shorten(String s) {
    return s.length() > 43 ? s.substring(0, 42) + "...}" : s;
  }
}

package dev.stave.model;

import dev.stave.config.ListNode;
import dev.stave.config.MapNode;
import dev.stave.config.Node;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A file mode ({@code default_mode}). Kubernetes users write modes in octal, and kubectl's YAML 1.1
 * reads {@code 0440} as octal; stave reads YAML 1.2 and HOCON, where {@code 0440} is decimal 440, the
 * mode 0o670. So a leading zero is an error that names both readings, and {@code 0o440} (or decimal
 * 288) is how a mode is written. The text decides, not the type: HOCON reads an unquoted {@code 0o440}
 * as a string where YAML reads a number, and both must mean the same mode.
 */
final class FileMode {
  private FileMode() {}

  static final int MAX = 0777;

  private static final Pattern OCTAL = Pattern.compile("0o([0-7]+)");
  private static final Pattern HEX = Pattern.compile("0x([0-9a-fA-F]+)");
  private static final Pattern DECIMAL = Pattern.compile("[0-9]+");
  private static final Pattern LEADING_ZERO = Pattern.compile("[-+]?0[0-9]+");

  static Optional<Integer> read(ScalarNode s, String key, String path, List<Diagnostic> problems) {
    String text = s.text();
    BigInteger mode = null;
    var octal = OCTAL.matcher(text);
    var hex = HEX.matcher(text);
    if (octal.matches()) {
      mode = new BigInteger(octal.group(1), 8);
    } else if (hex.matches()) {
      mode = new BigInteger(hex.group(1), 16);
    } else if (LEADING_ZERO.matcher(text).matches()) {
      String decimal = new BigInteger(text.replaceFirst("^\\+", "")).toString();
      String shown = Names.printable(text);
      problems.add(Diagnostic.error(s.origin(), path, "file-mode",
          s.isNumber()
              ? key + " " + shown + " reads as decimal " + decimal + " here, not as octal"
              : key + " \"" + shown
                  + "\" is a string; a mode is a number, and with a leading zero it would read as decimal",
          hint(text)));
      return Optional.empty();
    } else if (s.isNumber() && DECIMAL.matcher(text).matches()) {
      mode = new BigInteger(text);
    } else if (s.isString() && DECIMAL.matcher(text).matches()) {
      problems.add(Diagnostic.error(s.origin(), path, "file-mode",
          key + " \"" + text + "\" is a string, not a number", "write the value without quotes"));
      return Optional.empty();
    } else if (s.isNumber() && Values.wholeNumber(s.value()) != null && Values.wholeNumber(s.value()).signum() >= 0) {
      mode = Values.wholeNumber(s.value()); // 1e2, 4.2e2: whole numbers the schema calls integers
    } else {
      problems.add(Diagnostic.error(s.origin(), path, "file-mode",
          key + " " + (s.isString() ? "\"" + Names.printable(text) + "\"" : Names.printable(text))
              + " is not a file mode",
          "write the mode in octal as 0o644, or in decimal as 420"));
      return Optional.empty();
    }
    if (mode.compareTo(BigInteger.valueOf(MAX)) > 0) {
      problems.add(Diagnostic.error(s.origin(), path, "file-mode",
          key + " " + Names.printable(text) + " is more than 0o777 (511), the largest file mode",
          "write a mode from 0 to 0o777, such as 0o644 or 0o440"));
      return Optional.empty();
    }
    return Optional.of(mode.intValueExact());
  }

  /**
   * Raw Kubernetes fields in a pod override: {@code defaultMode} and {@code mode} are file modes wherever
   * they appear (secret, configMap, projected, downwardAPI and their items), and are read like
   * {@code default_mode}, so 0o440 works there in both formats and 0440 is refused. Other values of
   * those keys are left to the override's type check.
   */
  static Node inOverride(Node node, String path, List<Diagnostic> problems) {
    if (node instanceof MapNode m) {
      Map<String, Node> out = new LinkedHashMap<>();
      m.entries().forEach((k, v) -> {
        String at = path + "." + k;
        if ((k.equals("defaultMode") || k.equals("mode")) && v instanceof ScalarNode s
            && (s.isNumber() || OCTAL.matcher(s.text()).matches() || HEX.matcher(s.text()).matches())) {
          out.put(k, read(s, k, at, problems)
              .map(mode -> (Node) new ScalarNode(BigInteger.valueOf(mode), s.text(), s.origin())).orElse(v));
        } else {
          out.put(k, inOverride(v, at, problems));
        }
      });
      return new MapNode(out, m.keyOrigins(), m.origin());
    }
    if (node instanceof ListNode l) {
      List<Node> items = new ArrayList<>();
      for (int i = 0; i < l.items().size(); i++) {
        items.add(inOverride(l.items().get(i), path + "[" + i + "]", problems));
      }
      return new ListNode(items, l.origin());
    }
    return node;
  }

  /** "write 0o440 or 288" for 0440; something general when the digits are not octal (0999). */
  private static String hint(String text) {
    String digits = text.replaceFirst("^[-+]?0+", "");
    digits = digits.isEmpty() ? "0" : digits;
    if (!text.startsWith("-") && digits.matches("[0-7]{1,3}")) {
      int value = Integer.parseInt(digits, 8);
      return String.format(Locale.ROOT, "write 0o%s or %d", digits, value);
    }
    return "write the mode in octal as 0o644, or in decimal without a leading zero";
  }
}

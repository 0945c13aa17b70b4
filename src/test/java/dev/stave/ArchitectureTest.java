package dev.stave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's architecture section, checked: packages read like the pipeline and a package uses only
 * packages before it, and each library that parses or renders stays inside the stage that owns it. A
 * new arrow is then a reviewed change of this file and the README, not a quiet import.
 */
class ArchitectureTest {
  private static final Path SOURCES = Path.of("src/main/java/dev/stave");

  /** The stages in pipeline order; {@code cli} drives them all and comes last. */
  private static final List<String> ORDER = List.of(
      "diag", "config", "schema", "model", "inventory", "dispatch", "compile", "render", "bundle", "plan",
      "apply", "cli");

  /** Arrows against the order, each one named in the README. */
  private static final Set<String> BACKWARD = Set.of(
      "compile -> bundle"); // Argo CD sync waves follow the bundle's install order

  /** Library package prefixes and the stages that may use them. */
  private static final Map<String, Set<String>> LIBRARIES = Map.of(
      "org.yaml.snakeyaml", Set.of("config", "render", "apply"), // apply: the kubeconfig, a kubectl file
      "com.typesafe.config", Set.of("config"),
      "com.networknt", Set.of("schema"),
      "freemarker", Set.of("render"),
      "picocli", Set.of("cli"));

  /**
   * A qualified name of a stave package, in an import (static or {@code .*}) or written out in the code. It
   * is looked for in the code alone ({@link #code}): a name in a comment or a string (a message that points
   * at another class) is no use of it.
   */
  private static final Pattern STAVE_USE = Pattern.compile("(?<![\\w.])dev\\.stave\\.([a-z]+)\\.");

  @Test
  void everyStageIsAPackageAndEveryPackageAStage() throws IOException {
    try (Stream<Path> children = Files.list(SOURCES)) {
      Set<String> packages = new TreeSet<>();
      children.forEach(child -> packages.add(child.getFileName().toString()));
      assertEquals(new TreeSet<>(ORDER), packages);
    }
  }

  @Test
  void packagesUseOnlyEarlierStages() {
    Set<String> wrong = new TreeSet<>();
    forEachSource((stage, file, code) -> {
      for (String target : staveUses(code)) {
        String arrow = stage + " -> " + target;
        if (ORDER.indexOf(target) > ORDER.indexOf(stage) && !BACKWARD.contains(arrow)) {
          wrong.add(arrow + " in " + SOURCES.relativize(file));
        }
      }
    });
    assertEquals(Set.of(), wrong, "uses of a later stage; move the code, or add the arrow here and in the README");
  }

  @Test
  void librariesStayInTheirStage() {
    Set<String> wrong = new TreeSet<>();
    forEachSource((stage, file, code) -> {
      for (String prefix : libraryUses(code)) {
        if (!LIBRARIES.get(prefix).contains(stage)) {
          wrong.add(prefix + " in " + SOURCES.relativize(file));
        }
      }
    });
    assertEquals(Set.of(), wrong);
  }

  /** A scan that found nothing would pass the rules above: it must see arrows that exist. */
  @Test
  void theScanSeesCode() {
    Set<String> seen = new TreeSet<>();
    forEachSource((stage, file, code) -> staveUses(code).forEach(target -> seen.add(stage + " -> " + target)));
    assertTrue(seen.contains("cli -> config") && seen.contains("compile -> bundle"), seen.toString());
  }

  /** Every way Java names another package counts; a name in a comment or a string does not. */
  @Test
  void theScanSeesEveryUseAndOnlyUses() {
    String source = """
        package dev.stave.model;

        import static dev.stave.diag.Suggest.closest;
        import dev.stave.config.*;
        import freemarker.template.Template;

        /** Read by dev.stave.plan.Plan; "a quote */
        final class X {
          private static final String GLOB = "app.kubernetes.io/*"; // dev.stave.cli.Main prints it
          private static final char SLASH = '/', QUOTE = '"';
          Object a = dev.stave.inventory.Pools.EMPTY; /* dev.stave.apply.Applier */
          String b = "dev.stave.render.TemplateRenderer \\" dev.stave.apply.Apply";
          String c = \"""
              dev.stave.bundle.BundleWriter "*/" \\\"""
              \""";
          Object d = com.typesafe.config.ConfigFactory.empty();
          Object e = new dev.stave.dispatch.Dispatcher(); // */ dev.stave.cli.Main
          String f = "*/"; Object g = dev.stave.compile.Kinds.ALL;
          String h = "org.yaml.snakeyaml.Yaml"; Object i = org.yaml.snakeyaml.nodes.Tag.STR;
        }
        """;
    String code = code(source);
    assertEquals(Set.of("diag", "config", "inventory", "dispatch", "compile"), staveUses(code));
    assertEquals(Set.of("freemarker", "com.typesafe.config", "org.yaml.snakeyaml"), libraryUses(code));
    assertEquals(source.lines().count(), code.lines().count(), "lines are kept, so that a file reads the same");
  }

  /** The stave packages {@code code} names, {@code model} for {@code dev.stave.model.Names}. */
  private static Set<String> staveUses(String code) {
    Set<String> uses = new TreeSet<>();
    Matcher use = STAVE_USE.matcher(code);
    while (use.find()) {
      uses.add(use.group(1));
    }
    return uses;
  }

  /** The keys of {@link #LIBRARIES} that {@code code} uses, imported or written out in full. */
  private static Set<String> libraryUses(String code) {
    Set<String> uses = new TreeSet<>();
    for (String prefix : LIBRARIES.keySet()) {
      if (Pattern.compile("(?<![\\w.])" + Pattern.quote(prefix) + "\\.").matcher(code).find()) {
        uses.add(prefix);
      }
    }
    return uses;
  }

  /**
   * The Java source {@code text} with every comment, string, text block and character literal blanked out,
   * line breaks kept. Removing comments by pattern alone would take a {@code /*} inside a string (a glob, a
   * regular expression) for the start of one and drop the code up to the next comment's end.
   */
  static String code(String text) {
    StringBuilder out = new StringBuilder(text.length());
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (text.startsWith("//", i)) {
        i = blank(text, i, text.indexOf('\n', i) < 0 ? text.length() : text.indexOf('\n', i), out);
      } else if (text.startsWith("/*", i)) {
        int end = text.indexOf("*/", i + 2);
        i = blank(text, i, end < 0 ? text.length() : end + 2, out);
      } else if (text.startsWith("\"\"\"", i)) {
        i = blank(text, i, literalEnd(text, i + 3, "\"\"\""), out);
      } else if (c == '"' || c == '\'') {
        i = blank(text, i, literalEnd(text, i + 1, String.valueOf(c)), out);
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  /** Where a literal that ends with {@code quote} and started before {@code from} ends, past its escapes. */
  private static int literalEnd(String text, int from, String quote) {
    int i = from;
    while (i < text.length() && !text.startsWith(quote, i)) {
      i += text.charAt(i) == '\\' ? 2 : 1;
    }
    return Math.min(text.length(), i + quote.length());
  }

  /** Appends {@code text} from {@code start} to {@code end} as spaces, its line breaks kept; returns {@code end}. */
  private static int blank(String text, int start, int end, StringBuilder out) {
    for (int i = start; i < end; i++) {
      out.append(text.charAt(i) == '\n' ? '\n' : ' ');
    }
    return end;
  }

  private interface SourceVisitor {
    void visit(String stage, Path file, String code);
  }

  private static void forEachSource(SourceVisitor visitor) {
    try (Stream<Path> files = Files.walk(SOURCES)) {
      files.filter(file -> file.toString().endsWith(".java")).sorted().forEach(file -> {
        String stage = SOURCES.relativize(file).getName(0).toString();
        try {
          visitor.visit(stage, file, code(Files.readString(file)));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

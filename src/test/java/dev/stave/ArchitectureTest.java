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

  private static final Pattern STAVE_USE = Pattern.compile("\\bdev\\.stave\\.([a-z]+)\\.");
  private static final Pattern IMPORT = Pattern.compile("(?m)^import (?:static )?([\\w.]+)");
  private static final Pattern COMMENTS = Pattern.compile("(?s)/\\*.*?\\*/|(?m)^[ \\t]*//[^\\n]*");

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
      Matcher use = STAVE_USE.matcher(code);
      while (use.find()) {
        String target = use.group(1);
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
      Matcher imported = IMPORT.matcher(code);
      while (imported.find()) {
        String name = imported.group(1);
        LIBRARIES.forEach((prefix, stages) -> {
          if (name.startsWith(prefix + ".") && !stages.contains(stage)) {
            wrong.add(prefix + " in " + SOURCES.relativize(file));
          }
        });
      }
    });
    assertEquals(Set.of(), wrong);
  }

  /** A scan that found nothing would pass the rules above: it must see arrows that exist. */
  @Test
  void theScanSeesCode() {
    Set<String> seen = new TreeSet<>();
    forEachSource((stage, file, code) -> {
      Matcher use = STAVE_USE.matcher(code);
      while (use.find()) {
        seen.add(stage + " -> " + use.group(1));
      }
    });
    assertTrue(seen.contains("cli -> config") && seen.contains("compile -> bundle"), seen.toString());
  }

  private interface SourceVisitor {
    void visit(String stage, Path file, String code);
  }

  private static void forEachSource(SourceVisitor visitor) {
    try (Stream<Path> files = Files.walk(SOURCES)) {
      files.filter(file -> file.toString().endsWith(".java")).sorted().forEach(file -> {
        String stage = SOURCES.relativize(file).getName(0).toString();
        try {
          visitor.visit(stage, file, COMMENTS.matcher(Files.readString(file)).replaceAll(""));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

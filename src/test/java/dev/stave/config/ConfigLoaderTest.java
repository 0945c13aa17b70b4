package dev.stave.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Sources;
import dev.stave.diag.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a path that is no config file gets told. */
class ConfigLoaderTest {
  @TempDir
  Path dir;

  private Diagnostic refused(Path path) {
    UserError e = assertThrows(UserError.class,
        () -> new ConfigLoader(new Env(Map.of(), "/home/u"), new Sources()).load(path));
    assertEquals(1, e.diagnostics().size(), e.diagnostics()::toString);
    return e.diagnostics().get(0);
  }

  /**
   * A large file is read twice, and its lines again to quote them: one that changes meanwhile (a longer one,
   * or one as long written anew) is an error rather than a parse or a quote of two versions mixed.
   */
  @Test
  void aLargeFileThatChangesWhileItIsReadIsAnError() throws IOException {
    Path path = dir.resolve("nodes.json");
    String first = "{\"items\": [{\"metadata\": {\"name\": \"a\"}}]}\n";
    for (String other : List.of(first + "\n", first.replace('a', 'b'))) {
      Files.writeString(path, first);
      Files.setLastModifiedTime(path, FileTime.fromMillis(1_000_000));
      KeptEntries rewriting = (at, key) -> {
        try {
          Files.writeString(path, other);
          Files.setLastModifiedTime(path, FileTime.fromMillis(2_000_000));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        return true;
      };
      UserError e = assertThrows(UserError.class, () -> new ConfigLoader(new Env(Map.of(), "/home/u"), new Sources())
          .loadPart(path, rewriting, 1024));
      assertEquals(List.of(Diagnostic.error(Origin.of(path.toString()), "", "file-changed",
          "the file changed while it was read", "run the command again once the file is written (a tool that writes"
              + " it to another name and then renames it never leaves it half written)")), e.diagnostics());
    }
    Files.writeString(path, first);
    Sources sources = new Sources();
    new ConfigLoader(new Env(Map.of(), "/home/u"), sources).loadPart(path, (at, key) -> true, 1024);
    assertEquals(first.strip(), sources.line(path.toString(), 1));
    Files.writeString(path, first.replace('a', 'b'));
    Files.setLastModifiedTime(path, FileTime.fromMillis(3_000_000));
    assertNull(sources.line(path.toString(), 1), "no line of another version is quoted");
  }

  /**
   * {@code stave init} prints HOCON, easily saved as {@code .yaml}: the error names the first line written as
   * HOCON and the name to give the file, whether YAML's parser fails or reads the lines as one string.
   */
  @Test
  void hoconInAYamlFileIsToldToBeNamedConf() throws IOException {
    String starter;
    try (var in = ConfigLoaderTest.class.getResourceAsStream("/stave/init/experiment.conf")) {
      starter = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    int kindLine = List.of(starter.split("\n")).indexOf("kind = experiment") + 1;
    Diagnostic parsed = refused(Files.writeString(dir.resolve("experiment.yaml"), starter));
    assertEquals("yaml-syntax", parsed.code());
    assertEquals(List.of("line " + kindLine + " ('kind =') is written as HOCON, and the file's name makes it read as"
        + " YAML: name it with .conf to read it as HOCON, or write YAML ('key: value')"), parsed.hints());

    Diagnostic flat = refused(Files.writeString(dir.resolve("flat.yml"), "\n# x\nkind = experiment\nname = x\n"));
    assertEquals("not-a-map", flat.code());
    assertEquals(List.of("line 3 ('kind =') is written as HOCON, and the file's name makes it read as YAML: name it"
        + " with .conf to read it as HOCON, or write YAML ('key: value')"), flat.hints());

    Diagnostic braces = refused(Files.writeString(dir.resolve("braces.yaml"), "kind: experiment\nprocesses {\n"
        + "  \"a b\" { command: [python] }\n}\n"));
    assertEquals(List.of("line 2 ('processes {') is written as HOCON, and the file's name makes it read as YAML:"
        + " name it with .conf to read it as HOCON, or write YAML ('key: value')"), braces.hints());
  }

  /** YAML that merely holds an equals sign or a brace in a value keeps the usual hints. */
  @Test
  void yamlWithEqualsSignsInValuesGetsNoHoconHint() throws IOException {
    Diagnostic d = refused(Files.writeString(dir.resolve("e.yaml"), "kind: experiment\nargs: [a=1, {b: 2]\n"));
    assertEquals(List.of("check the indentation and the quoting on this line"), d.hints());
    Diagnostic scalar = refused(Files.writeString(dir.resolve("s.yaml"), "just a = sign\n"));
    assertEquals(List.of("start the file with 'kind: ...'"), scalar.hints());
    Diagnostic quoted = refused(Files.writeString(dir.resolve("q.yaml"), "\"kind = experiment\"\n"));
    assertEquals(List.of("start the file with 'kind: ...'"), quoted.hints());
  }

  /** A script's {@code X=1} in a block scalar is YAML's text, not HOCON: the syntax error below keeps its hint. */
  @Test
  void aBlockScalarLineLikeHoconGetsNoHoconHint() throws IOException {
    Diagnostic d = refused(Files.writeString(dir.resolve("b.yaml"), "kind: experiment\nprocesses:\n  a:\n"
        + "    args:\n      - |\n        if true; then\n          TOKEN=abc\n        fi\n  b:\n    image: \"x\"y\n"));
    assertEquals("yaml-syntax", d.code());
    assertEquals(List.of("check the indentation and the quoting on this line"), d.hints());
    Diagnostic hocon = refused(Files.writeString(dir.resolve("h.yaml"), "kind: experiment\nprocesses:\n"
        + "  a:\n    args: [x]\n  b {\n    image: \"x\"y\n"));
    assertEquals(List.of("line 5 ('b {') is written as HOCON, and the file's name makes it read as YAML: name it"
        + " with .conf to read it as HOCON, or write YAML ('key: value')"), hocon.hints());
  }

  /** A long script's {@code X=1} is still its text when the script's {@code |} is out of the error's window. */
  @Test
  void aLineLikeHoconFarBelowItsBlockScalarsStartGetsNoHoconHint() throws IOException {
    String script = "        echo step\n".repeat(25);
    Diagnostic d = refused(Files.writeString(dir.resolve("l.yaml"), "kind: experiment\nprocesses:\n  a:\n"
        + "    args:\n      - |\n" + script + "        TOKEN=abc\n  b:\n    image: \"x\"y\n"));
    assertEquals("yaml-syntax", d.code());
    assertEquals(33, d.origin().line());
    assertEquals(List.of("check the indentation and the quoting on this line"), d.hints());
  }

  /** A file that is one variable is not HOCON, whatever its value says: the value's words stay hidden. */
  @Test
  void aVariableHoldingHoconIsNotQuotedInAHint() throws IOException {
    Path path = Files.writeString(dir.resolve("v.yaml"), "${CONF}\n");
    UserError e = assertThrows(UserError.class, () -> new ConfigLoader(
        new Env(Map.of("CONF", "secret-word = 1"), "/home/u"), new Sources()).load(path));
    assertEquals(List.of("start the file with 'kind: ...'"), e.diagnostics().get(0).hints());
  }

  /** Written anew within one tick of the file system's clock, a file keeps its size and time, not its bytes. */
  @Test
  void aLargeFileWrittenAnewAtTheSameSizeAndTimeWhileItIsReadIsAnError() throws IOException {
    Path path = dir.resolve("nodes.json");
    // Of many lines, longer than the parser's first read: it reads the rest after the rewrite.
    String first = "{\"items\": [{\"metadata\": {\"name\": \"a\"}}],\n \"pad\": [\n"
        + "  \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",\n".repeat(2000) + "  \"x\"]}\n";
    Files.writeString(path, first);
    FileTime time = FileTime.fromMillis(1_000_000);
    Files.setLastModifiedTime(path, time);
    KeptEntries rewriting = (at, key) -> {
      try {
        Files.writeString(path, first.replace('x', 'y'));
        Files.setLastModifiedTime(path, time);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return true;
    };
    UserError e = assertThrows(UserError.class, () -> new ConfigLoader(new Env(Map.of(), "/home/u"), new Sources())
        .loadPart(path, rewriting, 1 << 20));
    assertEquals(List.of("file-changed"), e.diagnostics().stream().map(Diagnostic::code).toList());
  }

  @Test
  void aFolderIsCalledAFolderWhateverItsName() throws IOException {
    for (String name : List.of("configs", "configs.yaml")) {
      Path folder = Files.createDirectories(dir.resolve(name));
      Diagnostic d = refused(folder);
      assertEquals("this is a folder, not a file", d.message());
      assertEquals(List.of("name the config files themselves, e.g. " + d.origin().file() + "/*.yaml"), d.hints());
    }
  }

  /** Tests run as root, who reads any file: the refusal is made by hand. */
  @Test
  void aFileThatCannotBeReadSaysWhy() {
    Diagnostic d = ConfigLoader.unreadable("c.yaml", new java.nio.file.AccessDeniedException("c.yaml"));
    assertEquals("cannot read the file: permission denied", d.message());
    assertEquals("cannot read the file: input/output error", ConfigLoader.unreadable("c.yaml",
        new java.nio.file.FileSystemException("c.yaml", null, "Input/output error")).message());
  }

  @Test
  void aFileOfAnotherKindIsToldTheNamesStaveReads() throws IOException {
    Diagnostic d = refused(Files.writeString(dir.resolve("notes.txt"), "kind: experiment\n"));
    assertEquals("file-type", d.code());
    assertEquals(List.of("name config files *.yaml, *.yml, *.json, or *.conf or *.hocon (HOCON)"), d.hints());
    assertEquals("file not found", refused(dir.resolve("missing.yaml")).message());
    assertEquals("file not found", refused(dir.resolve("missing.txt")).message(), "missing comes first");
  }
}

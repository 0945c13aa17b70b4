package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InitCommandTest {
  /** Every name a config's format is told by, as the config loader reads them. */
  private static final List<String> EXTENSIONS = List.of("conf", "hocon", "yaml", "yml", "json");

  @TempDir
  Path dir;

  private Path init(String kind, String file) {
    Path config = dir.resolve(file);
    Run run = Run.of("init", kind, "-o", config.toString());
    assertEquals(0, run.code(), run.err());
    return config;
  }

  /** Compiles the written file as it is and returns the bundle's files by name. */
  private Map<String, String> compile(Path config, int objects) throws IOException {
    Path out = dir.resolve("out-" + config.getFileName());
    Run compile = Run.of("compile", config.toString(), "-o", out.toString());
    assertEquals(0, compile.code(), config + ":\n" + compile.err());
    assertTrue(compile.err().endsWith("(" + objects + " objects)\n"), compile.err());
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(out)) {
      for (Path f : walk.filter(Files::isRegularFile).toList()) {
        files.put(out.relativize(f).toString(), Files.readString(f));
      }
    }
    return files;
  }

  @Test
  void theHelpShowsTheKindAsOptional() {
    Run help = Run.of("init", "--help");
    assertEquals(0, help.code(), help.err());
    assertTrue(help.out().startsWith("Usage: stave init [-hV] [--stacktrace] [-o=FILE] [KIND]\n"), help.out());
  }

  @ParameterizedTest
  @CsvSource({"experiment, 4", "benchmark, 6", "cluster, 9"})
  void everyKindCompilesInEveryFormatToTheSameBundle(String kind, int objects) throws IOException {
    Map<String, String> first = null;
    for (String extension : EXTENSIONS) {
      Map<String, String> bundle = compile(init(kind, kind + "." + extension), objects);
      if (first == null) {
        first = bundle;
      }
      assertEquals(first, bundle, kind + "." + extension + " compiles to another bundle than " + kind + ".conf");
    }
  }

  @ParameterizedTest
  @CsvSource({"experiment", "benchmark", "cluster"})
  void theFormatFollowsTheFileName(String kind) throws IOException {
    String hocon = Files.readString(init(kind, "Mine.CONF"));
    assertTrue(hocon.contains("\nkind = " + kind + "\n"), hocon);
    assertTrue(hocon.startsWith("# ") && hocon.contains("stave compile Mine.CONF"), hocon);
    String yaml = Files.readString(init(kind, "mine.yml"));
    assertTrue(yaml.contains("\nkind: " + kind + "\n"), yaml);
    assertTrue(yaml.startsWith("# ") && yaml.contains("stave compile mine.yml"), yaml);
    // Strict JSON, which has no comments: what any JSON tool reads.
    Path json = dir.resolve("mine.json");
    Run run = Run.of("init", kind, "-o", json.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("wrote " + json + "; compile it with: stave compile " + json + "\n"
        + "JSON has no comments: 'stave init " + kind + " -o " + kind + ".yaml' writes the same config with its"
        + " comments\n", run.err());
    JsonNode tree = new ObjectMapper().readTree(Files.readString(json));
    assertEquals(kind, tree.get("kind").asText());
  }

  @Test
  void aLineBreakInTheFileNameCannotEndTheComment() throws IOException {
    Path config = init("benchmark", "two\nlines\u2028.conf");
    assertTrue(Files.readString(config).contains("stave compile two?lines?.conf\n"));
    compile(config, 6);
  }

  /** The comment shows no character that hides or reorders the name: each is a '?', one for one. */
  @Test
  void anInvisibleOrBidirectionalCharacterInTheFileNameIsAQuestionMark() throws IOException {
    Path config = init("benchmark", "demo\u202egpj\u200b\u0085.yaml");
    String first = Files.readString(config).lines().findFirst().orElseThrow();
    assertEquals("# A DeepEcho-style benchmark run on a Dask cluster. Compile it with: stave compile demo?gpj??.yaml",
        first);
  }

  /** A link to nothing is refused as one, naming where it points, rather than as a file that "already exists". */
  @Test
  void aLinkToNothingIsNamedSo() throws IOException {
    Path link = Files.createSymbolicLink(dir.resolve("exp.yaml"), Path.of("gone/exp.yaml"));
    Run run = Run.of("init", "-o", link.toString());
    assertEquals(4, run.code(), run.err());
    assertEquals("stave: " + link + ": it is a symbolic link to gone/exp.yaml, which does not exist; remove the"
        + " link, or choose another file\n", run.err());
    Path circle = Files.createSymbolicLink(dir.resolve("a.yaml"), Path.of("b.yaml"));
    Files.createSymbolicLink(dir.resolve("b.yaml"), Path.of("a.yaml"));
    Run round = Run.of("init", "-o", circle.toString());
    assertEquals(4, round.code(), round.err());
    assertEquals("stave: " + circle + ": it is a symbolic link to b.yaml, and the links from there go round in a"
        + " circle; remove the link, or choose another file\n", round.err());
  }

  /** A folder that is a link to nothing cannot be made with mkdir: the error says where the link leads. */
  @Test
  void aFolderThatIsALinkToNothingIsNamedSo() throws IOException {
    Path link = Files.createSymbolicLink(dir.resolve("dl"), Path.of("nowhere"));
    Run run = Run.of("init", "-o", link.resolve("x.yaml").toString());
    assertEquals(4, run.code(), run.err());
    assertEquals("stave: cannot write " + link + "/x.yaml: the folder " + link + ": it is a symbolic link to nowhere,"
        + " which does not exist; create that folder, or remove the link\n", run.err());
    Run below = Run.of("init", "-o", link.resolve("sub/x.yaml").toString());
    assertEquals("stave: cannot write " + link + "/sub/x.yaml: the folder " + link + ": it is a symbolic link to"
        + " nowhere, which does not exist; create that folder, or remove the link\n", below.err());
    Path circle = Files.createSymbolicLink(dir.resolve("c1"), Path.of("c2"));
    Files.createSymbolicLink(dir.resolve("c2"), Path.of("c1"));
    Run round = Run.of("init", "-o", circle.resolve("x.yaml").toString());
    assertEquals(4, round.code(), round.err());
    assertEquals("stave: cannot write " + circle + "/x.yaml: the folder " + circle + ": it is a symbolic link to c2,"
        + " and the links from there go round in a circle; remove the link, or point it at a folder\n", round.err());
    // Following the hint works: with the folder made, the file is written through the link.
    Files.createDirectory(dir.resolve("nowhere"));
    assertEquals(0, Run.of("init", "-o", link.resolve("x.yaml").toString()).code());
    assertTrue(Files.isRegularFile(dir.resolve("nowhere/x.yaml")));
  }

  /** What init prints names the file with its control and invisible characters escaped, as diff names them. */
  @Test
  void theWrittenPathIsPrintedEscaped() {
    Path config = dir.resolve("x\u001b[2J\u202e.yaml");
    Run run = Run.of("init", "benchmark", "-o", config.toString());
    assertEquals(0, run.code(), run.err());
    String shown = dir + "/x\\u001b[2J\\u202e.yaml";
    assertEquals("wrote " + shown + "; compile it with: stave compile " + shown + "\n", run.err());
    Run again = Run.of("init", "benchmark", "-o", config.toString());
    assertEquals("stave: " + shown + " already exists; choose another file or remove it\n", again.err());
    Run kind = Run.of("init", "\u001b[2Jpod");
    assertEquals("stave: no starter for kind '\\u001b[2Jpod'; kinds: experiment, benchmark, cluster\n"
        + "Try 'stave init --help' for more information.\n", kind.err());
  }

  /** An unknown kind is a usage error as `stave schema` reports one: the way to the help, and a near kind. */
  @Test
  void anUnknownKindIsAUsageErrorWithTheWayToTheHelp() {
    Run unknown = Run.of("init", "foo");
    assertEquals(2, unknown.code());
    assertEquals("", unknown.out());
    assertEquals("stave: no starter for kind 'foo'; kinds: experiment, benchmark, cluster\n"
        + "Try 'stave init --help' for more information.\n", unknown.err());
    Run typo = Run.of("init", "experimnt");
    assertEquals(2, typo.code());
    assertEquals("stave: no starter for kind 'experimnt'; kinds: experiment, benchmark, cluster\n"
        + "Did you mean: experiment?\n"
        + "Try 'stave init --help' for more information.\n", typo.err());
  }

  @Test
  void aFileNameThatNamesNoFormatIsAUsageError() {
    for (String name : List.of("starter.txt", "starter", "starter.yaml.bak")) {
      Path file = dir.resolve(name);
      Run run = Run.of("init", "benchmark", "-o", file.toString());
      assertEquals(2, run.code(), run.err());
      assertEquals("stave: cannot tell the format of " + file + " from its name; name it *.conf or *.hocon (HOCON),"
          + " *.yaml or *.yml (YAML), or *.json (JSON)\n"
          + "Try 'stave init --help' for more information.\n", run.err());
      assertFalse(Files.exists(file));
    }
  }

  @Test
  void printsTheExperimentStarterByDefault() throws IOException {
    Run run = Run.of("init");
    assertEquals(0, run.code());
    assertEquals(new String(InitCommand.class.getResourceAsStream("/stave/init/experiment.conf").readAllBytes(),
        StandardCharsets.UTF_8).replace("@FILE@", "experiment.conf"), run.out());
    assertTrue(Run.of("init", "cluster").out().contains("\nkind: cluster\n"));
  }

  @Test
  void neverOverwritesAFile() throws IOException {
    Path existing = dir.resolve("mine.conf");
    Files.writeString(existing, "kind = experiment\n");
    Run run = Run.of("init", "-o", existing.toString());
    assertEquals(4, run.code());
    assertEquals("kind = experiment\n", Files.readString(existing));
    assertEquals(2, Run.of("init", "nope").code());
  }

  @Test
  void dashIsStandardOutput() {
    Run run = Run.of("init", "-o", "-");
    assertEquals(0, run.code(), run.err());
    assertEquals(Run.of("init").out(), run.out());
    assertEquals("", run.err());
  }

  @Test
  void aMissingFolderIsAnIoFailureNotABug() {
    Path file = dir.resolve("no/such/folder/x.conf");
    Run run = Run.of("init", "-o", file.toString());
    assertEquals(Main.IO, run.code(), run.err());
    assertEquals("stave: cannot write " + file + ": its folder does not exist; create it first\n", run.err());
  }

  /** Linux's /proc is a folder that makes no files, and answers "no such file" as a missing folder does. */
  @Test
  void aFolderThatTakesNoFilesIsNotSaidToBeMissing() {
    assumeTrue(Files.isDirectory(Path.of("/proc/self")), "needs Linux's /proc");
    Run run = Run.of("init", "-o", "/proc/x.yaml");
    assertEquals(Main.IO, run.code(), run.err());
    assertEquals("stave: cannot write /proc/x.yaml: its folder takes no new files; choose another folder\n",
        run.err());
  }
}

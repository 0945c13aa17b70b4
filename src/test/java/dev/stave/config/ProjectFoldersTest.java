package dev.stave.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.cli.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A config names files only in its project: the folder of the config given to stave and the current
 * folder. A file elsewhere (a CI runner's credentials) is refused at the key or include that names it,
 * before it is read, so no line of it can reach a diagnostic.
 */
class ProjectFoldersTest {
  private static final String SECRET = "wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY";
  private static final String HINT = "  = hint: a config may name files only inside its project; move the file into"
      + " it, or run stave from a folder that holds both\n";

  /** Holds proj/, the project, and home/, which is neither the project nor the current folder. */
  @TempDir
  Path temp;

  private Path project() throws IOException {
    Files.createDirectories(temp.resolve("home/.aws"));
    // Parses as HOCON: an error about its unknown key would quote the line with the secret.
    Files.writeString(temp.resolve("home/.aws/credentials.conf"), "aws_secret_access_key = " + SECRET + "\n");
    return Files.createDirectories(temp.resolve("proj"));
  }

  /**
   * The whole error for {@code what} in proj/exp.conf at {@code at}, which leads to the credentials: the
   * quoted {@code line}, and the caret after {@code indent}.
   */
  private String refusedLink(Path proj, String at, String what, String line, String indent) throws IOException {
    return proj.resolve("exp.conf") + ":" + at + ": error: " + what + " is outside the project: it leads to "
        + temp.toRealPath().resolve("home/.aws/credentials.conf") + ", which is under neither the current folder nor "
        + proj + "/\n"
        + "    | " + line + "\n"
        + "    | " + indent + "^\n"
        + HINT;
  }

  private Run compile(Path config) {
    return Run.of("compile", config.toString(), "-o", temp.resolve("out").toString());
  }

  @Test
  void anIncludeThroughASymbolicLinkOutOfTheProjectIsRefusedUnread() throws IOException {
    Path proj = project();
    Files.createSymbolicLink(proj.resolve("shared.conf"), Path.of("../home/.aws/credentials.conf"));
    Files.writeString(proj.resolve("exp.conf"), "kind = experiment\nname = demo\nimage = \"img:1\"\n"
        + "processes { a { command = [run] } }\n  include \"shared.conf\"\n");
    Run run = compile(proj.resolve("exp.conf"));
    assertEquals(1, run.code());
    assertEquals(refusedLink(proj, "5:3", "include \"shared.conf\"", "  include \"shared.conf\"", "  "), run.err());
    assertFalse(Files.exists(temp.resolve("out")));
  }

  @Test
  void aLinkToAFileThatDoesNotExistIsJudgedByWhereItLeads() throws IOException {
    Path proj = project();
    Files.createSymbolicLink(proj.resolve("later.conf"), temp.resolve("home/.aws/not-yet.conf"));
    Files.writeString(proj.resolve("exp.conf"), "include \"later.conf\"\nkind = experiment\n");
    Run run = compile(proj.resolve("exp.conf"));
    assertEquals(1, run.code());
    assertTrue(run.err().startsWith(proj.resolve("exp.conf") + ":1:1: error: include \"later.conf\" is outside the"
        + " project: it leads to " + temp.toRealPath().resolve("home/.aws/not-yet.conf") + ", which"), run.err());
  }

  @Test
  void anEmptyIncludeNameIsJudgedByTheFilesTypesafeReadsForIt() throws IOException {
    // include "" reads .conf (and .json, .properties) next to the config: here a link out of the project.
    Path proj = project();
    Files.createSymbolicLink(proj.resolve(".conf"), temp.resolve("home/.aws/credentials.conf"));
    Files.writeString(proj.resolve("exp.conf"), "include \"\"\nkind = experiment\n");
    Run run = compile(proj.resolve("exp.conf"));
    assertEquals(1, run.code());
    assertEquals(refusedLink(proj, "1:1", "include \"\"", "include \"\"", ""), run.err());
  }

  @Test
  void anInventoryThroughASymbolicLinkOutOfTheProjectIsRefusedUnread() throws IOException {
    Path proj = project();
    Files.createSymbolicLink(proj.resolve("pools.conf"), temp.resolve("home/.aws/credentials.conf"));
    Files.writeString(proj.resolve("exp.yaml"), "kind: experiment\nname: demo\nimage: img:1\ninventory: pools.conf\n"
        + "processes:\n  a:\n    command: [run]\n    schedule: {assign_to: node_pool, node_pool_name: cpu}\n");
    Run run = compile(proj.resolve("exp.yaml"));
    assertEquals(1, run.code());
    assertEquals(proj.resolve("exp.yaml") + ":4:12: error: inventory: the inventory is outside the project: it leads"
        + " to " + temp.toRealPath().resolve("home/.aws/credentials.conf") + ", which is under neither the current"
        + " folder nor " + proj + "/\n"
        + "    | inventory: pools.conf\n"
        + "    |            ^\n"
        + HINT, run.err());
  }

  @Test
  void theFileItselfIsNeverQuoted() throws IOException {
    Path proj = project();
    Files.writeString(proj.resolve("exp.conf"), "include file(\"" + temp.resolve("home/.aws/credentials.conf")
        + "\")\nkind = experiment\n");
    Run run = compile(proj.resolve("exp.conf"));
    assertEquals(1, run.code());
    assertFalse(run.err().contains(SECRET) || run.err().contains("aws_secret_access_key"), run.err());
  }

  @Test
  void anIncludeUpAFolderInsideTheCurrentFolderIsRead() throws IOException {
    // The current folder is where the build runs; the project here is a folder under it.
    Path top = Files.createDirectories(Path.of("target", "project-folders-test"));
    Path base = Files.createTempDirectory(top, "run");
    try {
      Path app = Files.createDirectories(base.resolve("app"));
      Files.writeString(base.resolve("shared.conf"), "image = \"img:1\"\nprocesses { a { command = [run] } }\n");
      Files.createSymbolicLink(app.resolve("linked.conf"), Path.of("../shared.conf"));
      Files.writeString(app.resolve("exp.conf"), "include \"../shared.conf\"\ninclude \"linked.conf\"\n"
          + "kind = experiment\nname = demo\n");
      Run run = Run.of("compile", app.resolve("exp.conf").toString(), "-o", "-");
      assertEquals("", run.err());
      assertEquals(0, run.code());
      assertTrue(run.out().contains("image: img:1"), run.out());
    } finally {
      try (Stream<Path> all = Files.walk(base)) {
        for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  @Test
  void aRealPathFollowsLinksAndTakesDotDotAsTheFileSystemDoes() throws IOException {
    Path proj = project();
    Files.createSymbolicLink(proj.resolve("up"), temp.resolve("home/.aws"));
    // up/.. is home/, not proj/: the file system goes up from where the link leads.
    assertEquals(temp.toRealPath().resolve("home/x.conf"), ProjectFolders.real(proj.resolve("up/../x.conf")));
    assertEquals(temp.toRealPath().resolve("proj/missing/x.conf"), ProjectFolders.real(proj.resolve("missing/x.conf")));
    ProjectFolders folders = ProjectFolders.around(proj.resolve("exp.conf"));
    assertTrue(folders.outside(proj.resolve("up/../x.conf")).isPresent());
    assertEquals(java.util.Optional.empty(), folders.outside(proj.resolve("sub/../x.conf")));
  }
}

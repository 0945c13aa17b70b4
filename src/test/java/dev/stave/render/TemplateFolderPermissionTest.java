package dev.stave.render;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import freemarker.template.Template;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A templates folder its user may not search: FreeMarker would find none of its files and use the packaged
 * templates instead. A superuser searches every folder, so the folder is opened by another uid (run as root,
 * with setpriv to start that JVM as uid 54321).
 */
class TemplateFolderPermissionTest {
  @TempDir
  Path tmp;

  @Test
  void aFolderThatMayNotBeSearchedIsAnErrorNotThePackagedTemplates() throws Exception {
    Path setpriv = Path.of("/usr/bin/setpriv");
    assumeTrue(Files.isExecutable(setpriv) && Files.getOwner(tmp).getName().equals("root"), "root, with setpriv");
    Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
    // The other uid cannot read the local Maven repository, so FreeMarker's jar is copied where it can.
    Path freemarker = Files.copy(Path.of(Template.class.getProtectionDomain().getCodeSource().getLocation().toURI()),
        tmp.resolve("freemarker.jar"));
    Files.setPosixFilePermissions(freemarker, PosixFilePermissions.fromString("rw-r--r--"));
    List<String> said = new ArrayList<>();
    for (String others : List.of("r--", "--x")) {
      Path folder = Files.createDirectory(tmp.resolve("templates-" + others.replace("-", "")));
      Files.writeString(folder.resolve("job.ftl"), "kind: Job\n");
      Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx---" + others));
      Process opener = new ProcessBuilder(setpriv.toString(), "--reuid=54321", "--regid=54321", "--clear-groups",
          Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
          Path.of("target", "classes").toAbsolutePath() + File.pathSeparator
              + Path.of("target", "test-classes").toAbsolutePath() + File.pathSeparator + freemarker,
          TemplatesOpener.class.getName(), folder.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      said.add(new String(opener.getInputStream().readAllBytes(), UTF_8));
      assertEquals(0, opener.waitFor());
    }
    assertEquals(List.of("stave may not look into the templates folder (permission denied), so none of its"
        + " templates would be used\n", "opened\n"), said);
  }
}

package dev.stave.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Sources;
import dev.stave.diag.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

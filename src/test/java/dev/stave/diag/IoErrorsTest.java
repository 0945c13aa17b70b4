package dev.stave.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class IoErrorsTest {
  /** A message that names the file already says only why: "cannot write to out: no such file or folder". */
  @Test
  void theFileTheMessageNamesIsNotNamedAgain() {
    assertEquals("no such file or folder", IoErrors.describe(new NoSuchFileException("/proc/x"), Path.of("/proc/x")));
  }

  @Test
  void anotherFileIsNamed() {
    assertEquals("out/.a.stave-new: permission denied",
        IoErrors.describe(new AccessDeniedException("out/.a.stave-new"), Path.of("out")));
    assertEquals("out/a -> out/.a.stave-old: permission denied",
        IoErrors.describe(new AccessDeniedException("out/a", "out/.a.stave-old", null), Path.of("out/a")));
  }
}

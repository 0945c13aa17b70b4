package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A reader that went away is noted per stream: a later run in the same process starts without it. */
class StandardOutputTest {
  @Test
  void aReaderThatWentAwayIsNotedOnThatStreamOnly(@TempDir Path dir) throws Exception {
    Path fifo = dir.resolve("pipe");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    org.junit.jupiter.api.Assumptions.assumeTrue(mkfifo.waitFor() == 0, "a named pipe (mkfifo) is needed");
    // Opening one end of a named pipe waits for the other.
    CompletableFuture<FileInputStream> reader = CompletableFuture.supplyAsync(() -> {
      try {
        return new FileInputStream(fifo.toFile());
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    try (FileOutputStream writer = new FileOutputStream(fifo.toFile())) {
      reader.get().close();
      StandardOutput gone = new StandardOutput(writer.getFD());
      IOException e = assertThrows(IOException.class, () -> gone.write(new byte[] {'x', '\n'}, 0, 2));
      assertEquals("Broken pipe", e.getMessage());
      assertTrue(gone.readerGone());
    }
    try (FileOutputStream devNull = new FileOutputStream("/dev/null")) {
      StandardOutput next = new StandardOutput(devNull.getFD());
      assertFalse(next.readerGone(), "a new stream, as the next run's, has not lost its reader");
      next.write('x');
      assertFalse(next.readerGone());
    }
  }
}

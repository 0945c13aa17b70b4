package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.bundle.BundleWriter;
import dev.stave.diag.Sources;
import dev.stave.diag.StaveBug;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** How the command line reports what is not the user's fault: bugs (70) and I/O failures (4). */
class ErrorHandlingTest {
  private final StringWriter err = new StringWriter();
  private final Context context =
      new Context(new PrintWriter(new StringWriter()), new PrintWriter(err), Run.ENV, new Sources());

  @Test
  void aBugExitsWith70AsksForAReportAndHidesTheStackTrace() {
    int code = Main.handle(new StaveBug("Job x fails the Kubernetes model check"), context, null);
    assertEquals(Main.BUG, code);
    assertEquals("""
        stave: internal error: Job x fails the Kubernetes model check
        This is a bug in stave, not in your config; please report it with the command you ran.
        Run again with --stacktrace to see where it happened.
        """, err.toString());
  }

  @Test
  void anUnexpectedExceptionIsABugToo() {
    int code = Main.handle(new IllegalStateException("boom"), context, null);
    assertEquals(Main.BUG, code);
    assertTrue(err.toString().startsWith("stave: internal error: java.lang.IllegalStateException: boom\n"));
    assertFalse(err.toString().contains("\tat "), "no stack trace without --stacktrace");
  }

  @Test
  void aDiskThatRefusesIsAnIoFailure() {
    int code = Main.handle(new BundleWriter.WriteFailure("cannot write to out: disk full", null), context, null);
    assertEquals(Main.IO, code);
    assertEquals("stave: cannot write to out: disk full\n", err.toString());
  }

  @Test
  void anUnwritableOutputFolderExitsWithFour() throws Exception {
    java.nio.file.Path file = java.nio.file.Files.createTempFile("stave", ".txt");
    try {
      Run run = Run.of("compile", "examples/symphony-pods.yaml", "-o", file.resolve("sub").toString());
      assertEquals(Main.IO, run.code(), run.err());
      assertTrue(run.err().startsWith("stave: cannot write to "), run.err());
    } finally {
      java.nio.file.Files.deleteIfExists(file);
    }
  }
}

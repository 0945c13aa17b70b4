package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.bundle.BundleWriter;
import dev.stave.diag.Sources;
import dev.stave.diag.StaveBug;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
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
      assertTrue(run.err().endsWith("stave: cannot write to " + file.resolve("sub") + ": " + file
          + " is a file, not a folder\n"), run.err());
    } finally {
      java.nio.file.Files.deleteIfExists(file);
    }
  }

  @Test
  void anErrorInACommandIsABugNotAStackTraceWithExitOne() {
    Run run = failingOutput(new AssertionError("the standard output is gone"), "--stacktrace");
    assertEquals(Main.BUG, run.code());
    assertTrue(run.err().startsWith(
        "stave: internal error: java.lang.AssertionError: the standard output is gone\n"), run.err());
    assertTrue(run.err().contains("\tat dev.stave."), "--stacktrace shows where: " + run.err());
  }

  @Test
  void runningOutOfMemoryTellsHowToGiveTheJvmMore() {
    Run run = failingOutput(new OutOfMemoryError("Java heap space"));
    assertEquals(Main.BUG, run.code());
    long mib = Runtime.getRuntime().maxMemory() / (1024 * 1024);
    assertEquals("stave: out of memory: the JVM may use at most " + mib + " MiB here, and this run needed more.\n"
        + "Give it more, e.g. JAVA_TOOL_OPTIONS=-Xmx4g; if a bundle this size should fit, please report it.\n",
        run.err());
  }

  /** A compile to standard output whose writer throws {@code error}, as a full heap or a broken VM would. */
  private static Run failingOutput(Error error, String... more) {
    Writer failing = new Writer() {
      @Override
      public void write(char[] text, int offset, int length) {
        throw error;
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    StringWriter err = new StringWriter();
    List<String> args = new ArrayList<>(List.of("compile", "examples/cheetah-ppo.conf", "-o", "-"));
    args.addAll(List.of(more));
    int code = Main.run(new Context(new PrintWriter(failing), new PrintWriter(err), Run.ENV, new Sources()),
        args.toArray(String[]::new));
    return new Run(code, "", err.toString());
  }
}

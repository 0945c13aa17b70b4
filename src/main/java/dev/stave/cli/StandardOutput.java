package dev.stave.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;

/**
 * The process's standard output, written through its file descriptor (System.out is a PrintStream that
 * swallows write errors), remembering whether a write failed because the reader went away: {@code stave
 * compile x -o - | head} closes the pipe early. That ends the run as any failed write does (exit 4), but
 * without a message, as command-line tools stop on a closed pipe without one.
 */
final class StandardOutput extends FileOutputStream {
  private static volatile boolean readerGone;

  StandardOutput() {
    super(FileDescriptor.out);
  }

  /** Whether a write to standard output failed because nothing reads it any more. */
  static boolean readerGone() {
    return readerGone;
  }

  @Override
  public void write(int b) throws IOException {
    try {
      super.write(b);
    } catch (IOException e) {
      throw noted(e);
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    try {
      super.write(b, off, len);
    } catch (IOException e) {
      throw noted(e);
    }
  }

  private static IOException noted(IOException e) {
    // EPIPE, as the JDK words it on every platform it names errors for.
    if ("Broken pipe".equals(e.getMessage())) {
      readerGone = true;
    }
    return e;
  }
}

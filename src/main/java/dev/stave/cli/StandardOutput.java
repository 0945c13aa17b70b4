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
  /** This stream's own, so that each run in a process (tests, an embedding) starts without it. */
  private volatile boolean readerGone;

  StandardOutput() {
    this(FileDescriptor.out);
  }

  /** Over another descriptor (tests). */
  StandardOutput(FileDescriptor descriptor) {
    super(descriptor);
  }

  /** Whether a write to this stream failed because nothing reads it any more. */
  boolean readerGone() {
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

  private IOException noted(IOException e) {
    // EPIPE, as the JDK words it on every platform it names errors for.
    if ("Broken pipe".equals(e.getMessage())) {
      readerGone = true;
    }
    return e;
  }
}

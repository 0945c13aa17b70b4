package dev.stave.cli;

import dev.stave.config.Env;
import dev.stave.diag.Sources;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;

/** Runs the command line in-process with a fixed environment and captures what it prints. */
public record Run(int code, String out, String err) {
  public static final Env ENV = new Env(Map.of("STAVE_TEST_TAG", "1.4",
      "AWS_ACCESS_KEY_ID", "AKIAEXAMPLEKEY", "AWS_SECRET_ACCESS_KEY", "example-secret-value"), "/home/user");

  public static Run of(String... args) {
    return with(ENV, args);
  }

  public static Run with(Env env, String... args) {
    return with(env, InputStream.nullInputStream(), args);
  }

  /** A run with {@code in} on its standard input. */
  public static Run withInput(byte[] in, String... args) {
    return with(ENV, new ByteArrayInputStream(in), args);
  }

  private static Run with(Env env, InputStream in, String... args) {
    return calling(env, in, context -> Main.run(context, args));
  }

  /** A call below the command line ({@code ApplyCommand.run}, say), in a context of {@code env}. */
  static Run calling(Env env, ToIntFunction<Context> call) {
    return calling(env, InputStream.nullInputStream(), call);
  }

  private static Run calling(Env env, InputStream in, ToIntFunction<Context> call) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = call.applyAsInt(new Context(new PrintWriter(out), new PrintWriter(err), env, new Sources(), in));
    return new Run(code, out.toString(), err.toString());
  }

  /**
   * How long a fresh JVM's run may take before it is taken to hang: long, since a run that passes ends
   * without waiting for it, and fresh JVMs on a busy machine take minutes.
   */
  public static final Duration HANG = Duration.ofMinutes(10);

  /**
   * Runs the command line in a fresh JVM with the given class path and {@code env} as its whole
   * environment. A run that hangs (a class-initialisation deadlock, say) fails after {@link #HANG}.
   */
  public static Run inJvm(String classPath, Map<String, String> env, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of("-cp", classPath, Main.class.getName()));
    command.addAll(args);
    try {
      ProcessBuilder builder = new ProcessBuilder(command);
      builder.environment().clear();
      builder.environment().putAll(env);
      return finish(builder.start(), "stave " + String.join(" ", args));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@link #finish(Process, String, long)} with the whole standard output read. */
  public static Run finish(Process process, String what) {
    return finish(process, what, Long.MAX_VALUE);
  }

  /**
   * Waits for a started process while its standard output and error are read as they come, each by a thread
   * of its own, so that neither pipe fills and a process that hangs is ended: after {@link #HANG} it and its
   * descendants are killed and the run fails with what they printed so far. Standard output is read up to
   * {@code outputBytes} and then closed, as a reader that leaves early ({@code head -c}) does.
   */
  public static Run finish(Process process, String what, long outputBytes) {
    Output out = new Output(process.getInputStream(), outputBytes, what + " (standard output)");
    Output err = new Output(process.getErrorStream(), Long.MAX_VALUE, what + " (standard error)");
    try {
      long end = System.nanoTime() + HANG.toNanos();
      boolean ended = process.waitFor(HANG.toMillis(), TimeUnit.MILLISECONDS);
      // A descendant that outlives the process can hold its pipes open: the readers' wait has a limit too.
      if (ended && out.join(end) && err.join(end)) {
        return new Run(process.exitValue(), out.text(), err.text());
      }
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      throw new AssertionError(what + (ended ? " left its output open" : " did not finish") + " in "
          + HANG.toMinutes() + " minutes; standard output so far:\n" + out.text() + "\nstandard error so far:\n"
          + err.text());
    } catch (InterruptedException e) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** One of a process's output streams, read into memory by a daemon thread as it comes. */
  private static final class Output {
    private final ByteArrayOutputStream read = new ByteArrayOutputStream();
    private final Thread reader;

    Output(InputStream in, long limit, String name) {
      reader = new Thread(() -> {
        byte[] buffer = new byte[8192];
        try (in) {
          long left = limit;
          for (int n; left > 0 && (n = in.read(buffer, 0, (int) Math.min(buffer.length, left))) >= 0; left -= n) {
            synchronized (read) {
              read.write(buffer, 0, n);
            }
          }
        } catch (IOException e) {
          // The process was killed, or the stream is broken: what was read is what the assertions see.
        }
      }, name);
      reader.setDaemon(true); // a reader blocked on a pipe a killed process's descendant holds cannot stop the JVM
      reader.start();
    }

    /** Whether the stream was read to its end (or its limit) before {@code end}, a {@link System#nanoTime}. */
    boolean join(long end) throws InterruptedException {
      long left = end - System.nanoTime();
      if (left > 0) {
        TimeUnit.NANOSECONDS.timedJoin(reader, left);
      }
      return !reader.isAlive();
    }

    String text() {
      synchronized (read) {
        return read.toString(StandardCharsets.UTF_8);
      }
    }
  }
}

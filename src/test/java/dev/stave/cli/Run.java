package dev.stave.cli;

import dev.stave.config.Env;
import dev.stave.diag.Sources;
import java.io.ByteArrayInputStream;
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
import java.util.concurrent.CompletableFuture;
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
      Process process = builder.start();
      CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
      CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
      if (!process.waitFor(HANG.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("stave " + String.join(" ", args) + " did not finish in " + HANG.toMinutes()
            + " minutes");
      }
      return new Run(process.exitValue(), new String(out.join(), StandardCharsets.UTF_8),
          new String(err.join(), StandardCharsets.UTF_8));
    } catch (IOException | InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] readAll(InputStream in) {
    try {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}

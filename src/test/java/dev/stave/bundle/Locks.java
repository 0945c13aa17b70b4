package dev.stave.bundle;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Path;

/** Another process's write under way, for tests of what waits for it here and in other packages. */
public final class Locks {
  private Locks() {}

  /** The lock file of writes into {@code folder}, a real path. */
  public static Path file(Path folder) {
    return BundleWriter.WriteLock.file(folder);
  }

  /** A process holding {@code lock}, once it has it; ending it releases the lock. */
  public static Process hold(Path lock) throws IOException {
    Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), LockHolder.class.getName(), lock.toString())
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String line = new BufferedReader(new InputStreamReader(holder.getInputStream(), UTF_8)).readLine();
    if (!"locked".equals(line)) {
      holder.destroyForcibly();
      throw new IllegalStateException("the lock holder said " + line);
    }
    return holder;
  }
}

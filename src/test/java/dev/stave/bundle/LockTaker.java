package dev.stave.bundle;

import java.nio.file.Path;

/**
 * A process of its own uid taking the lock of writes into the folder named by its argument: prints its
 * user name, the lock file's name, and whether it holds the lock.
 */
final class LockTaker {
  private LockTaker() {}

  public static void main(String[] args) {
    Path file = BundleWriter.WriteLock.file(Path.of(args[0]));
    try (BundleWriter.WriteLock lock = BundleWriter.WriteLock.take(file, held -> { })) {
      System.out.println(System.getProperty("user.name") + " " + file.getFileName() + " " + lock.held());
    }
  }
}

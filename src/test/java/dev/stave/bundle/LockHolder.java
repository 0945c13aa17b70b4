package dev.stave.bundle;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Another process's write: holds the lock file named by its argument until it is ended. */
final class LockHolder {
  private LockHolder() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    FileChannel channel = FileChannel.open(Path.of(args[0]), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    channel.lock();
    System.out.println("locked");
    System.out.flush();
    Thread.sleep(Long.MAX_VALUE);
  }
}

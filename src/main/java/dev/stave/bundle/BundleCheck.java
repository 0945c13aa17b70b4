package dev.stave.bundle;

import dev.stave.diag.IoErrors;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * {@code compile --check}: the files of a bundle folder that a compile would add, remove or change,
 * compared byte for byte with what is on disk. Reads only.
 */
public final class BundleCheck {
  private BundleCheck() {}

  public enum Status { ADDED, REMOVED, CHANGED }

  /** One file that differs, printed as {@code changed out/x/28-deployment-y.yaml}. */
  public record FileChange(Status status, Path file) {
    @Override
    public String toString() {
      return status.name().toLowerCase(java.util.Locale.ROOT) + " " + file.toString().replace('\\', '/');
    }
  }

  /**
   * The files of every bundle that differ, bundle by bundle. What compile would refuse to replace (a
   * link, a file or a folder of the user's where a bundle goes, an output folder that is a file) is
   * refused here with the same error, rather than reported as up to date or as files to write.
   */
  public static List<FileChange> compare(Path outputDir, List<Bundle> bundles) {
    return compare(outputDir, bundles, lock -> { });
  }

  /**
   * {@link #compare(Path, List)} once no compile is writing into {@code outputDir}, which would show
   * differences that its write is about to remove; {@code waiting} is told the lock file when it has to
   * wait for one, as {@link BundleWriter#write(List, Consumer)} tells it.
   */
  public static List<FileChange> compare(Path outputDir, List<Bundle> bundles, Consumer<Path> waiting) {
    return BundleWriter.reading(List.of(outputDir), waiting, () -> {
      BundleWriter.checkObstacles(outputDir, bundles);
      List<FileChange> changes = new ArrayList<>();
      for (Bundle b : bundles) {
        changes.addAll(compare(outputDir, b));
      }
      return changes;
    });
  }

  /** Sorted by file name; a missing folder means every file is added. */
  static List<FileChange> compare(Path outputDir, Bundle bundle) {
    Path dir = outputDir.resolve(bundle.name());
    TreeMap<String, Status> changes = new TreeMap<>();
    TreeMap<String, byte[]> onDisk = new TreeMap<>();
    try {
      if (Files.isDirectory(dir)) {
        try (Stream<Path> list = Files.list(dir)) {
          for (Path f : list.sorted().toList()) {
            if (Files.isRegularFile(f)) {
              onDisk.put(f.getFileName().toString(), Files.readAllBytes(f));
            } else {
              changes.put(f.getFileName().toString(), Status.REMOVED);
            }
          }
        }
      }
    } catch (IOException e) {
      throw new BundleWriter.WriteFailure("cannot read " + IoErrors.describe(e), e);
    }
    for (BundleFile f : bundle.files()) {
      byte[] was = onDisk.remove(f.name());
      if (was == null) {
        changes.put(f.name(), Status.ADDED);
      } else if (!Arrays.equals(was, f.text().getBytes(StandardCharsets.UTF_8))) {
        changes.put(f.name(), Status.CHANGED);
      }
    }
    for (String left : onDisk.keySet()) {
      changes.put(left, Status.REMOVED);
    }
    List<FileChange> out = new ArrayList<>();
    changes.forEach((name, status) -> out.add(new FileChange(status, dir.resolve(name))));
    return out;
  }
}

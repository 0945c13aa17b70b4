package dev.stave.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.render.RenderedObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bundle folder is replaced whole, and nothing outside it is touched on the way. */
class BundleWriterTest {
  @TempDir
  Path tmp;

  private static Bundle bundle(int objects) {
    List<RenderedObject> rendered = new ArrayList<>();
    for (int i = 0; i < objects; i++) {
      rendered.add(new RenderedObject("v1", "ConfigMap", "ns", "c" + i,
          "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c" + i + "\n  namespace: ns\n"));
    }
    return new Bundle("demo", rendered);
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aLargeOldBundleIsReplacedWholeAndItsLinksAreNotFollowed() throws IOException {
    Path out = tmp.resolve("out");
    new BundleWriter(out).write(List.of(bundle(300)));
    Path folder = out.resolve("demo");
    assertEquals(301, names(folder).size(), "300 objects and the kustomization");
    // What someone put into the bundle folder goes with it: a file, a subfolder, links to elsewhere.
    Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
    Files.writeString(elsewhere.resolve("keep.txt"), "mine");
    Files.writeString(folder.resolve("notes.txt"), "scratch");
    Files.createDirectories(folder.resolve("sub/deeper"));
    Files.writeString(folder.resolve("sub/deeper/x.yaml"), "x: 1\n");
    Files.createSymbolicLink(folder.resolve("link-to-folder"), elsewhere);
    Files.createSymbolicLink(folder.resolve("link-to-file"), elsewhere.resolve("keep.txt"));

    new BundleWriter(out).write(List.of(bundle(2)));

    assertEquals(List.of("demo"), names(out), "no staging or old folder is left");
    assertEquals(List.of("10-configmap-c0.yaml", "10-configmap-c1.yaml", "Kustomization"), names(folder));
    assertEquals(List.of("keep.txt"), names(elsewhere));
    assertEquals("mine", Files.readString(elsewhere.resolve("keep.txt")));
  }

  @Test
  void deletingAFolderLinkRemovesOnlyTheLink() throws IOException {
    Path target = Files.createDirectories(tmp.resolve("target"));
    Files.writeString(target.resolve("a.txt"), "a");
    Path link = Files.createSymbolicLink(tmp.resolve("link"), target);
    BundleWriter.deleteTree(link);
    assertFalse(Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS));
    assertTrue(Files.exists(target.resolve("a.txt")));
    BundleWriter.deleteTree(tmp.resolve("never-there"));
  }

  /** What the shutdown hook does when a write is cut short between moving a bundle aside and replacing it. */
  @Test
  void anAbandonedWriteLeavesTheOldBundleInPlaceAndNoStaging() throws IOException {
    Path out = tmp.resolve("out");
    new BundleWriter(out).write(List.of(bundle(2)));
    Path old = out.resolve(".demo.stave-old");
    Files.move(out.resolve("demo"), old);
    Files.createDirectories(out.resolve(".demo.stave-new"));
    Files.writeString(out.resolve(".demo.stave-new/10-configmap-c0.yaml"), "half");
    new BundleWriter(out).abandon(List.of("demo", "other"));
    assertEquals(List.of("demo"), names(out));
    assertEquals(List.of("10-configmap-c0.yaml", "10-configmap-c1.yaml", "Kustomization"), names(out.resolve("demo")));
  }
}

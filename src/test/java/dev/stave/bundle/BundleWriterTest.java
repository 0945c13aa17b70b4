package dev.stave.bundle;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.stave.diag.UserError;
import dev.stave.render.RenderedObject;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bundle folder is replaced whole, and nothing outside it is touched on the way. */
class BundleWriterTest {
  @TempDir
  Path tmp;

  private static Bundle bundle(int objects) {
    return bundle("demo", objects, "");
  }

  private static Bundle bundle(String name, int objects, String version) {
    List<RenderedObject> rendered = new ArrayList<>();
    for (int i = 0; i < objects; i++) {
      rendered.add(new RenderedObject("v1", "ConfigMap", "ns", "c" + i,
          "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c" + i + "\n  namespace: ns\n" + version));
    }
    return new Bundle(name, rendered);
  }

  /** Every file under {@code dir}, hidden ones too, with its text. */
  private static Map<String, String> contents(Path dir) throws IOException {
    Map<String, String> all = new TreeMap<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        all.put(dir.relativize(p).toString(), Files.readString(p));
      }
    }
    return all;
  }

  /** The real disk, but a move or a deletion of the named path is refused as a read-only folder would. */
  private static BundleWriter.Disk refusing(String verb, Path path) {
    return new BundleWriter.Disk() {
      @Override
      public void move(Path from, Path to) throws IOException {
        if (verb.equals("move") && from.equals(path)) {
          throw new AccessDeniedException(from.toString(), to.toString(), null);
        }
        BundleWriter.Disk.REAL.move(from, to);
      }

      @Override
      public void delete(Path folder) throws IOException {
        if (verb.equals("delete") && folder.equals(path) && Files.exists(folder)) {
          throw new AccessDeniedException(folder.resolve("Kustomization").toString());
        }
        BundleWriter.Disk.REAL.delete(folder);
      }
    };
  }

  /** The second bundle cannot be moved aside: the first, already replaced, is put back, and nothing is left. */
  @Test
  void aFailedSwapPutsBackTheBundlesAlreadyReplaced() throws IOException {
    Path out = tmp.resolve("out");
    new BundleWriter(out).write(List.of(bundle("a", 2, ""), bundle("b", 2, "")));
    Map<String, String> before = contents(out);
    BundleWriter writer = new BundleWriter(out, refusing("move", out.resolve("b")));
    BundleWriter.WriteFailure failure = assertThrows(BundleWriter.WriteFailure.class,
        () -> writer.write(List.of(bundle("a", 3, "# new\n"), bundle("b", 3, "# new\n"))));
    assertEquals("cannot write to " + out + ": " + out.resolve("b") + " -> " + out.resolve(".b.stave-old")
        + ": permission denied", failure.getMessage());
    assertEquals(before, contents(out));
    assertEquals(List.of("a", "b"), names(out), "no staging or old folder is left");
  }

  /** Once every new bundle is in place the write has succeeded; an old copy that will not go is a warning. */
  @Test
  void anOldCopyThatCannotBeDeletedIsAWarningAndBlocksNoLaterWrite() throws IOException {
    Path out = tmp.resolve("out");
    new BundleWriter(out).write(List.of(bundle(2)));
    Path old = out.resolve(".demo.stave-old");
    List<String> warnings = new BundleWriter(out, refusing("delete", old)).write(List.of(bundle("demo", 3, "")));
    assertEquals(List.of(out.resolve("demo") + " is written, but its previous copy is left in " + old
        + ", which cannot be deleted: " + old.resolve("Kustomization") + ": permission denied; delete it"), warnings);
    assertEquals(List.of(".demo.stave-old", "demo"), names(out));
    assertEquals(4, names(out.resolve("demo")).size(), "the new bundle is in place");

    // The leftover still cannot be deleted: the next write goes around it.
    List<String> again = new BundleWriter(out, refusing("delete", old)).write(List.of(bundle("demo", 1, "")));
    assertEquals(List.of(old + " is left from an earlier compile and cannot be deleted: "
        + old.resolve("Kustomization") + ": permission denied; delete it"), again);
    assertEquals(List.of(".demo.stave-old", "demo"), names(out));
    assertEquals(List.of("10-configmap-c0.yaml", "Kustomization"), names(out.resolve("demo")));

    // Once it can, it goes.
    assertEquals(List.of(), new BundleWriter(out).write(List.of(bundle("demo", 1, ""))));
    assertEquals(List.of("demo"), names(out));
  }

  /** What a killed compile left (a staging folder cut short, an old copy half deleted) is deleted first. */
  @Test
  void leftoversOfAKilledWriteAreDeleted() throws IOException {
    Path out = tmp.resolve("out");
    new BundleWriter(out).write(List.of(bundle(2)));
    Files.createDirectories(out.resolve(".demo.stave-new"));
    Files.writeString(out.resolve(".demo.stave-new/Kustomization"), Bundle.KUSTOMIZATION_HEAD + "resources:\n");
    Files.createDirectories(out.resolve(".demo.stave-old-2"));
    Files.createDirectories(out.resolve(".other.stave-old"));
    assertEquals(List.of(), new BundleWriter(out).write(List.of(bundle(1))));
    assertEquals(List.of(".other.stave-old", "demo"), names(out), "only the leftovers of the bundles written go");
  }

  /**
   * A second write into the folder waits for the first: it would otherwise take the first's staging
   * folder for a killed compile's leftover and delete it, and the first would fail halfway.
   */
  @Test
  void aSecondWriteIntoTheFolderWaitsForTheFirst() throws Exception {
    Path out = tmp.resolve("out");
    new BundleWriter(out).write(List.of(bundle(2)));
    List<Throwable> secondFailed = new ArrayList<>();
    Thread second = new Thread(() -> {
      try {
        new BundleWriter(out).write(List.of(bundle("demo", 1, "")));
      } catch (RuntimeException e) {
        secondFailed.add(e);
      }
    });
    BundleWriter.Disk startingTheSecond = new BundleWriter.Disk() {
      @Override
      public void move(Path from, Path to) throws IOException {
        if (second.getState() == Thread.State.NEW) {
          second.start();
          // Until it waits for this write, or has done what it would.
          while (second.getState() == Thread.State.RUNNABLE || second.getState() == Thread.State.NEW) {
            Thread.onSpinWait();
          }
        }
        BundleWriter.Disk.REAL.move(from, to);
      }

      @Override
      public void delete(Path folder) throws IOException {
        BundleWriter.Disk.REAL.delete(folder);
      }
    };
    assertEquals(List.of(), new BundleWriter(out, startingTheSecond).write(List.of(bundle("demo", 3, ""))));
    second.join();
    assertEquals(List.of(), secondFailed);
    assertEquals(List.of("demo"), names(out));
    assertEquals(List.of("10-configmap-c0.yaml", "Kustomization"), names(out.resolve("demo")));
  }

  /** Another process's write holds the lock: this one says it waits, naming the lock, and writes once it ends. */
  @Test
  void aWriteThatWaitsForAnotherProcessSaysSo() throws Exception {
    Path out = tmp.resolve("out");
    Files.createDirectories(out);
    Path lock = BundleWriter.WriteLock.file(out.toRealPath());
    Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), LockHolder.class.getName(), lock.toString())
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try {
      assertEquals("locked", new BufferedReader(new InputStreamReader(holder.getInputStream(), UTF_8)).readLine());
      List<Path> toldOf = new ArrayList<>();
      List<String> warnings = new BundleWriter(out).write(List.of(bundle(2)), held -> {
        toldOf.add(held);
        holder.destroyForcibly();
      });
      assertEquals(List.of(lock), toldOf);
      assertEquals(List.of(), warnings);
      assertEquals(List.of("demo"), names(out));
    } finally {
      holder.destroyForcibly();
    }
  }

  /**
   * compile --check while another process writes: it waits for the write, then compares with the bundle
   * that write left, not with the half-written folder.
   */
  @Test
  void aCheckWaitsForAWriteUnderWayAndSeesItsBundle() throws Exception {
    Path out = tmp.resolve("out");
    new BundleWriter(out).write(List.of(bundle(2)));
    Bundle next = bundle("demo", 3, "# new\n");
    Path lock = BundleWriter.WriteLock.file(out.toRealPath());
    Process holder = Locks.hold(lock);
    try {
      List<Path> toldOf = new ArrayList<>();
      List<BundleCheck.FileChange> changes = BundleCheck.compare(out, List.of(next), held -> {
        toldOf.add(held);
        // The other write finishes: the bundle it was writing is in place, and its lock goes.
        try {
          for (BundleFile f : next.files()) {
            Files.writeString(out.resolve("demo").resolve(f.name()), f.text());
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        holder.destroyForcibly();
      });
      assertEquals(List.of(lock), toldOf);
      assertEquals(List.of(), changes);
    } finally {
      holder.destroyForcibly();
    }
  }

  /**
   * diff or apply of one bundle folder while another process writes its folder of bundles: the read
   * waits for the write, which may be about to move the bundle folder aside and another into its place.
   */
  @Test
  void aReadOfABundleFolderWaitsForAWriteIntoItsParent() throws Exception {
    Path out = tmp.resolve("out");
    new BundleWriter(out).write(List.of(bundle(2)));
    Path lock = BundleWriter.WriteLock.file(out.toRealPath());
    Process holder = Locks.hold(lock);
    try {
      List<Path> toldOf = new ArrayList<>();
      Path demo = out.resolve("demo");
      List<KubeObject> objects = BundleWriter.reading(List.of(demo, out), held -> {
        toldOf.add(held);
        try {
          Files.writeString(demo.resolve("10-configmap-c9.yaml"),
              "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c9\n  namespace: ns\n");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        holder.destroyForcibly();
      }, () -> BundleReader.read(demo));
      assertEquals(List.of(lock), toldOf);
      assertEquals(List.of("c0", "c1", "c9"), objects.stream().map(KubeObject::name).toList());
    } finally {
      holder.destroyForcibly();
    }
  }

  /**
   * Two writes of one process into folders that share a lock file: the second waits for the first, as it
   * would for another process's, rather than going ahead unlocked.
   */
  @Test
  void writesOfOneProcessIntoFoldersThatShareALockFileWaitForEachOther() throws Exception {
    Path first = Files.createDirectories(tmp.resolve("first")).toRealPath();
    Path lock = BundleWriter.WriteLock.file(first);
    Path second = null;
    for (int i = 0; second == null; i++) {
      Path candidate = tmp.toRealPath().resolve("second-" + i);
      if (BundleWriter.WriteLock.file(candidate).equals(lock)) {
        second = candidate;
      }
    }
    Path out = second;
    CountDownLatch toldToWait = new CountDownLatch(1);
    List<Path> toldOf = new CopyOnWriteArrayList<>();
    List<Boolean> bundleThereWhenToldToWait = new CopyOnWriteArrayList<>();
    Thread writer;
    try (BundleWriter.WriteLock held = BundleWriter.WriteLock.take(lock, l -> {
      throw new AssertionError("no one holds " + l);
    })) {
      assertTrue(held.held());
      writer = new Thread(() -> new BundleWriter(out).write(List.of(bundle(2)), l -> {
        toldOf.add(l);
        bundleThereWhenToldToWait.add(Files.exists(out.resolve("demo")));
        toldToWait.countDown();
      }));
      writer.start();
      // Until the writer is told to wait, or (unlocked) ends without waiting.
      while (!toldToWait.await(10, TimeUnit.MILLISECONDS) && writer.isAlive()) {
        Thread.onSpinWait();
      }
      assertEquals(List.of(lock), toldOf);
      assertFalse(Files.exists(out.resolve("demo")));
    }
    writer.join();
    assertEquals(List.of(false), bundleThereWhenToldToWait);
    assertEquals(List.of("demo"), names(out));
  }

  /**
   * A write whose thread is interrupted while it waits for another process's write ends, writing nothing,
   * with its interrupt status kept and neither lock held. (The lock file's channel is closed by an interrupt:
   * the write went on holding only the in-JVM lock.)
   */
  @Test
  void aWriteInterruptedWhileItWaitsForAnotherProcessEndsWritingNothing() throws Exception {
    Path out = Files.createDirectories(tmp.resolve("out"));
    Path lock = BundleWriter.WriteLock.file(out.toRealPath());
    Process holder = Locks.hold(lock);
    try {
      assertInterruptedWriteWritesNothing(out, lock, () -> { });
    } finally {
      holder.destroyForcibly();
      holder.waitFor();
    }
    assertNothingHeld(lock);
  }

  /** The same for a write that waits for another write of this process, into a folder of the same lock file. */
  @Test
  void aWriteInterruptedWhileItWaitsForAWriteOfThisProcessEndsWritingNothing() throws Exception {
    Path out = Files.createDirectories(tmp.resolve("out"));
    Path lock = BundleWriter.WriteLock.file(out.toRealPath());
    BundleWriter.WriteLock held = BundleWriter.WriteLock.take(lock, l -> {
      throw new AssertionError("no one holds " + l);
    });
    assertTrue(held.held());
    // Released once the writer is interrupted: a writer that went on waiting would then take it and write.
    assertInterruptedWriteWritesNothing(out, lock, held::close);
    assertNothingHeld(lock);
  }

  /** A read (compile --check, diff, apply) interrupted while it waits for a write ends too, reading nothing. */
  @Test
  void aReadInterruptedWhileItWaitsForAWriteEndsReadingNothing() throws Exception {
    Path out = Files.createDirectories(tmp.resolve("out"));
    Path lock = BundleWriter.WriteLock.file(out.toRealPath());
    Process holder = Locks.hold(lock);
    List<String> read = new ArrayList<>();
    try {
      // Interrupted as it is told to wait, before its wait for the other process's lock begins.
      BundleWriter.WriteFailure e = assertThrows(BundleWriter.WriteFailure.class, () -> BundleWriter.reading(
          List.of(out), l -> Thread.currentThread().interrupt(), () -> read.add("read")));
      assertEquals("cannot read " + out.toRealPath() + ": the read was interrupted while it waited for a stave write"
          + " there to end (lock file " + lock + ")", e.getMessage());
      assertTrue(Thread.interrupted(), "the interrupt status is kept (and cleared here)");
    } finally {
      holder.destroyForcibly();
      holder.waitFor();
    }
    assertEquals(List.of(), read);
    assertNothingHeld(lock);
  }

  /**
   * Starts a write into {@code out}, interrupts it once it is told to wait for {@code lock}, runs
   * {@code afterInterrupt}, and checks that the write failed before writing anything, its thread still
   * interrupted.
   */
  private static void assertInterruptedWriteWritesNothing(Path out, Path lock, Runnable afterInterrupt)
      throws Exception {
    CountDownLatch toldToWait = new CountDownLatch(1);
    List<RuntimeException> failed = new CopyOnWriteArrayList<>();
    List<Boolean> interruptedAfter = new CopyOnWriteArrayList<>();
    Thread writer = new Thread(() -> {
      try {
        new BundleWriter(out).write(List.of(bundle(2)), l -> toldToWait.countDown());
      } catch (RuntimeException e) {
        failed.add(e);
      }
      interruptedAfter.add(Thread.currentThread().isInterrupted());
    });
    writer.start();
    // Until the writer is told to wait, or (unlocked) ends without waiting.
    while (!toldToWait.await(10, TimeUnit.MILLISECONDS) && writer.isAlive()) {
      Thread.onSpinWait();
    }
    writer.interrupt();
    afterInterrupt.run();
    writer.join();
    assertEquals(1, failed.size(), "the interrupted write fails");
    assertEquals(BundleWriter.WriteFailure.class, failed.get(0).getClass());
    assertEquals("cannot write to " + out + ": the write was interrupted while it waited for another stave write"
        + " there to end (lock file " + lock + "); no bundle was written", failed.get(0).getMessage());
    assertEquals(List.of(true), interruptedAfter);
    assertEquals(List.of(), names(out));
  }

  /** Whether {@code lock} is free in this JVM and on disk: taking it does not wait. */
  private static void assertNothingHeld(Path lock) {
    try (BundleWriter.WriteLock again = BundleWriter.WriteLock.take(lock, l -> {
      throw new AssertionError("still held: " + l);
    })) {
      assertTrue(again.held());
    }
  }

  /**
   * In a temporary folder shared by users, another user's lock file, which this user cannot open for
   * writing (a folder stands for it here: no one can, root included), leaves this user's writes locked
   * by a file of their own.
   */
  @Test
  void anotherUsersLockFileDoesNotLeaveAWriteUnlocked() throws IOException {
    Path temporary = Files.createDirectories(tmp.resolve("temporary"));
    Path out = Files.createDirectories(tmp.resolve("out")).toRealPath();
    Path alices = BundleWriter.WriteLock.file(temporary, "alice", "1001", out);
    Files.createDirectory(alices);
    Path bobs = BundleWriter.WriteLock.file(temporary, "bob", "1002", out);
    assertEquals(alices.getFileName().toString().replace("-alice-1001-", "-bob-1002-"),
        bobs.getFileName().toString());
    try (BundleWriter.WriteLock lock = BundleWriter.WriteLock.take(bobs, held -> {
      throw new AssertionError("no one holds " + held);
    })) {
      assertTrue(lock.held());
    }
    assertTrue(Files.isRegularFile(bobs));
  }

  /**
   * Writes into unrelated folders share a lock file one time in 256, and a user leaves at most 256 lock
   * files in the temporary folder, however many folders they compile into.
   */
  @Test
  void lockFilesAre256PerUser() {
    Set<String> names = new TreeSet<>();
    for (int i = 0; i < 4096; i++) {
      names.add(BundleWriter.WriteLock.file(tmp, "bob", "1002", Path.of("/home/bob/exp-" + i + "/out"))
          .getFileName().toString());
    }
    assertEquals(256, names.size());
    assertEquals("stave-write-bob-1002-00.lock", names.iterator().next());
    assertTrue(names.stream().allMatch(n -> n.matches("stave-write-bob-1002-[0-9a-f]{2}\\.lock")),
        names.toString());
  }

  /**
   * Users without a passwd entry all have the name '?': their uids tell their lock files apart, and where no
   * uid can be read (no /proc) the name alone names them.
   */
  @Test
  void lockFilesAreNamedAfterTheUid() {
    Path out = Path.of("/home/exp/out");
    assertEquals("stave-write-_-54321-eb.lock", BundleWriter.WriteLock.file(tmp, "?", "54321", out).getFileName()
        .toString());
    assertEquals("stave-write-_-54322-eb.lock", BundleWriter.WriteLock.file(tmp, "?", "54322", out).getFileName()
        .toString());
    assertEquals("stave-write-bob-eb.lock", BundleWriter.WriteLock.file(tmp, "bob", "", out).getFileName()
        .toString());
    assertEquals("", BundleWriter.WriteLock.Uid.own(tmp.resolve("missing")));
  }

  /**
   * Two uids without a passwd entry, one after the other, in one temporary folder: the second does not
   * find the first's lock file, which it could not open, in its way, and holds a lock of its own. (Run
   * as root, with setpriv to start the two processes as other uids.)
   */
  @Test
  void usersWithoutANameDoNotShareLockFiles() throws Exception {
    Path setpriv = Path.of("/usr/bin/setpriv");
    assumeTrue(Files.isExecutable(setpriv) && "0".equals(BundleWriter.WriteLock.Uid.own(Path.of("/proc/self"))));
    Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path shared = Files.createDirectory(tmp.resolve("tmp"));
    Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
    List<String> said = new ArrayList<>();
    for (String uid : List.of("54321", "54322")) {
      Process taker = new ProcessBuilder(setpriv.toString(), "--reuid=" + uid, "--regid=" + uid, "--clear-groups",
          Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Djava.io.tmpdir=" + shared,
          "-cp", Path.of("target", "classes").toAbsolutePath() + File.pathSeparator
              + Path.of("target", "test-classes").toAbsolutePath(),
          LockTaker.class.getName(), "/home/exp/out").redirectError(ProcessBuilder.Redirect.INHERIT).start();
      said.add(new String(taker.getInputStream().readAllBytes(), UTF_8));
      assertEquals(0, taker.waitFor());
    }
    assumeTrue(said.stream().allMatch(s -> s.startsWith("? ")), "uids 54321 and 54322 have names: " + said);
    assertEquals(List.of("? stave-write-_-54321-eb.lock true\n", "? stave-write-_-54322-eb.lock true\n"), said);
  }

  /** A user name goes into the lock file's name with what a file name cannot hold as '_'. */
  @Test
  void aUserNameIsMadeFitForAFileName() {
    assertEquals("alice", BundleWriter.WriteLock.fileNamePart("alice"));
    assertEquals("CORP_j.doe_2", BundleWriter.WriteLock.fileNamePart("CORP\\j.doe 2"));
    assertEquals("_", BundleWriter.WriteLock.fileNamePart(""));
  }

  /** A file or a folder of the user's with the name of a leftover is never deleted. */
  @Test
  void whatIsNotALeftoverOfStavesIsNeverDeleted() throws IOException {
    Path out = tmp.resolve("out");
    new BundleWriter(out).write(List.of(bundle(2)));
    Map<String, String> bundleBefore = contents(out.resolve("demo"));
    Files.writeString(out.resolve(".demo.stave-new"), "mine");
    UserError error = assertThrows(UserError.class, () -> new BundleWriter(out).write(List.of(bundle(1))));
    assertEquals(out.resolve(".demo.stave-new") + " is a file; compiling uses that name for a bundle being written,"
        + " and would delete it", error.diagnostics().get(0).message());
    assertEquals("mine", Files.readString(out.resolve(".demo.stave-new")));
    assertEquals(bundleBefore, contents(out.resolve("demo")));
  }

  @Test
  void anOutputFolderThatIsAFileIsNamedSo() throws IOException {
    Path file = Files.writeString(tmp.resolve("notes.txt"), "mine");
    BundleWriter.WriteFailure onFile = assertThrows(BundleWriter.WriteFailure.class,
        () -> new BundleWriter(file).write(List.of(bundle(1))));
    assertEquals("cannot write to " + file + ": it is a file, not a folder", onFile.getMessage());
    BundleWriter.WriteFailure under = assertThrows(BundleWriter.WriteFailure.class,
        () -> new BundleWriter(file.resolve("out")).write(List.of(bundle(1))));
    assertEquals("cannot write to " + file.resolve("out") + ": " + file + " is a file, not a folder",
        under.getMessage());
    assertEquals("mine", Files.readString(file));
  }

  /** A link to nothing "already exists" to the file system; the message says what it is and where it points. */
  @Test
  void anOutputFolderThatIsALinkToNothingIsNamedSo() throws IOException {
    Path link = Files.createSymbolicLink(tmp.resolve("out"), tmp.resolve("gone"));
    BundleWriter.WriteFailure failure = assertThrows(BundleWriter.WriteFailure.class,
        () -> new BundleWriter(link).write(List.of(bundle(1))));
    assertEquals("cannot write to " + link + ": it is a symbolic link to " + tmp.resolve("gone")
        + ", which does not exist; create that folder, or remove the link", failure.getMessage());
    Path relative = Files.createSymbolicLink(tmp.resolve("rel"), Path.of("missing"));
    BundleWriter.WriteFailure under = assertThrows(BundleWriter.WriteFailure.class,
        () -> new BundleWriter(relative.resolve("out")).write(List.of(bundle(1))));
    assertEquals("cannot write to " + relative.resolve("out") + ": " + relative + ": it is a symbolic link to"
        + " missing, which does not exist; create that folder, or remove the link", under.getMessage());
    assertFalse(Files.exists(tmp.resolve("gone")));
  }

  /**
   * A link to a link is followed to the name that is missing; links that go round in a circle are said to, as no
   * folder made anywhere would end them.
   */
  @Test
  void anOutputFolderThatIsALinkToALinkNamesWhereTheLinksLead() throws IOException {
    Path chain = Files.createSymbolicLink(tmp.resolve("out"), Path.of("next"));
    Files.createSymbolicLink(tmp.resolve("next"), Path.of("gone"));
    BundleWriter.WriteFailure failure = assertThrows(BundleWriter.WriteFailure.class,
        () -> new BundleWriter(chain).write(List.of(bundle(1))));
    assertEquals("cannot write to " + chain + ": it is a symbolic link to next, which leads to " + tmp.resolve("gone")
        + ", which does not exist; create that folder, or remove the link", failure.getMessage());
    Path circle = Files.createSymbolicLink(tmp.resolve("a"), Path.of("b"));
    Files.createSymbolicLink(tmp.resolve("b"), Path.of("a"));
    BundleWriter.WriteFailure round = assertThrows(BundleWriter.WriteFailure.class,
        () -> new BundleWriter(circle).write(List.of(bundle(1))));
    assertEquals("cannot write to " + circle + ": it is a symbolic link to b, and the links from there go round in a"
        + " circle; remove the link, or point it at a folder", round.getMessage());
  }

  /** A folder that cannot be made is named once, with the reason (/proc takes no new folders). */
  @Test
  void anOutputFolderThatCannotBeMadeIsNamedOnce() {
    assumeTrue(Files.isDirectory(Path.of("/proc/self")), "a Linux /proc");
    Path out = Path.of("/proc/stave-out");
    BundleWriter.WriteFailure failure = assertThrows(BundleWriter.WriteFailure.class,
        () -> new BundleWriter(out).write(List.of(bundle(1))));
    assertEquals("cannot write to /proc/stave-out: no such file or folder", failure.getMessage());
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

  /** Plays the JVM's end: keeps the write's shutdown hook for a test to start when it chooses. */
  private static final class Ending implements BundleWriter.Exits {
    private Thread hook;
    private boolean removed;

    @Override
    public void add(Thread hook) {
      this.hook = hook;
    }

    @Override
    public void remove(Thread hook) {
      removed = hook == this.hook;
    }

    /** Starts the hook as the JVM would, and returns once it has asked the write to stop and waits for it. */
    void begin() {
      hook.start();
      // The hook sets its flag, then waits for the step in progress (the caller's) to end.
      while (hook.isAlive() && hook.getState() != Thread.State.BLOCKED) {
        Thread.onSpinWait();
      }
    }

    /** Starts the hook and waits for it to end; nothing holds it up once the write has succeeded. */
    void runToEnd() {
      hook.start();
      try {
        hook.join();
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
    }
  }

  /** The real disk, but the JVM begins to end during the given move, as a Ctrl-C would. */
  private static BundleWriter.Disk endingDuring(Path from, Ending ending) {
    return new BundleWriter.Disk() {
      @Override
      public void move(Path source, Path to) throws IOException {
        BundleWriter.Disk.REAL.move(source, to);
        if (source.equals(from)) {
          ending.begin();
        }
      }

      @Override
      public void delete(Path folder) throws IOException {
        BundleWriter.Disk.REAL.delete(folder);
      }
    };
  }

  /**
   * Ctrl-C while the second of three bundles is moved into place (the first already replaced, the third
   * not yet): every bundle is as it was, a bundle that is new is not there, and nothing hidden is left.
   */
  @Test
  void aWriteStoppedMidSwapLeavesEveryBundleAsItWas() throws Exception {
    Path out = tmp.resolve("out");
    new BundleWriter(out).write(List.of(bundle("a", 2, ""), bundle("c", 2, "")));
    Map<String, byte[]> before = bytes(out);
    Ending ending = new Ending();
    BundleWriter writer = new BundleWriter(out, endingDuring(out.resolve(".b.stave-new"), ending), ending);
    BundleWriter.WriteFailure failure = assertThrows(BundleWriter.WriteFailure.class,
        () -> writer.write(List.of(bundle("a", 3, "# new\n"), bundle("b", 3, "# new\n"), bundle("c", 1, "# new\n"))));
    ending.hook.join();
    assertEquals("cannot write to " + out + ": the compile was stopped", failure.getMessage());
    Map<String, byte[]> after = bytes(out);
    assertEquals(before.keySet(), after.keySet());
    before.forEach((file, content) -> assertArrayEquals(content, after.get(file), file));
    assertEquals(List.of("a", "c"), names(out), "no new bundle, staging or old folder is left");
    assertTrue(ending.removed);
  }

  /** Ctrl-C during rendering: the JVM is ending when the write begins, and nothing is written. */
  @Test
  void aWriteThatBeginsAsTheJvmEndsWritesNothing() throws Exception {
    Path out = tmp.resolve("out");
    new BundleWriter(out).write(List.of(bundle("a", 2, "")));
    Map<String, byte[]> before = bytes(out);
    BundleWriter.Exits ended = new BundleWriter.Exits() {
      @Override
      public void add(Thread hook) {
        throw new IllegalStateException("Shutdown in progress");
      }

      @Override
      public void remove(Thread hook) {
        throw new AssertionError("no hook was added");
      }
    };
    BundleWriter.WriteFailure failure = assertThrows(BundleWriter.WriteFailure.class,
        () -> new BundleWriter(out, BundleWriter.Disk.REAL, ended).write(List.of(bundle("a", 3, "# new\n"))));
    assertEquals("cannot write to " + out + ": the compile was stopped", failure.getMessage());
    Map<String, byte[]> after = bytes(out);
    assertEquals(before.keySet(), after.keySet());
    before.forEach((file, content) -> assertArrayEquals(content, after.get(file), file));
  }

  /** Once every new bundle is in place the write has succeeded, and the JVM's end changes none of it. */
  @Test
  void theEndOfTheJvmAfterTheLastSwapChangesNothing() throws Exception {
    Path out = tmp.resolve("out");
    new BundleWriter(out).write(List.of(bundle("a", 2, ""), bundle("b", 2, "")));
    List<Bundle> next = List.of(bundle("a", 3, "# new\n"), bundle("b", 1, "# new\n"));
    Path expected = tmp.resolve("expected");
    new BundleWriter(expected).write(next);
    Ending ending = new Ending();
    BundleWriter.Disk endsWhileDeletingOldCopies = new BundleWriter.Disk() {
      @Override
      public void move(Path from, Path to) throws IOException {
        BundleWriter.Disk.REAL.move(from, to);
      }

      @Override
      public void delete(Path folder) throws IOException {
        if (folder.equals(out.resolve(".a.stave-old"))) {
          ending.runToEnd();
        }
        BundleWriter.Disk.REAL.delete(folder);
      }
    };
    assertEquals(List.of(), new BundleWriter(out, endsWhileDeletingOldCopies, ending).write(next));
    Map<String, byte[]> after = bytes(out);
    assertEquals(bytes(expected).keySet(), after.keySet());
    bytes(expected).forEach((file, content) -> assertArrayEquals(content, after.get(file), file));
  }

  /** Every file under {@code dir}, hidden ones too, with its bytes. */
  private static Map<String, byte[]> bytes(Path dir) throws IOException {
    Map<String, byte[]> all = new TreeMap<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        all.put(dir.relativize(p).toString(), Files.readAllBytes(p));
      }
    }
    return all;
  }
}

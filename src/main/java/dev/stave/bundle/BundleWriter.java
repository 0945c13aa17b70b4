package dev.stave.bundle;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.IoErrors;
import dev.stave.diag.Origin;
import dev.stave.diag.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLockInterruptionException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * Writes bundles so that a failed compile leaves the output folder as it was: every bundle is written
 * into a staging folder beside its target first ({@code .<bundle>.stave-new}), and only when all of
 * them are complete is each old bundle moved aside ({@code .<bundle>.stave-old}) and the new one moved
 * into place. Should one of those renames fail, or the JVM begin to end (Ctrl-C, SIGTERM), the bundles
 * already swapped are swapped back. Once every new bundle is in place the write has succeeded: an old
 * copy that cannot be deleted is left with a warning. A bundle folder is replaced whole, so files of
 * objects that were removed go too.
 */
public final class BundleWriter {
  // From this many entries a folder is emptied on all cores.
  private static final int PARALLEL_FROM = 64;
  // The hidden folders a write uses beside a bundle; a second one of a kind gets -2, -3, ...
  private static final Pattern WORK_FOLDER = Pattern.compile("\\.(.+)\\.stave-(new|old)(-[0-9]+)?");
  // Beyond this many folders of one kind that cannot be removed, the output folder needs a person.
  private static final int MAX_WORK_FOLDERS = 20;

  private final Path outputDir;
  private final Disk disk;
  private final Exits exits;

  public BundleWriter(Path outputDir) {
    this(outputDir, Disk.REAL, Exits.REAL);
  }

  BundleWriter(Path outputDir, Disk disk) {
    this(outputDir, disk, Exits.REAL);
  }

  BundleWriter(Path outputDir, Disk disk, Exits exits) {
    this.outputDir = outputDir;
    this.disk = disk;
    this.exits = exits;
  }

  /** Thrown when the disk refuses: exit code 4, not a user error. */
  public static final class WriteFailure extends RuntimeException {
    public WriteFailure(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** The renames and deletions that decide what the output folder holds; a test makes one fail. */
  interface Disk {
    void move(Path from, Path to) throws IOException;

    void delete(Path folder) throws IOException;

    Disk REAL = new Disk() {
      @Override
      public void move(Path from, Path to) throws IOException {
        BundleWriter.move(from, to);
      }

      @Override
      public void delete(Path folder) throws IOException {
        deleteBundle(folder);
      }
    };
  }

  /** The JVM's shutdown hooks, which run a write's undoing when it ends first; a test ends it mid-write. */
  interface Exits {
    void add(Thread hook);

    void remove(Thread hook);

    Exits REAL = new Exits() {
      @Override
      public void add(Thread hook) {
        Runtime.getRuntime().addShutdownHook(hook);
      }

      @Override
      public void remove(Thread hook) {
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
          // the hook is running or about to
        }
      }
    };
  }

  // The output folders (real paths) this JVM is writing to: a file lock keeps out other processes only.
  private static final Map<Path, Object> WRITING = new ConcurrentHashMap<>();

  /**
   * A lock that other stave processes writing to the same output folder wait for, released when the
   * write ends or the process dies. Its file is in the temporary folder, since one in the output folder
   * would end up in the commits of the bundles: one of {@link #LOCK_FILES}, by a hash of the output
   * folder's real path, so that they do not pile up there. Writes into two folders that share one wait for
   * each other (one time in 256, for the length of one write), which costs little; a file per output folder
   * would rid them of that but pile up, one for every folder ever compiled into (each test's and each CI
   * checkout's), and could not safely be deleted: a process waiting on a file its holder deletes would
   * lock a file no one else uses, and FileChannel cannot tell whether the file it locked is still the one
   * under the name. 256 files, empty, is what a user leaves in the temporary folder at most.
   * Each user has lock files of their own, named after their uid and, to be readable, their name: in a
   * temporary folder shared by several users, one user's file (which the others may not open for writing)
   * would otherwise leave the others' writes unlocked. The name alone is not enough: every uid without a
   * passwd entry (a container's, often) has the name '?'. Two stave processes of one user, the case the lock
   * is for, share a file. Where the file cannot be made or locked all the same (a read-only temporary
   * folder; where the uid cannot be read, two users whose names are alike but for characters a file name
   * cannot hold), the write goes ahead unlocked, as it did before there was a lock.
   */
  static final class WriteLock implements AutoCloseable {
    private static final int LOCK_FILES = 256;
    // A file lock is the JVM's, not a thread's: a second lock of a file this JVM has locked fails
    // (OverlappingFileLockException) rather than waiting. Writes into two folders that share a lock file
    // (the one time in 256) take the file's lock here first, and wait for each other as two processes do.
    private static final Map<Path, ReentrantLock> IN_JVM = new ConcurrentHashMap<>();
    private final ReentrantLock inJvm;
    private final FileChannel channel;

    private WriteLock(ReentrantLock inJvm, FileChannel channel) {
      this.inJvm = inJvm;
      this.channel = channel;
    }

    /** The lock file of this user's writes into {@code folder}, a real path. */
    static Path file(Path folder) {
      return file(Path.of(System.getProperty("java.io.tmpdir")), System.getProperty("user.name", ""), Uid.OWN,
          folder);
    }

    /**
     * The lock file in {@code temporary} of the writes into {@code folder} of {@code user} with uid {@code uid}
     * ({@code ""} where it is not known).
     */
    static Path file(Path temporary, String user, String uid, Path folder) {
      int hash = folder.toString().hashCode();
      // All four bytes of the hash pick the file, not its lowest bits alone.
      int slot = (hash ^ hash >>> 8 ^ hash >>> 16 ^ hash >>> 24) & (LOCK_FILES - 1);
      // Two hex digits: the bit above them is set and dropped.
      String digits = Integer.toHexString(LOCK_FILES | slot).substring(1);
      String owner = uid.isEmpty() ? fileNamePart(user) : fileNamePart(user) + "-" + uid;
      return temporary.resolve("stave-write-" + owner + "-" + digits + ".lock");
    }

    /** The uid this process makes files as, read once, when a lock file is first named. */
    static final class Uid {
      static final String OWN = own(Path.of("/proc/self"));

      private Uid() {}

      /**
       * The owner of {@code self}, the process's own folder in /proc, which is its effective uid, the one its
       * files get; "" where there is no such folder (macOS, Windows) or no uid to read. The JDK gives no uid
       * otherwise, and a file made to read its owner would cost every compile a write to the temporary folder.
       * (A process that is not dumpable, such as a setuid one, has a /proc folder owned by root: its lock files
       * then carry 0, and its name alone tells them apart from another user's.)
       */
      static String own(Path self) {
        try {
          return Files.getAttribute(self, "unix:uid").toString();
        } catch (IOException | RuntimeException e) {
          return "";
        }
      }
    }

    /** A user name as part of a file name: letters, digits, '.', '_' and '-'; anything else is '_'. */
    static String fileNamePart(String user) {
      String part = user.replaceAll("[^A-Za-z0-9._-]", "_");
      return part.isEmpty() ? "_" : part;
    }

    /**
     * Locks {@code file}, a lock file of {@link #file}, telling {@code waiting} when another process, or another
     * write or read of this one, holds it. A thread interrupted before or while it waits gets {@link Interrupted},
     * holding neither lock, with its interrupt status kept.
     */
    static WriteLock take(Path file, Consumer<Path> waiting) {
      ReentrantLock inJvm = IN_JVM.computeIfAbsent(file, f -> new ReentrantLock());
      boolean told = false;
      if (!inJvm.tryLock()) {
        waiting.accept(file);
        told = true;
        try {
          inJvm.lockInterruptibly();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new Interrupted(file);
        }
      }
      FileChannel channel = null;
      try {
        channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        if (channel.tryLock() == null) {
          // Held by another process for as long as its write takes, or for ever if it was stopped (Ctrl-Z):
          // a compile that only waited would look hung.
          if (!told) {
            waiting.accept(file);
          }
          channel.lock();
        }
        return new WriteLock(inJvm, channel);
      } catch (ClosedByInterruptException | FileLockInterruptionException e) {
        // tryLock on an interrupted thread, and lock interrupted while it waits, close the channel: the write
        // would go on holding only the in-JVM lock, with another process's write under way.
        closeQuietly(channel);
        inJvm.unlock();
        Thread.currentThread().interrupt(); // set already; kept whatever the channel did
        throw new Interrupted(file);
      } catch (IOException | RuntimeException e) {
        closeQuietly(channel);
        return new WriteLock(inJvm, null);
      } catch (Error e) {
        // from waiting: no WriteLock is returned to release the lock
        closeQuietly(channel);
        inJvm.unlock();
        throw e;
      }
    }

    /** The thread that waited for the lock {@code file()} was interrupted: it holds neither lock. */
    static final class Interrupted extends RuntimeException {
      private final transient Path file;

      Interrupted(Path file) {
        super("interrupted while waiting for the lock " + file);
        this.file = file;
      }

      Path file() {
        return file;
      }
    }

    private static void closeQuietly(FileChannel channel) {
      if (channel != null) {
        try {
          channel.close();
        } catch (IOException e) {
          // the lock goes with the channel, or with the process
        }
      }
    }

    /** Whether the lock is held: false where the write goes ahead unlocked. */
    boolean held() {
      return channel != null;
    }

    @Override
    public void close() {
      try {
        closeQuietly(channel);
      } finally {
        inJvm.unlock();
      }
    }
  }

  /**
   * Runs {@code read} with no write of stave's under way into any of {@code folders}: a reader that compares
   * what is on disk (compile --check, diff, apply) would otherwise see a write half done, some bundles or
   * files old and others new, or a bundle folder gone between its two renames. It waits for the write lock
   * of each, as a second write does, and {@code waiting} is told each lock file it has to wait for. A folder
   * that does not exist is being written by no one. Monitors and then lock files are taken in sorted order,
   * so readers of several folders and writers of one never wait for each other in a circle.
   */
  public static <T> T reading(List<Path> folders, Consumer<Path> waiting, Supplier<T> read) {
    TreeSet<Path> real = new TreeSet<>();
    for (Path folder : folders) {
      try {
        real.add(folder.toRealPath());
      } catch (IOException e) {
        // missing or unreadable: nothing of stave's is being written there, and the read reports it
      }
    }
    return readingAlone(new ArrayList<>(real), 0, waiting, read);
  }

  /** {@link #reading}: the JVM's monitors of {@code folders} from the {@code from}th on, then their lock files. */
  private static <T> T readingAlone(List<Path> folders, int from, Consumer<Path> waiting, Supplier<T> read) {
    if (from < folders.size()) {
      synchronized (WRITING.computeIfAbsent(folders.get(from), f -> new Object())) {
        return readingAlone(folders, from + 1, waiting, read);
      }
    }
    TreeSet<Path> files = new TreeSet<>();
    folders.forEach(f -> files.add(WriteLock.file(f)));
    List<WriteLock> held = new ArrayList<>();
    try {
      for (Path file : files) {
        held.add(WriteLock.take(file, waiting));
      }
      return read.get();
    } catch (WriteLock.Interrupted e) {
      throw new WriteFailure("cannot read " + String.join(", ", folders.stream().map(Path::toString).toList())
          + ": the read was interrupted while it waited for a stave write there to end (lock file " + e.file()
          + ")", e);
    } finally {
      held.forEach(WriteLock::close);
    }
  }

  /** Where one bundle goes, and the hidden folders its write uses beside it. */
  record Slot(String name, Path target, Path stage, Path old) {}

  /**
   * Writes every bundle, or none. Returns warnings for what it had to leave on disk (an old copy or a
   * leftover of an earlier compile that could not be deleted), naming the folder and why.
   */
  public List<String> write(List<Bundle> bundles) {
    return write(bundles, lock -> { });
  }

  /**
   * {@link #write(List)}; {@code waiting} is told the lock file when the write has to wait for another stave
   * write to finish (one into the same folder, or into one whose lock file is the same), of another process
   * or of this one.
   */
  public List<String> write(List<Bundle> bundles, Consumer<Path> waiting) {
    // What another compile's write cannot change; the rest once no other write is under way.
    for (Bundle b : bundles) {
      checkName(b.name());
    }
    checkOutputFolder(outputDir);
    Path folder;
    try {
      Files.createDirectories(outputDir);
      folder = outputDir.toRealPath();
    } catch (IOException | UncheckedIOException e) {
      throw failure(e, "");
    }
    // A second compile into the folder would take this one's hidden folders for a killed compile's
    // leftovers and delete them mid-write, leaving bundles empty or half written: it waits instead.
    synchronized (WRITING.computeIfAbsent(folder, f -> new Object())) {
      try (WriteLock lock = WriteLock.take(WriteLock.file(folder), waiting)) {
        checkObstacles(outputDir, bundles);
        return writeAlone(bundles);
      } catch (WriteLock.Interrupted e) {
        throw new WriteFailure("cannot write to " + outputDir + ": the write was interrupted while it waited for"
            + " another stave write there to end (lock file " + e.file() + "); no bundle was written", e);
      }
    }
  }

  /** {@link #write}, with no other write of stave's into the output folder under way. */
  private List<String> writeAlone(List<Bundle> bundles) {
    List<String> warnings = new ArrayList<>();
    List<Slot> slots;
    try {
      slots = slots(bundles, warnings);
    } catch (IOException | UncheckedIOException e) {
      throw failure(e, "");
    }
    Progress progress = new Progress(slots);
    try {
      exits.add(progress.hook);
    } catch (IllegalStateException shuttingDown) {
      // Ctrl-C came before the write began (while rendering): nothing is written.
      throw failure(new Stopped(), "");
    }
    try {
      stageAll(bundles, progress);
      swapAll(progress);
      for (Slot slot : slots) {
        try {
          disk.delete(slot.old());
        } catch (IOException | UncheckedIOException e) {
          warnings.add(slot.target() + " is written, but its previous copy is left in " + slot.old()
              + ", which cannot be deleted: " + describe(e) + "; delete it");
        }
      }
    } finally {
      exits.remove(progress.hook);
    }
    return List.copyOf(warnings);
  }

  /** Each folder made and file written is a step: a write stopped while staging leaves no staging folder. */
  private void stageAll(List<Bundle> bundles, Progress progress) {
    try {
      for (int i = 0; i < bundles.size(); i++) {
        Path stage = progress.slots.get(i).stage();
        progress.step(() -> Files.createDirectory(stage));
        // The kustomization first: a staging folder cut short still shows that stave wrote it.
        List<BundleFile> files = bundles.get(i).files();
        for (BundleFile f : files) {
          if (f.name().equals(Bundle.KUSTOMIZATION)) {
            progress.step(() -> Files.write(stage.resolve(f.name()), f.text().getBytes(StandardCharsets.UTF_8)));
          }
        }
        for (BundleFile f : files) {
          if (!f.name().equals(Bundle.KUSTOMIZATION)) {
            progress.step(() -> Files.write(stage.resolve(f.name()), f.text().getBytes(StandardCharsets.UTF_8)));
          }
        }
      }
    } catch (IOException | UncheckedIOException e) {
      throw failure(e, progress.undo());
    }
  }

  /**
   * Moves each old bundle aside and its new one into place. Until the last new bundle is in place a
   * failure or the JVM's end undoes every swap, so the output folder holds the old bundles, all of them.
   */
  private void swapAll(Progress progress) {
    try {
      for (Slot slot : progress.slots) {
        progress.swap(slot);
      }
      progress.commit();
    } catch (IOException | UncheckedIOException e) {
      throw failure(e, progress.undo());
    }
  }

  /** A step of a write that the JVM's end came before; not the disk's doing. */
  private static final class Stopped extends IOException {
    Stopped() {
      super("the compile was stopped");
    }
  }

  /** One rename, folder or file of a write. */
  private interface Step {
    void run() throws IOException;
  }

  /**
   * What a write has done so far, shared by the thread that writes and the shutdown hook that undoes it
   * when the JVM ends first (Ctrl-C, SIGTERM). Steps and the undoing hold one lock, so the hook finds the
   * output folder between two steps, never inside one (an old bundle moved aside without its new one in
   * place), and once it has asked to stop, no step follows. Until every new bundle is in place the hook
   * undoes every swap, as a failure does; after that the write has succeeded and the hook leaves it:
   * nothing is staged any more, and an old copy whose deletion the end cuts short is deleted by the next
   * compile of that bundle.
   */
  private final class Progress {
    private final Object lock = new Object();
    private final List<Slot> slots;
    private final List<Slot> swapped = new ArrayList<>();
    private final List<Slot> hadOld = new ArrayList<>();
    // Set before the hook waits for the lock, so the writing thread takes no further step.
    private volatile boolean abandoned;
    private boolean committed;
    // What the undoing could not put back or delete, once it has run; null before.
    private String left;
    final Thread hook = new Thread(this::abandon, "stave-abandon-write");

    Progress(List<Slot> slots) {
      this.slots = slots;
    }

    void step(Step step) throws IOException {
      synchronized (lock) {
        if (abandoned) {
          throw new Stopped();
        }
        step.run();
      }
    }

    void swap(Slot slot) throws IOException {
      step(() -> {
        if (Files.exists(slot.target(), LinkOption.NOFOLLOW_LINKS)) {
          disk.move(slot.target(), slot.old());
          hadOld.add(slot);
        }
        disk.move(slot.stage(), slot.target());
        swapped.add(slot);
      });
    }

    void commit() throws IOException {
      step(() -> committed = true);
    }

    /**
     * Swaps back what was swapped, last first, and deletes the staging folders; what cannot be put back
     * or deleted is named for the message. Once only, by whichever of the writer and the hook comes first.
     */
    String undo() {
      synchronized (lock) {
        if (committed) {
          return "";
        }
        if (left == null) {
          left = swapBack() + deleteStages(slots);
        }
        return left;
      }
    }

    /** The swaps recorded, undone last first; the lock is held. */
    private String swapBack() {
      StringBuilder notUndone = new StringBuilder();
      for (int i = slots.size() - 1; i >= 0; i--) {
        Slot slot = slots.get(i);
        try {
          if (swapped.contains(slot)) {
            disk.move(slot.target(), slot.stage());
          }
          if (hadOld.contains(slot)) {
            disk.move(slot.old(), slot.target());
          }
        } catch (IOException | UncheckedIOException undo) {
          notUndone.append("; ").append(slot.target()).append(" could not be put back (its previous copy is in ")
              .append(slot.old()).append("): ").append(describe(undo));
        }
      }
      return notUndone.toString();
    }

    /** The shutdown hook: short, and quiet, as the JVM is ending; what it cannot undo the next compile deletes. */
    private void abandon() {
      abandoned = true;
      try {
        undo();
      } catch (RuntimeException e) {
        // left for the next compile
      }
    }
  }

  /** Deletes the staging folders of a write that failed; what cannot go is named for the message. */
  private String deleteStages(List<Slot> slots) {
    StringBuilder left = new StringBuilder();
    for (Slot slot : slots) {
      try {
        disk.delete(slot.stage());
      } catch (IOException | UncheckedIOException e) {
        left.append("; ").append(slot.stage()).append(" is left: ").append(describe(e));
      }
    }
    return left.toString();
  }

  private WriteFailure failure(Exception e, String more) {
    IOException io = e instanceof UncheckedIOException unchecked ? unchecked.getCause() : (IOException) e;
    return new WriteFailure("cannot write to " + outputDir + ": " + IoErrors.describe(io, outputDir) + more, e);
  }

  private static String describe(Exception e) {
    if (e instanceof UncheckedIOException unchecked) {
      return IoErrors.describe(unchecked.getCause());
    }
    return IoErrors.describe((IOException) e);
  }

  /**
   * Clears what an earlier compile that was killed, or could not delete, left of these bundles' hidden
   * folders (checked to be stave's by {@link #checkObstacles}), and picks free names for this write: a
   * leftover that cannot be deleted is warned about and written around, so it blocks no later compile.
   */
  private List<Slot> slots(List<Bundle> bundles, List<String> warnings) throws IOException {
    Set<String> names = new HashSet<>();
    bundles.forEach(b -> names.add(b.name()));
    Set<String> taken = new HashSet<>();
    for (Path leftover : leftovers(outputDir, names)) {
      try {
        disk.delete(leftover);
      } catch (IOException | UncheckedIOException e) {
        taken.add(leftover.getFileName().toString());
        warnings.add(leftover + " is left from an earlier compile and cannot be deleted: " + describe(e)
            + "; delete it");
      }
    }
    List<Slot> slots = new ArrayList<>();
    for (Bundle b : bundles) {
      slots.add(new Slot(b.name(), outputDir.resolve(b.name()), free(b.name(), "new", taken),
          free(b.name(), "old", taken)));
    }
    return slots;
  }

  private Path free(String bundle, String kind, Set<String> taken) {
    for (int n = 1; n <= MAX_WORK_FOLDERS; n++) {
      Path folder = workFolder(bundle, kind, n);
      if (!taken.contains(folder.getFileName().toString())) {
        return folder;
      }
    }
    throw new WriteFailure("cannot write to " + outputDir + ": " + MAX_WORK_FOLDERS + " folders ." + bundle
        + ".stave-" + kind + "* left from earlier compiles cannot be deleted; delete them", null);
  }

  /** The {@code n}th hidden folder of a kind ({@code new} or {@code old}) beside a bundle, as WORK_FOLDER reads it. */
  private Path workFolder(String bundle, String kind, int n) {
    return outputDir.resolve("." + bundle + ".stave-" + kind + (n == 1 ? "" : "-" + n));
  }

  private static String bundleOf(Path leftover) {
    Matcher m = WORK_FOLDER.matcher(leftover.getFileName().toString());
    return m.matches() ? m.group(1) : leftover.getFileName().toString();
  }

  /** The hidden folders of earlier writes of these bundles, in name order. */
  private static List<Path> leftovers(Path outputDir, Set<String> names) {
    if (!Files.isDirectory(outputDir)) {
      return List.of();
    }
    List<Path> found = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(outputDir)) {
      for (Path entry : stream) {
        Matcher m = WORK_FOLDER.matcher(entry.getFileName().toString());
        if (m.matches() && names.contains(m.group(1))) {
          found.add(entry);
        }
      }
    } catch (IOException e) {
      throw new WriteFailure("cannot read the folder " + outputDir + ": " + IoErrors.describe(e, outputDir), e);
    }
    found.sort(null);
    return found;
  }

  /**
   * What a compile refuses before it writes anything: a bundle name that is no folder name, an output
   * folder that is a file, and something of the user's where a bundle or its hidden folders go.
   */
  static void checkObstacles(Path outputDir, List<Bundle> bundles) {
    for (Bundle b : bundles) {
      checkName(b.name());
    }
    checkOutputFolder(outputDir);
    Set<String> names = new HashSet<>();
    for (Bundle b : bundles) {
      checkReplaceable(outputDir.resolve(b.name()));
      names.add(b.name());
    }
    for (Path leftover : leftovers(outputDir, names)) {
      checkLeftover(leftover);
    }
  }

  /** {@code -o notes.txt}, or a folder under a file, is named for what it is rather than left to the disk to refuse. */
  private static void checkOutputFolder(Path outputDir) {
    for (Path p = outputDir; p != null; p = p.getParent()) {
      if (Files.exists(p)) {
        if (!Files.isDirectory(p)) {
          throw new WriteFailure("cannot write to " + outputDir + ": " + (p.equals(outputDir) ? "it" : p)
              + " is a file, not a folder", null);
        }
        return;
      }
    }
  }

  /** Bundle names come from sanitized names; this guards the file system against anything else. */
  private static void checkName(String name) {
    if (name.isEmpty() || name.contains("/") || name.contains("\\") || name.startsWith(".")
        || name.contains("\0")) {
      throw new UserError(Diagnostic.error(Origin.of("<bundle>"), "name", "bundle-name",
          "'" + name + "' cannot be a bundle folder name", "use letters, digits and '-'"));
    }
  }

  /**
   * A bundle folder is replaced whole, whatever was added to it since, so what is there must be a
   * bundle: an empty folder, or one with a kustomization that stave wrote. Anything else (a folder of
   * configs or a kustomize project that happens to have the bundle's name, a file, a link) is the
   * user's, and is left alone with an error before anything is written.
   */
  private static void checkReplaceable(Path target) {
    if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    String what = notABundle(target);
    if (what == null) {
      return;
    }
    throw new UserError(Diagnostic.error(Origin.of(target.toString()), "", "not-a-bundle",
        target + " is " + what + "; compiling would replace it with the bundle",
        "write the bundles elsewhere with -o DIR, or move it away"));
  }

  /** What {@code path} is when it is not a bundle stave wrote ("a symbolic link", ...), or null for one. */
  private static String notABundle(Path path) {
    if (Files.isSymbolicLink(path)) {
      return "a symbolic link";
    }
    if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
      return "a file";
    }
    return isBundle(path) ? null : "a folder that stave did not write (it has no kustomization of stave's)";
  }

  /** A hidden folder with the name of one of a write's is deleted only if stave wrote it. */
  private static void checkLeftover(Path leftover) {
    String what = notABundle(leftover);
    if (what == null) {
      return;
    }
    // Pointed at by the bundle's folder, which is never quoted: the file may be the user's, with secrets.
    Path bundle = leftover.resolveSibling(bundleOf(leftover));
    throw new UserError(Diagnostic.error(Origin.of(bundle.toString()), "", "not-a-bundle",
        leftover + " is " + what + "; compiling uses that name for a bundle being written, and would delete it",
        "move it away, or write the bundles elsewhere with -o DIR"));
  }

  private static boolean isBundle(Path folder) {
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(folder)) {
      if (!stream.iterator().hasNext()) {
        return true;
      }
    } catch (IOException e) {
      throw new WriteFailure("cannot read the folder " + folder + ": " + IoErrors.describe(e, folder), e);
    }
    // Bundles written before the kustomization was named Kustomization have kustomization.yaml.
    for (String name : List.of(Bundle.KUSTOMIZATION, "kustomization.yaml")) {
      Path file = folder.resolve(name);
      if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
        try (var in = Files.newInputStream(file)) {
          byte[] head = in.readNBytes(Bundle.KUSTOMIZATION_HEAD.length());
          if (new String(head, StandardCharsets.UTF_8).equals(Bundle.KUSTOMIZATION_HEAD)) {
            return true;
          }
        } catch (IOException e) {
          throw new WriteFailure("cannot read " + IoErrors.describe(e), e);
        }
      }
    }
    return false;
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to);
    }
  }

  /**
   * Deletes a folder and what it holds, never following a symbolic link (a link is deleted, not what
   * it points to). Replacing a 20,001-file bundle means deleting the old one's files; on all cores,
   * and without reading each file's attributes first, that took 0.12 to 0.17 s instead of 0.4 s on
   * tmpfs, and 0.23 to 0.31 s instead of 0.41 s on ext4.
   */
  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
      Files.delete(root);
      return;
    }
    deleteEntries(list(root));
    Files.delete(root);
  }

  /**
   * Deletes a bundle folder, its kustomization last, so that a folder whose deletion stops halfway
   * (killed, or refused) is still recognisably stave's and the next compile deletes the rest.
   */
  static void deleteBundle(Path root) throws IOException {
    if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
      deleteTree(root);
      return;
    }
    List<Path> rest = new ArrayList<>();
    List<Path> last = new ArrayList<>();
    for (Path entry : list(root)) {
      String name = entry.getFileName().toString();
      (name.equals(Bundle.KUSTOMIZATION) || name.equals("kustomization.yaml") ? last : rest).add(entry);
    }
    deleteEntries(rest);
    deleteEntries(last);
    Files.delete(root);
  }

  private static List<Path> list(Path folder) throws IOException {
    List<Path> entries = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(folder)) {
      stream.forEach(entries::add);
    }
    return entries;
  }

  private static void deleteEntries(List<Path> entries) throws IOException {
    if (entries.size() < PARALLEL_FROM) {
      for (Path entry : entries) {
        deleteEntry(entry);
      }
      return;
    }
    IOException[] failed = new IOException[entries.size()];
    IntStream.range(0, entries.size()).parallel().forEach(i -> {
      try {
        deleteEntry(entries.get(i));
      } catch (IOException e) {
        failed[i] = e;
      }
    });
    for (IOException e : failed) {
      if (e != null) {
        throw e;
      }
    }
  }

  /** Files and links go at once; only a folder with something in it is looked into. */
  private static void deleteEntry(Path entry) throws IOException {
    try {
      Files.delete(entry);
    } catch (DirectoryNotEmptyException e) {
      deleteTree(entry);
    }
  }
}

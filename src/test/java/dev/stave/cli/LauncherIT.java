package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher ({@code ./stave}) around the packaged jar, in a copy of the layout it expects: it
 * records the class-data archive once, uses it after that, and records it again when the jar or the
 * {@code java} binary is no longer the one it was made with. What it writes is what the jar writes.
 */
class LauncherIT {
  private static final Path JAR = Path.of(System.getProperty("stave.jar", "target/stave.jar"));
  private static final String RECORDING = "stave: recording the classes of one compile";

  @TempDir
  Path home;

  @Test
  void theArchiveIsRecordedOnceAndAgainWhenTheJarOrJavaChanges() throws Exception {
    copyLayout();
    Path jsa = home.resolve("target/stave.jsa");

    Run first = launch();
    assertEquals(0, first.code(), first.err());
    assertTrue(first.err().contains(RECORDING), first.err());
    assertTrue(Files.size(jsa) > 0);
    assertTrue(Files.isSymbolicLink(home.resolve("target/stave.jsa.java")));
    Run expected = Run.of("compile", "examples/cheetah-ppo.conf", "-o", "-");
    assertEquals(expected.out(), first.out());

    Run second = launch();
    assertEquals(new Run(0, expected.out(), ""), second, "the archive is used as it is");

    // A rebuilt jar is newer than the archive's stamp.
    Path jar = home.resolve("target/stave.jar");
    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(5)));
    Run afterBuild = launch();
    assertTrue(afterBuild.err().contains(RECORDING), afterBuild.err());
    assertEquals(expected.out(), afterBuild.out());

    // Another java: the archive's link names a binary that is not the one on the PATH.
    Files.delete(home.resolve("target/stave.jsa.java"));
    Files.createSymbolicLink(home.resolve("target/stave.jsa.java"), Path.of("/bin/sh"));
    Run otherJava = launch();
    assertTrue(otherJava.err().contains(RECORDING), otherJava.err());
    assertFalse(launch().err().contains(RECORDING), "recorded again once, then used");

    Map<String, String> off = new HashMap<>(System.getenv());
    off.put("STAVE_CDS", "0");
    Files.delete(jsa);
    Run withoutArchive = launch(off);
    assertEquals(new Run(0, expected.out(), ""), withoutArchive, "STAVE_CDS=0 records nothing");
    assertFalse(Files.exists(jsa));
  }

  /**
   * Picocli's class files are Java 5's, which a class-data dump leaves out once anything links them
   * while it runs (a lambda of stave's that the dump resolves can): CommandLine, the largest, then
   * loads from the jar on every start.
   */
  @Test
  void theArchiveHoldsPicocli() throws Exception {
    copyLayout();
    assertEquals(0, launch().code());
    Path log = home.resolve("classes.log");
    Process java = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:on", "-XX:SharedArchiveFile=target/stave.jsa",
        "-Xlog:class+load=info:file=" + log, "-cp", "target/stave.jar", "dev.stave.cli.Main",
        "compile", "examples/cheetah-ppo.conf", "-o", "out")
        .directory(home.toFile()).redirectErrorStream(true).redirectOutput(home.resolve("java.out").toFile())
        .start();
    assertTrue(java.waitFor(Run.HANG.toMillis(), TimeUnit.MILLISECONDS));
    assertEquals(0, java.exitValue(), Files.readString(home.resolve("java.out")));
    List<String> loads = Files.readAllLines(log).stream().filter(line -> line.contains(" picocli.")).toList();
    assertFalse(loads.isEmpty());
    assertEquals(List.of(), loads.stream().filter(line -> !line.endsWith("source: shared objects file")).toList());
  }

  @Test
  void theJarIsRebuiltWhenASourceIsNewerButNotForHiddenFiles() throws Exception {
    copyLayout();
    Path source = home.resolve("src/main/java/dev/stave/Some.java");
    Files.createDirectories(source.getParent());
    Files.writeString(source, "class Some {}");
    // A Maven that only says it ran: the build is the launcher's to start, not this test's to run.
    Path bin = Files.createDirectories(home.resolve("bin"));
    Path mvn = bin.resolve("mvn");
    Files.writeString(mvn, "#!/bin/sh\necho \"$@\" >> \"" + home.resolve("mvn.calls") + "\"\n");
    mvn.toFile().setExecutable(true);
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("STAVE_CDS", "0");
    env.put("PATH", bin + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
    // bash 3.2 (macOS's) has no globstar: a shopt that refuses it as 3.2 does, exported as a function
    // that the launcher's bash takes in. The source below is four folders down.
    env.put("BASH_FUNC_shopt%%", "() { if [[ \"$*\" == *globstar* ]]; then"
        + " echo \"shopt: globstar: invalid shell option name\" >&2; return 1; fi; builtin shopt \"$@\"; }");
    Path jar = home.resolve("target/stave.jar");
    // Built an hour ahead: every folder made here is older than the jar, as after a build.
    Instant built = Instant.now().plusSeconds(3600);
    Files.setLastModifiedTime(jar, FileTime.from(built));

    Run current = launch(env);
    assertEquals(0, current.code(), current.err());
    assertFalse(current.err().contains("building"), current.err());
    assertFalse(Files.exists(home.resolve("mvn.calls")));

    Path swap = source.resolveSibling(".Some.java.swp");
    Files.writeString(swap, "editing");
    Files.setLastModifiedTime(swap, FileTime.from(built.plusSeconds(30)));
    Run editing = launch(env);
    assertFalse(editing.err().contains("building"), "an editor's hidden file is no source: " + editing.err());

    Files.setLastModifiedTime(source, FileTime.from(built.plusSeconds(30)));
    Run edited = launch(env);
    assertEquals(0, edited.code(), edited.err());
    assertTrue(edited.err().startsWith("stave: building (mvn -B -q -DskipTests package)..."), edited.err());
    assertEquals("-B -q -DskipTests package\n", Files.readString(home.resolve("mvn.calls")));

    // The JVM's flags reach it as written, whatever globbing the staleness check turned on.
    Path java = bin.resolve("java");
    Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
    java.toFile().setExecutable(true);
    Run flags = launch(env, bin);
    assertEquals(0, flags.code(), flags.err());
    assertTrue(flags.out().lines().anyMatch("-Xlog:all=warning,cds*=off:stderr"::equals), flags.out());
  }

  /**
   * Two first runs at once build once: the second waits for the first's build, then runs its jar. A Maven that
   * only touches the jar finishes once the other launcher says it is waiting (or after 10 s, when none does),
   * so the two overlap whatever the machine's speed. Once with flock, once with a PATH that has none (macOS):
   * the launcher then locks with a folder.
   */
  @Test
  void twoFirstRunsAtOnceBuildOnce() throws Exception {
    Path bin = Files.createDirectories(home.resolve("bin"));
    Path tools = Files.createDirectories(home.resolve("tools"));
    for (String tool : List.of("bash", "cat", "grep", "mkdir", "mktemp", "rm", "seq", "sleep", "touch")) {
      Path found = Path.of("/usr/bin", tool);
      Files.createSymbolicLink(tools.resolve(tool), Files.exists(found) ? found : Path.of("/bin", tool));
    }
    Files.writeString(bin.resolve("mvn"), "#!/bin/sh\necho \"$@\" >> ../mvn.calls\n"
        + "for i in $(seq 100); do grep -qs waiting ../a.err ../b.err && break; sleep 0.1; done\n"
        + "mkdir -p target/lib && touch target/stave.jar\n");
    Files.writeString(bin.resolve("java"), "#!/bin/sh\necho ran\n");
    for (Path tool : List.of(bin.resolve("mvn"), bin.resolve("java"))) {
      Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwx------"));
    }
    for (String path : List.of(System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), tools.toString())) {
      Path checkout = Files.createDirectories(home.resolve("co"));
      Files.copy(Path.of("stave"), checkout.resolve("stave"));
      Files.writeString(checkout.resolve("pom.xml"), "<project/>");
      Files.setLastModifiedTime(checkout.resolve("pom.xml"), FileTime.from(Instant.now().minusSeconds(60)));
      Map<String, String> env = Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8",
          "PATH", bin + ":" + path);
      List<Process> launchers = new ArrayList<>();
      for (String name : List.of("a", "b")) {
        ProcessBuilder builder = new ProcessBuilder(tools.resolve("bash").toString(), "co/stave", "--version")
            .directory(home.toFile()).redirectOutput(home.resolve(name + ".out").toFile())
            .redirectError(home.resolve(name + ".err").toFile());
        builder.environment().clear();
        builder.environment().putAll(env);
        launchers.add(builder.start());
      }
      for (int i = 0; i < launchers.size(); i++) {
        assertTrue(launchers.get(i).waitFor(Run.HANG.toMillis(), TimeUnit.MILLISECONDS), path);
        String err = Files.readString(home.resolve("ab".charAt(i) + ".err"));
        assertEquals(0, launchers.get(i).exitValue(), path + ": " + err);
      }
      assertEquals("-B -q -DskipTests package\n", Files.readString(home.resolve("mvn.calls")), path);
      List<String> errs = new ArrayList<>(List.of(Files.readString(home.resolve("a.err")),
          Files.readString(home.resolve("b.err"))));
      errs.sort(null);
      assertEquals(List.of("stave: building (mvn -B -q -DskipTests package)...\n",
          "stave: waiting for the build that another ./stave started...\n"), errs, path);
      assertEquals("ran\nran\n", Files.readString(home.resolve("a.out")) + Files.readString(home.resolve("b.out")));
      assertEquals(List.of(), Files.list(checkout.resolve("target")).filter(file -> !file.endsWith("stave.jar")
          && !file.endsWith("lib") && !file.endsWith(".stave-build.lock")).toList(),
          "the lock folder is removed: " + path);
      deleteTree(checkout);
      Files.delete(home.resolve("mvn.calls"));
    }
  }

  /**
   * A run killed between making the lock folder and writing its pid into it left a folder with no pid, and
   * every later run (without flock) waited for it for ever. A folder that holds no pid for three seconds is
   * taken over.
   */
  @Test
  void aLockFolderThatNeverGetsAPidIsTakenOver() throws Exception {
    Path bin = Files.createDirectories(home.resolve("bin"));
    Path tools = Files.createDirectories(home.resolve("tools"));
    for (String tool : List.of("bash", "mkdir", "mktemp", "mv", "rm", "sleep", "touch")) {
      Path found = Path.of("/usr/bin", tool);
      Files.createSymbolicLink(tools.resolve(tool), Files.exists(found) ? found : Path.of("/bin", tool));
    }
    Files.writeString(bin.resolve("mvn"), "#!/bin/sh\nmkdir -p target/lib && touch target/stave.jar\n");
    Files.writeString(bin.resolve("java"), "#!/bin/sh\necho ran\n");
    for (Path tool : List.of(bin.resolve("mvn"), bin.resolve("java"))) {
      Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwx------"));
    }
    Path checkout = Files.createDirectories(home.resolve("co"));
    Files.copy(Path.of("stave"), checkout.resolve("stave"));
    Files.writeString(checkout.resolve("pom.xml"), "<project/>");
    Files.createDirectories(checkout.resolve("target/.stave-build.lock.d"));
    ProcessBuilder builder = new ProcessBuilder(tools.resolve("bash").toString(), "co/stave", "--version")
        .directory(home.toFile()).redirectOutput(home.resolve("out").toFile())
        .redirectError(home.resolve("err").toFile());
    builder.environment().clear();
    builder.environment().putAll(Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8",
        "PATH", bin + ":" + tools));
    Process launcher = builder.start();
    assertTrue(launcher.waitFor(Run.HANG.toMillis(), TimeUnit.MILLISECONDS), "the launcher waits for ever");
    assertEquals(0, launcher.exitValue(), Files.readString(home.resolve("err")));
    assertEquals("stave: waiting for the build that another ./stave started...\n"
        + "stave: building (mvn -B -q -DskipTests package)...\n", Files.readString(home.resolve("err")));
    assertEquals("ran\n", Files.readString(home.resolve("out")));
    assertEquals(List.of(checkout.resolve("target/lib"), checkout.resolve("target/stave.jar")),
        Files.list(checkout.resolve("target")).sorted().toList(), "the lock folder is removed");
  }

  /**
   * Two runs without flock that found one dead lock folder both removed it, the slower after the faster had made
   * its own there: both built at once. The takeover renames the folder first, and only the run whose rename got
   * the dead one goes on. Renames (and removals) of the lock folder are slowed, by 1 s in the first run and by
   * 3 s in the second, so that the second's comes while the first builds (a Maven that takes 5 s).
   */
  @Test
  void twoRunsThatFindADeadLockFolderBuildOnce() throws Exception {
    Path tools = tools("bash", "mkdir", "mktemp", "sleep", "touch");
    for (String tool : List.of("mv", "rm")) {
      Path found = Files.exists(Path.of("/usr/bin", tool)) ? Path.of("/usr/bin", tool) : Path.of("/bin", tool);
      Files.writeString(tools.resolve(tool), "#!/bin/sh\ncase \"$*\" in '-rf '*.lock.d | *.lock.d\\ *) "
          + tools.resolve("sleep") + " \"$DELAY\" ;; esac\nexec " + found + " \"$@\"\n");
      Files.setPosixFilePermissions(tools.resolve(tool), PosixFilePermissions.fromString("rwx------"));
    }
    Path bin = fakeMavenAndJava("echo \"$@\" >> ../mvn.calls\nsleep 5\n"
        + "mkdir -p target/lib && touch target/stave.jar\n");
    Path checkout = noFlockCheckout();
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path lock = Files.createDirectories(checkout.resolve("target/.stave-build.lock.d"));
    Files.writeString(lock.resolve("pid"), gone.pid() + "\n");
    List<Process> launchers = new ArrayList<>();
    for (String delay : List.of("1", "3")) {
      launchers.add(startLauncher(tools, bin, "DELAY", delay, "run" + delay));
    }
    for (Process launcher : launchers) {
      assertTrue(launcher.waitFor(Run.HANG.toMillis(), TimeUnit.MILLISECONDS));
      assertEquals(0, launcher.exitValue());
    }
    assertEquals("-B -q -DskipTests package\n", Files.readString(home.resolve("mvn.calls")));
    assertEquals(List.of("stave: building (mvn -B -q -DskipTests package)...\n",
        "stave: waiting for the build that another ./stave started...\n"),
        List.of(Files.readString(home.resolve("run1.err")), Files.readString(home.resolve("run3.err"))));
    assertEquals("ran\nran\n",
        Files.readString(home.resolve("run1.out")) + Files.readString(home.resolve("run3.out")));
    assertEquals(List.of(checkout.resolve("target/lib"), checkout.resolve("target/stave.jar")),
        Files.list(checkout.resolve("target")).sorted().toList(), "no lock folder is left");
  }

  /**
   * A takeover of a dead lock folder renames it to {@code .stave-build.lock.d.PID} before it removes it: Ctrl-C
   * in between left that folder in target/ for good. The run that next holds the lock removes it once its run
   * is gone; that of a run still running (this test's process stands for one) is left to it.
   */
  @Test
  void theFolderOfAnInterruptedTakeoverIsRemoved() throws Exception {
    Path tools = tools("bash", "mkdir", "mktemp", "mv", "rm", "sleep", "touch");
    Path bin = fakeMavenAndJava("mkdir -p target/lib && touch target/stave.jar\n");
    Path checkout = noFlockCheckout();
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path left = Files.createDirectories(checkout.resolve("target/.stave-build.lock.d." + gone.pid()));
    Files.writeString(left.resolve("pid"), "1\n");
    Path running = Files.createDirectories(
        checkout.resolve("target/.stave-build.lock.d." + ProcessHandle.current().pid()));
    Process launcher = startLauncher(tools, bin, "STAVE_CDS", "0", "run");
    assertTrue(launcher.waitFor(Run.HANG.toMillis(), TimeUnit.MILLISECONDS));
    assertEquals("stave: building (mvn -B -q -DskipTests package)...\n", Files.readString(home.resolve("run.err")));
    assertEquals(0, launcher.exitValue());
    assertEquals(List.of(running, checkout.resolve("target/lib"), checkout.resolve("target/stave.jar")),
        Files.list(checkout.resolve("target")).sorted().toList());
  }

  /**
   * In a checkout shared by several users, kill -0 on the lock owner's pid fails with "Operation not permitted"
   * when another user runs it, and the lock read as dead: two builds ran at once. Pid 1 (root's) stands for
   * another user's run; where this test runs as root, the launcher runs as nobody.
   */
  @Test
  void aLockHeldByAnotherUsersRunIsWaitedFor() throws Exception {
    List<String> asOther = new ArrayList<>();
    if ("root".equals(System.getProperty("user.name"))) {
      assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")), "setpriv runs the launcher as nobody");
      asOther.addAll(List.of("/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"));
    }
    Path tools = tools("bash", "mkdir", "mktemp", "mv", "rm", "sleep", "touch");
    Path bin = fakeMavenAndJava("mkdir -p target/lib && touch target/stave.jar\n");
    Path checkout = noFlockCheckout();
    for (Path path : List.of(home, tools, bin)) {
      Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    for (Path path : List.of(bin.resolve("mvn"), bin.resolve("java"))) {
      Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    for (Path path : List.of(checkout, checkout.resolve("target"))) {
      Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxrwxrwx"));
    }
    Path lock = Files.createDirectories(checkout.resolve("target/.stave-build.lock.d"));
    Files.writeString(lock.resolve("pid"), "1\n");
    Process launcher = startLauncher(asOther, tools, bin, "STAVE_CDS", "0", "run");
    while (!Files.readString(home.resolve("run.err")).contains("waiting") && launcher.isAlive()) {
      Thread.sleep(50);
    }
    deleteTree(lock);
    assertTrue(launcher.waitFor(Run.HANG.toMillis(), TimeUnit.MILLISECONDS));
    assertEquals("stave: waiting for the build that another ./stave started...\n"
        + "stave: building (mvn -B -q -DskipTests package)...\n", Files.readString(home.resolve("run.err")));
    assertEquals(0, launcher.exitValue());
    assertEquals("ran\n", Files.readString(home.resolve("run.out")));
  }

  /**
   * A lock folder whose run was killed, its pid since reused by a process that runs on, made every run without
   * flock wait until that process ended. The folder records its owner's start (from /proc here): while it is
   * the pid's, the run waits; once it is not (the owner gone, its pid reused), the lock is taken over.
   */
  @Test
  void aLockWhosePidWasReusedIsTakenOver() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/stat")));
    Path tools = tools("bash", "mkdir", "mktemp", "mv", "rm", "sleep", "touch");
    Path bin = fakeMavenAndJava("mkdir -p target/lib && touch target/stave.jar\n");
    Path checkout = noFlockCheckout();
    long pid = ProcessHandle.current().pid();
    String stat = Files.readString(Path.of("/proc/self/stat"));
    String start = stat.substring(stat.lastIndexOf(") ") + 2).split(" ")[19];
    Path lock = Files.createDirectories(checkout.resolve("target/.stave-build.lock.d"));
    Files.writeString(lock.resolve("pid"), pid + " " + start + "\n");
    Process launcher = startLauncher(tools, bin, "STAVE_CDS", "0", "run");
    while (!Files.readString(home.resolve("run.err")).contains("waiting") && launcher.isAlive()) {
      Thread.sleep(50);
    }
    assertTrue(launcher.isAlive(), "the owner runs: " + Files.readString(home.resolve("run.err")));
    Files.writeString(lock.resolve("pid"), pid + " " + start + "1\n");
    assertTrue(launcher.waitFor(Run.HANG.toMillis(), TimeUnit.MILLISECONDS));
    assertEquals("stave: waiting for the build that another ./stave started...\n"
        + "stave: building (mvn -B -q -DskipTests package)...\n", Files.readString(home.resolve("run.err")));
    assertEquals(0, launcher.exitValue());
    assertEquals("ran\n", Files.readString(home.resolve("run.out")));
    assertFalse(Files.exists(lock), "the folder is the new run's, and removed with it");
  }

  /**
   * A command name (field 2 of /proc/PID/stat) may hold ') ' and a line break: the launcher read the first line
   * only, found no start there, and took the reused pid's process for the lock's owner, waiting until it ended.
   * A program started through a link of such a name stands for that process.
   */
  @Test
  void aLockWhosePidWasReusedByAProcessWithALineBreakInItsNameIsTakenOver() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/stat")));
    Path tools = tools("bash", "mkdir", "mktemp", "mv", "rm", "sleep", "touch");
    Path bin = fakeMavenAndJava("mkdir -p target/lib && touch target/stave.jar\n");
    Path checkout = noFlockCheckout();
    Path named = Files.createSymbolicLink(home.resolve("x) y\nz) w"), tools.resolve("sleep"));
    Process reused = new ProcessBuilder(named.toString(), "20").start();
    try {
      Path lock = Files.createDirectories(checkout.resolve("target/.stave-build.lock.d"));
      Files.writeString(lock.resolve("pid"), reused.pid() + " 1\n");
      Process launcher = startLauncher(tools, bin, "STAVE_CDS", "0", "run");
      assertTrue(launcher.waitFor(Run.HANG.toMillis(), TimeUnit.MILLISECONDS));
      assertEquals("stave: building (mvn -B -q -DskipTests package)...\n", Files.readString(home.resolve("run.err")));
      assertEquals(0, launcher.exitValue());
      assertTrue(reused.isAlive(), "taken over while the process runs");
    } finally {
      reused.destroyForcibly();
    }
  }

  /**
   * Ctrl-C during a build left the build's log in $TMPDIR (and, with flock, nothing removed it at all). The
   * launcher runs in a session of its own, so that the interrupt goes to it and its build as a terminal's would.
   * Once with flock, once with a PATH that has none (the lock is a folder then, which goes too). The build's mark
   * stays: the interrupted Maven had begun the jar, newer than the sources, and the next run builds again.
   */
  @Test
  void ctrlCDuringABuildLeavesNothingBehind() throws Exception {
    Path bin = Files.createDirectories(home.resolve("bin"));
    Path tools = Files.createDirectories(home.resolve("tools"));
    for (String tool : List.of("bash", "cat", "mkdir", "mktemp", "rm", "sleep", "touch")) {
      Path found = Path.of("/usr/bin", tool);
      Files.createSymbolicLink(tools.resolve(tool), Files.exists(found) ? found : Path.of("/bin", tool));
    }
    Files.writeString(bin.resolve("mvn"), "#!/bin/sh\nmkdir -p target/lib\n"
        + "if [ -e ../mvn.started ]; then touch target/stave.jar; exit; fi\n"
        + "echo half > target/stave.jar\ntouch ../mvn.started\nsleep 60\n");
    Files.writeString(bin.resolve("java"), "#!/bin/sh\necho ran\n");
    for (Path tool : List.of(bin.resolve("mvn"), bin.resolve("java"))) {
      Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwx------"));
    }
    Path temporary = Files.createDirectories(home.resolve("tmp"));
    for (String path : List.of(System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), tools.toString())) {
      Path checkout = Files.createDirectories(home.resolve("co"));
      Files.copy(Path.of("stave"), checkout.resolve("stave"));
      Files.writeString(checkout.resolve("pom.xml"), "<project/>");
      ProcessBuilder builder = new ProcessBuilder("setsid", tools.resolve("bash").toString(), "co/stave", "--version")
          .directory(home.toFile()).redirectOutput(home.resolve("out").toFile())
          .redirectError(home.resolve("err").toFile());
      builder.environment().clear();
      builder.environment().putAll(Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8",
          "PATH", bin + ":" + path, "TMPDIR", temporary.toString()));
      Process launcher = builder.start();
      while (!Files.exists(home.resolve("mvn.started")) && launcher.isAlive()) {
        Thread.sleep(50);
      }
      // setsid runs bash in its own process: the launcher's pid is its session's and process group's.
      new ProcessBuilder("kill", "-INT", "--", "-" + launcher.pid()).inheritIO().start().waitFor();
      assertTrue(launcher.waitFor(Run.HANG.toMillis(), TimeUnit.MILLISECONDS), path);
      assertEquals("stave: building (mvn -B -q -DskipTests package)...\n", Files.readString(home.resolve("err")));
      assertEquals(130, launcher.exitValue(), path);
      assertEquals(List.of(), Files.list(temporary).toList(), "the build's log is removed: " + path);
      assertEquals(List.of(".stave-building", "lib", "stave.jar"), Files.list(checkout.resolve("target"))
          .map(file -> file.getFileName().toString()).filter(name -> !name.equals(".stave-build.lock")).sorted()
          .toList(), "the lock folder is removed, the mark stays: " + path);
      Map<String, String> env = Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8",
          "PATH", path, "TMPDIR", temporary.toString());
      assertEquals(new Run(0, "ran\n", "stave: building (mvn -B -q -DskipTests package)...\n"),
          launchAs(tools.resolve("bash").toString(), "co/stave", env, bin, "--version"), "built again: " + path);
      assertFalse(Files.exists(checkout.resolve("target/.stave-building")), path);
      deleteTree(checkout);
      Files.delete(home.resolve("mvn.started"));
    }
  }

  /**
   * bash 3.2 (macOS's) has no BASH_CMDS, where the launcher looked up the java that hash found: the archive was
   * never recorded nor used there. A hash that records nothing, as bash 3.2's leaves BASH_CMDS empty, stands in
   * for it; the java on the PATH prints its arguments, and the archive is fresh for it.
   */
  @Test
  void theArchiveIsUsedWhereBashHasNoBashCmds() throws Exception {
    Path bin = Files.createDirectories(home.resolve("bin"));
    Path java = bin.resolve("java");
    Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
    Files.copy(Path.of("stave"), home.resolve("stave"));
    Path target = Files.createDirectories(home.resolve("target"));
    Files.writeString(target.resolve("stave.jar"), "jar");
    Files.createDirectories(target.resolve("lib"));
    Files.setLastModifiedTime(target.resolve("stave.jar"), FileTime.from(Instant.now().minusSeconds(60)));
    Files.writeString(target.resolve("stave.jsa"), "archive");
    Files.writeString(target.resolve("stave.jsa.stamp"), "");
    Files.createSymbolicLink(target.resolve("stave.jsa.java"), java);
    Map<String, String> env = new HashMap<>(System.getenv());
    env.remove("STAVE_CDS");
    env.put("BASH_FUNC_hash%%", "() { return 0; }");
    Run flags = launch(env, bin, "--version");
    assertEquals(0, flags.code(), flags.err());
    assertTrue(flags.out().lines().anyMatch(("-XX:SharedArchiveFile=" + target.resolve("stave.jsa"))::equals),
        flags.out());
  }

  /**
   * A run started while another's build was writing the jar found it newer than the sources and ran it half
   * written. The build's mark sends it to the lock, held here (without flock) by this test's process, which
   * then lets go as the build would end.
   */
  @Test
  void aRunWaitsForABuildThatIsWritingTheJar() throws Exception {
    Path bin = Files.createDirectories(home.resolve("bin"));
    Path tools = Files.createDirectories(home.resolve("tools"));
    for (String tool : List.of("bash", "mkdir", "rm", "sleep")) {
      Path found = Path.of("/usr/bin", tool);
      Files.createSymbolicLink(tools.resolve(tool), Files.exists(found) ? found : Path.of("/bin", tool));
    }
    Files.writeString(bin.resolve("java"), "#!/bin/sh\necho ran\n");
    Files.setPosixFilePermissions(bin.resolve("java"), PosixFilePermissions.fromString("rwx------"));
    Path checkout = Files.createDirectories(home.resolve("co"));
    Files.copy(Path.of("stave"), checkout.resolve("stave"));
    Files.writeString(checkout.resolve("pom.xml"), "<project/>");
    Files.setLastModifiedTime(checkout.resolve("pom.xml"), FileTime.from(Instant.now().minusSeconds(60)));
    Path lock = Files.createDirectories(checkout.resolve("target/.stave-build.lock.d"));
    Files.writeString(lock.resolve("pid"), ProcessHandle.current().pid() + "\n");
    Files.writeString(checkout.resolve("target/stave.jar"), "half a jar");
    Files.createDirectories(checkout.resolve("target/lib"));
    Files.writeString(checkout.resolve("target/.stave-building"), "");
    ProcessBuilder builder = new ProcessBuilder(tools.resolve("bash").toString(), "co/stave", "--version")
        .directory(home.toFile()).redirectOutput(home.resolve("out").toFile())
        .redirectError(home.resolve("err").toFile());
    builder.environment().clear();
    builder.environment().putAll(Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8",
        "PATH", bin + ":" + tools));
    Process launcher = builder.start();
    while (Files.readString(home.resolve("err")).isEmpty() && launcher.isAlive()) {
      Thread.sleep(50);
    }
    Files.delete(checkout.resolve("target/.stave-building"));
    deleteTree(lock);
    assertTrue(launcher.waitFor(Run.HANG.toMillis(), TimeUnit.MILLISECONDS));
    assertEquals("stave: waiting for the build that another ./stave started...\n",
        Files.readString(home.resolve("err")));
    assertEquals(0, launcher.exitValue());
    assertEquals("ran\n", Files.readString(home.resolve("out")));
  }

  /**
   * A jar newer than its sources but without target/lib (deleted by hand) could not start: java said only that
   * a picocli class was missing. The launcher builds again, which copies the libraries, and then runs.
   */
  @Test
  void aJarWithoutItsLibrariesIsBuiltAgain() throws Exception {
    Path bin = Files.createDirectories(home.resolve("bin"));
    Files.writeString(bin.resolve("mvn"), "#!/bin/sh\necho \"$@\" >> ../mvn.calls\nmkdir -p target/lib\n");
    Files.writeString(bin.resolve("java"), "#!/bin/sh\necho ran\n");
    for (Path tool : List.of(bin.resolve("mvn"), bin.resolve("java"))) {
      Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwx------"));
    }
    Path checkout = Files.createDirectories(home.resolve("co"));
    Files.copy(Path.of("stave"), checkout.resolve("stave"));
    Files.writeString(checkout.resolve("pom.xml"), "<project/>");
    Files.setLastModifiedTime(checkout.resolve("pom.xml"), FileTime.from(Instant.now().minusSeconds(60)));
    Files.createDirectories(checkout.resolve("target"));
    Files.writeString(checkout.resolve("target/stave.jar"), "");
    Map<String, String> env = Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8");

    assertEquals(new Run(0, "ran\n", "stave: building (mvn -B -q -DskipTests package)...\n"),
        launchAs("bash", "co/stave", env, bin, "--version"));
    assertEquals("-B -q -DskipTests package\n", Files.readString(home.resolve("mvn.calls")));
    assertEquals(new Run(0, "ran\n", ""), launchAs("bash", "co/stave", env, bin, "--version"), "built once");
  }

  /**
   * A folder of the sources newer than the jar (an editor made and removed a swap file in it) made every run
   * build: Maven found nothing to do and left the jar as it was, older than the folder. A Maven that changes
   * nothing stands for it; the launcher builds once.
   */
  @Test
  void aBuildThatLeavesTheJarAsItWasIsNotRepeated() throws Exception {
    Path bin = Files.createDirectories(home.resolve("bin"));
    Files.writeString(bin.resolve("mvn"), "#!/bin/sh\necho \"$@\" >> ../mvn.calls\n");
    Files.writeString(bin.resolve("java"), "#!/bin/sh\necho ran\n");
    for (Path tool : List.of(bin.resolve("mvn"), bin.resolve("java"))) {
      Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwx------"));
    }
    Path checkout = Files.createDirectories(home.resolve("co"));
    Files.copy(Path.of("stave"), checkout.resolve("stave"));
    Files.writeString(checkout.resolve("pom.xml"), "<project/>");
    fakeJar(checkout);
    Instant built = Instant.now().minusSeconds(60);
    Files.setLastModifiedTime(checkout.resolve("pom.xml"), FileTime.from(built.minusSeconds(60)));
    Files.setLastModifiedTime(checkout.resolve("target/stave.jar"), FileTime.from(built));
    Path folder = Files.createDirectories(checkout.resolve("src/main/java"));
    Files.setLastModifiedTime(folder, FileTime.from(built.plusSeconds(30)));
    Map<String, String> env = Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8");

    assertEquals(new Run(0, "ran\n", "stave: building (mvn -B -q -DskipTests package)...\n"),
        launchAs("bash", "co/stave", env, bin, "--version"));
    assertEquals(new Run(0, "ran\n", ""), launchAs("bash", "co/stave", env, bin, "--version"), "built once");
    assertEquals("-B -q -DskipTests package\n", Files.readString(home.resolve("mvn.calls")));
  }

  /**
   * A source saved while Maven ran, after the compiler had read it, was older than the jar the build then wrote
   * (or touched), and no later run built it. The jar gets the time the build started: the next run builds again,
   * and does not name the file as one in the future. A Maven that saves the source once, then writes the jar,
   * stands for it.
   */
  @Test
  void aSourceEditedDuringTheBuildIsBuiltByTheNextRun() throws Exception {
    Path bin = fakeMavenAndJava("echo \"$@\" >> ../mvn.calls\n"
        + "if [ ! -e ../saved ]; then sleep 0.1; echo 'class Some { int x; }' > src/main/Some.java; : > ../saved; fi\n"
        + "mkdir -p target/lib && touch target/stave.jar\n");
    Path checkout = noFlockCheckout();
    Path source = Files.createDirectories(checkout.resolve("src/main")).resolve("Some.java");
    Files.writeString(source, "class Some {}");
    Instant before = Instant.now().minusSeconds(60);
    Files.setLastModifiedTime(source, FileTime.from(before));
    Files.setLastModifiedTime(source.getParent(), FileTime.from(before));
    Map<String, String> env = Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8");
    Run building = new Run(0, "ran\n", "stave: building (mvn -B -q -DskipTests package)...\n");

    assertEquals(building, launchAs("bash", "co/stave", env, bin, "--version"));
    assertEquals(building, launchAs("bash", "co/stave", env, bin, "--version"), "the saved source is built");
    assertEquals(new Run(0, "ran\n", ""), launchAs("bash", "co/stave", env, bin, "--version"));
    assertEquals(2, Files.readAllLines(home.resolve("mvn.calls")).size());
  }

  /**
   * A source whose modification time is in the future stayed newer than every jar built, and every run built
   * again. The build says which file it is and that the clock or its time is wrong; later runs do not build for
   * it, but do for an edit of another source and for an edit of it.
   */
  @Test
  void aSourceWithATimeInTheFutureIsBuiltForOnce() throws Exception {
    Path bin = fakeMavenAndJava("echo \"$@\" >> ../mvn.calls\nmkdir -p target/lib && touch target/stave.jar\n");
    Path checkout = noFlockCheckout();
    Path ahead = Files.createDirectories(checkout.resolve("src/main")).resolve("Ahead.java");
    Files.writeString(ahead, "class Ahead {}");
    Path other = checkout.resolve("src/main/Other.java");
    Files.writeString(other, "class Other {}");
    Instant now = Instant.now();
    Files.setLastModifiedTime(other, FileTime.from(now.minusSeconds(60)));
    Files.setLastModifiedTime(checkout.resolve("src/main"), FileTime.from(now.minusSeconds(60)));
    Files.setLastModifiedTime(ahead, FileTime.from(now.plusSeconds(3600)));
    Map<String, String> env = Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8");
    String building = "stave: building (mvn -B -q -DskipTests package)...\n";
    String warning = "stave: warning: src/main/Ahead.java has a modification time in the future; this machine's"
        + " clock or the file's time is wrong (runs build again when it changes, not before; `touch "
        + home.toRealPath().resolve("co/src/main/Ahead.java") + "` gives it the present time)\n";

    assertEquals(new Run(0, "ran\n", building + warning), launchAs("bash", "co/stave", env, bin, "--version"));
    assertEquals(new Run(0, "ran\n", ""), launchAs("bash", "co/stave", env, bin, "--version"), "not built again");
    assertEquals(1, Files.readAllLines(home.resolve("mvn.calls")).size());

    Path jar = checkout.resolve("target/stave.jar");
    Files.setLastModifiedTime(jar, FileTime.from(now.minusSeconds(30)));
    Files.setLastModifiedTime(other, FileTime.from(now.minusSeconds(10)));
    assertEquals(new Run(0, "ran\n", building + warning), launchAs("bash", "co/stave", env, bin, "--version"),
        "another source edited");
    Files.setLastModifiedTime(jar, FileTime.from(now.minusSeconds(30)));
    Files.setLastModifiedTime(ahead, FileTime.from(now.minusSeconds(10)));
    assertEquals(new Run(0, "ran\n", building), launchAs("bash", "co/stave", env, bin, "--version"),
        "the file edited, with the present time");
    assertEquals(new Run(0, "ran\n", ""), launchAs("bash", "co/stave", env, bin, "--version"));
    assertEquals(3, Files.readAllLines(home.resolve("mvn.calls")).size());
  }

  /**
   * Sources unpacked from a machine whose clock was ahead often share one time in the future: each is named, with
   * the command that fixes its time, but target/.stave-future kept a stamp per file, and every run compared each
   * such file with each stamp (300 files took a quarter of a second more on every run). It keeps one per time.
   */
  @Test
  void sourcesInTheFutureAreEachNamedAndEachTimeKeptOnce() throws Exception {
    Path bin = fakeMavenAndJava("echo \"$@\" >> ../mvn.calls\nmkdir -p target/lib && touch target/stave.jar\n");
    Path checkout = noFlockCheckout();
    Path folder = Files.createDirectories(checkout.resolve("src/main"));
    Instant now = Instant.now();
    Map<String, Instant> times = new LinkedHashMap<>();
    times.put("A b.java", now.plusSeconds(3600));
    times.put("B.java", now.plusSeconds(3600));
    times.put("C.java", now.plusSeconds(7200));
    for (Map.Entry<String, Instant> e : times.entrySet()) {
      Files.writeString(folder.resolve(e.getKey()), "class X {}");
      Files.setLastModifiedTime(folder.resolve(e.getKey()), FileTime.from(e.getValue()));
    }
    Files.setLastModifiedTime(folder, FileTime.from(now.minusSeconds(60)));
    Map<String, String> env = Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8");
    String building = "stave: building (mvn -B -q -DskipTests package)...\n";
    Path real = home.toRealPath().resolve("co/src/main");
    Map<String, String> warnings = new LinkedHashMap<>();
    for (String name : times.keySet()) {
      warnings.put(name, "stave: warning: src/main/" + name + " has a modification time in the future; this"
          + " machine's clock or the file's time is wrong (runs build again when it changes, not before; `touch "
          + real.resolve(name).toString().replace(" ", "\\ ") + "` gives it the present time)\n");
    }

    assertEquals(new Run(0, "ran\n", building + String.join("", warnings.values())),
        launchAs("bash", "co/stave", env, bin, "--version"));
    assertEquals(2, Files.list(checkout.resolve("target/.stave-future")).count(), "one stamp per time");
    assertEquals(new Run(0, "ran\n", ""), launchAs("bash", "co/stave", env, bin, "--version"), "not built again");

    Files.setLastModifiedTime(checkout.resolve("target/stave.jar"), FileTime.from(now.minusSeconds(30)));
    Files.setLastModifiedTime(folder.resolve("B.java"), FileTime.from(now.minusSeconds(10)));
    assertEquals(new Run(0, "ran\n", building + warnings.get("A b.java") + warnings.get("C.java")),
        launchAs("bash", "co/stave", env, bin, "--version"), "one of the files sharing a time edited");
    assertEquals(2, Files.readAllLines(home.resolve("mvn.calls")).size());
  }

  /**
   * A TMPDIR that names no folder made mktemp fail, and with it every run: the build's log and the training's
   * folder could not be made ("mktemp: failed to create ...", exit 1). The build's log goes to /tmp then, and the
   * training works in target/. A Maven that changes nothing stands for the build.
   */
  @Test
  void aTmpdirThatIsNoFolderStopsNothing() throws Exception {
    copyLayout();
    Path bin = Files.createDirectories(home.resolve("bin"));
    Files.writeString(bin.resolve("mvn"), "#!/bin/sh\necho \"$@\" >> mvn.calls\n");
    Files.setPosixFilePermissions(bin.resolve("mvn"), PosixFilePermissions.fromString("rwx------"));
    Files.writeString(home.resolve("pom.xml"), "<project/>");
    Files.setLastModifiedTime(home.resolve("target/stave.jar"), FileTime.from(Instant.now().minusSeconds(60)));
    Map<String, String> env = new HashMap<>(System.getenv());
    env.remove("STAVE_CDS");
    env.put("TMPDIR", home.resolve("nowhere").toString());
    env.put("PATH", bin + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));

    Run run = launch(env);
    assertEquals(0, run.code(), run.err());
    assertEquals(List.of("stave: building (mvn -B -q -DskipTests package)...", RECORDING
        + " for faster starts (once per build)..."), run.err().lines().toList());
    assertEquals(Run.of("compile", "examples/cheetah-ppo.conf", "-o", "-").out(), run.out());
    assertEquals("-B -q -DskipTests package\n", Files.readString(home.resolve("mvn.calls")));
    assertTrue(Files.size(home.resolve("target/stave.jsa")) > 0);
    assertEquals(List.of(), Files.list(home.resolve("target")).filter(file -> file.getFileName().toString()
        .startsWith(".stave-cds")).toList(), "the training's folder is removed");
  }

  /**
   * A build that fails ended with Maven's last words ("[Help 1] http://...") and exit 4: the launcher now says
   * that its build failed and what to do. The mark stays, so the next run builds again (here it succeeds).
   */
  @Test
  void aFailedBuildSaysSoAndIsDoneAgainByTheNextRun() throws Exception {
    Path bin = Files.createDirectories(home.resolve("bin"));
    Files.writeString(bin.resolve("mvn"), "#!/bin/sh\nif [ -e ../fixed ]; then mkdir -p target/lib;"
        + " touch target/stave.jar; else echo '[ERROR] Some.java:[1,1] reached end of file while parsing'; exit 1;"
        + " fi\n");
    Files.writeString(bin.resolve("java"), "#!/bin/sh\necho ran\n");
    for (Path tool : List.of(bin.resolve("mvn"), bin.resolve("java"))) {
      Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwx------"));
    }
    Path checkout = Files.createDirectories(home.resolve("co"));
    Files.copy(Path.of("stave"), checkout.resolve("stave"));
    Files.writeString(checkout.resolve("pom.xml"), "<project/>");
    Map<String, String> env = Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8");

    assertEquals(new Run(4, "", "stave: building (mvn -B -q -DskipTests package)...\n"
        + "[ERROR] Some.java:[1,1] reached end of file while parsing\n"
        + "stave: the build failed (mvn -B -q -DskipTests package, its output above); fix what it reports, then run"
        + " ./stave again\n"), launchAs("bash", "co/stave", env, bin, "--version"));
    assertTrue(Files.exists(checkout.resolve("target/.stave-building")), "the mark stays");
    Files.writeString(home.resolve("fixed"), "");
    assertEquals(new Run(0, "ran\n", "stave: building (mvn -B -q -DskipTests package)...\n"),
        launchAs("bash", "co/stave", env, bin, "--version"));
    assertFalse(Files.exists(checkout.resolve("target/.stave-building")));
  }

  /** Without a java on the PATH, bash's "exec: java: not found" was all: the launcher says what to do. */
  @Test
  void withoutJavaTheLauncherSaysWhatToDo() throws Exception {
    Path checkout = Files.createDirectories(home.resolve("co"));
    Files.copy(Path.of("stave"), checkout.resolve("stave"));
    fakeJar(checkout);
    Path bin = Files.createDirectories(home.resolve("bin"));
    Map<String, String> env = Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8",
        "PATH", bin.toString());
    Run run = launchAs("bash", "co/stave", env, bin, "--version");
    assertEquals(127, run.code(), run.err());
    assertEquals("", run.out());
    // bash's own line names the launcher's line number, which is not the point here.
    assertEquals(List.of("exec: java: not found",
        "stave: cannot start java; install Java 17 and put its bin folder on the PATH"),
        run.err().lines().map(line -> line.replaceFirst("^co/stave: line [0-9]+: ", "")).toList());
  }

  /** A container's C locale would leave the JVM unable to name a non-ASCII path; the launcher gives it UTF-8. */
  @Test
  void aNonAsciiPathWorksInTheCLocale() throws Exception {
    // This JVM names the files, and passes the arguments on, in UTF-8.
    assumeTrue("UTF-8".equals(System.getProperty("sun.jnu.encoding")));
    copyLayout();
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("STAVE_CDS", "0");
    env.put("LC_ALL", "C");
    Files.copy(home.resolve("examples/cheetah-ppo.conf"), home.resolve("examples/cheetah-ü.conf"));

    Run run = launch(env, Path.of(System.getProperty("java.home"), "bin"),
        "compile", "examples/cheetah-ü.conf", "-o", "out-ö");
    assertEquals(new Run(0, "", "wrote out-ö/cheetah-ppo/ (7 objects)\n"), run);
    assertTrue(Files.isRegularFile(home.resolve("out-ö/cheetah-ppo/Kustomization")));
  }

  /**
   * A UTF-8 locale that is not installed leaves the C library, and so the JVM, in C's ASCII: the launcher gives
   * the JVM C.UTF-8 as for the C locale, and a diagnostic names a non-ASCII file in UTF-8. bash itself warns
   * about the locale as it starts, before the launcher runs.
   */
  @Test
  void aUtf8LocaleThatIsNotInstalledStillNamesFilesInUtf8() throws Exception {
    assumeTrue("UTF-8".equals(System.getProperty("sun.jnu.encoding")));
    copyLayout();
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("STAVE_CDS", "0");
    env.put("LC_ALL", "xx_XX.UTF-8"); // a locale no system has
    Files.writeString(home.resolve("examples/bad-ü.yaml"), "kind: experiment\nname: [\n");

    Run run = launch(env, Path.of(System.getProperty("java.home"), "bin"), "validate", "examples/bad-ü.yaml");
    assertEquals(1, run.code(), run.err());
    assertEquals(List.of("examples/bad-ü.yaml:2:8: error: invalid YAML: expected the node content, but found"
        + " '<stream end>'", "    | name: [", "    |        ^", "  = hint: check the indentation and the quoting"
        + " on this line"), run.err().lines().filter(line -> !line.startsWith("bash: warning: setlocale")).toList());

    // Where no UTF-8 locale exists at all, the JVM still writes standard output and error in UTF-8.
    Path bin = Files.createDirectories(home.resolve("bin"));
    Files.writeString(bin.resolve("java"), "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
    Files.setPosixFilePermissions(bin.resolve("java"), PosixFilePermissions.fromString("rwx------"));
    List<String> flags = launch(env, bin, "version").out().lines().toList();
    assertTrue(flags.containsAll(List.of("-Dfile.encoding=UTF-8", "-Dsun.stdout.encoding=UTF-8",
        "-Dsun.stderr.encoding=UTF-8")), flags.toString());
  }

  /**
   * The locale the launcher switches from goes on to the JVM in STAVE_ORIGINAL_LC_ALL or
   * STAVE_ORIGINAL_LC_CTYPE (empty where it was unset), for apply's exec plugins; a UTF-8 locale is left
   * alone. A {@code java} that prints what it gets stands for the JVM.
   */
  @Test
  void theLocaleSwitchedFromIsPassedOn() throws Exception {
    Files.createDirectories(home.resolve("target"));
    Files.copy(Path.of("stave"), home.resolve("stave"));
    fakeJar(home);
    Path bin = Files.createDirectories(home.resolve("bin"));
    Files.writeString(bin.resolve("java"), "#!/bin/sh\necho \"LC_ALL=${LC_ALL-unset} LC_CTYPE=${LC_CTYPE-unset}"
        + " ORIGINAL_LC_ALL=${STAVE_ORIGINAL_LC_ALL-unset} ORIGINAL_LC_CTYPE=${STAVE_ORIGINAL_LC_CTYPE-unset}\"\n");
    Files.setPosixFilePermissions(bin.resolve("java"), PosixFilePermissions.fromString("rwx------"));
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("LC_ALL=C", "LC_ALL=C.UTF-8 LC_CTYPE=unset ORIGINAL_LC_ALL=C ORIGINAL_LC_CTYPE=unset\n");
    expected.put("LANG=C", "LC_ALL=unset LC_CTYPE=C.UTF-8 ORIGINAL_LC_ALL=unset ORIGINAL_LC_CTYPE=\n");
    expected.put("LC_CTYPE=POSIX", "LC_ALL=unset LC_CTYPE=C.UTF-8 ORIGINAL_LC_ALL=unset ORIGINAL_LC_CTYPE=POSIX\n");
    expected.put("LANG=C.UTF-8", "LC_ALL=unset LC_CTYPE=unset ORIGINAL_LC_ALL=unset ORIGINAL_LC_CTYPE=unset\n");
    for (Map.Entry<String, String> e : expected.entrySet()) {
      String[] variable = e.getKey().split("=", 2);
      Map<String, String> env = new HashMap<>(Map.of("STAVE_CDS", "0", "HOME", home.toString(),
          variable[0], variable[1]));
      assertEquals(new Run(0, e.getValue(), ""), launch(env, bin, "version"), e.getKey());
    }
  }

  /** {@code sh stave}, as a README's {@code ./stave} is often typed: the launcher runs itself again in bash. */
  @Test
  void runWithShTheLauncherRunsInBash() throws Exception {
    Files.createDirectories(home.resolve("target"));
    Files.copy(Path.of("stave"), home.resolve("stave"));
    fakeJar(home);
    Path bin = Files.createDirectories(home.resolve("bin"));
    Files.writeString(bin.resolve("java"), "#!/bin/sh\necho \"$*\" | sed 's/.* dev.stave.cli.Main/Main/'\n");
    Files.setPosixFilePermissions(bin.resolve("java"), PosixFilePermissions.fromString("rwx------"));
    Map<String, String> env = Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8");
    assertEquals(new Run(0, "Main version 'a b'\n", ""), launch("sh", env, bin, "version", "'a b'"));
  }

  /**
   * A link to the launcher ({@code ~/bin/stave}), even a relative link to another link, runs the checkout the link
   * ends at: its jar, not a build in the link's folder, which has no pom.xml.
   */
  @Test
  void aLinkToTheLauncherRunsTheCheckoutItEndsAt() throws Exception {
    Path checkout = Files.createDirectories(home.resolve("checkout"));
    Files.createDirectories(checkout.resolve("target"));
    Files.copy(Path.of("stave"), checkout.resolve("stave"));
    fakeJar(checkout);
    Path bin = Files.createDirectories(home.resolve("bin"));
    Files.writeString(bin.resolve("java"), "#!/bin/sh\necho \"$*\" | sed 's/.* -cp //'\n");
    Files.setPosixFilePermissions(bin.resolve("java"), PosixFilePermissions.fromString("rwx------"));
    Path links = Files.createDirectories(home.resolve("links"));
    Files.createSymbolicLink(links.resolve("stave"), checkout.resolve("stave"));
    Files.createSymbolicLink(home.resolve("stave"), Path.of("links", "stave"));
    Map<String, String> env = Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8");
    String expected = checkout.toRealPath().resolve("target/stave.jar") + " dev.stave.cli.Main --version\n";
    assertEquals(new Run(0, expected, ""), launch(env, bin, "--version"), "a link");
    assertEquals(new Run(0, expected, ""), launch("sh", env, bin, "--version"), "run with sh");
  }

  /**
   * A launcher named by a path through {@code ..} ({@code bash co/../co/stave}) with CDPATH exported, which
   * has a folder of that name too: the checkout is the one the path names, not CDPATH's.
   */
  @Test
  void cdpathDoesNotMoveTheCheckout() throws Exception {
    Path checkout = Files.createDirectories(home.resolve("co"));
    Files.createDirectories(checkout.resolve("target"));
    Files.copy(Path.of("stave"), checkout.resolve("stave"));
    fakeJar(checkout);
    Path elsewhere = Files.createDirectories(home.resolve("elsewhere/co"));
    Path bin = Files.createDirectories(home.resolve("bin"));
    Files.writeString(bin.resolve("java"), "#!/bin/sh\necho \"$*\" | sed 's/.* -cp //'\n");
    Files.setPosixFilePermissions(bin.resolve("java"), PosixFilePermissions.fromString("rwx------"));
    Map<String, String> env = Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8",
        "CDPATH", elsewhere.getParent().toString());
    String expected = checkout.toRealPath().resolve("target/stave.jar") + " dev.stave.cli.Main --version\n";
    assertEquals(new Run(0, expected, ""), launchAs("bash", "co/../co/stave", env, bin, "--version"));
    assertEquals(new Run(0, expected, ""), launchAs("sh", "co/./stave", env, bin, "--version"));
  }

  /**
   * From a checkout whose path holds ':', java would find no main class (it splits the class path there): the
   * launcher says why it cannot run, and that a link to the checkout's folder can, which then runs.
   */
  @Test
  void aCheckoutWithAColonInItsPathIsRefusedPlainly() throws Exception {
    Path checkout = Files.createDirectories(home.resolve("a:b"));
    Files.createDirectories(checkout.resolve("target"));
    Files.copy(Path.of("stave"), checkout.resolve("stave"));
    fakeJar(checkout);
    Files.createSymbolicLink(home.resolve("ab"), Path.of("a:b"));
    Path bin = Files.createDirectories(home.resolve("bin"));
    Files.writeString(bin.resolve("java"), "#!/bin/sh\necho \"$*\" | sed 's/.* dev.stave.cli.Main/Main/'\n");
    Files.setPosixFilePermissions(bin.resolve("java"), PosixFilePermissions.fromString("rwx------"));
    Map<String, String> env = Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8");
    assertEquals(new Run(4, "", "stave: cannot run from " + checkout + ": java cannot load a jar whose path contains"
        + " ':'; move the checkout, or run it through a link to its folder (ln -s) from a path without ':'\n"),
        launchAs("bash", checkout.resolve("stave").toString(), env, bin, "--version"));
    assertEquals(new Run(0, "Main --version\n", ""),
        launchAs("bash", home.resolve("ab/stave").toString(), env, bin, "--version"));
  }

  /** A link whose path holds ':' to a checkout whose own path does not runs it: java gets the checkout's. */
  @Test
  void aLinkWithAColonInItsPathToACheckoutWithoutOneRunsIt() throws Exception {
    Path checkout = Files.createDirectories(home.resolve("co"));
    Files.createDirectories(checkout.resolve("target"));
    Files.copy(Path.of("stave"), checkout.resolve("stave"));
    fakeJar(checkout);
    Files.createSymbolicLink(Files.createDirectories(home.resolve("a:b")).resolve("co"), checkout);
    Path bin = Files.createDirectories(home.resolve("bin"));
    // The class path java is given.
    Files.writeString(bin.resolve("java"), "#!/bin/sh\nwhile [ \"$1\" != -cp ]; do shift; done\necho \"$2\"\n");
    Files.setPosixFilePermissions(bin.resolve("java"), PosixFilePermissions.fromString("rwx------"));
    Map<String, String> env = Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8");
    assertEquals(new Run(0, checkout.toRealPath().resolve("target/stave.jar") + "\n", ""),
        launchAs("bash", home.resolve("a:b/co/stave").toString(), env, bin, "--version"));
  }

  private static void deleteTree(Path root) throws IOException {
    try (var paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  /** {@code home/tools}, links to the named commands only: a PATH without flock, as macOS's. */
  private Path tools(String... names) throws IOException {
    Path tools = Files.createDirectories(home.resolve("tools"));
    for (String tool : names) {
      Path found = Path.of("/usr/bin", tool);
      Files.createSymbolicLink(tools.resolve(tool), Files.exists(found) ? found : Path.of("/bin", tool));
    }
    return tools;
  }

  /** {@code home/bin} with a {@code mvn} that runs {@code build} and a {@code java} that prints "ran". */
  private Path fakeMavenAndJava(String build) throws IOException {
    Path bin = Files.createDirectories(home.resolve("bin"));
    Files.writeString(bin.resolve("mvn"), "#!/bin/sh\n" + build);
    Files.writeString(bin.resolve("java"), "#!/bin/sh\necho ran\n");
    for (Path tool : List.of(bin.resolve("mvn"), bin.resolve("java"))) {
      Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwx------"));
    }
    return bin;
  }

  /** {@code home/co}: the launcher and a pom.xml a minute old, no jar. */
  private Path noFlockCheckout() throws IOException {
    Path checkout = Files.createDirectories(home.resolve("co/target"));
    Files.copy(Path.of("stave"), home.resolve("co/stave"));
    Files.writeString(home.resolve("co/pom.xml"), "<project/>");
    Files.setLastModifiedTime(home.resolve("co/pom.xml"), FileTime.from(Instant.now().minusSeconds(60)));
    return checkout.getParent();
  }

  private Process startLauncher(Path tools, Path bin, String name, String value, String output) throws IOException {
    return startLauncher(List.of(), tools, bin, name, value, output);
  }

  /** {@code co/stave --version} from {@link #home}, {@code PATH=bin:tools}, output to {@code output.out/.err}. */
  private Process startLauncher(List<String> prefix, Path tools, Path bin, String name, String value, String output)
      throws IOException {
    List<String> command = new ArrayList<>(prefix);
    command.addAll(List.of(tools.resolve("bash").toString(), "co/stave", "--version"));
    ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile())
        .redirectOutput(home.resolve(output + ".out").toFile()).redirectError(home.resolve(output + ".err").toFile());
    builder.environment().clear();
    builder.environment().putAll(Map.of("STAVE_CDS", "0", "HOME", home.toString(), "LANG", "C.UTF-8",
        "PATH", bin + ":" + tools));
    builder.environment().put(name, value);
    return builder.start();
  }

  /** A jar the launcher takes as built: {@code checkout/target/stave.jar} (empty) and its {@code lib} folder. */
  private static void fakeJar(Path checkout) throws IOException {
    Files.createDirectories(checkout.resolve("target/lib"));
    Files.writeString(checkout.resolve("target/stave.jar"), "");
  }

  /** The files the launcher expects, with the packaged jar and its libraries. */
  private void copyLayout() throws IOException {
    Files.createDirectories(home.resolve("examples"));
    Files.createDirectories(home.resolve("target"));
    for (String example : List.of("cheetah-ppo.conf", "lr-seed-grid.yaml")) {
      Files.copy(Path.of("examples", example), home.resolve("examples").resolve(example));
    }
    Files.copy(Path.of("stave"), home.resolve("stave"));
    Files.copy(JAR, home.resolve("target/stave.jar"));
    Files.createSymbolicLink(home.resolve("target/lib"), JAR.resolveSibling("lib").toAbsolutePath());
  }

  private Run launch() throws IOException, InterruptedException {
    return launch(System.getenv());
  }

  private Run launch(Map<String, String> env) throws IOException, InterruptedException {
    return launch(env, Path.of(System.getProperty("java.home"), "bin"));
  }

  private Run launch(Map<String, String> env, Path javaBin) throws IOException, InterruptedException {
    return launch(env, javaBin, "compile", "examples/cheetah-ppo.conf", "-o", "-");
  }

  private Run launch(Map<String, String> env, Path javaBin, String... args) throws IOException, InterruptedException {
    return launch("bash", env, javaBin, args);
  }

  private Run launch(String shell, Map<String, String> env, Path javaBin, String... args)
      throws IOException, InterruptedException {
    return launchAs(shell, home.resolve("stave").toString(), env, javaBin, args);
  }

  /** {@code shell launcher args...} in {@link #home}, {@code launcher} a path from there. */
  private Run launchAs(String shell, String launcher, Map<String, String> env, Path javaBin, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(shell, launcher));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile());
    builder.environment().clear();
    builder.environment().putAll(env);
    // The launcher runs the java on the PATH: the one running this test, unless one is given.
    builder.environment().put("PATH", javaBin + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
    Path out = home.resolve("launch.out");
    Path err = home.resolve("launch.err");
    Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!process.waitFor(Run.HANG.toMillis(), TimeUnit.MILLISECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly); // the java the launcher started
      process.destroyForcibly();
      throw new AssertionError("./stave did not finish in " + Run.HANG.toMinutes() + " minutes");
    }
    return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}

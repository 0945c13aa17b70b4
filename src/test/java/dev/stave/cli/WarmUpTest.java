package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The warm-up thread changes nothing but speed. The race it is there for (its set-up against the main
 * thread's first validator and renderer) happens once per JVM, so it is run in fresh JVMs.
 */
class WarmUpTest {

  @Test
  void onlyCommandsThatValidateOrRenderStartIt() throws InterruptedException {
    for (String[] args : List.of(new String[] {}, new String[] {"--help"}, new String[] {"schema", "experiment"},
        new String[] {"init"}, new String[] {"inventory"}, new String[] {"compiel"})) {
      assertNull(WarmUp.start(args), String.join(" ", args));
    }
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "no warm-up on one core");
    for (String command : List.of("compile", "validate", "diff", "apply", "plan", "secrets")) {
      Thread thread = WarmUp.start(new String[] {command});
      assertNotNull(thread, command);
      assertTrue(thread.isDaemon(), "a warm-up must never keep the JVM alive");
      thread.join(Run.HANG.toMillis()); // a hang fails; passing does not wait for it
      assertFalse(thread.isAlive(), command);
    }
  }

  @Test
  void freshJvmsGiveWhatTheInProcessRunGives() throws Exception {
    List<List<String>> commands = List.of(
        List.of("compile", "examples/cheetah-ppo.conf", "-o", "-"),
        List.of("compile", "examples/lr-seed-grid.yaml", "-o", "-"),
        List.of("validate", "examples/errors/bad-quantity.yaml"),
        List.of("validate", "examples/errors/unknown-key.conf"));
    List<CompletableFuture<Run>> fresh = new ArrayList<>();
    for (List<String> command : commands) {
      // Two at once, so that the JVMs compete for cores as they would in a build running stave in parallel.
      for (int i = 0; i < 2; i++) {
        fresh.add(CompletableFuture.supplyAsync(() -> subprocess(command)));
      }
    }
    for (int i = 0; i < fresh.size(); i++) {
      List<String> command = commands.get(i / 2);
      Run expected = Run.of(command.toArray(String[]::new));
      Run actual = fresh.get(i).get();
      assertEquals(expected, actual, String.join(" ", command));
    }
  }

  private static Run subprocess(List<String> args) {
    // A class-initialisation deadlock between the two threads would hang, not fail: inJvm times out.
    return Run.inJvm(System.getProperty("java.class.path"), System.getenv(), args);
  }
}

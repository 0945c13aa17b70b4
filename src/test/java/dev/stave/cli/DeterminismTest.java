package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The same input gives the same bytes whatever the JVM's locale and time zone. */
class DeterminismTest {

  @Test
  void turkishLocaleAndAnotherTimeZoneGiveTheSameBytes() throws Exception {
    String reference = Run.of("compile", "examples/cheetah-ppo.conf", "-o", "-").out();
    String turkish = subprocess("-Duser.language=tr", "-Duser.country=TR", "-Duser.timezone=Pacific/Chatham",
        "-Dfile.encoding=ISO-8859-9");
    assertEquals(reference, turkish);
  }

  @Test
  void compilingTwiceGivesTheSameBytes() {
    Run first = Run.of("compile", "examples/symphony-pods.yaml", "-o", "-");
    Run second = Run.of("compile", "examples/symphony-pods.yaml", "-o", "-");
    assertEquals(0, first.code(), first.err());
    assertEquals(first.out(), second.out());
  }

  private static String subprocess(String... jvmOptions) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of(jvmOptions));
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(),
        "compile", "examples/cheetah-ppo.conf", "-o", "-"));
    Run run = Run.finish(new ProcessBuilder(command).start(), String.join(" ", command));
    assertEquals(0, run.code(), run.err());
    return run.out();
  }
}

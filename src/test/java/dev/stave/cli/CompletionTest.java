package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The script of {@code stave generate-completion}, run by bash as a TAB would: COMP_WORDS and COMP_CWORD
 * set, the function that {@code complete -p stave} names called, and what it put in COMPREPLY read back.
 */
class CompletionTest {
  @TempDir
  Path folder;

  private Path script;

  @BeforeEach
  void writeScript() throws IOException {
    assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash runs the script");
    Run run = Run.of("generate-completion");
    assertEquals(0, run.code(), run.err());
    script = Files.writeString(folder.resolve("stave.bash"), run.out());
    Files.createDirectory(folder.resolve("work"));
    Files.createFile(folder.resolve("work/my exp.yaml"));
    Files.createFile(folder.resolve("work/-dash.conf"));
    Files.createDirectory(folder.resolve("work/sub dir"));
  }

  /** What a TAB after {@code words} offers, the last word being the one completed; sorted. */
  private List<String> complete(String... words) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("/bin/bash", "--norc", "--noprofile", "-c", """
        source "$0"
        COMP_WORDS=("$@")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        COMP_LINE="${COMP_WORDS[*]}"
        COMP_POINT=${#COMP_LINE}
        spec=$(complete -p stave)
        spec=${spec#*-F }
        "${spec%% *}" stave "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\\n' "${COMPREPLY[@]}"
        """, script.toString(), "stave"));
    command.addAll(List.of(words));
    // compopt complains outside a real completion; what it would set is not what is tested.
    Process bash = new ProcessBuilder(command).directory(folder.resolve("work").toFile())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(true, bash.waitFor(Run.HANG.toMinutes(), TimeUnit.MINUTES));
    assertEquals(0, bash.exitValue(), out);
    return out.lines().filter(line -> !line.isEmpty()).sorted().toList();
  }

  @Test
  void afterDoubleDashEveryWordIsAFile() throws Exception {
    assertEquals(List.of("-dash.conf", "my exp.yaml", "sub dir"), complete("compile", "--", ""));
    assertEquals(List.of("-dash.conf"), complete("compile", "a.yaml", "--", "-"));
    assertEquals(List.of("my exp.yaml"), complete("diff", "--", "my"));
  }

  /** A word that is part of an option's name ('out' of --timeout) is no option: files come after it. */
  @Test
  void aWordThatIsPartOfAnOptionsNameCountsAsAnArgument() throws Exception {
    assertEquals(List.of("-dash.conf", "my exp.yaml", "sub dir"), complete("diff", "out", ""));
    assertEquals(List.of("my exp.yaml"), complete("diff", "--format", "text", "con", "my"));
  }

  @Test
  void compileOutputCompletesFolders() throws Exception {
    assertEquals(List.of("sub dir"), complete("compile", "x.yaml", "-o", "su"));
    assertEquals(List.of("sub dir"), complete("compile", "x.yaml", "--output", "su"));
  }

  @Test
  void commandsOptionsAndChoicesAreOffered() throws Exception {
    assertEquals(List.of("compile", "validate"), complete("").stream()
        .filter(c -> c.equals("compile") || c.equals("validate")).toList());
    assertEquals(List.of("--check", "--context", "--contexts"), complete("compile", "--c"));
    assertEquals(List.of("markdown", "text"), complete("diff", "a", "b", "--format", ""));
    assertEquals(List.of("json", "markdown", "text"), complete("plan", "--format", ""));
    assertEquals(List.of("benchmark", "cluster", "contexts", "experiment", "inventory"), complete("schema", ""));
    assertEquals(List.of("my exp.yaml"), complete("validate", "my"));
  }
}

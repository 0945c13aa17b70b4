package dev.stave.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "init",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a small, commented starter config that compiles as it is.",
      "To standard output, or to FILE with -o (never over an existing file)."
    })
final class InitCommand implements Callable<Integer>, Main.RunsInContext {
  /** The kinds with a starter, and the file each starter is kept in. */
  static final List<String> STARTERS = List.of("experiment.conf", "benchmark.yaml", "cluster.yaml");

  private final Context context;

  @Parameters(paramLabel = "KIND", defaultValue = "experiment", completionCandidates = Kinds.class,
      description = "experiment (default), benchmark or cluster.")
  String kind;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the config to FILE.")
  Path output;

  InitCommand(Context context) {
    this.context = context;
  }

  static final class Kinds extends java.util.ArrayList<String> {
    Kinds() {
      super(List.of("experiment", "benchmark", "cluster"));
    }
  }

  @Override
  public Integer call() throws IOException {
    String starter = STARTERS.stream().filter(f -> f.startsWith(kind + ".")).findFirst().orElse(null);
    if (starter == null) {
      context.err().println("stave: no starter for kind '" + kind + "'; kinds: " + String.join(", ", new Kinds()));
      return Main.USAGE;
    }
    String text;
    try (InputStream in = InitCommand.class.getResourceAsStream("/stave/init/" + starter)) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    if (output == null) {
      context.out().print(text);
      return Main.OK;
    }
    try {
      Files.writeString(output, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
    } catch (FileAlreadyExistsException e) {
      context.err().println("stave: " + output + " already exists; choose another file or remove it");
      return Main.IO;
    }
    context.err().println("wrote " + output + "; compile it with: stave compile " + output);
    return Main.OK;
  }
}

package dev.stave.cli;

import dev.stave.config.ConfigFormat;
import dev.stave.diag.IoErrors;
import dev.stave.diag.Printable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "init",
    mixinStandardHelpOptions = true,
    description = {
      "Writes a small, commented starter config that compiles as it is.",
      "To standard output (experiment in HOCON, benchmark and cluster in YAML), or to FILE with -o (never"
          + " over an existing file) in the format its name says: .conf or .hocon HOCON, .yaml or .yml YAML,"
          + " .json JSON (which has no comments)."
    })
final class InitCommand implements Callable<Integer>, Main.RunsInContext {
  /** The kinds with a starter, and the format each prints in without -o: the one its seed system used. */
  static final Map<String, ConfigFormat> STARTERS = Map.of(
      "experiment", ConfigFormat.HOCON, "benchmark", ConfigFormat.YAML, "cluster", ConfigFormat.YAML);

  /** Where a starter's comment names the file to compile. */
  private static final String FILE = "@FILE@";

  private final Context context;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "KIND", arity = "0..1", defaultValue = "experiment", completionCandidates = Kinds.class,
      description = "experiment (default), benchmark or cluster.")
  String kind;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE",
      description = "Write the config to FILE, in the format its name says ('-': standard output).")
  Path output;

  @Option(names = "--stacktrace", description = "Print the stack trace of an internal error.")
  boolean stacktrace;

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
    if (!STARTERS.containsKey(kind)) {
      // A usage error like any other, as in `stave schema`: a typo gets "did you mean" and the way to the help.
      throw new CommandLine.ParameterException(spec.commandLine(), "no starter for kind '" + Printable.quoted(kind)
          + "'; kinds: " + String.join(", ", new Kinds()), spec.positionalParameters().get(0), kind);
    }
    if (output != null && output.toString().equals("-")) {
      output = null;
    }
    // The path is the user's, but a name pasted from elsewhere may hold escape sequences all the same.
    String shown = output == null ? "" : Printable.exactLine(output.toString());
    ConfigFormat format = output == null ? STARTERS.get(kind) : ConfigFormat.of(output);
    if (format == null) {
      // A usage error like the unknown kind above: the message, then where to find the command's help.
      throw new CommandLine.ParameterException(spec.commandLine(), "cannot tell the format of " + shown
          + " from its name; name it *.conf or *.hocon (HOCON), *.yaml or *.yml (YAML), or *.json (JSON)");
    }
    String fileName = output == null ? kind + "." + format.extension() : commentSafe(output.getFileName().toString());
    String text = starter(kind, format).replace(FILE, fileName);
    if (output == null) {
      context.out().print(text);
      return Main.OK;
    }
    try {
      Files.writeString(output, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
    } catch (FileAlreadyExistsException e) {
      // CREATE_NEW refuses a link to nothing too (it never writes through a link), where "already exists"
      // names nothing the user can see.
      String link = IoErrors.danglingLink(output.toString());
      context.err().println("stave: " + shown + (link != null
          ? ": " + link + "; remove the link, or choose another file"
          : " already exists; choose another file or remove it"));
      return Main.IO;
    } catch (java.nio.file.NoSuchFileException e) {
      // The kernel says "no such file" too for a folder that is there but makes no new files (/proc, /sys).
      Path folder = output.toAbsolutePath().getParent();
      Path link = danglingFolder(output);
      context.err().println("stave: cannot write " + shown + (link != null ? linkedFolder(link)
          : folder != null && Files.isDirectory(folder) ? ": its folder takes no new files; choose another folder"
          : ": its folder does not exist; create it first"));
      return Main.IO;
    } catch (IOException e) {
      // A folder whose links go round in a circle is "too many levels of symbolic links", naming no link.
      Path link = danglingFolder(output);
      context.err().println("stave: cannot write " + shown + (link != null ? linkedFolder(link)
          : ": " + Printable.line(IoErrors.cause(e))));
      return Main.IO;
    }
    context.err().println("wrote " + shown + "; compile it with: stave compile " + shown);
    if (format == ConfigFormat.JSON) {
      context.err().println("JSON has no comments: 'stave init " + kind + " -o " + kind
          + ".yaml' writes the same config with its comments");
    }
    return Main.OK;
  }

  /**
   * The folder of {@code output} (or one above it) that is a symbolic link to nothing, else null: "create it
   * first" would not do for it, since mkdir refuses a name a link holds.
   */
  private static Path danglingFolder(Path output) {
    for (Path folder = output.getParent(); folder != null; folder = folder.getParent()) {
      if (Files.isSymbolicLink(folder)) {
        return Files.exists(folder) ? null : folder;
      }
      if (Files.exists(folder)) {
        return null;
      }
    }
    return null;
  }

  /** As {@code compile -o} says a link to nothing where a folder is to be: where it leads, and what to do. */
  private static String linkedFolder(Path link) {
    return ": the folder " + Printable.exactLine(link.toString()) + ": "
        + Printable.line(IoErrors.cause(new FileAlreadyExistsException(link.toString())));
  }

  /** Each kind has one starter per format, {@code /stave/init/<kind>.<extension>}. */
  static String starter(String kind, ConfigFormat format) throws IOException {
    try (InputStream in = InitCommand.class.getResourceAsStream("/stave/init/" + kind + "." + format.extension())) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /**
   * A file name goes into a comment line, which a line break in it would end (YAML ends lines at U+0085,
   * U+2028 and U+2029 too), and where an invisible or bidirectional character would hide or reorder it:
   * each character that {@link Printable} escapes is a '?', as in a quoted source line.
   */
  private static String commentSafe(String name) {
    StringBuilder out = new StringBuilder(name.length());
    name.codePoints().forEach(c -> out.appendCodePoint(Printable.escaped(c) ? '?' : c));
    return out.toString();
  }
}

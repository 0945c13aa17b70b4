package dev.stave.cli;

import dev.stave.bundle.BundleWriter;
import dev.stave.diag.DiagnosticPrinter;
import dev.stave.diag.Printable;
import dev.stave.diag.Sources;
import dev.stave.diag.StaveBug;
import dev.stave.diag.Suggest;
import dev.stave.diag.UserError;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import java.util.function.BooleanSupplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * stave's command line. {@link #run} returns the exit code (README, Commands: 0 success, 1 invalid input, 2 usage,
 * 3 differences found, 4 cluster or I/O failure, 70 internal bug); only {@link #main} exits.
 */
@Command(
    name = "stave",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Compiles experiment, benchmark and cluster configs into deterministic Kubernetes bundles.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:success",
      "1:invalid input (diagnostics on standard error)",
      "2:usage error",
      "3:--check or diff found differences",
      "4:cluster or I/O failure",
      "70:internal error in stave (please report it)"
    })
public final class Main implements Runnable {
  /** stave's own commands, in the order {@code stave --help} lists them. */
  private static final List<Class<?>> COMMANDS = List.of(
      CompileCommand.class,
      ValidateCommand.class,
      SecretsCommand.class,
      DiffCommand.class,
      ApplyCommand.class,
      SchemaCommand.class,
      PlanCommand.class,
      InventoryCommand.class,
      InitCommand.class);

  public static final int OK = 0;
  public static final int INVALID = 1;
  public static final int USAGE = 2;
  public static final int DIFFERENT = 3;
  public static final int IO = 4;
  public static final int BUG = 70;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    // The commands themselves, as 'stave schema' lists its kinds: picocli's own next line already says to
    // try 'stave --help'.
    throw new CommandLine.ParameterException(spec.commandLine(),
        "missing command; commands: " + String.join(", ", spec.subcommands().keySet()));
  }

  public static void main(String[] args) {
    preferCompatLocaleData();
    // Standard output's file descriptor rather than System.out, a PrintStream that swallows write errors
    // before the PrintWriter could see them (run reports them).
    StandardOutput stdout = new StandardOutput();
    PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(stdout, StandardCharsets.UTF_8), false);
    PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), false);
    // A class, not the method reference stdout::readerGone: the launcher's class-data dump resolves the
    // lambdas its training run met, which links Main and with it picocli's CommandLine, a Java 5 class
    // file that the archive then leaves out (about 20 ms of every start, loaded and verified anew).
    BooleanSupplier readerGone = new BooleanSupplier() {
      @Override
      public boolean getAsBoolean() {
        return stdout.readerGone();
      }
    };
    int code = run(Context.system(out, err), readerGone, args);
    out.flush();
    err.flush();
    System.exit(code);
  }

  /**
   * On JDK 17 to 20, the JDK's older locale data (the COMPAT provider) rather than CLDR's, unless the
   * user chose. stave formats nothing by locale (Locale.ROOT throughout), but its libraries look data
   * up once on start-up: Jackson's date format for Locale.US asks for the first day of the week, and
   * CLDR's providers answer that by parsing every locale tag they know. A cold compile runs 6 % fewer
   * instructions (callgrind: 1.52 against 1.61 billion). Fresh JVMs, which take this path,
   * are compared with the in-process run in the tests (PackagedJarIT, WarmUpTest). JDK 21 warns about
   * COMPAT and JDK 23 removed it, so from 21 on the JDK's default stays. It has to be set before the
   * first locale lookup, hence here and not in {@link #run}.
   */
  private static void preferCompatLocaleData() {
    if (Runtime.version().feature() < 21 && System.getProperty("java.locale.providers") == null) {
      System.setProperty("java.locale.providers", "COMPAT");
    }
  }

  /** Runs one command line; the environment is the process's own. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    return run(Context.system(out, err), args);
  }

  static int run(Context context, String... args) {
    return run(context, () -> false, args);
  }

  /**
   * Runs one command line; {@code readerGone} says whether the output failed because its reader went
   * away (standard output's, {@link StandardOutput}), which ends the run without a message.
   */
  static int run(Context context, BooleanSupplier readerGone, String... args) {
    Locale.setDefault(Locale.ROOT);
    TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
    WarmUp.start(args);
    // Picocli otherwise looks for Groovy's Closure class before the first command is built; the miss
    // makes the JVM search every jar on the class path. stave's annotations hold no closures.
    System.setProperty("picocli.disable.closures", "true");
    CommandLine cli = new CommandLine(new Main(), new ContextFactory(context));
    addCommands(cli, args);
    cli.registerConverter(Path.class, new PathArgument());
    giveVersion(cli);
    cli.setOut(context.out());
    cli.setErr(context.err());
    cli.setCaseInsensitiveEnumValuesAllowed(false);
    Handlers handlers = new Handlers(context);
    cli.setExecutionExceptionHandler(handlers);
    cli.setParameterExceptionHandler(handlers);
    int code;
    try {
      code = cli.execute(args);
    } catch (OutOfMemoryError e) {
      // Picocli hands a command's exceptions to the handlers but lets errors through, which the JVM
      // would print as a stack trace and exit 1, the code of invalid input.
      code = outOfMemory(context);
    } catch (Error e) {
      code = handle(e, context, cli.getParseResult());
    }
    if (context.out().checkError()) {
      // A PrintWriter keeps write errors to itself: a full disk or a closed pipe behind `-o -` or
      // `stave secrets x > file` would otherwise end in success with the output cut short. A reader that
      // went away (`| head`) knows it took only part; a full disk needs saying.
      if (!readerGone.getAsBoolean()) {
        context.err().println("stave: cannot write to standard output (the disk is full, or the pipe was"
            + " closed); what was written is incomplete");
      }
      code = code == OK || code == DIFFERENT ? IO : code;
    }
    context.err().flush();
    return code;
  }

  private static int outOfMemory(Context context) {
    long mib = Runtime.getRuntime().maxMemory() / (1024 * 1024);
    PrintWriter err = context.err();
    err.println("stave: out of memory: the JVM may use at most " + mib + " MiB here, and this run needed more.");
    err.println("Give it more, e.g. JAVA_TOOL_OPTIONS=-Xmx4g; if a bundle this size should fit, please report it.");
    err.flush();
    return BUG;
  }

  /**
   * Picocli reads a command's options by reflection when the command is added, so when the first
   * argument names one of stave's commands only that one is added; that takes about a third off
   * picocli's share of a small compile's start-up. Anything else (help, completion, a typo to
   * suggest a command for) gets all of them.
   */
  private static void addCommands(CommandLine cli, String[] args) {
    for (Class<?> command : COMMANDS) {
      if (args.length > 0 && args[0].equals(command.getAnnotation(Command.class).name())) {
        cli.addSubcommand(command);
        return;
      }
    }
    COMMANDS.forEach(cli::addSubcommand);
    // Not picocli's own completion command, a help command to picocli (one that runs whatever else is wrong
    // with the command line, so 'stave generate-completion extra' printed the script): stave's is an ordinary one.
    cli.addSubcommand(CompletionCommand.class);
    cli.addSubcommand(HelpCommand.class);
  }

  /** The names of the commands {@link #addCommands} adds for help, but {@code help}'s own. */
  static List<String> commandNames() {
    List<String> names = new java.util.ArrayList<>();
    COMMANDS.forEach(command -> names.add(command.getAnnotation(Command.class).name()));
    names.add("generate-completion");
    return names;
  }

  /** Every command's -V prints stave's version, as {@code stave -V} does, rather than nothing. */
  private static void giveVersion(CommandLine command) {
    for (CommandLine sub : command.getSubcommands().values()) {
      if (sub.getCommandSpec().mixinStandardHelpOptions()) {
        sub.getCommandSpec().versionProvider(new Version());
      }
      giveVersion(sub);
    }
  }

  /**
   * What a failed command prints and returns. A class rather than two lambdas: picocli's interfaces are
   * Java 5 class files, and a lambda implementing one makes the launcher's class-data dump link them,
   * which then leaves all of picocli out of the archive.
   */
  private record Handlers(Context context)
      implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {
    @Override
    public int handleExecutionException(Exception e, CommandLine commandLine, CommandLine.ParseResult parseResult) {
      return handle(e, context, parseResult);
    }

    @Override
    public int handleParseException(CommandLine.ParameterException reported, String[] args) {
      for (CommandLine.ParameterException e : unknownOptionsOnly(ConfigPath.oneConfig(ConfigPath.refused(reported)))) {
        // The message quotes arguments as typed, and an argument can hold an escape sequence (pasted, or from a
        // variable) that would rewrite the terminal.
        context.err().println("stave: " + Printable.line(e.getMessage()));
        CommandLine.UnmatchedArgumentException.printSuggestions(e, context.err());
        String near = near(e);
        if (near != null) {
          context.err().println("Did you mean: " + near + "?");
        }
        CommandLine failed = e.getCommandLine();
        context.err().println("Try '" + failed.getCommandSpec().qualifiedName() + " --help' for more information.");
      }
      context.err().flush();
      return USAGE;
    }
  }

  /**
   * An error about unknown options names only those, and comes before one about a missing argument.
   * Picocli cannot know whether an option it does not know takes a value, so in
   * {@code stave plan --formt json X} it takes {@code json} for the config and lists {@code X}, where
   * the config was, with {@code --formt} as an argument too many; and it checks for missing arguments
   * first, so {@code stave plan --strict-capcity} said only that the config is missing, as if the option
   * had been taken. An unknown option given to a command before its subcommand ({@code stave inventory
   * --bogus from-nodes}) is the parent's, while the missing argument or the other unknown option is the
   * subcommand's: picocli names only the subcommand's problem, so each command's unknown options are an
   * error of their own, the parent's first, as they were given, each with its command's help.
   */
  private static List<CommandLine.ParameterException> unknownOptionsOnly(CommandLine.ParameterException e) {
    boolean unknownOption = e instanceof CommandLine.UnmatchedArgumentException u && u.isUnknownOption();
    if (!unknownOption && !(e instanceof CommandLine.MissingParameterException)) {
      return List.of(e);
    }
    List<CommandLine.ParameterException> errors = new java.util.ArrayList<>();
    if (unknownOption) {
      List<String> unmatched = ((CommandLine.UnmatchedArgumentException) e).getUnmatched();
      List<String> options = unknownOptions(e.getCommandLine(), unmatched);
      errors.add(options.isEmpty() || options.size() == unmatched.size()
          ? e : new CommandLine.UnmatchedArgumentException(e.getCommandLine(), options));
    }
    for (CommandLine command = unknownOption ? e.getCommandLine().getParent() : e.getCommandLine(); command != null;
        command = command.getParent()) {
      List<String> options = command.getParseResult() == null ? List.of()
          : unknownOptions(command, command.getParseResult().unmatched());
      if (!options.isEmpty()) {
        errors.add(0, new CommandLine.UnmatchedArgumentException(command, options));
      }
    }
    return errors.isEmpty() ? List.of(e) : errors;
  }

  private static List<String> unknownOptions(CommandLine command, List<String> unmatched) {
    return unmatched.stream().filter(arg -> resemblesOption(command, arg)).toList();
  }

  /** Whether picocli takes {@code arg} for an option of {@code command} (its own test is not public). */
  private static boolean resemblesOption(CommandLine command, String arg) {
    return new CommandLine.UnmatchedArgumentException(command, List.of(arg)).isUnknownOption();
  }

  /** For a value that is not one of its option's or parameter's choices, the closest choice, or null. */
  private static String near(CommandLine.ParameterException e) {
    CommandLine.Model.ArgSpec arg = e.getArgSpec();
    if (arg == null || e.getValue() == null || arg.completionCandidates() == null) {
      return null;
    }
    List<String> choices = new java.util.ArrayList<>();
    arg.completionCandidates().forEach(choices::add);
    return choices.contains(e.getValue()) ? null : Suggest.closest(e.getValue(), choices);
  }

  static int handle(Throwable e, Context context, CommandLine.ParseResult parseResult) {
    PrintWriter err = context.err();
    if (e instanceof UserError user) {
      new DiagnosticPrinter(context.sources()).print(user.diagnostics(), err);
      return INVALID;
    }
    if (e instanceof InvalidPathException p && PathArgument.unnameable(p.getInput())) {
      // A path written in a config (contexts, inventory, secrets, an include): the launcher's UTF-8 locale
      // names it, a JVM started in the C locale cannot.
      err.println("stave: " + context.sources().redact(PathArgument.unusable(p.getInput())));
      err.flush();
      return USAGE;
    }
    if (e instanceof BundleWriter.WriteFailure failure) {
      // It names the output folder, as the user wrote it.
      err.println("stave: " + Printable.line(failure.getMessage()));
      err.flush();
      return IO;
    }
    err.println("stave: internal error: "
        + context.sources().redact(e instanceof StaveBug ? e.getMessage() : e.toString()));
    err.println("This is a bug in stave, not in your config; please report it with the command you ran.");
    if (parseResult != null && hasStacktraceOption(parseResult)) {
      e.printStackTrace(err);
    } else if (parseResult == null || offersStacktrace(parseResult)) {
      err.println("Run again with --stacktrace to see where it happened.");
    }
    err.flush();
    return BUG;
  }

  /** Whether the command that ran has --stacktrace (picocli's own help and completion commands do not). */
  private static boolean offersStacktrace(CommandLine.ParseResult parseResult) {
    CommandLine.ParseResult last = parseResult;
    while (last.subcommand() != null) {
      last = last.subcommand();
    }
    return last.commandSpec().findOption("--stacktrace") != null;
  }

  private static boolean hasStacktraceOption(CommandLine.ParseResult parseResult) {
    CommandLine.ParseResult sub = parseResult;
    while (sub != null) {
      if (sub.hasMatchedOption("--stacktrace")) {
        return true;
      }
      sub = sub.subcommand();
    }
    return false;
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = Main.class.getPackage().getImplementationVersion();
      return new String[] {"stave " + (version == null ? "development build" : version)};
    }
  }

  /** Hands every command the run's context (streams, environment, sources) without static state. */
  private record ContextFactory(Context context) implements CommandLine.IFactory {
    @Override
    public <K> K create(Class<K> cls) throws Exception {
      if (RunsInContext.class.isAssignableFrom(cls)) {
        return cls.getDeclaredConstructor(Context.class).newInstance(context);
      }
      return CommandLine.defaultFactory().create(cls);
    }
  }

  /** Marker for commands built with the run's {@link Context}. */
  interface RunsInContext {}
}

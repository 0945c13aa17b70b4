package dev.stave.cli;

import dev.stave.bundle.SecretReferences;
import dev.stave.compile.Compiled;
import dev.stave.compile.SecretSpec;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Printable;
import dev.stave.diag.UserError;
import dev.stave.render.CanonicalYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "secrets",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the Secrets a config refers to, with their data.",
      "The content of the files and values the config names, to standard output, for"
          + " 'stave secrets x.conf | kubectl apply -f -'. Bundles never hold secret data. The Secrets the config"
          + " only names (secret_env, image_pull_secrets, a secret mount, a Neptune api_token_secret without the"
          + " token), which must already exist, are listed on"
          + " standard error."
    })
final class SecretsCommand implements Callable<Integer>, Main.RunsInContext {
  /** Kubernetes caps a Secret at 1 MiB. */
  private static final long MAX_SECRET_BYTES = 1024 * 1024;

  private final Context context;

  @Parameters(paramLabel = "CONFIG", converter = ConfigPath.class, description = "A config file; one per run.")
  Path config;

  @Option(names = "--stacktrace", description = "Print the stack trace of an internal error.")
  boolean stacktrace;

  @Mixin
  ContextOptions contextOptions = new ContextOptions();

  SecretsCommand(Context context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Pipeline pipeline = new Pipeline(context.env(), context.sources(), null, contextOptions.compileOptions(context));
    Compiled compiled = pipeline.compile(config);
    if (pipeline.diagnostics().hasErrors()) {
      throw new UserError(pipeline.diagnostics().sorted());
    }
    pipeline.warnIfContextsUnread(context.err());
    // Secrets the config only names (secret_env, a Neptune token without its value, image_pull_secrets, a
    // secret volume): stave has no data for them, so the user must create them before the pods can start.
    Set<String> printed = new HashSet<>();
    compiled.secrets().forEach(spec -> printed.add(spec.namespace() + "/" + spec.name()));
    SortedMap<String, SortedSet<String>> existing = new TreeMap<>();
    for (SecretReferences.Ref ref : pipeline.secretReferences(compiled)) {
      String secret = ref.namespace() + "/" + ref.name();
      if (!printed.contains(secret)) {
        SortedSet<String> keys = existing.computeIfAbsent(secret, s -> new TreeSet<>());
        if (ref.key() != null) {
          keys.add(ref.key());
        }
      }
    }
    String shown = Printable.exactLine(config.toString());
    if (compiled.secrets().isEmpty()) {
      context.err().print(existing.isEmpty() ? "stave: " + shown + " refers to no secrets\n"
          : "stave: " + shown + " has no secret data to print; the Secrets it refers to must already exist"
              + " in the cluster:\n" + listed(existing));
      return Main.OK;
    }
    List<Diagnostic> problems = new ArrayList<>();
    StringBuilder out = new StringBuilder();
    for (SecretSpec spec : compiled.secrets()) {
      out.append("---\n").append(CanonicalYaml.emit(secret(spec, problems)));
    }
    if (!problems.isEmpty()) {
      throw new UserError(problems);
    }
    context.out().print(out);
    if (!existing.isEmpty()) {
      context.err().print("stave: " + shown + " also refers to Secrets it has no data for; they must already exist"
          + " in the cluster:\n" + listed(existing));
    }
    return Main.OK;
  }

  /** One line a Secret, {@code namespace/name} and the keys the objects read from it. */
  private static String listed(SortedMap<String, SortedSet<String>> secrets) {
    StringBuilder text = new StringBuilder();
    secrets.forEach((secret, keys) -> {
      text.append("  ").append(Printable.exactLine(secret));
      if (!keys.isEmpty()) {
        text.append(keys.size() == 1 ? " (key " : " (keys ")
            .append(Printable.exactLine(String.join(", ", keys))).append(')');
      }
      text.append('\n');
    });
    return text.toString();
  }

  /** The Secret manifest with its data; problems with files are added to {@code problems}. */
  static Map<String, Object> secret(SecretSpec spec, List<Diagnostic> problems) {
    TreeMap<String, String> data = new TreeMap<>();
    for (SecretSpec.Entry entry : spec.entries()) {
      byte[] value = entry.file() == null ? entry.value().getBytes(java.nio.charset.StandardCharsets.UTF_8)
          : read(entry, problems);
      if (value != null) {
        data.put(entry.key(), Base64.getEncoder().encodeToString(value));
      }
    }
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("name", spec.name());
    metadata.put("namespace", spec.namespace());
    metadata.put("labels", spec.labels());
    Map<String, Object> secret = new LinkedHashMap<>();
    secret.put("apiVersion", "v1");
    secret.put("kind", "Secret");
    secret.put("metadata", metadata);
    secret.put("type", "Opaque");
    secret.put("data", data);
    return secret;
  }

  private static byte[] read(SecretSpec.Entry entry, List<Diagnostic> problems) {
    Path file = entry.file();
    try {
      if (!Files.exists(file)) {
        problems.add(Diagnostic.error(entry.origin(), "secrets", "secret-missing",
            "secret file " + file + " does not exist", "create the file, or remove it from the config"));
        return null;
      }
      if (!Files.isRegularFile(file)) {
        // A folder, a FIFO or a device (a link to /dev/zero would be read without end).
        problems.add(Diagnostic.error(entry.origin(), "secrets", "secret-not-a-file",
            "secret " + file + " is " + (Files.isDirectory(file) ? "a folder" : "not a regular file")
                + ", so it cannot be a Secret's key",
            Files.isDirectory(file) ? "name each file of the folder in 'secrets'" : "name a regular file"));
        return null;
      }
      if (Files.size(file) > MAX_SECRET_BYTES) {
        problems.add(Diagnostic.error(entry.origin(), "secrets", "secret-too-large",
            "secret file " + file + " is larger than 1 MiB, the most a Secret can hold",
            "mount large files from a volume instead"));
        return null;
      }
      return Files.readAllBytes(file);
    } catch (IOException e) {
      problems.add(Diagnostic.error(entry.origin(), "secrets", "secret-unreadable",
          "cannot read secret file " + file, "check its permissions"));
      return null;
    }
  }
}

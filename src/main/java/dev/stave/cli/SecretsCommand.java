package dev.stave.cli;

import dev.stave.compile.ExperimentCompiler;
import dev.stave.compile.Labels;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.UserError;
import dev.stave.model.Experiment;
import dev.stave.model.SecretFile;
import dev.stave.render.CanonicalYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "secrets",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the Secrets a config refers to, with the content of the files it names, to standard output,",
      "for 'stave secrets x.conf | kubectl apply -f -'. Bundles never hold secret data."
    })
final class SecretsCommand implements Callable<Integer>, Main.RunsInContext {
  /** Secret files are small: Kubernetes caps a Secret at 1 MiB. */
  private static final long MAX_SECRET_BYTES = 1024 * 1024;

  private final Context context;

  @Parameters(paramLabel = "CONFIG", description = "A config file.")
  Path config;

  @Option(names = "--stacktrace", description = "Print the stack trace of an internal error.")
  boolean stacktrace;

  SecretsCommand(Context context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Pipeline pipeline = new Pipeline(context.env(), context.sources(), null);
    Experiment experiment = pipeline.experiment(config);
    if (pipeline.diagnostics().hasErrors()) {
      throw new UserError(pipeline.diagnostics().sorted());
    }
    if (experiment.secrets().isEmpty()) {
      context.err().println("stave: " + config + " names no secret files");
      return Main.OK;
    }
    TreeMap<String, String> data = new TreeMap<>();
    List<Diagnostic> problems = new ArrayList<>();
    for (SecretFile file : experiment.secrets()) {
      try {
        if (!Files.isRegularFile(file.path())) {
          problems.add(Diagnostic.error(file.origin(), "secrets", "secret-missing",
              "secret file " + file.path() + " does not exist",
              "create the file, or remove it from 'secrets'"));
          continue;
        }
        if (Files.size(file.path()) > MAX_SECRET_BYTES) {
          problems.add(Diagnostic.error(file.origin(), "secrets", "secret-too-large",
              "secret file " + file.path() + " is larger than 1 MiB, the most a Secret can hold",
              "mount large files from a volume instead"));
          continue;
        }
        data.put(file.key(), Base64.getEncoder().encodeToString(Files.readAllBytes(file.path())));
      } catch (IOException e) {
        problems.add(Diagnostic.error(file.origin(), "secrets", "secret-unreadable",
            "cannot read secret file " + file.path(), "check its permissions"));
      }
    }
    if (!problems.isEmpty()) {
      throw new UserError(problems);
    }
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("name", ExperimentCompiler.secretName(experiment));
    metadata.put("namespace", experiment.namespace());
    metadata.put("labels", Labels.common(experiment.name(), experiment.labels()));
    Map<String, Object> secret = new LinkedHashMap<>();
    secret.put("apiVersion", "v1");
    secret.put("kind", "Secret");
    secret.put("metadata", metadata);
    secret.put("type", "Opaque");
    secret.put("data", data);
    context.out().print("---\n" + CanonicalYaml.emit(secret));
    return Main.OK;
  }
}

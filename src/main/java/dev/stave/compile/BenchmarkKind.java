package dev.stave.compile;

import dev.stave.config.ConfigFile;
import dev.stave.config.MapNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Sources;
import dev.stave.model.Benchmark;
import dev.stave.model.BenchmarkReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** DeepEcho's benchmark configs (docs/benchmarks.md). */
final class BenchmarkKind implements KindCompiler {
  @Override
  public String kind() {
    return "benchmark";
  }

  @Override
  public Compiled compile(ConfigFile config, CompileOptions options) {
    BenchmarkReader.Result read = BenchmarkReader.read(config);
    List<Diagnostic> diagnostics = new ArrayList<>(read.diagnostics());
    Benchmark benchmark = read.benchmark();
    if (benchmark == null) {
      return Compiled.failed(diagnostics);
    }
    diagnostics.addAll(literalCredentials(config, benchmark));
    List<SecretLeaks.Credential> credentials = credentials(config, benchmark);
    if (SecretLeaks.inConfig(config.root(), "", credentials, diagnostics)) {
      return Compiled.failed(diagnostics);
    }
    BenchmarkCompiler.Result compiled = BenchmarkCompiler.compile(benchmark);
    diagnostics.addAll(compiled.diagnostics());
    SecretLeaks.inObjects(compiled.objects(), credentials, diagnostics);
    return new Compiled(benchmark.name(), compiled.objects(), secrets(benchmark), diagnostics);
  }

  /** The output credentials, with or without a bucket: either way they belong in no other key. */
  private static List<SecretLeaks.Credential> credentials(ConfigFile config, Benchmark b) {
    String hint = "with output.bucket, the launcher gets AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY from the Secret "
        + BenchmarkCompiler.credentialsSecret(b) + " through secretKeyRef";
    List<SecretLeaks.Credential> out = new ArrayList<>(SecretLeaks.at(config.root(), "output.key", "output.key", hint));
    out.addAll(SecretLeaks.at(config.root(), "output.secret_key", "output.secret_key", hint));
    return out;
  }

  private static List<SecretSpec> secrets(Benchmark b) {
    Benchmark.Output output = b.output();
    if (output == null || output.bucket() == null || !output.hasCredentials()) {
      return List.of();
    }
    List<SecretSpec.Entry> entries = List.of(
        new SecretSpec.Entry("AWS_ACCESS_KEY_ID", null, output.key().value(), output.key().origin()),
        new SecretSpec.Entry("AWS_SECRET_ACCESS_KEY", null, output.secretKey().value(), output.secretKey().origin()));
    return List.of(new SecretSpec(BenchmarkCompiler.credentialsSecret(b), b.namespace(),
        Labels.common(b.name(), Map.of()), entries));
  }

  /**
   * Credentials written into the config itself. The tree cannot tell a literal from a value the loader
   * took from the environment, but the source can: a value from {@code ${?ENV}} or {@code ${ENV}} has
   * {@code ${} on its line, or (HOCON) an origin that is not a line holding the value at all; a value
   * written as a default ({@code ${ENV:-value}}) is on its line after {@code :-}, a literal still. The
   * warning points at the {@code output} key, not at the credential's own line, so the printed source
   * line does not show the value.
   */
  private static List<Diagnostic> literalCredentials(ConfigFile config, Benchmark b) {
    Benchmark.Output output = b.output();
    if (output == null) {
      return List.of();
    }
    Sources sources = new Sources();
    MapNode root = (MapNode) config.root();
    Origin outputKey = root.keyOrigin("output");
    List<Diagnostic> out = new ArrayList<>();
    String[][] fields = {{"key", "AWS_ACCESS_KEY_ID"}, {"secret_key", "AWS_SECRET_ACCESS_KEY"}};
    for (String[] field : fields) {
      Benchmark.Credential c = field[0].equals("key") ? output.key() : output.secretKey();
      if (c == null) {
        continue;
      }
      String line = sources.line(c.origin().file(), c.origin().line());
      if (line == null || !line.contains(c.value())) {
        continue;
      }
      // ${NOPE:-AKIA...} with NOPE unset is the literal after ':-', in the file like any other.
      boolean asDefault = line.contains(":-" + c.value());
      if (line.contains("${") && !asDefault) {
        continue;
      }
      out.add(Diagnostic.warning(outputKey, "output." + field[0], "literal-credential",
          "the credential on line " + c.origin().line() + " is written into the config file itself"
              + (asDefault ? ", as a variable's default" : ""),
          "take it from the environment: " + field[0] + " = ${?" + field[1] + "} (HOCON) or " + field[0]
              + ": ${" + field[1] + "} (YAML)",
          output.bucket() == null
              ? "without output.bucket it is used nowhere: it is in no bundle and no Secret; remove it unless you"
                  + " add a bucket"
              : "stave keeps it out of the bundle either way: 'stave secrets' puts it into the Secret "
                  + BenchmarkCompiler.credentialsSecret(b)));
    }
    return out;
  }
}

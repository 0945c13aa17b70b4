package dev.stave.compile;

import dev.stave.config.ConfigFile;
import dev.stave.config.MapNode;
import dev.stave.config.ScalarNode;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Words;
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
    diagnostics.addAll(outputCredentials(config, benchmark));
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

  /** A credential written into the config itself, as {@code field} ({@code key}) in place of {@code env}. */
  private record Literal(String field, String env, int line, boolean asDefault) {}

  /**
   * Credentials written into the config itself. A value the loader took from the environment keeps the
   * reference it was written as ({@code ${ENV}}, HOCON's {@code ${?ENV}}); a value written as a default
   * ({@code ${ENV:-value}}, ENV unset) is that default, a literal still. The value's node says so, not its line:
   * a flow map ({@code {key: ${ENV}, secret_key: AKIA...}}) holds a reference and a literal on one line. A value
   * made of text and variables together ({@code AKIA${ENV}}) is partly the environment's, and not warned of.
   * The warning points at the {@code output} key, not at the credential's own line, so the printed source
   * line does not show the value.
   *
   * <p>Without a bucket the credentials are used nowhere, literal or not: that is one warning, which also
   * says which of them are literals, instead of one that they are unused and one per literal that says so again.
   */
  private static List<Diagnostic> outputCredentials(ConfigFile config, Benchmark b) {
    Benchmark.Output output = b.output();
    if (output == null || output.key() == null && output.secretKey() == null) {
      return List.of();
    }
    MapNode root = (MapNode) config.root();
    Origin outputKey = root.keyOrigin("output");
    List<Literal> literals = new ArrayList<>();
    String[][] fields = {{"key", "AWS_ACCESS_KEY_ID"}, {"secret_key", "AWS_SECRET_ACCESS_KEY"}};
    for (String[] field : fields) {
      Benchmark.Credential c = field[0].equals("key") ? output.key() : output.secretKey();
      if (c == null || !(((MapNode) root.get("output")).get(field[0]) instanceof ScalarNode s) || s.around() != null) {
        continue;
      }
      // ${NOPE:-AKIA...} with NOPE unset is the literal after ':-', in the file like any other.
      boolean asDefault = s.variable() != null && s.variable().contains(":-" + c.value());
      if (s.variable() != null && !asDefault) {
        continue;
      }
      literals.add(new Literal(field[0], field[1], c.origin().line(), asDefault));
    }
    if (output.bucket() == null) {
      return List.of(unused(root, output, literals, outputKey));
    }
    List<Diagnostic> out = new ArrayList<>();
    for (Literal l : literals) {
      out.add(Diagnostic.warning(outputKey, "output." + l.field(), "literal-credential",
          "the credential on line " + l.line() + " is written into the config file itself"
              + (l.asDefault() ? ", as a variable's default" : ""),
          "take it from the environment: " + fromEnvironment(l.field(), l.env()),
          "stave keeps it out of the bundle either way: 'stave secrets' puts it into the Secret "
              + BenchmarkCompiler.credentialsSecret(b)));
    }
    return out;
  }

  /** The warning that {@code output}'s credentials, with no bucket to write to, are used nowhere. */
  private static Diagnostic unused(MapNode root, Benchmark.Output output, List<Literal> literals, Origin outputKey) {
    String field = output.key() != null ? "key" : "secret_key";
    String unused = "output has credentials but no 'bucket', so they are not used";
    if (literals.isEmpty()) {
      return Diagnostic.warning(((MapNode) root.get("output")).keyOrigin(field), "output." + field,
          "credentials-unused", unused, "add 'bucket' or remove the credentials");
    }
    List<String> written = new ArrayList<>();
    List<String> yaml = new ArrayList<>();
    List<String> hocon = new ArrayList<>();
    for (Literal l : literals) {
      written.add("'" + l.field() + "' (line " + l.line() + (l.asDefault() ? ", as a variable's default" : "") + ")");
      yaml.add(l.field() + ": ${" + l.env() + "}");
      hocon.add(l.field() + " = ${?" + l.env() + "}");
    }
    return Diagnostic.warning(outputKey, "output." + field, "credentials-unused",
        unused + "; " + Words.and(written) + (literals.size() == 1 ? " is" : " are")
            + " written into the config file itself",
        "remove the credentials, or add 'bucket' and take them from the environment: " + Words.and(yaml)
            + " (YAML), or " + Words.and(hocon) + " (HOCON)");
  }

  private static String fromEnvironment(String field, String env) {
    return field + " = ${?" + env + "} (HOCON) or " + field + ": ${" + env + "} (YAML)";
  }
}

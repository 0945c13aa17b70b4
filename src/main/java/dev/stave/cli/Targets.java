package dev.stave.cli;

import dev.stave.bundle.Bundle;
import dev.stave.bundle.BundleReader;
import dev.stave.bundle.BundleWriter;
import dev.stave.bundle.KindOrder;
import dev.stave.bundle.KubeObject;
import dev.stave.compile.CompileOptions;
import dev.stave.compile.Compiled;
import dev.stave.compile.SecretSpec;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.DiagnosticPrinter;
import dev.stave.diag.UserError;
import dev.stave.render.RenderedObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What apply and diff work on: a bundle folder read from disk, or a config compiled in memory (then
 * with the Secrets it needs, built from their files and never written anywhere).
 */
final class Targets {
  private Targets() {}

  /**
   * What diff compares: a folder as {@link BundleReader#readFolder} reads it (one bundle, or a folder
   * of bundles), or a config compiled in memory as one bundle.
   */
  static BundleReader.Folder folder(Context context, Path target, Path templates, CompileOptions options) {
    if (Files.isDirectory(target)) {
      return BundleWriter.reading(writtenWith(target), lock -> CompileCommand.waiting(context, lock),
          () -> BundleReader.readFolder(target));
    }
    return new BundleReader.One(load(context, target, templates, options, false));
  }

  /**
   * The output folders whose compile writes {@code folder}: itself, a folder of bundles as {@code -o DIR}
   * names it, and its parent, of which it is one bundle ({@code DIR/<bundle>}). Read while neither is being
   * written, a folder is all old or all new, never a mix of the two.
   */
  private static List<Path> writtenWith(Path folder) {
    Path real;
    try {
      // The parent on disk: 'out/demo/.' and a link to out/demo are bundles of out all the same.
      real = folder.toRealPath();
    } catch (IOException e) {
      return List.of(folder); // the read says what is wrong with it
    }
    return real.getParent() == null ? List.of(real) : List.of(real, real.getParent());
  }

  /** The objects in bundle order; {@code withSecrets} adds a config's Secrets with their data. */
  static List<KubeObject> load(Context context, Path target, Path templates, CompileOptions options,
      boolean withSecrets) {
    if (Files.isDirectory(target)) {
      return BundleWriter.reading(writtenWith(target), lock -> CompileCommand.waiting(context, lock),
          () -> BundleReader.read(target));
    }
    Pipeline pipeline = new Pipeline(context.env(), context.sources(), templates, options);
    Compiled compiled = pipeline.compile(target);
    Bundle bundle = pipeline.bundle(compiled);
    if (pipeline.diagnostics().hasErrors() || bundle == null) {
      throw new UserError(pipeline.diagnostics().sorted());
    }
    new DiagnosticPrinter(context.sources()).print(pipeline.diagnostics().sorted(), context.err());
    List<KubeObject> objects = new ArrayList<>();
    for (RenderedObject o : bundle.objects()) {
      objects.add(KubeObject.of(o.content()));
    }
    if (withSecrets) {
      List<Diagnostic> problems = new ArrayList<>();
      for (SecretSpec spec : compiled.secrets()) {
        Map<String, Object> secret = SecretsCommand.secret(spec, problems);
        if (problems.isEmpty()) {
          objects.add(KubeObject.of(secret));
        }
      }
      if (!problems.isEmpty()) {
        throw new UserError(problems);
      }
      // Stable: the bundle's own order stays, and the Secrets go where Secrets install.
      objects.sort(Comparator.comparingInt(o -> KindOrder.rank(o.kind())));
    }
    return objects;
  }
}

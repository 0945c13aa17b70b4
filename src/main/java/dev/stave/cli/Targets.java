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
import java.util.function.Supplier;

/**
 * What apply and diff work on: a bundle folder read from disk, or a config compiled in memory (then
 * with the Secrets it needs, built from their files and never written anywhere).
 */
final class Targets {
  private Targets() {}

  /**
   * What the targets of one run share: whether a target was an experiment config, the one kind that reads
   * {@code --context} and {@code --contexts} (a bundle folder is compiled already, so the options change
   * nothing there), and whether the names in {@code --templates} were checked, which one warning says for all.
   */
  static final class Shared {
    private boolean read;
    private boolean templateNamesChecked;
    /**
     * The warnings of the configs compiled so far when they are held for the caller to print, rather than printed
     * as each is compiled; null to print them then.
     */
    private List<Diagnostic> held;

    /** From now on, holds the warnings of each config compiled rather than printing them, for {@link #held()}. */
    void holdWarnings() {
      held = new ArrayList<>();
    }

    /** The warnings held since {@link #holdWarnings}, in the order the configs were compiled. */
    List<Diagnostic> held() {
      return List.copyOf(held);
    }

    /** The warning of {@link Pipeline#warnIfContextsUnread} when no target read the context options. */
    void warnIfUnread(Context context, CompileOptions options) {
      Pipeline.warnIfContextsUnread(context.err(), options, read);
    }
  }

  /**
   * What diff compares: a folder as {@link BundleReader#readFolder} reads it (one bundle, or a folder
   * of bundles), or a config compiled in memory as one bundle.
   */
  static BundleReader.Folder folder(Context context, Path target, Path templates, CompileOptions options,
      Shared shared) {
    BundleReader.Folder read = readBundles(context, target, () -> BundleReader.readFolder(target));
    return read != null ? read : new BundleReader.One(load(context, target, templates, options, false, shared));
  }

  /**
   * {@code read} of the folder {@code target} once no compile is writing it, or null when {@code target} is
   * no folder (a config). A folder that is missing while the folder it is in exists may be a bundle that a
   * compile has moved aside, between the two renames that put its new one in place: it is looked for again
   * once that compile is done, rather than taken for a config that does not exist.
   */
  private static <T> T readBundles(Context context, Path target, Supplier<T> read) {
    if (!Files.isDirectory(target) && (Files.exists(target)
        || !Files.isDirectory(target.toAbsolutePath().getParent()))) {
      return null;
    }
    return BundleWriter.reading(writtenWith(target), lock -> CompileCommand.waiting(context, lock),
        () -> Files.isDirectory(target) ? read.get() : null);
  }

  /**
   * The output folders whose compile writes {@code folder}: itself, a folder of bundles as {@code -o DIR}
   * names it, and its parent, of which it is one bundle ({@code DIR/<bundle>}). Read while neither is being
   * written, a folder is all old or all new, never a mix of the two. The parent is waited for also where the
   * folder is no bundle of it: only for a write's length, rather than by what the folder holds when looked at,
   * which that write may be changing (README, "The write is atomic").
   */
  private static List<Path> writtenWith(Path folder) {
    Path real;
    try {
      // The parent on disk: 'out/demo/.' and a link to out/demo are bundles of out all the same.
      real = folder.toRealPath();
    } catch (IOException e) {
      // Missing, maybe moved aside by a compile into its parent: that compile's lock (reading makes it real).
      Path parent = folder.toAbsolutePath().getParent();
      return parent == null ? List.of(folder) : List.of(folder, parent);
    }
    return real.getParent() == null ? List.of(real) : List.of(real, real.getParent());
  }

  /** The objects in bundle order; {@code withSecrets} adds a config's Secrets with their data. */
  static List<KubeObject> load(Context context, Path target, Path templates, CompileOptions options,
      boolean withSecrets, Shared shared) {
    List<KubeObject> read = readBundles(context, target, () -> BundleReader.read(target));
    if (read != null) {
      return read;
    }
    Pipeline pipeline = new Pipeline(context.env(), context.sources(), templates, options).takingBundles();
    if (!shared.templateNamesChecked) {
      shared.templateNamesChecked = true;
      pipeline.checkTemplateNames();
    }
    Compiled compiled = pipeline.compile(target);
    shared.read |= pipeline.readsContexts();
    Bundle bundle = pipeline.bundle(compiled);
    if (pipeline.diagnostics().hasErrors() || bundle == null) {
      throw new UserError(pipeline.diagnostics().sorted());
    }
    if (shared.held != null) {
      shared.held.addAll(pipeline.diagnostics().sorted());
    } else {
      new DiagnosticPrinter(context.sources()).print(pipeline.diagnostics().sorted(), context.err());
    }
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

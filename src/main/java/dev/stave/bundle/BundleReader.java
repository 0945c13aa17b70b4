package dev.stave.bundle;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.UserError;
import dev.stave.render.CanonicalYaml;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads a bundle folder back: every {@code .yaml}/{@code .yml}/{@code .json} file but the
 * kustomization, in file-name order (which is install order for stave's bundles), one object each.
 */
public final class BundleReader {
  private BundleReader() {}

  /** The objects of the folder; a file that is not one Kubernetes object is a user error naming it. */
  @SuppressWarnings("unchecked")
  public static List<KubeObject> read(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new UserError(Diagnostic.error(Origin.of(dir.toString()), "", "no-bundle",
          dir + " is not a bundle folder", "compile one with 'stave compile CONFIG -o DIR' and pass DIR/<bundle>"));
    }
    List<Path> files;
    try (Stream<Path> list = Files.list(dir)) {
      files = list.filter(Files::isRegularFile).filter(BundleReader::isManifest).sorted().toList();
    } catch (IOException e) {
      throw new BundleWriter.WriteFailure("cannot read the folder " + dir + ": " + e.getMessage(), e);
    }
    List<Diagnostic> problems = new ArrayList<>();
    List<KubeObject> objects = new ArrayList<>();
    for (Path file : files) {
      String text;
      try {
        text = Files.readString(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new BundleWriter.WriteFailure("cannot read " + file + ": " + e.getMessage(), e);
      }
      Object parsed;
      try {
        parsed = CanonicalYaml.parse(stripDocumentMarker(text));
      } catch (IllegalArgumentException e) {
        parsed = null;
      }
      KubeObject o = parsed instanceof Map<?, ?> map ? KubeObject.of((Map<String, Object>) map) : null;
      if (o == null) {
        problems.add(Diagnostic.error(Origin.of(file.toString()), "", "not-an-object",
            file + " is not a Kubernetes object (one YAML document with apiVersion, kind and metadata.name)",
            "remove the file from the bundle folder, or put one object in it"));
      } else {
        Diagnostic wait = WaitAnnotations.check(o, file.toString(), text);
        if (wait != null) {
          problems.add(wait);
        }
        objects.add(o);
      }
    }
    if (!problems.isEmpty()) {
      throw new UserError(problems);
    }
    return objects;
  }

  private static boolean isManifest(Path file) {
    String name = file.getFileName().toString();
    String lower = name.toLowerCase(Locale.ROOT);
    return !name.startsWith(".") && !lower.equals("kustomization.yaml") && !lower.equals("kustomization.yml")
        && (lower.endsWith(".yaml") || lower.endsWith(".yml") || lower.endsWith(".json"));
  }

  /** A leading {@code ---} is common in hand-edited files and still one document. */
  private static String stripDocumentMarker(String text) {
    return text.startsWith("---\n") ? text.substring(4) : text;
  }
}

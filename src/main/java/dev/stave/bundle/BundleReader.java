package dev.stave.bundle;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.IoErrors;
import dev.stave.diag.Origin;
import dev.stave.diag.Sources;
import dev.stave.diag.UserError;
import dev.stave.render.CanonicalYaml;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads bundle folders back. A bundle folder holds object files: every {@code .yaml}/{@code .yml}/
 * {@code .json} file but the kustomization, one object each, read in file-name order (which is install
 * order for stave's bundles). A folder of bundles, as {@code stave compile -o DIR} writes DIR, holds
 * only bundle folders, each named after its bundle. Entries whose names start with a dot are not read.
 */
public final class BundleReader {
  private BundleReader() {}

  /** A folder read as what it holds: one bundle, or bundles by folder name. */
  public sealed interface Folder permits One, Many {}

  public record One(List<KubeObject> objects) implements Folder {}

  public record Many(SortedMap<String, List<KubeObject>> bundles) implements Folder {}

  /** What a folder holds that decides how to read it; other files (a README) are ignored. */
  private record Entries(List<Path> objectFiles, List<Path> folders) {}

  /**
   * The objects of one bundle folder, to apply or compare with a cluster; a folder that holds no object
   * file or also holds folders, a file that is not one Kubernetes object, and an apiVersion, namespace or
   * name that cannot go into a request ({@link RequestPaths}) are user errors naming them.
   */
  public static List<KubeObject> read(Path dir) {
    Entries entries = entries(dir);
    List<Diagnostic> problems = new ArrayList<>();
    if (entries.objectFiles().isEmpty() && !entries.folders().isEmpty()) {
      problems.add(Diagnostic.error(Origin.of(dir.toString()), "", "many-bundles",
          dir + " is a folder of bundles, and one bundle is needed here",
          "pass one of its bundle folders, such as " + entries.folders().get(0)));
    } else {
      checkOneBundle(dir, entries, "pass the bundle folder that 'stave compile CONFIG -o DIR' wrote: DIR/<bundle>",
          problems);
    }
    List<KubeObject> objects = problems.isEmpty() ? readObjects(entries.objectFiles(), true, problems) : List.of();
    if (!problems.isEmpty()) {
      throw new UserError(problems);
    }
    return objects;
  }

  /**
   * One bundle when the folder holds object files, bundles by folder name when it holds only folders.
   * Every problem of every folder is reported at once.
   */
  public static Folder readFolder(Path dir) {
    Entries entries = entries(dir);
    List<Diagnostic> problems = new ArrayList<>();
    Folder folder;
    if (entries.objectFiles().isEmpty() && !entries.folders().isEmpty()) {
      SortedMap<String, List<KubeObject>> bundles = new TreeMap<>();
      for (Path sub : entries.folders()) {
        Entries inner = entries(sub);
        if (inner.objectFiles().isEmpty() || !inner.folders().isEmpty()) {
          problems.add(notABundle(dir, sub, inner));
          continue;
        }
        bundles.put(sub.getFileName().toString(), readObjects(inner.objectFiles(), false, problems));
      }
      folder = new Many(Collections.unmodifiableSortedMap(bundles));
    } else {
      checkOneBundle(dir, entries, "pass a bundle folder or a folder of bundles: DIR/<bundle> or DIR of"
          + " 'stave compile CONFIG -o DIR'", problems);
      folder = new One(problems.isEmpty() ? readObjects(entries.objectFiles(), false, problems) : List.of());
    }
    if (!problems.isEmpty()) {
      throw new UserError(problems);
    }
    return folder;
  }

  /** A folder in a folder of bundles must be a bundle: object files and no folders. */
  private static Diagnostic notABundle(Path dir, Path sub, Entries inner) {
    Origin origin = Origin.of(sub.toString());
    if (inner.objectFiles().isEmpty() && inner.folders().isEmpty()) {
      return Diagnostic.error(origin, "", "not-a-bundle",
          sub + " is not a bundle: it holds no .yaml, .yml or .json object file",
          "move it out of " + dir + ", which should hold only bundle folders");
    }
    String folders = fileNames(inner.folders());
    if (inner.objectFiles().isEmpty()) {
      return Diagnostic.error(origin, "", "not-a-bundle",
          sub + " is not a bundle but holds folders (" + folders + "), and a folder of bundles cannot hold another",
          "compare " + sub + " on its own, or move it out of " + dir);
    }
    return Diagnostic.error(origin, "", "not-a-bundle",
        sub + " is not a bundle: it holds folders (" + folders + ") besides its object files",
        "move the folders out of " + sub + "; a bundle folder holds only object files");
  }

  private static String fileNames(List<Path> paths) {
    return String.join(", ", paths.stream().map(f -> f.getFileName().toString()).toList());
  }

  private static void checkOneBundle(Path dir, Entries entries, String noBundleHint, List<Diagnostic> problems) {
    if (entries.objectFiles().isEmpty()) {
      problems.add(Diagnostic.error(Origin.of(dir.toString()), "", "no-bundle",
          dir + " holds no bundle: no .yaml, .yml or .json object file and no bundle folder",
          noBundleHint));
    } else if (!entries.folders().isEmpty()) {
      String folders = fileNames(entries.folders());
      problems.add(Diagnostic.error(Origin.of(dir.toString()), "", "mixed-bundle",
          dir + " holds both object files and folders (" + folders + "), so it is neither one bundle nor a folder"
              + " of bundles",
          "move the folders out of it, or its object files into a bundle folder of their own"));
    }
  }

  private static Entries entries(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new UserError(Diagnostic.error(Origin.of(dir.toString()), "", "no-bundle",
          dir + " is not a bundle folder", "compile one with 'stave compile CONFIG -o DIR' and pass DIR/<bundle>"));
    }
    List<Path> objectFiles = new ArrayList<>();
    List<Path> folders = new ArrayList<>();
    try (Stream<Path> list = Files.list(dir)) {
      for (Path entry : list.sorted().toList()) {
        if (entry.getFileName().toString().startsWith(".")) {
          continue;
        }
        if (Files.isDirectory(entry)) {
          folders.add(entry);
        } else if (isManifest(entry) && (Files.isRegularFile(entry) || isDangling(entry))) {
          // kubectl apply -f fails on a link to nothing; reading it reports it.
          objectFiles.add(entry);
        }
      }
    } catch (IOException e) {
      throw new BundleWriter.WriteFailure("cannot read the folder " + IoErrors.describe(e), e);
    }
    return new Entries(objectFiles, folders);
  }

  /**
   * One object per file, in the files' order; problems are added to {@code problems}. {@code sent}: the
   * objects go to a cluster, so what goes into a request's path is checked too.
   */
  @SuppressWarnings("unchecked")
  private static List<KubeObject> readObjects(List<Path> files, boolean sent, List<Diagnostic> problems) {
    List<KubeObject> objects = new ArrayList<>();
    // Diff and apply key objects by identity, so a second file of one object would silently replace the first.
    Map<String, Path> fileOf = new HashMap<>();
    for (Path file : files) {
      String text;
      try {
        text = Files.readString(file, StandardCharsets.UTF_8);
      } catch (CharacterCodingException e) {
        problems.add(Diagnostic.error(Origin.of(file.toString()), "", "not-utf8",
            file + " is not UTF-8 text, so it is not a Kubernetes object file",
            "remove the file from the bundle folder, or save it as UTF-8"));
        continue;
      } catch (NoSuchFileException e) {
        if (!isDangling(file)) {
          throw new BundleWriter.WriteFailure("cannot read " + IoErrors.describe(e), e);
        }
        problems.add(Diagnostic.error(Origin.of(file.toString()), "", "dangling-link",
            file + " is a symbolic link to " + linkTarget(file) + ", which does not exist",
            "remove the link from the bundle folder, or restore what it points to"));
        continue;
      } catch (IOException e) {
        throw new BundleWriter.WriteFailure("cannot read " + IoErrors.describe(e), e);
      }
      Object parsed;
      try {
        parsed = CanonicalYaml.parse(stripDocumentMarker(text));
      } catch (CanonicalYaml.NotYaml e) {
        problems.add(notYaml(file, text, e));
        continue;
      } catch (IllegalArgumentException e) {
        parsed = null;
      }
      KubeObject o = parsed instanceof Map<?, ?> map ? KubeObject.of((Map<String, Object>) map) : null;
      if (o == null) {
        problems.add(Diagnostic.error(Origin.of(file.toString()), "", "not-an-object",
            file + " is not a Kubernetes object (one YAML document with apiVersion, kind and metadata.name)",
            "remove the file from the bundle folder, or put one object in it"));
      } else {
        Path first = fileOf.putIfAbsent(o.key(), file);
        if (first != null) {
          problems.add(Diagnostic.error(Origin.of(file.toString()), "", "duplicate-object",
              file + " holds " + o.display() + ", which " + first + " holds too; a bundle holds each object once",
              "remove one of the two files from the bundle folder"));
          continue;
        }
        if (sent) {
          RequestPaths.check(o, file.toString(), text, problems);
        }
        Diagnostic wait = WaitAnnotations.check(o, file.toString(), text);
        if (wait != null) {
          problems.add(wait);
        }
        objects.add(o);
      }
    }
    return List.copyOf(objects);
  }

  /**
   * A bundle file that is not YAML, at the place of the reader's problem: "not a Kubernetes object" at its first
   * line sent the user looking for a missing apiVersion. The code is one the printer never quotes a line of, as
   * the line may hold a Secret's data, which nothing in a bundle file marks as hidden.
   */
  private static Diagnostic notYaml(Path file, String text, CanonicalYaml.NotYaml e) {
    String problem = withoutText(e.problem());
    // stripDocumentMarker took the first line away.
    int skipped = text.startsWith("---\n") ? 1 : 0;
    Origin origin = e.line() == 0 ? Origin.of(file.toString())
        : new Origin(file.toString(), e.line() + skipped, e.column());
    return Diagnostic.error(origin, "", NOT_YAML,
        file + " is not valid YAML: " + (problem == null ? "the reader stopped here" : problem),
        "fix the file at this place, or remove it from the bundle folder");
  }

  /** The code of {@link #notYaml}, one of DiagnosticPrinter's codes it never quotes a line of. */
  private static final String NOT_YAML = "bundle-yaml";

  /**
   * The reader's problem without the file's text that SnakeYAML puts in it, as the line it comes from may hold a
   * Secret's data: an alias's or a tag's name ({@code password: *hunter2}), the characters of a bad escape. The
   * standard tags a bundle cannot hold keep their names, which are SnakeYAML's, not the file's; a duplicate key
   * keeps its name, as the names of a Secret's keys are no secret (diff prints them); a single character that
   * cannot start a token is kept, as it alone tells what is wrong at the column.
   */
  static String withoutText(String problem) {
    if (problem == null) {
      return null;
    }
    Matcher tag = UNKNOWN_TAG.matcher(problem);
    if (tag.matches()) {
      return STANDARD_TAGS.contains(tag.group(1)) ? "the tag !!" + tag.group(1) + " is not allowed in a Kubernetes"
          + " object" : "a tag that is not allowed in a Kubernetes object";
    }
    Matcher named = NAMES_TEXT.matcher(problem);
    return named.lookingAt() ? named.group(1) : problem;
  }

  /** SnakeYAML's words for a tag it has no constructor for, such as {@code !!binary}, or {@code !x}. */
  private static final Pattern UNKNOWN_TAG =
      Pattern.compile("could not determine a constructor for the tag (?:tag:yaml\\.org,2002:)?(.*)", Pattern.DOTALL);

  /** The tags of YAML 1.1's types that CanonicalYaml has no constructor for. */
  private static final Set<String> STANDARD_TAGS = Set.of("binary", "omap", "pairs", "set");

  /** SnakeYAML's problems that go on with the file's text (its 2.x wording): the words before it. */
  private static final Pattern NAMES_TEXT = Pattern.compile("(found undefined alias|found undefined tag handle"
      + "|Global tag is not allowed|Keys must be scalars|expected URI in UTF-8"
      + "|expected (?:URI )?escape sequence of \\d+ hexadecimal numbers"
      + "|found a number which cannot represent a valid version)[ :,]");

  /** The line and column of the first {@code key} in a bundle file's text, or the file alone. */
  static Origin locate(String file, String text, String key) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      int at = lines[i].indexOf(key);
      if (at >= 0) {
        return new Origin(file, i + 1, Sources.column(lines[i], at));
      }
    }
    return Origin.of(file);
  }

  /**
   * The line and column of {@code key} written as a key (YAML {@code key:}, JSON {@code "key":}) after the
   * first {@code parent} in a bundle file's text, or the file alone: {@code name} under {@code metadata} is
   * neither the {@code name} of a label such as {@code app.kubernetes.io/name} nor that of a container.
   */
  static Origin locateKey(String file, String text, String parent, String key) {
    Origin child = blockChild(file, text, parent, key);
    if (child != null) {
      return child;
    }
    int from = Math.max(0, text.indexOf(parent));
    Matcher m = Pattern.compile("(?<![\\w./\"'-])[\"']?" + Pattern.quote(key) + "[\"']?\\s*:").matcher(text);
    // Lines end at LF only here, as locate splits them.
    return m.find(from) ? Sources.at(file, text, m.start(), Sources.LineBreaks.HOCON) : Origin.of(file);
  }

  /**
   * Where block YAML writes {@code key} among the own keys of {@code parent}: on a line indented as the
   * parent's first key is, before the next line indented no deeper than the parent, so that a label or an
   * annotation of that name ({@code labels: {name: x}}, written before it) is not taken for it; null when
   * the parent is not written so (JSON, flow style) or has no such key.
   */
  private static Origin blockChild(String file, String text, String parent, String key) {
    String[] lines = text.split("\n", -1);
    Pattern keyLine = Pattern.compile("[\"']?" + Pattern.quote(key) + "[\"']?[ \t]*:.*");
    for (int i = 0; i < lines.length; i++) {
      String parentLine = lines[i].strip();
      if (!parentLine.equals(parent + ":") && !parentLine.startsWith(parent + ": #")) {
        continue;
      }
      int parentIndent = indent(lines[i]);
      int childIndent = -1;
      for (int j = i + 1; j < lines.length; j++) {
        String content = lines[j].strip();
        if (content.isEmpty() || content.startsWith("#")) {
          continue;
        }
        int indent = indent(lines[j]);
        if (indent <= parentIndent) {
          break;
        }
        childIndent = childIndent < 0 ? indent : childIndent;
        if (indent == childIndent && keyLine.matcher(content).matches()) {
          return new Origin(file, j + 1, Sources.column(lines[j], indent));
        }
      }
      return null;
    }
    return null;
  }

  private static int indent(String line) {
    int i = 0;
    while (i < line.length() && line.charAt(i) == ' ') {
      i++;
    }
    return i;
  }

  private static boolean isDangling(Path entry) {
    return Files.isSymbolicLink(entry) && !Files.exists(entry);
  }

  private static String linkTarget(Path link) {
    try {
      return Files.readSymbolicLink(link).toString();
    } catch (IOException e) {
      return "a path that cannot be read";
    }
  }

  private static boolean isManifest(Path file) {
    String name = file.getFileName().toString();
    String lower = name.toLowerCase(Locale.ROOT);
    return !lower.equals("kustomization.yaml") && !lower.equals("kustomization.yml")
        && (lower.endsWith(".yaml") || lower.endsWith(".yml") || lower.endsWith(".json"));
  }

  /** A leading {@code ---} is common in hand-edited files and still one document. */
  private static String stripDocumentMarker(String text) {
    return text.startsWith("---\n") ? text.substring(4) : text;
  }
}

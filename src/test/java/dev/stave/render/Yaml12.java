package dev.stave.render;

import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Representer;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * A YAML 1.2 reader for the tests: SnakeYAML's parser with the 1.2 core schema's tag resolution
 * (yaml.org/spec/1.2.2 section 10.3), as kustomize's go-yaml v3 and snakeyaml-engine use. It stands in
 * for those readers: plain {@code yes} is a string here, {@code 0o17} an int.
 */
final class Yaml12 {

  private Yaml12() {}

  static Object parse(String text) {
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    options.setNestingDepthLimit(300);
    DumperOptions dumper = new DumperOptions();
    return new Yaml(new SafeConstructor(options), new Representer(dumper), dumper, options, new CoreSchema())
        .load(text);
  }

  /** Whether the 1.2 core schema gives this text, written plain, a tag other than string. */
  static boolean resolvesToNonString(String plain) {
    return !new CoreSchema().resolve(NodeId.scalar, plain, true).equals(Tag.STR);
  }

  /** The same question for SnakeYAML's own YAML 1.1 resolver. */
  static boolean yaml11ResolvesToNonString(String plain) {
    return !new Resolver().resolve(NodeId.scalar, plain, true).equals(Tag.STR);
  }

  private static final class CoreSchema extends Resolver {
    private static final Pattern BOOL = Pattern.compile("^(?:true|True|TRUE|false|False|FALSE)$");
    private static final Pattern NULL = Pattern.compile("^(?:~|null|Null|NULL|)$");
    private static final Pattern INT = Pattern.compile("^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$");
    private static final Pattern FLOAT =
        Pattern.compile(
            "^(?:[-+]?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
                + "|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$");

    @Override
    protected void addImplicitResolvers() {
      addImplicitResolver(Tag.BOOL, BOOL, "tfTF");
      addImplicitResolver(Tag.INT, INT, "-+0123456789");
      addImplicitResolver(Tag.FLOAT, FLOAT, "-+0123456789.");
      addImplicitResolver(Tag.NULL, NULL, "~nN\0");
      addImplicitResolver(Tag.NULL, Pattern.compile("^$"), null);
    }
  }
}

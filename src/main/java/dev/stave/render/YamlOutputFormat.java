package dev.stave.render;

import freemarker.core.CommonMarkupOutputFormat;
import freemarker.core.CommonTemplateMarkupOutputModel;
import java.io.IOException;
import java.io.Writer;

/**
 * FreeMarker's output format for stave's templates: every interpolated value is written as a YAML
 * double-quoted scalar. A config value can therefore only ever be one string in the rendered text; it
 * cannot open a new key, a new document or a template directive, whatever characters it holds.
 * Numbers and booleans that templates want typed are written with {@code ?c?no_esc}.
 */
public final class YamlOutputFormat extends CommonMarkupOutputFormat<YamlOutputFormat.Model> {
  public static final YamlOutputFormat INSTANCE = new YamlOutputFormat();

  private YamlOutputFormat() {}

  @Override
  public String getName() {
    return "YAML";
  }

  @Override
  public String getMimeType() {
    return "application/yaml";
  }

  @Override
  public void output(String textToEsc, Writer out) throws IOException {
    if (out instanceof ShapeWriter shape) {
      shape.value(textToEsc);
    } else {
      out.write(escapePlainText(textToEsc));
    }
  }

  @Override
  public String escapePlainText(String plainTextContent) {
    return quote(plainTextContent);
  }

  @Override
  public boolean isLegacyBuiltInBypassed(String builtInName) {
    return false;
  }

  @Override
  protected Model newTemplateMarkupOutputModel(String plainTextContent, String markupContent) {
    return new Model(plainTextContent, markupContent);
  }

  /** A YAML double-quoted scalar that every YAML 1.1 and 1.2 reader reads back as exactly {@code s}. */
  public static String quote(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\t' -> b.append("\\t");
        case '\r' -> b.append("\\r");
        default -> {
          if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || c == 0x2028 || c == 0x2029 || c == 0xfeff
              || c == 0xfffe || c == 0xffff || (Character.isSurrogate(c) && !validPair(s, i))) {
            b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }

  private static boolean validPair(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
    }
    return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
  }

  /** Rendered YAML text, as FreeMarker's markup output model. */
  public static final class Model extends CommonTemplateMarkupOutputModel<Model> {
    Model(String plainTextContent, String markupContent) {
      super(plainTextContent, markupContent);
    }

    @Override
    public YamlOutputFormat getOutputFormat() {
      return INSTANCE;
    }
  }
}

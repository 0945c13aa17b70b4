package dev.stave.render;

import dev.stave.config.ConfigLoader;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Sources;
import dev.stave.diag.UserError;
import freemarker.cache.TemplateLoader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The loader of the {@code --templates} folder's files: reads them as UTF-8 and refuses a byte that is not,
 * where FreeMarker's own reader would put U+FFFD in its place and the bundle would carry it without a word.
 * The file is decoded as UTF-8 whatever encoding FreeMarker asks for (an {@code encoding} in a template's
 * {@code #ftl} header is not honoured): stave's templates, like its configs, are UTF-8.
 */
final class Utf8Templates implements TemplateLoader {
  /** A file of the folder that is not UTF-8: its diagnostic, at the first byte that is not. */
  static final class NotUtf8 extends IOException {
    private final transient Diagnostic diagnostic;

    NotUtf8(Diagnostic diagnostic) {
      super(diagnostic.message());
      this.diagnostic = diagnostic;
    }

    Diagnostic diagnostic() {
      return diagnostic;
    }
  }

  /** A source of the folder's loader, with the name it was found by, which names the file in a diagnostic. */
  private record Found(String name, Object source) {}

  private final TemplateLoader files;
  private final Path folder;

  /** Reads the files {@code files} finds in {@code folder}. */
  Utf8Templates(TemplateLoader files, Path folder) {
    this.files = files;
    this.folder = folder;
  }

  @Override
  public Object findTemplateSource(String name) throws IOException {
    Object source = files.findTemplateSource(name);
    return source == null ? null : new Found(name, source);
  }

  @Override
  public long getLastModified(Object source) {
    return files.getLastModified(((Found) source).source());
  }

  @Override
  public Reader getReader(Object source, String encoding) throws IOException {
    Found found = (Found) source;
    // ISO-8859-1 maps each byte to the char of its value: the file's bytes, to decode strictly here.
    StringBuilder latin1 = new StringBuilder();
    try (Reader in = files.getReader(found.source(), StandardCharsets.ISO_8859_1.name())) {
      char[] buffer = new char[8192];
      for (int read; (read = in.read(buffer)) >= 0; ) {
        latin1.append(buffer, 0, read);
      }
    }
    byte[] bytes = latin1.toString().getBytes(StandardCharsets.ISO_8859_1);
    try {
      return new StringReader(ConfigLoader.utf8(bytes, folder.resolve(found.name()).toString(),
          Sources.LineBreaks.FREEMARKER));
    } catch (UserError e) {
      // FreeMarker hands on an IOException of the loader's: the diagnostic travels in it.
      throw new NotUtf8(e.diagnostics().get(0));
    }
  }

  @Override
  public void closeTemplateSource(Object source) throws IOException {
    files.closeTemplateSource(((Found) source).source());
  }
}

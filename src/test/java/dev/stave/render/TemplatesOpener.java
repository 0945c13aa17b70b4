package dev.stave.render;

import dev.stave.diag.UserError;
import java.nio.file.Path;

/** Opens a templates folder in a JVM of its own, as another user, and says what came of it. */
final class TemplatesOpener {
  private TemplatesOpener() {}

  public static void main(String[] args) {
    try {
      new TemplateRenderer(Path.of(args[0]));
      System.out.println("opened");
    } catch (UserError e) {
      System.out.println(e.diagnostics().get(0).message());
    }
  }
}

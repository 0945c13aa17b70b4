package dev.stave.schema;

import dev.stave.diag.StaveBug;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The JSON Schemas shipped in the jar, one per kind of config. */
public final class Schemas {
  public static final List<String> KINDS =
      List.of("experiment", "benchmark", "cluster", "inventory", "contexts");


  private Schemas() {}

  public static boolean exists(String kind) {
    return KINDS.contains(kind);
  }

  public static String text(String kind) {
    try (InputStream in = open(kind)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new StaveBug("cannot read the schema of " + kind, e);
    }
  }

  static InputStream open(String kind) {
    InputStream in = Schemas.class.getResourceAsStream("/stave/schemas/" + kind + ".schema.json");
    if (in == null) {
      throw new StaveBug("the schema of " + kind + " is missing from the jar");
    }
    return in;
  }
}

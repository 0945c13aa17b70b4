package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code stave secrets} says of the Secrets a config only names, which it has no data for. */
class SecretsCommandTest {
  private static final String NAMED_ONLY = """
      kind: experiment
      name: e
      project: ws/proj
      image: python
      image_pull_secrets: [gcr-pull]
      tracking: {neptune: {api_token_secret: tokens/neptune}}
      processes:
        a:
          command: [python]
          secret_env: {DB_USER: db-creds/user, DB_PASSWORD: db-creds/password}
          mounts: [{type: secret, secret_name: tls, mount_path: /etc/tls}]
        b: {command: [python], secret_env: {DB_PASSWORD: db-creds/password}}
      """;
  private static final String LISTED = """
        ws-proj/db-creds (keys password, user)
        ws-proj/gcr-pull
        ws-proj/tls
        ws-proj/tokens (key neptune)
      """;

  @TempDir
  Path dir;

  @Test
  void secretsTheConfigOnlyNamesAreListedAsOnesThatMustExist() throws IOException {
    Path config = Files.writeString(dir.resolve("e.yaml"), NAMED_ONLY);
    Run run = Run.of("secrets", config.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("", run.out());
    assertEquals("stave: " + config + " has no secret data to print; the Secrets it refers to must already exist"
        + " in the cluster:\n" + LISTED, run.err());
  }

  @Test
  void secretsWithDataArePrintedAndTheOthersListed() throws IOException {
    Files.writeString(dir.resolve("key.txt"), "k");
    Path config = Files.writeString(dir.resolve("e.yaml"), NAMED_ONLY.replace("image: python\n",
        "image: python\nsecrets: [key.txt]\n"));
    Run run = Run.of("secrets", config.toString());
    assertEquals(0, run.code(), run.err());
    assertTrue(run.out().startsWith("---\napiVersion: v1\nkind: Secret\n"), run.out());
    assertTrue(run.out().contains("  name: e-secrets\n  namespace: ws-proj\n"), run.out());
    assertEquals("stave: " + config + " also refers to Secrets it has no data for; they must already exist"
        + " in the cluster:\n" + LISTED, run.err());
  }

  @Test
  void aConfigThatNamesNoSecretRefersToNone() throws IOException {
    Path config = Files.writeString(dir.resolve("e.yaml"),
        "kind: experiment\nname: e\nimage: python\nprocesses: {a: {command: [python]}}\n");
    Run run = Run.of("secrets", config.toString());
    assertEquals(0, run.code(), run.err());
    assertEquals("", run.out());
    assertEquals("stave: " + config + " refers to no secrets\n", run.err());
  }
}

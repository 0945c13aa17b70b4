package dev.stave.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ImageReferenceTest {

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource({
      "python:3, true",
      "gcr.io/acme/rl:1.4, true",
      "gcr.io/rl-sandbox-1234/ml-robotics/experiment1:1.0, true",
      "localhost:5000/team/app, true",
      "registry.example.com:443/a/b__c/d-e:v0.6.11-gpu, true",
      "marsproject/mars@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef, true",
      "gcr.io/x/app:1@sha256:0123456789abcdef0123456789abcdef, true",
      // What a runtime refuses to pull.
      "@sha256:abc, false",
      "gcr.io/x/@sha256:0123456789abcdef0123456789abcdef, false",
      "gcr.io/x/app@sha256:abc, false",
      "gcr.io/Acme/app:1, false",
      "app:, false",
      "app:-1, false",
      "a//b, false",
      "a/b/, false",
      "'Bad Image!', false",
      "'app:1.0 ', false",
      "-app, false",
      // A first component without '.' or ':' is Docker Hub path, not a host, so lower case too.
      "UPPER/case:1, false",
      "Team/app, false",
      "Registry.Example.com/team/app:V1, true",
      "Registry:5000/app, true",
      "localhost/app, true",
  })
  void followsTheReferenceGrammar(String image, boolean valid) {
    assertEquals(valid, ImageReference.isValid(image));
  }

  @ParameterizedTest(name = "a tag of {0} characters")
  @CsvSource({"128, true", "129, false"})
  void tagsHaveAtMost128Characters(int length, boolean valid) {
    assertEquals(valid, ImageReference.isValid("app:" + "t".repeat(length)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "UPPER/case:1, upper/case:1",
      "gcr.io/Acme/App:V1@sha256:0123456789abcdef0123456789abcdef,"
          + " gcr.io/acme/app:V1@sha256:0123456789abcdef0123456789abcdef",
      "localhost:5000/Team/app, localhost:5000/team/app",
  })
  void upperCaseRepositoriesSayHowToWriteThem(String image, String lower) {
    Diagnostic d = ImageReference.problem(image, new Origin("c.yaml", 3, 8), "image", "other hint").orElseThrow();
    assertEquals("c.yaml:3:8: error: image: '" + image + "' is not a container image reference: its repository"
        + " has upper-case letters", d.origin() + ": error: " + d.jsonPath() + ": " + d.message());
    assertEquals(java.util.List.of("write the repository in lower case: " + lower), d.hints());
  }
}

package dev.stave.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
  })
  void followsTheReferenceGrammar(String image, boolean valid) {
    assertEquals(valid, ImageReference.isValid(image));
  }

  @ParameterizedTest(name = "a tag of {0} characters")
  @CsvSource({"128, true", "129, false"})
  void tagsHaveAtMost128Characters(int length, boolean valid) {
    assertEquals(valid, ImageReference.isValid("app:" + "t".repeat(length)));
  }
}

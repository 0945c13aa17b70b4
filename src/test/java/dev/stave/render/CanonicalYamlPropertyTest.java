package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Any string survives emit then parse (YAML 1.1 and 1.2 readings) wherever it sits, and any value
 * tree comes back equal, from the same bytes every time.
 */
class CanonicalYamlPropertyTest {

  /** Pieces that have each broken some YAML writer: syntax, look-alike scalars, odd characters. */
  static final List<String> FRAGMENTS =
      List.of(
          ": ", " #", "#", ":", "\n", "\n\n", "---", "...", "'", "\"", "\\", "${", "}", "<#", "{{", "}}",
          "!!", "&a", "*a", "\t", "\r", "\r\n", "\u0000", "\u0007", "\u0085", "\u2028", "\u2029",
          "\uFEFF", "\u00A0", "\u202E", "\u200D", "😀", "é", "✓", "中", "yes", "No", "ON", "y", "~",
          "null", "true", "1e3", "0x", "0o", "0b", "1_0", "0755", "08", ".inf", ".nan", "12:30",
          "2024-01-01", "T10:00:00Z", ".", "-", "- ", "+", "?", "? ", " ", "  ", "|", "|-", ">", "[",
          "]", "{", "}", ",", "%", "@", "`", "=", "<<", "\uD83D", "\uDE00", "\uFFFE");

  @Provide
  Arbitrary<String> yamlish() {
    Arbitrary<String> piece =
        Arbitraries.frequencyOf(
            Tuple.of(6, Arbitraries.of(FRAGMENTS)),
            Tuple.of(2, Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(4)),
            Tuple.of(2, Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6)),
            Tuple.of(1, Arbitraries.strings().ofMaxLength(3)));
    Arbitrary<String> pieces = piece.list().ofMaxSize(10).map(parts -> String.join("", parts));
    // Block-scalar material: indented lines, blank lines, trailing line breaks.
    Arbitrary<String> text =
        Arbitraries.strings()
            .withChars(" ab#:-|'")
            .ofMaxLength(6)
            .list()
            .ofMinSize(1)
            .ofMaxSize(5)
            .map(lines -> String.join("\n", lines))
            .flatMap(t -> Arbitraries.of("", "\n", "\n\n", "\n\n\n").map(end -> t + end));
    return Arbitraries.frequencyOf(Tuple.of(3, pieces), Tuple.of(1, text));
  }

  @Property(tries = 2000)
  void yamlishStringRoundTripsEverywhere(@ForAll("yamlish") String s) {
    checkRoundTrip(s);
  }

  @Property(tries = 2000)
  void anyStringRoundTripsEverywhere(@ForAll String s) {
    checkRoundTrip(s);
  }

  /**
   * Short strings of the characters numbers, dates and sexagesimals are made of, where the readers'
   * rules differ most: a string is written plain only when neither reader types it.
   */
  @Property(tries = 3000)
  void numberLikeStringsArePlainOnlyWhenNoReaderTypesThem(@ForAll("numberLike") String s) {
    if (!ScalarStyle.isTypeAmbiguous(s)) {
      assertFalse(Yaml12.resolvesToNonString(s), () -> "the YAML 1.2 core schema types " + s);
      assertFalse(Yaml12.yaml11ResolvesToNonString(s), () -> "SnakeYAML's YAML 1.1 resolver types " + s);
    }
    checkRoundTrip(s);
  }

  @Provide
  Arbitrary<String> numberLike() {
    return Arbitraries.strings().withChars("0123456789._+-:eExXoObB").ofMinLength(1).ofMaxLength(7);
  }

  private static void checkRoundTrip(String s) {
    Map<String, Object> asValue = new LinkedHashMap<>();
    asValue.put("k", s);
    asValue.put("after", 1);
    Map<String, Object> asKey = new LinkedHashMap<>();
    asKey.put(s, "v");
    // The last item also puts s at the very end of the document, where "|+" is not allowed.
    List<Object> asItems = List.of(s, List.of(s), Map.of("k", s));
    for (Object doc : List.of(asValue, asKey, asItems, s)) {
      String yaml;
      try {
        yaml = CanonicalYaml.emit(doc);
      } catch (IllegalArgumentException e) {
        assertFalse(carryable(s), () -> "refused a string YAML can carry: " + e.getMessage());
        return;
      }
      if (!carryable(s)) {
        fail("wrote a string holding a lone surrogate or U+FFFE/U+FFFF: " + yaml);
      }
      assertEquals(doc, CanonicalYaml.parse(yaml), yaml);
      assertEquals(doc, Yaml12.parse(yaml), yaml);
      assertWellFormed(yaml);
    }
  }

  @Provide
  Arbitrary<Object> documents() {
    return value(5);
  }

  private Arbitrary<Object> value(int depth) {
    Arbitrary<String> strings = yamlish().filter(CanonicalYamlPropertyTest::carryable);
    Arbitrary<Object> leaf =
        Arbitraries.oneOf(
            strings.map(s -> (Object) s),
            Arbitraries.longs().map(l -> (Object) l),
            Arbitraries.integers().map(i -> (Object) i),
            Arbitraries.doubles().map(d -> (Object) d),
            // Random bit patterns reach subnormals and 17-digit values that the scaled default misses.
            Arbitraries.longs().map(Double::longBitsToDouble).filter(Double::isFinite).map(d -> (Object) d),
            Arbitraries.of(true, false).map(b -> (Object) b))
        .injectNull(0.05);
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<Object> child = Arbitraries.lazy(() -> value(depth - 1));
    Arbitrary<Object> maps =
        Arbitraries.entries(strings, child)
            .list()
            .ofMaxSize(4)
            .map(
                entries -> {
                  Map<String, Object> m = new LinkedHashMap<>();
                  entries.forEach(e -> m.put(e.getKey(), e.getValue()));
                  return (Object) m;
                });
    Arbitrary<Object> lists = child.list().ofMaxSize(4).map(l -> (Object) new ArrayList<>(l));
    return Arbitraries.frequencyOf(Tuple.of(4, leaf), Tuple.of(2, maps), Tuple.of(2, lists));
  }

  @Property(tries = 500)
  void documentsRoundTripDeterministically(@ForAll("documents") Object doc) {
    String yaml = CanonicalYaml.emit(doc);
    assertEquals(yaml, CanonicalYaml.emit(doc), "same input, same bytes");
    Object back = CanonicalYaml.parse(yaml);
    assertTrue(CanonicalYaml.sameValue(back, doc), yaml);
    assertSameKinds(doc, back, yaml);
    assertTrue(CanonicalYaml.sameValue(Yaml12.parse(yaml), doc), yaml);
    assertWellFormed(yaml);
  }

  /** sameValue forgives 1 vs 1.0; a manifest must not, since an int32 field rejects a float. */
  private static void assertSameKinds(Object expected, Object actual, String yaml) {
    if (expected instanceof Map<?, ?> m) {
      m.forEach((k, v) -> assertSameKinds(v, ((Map<?, ?>) actual).get(k), yaml));
    } else if (expected instanceof List<?> l) {
      for (int i = 0; i < l.size(); i++) {
        assertSameKinds(l.get(i), ((List<?>) actual).get(i), yaml);
      }
    } else if (expected instanceof Double) {
      assertTrue(actual instanceof Double, () -> "a float came back as " + actual + " in\n" + yaml);
    } else if (expected instanceof Long || expected instanceof Integer) {
      assertFalse(actual instanceof Double, () -> "an int came back as a float in\n" + yaml);
    }
  }

  /** LF only, one final line break, no trailing spaces (yamllint-clean), no tabs or CRs. */
  private static void assertWellFormed(String yaml) {
    assertTrue(yaml.endsWith("\n") && !yaml.endsWith("\n\n"), yaml);
    assertFalse(yaml.contains(" \n") || yaml.contains("\t") || yaml.contains("\r"), yaml);
    assertFalse(yaml.startsWith("---"), yaml);
  }

  /** Written apart from ScalarStyle: lone surrogates and U+FFFE/U+FFFF, which emit must refuse. */
  static boolean carryable(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\uFFFE' || c == '\uFFFF') {
        return false;
      }
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }
}

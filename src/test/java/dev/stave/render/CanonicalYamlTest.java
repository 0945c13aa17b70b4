package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CanonicalYamlTest {

  @Test
  void podLikeDocumentIsWrittenExactly() {
    Map<String, Object> labels = map("app.kubernetes.io/name", "trainer", "stave.dev/mode", "0755");
    Map<String, Object> metadata =
        map("name", "trainer-0", "namespace", "ml", "labels", labels, "annotations", map());
    Map<String, Object> container =
        map(
            "name", "main",
            "image", "registry.example.com/trainer:1.4.2",
            "command", List.of("/bin/sh", "-c", "set -eu\necho \"starting $HOSTNAME\"\n  exec python train.py\n"),
            "args", List.of("--lr", "0.001", "--epochs=3"),
            "env",
                List.of(
                    map("name", "ENABLED", "value", "yes"),
                    map("name", "RATIO", "value", "1e3"),
                    map("name", "EMPTY", "value", "")),
            "resources", map("limits", map("cpu", "2", "memory", "4Gi", "nvidia.com/gpu", 1)),
            "ports", List.of(),
            "securityContext", map("runAsNonRoot", true, "readOnlyRootFilesystem", false));
    Map<String, Object> spec =
        map(
            "restartPolicy", "Never",
            "terminationGracePeriodSeconds", 30,
            "activeDeadlineSeconds", 86_400_000_000L,
            "priority", null,
            "containers", List.of(container),
            "volumes", List.of(map("name", "scratch", "emptyDir", map()), map("name", "data")),
            "nodeSelector", map("on", "y"),
            "weights", List.of(0.5, 1.0, 1e6, 1e-7, new BigDecimal("1.10"), List.of(1, 2), List.of()),
            "motd", " indented\nsecond\n\n");
    Map<String, Object> pod = map("apiVersion", "v1", "kind", "Pod", "metadata", metadata, "spec", spec);

    String expected =
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: trainer-0
          namespace: ml
          labels:
            app.kubernetes.io/name: trainer
            stave.dev/mode: "0755"
          annotations: {}
        spec:
          restartPolicy: Never
          terminationGracePeriodSeconds: 30
          activeDeadlineSeconds: 86400000000
          priority: null
          containers:
          - name: main
            image: registry.example.com/trainer:1.4.2
            command:
            - /bin/sh
            - "-c"
            - |
              set -eu
              echo "starting $HOSTNAME"
                exec python train.py
            args:
            - "--lr"
            - "0.001"
            - "--epochs=3"
            env:
            - name: ENABLED
              value: "yes"
            - name: RATIO
              value: "1e3"
            - name: EMPTY
              value: ""
            resources:
              limits:
                cpu: "2"
                memory: 4Gi
                nvidia.com/gpu: 1
            ports: []
            securityContext:
              runAsNonRoot: true
              readOnlyRootFilesystem: false
          volumes:
          - name: scratch
            emptyDir: {}
          - name: data
          nodeSelector:
            "on": "y"
          weights:
          - 0.5
          - 1.0
          - 1000000.0
          - 0.0000001
          - 1.10
          - - 1
            - 2
          - []
          motd: " indented\\nsecond\\n\\n"
        """;
    assertEquals(expected, CanonicalYaml.emit(pod));
    assertTrue(CanonicalYaml.sameValue(CanonicalYaml.parse(expected), pod));
  }

  @Test
  void blockScalarsChooseChompingAndIndentation() {
    Map<String, Object> m =
        map(
            "strip", "a\nb",
            "clip", "a\nb\n",
            "keep", "a\nb\n\n",
            "lead", " a\nb",
            "leadAfterBlank", "\n  a\nb\n",
            "blankInside", "a\n\nb",
            "last", "x");
    assertEquals(
        """
        strip: |-
          a
          b
        clip: |
          a
          b
        keep: |+
          a
          b

        lead: |2-
           a
          b
        leadAfterBlank: |2

            a
          b
        blankInside: |-
          a

          b
        last: x
        """,
        CanonicalYaml.emit(m));
    assertTrue(CanonicalYaml.sameValue(CanonicalYaml.parse(CanonicalYaml.emit(m)), m));
  }

  @Test
  void blockScalarsHangTwoColumnsRightOfTheirKeyOrDash() {
    Object doc = List.of(" a\nb", List.of("c\n", map("k", " d\n")), map("m", List.of("e\nf")));
    String yaml = CanonicalYaml.emit(doc);
    assertEquals(
        """
        - |2-
           a
          b
        - - |
            c
          - k: |2
               d
        - m:
          - |-
            e
            f
        """,
        yaml);
    assertEquals(doc, CanonicalYaml.parse(yaml));
  }

  @Test
  void blockScalarFallsBackToDoubleQuotesWhenLinesWouldNotSurvive() {
    assertEquals("k: \"a \\nb\"\n", CanonicalYaml.emit(map("k", "a \nb")));
    assertEquals("k: \"a\\nb \"\n", CanonicalYaml.emit(map("k", "a\nb ")));
    assertEquals("k: \"a\\tb\\nc\"\n", CanonicalYaml.emit(map("k", "a\tb\nc")));
    assertEquals("k: \"a\\r\\nb\"\n", CanonicalYaml.emit(map("k", "a\r\nb")));
    assertEquals("k: \"\\n\\n\"\n", CanonicalYaml.emit(map("k", "\n\n")));
    assertEquals("k: \"a\\n\\u200Bb\"\n", CanonicalYaml.emit(map("k", "a\n\u200Bb")));
  }

  @Test
  void keepChompingAtTheEndOfTheDocumentWouldLeaveABlankLineSoItIsQuoted() {
    assertEquals("k: \"a\\n\\n\"\n", CanonicalYaml.emit(map("k", "a\n\n")));
    assertEquals("- \"a\\n\\n\"\n", CanonicalYaml.emit(List.of("a\n\n")));
    assertEquals("\"a\\n\\n\"\n", CanonicalYaml.emit("a\n\n"));
    assertEquals("k: |+\n  a\n\nz: 1\n", CanonicalYaml.emit(map("k", "a\n\n", "z", 1)));
  }

  @Test
  void rootScalarsAndEmptyCollections() {
    assertEquals("null\n", CanonicalYaml.emit(null));
    assertEquals("x\n", CanonicalYaml.emit("x"));
    assertEquals("\"yes\"\n", CanonicalYaml.emit("yes"));
    assertEquals("|-\n  a\n  b\n", CanonicalYaml.emit("a\nb"));
    assertEquals("{}\n", CanonicalYaml.emit(map()));
    assertEquals("[]\n", CanonicalYaml.emit(List.of()));
    assertEquals("true\n", CanonicalYaml.emit(true));
  }

  @Test
  void numbersArePlainDecimalsAndFloatsKeepAPoint() {
    assertEquals("- 0\n- -7\n- 9223372036854775807\n- 123456789012345678901234567890\n",
        CanonicalYaml.emit(List.of(0, -7L, Long.MAX_VALUE, new BigInteger("123456789012345678901234567890"))));
    assertEquals(
        List.of("1.0", "0.1", "1000000.0", "3600000.0", "0.0000001", "-0.0", "0.0", "356136738.0",
            "0.1", "100.0", "1.10", "1000.0", "0.30000000000000004", "100000000000000000000000.0"),
        lines(CanonicalYaml.emit(List.of(1.0, 0.1, 1e6, 3.6e6, 1e-7, -0.0, 0.0, 356136738.0,
            0.1f, 100f, new BigDecimal("1.10"), new BigDecimal("1E+3"), 0.1 + 0.2, 1e23))));
  }

  @Test
  void floatsUseTheShortestDecimalThatReadsBack() {
    // JDK 17's Double.toString gives "2.0000000000000004E-3" style digits for some values; the
    // emitter must not depend on that.
    for (double d : new double[] {2e-3, 1e23, 5e-324, Double.MAX_VALUE, 4.35, 0.3, 1.0 / 3, 9007199254740993.0}) {
      String text = single(CanonicalYaml.emit(List.of(d)));
      assertEquals(d, Double.parseDouble(text), text);
      assertFalse(text.contains("E") || text.contains("e"), text);
      String digits = new BigDecimal(text).unscaledValue().abs().toString().replaceAll("0+$", "");
      assertTrue(digits.length() <= 17, text);
    }
    assertEquals("0.002", single(CanonicalYaml.emit(List.of(2e-3))));
    assertEquals("4.35", single(CanonicalYaml.emit(List.of(4.35))));
  }

  @Test
  void nonFiniteNumbersAreRefusedWithThePath() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class,
            () -> CanonicalYaml.emit(map("spec", map("ratio", Double.NaN))));
    assertTrue(e.getMessage().startsWith("at spec.ratio: "), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.emit(List.of(Double.POSITIVE_INFINITY)));
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.emit(List.of(Float.NEGATIVE_INFINITY)));
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.emit(List.of(new BigDecimal("1E+400"))));
  }

  @Test
  void otherTypesAreRefusedWithThePath() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class,
            () -> CanonicalYaml.emit(map("spec", map("containers", List.of(map("c", 'x'))))));
    assertEquals("at spec.containers[0].c: cannot write a java.lang.Character as YAML", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.emit(Set.of("a")));
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.emit(new int[] {1}));
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.emit(List.of((short) 1)));
    Map<Object, Object> intKey = new LinkedHashMap<>();
    intKey.put(1, "a");
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.emit(intKey));
  }

  @Test
  void selfContainingCollectionIsAnErrorNotAStackOverflow() {
    List<Object> loop = new ArrayList<>();
    loop.add(loop);
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.emit(loop));
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("self", m);
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.emit(m));
  }

  @Test
  void charactersNoYamlStreamCarriesAreRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.emit(map("a", List.of("x\uD800"))));
    assertTrue(e.getMessage().startsWith("at a[0]: string holds a lone surrogate U+D800"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.emit(map("\uDC00", "v")));
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.emit("\uFFFE"));
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.emit("a\nb\uFFFF"));
  }

  @Test
  void supplementaryCharactersStayLiteralOrEscapeAsOneCodePoint() {
    assertEquals("k: 😀\n", CanonicalYaml.emit(map("k", "😀")));
    assertEquals("k: \"😀\\t\"\n", CanonicalYaml.emit(map("k", "😀\t")));
    assertEquals("k: \"\\x01😀\"\n", CanonicalYaml.emit(map("k", "\u0001😀")));
  }

  @Test
  void anEmojiAcrossTheReadersBufferEdgeReadsBack() {
    // SnakeYAML reads 1,024 characters at a time; the emoji's two halves may fall either side.
    for (int at = 1020; at <= 1026; at++) {
      String value = "a".repeat(at - "k: ".length()) + "😀";
      Map<String, Object> m = map("k", value);
      assertEquals(m, CanonicalYaml.parse(CanonicalYaml.emit(m)), "emoji at " + at);
    }
  }

  @Test
  void veryLongKeysUseAnExplicitKeyBecauseImplicitKeysEndAt1024Characters() {
    String key = "k".repeat(1200);
    Map<String, Object> m = map(key, List.of(1), "short", map(key, "v"));
    String yaml = CanonicalYaml.emit(m);
    assertEquals(
        "? " + key + "\n:\n  - 1\nshort:\n  ? " + key + "\n  : v\n", yaml);
    assertEquals(m, CanonicalYaml.parse(yaml));
  }

  @Test
  void mapsAreWrittenInTheirIterationOrder() {
    assertEquals("b: 1\na: 2\n", CanonicalYaml.emit(map("b", 1, "a", 2)));
  }

  @Test
  void parseReadsYaml11LikeKubectl() {
    Map<?, ?> m =
        (Map<?, ?>) CanonicalYaml.parse("a: yes\nb: 0755\nc: 2024-01-01\nd: 1.5\ne: ~\nf: 12345678901234567890\n");
    assertEquals(Boolean.TRUE, m.get("a"));
    assertEquals(493, m.get("b"));
    assertEquals("2024-01-01", m.get("c"));
    assertEquals(1.5, m.get("d"));
    assertTrue(m.containsKey("e") && m.get("e") == null);
    assertEquals(new BigInteger("12345678901234567890"), m.get("f"));
    assertEquals(List.of("b", "a"), new ArrayList<>(((Map<?, ?>) CanonicalYaml.parse("b: 1\na: 2\n")).keySet()));
  }

  @Test
  void longWordsAndLinesReadBackWhole() {
    // SnakeYAML's own reader took minutes over these (LinearStreamReader).
    String word = "w".repeat(4_000_000);
    String line = "a line ".repeat(600_000);
    Map<?, ?> m = (Map<?, ?>) CanonicalYaml.parse("a: " + word + "\nb: |\n  " + line + "\n# " + line + "\n");
    assertEquals(word, m.get("a"));
    assertEquals(line + "\n", m.get("b"));
  }

  @Test
  void aControlCharacterIsRefusedWithItsPlace() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CanonicalYaml.parse("a: 1\nb: \"x\u0007\"\n"));
    assertTrue(e.getMessage().contains("found the character U+0007, which YAML does not allow"), e.getMessage());
    assertTrue(e.getMessage().contains("line 2, column 6"), e.getMessage());
  }

  @Test
  void parseRefusesWhatManifestsNeverHold() {
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.parse("a: 1\na: 2\n"));
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.parse("a: 1\n---\nb: 2\n"));
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.parse("a: !!binary aGk=\n"));
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.parse("a: !!set {x: null}\n"));
    assertThrows(IllegalArgumentException.class,
        () -> CanonicalYaml.parse("a: !!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[]]]\n"));
    StringBuilder bomb = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for (int i = 1; i < 10; i++) {
      bomb.append("a").append(i).append(": &a").append(i).append(" [");
      for (int j = 0; j < 10; j++) {
        bomb.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
      }
      bomb.append("]\n");
    }
    assertThrows(IllegalArgumentException.class, () -> CanonicalYaml.parse(bomb.toString()));
  }

  @Test
  void sameValueComparesNumbersByValueMapsByEntriesListsByOrder() {
    assertTrue(CanonicalYaml.sameValue(1, 1L));
    assertTrue(CanonicalYaml.sameValue(1, 1.0));
    assertTrue(CanonicalYaml.sameValue(new BigDecimal("1.10"), 1.1));
    assertTrue(CanonicalYaml.sameValue(BigInteger.TEN, 10));
    assertTrue(CanonicalYaml.sameValue(0.1f, 0.1));
    assertFalse(CanonicalYaml.sameValue(0.1, 0.10000000000000002));
    assertFalse(CanonicalYaml.sameValue("1", 1));
    assertFalse(CanonicalYaml.sameValue(true, "true"));
    assertTrue(CanonicalYaml.sameValue(null, null));
    assertFalse(CanonicalYaml.sameValue(null, "null"));
    assertTrue(CanonicalYaml.sameValue(map("a", 1, "b", List.of(2)), map("b", List.of(2L), "a", 1.0)));
    assertFalse(CanonicalYaml.sameValue(map("a", null), map("b", null)));
    assertFalse(CanonicalYaml.sameValue(map("a", 1), map("a", 1, "b", 2)));
    assertFalse(CanonicalYaml.sameValue(List.of(1, 2), List.of(2, 1)));
    assertFalse(CanonicalYaml.sameValue(List.of(1), List.of(1, 1)));
    assertFalse(CanonicalYaml.sameValue(List.of(), map()));
  }

  private static List<String> lines(String yaml) {
    return Arrays.stream(yaml.split("\n")).map(l -> l.substring(2)).toList();
  }

  private static String single(String yaml) {
    return lines(yaml).get(0);
  }

  /** An insertion-ordered map from alternating keys and values (Map.of has no order and no nulls). */
  static Map<String, Object> map(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  /** The string parse() makes of the value of "k: TOKEN", read from the events instead. */
  private static String valueString(String token) {
    List<org.yaml.snakeyaml.events.Event> events = CanonicalYaml.events("k: " + token + "\n");
    return CanonicalYaml.stringOf((org.yaml.snakeyaml.events.ScalarEvent) events.get(4));
  }

  @Test
  void aScalarEventReadsAsTheStringParseMakesOfIt() {
    for (String token : List.of("plain-text", "\"yes\"", "'0755'", "2024-01-01", "\"a: b\"", "x #y")) {
      Object parsed = ((Map<?, ?>) CanonicalYaml.parse("k: " + token + "\n")).get("k");
      assertEquals(parsed, valueString(token), token);
    }
    for (String token : List.of("yes", "0755", "1e3", "~", "null", "true", "1_000", ".inf", "<<", "!!str x", "&a x")) {
      assertEquals(null, valueString(token), token + " is not read as a plain string");
    }
    assertEquals(null, CanonicalYaml.events("k: [\n"), "not YAML");
  }
}

package dev.stave.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NamesTest {
  @ParameterizedTest(name = "''{0}'' -> ''{1}''")
  @CsvSource({
      "Cheetah_PPO, cheetah-ppo", "a..b, a-b", "workspace/project, workspace-project", "' lead trail ', lead-trail",
      "--x--, x", "A B  C, a-b-c", "already-ok, already-ok", "___, ''", "v1.2.3, v1-2-3"
  })
  void sanitizesLikeSpecSection11(String given, String expected) {
    assertEquals(expected, Names.sanitize(given));
  }

  @ParameterizedTest(name = "''{0}'' -> ''{1}''")
  @CsvSource({"1exp, exp1", "9mars, mars9", "2024-run, run-2024", "1-2-abc-3, abc-3-1-2", "123, ''", "1-2, ''"})
  void aServiceNameHintMovesTheLeadingDigitsToTheEnd(String name, String expected) {
    assertEquals(expected, Names.letterFirst(name));
  }

  /** The sanitized form is named only when it differs from the name given: else the message says it twice. */
  @Test
  void anInvalidNameIsNamedAgainOnlyWhenSanitizingChangedIt() {
    List<Diagnostic> problems = new ArrayList<>();
    Origin at = new Origin("e.yaml", 2, 7);
    assertEquals(Optional.empty(), Names.kubernetesName("klüster-ñ", 0, at, "name", problems));
    assertEquals(Optional.empty(), Names.kubernetesName("Klüster_ñ", 0, at, "name", problems));
    assertEquals(List.of("name 'klüster-ñ' is not a valid Kubernetes name",
        "name 'Klüster_ñ' is not a valid Kubernetes name, even as 'klüster-ñ'"),
        problems.stream().map(Diagnostic::message).toList());
  }

  /** What Printable escapes, and a tab, which would read as spaces in the quoted name. */
  @Test
  void printableEscapesWhatPrintableEscapesAndTabs() {
    assertEquals("demo\\u202egpj zero\\u200bwidth next\\u0085line \\u0009tab \u00e9",
        Names.printable("demo\u202egpj zero\u200bwidth next\u0085line \ttab \u00e9"));
  }

  /** A backslash before what reads as an escape is doubled, so that the written text reads apart. */
  @Test
  void printableTellsAWrittenEscapeFromAnEscapedCharacter() {
    assertEquals("\\\\u202e \\u202e \\\\\\u0009 C:\\temp", Names.printable("\\u202e \u202e \\\t C:\\temp"));
  }

  @Test
  void onlyANameStartingWithADigitCannotBeginAServiceName() {
    Origin at = Origin.of("x");
    assertTrue(Names.serviceNameStart("exp1", "exp1-api", at, "name").isEmpty());
    Diagnostic d = Names.serviceNameStart("1exp", "1exp-api", at, "name").orElseThrow();
    assertEquals("name-start", d.code());
    assertEquals("name '1exp' starts with a digit, but the Service '1exp-api' named after it must start with a"
        + " letter", d.message());
    assertEquals(List.of("start the name with a letter, e.g. 'exp1'"), d.hints());
    assertEquals(List.of("start the name with a letter"),
        Names.serviceNameStart("123", "123-web", at, "name").orElseThrow().hints());
  }

  @Property(tries = 3000)
  void eitherAValidNameWithinBudgetOrADiagnostic(@ForAll("names") String given,
      @ForAll @IntRange(max = 20) int reserve) {
    List<Diagnostic> problems = new ArrayList<>();
    Optional<String> name = Names.kubernetesName(given, reserve, Origin.of("x"), "name", problems);
    if (name.isPresent()) {
      assertTrue(problems.isEmpty());
      assertTrue(name.get().matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?"), name.get());
      assertTrue(name.get().length() <= 63 - reserve, name.get());
      assertEquals(name.get(), Names.sanitize(name.get()), "sanitizing is idempotent");
    } else {
      assertEquals(1, problems.size());
      assertTrue(problems.get(0).isError());
    }
  }

  @Provide
  Arbitrary<String> names() {
    Arbitrary<String> fragments = Arbitraries.of("a", "Z", "9", "-", "_", ".", "/", " ", "../", "\u0000", "é",
        "\u0430" /* Cyrillic a */, "\n", "${", "<#", ":", "x".repeat(40));
    return Arbitraries.oneOf(
        fragments.list().ofMaxSize(12).map(l -> String.join("", l)),
        Arbitraries.strings().ofMaxLength(80));
  }
}

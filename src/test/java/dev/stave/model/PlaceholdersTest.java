package dev.stave.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlaceholdersTest {
  @Test
  void substitutesNamesAndUnescapesDoubledBraces() {
    Map<String, String> point = Map.of("lr", "0.001", "seed", "1");
    assertEquals("--lr=0.001/1", Placeholders.substitute("--lr={{lr}}/{{seed}}", point));
    assertEquals("{{lr}} {{ x }} {{", Placeholders.substitute("{{{{lr}} {{ x }} {{", point));
    assertEquals(List.of("lr", "seed"), Placeholders.names("a{{lr}}b{{{{x}}{{seed}}"));
    assertEquals(List.of(), Placeholders.names("{{ lr }} {{9x}} }}"));
    assertEquals(List.of("lr", "seed"), Placeholders.spacedNames("{{ lr }} {{lr}} {{{{ x }} {{9x }} {{\tseed}}"));
  }

  @Test
  void pointsAreTheCartesianProductInSortedNameOrder() {
    SweepGrid grid = new SweepGrid(List.of("lr", "seed"), List.of(List.of("0.1", "0.2"), List.of("1", "2", "3")),
        new dev.stave.diag.Origin("x", 1, 1));
    assertEquals(List.of("lr=0.1,seed=1", "lr=0.1,seed=2", "lr=0.1,seed=3", "lr=0.2,seed=1", "lr=0.2,seed=2",
        "lr=0.2,seed=3"), grid.points().stream().map(SweepGrid.Point::text).toList());
  }

  @Test
  void sweepValuesAreTheSameWhenTheyAreTheSameNumberOrTheSameText() {
    assertEquals(SweepGrid.sameValue("1e-3"), SweepGrid.sameValue("0.0010"));
    assertEquals(SweepGrid.sameValue("0.001"), SweepGrid.sameValue("1E-3"));
    assertEquals(SweepGrid.sameValue("1"), SweepGrid.sameValue("1.0"));
    assertEquals(SweepGrid.sameValue("1"), SweepGrid.sameValue("+1"));
    assertEquals(SweepGrid.sameValue("0"), SweepGrid.sameValue("-0.0"));
    assertEquals(SweepGrid.sameValue("1000"), SweepGrid.sameValue("1e3"));
    assertEquals(SweepGrid.sameValue("7"), SweepGrid.sameValue("007"));
    assertNotEquals(SweepGrid.sameValue("0.001"), SweepGrid.sameValue("0.0011"));
    // Not decimal numbers: compared as written.
    assertNotEquals(SweepGrid.sameValue("0x10"), SweepGrid.sameValue("16"));
    assertNotEquals(SweepGrid.sameValue("a"), SweepGrid.sameValue("A"));
    assertNotEquals(SweepGrid.sameValue("1e9999999999"), SweepGrid.sameValue("1e9999999998"));
    assertNotEquals(SweepGrid.sameValue("number:1"), SweepGrid.sameValue("1"));
  }
}

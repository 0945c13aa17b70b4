package dev.stave.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
  }

  @Test
  void pointsAreTheCartesianProductInSortedNameOrder() {
    SweepGrid grid = new SweepGrid(List.of("lr", "seed"), List.of(List.of("0.1", "0.2"), List.of("1", "2", "3")),
        new dev.stave.diag.Origin("x", 1, 1));
    assertEquals(List.of("lr=0.1,seed=1", "lr=0.1,seed=2", "lr=0.1,seed=3", "lr=0.2,seed=1", "lr=0.2,seed=2",
        "lr=0.2,seed=3"), grid.points().stream().map(SweepGrid.Point::text).toList());
  }
}

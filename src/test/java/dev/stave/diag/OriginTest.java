package dev.stave.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OriginTest {
  private final Origin alias = new Origin("x.yaml", 7, 16);
  private final Origin anchor = new Origin("x.yaml", 3, 28);

  @Test
  void aPlaceSaysWhetherACopyIsMadeThereOrItIsInsideACopiedValue() {
    Origin made = alias.copiedFrom("the anchor &m", anchor);
    Origin inside = new Origin("x.yaml", 3, 35).copiedBy("*m", alias);
    assertEquals(Origin.Copy.MADE_HERE, made.copy());
    assertTrue(made.copies());
    assertEquals("the value comes from the anchor &m at 3:28", made.copied());
    assertEquals(Origin.Copy.INSIDE, inside.copy());
    assertFalse(inside.copies());
    assertEquals("the value is copied by *m at 7:16", inside.copied());
    assertEquals(Origin.Copy.NONE, alias.copy());
    assertFalse(alias.copies());
  }

  @Test
  void aCopiedPlaceNeedsItsNoteAndOnlyIt() {
    assertThrows(IllegalArgumentException.class, () -> new Origin("x.yaml", 1, 1, null, Origin.Copy.MADE_HERE));
    assertThrows(IllegalArgumentException.class, () -> new Origin("x.yaml", 1, 1, "a note", Origin.Copy.NONE));
  }
}

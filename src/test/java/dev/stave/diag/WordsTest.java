package dev.stave.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Lists read as a sentence writes them: commas, and the last joined by "and" or "or". */
class WordsTest {
  @Test
  void aListHasCommasAndItsConjunctionBeforeTheLast() {
    assertEquals("a", Words.or(List.of("a")));
    assertEquals("a or b", Words.or(List.of("a", "b")));
    assertEquals("a string, a number or a boolean", Words.or(List.of("a string", "a number", "a boolean")));
    assertEquals("a, b and c", Words.and(List.of("a", "b", "c")));
  }
}

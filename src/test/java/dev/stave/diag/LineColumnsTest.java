package dev.stave.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class LineColumnsTest {
  /** The same columns and indexes as counting from the line's start, on either side of every step. */
  @Test
  void columnsAndIndexesAreTheOnesCountedFromTheStartOfTheLine() {
    String emoji = "\uD83D\uDE00";
    List<String> lines = List.of("", "a = 1", "x".repeat(600), emoji, emoji.repeat(256), emoji.repeat(257),
        "a".repeat(255) + emoji + "b".repeat(300) + emoji.repeat(300) + "c",
        "\uD800 lone \uDC00 halves \uDC00\uD800 " + emoji.repeat(700));
    for (String line : lines) {
      LineColumns columns = new LineColumns(line);
      int points = line.codePointCount(0, line.length());
      for (int column = -1; column <= points + 3; column++) {
        assertEquals(Sources.index(line, column), columns.index(column), "index of column " + column);
      }
      for (int index = 0; index <= line.length() + 2; index++) {
        assertEquals(Sources.column(line, index), columns.column(index), "column of index " + index);
      }
    }
  }
}

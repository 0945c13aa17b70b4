package dev.stave.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Unified-diff hunks between two texts, as diff -U2 and git diff -U2 print them. */
class LineDiffTest {
  private static String numbered(int from, int to) {
    return IntStream.rangeClosed(from, to).mapToObj(i -> "line " + i + "\n").collect(Collectors.joining());
  }

  private static String diff(String before, String after) {
    return String.join("\n", LineDiff.unified(before, after, 2)) + "\n";
  }

  @Test
  void aChangedLineShowsWithTwoLinesAroundIt() {
    String before = numbered(1, 10);
    assertEquals("""
        @@ -3,5 +3,5 @@
         line 3
         line 4
        -line 5
        +line five
         line 6
         line 7
        """, diff(before, before.replace("line 5\n", "line five\n")));
  }

  @Test
  void changesCloseTogetherShareAHunkAndFarApartGetTheirOwn() {
    String before = numbered(1, 20);
    String after = before.replace("line 3\n", "")
        .replace("line 7\n", "line 7\nline 7b\n")
        .replace("line 17\n", "line seventeen\n");
    assertEquals("""
        @@ -1,9 +1,9 @@
         line 1
         line 2
        -line 3
         line 4
         line 5
         line 6
         line 7
        +line 7b
         line 8
         line 9
        @@ -15,5 +15,5 @@
         line 15
         line 16
        -line 17
        +line seventeen
         line 18
         line 19
        """, diff(before, after));
  }

  @Test
  void linesAddedAtTheStartOrRemovedAtTheEndOrToAnEmptyText() {
    assertEquals("""
        @@ -1,2 +1,4 @@
        +new 1
        +new 2
         line 1
         line 2
        """, diff(numbered(1, 4), "new 1\nnew 2\n" + numbered(1, 4)));
    assertEquals("""
        @@ -3,3 +3,2 @@
         line 3
         line 4
        -line 5
        """, diff(numbered(1, 5), numbered(1, 4)));
    assertEquals("""
        @@ -0,0 +1,2 @@
        +a
        +b
        """, diff("", "a\nb\n"));
  }

  @Test
  void aMissingNewlineAtTheEndShowsOnlyWhereTheTextsDifferInIt() {
    assertEquals("""
        @@ -1,2 +1,2 @@
         a
        -b
        \\ No newline at end of file
        +b
        """, diff("a\nb", "a\nb\n"));
    assertEquals("""
        @@ -1,2 +1,3 @@
         a
         b
        +c
        """, diff("a\nb", "a\nb\nc"));
  }

  @Test
  void tenThousandLinesWithAFewChangesGiveTheShortestDiff() {
    String before = numbered(1, 10_000);
    String after = before.replace("line 20\n", "line twenty\n").replace("line 5000\n", "")
        .replace("line 9990\n", "line 9990\nline 9990b\n");
    assertEquals("""
        @@ -18,5 +18,5 @@
         line 18
         line 19
        -line 20
        +line twenty
         line 21
         line 22
        @@ -4998,5 +4998,4 @@
         line 4998
         line 4999
        -line 5000
         line 5001
         line 5002
        @@ -9989,4 +9988,5 @@
         line 9989
         line 9990
        +line 9990b
         line 9991
         line 9992
        """, diff(before, after));
  }

  @Test
  void pastTheMostEditsTheWholeChangedStretchShowsRemovedThenAdded() {
    List<String> before = new ArrayList<>();
    List<String> after = new ArrayList<>();
    for (int i = 1; i <= 10_000; i++) {
      before.add("line " + i + "\n");
      after.add((i == 1 || i == 10_000 ? "line " : "new ") + i + "\n");
    }
    List<String> hunks = LineDiff.unified(String.join("", before), String.join("", after), 2);
    assertEquals("@@ -1,10000 +1,10000 @@", hunks.get(0));
    assertEquals(List.of(" line 1", "-line 2", "-line 3"), hunks.subList(1, 4));
    assertEquals(List.of("-line 9999", "+new 2"), hunks.subList(9999, 10_001));
    assertEquals(List.of("+new 9999", " line 10000"), hunks.subList(19_997, 19_999));
    assertEquals(19_999, hunks.size());
  }
}

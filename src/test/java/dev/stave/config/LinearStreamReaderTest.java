package dev.stave.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.scanner.ScannerException;

/** The linear reader must read any text exactly as SnakeYAML's own reader does: events, places and errors. */
class LinearStreamReaderTest {
  /** Pieces that exercise YAML's structure, its line breaks (CR, CRLF, NEL, LS, PS), BOMs and wide characters. */
  private static final String[] PIECES = {
    "a", "key", "1", "-1.5", " ", "  ", "\t", "\n", "\r\n", "\r", "\u0085", "\u2028", "\u2029", "\uFEFF",
    ": ", ":", "- ", "-", "#", " # c", "'", "\"", "\\", "\\n", "\\x41", "[", "]", "{", "}", ", ", ",", "? ",
    "|", "|-", ">", ">+", "&a ", "*a", "!t ", "!!str ", "%YAML 1.1", "---", "...", "é", "漢", "😀",
    "x".repeat(1500), "\n  ", "\n    - ",
  };

  @Property(tries = 3000)
  void readsAnyTextAsSnakeYamlsOwnReaderDoes(@ForAll("texts") String text) {
    assertEquals(events(new StreamReader(new StringReader(text))), events(new LinearStreamReader(text, "'reader'")),
        text);
  }

  @Provide
  Arbitrary<String> texts() {
    return Arbitraries.of(PIECES).list().ofMaxSize(40).map(pieces -> String.join("", pieces));
  }

  @Test
  void longWordsAndLinesAcrossManyRefillsReadTheSame() {
    String text = "a: " + "w".repeat(5000) + "\nb: |\n  " + "x y ".repeat(3000) + "\n# " + "c".repeat(4000) + "\n";
    assertEquals(events(new StreamReader(new StringReader(text))), events(new LinearStreamReader(text, "'reader'")));
  }

  @Test
  void aCharacterYamlDoesNotAllowIsReportedWhereItIs() {
    ScannerException e = assertThrows(ScannerException.class, () -> new LinearStreamReader("a: 1\nb: x\u0007y\n", "f"));
    assertEquals("found the character U+0007, which YAML does not allow", e.getProblem());
    assertEquals(1, e.getProblemMark().getLine());
    assertEquals(4, e.getProblemMark().getColumn());
  }

  /** A large file read in turn through a window reads as the same text in memory, where it is all at once. */
  @Property(tries = 1000)
  void readsATextStreamedAsTheSameTextInMemory(@ForAll("texts") String text) {
    int unprintable = (int) text.codePoints().takeWhile(StreamReader::isPrintable).count();
    assertEquals(events(() -> new LinearStreamReader(text, "'reader'")), events(() -> new LinearStreamReader(
        new StringReader(text), "'reader'", unprintable == text.codePointCount(0, text.length()) ? -1 : unprintable)),
        text);
  }

  @Test
  void aStreamedTextIsNotHeldByItsMarks() {
    // Words longer than the window and a surrogate pair across reads, as the parser's events place them.
    String text =
        "a: " + "w".repeat(20_000) + "\nb: [" + "x, ".repeat(5000) + "😀]\n" + "c".repeat(8190) + "😀: 1\n";
    LinearStreamReader reader = new LinearStreamReader(new StringReader(text), "'reader'", -1);
    LinearStreamReader memory = new LinearStreamReader(text, "'reader'");
    assertEquals(events(memory), events(reader));
    // The window that a mark would otherwise hold is moved on: a mark kept must not keep the text it read.
    assertEquals(0, reader.getMark().getBuffer().length);
    assertEquals(memory.getIndex(), reader.getIndex());
  }

  @Test
  void aLineBreakWhereAReadEndsIsPlacedAsInMemory() {
    // The first read takes 8192 characters: the CR at 8191 ends a line or not by the one the next read starts with.
    for (String next : List.of("\n", "b", "\r", "\u0085")) {
      String text = "a: " + "w".repeat(8188) + "\r" + next + "b: [" + "x,\r".repeat(6000) + "\r\n]\r";
      assertEquals(8191, text.indexOf('\r'));
      List<String> own = events(new StreamReader(new StringReader(text)));
      assertEquals(own, events(new LinearStreamReader(text, "'reader'")), next);
      assertEquals(own, events(new LinearStreamReader(new StringReader(text), "'reader'", -1)), next);
    }
  }

  @Test
  void aCharacterYamlDoesNotAllowReadsAfterManyReadsIsPlacedAsInMemory() {
    String text = "a: |\r\n" + ("  " + "l".repeat(8190) + "\r").repeat(5) + "  x\u0007\n";
    int at = text.indexOf('\u0007');
    ScannerException memory = assertThrows(ScannerException.class, () -> new LinearStreamReader(text, "f"));
    ScannerException streamed =
        assertThrows(ScannerException.class, () -> new LinearStreamReader(new StringReader(text), "f", at));
    assertEquals(6, memory.getProblemMark().getLine());
    assertEquals(3, memory.getProblemMark().getColumn());
    assertEquals(place(memory.getProblemMark()), place(streamed.getProblemMark()));
  }

  @Test
  void aStreamedTextStopsAtACharacterYamlDoesNotAllowAsTheTextInMemoryDoes() {
    ScannerException e = assertThrows(ScannerException.class,
        () -> new LinearStreamReader(new StringReader("a: 1\r\nb: x\u0007y\n"), "f", 10));
    assertEquals("found the character U+0007, which YAML does not allow", e.getProblem());
    assertEquals(1, e.getProblemMark().getLine());
    assertEquals(4, e.getProblemMark().getColumn());
  }

  private static List<String> events(java.util.function.Supplier<StreamReader> reader) {
    try {
      return events(reader.get());
    } catch (MarkedYAMLException e) {
      return List.of("error " + e.getProblem() + " at " + place(e.getProblemMark()));
    }
  }

  /** Each event with where it starts and ends, or the error with its place: what a reader decides. */
  private static List<String> events(StreamReader reader) {
    List<String> seen = new ArrayList<>();
    try {
      Parser parser = new ParserImpl(reader, new LoaderOptions());
      while (parser.peekEvent() != null) {
        Event event = parser.getEvent();
        seen.add(event + " " + place(event.getStartMark()) + "-" + place(event.getEndMark()));
      }
    } catch (MarkedYAMLException e) {
      seen.add("error " + e.getProblem() + " at " + place(e.getProblemMark()));
    } catch (YAMLException e) {
      seen.add("error " + e.getMessage());
    }
    return seen;
  }

  private static String place(Mark mark) {
    return mark == null ? "-" : mark.getLine() + ":" + mark.getColumn() + "@" + mark.getIndex();
  }
}

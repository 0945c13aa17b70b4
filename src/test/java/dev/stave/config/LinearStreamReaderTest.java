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

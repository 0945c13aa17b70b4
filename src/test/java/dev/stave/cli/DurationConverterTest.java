package dev.stave.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

class DurationConverterTest {
  private final DurationConverter converter = new DurationConverter();

  @ParameterizedTest
  @CsvSource({"300ms, PT0.3S", "30s, PT30S", "5m, PT5M", "1h, PT1H", "' 2M ', PT2M", "999999999s, PT277777H46M39S"})
  void readsTheFormsKubectlReads(String written, String expected) {
    assertEquals(Duration.parse(expected), converter.convert(written));
  }

  @ParameterizedTest
  @CsvSource({"5x", "1.5s", "-1s", "1m30s", "1000000000s", "1000000000", "0", "''"})
  void refusesOtherForms(String written) {
    CommandLine.TypeConversionException e =
        assertThrows(CommandLine.TypeConversionException.class, () -> converter.convert(written));
    assertEquals("'" + written + "' is not a duration such as 300ms, 30s, 5m or 1h", e.getMessage());
  }

  /** A plain number lacks only its unit, which the message shows; 0 would be refused with any unit. */
  @ParameterizedTest
  @CsvSource({"5, 5s", "' 30 ', 30s", "007, 007s"})
  void aPlainNumberIsShownWithItsUnit(String written, String meant) {
    CommandLine.TypeConversionException e =
        assertThrows(CommandLine.TypeConversionException.class, () -> converter.convert(written));
    assertEquals("'" + written + "' is not a duration such as 300ms, 30s, 5m or 1h: write " + meant
        + " for seconds", e.getMessage());
  }

  @Test
  void refusesZero() {
    CommandLine.TypeConversionException e =
        assertThrows(CommandLine.TypeConversionException.class, () -> converter.convert("0ms"));
    assertEquals("the duration must be more than zero", e.getMessage());
  }

  @Test
  void theCommandLineSaysWhichOptionItWas() {
    Run run = Run.of("apply", "--timeout", "5x", "out");
    assertEquals(2, run.code());
    assertEquals("stave: Invalid value for option '--timeout': '5x' is not a duration such as 300ms, 30s, 5m or 1h\n"
        + "Try 'stave apply --help' for more information.\n", run.err());
  }
}

package dev.stave.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Reads {@code 300ms}, {@code 30s}, {@code 5m}, {@code 1h} as kubectl's --timeout does. */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
  private static final Pattern FORM = Pattern.compile("(\\d{1,9})(ms|s|m|h)");
  private static final Pattern NUMBER = Pattern.compile("(\\d{1,9})");

  @Override
  public Duration convert(String value) {
    String written = value.trim().toLowerCase(Locale.ROOT);
    Matcher m = FORM.matcher(written);
    if (!m.matches()) {
      // A plain number lacks only its unit: the message shows it with seconds, the unit a timeout is most often
      // given in, rather than stave taking one unit or another for it.
      Matcher number = NUMBER.matcher(written);
      String unit = number.matches() && Long.parseLong(number.group(1)) > 0 ? ": write " + written + "s for seconds"
          : "";
      throw new CommandLine.TypeConversionException("'" + value + "' is not a duration such as 300ms, 30s, 5m or 1h"
          + unit);
    }
    long n = Long.parseLong(m.group(1));
    Duration d = switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(n);
      case "s" -> Duration.ofSeconds(n);
      case "m" -> Duration.ofMinutes(n);
      default -> Duration.ofHours(n);
    };
    if (d.isZero()) {
      throw new CommandLine.TypeConversionException("the duration must be more than zero");
    }
    return d;
  }
}

package dev.stave.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kubernetes.client.custom.Quantity;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Quantities come out as the API server writes them (Go's resource.Quantity), which client-java reads back
 * unchanged.
 */
class QuantitiesTest {
  private static final List<String> BINARY = List.of("", "Ki", "Mi", "Gi", "Ti", "Pi");

  @ParameterizedTest
  @CsvSource({
    "1.5Gi, 1536Mi", "0.5Gi, 512Mi", "1.0Gi, 1Gi", "1.25Mi, 1280Ki", "100.5Mi, 102912Ki", "1.5Ti, 1536Gi",
    "1024Mi, 1Gi", "2Gi, 2Gi", "1536Mi, 1536Mi",
    // Below 1024, or not a whole number of bytes: no binary suffix, as in Go.
    "1.5Ki, 1536", "1023.5Ki, 1048064", "0.001Ki, 1024m", "0.5Ki, 512",
    // Plain bytes that are whole thousands read back as a decimal quantity, written with its suffix.
    "62.5Ki, 64k", "1.953125Ki, 2k", "0.9765625Ki, 1k", "1000Ki, 1000Ki",
    // Decimal quantities as client-java has always written them.
    "0.5, 500m", "1.5G, 1500M", "1000m, 1", "2, 2", "1e3, 1e3"
  })
  void canonicalSpelling(String given, String canonical) {
    assertEquals(canonical, Quantities.canonical(given).orElseThrow());
  }

  /** 1024Pi is 1Ei, which client-java cannot write or read back: refused, never written as another number. */
  @Test
  void aQuantityOfAnExbibyteOrMoreIsRefusedNotChanged() {
    assertEquals(Optional.empty(), Quantities.canonical("1024Pi"));
    assertEquals(Optional.empty(), Quantities.canonical("2048Pi"));
    assertEquals("1023Pi", Quantities.canonical("1023Pi").orElseThrow());
    assertEquals("from 1Ei (1024Pi) on, a quantity cannot be written with a suffix the Kubernetes client reads back;"
        + " use less than 1Ei, or 1e18 and the like", Quantities.hint("1024Pi"));
  }

  /**
   * Binary quantities below 2^60 (1Ei) with up to three decimal places: the canonical form keeps the value, is its own
   * canonical form, survives client-java's round trip (the model check), and when the value is a whole
   * number of bytes from 1024 on, is Go's: the mantissa divided by 1024 as often as it stays whole.
   */
  @Property(tries = 5000)
  void binaryQuantitiesAsKubernetesWritesThem(@ForAll("binary") String given) {
    BigDecimal value = Quantity.fromString(given).getNumber();
    String canonical = Quantities.canonical(given).orElseThrow();
    assertEquals(0, value.compareTo(Quantity.fromString(canonical).getNumber()), canonical);
    assertEquals(canonical, Quantities.canonical(canonical).orElseThrow());
    assertEquals(canonical, Quantity.fromString(canonical).toSuffixedString());
    BigDecimal whole = value.stripTrailingZeros();
    if (whole.scale() <= 0 && whole.compareTo(BigDecimal.valueOf(1024)) >= 0) {
      String binary = goBinary(whole.toBigIntegerExact());
      // Without a binary suffix the number reads back as a decimal quantity, which Go writes in thousands.
      assertEquals(Character.isDigit(binary.charAt(binary.length() - 1))
          ? goDecimal(whole.toBigIntegerExact()) : binary, canonical);
    }
  }

  @Provide
  Arbitrary<String> binary() {
    return Combinators.combine(
        Arbitraries.longs().between(0, 2_000_000), Arbitraries.integers().between(0, 3),
            Arbitraries.of(BINARY.subList(1, BINARY.size())))
        .as((digits, places, suffix) -> BigDecimal.valueOf(digits, places).toPlainString() + suffix)
        // Kubernetes holds quantities in 64 bits; larger ones are no quantity (a test of their own), and from
        // 1Ei (2^60) on client-java has no suffix to write them with (a test of their own too).
        .filter(q -> Quantity.fromString(q).getNumber().compareTo(BigDecimal.valueOf(2).pow(60)) < 0);
  }

  /** Go's CanonicalizeBytes for a DecimalSI quantity of a whole number. */
  private static String goDecimal(BigInteger number) {
    List<String> suffixes = List.of("", "k", "M", "G", "T", "P", "E");
    BigInteger thousand = BigInteger.valueOf(1000);
    int exponent = 0;
    while (number.signum() != 0 && number.mod(thousand).signum() == 0 && exponent < suffixes.size() - 1) {
      number = number.divide(thousand);
      exponent++;
    }
    return number + suffixes.get(exponent);
  }

  /** Go's CanonicalizeBytes for a BinarySI quantity of a whole number of bytes, 1024 or more. */
  private static String goBinary(BigInteger bytes) {
    BigInteger k = BigInteger.valueOf(1024);
    int exponent = 0;
    while (bytes.mod(k).signum() == 0 && exponent < BINARY.size() - 1) {
      bytes = bytes.divide(k);
      exponent++;
    }
    return bytes + BINARY.get(exponent);
  }
}

package dev.stave.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MarsSizesTest {
  private static Optional<BigInteger> bytes(long n) {
    return Optional.of(BigInteger.valueOf(n));
  }

  @Test
  void unitsAreBinaryWhateverTheirCase() {
    assertEquals(bytes(17179869184L), MarsSizes.bytes("16g"));
    assertEquals(bytes(4294967296L), MarsSizes.bytes("4G"));
    assertEquals(bytes(4294967296L), MarsSizes.bytes("4Gi"));
    assertEquals(bytes(4294967296L), MarsSizes.bytes("4GB"));
    assertEquals(bytes(4294967296L), MarsSizes.bytes("4gib"));
    assertEquals(bytes(536870912L), MarsSizes.bytes("512m"));
    assertEquals(bytes(1024L), MarsSizes.bytes("1k"));
    assertEquals(bytes(1099511627776L), MarsSizes.bytes("1t"));
    assertEquals(bytes(123L), MarsSizes.bytes("123"));
  }

  @Test
  void fractionsOfAByteAreDroppedAsMarsDoes() {
    assertEquals(bytes(1610612736L), MarsSizes.bytes("1.5g"));
    assertEquals(bytes(107374182L), MarsSizes.bytes("0.1g"));
  }

  @Test
  void spellingsMarsWouldGuessAtAreRejected() {
    assertEquals(Optional.empty(), MarsSizes.bytes("16 gigs"));
    assertEquals(Optional.empty(), MarsSizes.bytes("16 g"));
    assertEquals(Optional.empty(), MarsSizes.bytes("16gigabytes"));
    assertEquals(Optional.empty(), MarsSizes.bytes("-1g"));
    assertEquals(Optional.empty(), MarsSizes.bytes("40%"));
    assertEquals(Optional.empty(), MarsSizes.bytes(""));
  }

  @Test
  void percentages() {
    assertEquals(Optional.of(new BigDecimal("40")), MarsSizes.percent("40%"));
    assertEquals(Optional.of(new BigDecimal("12.5")), MarsSizes.percent("12.5%"));
    assertEquals(Optional.empty(), MarsSizes.percent("40"));
    assertEquals(Optional.empty(), MarsSizes.percent("40 %"));
  }

  @Test
  void hintsNameTheSpellingMeant() {
    assertEquals("write 16g (Mars reads k, m, g and t as powers of 1024)", MarsSizes.hint("16 gigs"));
    assertEquals("write 4g (Mars reads k, m, g and t as powers of 1024)", MarsSizes.hint("4 G"));
    assertEquals("write bytes or a size such as 512m, 4g or 16g (k, m, g and t are powers of 1024)",
        MarsSizes.hint("lots"));
  }
}

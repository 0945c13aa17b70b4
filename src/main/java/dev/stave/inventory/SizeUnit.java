package dev.stave.inventory;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The units in which stave schedules a node's size: cpu in whole millicores, memory in whole MiB. A node's
 * size between two units is rounded down, as a request is rounded up, so that what stave places on a node
 * fits it; a size below one unit would round to nothing, so hand-written inventories, Cloudwise's size
 * labels and {@code inventory from-nodes} all refuse it, and what from-nodes writes reads back. All also
 * refuse a cpu larger than any node's, whose millicores could overflow 64 bits; memory is bounded by what
 * a quantity holds (2^63 - 1 bytes), whose MiB fit.
 */
enum SizeUnit {
  CPU("cpu", new BigDecimal("0.001"), "1m", "millicores", "500m or 4", BigDecimal.valueOf(Integer.MAX_VALUE), "cores"),
  MEMORY("memory", BigDecimal.valueOf(1024L * 1024), "1Mi", "MiB", "512Mi or 16Gi", BigDecimal.valueOf(Long.MAX_VALUE),
      "bytes");

  private final String name;
  private final BigDecimal unit;
  private final String one;
  private final String units;
  private final String examples;
  private final BigDecimal largest;
  /** What the size of a quantity counts: cores, bytes. */
  private final String quantityUnits;

  SizeUnit(String name, BigDecimal unit, String one, String units, String examples, BigDecimal largest,
      String quantityUnits) {
    this.name = name;
    this.unit = unit;
    this.one = one;
    this.units = units;
    this.examples = examples;
    this.largest = largest;
    this.quantityUnits = quantityUnits;
  }

  /** The key that holds the size in an inventory and in a node's status. */
  String key() {
    return name;
  }

  /** One unit as a size is measured: 0.001 cores, 1048576 bytes. */
  BigDecimal unit() {
    return unit;
  }

  /** The size in whole units, rounded down: 0 when it is less than one unit. */
  long count(BigDecimal size) {
    return size.divide(unit, 0, RoundingMode.FLOOR).longValueExact();
  }

  /** The size rounded down to whole units; as it is when it is whole already. */
  BigDecimal roundDown(BigDecimal size) {
    return size.remainder(unit).signum() == 0 ? size : size.divide(unit, 0, RoundingMode.FLOOR).multiply(unit);
  }

  boolean belowOne(BigDecimal size) {
    return size.compareTo(unit) < 0;
  }

  /** Why a size below one unit is refused, to follow the size in a message. */
  String belowOneReason() {
    return "less than " + one + ", the smallest " + name + " stave schedules";
  }

  boolean aboveLargest(BigDecimal size) {
    return size.compareTo(largest) > 0;
  }

  /** Why a size above the largest is refused, to follow a quantity (cores, bytes) in a message. */
  String aboveLargestReason() {
    return aboveLargestReason(BigDecimal.ONE, quantityUnits);
  }

  /**
   * Why a size above the largest is refused, to follow a size given in {@code units} of {@code perUnit} each
   * (Cloudwise's {@code memory_m} in MiB): the largest in those units, so that the two compare at a glance.
   */
  String aboveLargestReason(BigDecimal perUnit, String units) {
    return "more than " + largest.divide(perUnit, 0, RoundingMode.FLOOR).toPlainString() + " " + units
        + ", which no node has";
  }

  /** How stave counts the size, for a hint. */
  String rounding() {
    return "stave schedules " + name + " in whole " + units + " and rounds a node's size down to them";
  }

  /** The hint for a hand-written size below one unit. */
  String writeAtLeastOne() {
    return "write at least " + one + ", such as " + examples + ": " + rounding();
  }
}

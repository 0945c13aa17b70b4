package dev.stave.model;

import dev.stave.diag.Origin;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code sweep { grid {...} }} (docs/mrunner.md, Sweeps): parameters in sorted name order, each with its
 * values as written. The points are the cartesian product, the last parameter varying fastest.
 */
public record SweepGrid(List<String> names, List<List<String>> values, Origin origin) {

  /** One instance: {@code text} is {@code lr=0.001,seed=1}; {@code hash} is the first 8 hex of its SHA-256. */
  public record Point(String text, String hash, Map<String, String> values) {}

  /** The most points one sweep may have (10,000 compile in about 3 s, docs/performance.md); the reader refuses more. */
  public static final int MAX_POINTS = 10_000;

  public SweepGrid {
    names = List.copyOf(names);
    values = values.stream().map(List::copyOf).toList();
  }

  private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");

  /**
   * What makes two values of a parameter the same point: a decimal number by its value (1e-3, 0.001 and
   * 0.0010 are one learning rate, so running them as three instances would only repeat work), anything
   * else by its text. Both read the text alone, quoted or not, so YAML and HOCON agree.
   */
  static String sameValue(String text) {
    if (DECIMAL.matcher(text).matches()) {
      try {
        return "number:" + new BigDecimal(text.endsWith(".") ? text + "0" : text).stripTrailingZeros();
      } catch (NumberFormatException e) {
        // an exponent past BigDecimal's range: compared as written
      }
    }
    return "text:" + text;
  }

  public long size() {
    long n = 1;
    for (List<String> v : values) {
      n *= v.size();
    }
    return n;
  }

  public List<Point> points() {
    List<Point> out = new ArrayList<>();
    int[] index = new int[names.size()];
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    for (long p = 0, n = size(); p < n; p++) {
      Map<String, String> point = new LinkedHashMap<>();
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < names.size(); i++) {
        String value = values.get(i).get(index[i]);
        point.put(names.get(i), value);
        text.append(i == 0 ? "" : ",").append(names.get(i)).append('=').append(value);
      }
      String t = text.toString();
      String hash = HexFormat.of().formatHex(sha.digest(t.getBytes(StandardCharsets.UTF_8))).substring(0, 8);
      out.add(new Point(t, hash, Collections.unmodifiableMap(point)));
      for (int i = names.size() - 1; i >= 0; i--) {
        if (++index[i] < values.get(i).size()) {
          break;
        }
        index[i] = 0;
      }
    }
    return out;
  }
}

package dev.stave.plan;

import java.util.Locale;

/**
 * Mermaid node IDs for the plan's diagram, one per process, group and service, never the same for two
 * of them: Mermaid draws every mention of an ID as one node, so two processes sharing an ID would be drawn
 * as one with both their edges. Names are spelt with a code in which no word is the beginning of another
 * ({@code a-z} and {@code 0-9} stand for themselves, {@code -} is {@code _}, any other character is
 * {@code X}, its code point in hex and {@code X}, and {@code XX} parts a group from its process); so an ID
 * reads back into exactly one name, or group and process, and a different prefix ({@code p_}, {@code g_},
 * {@code s_}) keeps processes, groups and services apart.
 */
final class MermaidIds {
  private MermaidIds() {}

  static String process(Plan.ProcessPlan p) {
    return "p_" + (p.grouped() ? spell(p.unit()) + "XX" : "") + spell(p.name());
  }

  static String group(String name) {
    return "g_" + spell(name);
  }

  static String service(String name) {
    return "s_" + spell(name);
  }

  static String spell(String name) {
    StringBuilder out = new StringBuilder(name.length());
    name.codePoints().forEach(c -> {
      if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
        out.appendCodePoint(c);
      } else if (c == '-') {
        out.append('_');
      } else {
        out.append('X').append(Integer.toHexString(c).toLowerCase(Locale.ROOT)).append('X');
      }
    });
    return out.toString();
  }
}

package dev.stave.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.stave.diag.UserError;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The flow writer behind lib.ftl's {@code v} writes exactly what the macro it replaced wrote. */
class FlowValueTest {
  /** The macro as lib.ftl had it, recursing into itself. */
  private static final String OLD_MACRO = "<#macro old x><#if x?is_hash_ex>{<#list x as key, val>${key}: <@old val/>"
      + "<#sep>, </#sep></#list>}<#elseif x?is_enumerable>[<#list x as item><@old item/><#sep>, </#sep></#list>]"
      + "<#elseif x?is_boolean>${x?c?no_esc}<#elseif x?is_number>${x?c?no_esc}<#else>${x}</#if></#macro>";

  @TempDir
  static Path templates;

  private static TemplateRenderer renderer;

  @BeforeAll
  static void writeTemplates() throws IOException {
    Files.writeString(templates.resolve("new.ftl"), "<#import \"lib.ftl\" as k>x: <@k.v data/>\n");
    Files.writeString(templates.resolve("old.ftl"), OLD_MACRO + "x: <@old data/>\n");
    renderer = new TemplateRenderer(templates);
  }

  private static String both(Object data) {
    String written = renderer.render("new.ftl", Map.of("data", data)).text();
    assertEquals(renderer.render("old.ftl", Map.of("data", data)).text(), written);
    return written;
  }

  @Test
  void writesMapsListsNumbersBooleansAndStringsAsTheMacroDid() {
    Map<String, Object> labels = new TreeMap<>(Map.of("b", "2", "a: b", "yes"));
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("name", "worker");
    data.put("labels", labels);
    data.put("ports", List.of(Map.of("containerPort", 8080), Map.of("containerPort", 7000L)));
    data.put("flags", List.of(true, false));
    data.put("numbers", List.of(new BigDecimal("1.50"), 0.5, new BigInteger("12345678901234567890"), -3));
    data.put("empty", List.of());
    data.put("none", Map.of());
    data.put("quotes", "say \"hi\"\n\\ #x");
    assertEquals("x: {\"name\": \"worker\", \"labels\": {\"a: b\": \"yes\", \"b\": \"2\"}, "
        + "\"ports\": [{\"containerPort\": 8080}, {\"containerPort\": 7000}], \"flags\": [true, false], "
        + "\"numbers\": [1.5, 0.5, 12345678901234567890, -3], \"empty\": [], \"none\": {}, "
        + "\"quotes\": \"say \\\"hi\\\"\\n\\\\ #x\"}\n", both(data));
  }

  @Test
  void valuesStayPlaceholdersForTheShape() {
    RenderedText rendered = renderer.render("new.ftl", Map.of("data", Map.of("k", List.of("a", 1))));
    assertEquals("x: {\"\u00B60\": [\"\u00B61\", 1]}\n", rendered.shape());
    assertEquals(List.of("k", "a"), Arrays.asList(rendered.values()));
  }

  @Test
  void aMissingValueIsATemplateError() {
    List<Object> withNull = new ArrayList<>();
    withNull.add(null);
    assertThrows(UserError.class, () -> renderer.render("new.ftl", Map.of("data", withNull)));
  }
}

package dev.stave.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.config.ConfigLoader;
import dev.stave.config.Env;
import dev.stave.config.ProjectFolders;
import dev.stave.diag.Diagnostic;
import dev.stave.diag.Sources;
import dev.stave.inventory.Inventories;
import dev.stave.inventory.Inventory;
import dev.stave.inventory.NodePool;
import dev.stave.model.Toleration;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every row of {@code symphony-parity.txt} (what the real Symphony GKEDispatcher computed for every pool
 * of the two sample inventories) reproduced by {@link SymphonyModel}.
 */
class SymphonyParityTest {
  private static final Path PARITY = Path.of("src/test/resources/dispatch/symphony-parity.txt");
  private static final Map<String, Path> INVENTORIES = Map.of(
      "inventories/rl-small.tf.json", Path.of("examples/inventories/rl-small.tf.json"),
      "inventories/rl-large.tf.json", Path.of("src/test/resources/dispatch/rl-large.tf.json"));
  private static final Pattern POOL = Pattern.compile("(\\S+)\\s+cpu=(\\S+)\\s+memory_m=(\\S+)\\s+gpu=(\\S+)/(\\S+)");
  private static final Pattern SELECTOR = Pattern.compile("selector \\{'name': '([^']+)'\\} tolerations (.*)");
  private static final Pattern SHARE = Pattern.compile("(ppm=(\\d+)|GPU) cpu=(\\S+) mem=(\\d+)Mi gpu=(\\S+)");
  private static final Pattern INFER = Pattern.compile("infer \\{(.*)\\} -> (.*)");

  private final SymphonyModel model = new SymphonyModel();

  @TestFactory
  List<DynamicTest> everyRowOfTheParityFile() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    Inventory inventory = null;
    NodePool pool = null;
    int rows = 0;
    for (String raw : Files.readAllLines(PARITY)) {
      String line = raw.strip();
      if (line.startsWith("#####")) {
        inventory = load(INVENTORIES.get(line.substring(5).strip()));
        continue;
      }
      Inventory inv = inventory;
      Matcher m;
      if ((m = POOL.matcher(line)).matches() && !line.startsWith("infer")) {
        pool = inv.find(m.group(1)).orElseThrow();
        NodePool p = pool;
        Matcher g = m;
        tests.add(DynamicTest.dynamicTest(line, () -> {
          assertEquals(0, new BigDecimal(g.group(2)).compareTo(p.cpu()));
          assertEquals(Long.parseLong(g.group(3)), p.memoryMi());
          assertEquals(g.group(4).equals("None") ? null : g.group(4), p.gpuType());
          assertEquals(g.group(5).equals("None") ? 0 : Integer.parseInt(g.group(5)), p.gpuCount());
        }));
      } else if ((m = SELECTOR.matcher(line)).matches()) {
        NodePool p = pool;
        Matcher g = m;
        tests.add(DynamicTest.dynamicTest(p.name() + " " + line, () -> {
          assertEquals(Map.of("name", g.group(1)), model.selector(p));
          assertEquals(g.group(2), python(model.tolerations(p)));
        }));
      } else if ((m = SHARE.matcher(line)).matches()) {
        NodePool p = pool;
        Matcher g = m;
        tests.add(DynamicTest.dynamicTest(p.name() + " " + line, () -> {
          int n = g.group(2) == null ? p.gpuCount() : Integer.parseInt(g.group(2));
          Share share = model.machineShare(p, n);
          assertEquals(g.group(3), share.cpu().toPlainString());
          assertEquals(Long.parseLong(g.group(4)), share.memoryMi());
          assertEquals(g.group(5), share.gpus() == null ? "None" : share.gpus().toString());
        }));
      } else if ((m = INFER.matcher(line)).matches()) {
        Matcher g = m;
        tests.add(DynamicTest.dynamicTest(inv.file() + " " + line, () -> {
          ResourceRequest request = request(g.group(1));
          Optional<NodePool> chosen = model.infer(inv, request);
          if (g.group(2).startsWith("ValueError")) {
            assertTrue(chosen.isEmpty(), "expected no pool, got " + chosen);
            assertEquals("ValueError Cannot find nodepool to satisfy: " + request.describe(), g.group(2));
          } else {
            assertEquals(g.group(2), chosen.map(NodePool::name).orElse("(none)"));
          }
        }));
      } else {
        throw new AssertionError("a row of the parity file is not understood: " + line);
      }
      rows++;
    }
    assertEquals(94 - 2, rows, "every row of the parity file is a test");
    return tests;
  }

  static Inventory load(Path path) {
    List<Diagnostic> problems = new ArrayList<>();
    Inventory inventory = Inventories.load(new ConfigLoader(new Env(Map.of(), "/home/user"), new Sources()), path,
        ProjectFolders.around(path), problems);
    assertNotNull(inventory, problems.toString());
    return inventory;
  }

  private static ResourceRequest request(String pythonDict) {
    BigDecimal cpu = null;
    BigDecimal memory = null;
    String gpuType = null;
    Integer gpuCount = null;
    for (String part : pythonDict.split(", ")) {
      String[] kv = part.split(": ");
      String key = kv[0].replace("'", "");
      String value = kv[1].replace("'", "");
      switch (key) {
        case "cpu" -> cpu = new BigDecimal(value);
        case "memory_m" -> memory = new BigDecimal(value);
        case "gpu_type" -> gpuType = value;
        case "gpu_count" -> gpuCount = Integer.parseInt(value);
        default -> throw new AssertionError(key);
      }
    }
    return new ResourceRequest(cpu, memory, gpuType, gpuCount);
  }

  /** The tolerations as Python prints Symphony's list of dicts (keys sorted), or None. */
  private static String python(List<Toleration> tolerations) {
    if (tolerations.isEmpty()) {
      return "None";
    }
    List<String> out = new ArrayList<>();
    for (Toleration t : tolerations) {
      List<String> entries = new ArrayList<>();
      entries.add("'effect': '" + t.effect() + "'");
      entries.add("'key': '" + t.key() + "'");
      if (t.operator() != null) {
        entries.add("'operator': '" + t.operator() + "'");
      }
      if (t.value() != null) {
        entries.add("'value': '" + t.value() + "'");
      }
      out.add("{" + String.join(", ", entries) + "}");
    }
    return "[" + String.join(", ", out) + "]";
  }
}

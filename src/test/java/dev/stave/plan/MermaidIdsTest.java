package dev.stave.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class MermaidIdsTest {
  private static final List<String> NAMES = List.of("", "x", "y", "z", "x-y", "y-z", "x-y-z", "x_y", "x.y", "x/y",
      "x y", "xy", "X", "XX", "x5fx", "xX5fXy", "x_", "_", "-", "--", "x--y", "é", "😀", "end", "x2dx");

  @Test
  void spellsCommonNamesReadably() {
    assertEquals("p_agent_0", MermaidIds.process(process(null, "agent-0")));
    assertEquals("p_nonagentXXlearner", MermaidIds.process(process("nonagent", "learner")));
    assertEquals("s_collector_frontend", MermaidIds.service("collector-frontend"));
    assertEquals("g_xX5fXy", MermaidIds.group("x_y"));
  }

  /** Every process, grouped or not, every group and every service of these names has an ID of its own. */
  @Test
  void noTwoNodesShareAnId() {
    Map<String, String> seen = new HashMap<>();
    List<String> nodes = new ArrayList<>();
    for (String name : NAMES) {
      nodes.add("process " + name + " = " + MermaidIds.process(process(null, name)));
      nodes.add("group " + name + " = " + MermaidIds.group(name));
      nodes.add("service " + name + " = " + MermaidIds.service(name));
      for (String group : NAMES) {
        nodes.add("process " + group + "/" + name + " = " + MermaidIds.process(process(group, name)));
      }
    }
    for (String node : nodes) {
      String id = node.substring(node.indexOf(" = ") + 3);
      assertTrue(id.matches("[a-z]_[A-Za-z0-9_]*"), node);
      String other = seen.put(id, node);
      assertTrue(other == null, node + " and " + other);
    }
  }

  private static Plan.ProcessPlan process(String group, String name) {
    return new Plan.ProcessPlan(group == null ? name : group, group != null, name, "job", 1, "img:1", null,
        new TreeMap<>(), new TreeMap<>(), new TreeMap<>(), List.of(), List.of(), List.of(), List.of());
  }
}

package dev.stave.dispatch;

import dev.stave.config.MapNode;
import dev.stave.config.ScalarNode;
import dev.stave.model.Experiment;
import dev.stave.model.PodUnit;
import dev.stave.model.Process;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the {@code schedule} of every process in a config the schema has accepted, and names its pod
 * unit and container as the experiment reader sanitized them.
 */
final class ScheduleReader {
  private ScheduleReader() {}

  static List<Schedule> read(MapNode root, Experiment experiment) {
    List<Schedule> out = new ArrayList<>();
    for (PodUnit unit : experiment.units()) {
      for (Process p : unit.processes()) {
        String path = unit.path(p);
        MapNode process = unit.group()
            ? at(root, "process_groups", unit.given(), "processes", p.given()) : at(root, "processes", unit.given());
        if (process != null && process.get("schedule") instanceof MapNode s) {
          out.add(schedule(s, unit.name(), p.name(), path + ".schedule"));
        }
      }
    }
    out.sort((a, b) -> a.origin().compareTo(b.origin()));
    return out;
  }

  private static MapNode at(MapNode root, String... keys) {
    MapNode m = root;
    for (String k : keys) {
      if (!(m.get(k) instanceof MapNode next)) {
        return null;
      }
      m = next;
    }
    return m;
  }

  private static Schedule schedule(MapNode s, String unit, String process, String path) {
    String pool = text(s, "node_pool_name");
    return new Schedule(text(s, "assign_to"), pool, pool == null ? s.origin() : s.get("node_pool_name").origin(),
        integer(s, "process_per_machine"), number(s, "cpu"), number(s, "memory_m"), text(s, "gpu_type"),
        integer(s, "gpu_count"), unit, process, s.origin(), path);
  }

  private static String text(MapNode m, String key) {
    return m.get(key) instanceof ScalarNode s && s.value() != null ? s.text() : null;
  }

  private static Integer integer(MapNode m, String key) {
    return m.get(key) instanceof ScalarNode s && s.value() instanceof BigInteger i ? i.intValueExact() : null;
  }

  private static BigDecimal number(MapNode m, String key) {
    if (m.get(key) instanceof ScalarNode s) {
      if (s.value() instanceof BigInteger i) {
        return new BigDecimal(i);
      }
      if (s.value() instanceof BigDecimal d) {
        return d;
      }
    }
    return null;
  }
}

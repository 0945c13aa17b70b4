package dev.stave.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stave.diag.Markdown;
import dev.stave.diag.Printable;
import dev.stave.diag.StaveBug;
import dev.stave.diag.Words;
import dev.stave.dispatch.PoolUsage;
import dev.stave.model.Toleration;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** Writes a {@link Plan} as text for a terminal, Markdown (with a Mermaid diagram) for a pull request, or JSON. */
public final class PlanWriter {
  private PlanWriter() {}

  public static String write(Plan plan, String format) {
    return switch (format) {
      case "markdown" -> markdown(plan);
      case "json" -> json(plan);
      default -> text(plan);
    };
  }

  /**
   * The plan for a terminal. Names, pools, selectors and paths come from configs and inventories, which
   * may hold escape sequences or characters that reorder text: each is shown as {@link Printable#exactLine}
   * shows it, as diff shows names.
   */
  static String text(Plan plan) {
    StringBuilder b = new StringBuilder();
    b.append("plan for bundle ").append(Printable.exactLine(plan.bundle()));
    if (plan.namespace() != null) {
      b.append(" (namespace ").append(Printable.exactLine(plan.namespace())).append(')');
    }
    b.append('\n');
    if (plan.model() != null) {
      b.append("dispatch: ").append(Printable.exactLine(plan.model())).append(" model on ")
          .append(Printable.exactLine(plan.inventory())).append('\n');
    }
    if (plan.cluster() != null) {
      b.append('\n');
      KindSections.marsText(plan.cluster()).forEach(l -> b.append(Printable.exactLine(l)).append('\n'));
    }
    if (plan.benchmark() != null) {
      b.append('\n');
      KindSections.benchmarkText(plan.benchmark()).forEach(l -> b.append(Printable.exactLine(l)).append('\n'));
    }
    b.append("\nobjects (").append(plan.objects().size()).append("):\n");
    plan.objects().forEach(o -> b.append("  + ").append(Printable.exactLine(o)).append('\n'));
    if (!plan.processes().isEmpty()) {
      b.append("\nprocesses:\n");
      for (Plan.ProcessPlan p : plan.processes()) {
        b.append("  ").append(Printable.exactLine(label(p))).append(" (").append(p.workload());
        if (p.replicas() != 1) {
          b.append(" x").append(p.replicas());
        }
        b.append(")\n");
        // With the context's registry_url in front, which the experiment does not show.
        b.append("    image:        ").append(Printable.exactLine(p.image())).append('\n');
        b.append("    pool:         ").append(p.pool() == null ? "-" : Printable.exactLine(p.pool())).append('\n');
        b.append("    requests:     ").append(Printable.exactLine(KindSections.pairs(p.requests()))).append('\n');
        b.append("    limits:       ").append(Printable.exactLine(KindSections.pairs(p.limits()))).append('\n');
        b.append("    nodeSelector: ").append(Printable.exactLine(KindSections.pairs(p.nodeSelector()))).append('\n');
        b.append("    tolerations:  ").append(Printable.exactLine(tolerations(p.tolerations()))).append('\n');
        if (!p.binds().isEmpty() || !p.exposes().isEmpty() || !p.connects().isEmpty()) {
          b.append("    services:     ").append(Printable.exactLine(edges(p))).append('\n');
        }
      }
    }
    if (!plan.services().isEmpty()) {
      b.append("\nservices:\n");
      for (Plan.ServicePlan s : plan.services()) {
        b.append("  ").append(Printable.exactLine(s.name())).append(" (").append(Printable.exactLine(s.type()))
            .append(") ").append(Printable.exactLine(s.address())).append('\n');
      }
    }
    if (!plan.pools().isEmpty()) {
      b.append("\ncapacity:\n");
      for (PoolUsage u : plan.pools()) {
        b.append("  ").append(Printable.exactLine(u.pool())).append(": ").append(capacity(u)).append('\n');
      }
    }
    if (!plan.provenance().isEmpty()) {
      b.append("\nvalues (experiment, context or default):\n");
      KindSections.provenanceText(plan.provenance()).forEach(l -> b.append(l).append('\n'));
    }
    if (!plan.points().isEmpty()) {
      b.append("\nsweep points (").append(plan.points().size()).append("):\n");
      List<String> shown = plan.points().stream().map(p -> oneLine(p.text())).toList();
      int width = shown.stream().mapToInt(String::length).max().orElse(0);
      for (int i = 0; i < shown.size(); i++) {
        b.append("  ").append(shown.get(i)).append(" ".repeat(width - shown.get(i).length()))
            .append("  -").append(plan.points().get(i).hash()).append('\n');
      }
    }
    return b.toString();
  }

  /**
   * A sweep point on one line of the text form, whatever its values hold (the table's columns stay
   * aligned): a line break is written {@code \n}, a carriage return {@code \r}, a tab {@code \t}, every
   * other character that {@link Printable} escapes (controls, invisible and bidirectional characters) as
   * it does, a backslash, u and four hex digits, and so a backslash of the value as two.
   */
  static String oneLine(String text) {
    StringBuilder b = new StringBuilder(text.length());
    text.codePoints().forEach(cp -> {
      switch (cp) {
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (Printable.escaped(cp)) {
            Printable.appendEscape(b, cp);
          } else {
            b.appendCodePoint(cp);
          }
        }
      }
    });
    return b.toString();
  }

  static String markdown(Plan plan) {
    StringBuilder b = new StringBuilder();
    b.append("### stave plan: ").append(Markdown.code(plan.bundle())).append("\n\n");
    if (plan.namespace() != null) {
      b.append("Namespace ").append(Markdown.code(plan.namespace()));
      if (plan.model() != null) {
        b.append(", dispatch model ").append(Markdown.code(plan.model())).append(" on ")
            .append(Markdown.code(plan.inventory()));
      }
      b.append(".\n\n");
    }
    if (plan.cluster() != null) {
      b.append(KindSections.marsMarkdown(plan.cluster()));
    }
    if (plan.benchmark() != null) {
      b.append(KindSections.benchmarkMarkdown(plan.benchmark()));
    }
    if (!plan.processes().isEmpty()) {
      b.append("```mermaid\nflowchart LR\n");
      Set<String> groups = new LinkedHashSet<>();
      plan.processes().stream().filter(Plan.ProcessPlan::grouped).forEach(p -> groups.add(p.unit()));
      for (String g : groups) {
        b.append("  subgraph ").append(MermaidIds.group(g)).append("[\"").append(Markdown.mermaidLabel(g))
            .append("\"]\n");
        plan.processes().stream().filter(p -> p.grouped() && p.unit().equals(g))
            .forEach(p -> b.append("    ").append(MermaidIds.process(p)).append("[\"")
                .append(Markdown.mermaidLabel(p.name())).append("\"]\n"));
        b.append("  end\n");
      }
      plan.processes().stream().filter(p -> !p.grouped())
          .forEach(p -> b.append("  ").append(MermaidIds.process(p)).append("[\"")
              .append(Markdown.mermaidLabel(p.name())).append("\"]\n"));
      for (Plan.ServicePlan s : plan.services()) {
        b.append("  ").append(MermaidIds.service(s.name())).append("((\"").append(Markdown.mermaidLabel(s.name()))
            .append(':').append(s.port()).append("\"))\n");
      }
      for (Plan.ProcessPlan p : plan.processes()) {
        String from = MermaidIds.process(p);
        p.binds().forEach(s -> b.append("  ").append(from).append(" -- binds --> ")
            .append(MermaidIds.service(s)).append('\n'));
        p.exposes().forEach(s -> b.append("  ").append(from).append(" -- exposes --> ")
            .append(MermaidIds.service(s)).append('\n'));
        p.connects().forEach(s -> b.append("  ").append(from).append(" -. connects .-> ")
            .append(MermaidIds.service(s)).append('\n'));
      }
      b.append("```\n\n");
      b.append("| process | image | pool | requests | limits | node selector | tolerations |\n");
      b.append("| --- | --- | --- | --- | --- | --- | --- |\n");
      for (Plan.ProcessPlan p : plan.processes()) {
        b.append("| ").append(Markdown.codeInTable(label(p))).append(" | ")
            .append(Markdown.codeInTable(p.image())).append(" | ")
            .append(p.pool() == null ? "-" : Markdown.codeInTable(p.pool())).append(" | ")
            .append(Markdown.text(KindSections.pairs(p.requests()))).append(" | ")
            .append(Markdown.text(KindSections.pairs(p.limits()))).append(" | ")
            .append(Markdown.text(KindSections.pairs(p.nodeSelector()))).append(" | ")
            .append(Markdown.text(tolerations(p.tolerations()))).append(" |\n");
      }
      b.append('\n');
    }
    if (!plan.services().isEmpty()) {
      b.append("| service | type | address |\n| --- | --- | --- |\n");
      for (Plan.ServicePlan s : plan.services()) {
        b.append("| ").append(Markdown.codeInTable(s.name())).append(" | ").append(Markdown.text(s.type()))
            .append(" | ").append(Markdown.codeInTable(s.address())).append(" |\n");
      }
      b.append('\n');
    }
    if (!plan.pools().isEmpty()) {
      // GPUs get a column when a pool has them, as the text form names them for such a pool: a pool that
      // GPUs alone overfill would otherwise show "no" beside cpu and memory that fit.
      boolean gpus = plan.pools().stream().anyMatch(u -> u.nodeGpus() > 0);
      b.append("| pool | pods | nodes needed / max | cpu requested / available"
          + " | memory requested / available" + (gpus ? " | gpus requested / available" : "") + " | fits |\n");
      b.append("| --- | --- | --- | --- | --- | --- |").append(gpus ? " --- |" : "").append('\n');
      for (PoolUsage u : plan.pools()) {
        b.append("| ").append(Markdown.codeInTable(u.pool())).append(" | ").append(u.pods()).append(" | ")
            .append(u.nodesNeeded())
            .append(" / ").append(max(u)).append(" | ").append(cores(u.cpuMillis())).append(" / ")
            .append(available(u, u.nodeCpuMillis(), true)).append(" | ").append(u.memoryMi()).append("Mi / ")
            .append(available(u, u.nodeMemoryMi(), false)).append(" | ");
        if (gpus) {
          b.append(u.nodeGpus() > 0 ? u.gpus() + " / " + Objects.toString(u.onMaxNodes(u.nodeGpus()), "unbounded")
              : "-").append(" | ");
        }
        b.append(u.fits() ? "yes" : "**no**").append(" |\n");
      }
      b.append('\n');
    }
    if (!plan.provenance().isEmpty()) {
      b.append(KindSections.provenanceMarkdown(plan.provenance()));
    }
    if (!plan.points().isEmpty()) {
      b.append("| sweep point | suffix |\n| --- | --- |\n");
      plan.points().forEach(p -> b.append("| ").append(Markdown.codeInTable(p.text())).append(" | `-").append(p.hash())
          .append("` |\n"));
      b.append('\n');
    }
    b.append("<details><summary>").append(plan.objects().size()).append(" objects</summary>\n\n");
    plan.objects().forEach(o -> b.append("- ").append(Markdown.code(o)).append('\n'));
    b.append("\n</details>\n");
    return b.toString();
  }

  static String json(Plan plan) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("bundle", plan.bundle());
    String kind = plan.cluster() != null ? "cluster" : plan.benchmark() != null ? "benchmark" : "experiment";
    root.put("kind", kind);
    root.put("namespace", plan.namespace());
    if (!kind.equals("experiment")) {
      root.put("objects", plan.objects());
      root.put("services", services(plan));
      root.put(kind, plan.cluster() != null ? KindSections.marsJson(plan.cluster())
          : KindSections.benchmarkJson(plan.benchmark()));
      return json(root);
    }
    root.put("dispatch_model", plan.model());
    root.put("inventory", plan.inventory());
    root.put("objects", plan.objects());
    List<Object> processes = new ArrayList<>();
    for (Plan.ProcessPlan p : plan.processes()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("pod", p.unit());
      m.put("process", p.name());
      m.put("workload", p.workload());
      m.put("replicas", p.replicas());
      m.put("image", p.image());
      m.put("pool", p.pool());
      m.put("requests", p.requests());
      m.put("limits", p.limits());
      m.put("node_selector", p.nodeSelector());
      List<Object> tolerations = new ArrayList<>();
      for (Toleration t : p.tolerations()) {
        Map<String, Object> tm = new LinkedHashMap<>();
        tm.put("key", t.key());
        tm.put("operator", t.operator());
        tm.put("value", t.value());
        tm.put("effect", t.effect());
        tolerations.add(tm);
      }
      m.put("tolerations", tolerations);
      m.put("binds", p.binds());
      m.put("connects", p.connects());
      m.put("exposes", p.exposes());
      processes.add(m);
    }
    root.put("processes", processes);
    root.put("services", services(plan));
    List<Object> pools = new ArrayList<>();
    for (PoolUsage u : plan.pools()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("pool", u.pool());
      m.put("pods", u.pods());
      m.put("nodes_needed", u.nodesNeeded());
      m.put("max_nodes", u.maxNodes());
      m.put("cpu_requested", cores(u.cpuMillis()));
      m.put("memory_requested_mi", u.memoryMi());
      m.put("gpus_requested", u.gpus());
      m.put("node_cpu", cores(BigInteger.valueOf(u.nodeCpuMillis())));
      m.put("node_memory_mi", u.nodeMemoryMi());
      m.put("node_gpus", u.nodeGpus());
      m.put("fits", u.fits());
      pools.add(m);
    }
    root.put("pools", pools);
    root.put("provenance", KindSections.provenanceJson(plan.provenance()));
    root.put("sweep_points", KindSections.pointsJson(plan.points()));
    return json(root);
  }

  private static List<Object> services(Plan plan) {
    List<Object> services = new ArrayList<>();
    for (Plan.ServicePlan s : plan.services()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", s.name());
      m.put("type", s.type());
      m.put("port", s.port());
      m.put("address", s.address());
      services.add(m);
    }
    return services;
  }

  private static String json(Map<String, Object> root) {
    DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
        .withObjectIndenter(new DefaultIndenter("  ", "\n"))
        .withArrayIndenter(new DefaultIndenter("  ", "\n"));
    try {
      return new ObjectMapper().writer(printer).writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new StaveBug("cannot write the plan as JSON", e);
    }
  }

  private static String label(Plan.ProcessPlan p) {
    return p.grouped() ? p.unit() + "/" + p.name() : p.name();
  }

  private static String tolerations(List<Toleration> list) {
    if (list.isEmpty()) {
      return "-";
    }
    List<String> out = new ArrayList<>();
    for (Toleration t : list) {
      String op = t.operator() == null ? "" : " " + t.operator();
      out.add(t.key() + op + (t.value() == null ? "" : " " + t.value()) + (t.effect() == null ? "" : ":" + t.effect()));
    }
    return String.join(", ", out);
  }

  private static String edges(Plan.ProcessPlan p) {
    List<String> out = new ArrayList<>();
    p.binds().forEach(s -> out.add("binds " + s));
    p.exposes().forEach(s -> out.add("exposes " + s));
    p.connects().forEach(s -> out.add("connects " + s));
    return String.join(", ", out);
  }

  private static String capacity(PoolUsage u) {
    return Words.count(u.pods(), "pod") + " on " + u.nodesNeeded() + " of "
        + (u.maxNodes() == null ? "unbounded nodes" : Words.count(u.maxNodes(), "node")) + "; cpu "
        + cores(u.cpuMillis()) + " of " + available(u, u.nodeCpuMillis(), true) + ", memory " + u.memoryMi() + "Mi of "
        + available(u, u.nodeMemoryMi(), false) + (u.nodeGpus() > 0 ? ", gpus " + u.gpus() + " of "
        + Objects.toString(u.onMaxNodes(u.nodeGpus()), "unbounded") : "")
        + (u.fits() ? "" : "  OVER CAPACITY");
  }

  private static String max(PoolUsage u) {
    return u.maxNodes() == null ? "unbounded" : String.valueOf(u.maxNodes());
  }

  private static String available(PoolUsage u, long perNode, boolean cpu) {
    BigInteger total = u.onMaxNodes(perNode);
    if (total == null) {
      return "unbounded";
    }
    return cpu ? cores(total) : total + "Mi";
  }

  private static String cores(BigInteger millis) {
    return new BigDecimal(millis).movePointLeft(3).stripTrailingZeros().toPlainString();
  }
}

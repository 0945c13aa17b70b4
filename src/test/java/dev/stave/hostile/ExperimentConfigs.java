package dev.stave.hostile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Random valid experiments: processes standalone and in a group, services bound, connected and exposed
 * under consistent names, resources, env values of any text and args full of YAML and template syntax.
 * Another kind gets its own class like this one, and its own property test.
 */
final class ExperimentConfigs {
  /** Pieces of YAML, HOCON, FreeMarker, Helm and shell syntax, and characters that break writers. */
  static final List<String> FRAGMENTS = List.of(
      "\n---\n", ": ", "#", " #", "{{", "}}", "${", "$${", "${HOME}", "<#assign x=1>", "${x}", "!!python/object",
      "&a", "*a", "- ", "? ", "|", ">", "'", "\"", "\\", "[", "]", "{", "}", ",", "%", "@", "`", "<<", "~",
      "null", "yes", "no", "on", "true", "0755", "1e3", "0x1F", ".inf", "2024-01-01", "12:30", "\t", "\r\n",
      "\u0085", "\u2028", "\u00a0", "\u202e", "é", "中", "😀", " ", "");

  /** One generated experiment: its config tree and what each process must show in the output. */
  record Sample(Map<String, Object> tree, Map<String, List<String>> args, Map<String, Map<String, String>> env) {}

  record Proc(String name, List<Object> args, Map<String, String> env, String workload, int replicas,
      String cpu, String memory) {}

  static Arbitrary<String> freeText() {
    Arbitrary<String> syntax = Arbitraries.of(FRAGMENTS).list().ofMaxSize(6).map(l -> String.join("", l));
    Arbitrary<String> any = Arbitraries.strings().all().ofMaxLength(12).filter(ExperimentConfigs::carryable);
    Arbitrary<String> word = Arbitraries.strings().alpha().numeric().withChars("-_./=").ofMaxLength(10);
    return Arbitraries.frequencyOf(Tuple.of(4, syntax), Tuple.of(3, any), Tuple.of(3, word));
  }

  /** Strings a YAML file can hold at all: no lone surrogates, no U+FFFE/U+FFFF, no NUL. */
  static boolean carryable(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == 0 || c == 0xFFFE || c == 0xFFFF) {
        return false;
      }
      if (Character.isHighSurrogate(c)) {
        if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
          return false;
        }
        i++;
      } else if (Character.isLowSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Numbers as people write them, bare: leading zeros (007), trailing zeros (1.50), exponents (1e3,
   * 1E-03), a lone point (1.), negative zero. Both formats must keep exactly this text.
   */
  static Arbitrary<ConfigText.Written> writtenNumber() {
    Arbitrary<String> digits = Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(4);
    Arbitrary<String> fraction = Arbitraries.oneOf(Arbitraries.just(""), Arbitraries.just("."),
        Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(3).map(f -> "." + f));
    Arbitrary<String> exponent = Arbitraries.oneOf(Arbitraries.just(""),
        Combinators.combine(Arbitraries.of("e", "E"), Arbitraries.of("", "-", "+"),
            Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(2)).as((e, sign, n) -> e + sign + n));
    return Combinators.combine(Arbitraries.of("", "-"), digits, fraction, exponent)
        .as((sign, d, f, e) -> new ConfigText.Written(sign + d + f + e));
  }

  static Arbitrary<Proc> process(String name) {
    Arbitrary<Object> arg = Arbitraries.frequencyOf(
        Tuple.of(5, freeText().map(s -> (Object) s)),
        Tuple.of(1, Arbitraries.integers().between(-1_000_000, 1_000_000).map(i -> (Object) i)),
        Tuple.of(1, writtenNumber().map(n -> (Object) n)));
    Arbitrary<Map<String, String>> env = Arbitraries.maps(
        Arbitraries.strings().withCharRange('A', 'Z').withChars('_').ofMinLength(1).ofMaxLength(6).map(s -> "U_" + s),
        freeText()).ofMaxSize(4);
    return Combinators.combine(arg.list().ofMaxSize(6), env, Arbitraries.of("job", "deployment", "pod"),
            Arbitraries.integers().between(1, 3), Arbitraries.of("100m", "500m", "1", "2", "1500m"),
            Arbitraries.of("128Mi", "1Gi", "512Mi", "2G"))
        .as((a, e, w, r, c, m) -> new Proc(name, a, e, w, r, c, m));
  }

  static Arbitrary<Sample> samples() {
    Arbitrary<List<String>> names = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(6)
        .list().uniqueElements().ofMinSize(1).ofMaxSize(4);
    return names.flatMap(ns -> {
      List<Arbitrary<Proc>> procs = ns.stream().map(ExperimentConfigs::process).toList();
      return Combinators.combine(procs).as(ps -> ps).flatMap(ps ->
          Combinators.combine(Arbitraries.integers().between(0, ps.size() - 1),
                  Arbitraries.integers().between(0, 1 << 12), Arbitraries.strings().withCharRange('a', 'z')
                      .ofMinLength(1).ofMaxLength(8))
              .as((grouped, wiring, name) -> build(name, ps, grouped, wiring)));
    });
  }

  /** The last {@code grouped} processes share a group; bits of {@code wiring} pick binds and connects. */
  private static Sample build(String name, List<Proc> ps, int grouped, int wiring) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("kind", "experiment");
    root.put("name", name);
    root.put("image", "registry.example/img:1");
    root.put("labels", Map.of("team", "t-" + name));
    Map<String, Object> standalone = new LinkedHashMap<>();
    Map<String, Object> group = new LinkedHashMap<>();
    Map<String, List<String>> args = new LinkedHashMap<>();
    Map<String, Map<String, String>> env = new LinkedHashMap<>();
    List<String> bound = new ArrayList<>();
    for (int i = 0; i < ps.size(); i++) {
      if ((wiring >> i & 1) == 1) {
        bound.add("svc-" + ps.get(i).name());
      }
    }
    for (int i = 0; i < ps.size(); i++) {
      Proc p = ps.get(i);
      boolean inGroup = i >= ps.size() - grouped;
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("command", List.of("run", p.name()));
      if (!p.args().isEmpty()) {
        m.put("args", p.args());
      }
      if (!p.env().isEmpty()) {
        m.put("env", p.env());
      }
      String own = "svc-" + p.name();
      if (bound.contains(own)) {
        m.put("binds", List.of(own));
      }
      Set<String> connects = new TreeSet<>(bound);
      connects.remove(own);
      if (!connects.isEmpty() && (wiring >> (8 + i % 4) & 1) == 1) {
        m.put("connects", List.copyOf(connects));
      }
      if (!inGroup && (wiring >> (4 + i % 4) & 1) == 1) {
        m.put("exposes", Map.of("ui-" + p.name(), 10000 + i));
      }
      if (!inGroup) {
        m.put("workload", p.workload());
        m.put("replicas", p.replicas());
      }
      m.put("resource_request", Map.of("cpu", p.cpu(), "memory", p.memory()));
      (inGroup ? group : standalone).put(p.name(), m);
      args.put(p.name(), p.args().stream().map(String::valueOf).toList());
      env.put(p.name(), p.env());
    }
    if (!standalone.isEmpty()) {
      root.put("processes", standalone);
    }
    if (!group.isEmpty()) {
      root.put("process_groups", Map.of("grp", Map.of("processes", group)));
    }
    return new Sample(root, args, env);
  }
}

package dev.stave.hostile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The generated half of the contexts corpus (hostile/contexts/): experiments whose contexts file, written
 * beside them, is huge, deeply nested or broken at the byte level.
 */
final class ContextsHostileInputs implements HostileGenerator {
  private static final String EXPERIMENT = "kind: experiment\nname: demo\nimage: img:1\ncontexts: ctx.conf\n"
      + "context: lab\nprocesses:\n  a:\n    command: [run]\n";
  private static final String CONTEXTS = "kind = contexts\ncontexts {\n  lab {\n    unknown_key = 1\n"
      + "    neptune { api_token = " + HostileCorpusTest.TOKEN_CANARY + " }\n  }\n}\n";

  @Override
  public String kind() {
    return "contexts";
  }

  @Override
  public List<Generated> inputs() {
    List<Generated> all = new ArrayList<>();
    all.add(with("bom-contexts.yaml", "\uFEFF" + CONTEXTS));
    all.add(with("crlf-contexts.yaml", CONTEXTS.replace("\n", "\r\n")));
    all.add(with("nul-contexts.yaml", CONTEXTS.replace("lab {", "\"l\0ab\" {")));
    all.add(with("deep-contexts-10000.yaml", CONTEXTS + "x " + "{ a ".repeat(GeneratedInputs.DEEP) + "= 1"
        + " }".repeat(GeneratedInputs.DEEP) + "\n"));
    all.add(with("contexts-10000.yaml", manyContexts(10_000)));
    return all;
  }

  private static Generated with(String name, String contexts) {
    return GeneratedInputs.text(name, EXPERIMENT, Map.of("ctx.conf", GeneratedInputs.utf8(contexts)));
  }

  /** 10,000 contexts, none of them named lab: the unknown-context diagnostic must stay short and cheap. */
  private static String manyContexts(int n) {
    StringBuilder b = new StringBuilder("kind = contexts\ncontexts {\n");
    for (int i = 0; i < n; i++) {
      b.append("  c").append(i).append(" { namespace = n").append(i).append(" }\n");
    }
    return b.append("}\n").toString();
  }
}

package dev.stave.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.stave.cli.Main;
import dev.stave.cli.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random valid experiments compile (every object passes the client-java check inside compile), give
 * back exactly the args and env values put in, and give the same bytes from YAML and from HOCON, on a
 * second run, and in a JVM with a Turkish locale and another time zone.
 */
class ExperimentPropertyTest {

  @Provide
  Arbitrary<ExperimentConfigs.Sample> experiments() {
    return ExperimentConfigs.samples();
  }

  @Property(tries = 100)
  void compilesToTheValuesPutInWhateverTheFormat(@ForAll("experiments") ExperimentConfigs.Sample sample)
      throws IOException {
    Path dir = Files.createTempDirectory("stave-property");
    try {
      Path yaml = write(dir.resolve("c.yaml"), ConfigText.yaml(sample.tree()));
      Path conf = write(dir.resolve("c.conf"), ConfigText.hocon(sample.tree()));
      Run fromYaml = Run.of("compile", yaml.toString(), "-o", "-");
      assertEquals(0, fromYaml.code(), () -> fromYaml.err() + "\n" + ConfigText.yaml(sample.tree()));
      assertEquals("", fromYaml.err());
      Run fromHocon = Run.of("compile", conf.toString(), "-o", "-");
      assertEquals(0, fromHocon.code(), () -> fromHocon.err() + "\n" + ConfigText.hocon(sample.tree()));
      assertEquals(fromYaml.out(), fromHocon.out(), "YAML and HOCON give the same bytes");
      assertEquals(fromYaml.out(), Run.of("compile", yaml.toString(), "-o", "-").out(), "same bytes twice");
      checkValues(sample, HostileCorpusTest.OutputValues.documents(fromYaml.out()));
    } finally {
      try (var files = Files.list(dir)) {
        for (Path p : files.toList()) {
          Files.delete(p);
        }
      }
      Files.delete(dir);
    }
  }

  /** Every container of a process carries its args and env values as the very same strings. */
  @SuppressWarnings("unchecked")
  static void checkValues(ExperimentConfigs.Sample sample, List<Object> documents) {
    Map<String, Integer> seen = new LinkedHashMap<>();
    for (Object doc : documents) {
      Map<String, Object> object = (Map<String, Object>) doc;
      Object kind = object.get("kind");
      Map<String, Object> podSpec = null;
      if (kind.equals("Pod")) {
        podSpec = (Map<String, Object>) object.get("spec");
      } else if (kind.equals("Deployment") || kind.equals("Job")) {
        Map<String, Object> spec = (Map<String, Object>) object.get("spec");
        podSpec = (Map<String, Object>) ((Map<String, Object>) spec.get("template")).get("spec");
      }
      if (podSpec == null) {
        continue;
      }
      for (Object c : (List<Object>) podSpec.get("containers")) {
        Map<String, Object> container = (Map<String, Object>) c;
        String name = (String) container.get("name");
        assertTrue(sample.args().containsKey(name), "a container for each process only: " + name);
        seen.merge(name, 1, Integer::sum);
        List<String> expectedArgs = sample.args().get(name);
        Object args = container.get("args");
        assertEquals(expectedArgs, args == null ? List.of() : args, "args of " + name);
        Map<String, Object> env = new LinkedHashMap<>();
        for (Object e : (List<Object>) container.getOrDefault("env", List.of())) {
          Map<String, Object> entry = (Map<String, Object>) e;
          env.put((String) entry.get("name"), entry.get("value"));
        }
        sample.env().get(name).forEach((k, v) -> assertEquals(v, env.get(k), "env " + k + " of " + name));
      }
    }
    assertEquals(sample.args().keySet(), seen.keySet(), "every process has a container");
  }

  @Example
  void aTurkishJvmInAnotherTimeZoneGivesTheSameBytes() throws Exception {
    Path dir = Files.createTempDirectory("stave-locale");
    List<String> files = new ArrayList<>();
    List<ExperimentConfigs.Sample> samples = ExperimentConfigs.samples().sampleStream().limit(3).toList();
    for (int i = 0; i < samples.size(); i++) {
      Map<String, Object> tree = new LinkedHashMap<>(samples.get(i).tree());
      tree.put("name", "sample" + i);
      files.add(write(dir.resolve("s" + i + (i % 2 == 0 ? ".yaml" : ".conf")),
          i % 2 == 0 ? ConfigText.yaml(tree) : ConfigText.hocon(tree)).toString());
    }
    List<String> args = new ArrayList<>(List.of("compile"));
    args.addAll(files);
    args.addAll(List.of("-o", "-"));
    Run here = Run.of(args.toArray(String[]::new));
    assertEquals(0, here.code(), here.err());
    for (String jvm : Set.of("Pacific/Chatham")) {
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Duser.language=tr", "-Duser.country=TR", "-Duser.timezone=" + jvm, "-Dfile.encoding=ISO-8859-9",
          "-cp", System.getProperty("java.class.path"), Main.class.getName()));
      command.addAll(args);
      Run there = Run.finish(new ProcessBuilder(command).start(), String.join(" ", command));
      assertEquals(0, there.code(), there.err());
      assertEquals(here.out(), there.out());
    }
    assertFalse(here.out().isEmpty());
  }

  private static Path write(Path file, String text) throws IOException {
    return Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}

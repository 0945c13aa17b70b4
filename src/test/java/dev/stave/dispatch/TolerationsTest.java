package dev.stave.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.stave.inventory.Taint;
import dev.stave.model.Toleration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Kubernetes's matching of a toleration to a taint, which decides whether a placed pod can be scheduled. */
class TolerationsTest {
  /** A field written as "-" is left out (null); '' is the empty string. */
  @ParameterizedTest(name = "{0} {1} {2} {3} vs {4}={5}:{6} -> {7}")
  @CsvSource(nullValues = "-", value = {
    // Equal, and no operator (Equal by default), match the same value only.
    "team, Equal,  ml,    NoSchedule, team, ml, NoSchedule, true",
    "team, Equal,  other, NoSchedule, team, ml, NoSchedule, false",
    "team, -,      ml,    NoSchedule, team, ml, NoSchedule, true",
    "team, -,      -,     NoSchedule, team, ml, NoSchedule, false",
    // A taint without a value has the value "": Equal without a value, or with '', tolerates it.
    "team, -,      -,     NoSchedule, team, -,  NoSchedule, true",
    "team, Equal,  '',    NoSchedule, team, -,  NoSchedule, true",
    "team, Equal,  ml,    NoSchedule, team, -,  NoSchedule, false",
    // Exists matches every value of its key.
    "team, Exists, -,     NoSchedule, team, ml, NoSchedule, true",
    "team, Exists, -,     NoSchedule, team, -,  NoSchedule, true",
    "team, Exists, -,     NoSchedule, other, ml, NoSchedule, false",
    // No key with Exists tolerates every taint; with an effect, every taint of that effect.
    "-,    Exists, -,     -,          team, ml, NoSchedule, true",
    "'',   Exists, -,     -,          team, ml, NoExecute,  true",
    "-,    Exists, -,     NoSchedule, team, ml, NoSchedule, true",
    "-,    Exists, -,     NoSchedule, team, ml, NoExecute,  false",
    // No key with Equal (which the API server refuses) matches every key with the same value.
    "-,    Equal,  ml,    -,          team, ml, NoSchedule, true",
    // An empty effect matches every effect; another effect matches nothing.
    "team, Equal,  ml,    -,          team, ml, NoExecute,  true",
    "team, Equal,  ml,    '',         team, ml, NoExecute,  true",
    "team, Equal,  ml,    NoSchedule, team, ml, NoExecute,  false",
    "team, Equal,  ml,    NoExecute,  team, ml, NoSchedule, false",
    // Operators are case-sensitive, and one Kubernetes does not know matches nothing.
    "team, exists, -,     -,          team, ml, NoSchedule, false",
    "team, Gt,     ml,    -,          team, ml, NoSchedule, false",
    // Keys and values are compared exactly.
    "Team, Exists, -,     -,          team, ml, NoSchedule, false",
    "team, Equal,  ML,    -,          team, ml, NoSchedule, false",
  })
  void tolerationMatchesTaintAsKubernetesDoes(String key, String operator, String value, String effect,
      String taintKey, String taintValue, String taintEffect, boolean tolerated) {
    assertEquals(tolerated, Tolerations.tolerates(new Toleration(key, operator, value, effect, null),
        new Taint(taintKey, taintValue, taintEffect)));
  }

  @Test
  void onlyNoScheduleAndNoExecuteTaintsKeepAPodOff() {
    Taint hard = new Taint("team", "ml", "NoSchedule");
    Taint evicting = new Taint("dedicated", null, "NoExecute");
    Taint soft = new Taint("soft", "x", "PreferNoSchedule");
    List<Taint> pool = List.of(hard, soft, evicting);
    assertEquals(List.of(hard, evicting), Tolerations.untolerated(pool, List.of()));
    assertEquals(List.of(evicting), Tolerations.untolerated(pool,
        List.of(new Toleration("team", "Equal", "ml", "NoSchedule", null))));
    // tolerationSeconds bounds how long a pod stays, not whether it is placed.
    assertEquals(List.of(hard), Tolerations.untolerated(pool,
        List.of(new Toleration("dedicated", "Exists", null, "NoExecute", 30L))));
    assertEquals(List.of(), Tolerations.untolerated(pool, List.of(new Toleration(null, "Exists", null, null, null))));
    // A pool with only PreferNoSchedule taints keeps no pod off.
    assertEquals(List.of(), Tolerations.untolerated(List.of(soft), List.of()));
  }

  @Test
  void anOverridesTolerationsAreReadWhenTheyAreAListOfStringFields() {
    Map<String, Object> exists = new HashMap<>(Map.of("key", "team", "operator", "Exists", "tolerationSeconds", 5));
    assertEquals(List.of(new Toleration("team", "Exists", null, null, null)), Tolerations.read(List.of(exists)));
    assertEquals(List.of(), Tolerations.read(null));
    assertEquals(List.of(), Tolerations.read(List.of()));
    assertNull(Tolerations.read("team"));
    assertNull(Tolerations.read(List.of("team")));
    assertNull(Tolerations.read(List.of(Map.of("key", "team", "value", true))));
    assertNull(Tolerations.read(Arrays.asList((Object) null)));
  }

  @Test
  void theHintWritesTheTolerationAsTheGkeModelDoes() {
    assertEquals("{key: \"team\", operator: Equal, value: \"true\", effect: NoSchedule}",
        Tolerations.describe(new Taint("team", "true", "NoSchedule")));
    assertEquals("{key: \"dedicated\", operator: Exists, effect: NoExecute}",
        Tolerations.describe(new Taint("dedicated", null, "NoExecute")));
    assertEquals("{key: \"dedicated\", operator: Exists, effect: NoExecute}",
        Tolerations.describe(new Taint("dedicated", "", "NoExecute")));
    // As stave gives it on a GPU pool, whatever value GKE's taint has.
    assertEquals("{key: \"nvidia.com/gpu\", operator: Exists, effect: NoSchedule}",
        Tolerations.describe(Tolerations.GKE_GPU));
  }
}

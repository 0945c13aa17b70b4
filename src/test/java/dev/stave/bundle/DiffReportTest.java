package dev.stave.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How {@link DiffReport} shows changed values so that the reader sees what changed. */
class DiffReportTest {
  private static KubeObject configMap(String key, String value) {
    return KubeObject.of(Map.of("apiVersion", "v1", "kind", "ConfigMap",
        "metadata", Map.of("name", "settings", "namespace", "default"), "data", Map.of(key, value)));
  }

  private static List<ObjectDiff.Change> change(String key, String before, String after) {
    return ObjectDiff.between(List.of(configMap(key, before)), List.of(configMap(key, after)));
  }

  @Test
  void aLongLineShowsFromJustBeforeItsFirstDifferenceOnBothSides() {
    String flags = "--seed=1 --workers=8 --env=HalfCheetah-v4 --replay=prioritized --batch=256 --gamma=0.99"
        + " --tau=0.005 ";
    List<ObjectDiff.Change> changes = change("args",
        flags + "--lr=0.001 --steps=1000000 --eval-every=5000 --log-every=100 --save-every=10000"
            + " --checkpoint-dir=/data/ckpt",
        flags + "--lr=0.002 --steps=1000000 --eval-every=5000 --log-every=100 --save-every=10000"
            + " --checkpoint-dir=/data/ckpt");
    assertEquals("""
        ~ ConfigMap default/settings (changed)
            data.args: ...h=256 --gamma=0.99 --tau=0.005 --lr=0.001 --steps=1000000 --eval-every=5000 \
        --log-every=100 --save-every=10000 --checkpo... \
        → ...h=256 --gamma=0.99 --tau=0.005 --lr=0.002 --steps=1000000 --eval-every=5000 --log-every=100 \
        --save-every=10000 --checkpo...
        1 object differs: 0 added, 0 removed, 1 changed
        """, DiffReport.text(changes));
    assertEquals("""
        ### stave diff: 1 object differs: 0 added, 0 removed, 1 changed

        | | object | field | before | after |
        |---|---|---|---|---|
        | changed | `ConfigMap default/settings` | `data.args` | \
        `...h=256 --gamma=0.99 --tau=0.005 --lr=0.001 --steps=1000000 --eval-every=5000 --log-every=100 \
        --save-every=10000 --checkpo...` | \
        `...h=256 --gamma=0.99 --tau=0.005 --lr=0.002 --steps=1000000 --eval-every=5000 --log-every=100 \
        --save-every=10000 --checkpo...` |
        """, DiffReport.markdown(changes));
  }

  @Test
  void aMultiLineValueShowsALineDiffUnderItsField() {
    List<ObjectDiff.Change> changes = change("run.sh",
        "#!/bin/sh\nset -eu\n\ncd /work\npython train.py --lr 0.001\nexit 0\n",
        "#!/bin/sh\nset -eu\n\ncd /work\npython train.py --lr 0.002\tfast\u001b[0m\nexit 0\n");
    assertEquals("""
        ~ ConfigMap default/settings (changed)
            data["run.sh"]:
                @@ -3,4 +3,4 @@

                 cd /work
                -python train.py --lr 0.001
                +python train.py --lr 0.002	fast\\u001b[0m
                 exit 0
        1 object differs: 0 added, 0 removed, 1 changed
        """, DiffReport.text(changes));
  }

  /**
   * In a line diff, as in a value (JSON, where every backslash is two), the six characters backslash, u,
   * 001b read apart from an escaped ESC: a backslash right before an escape or what reads as one is two.
   */
  @Test
  void aWrittenEscapeInALineDiffReadsApartFromAnEscapedCharacter() {
    List<ObjectDiff.Change> changes = change("run", "printf 'go\\n'\nexit 0\n",
        "printf '\u001b[1mgo\\n'\necho -e '\\u001b[1m'\nprintf '\\\u001b'\nexit 0\n");
    assertEquals("""
        ~ ConfigMap default/settings (changed)
            data.run:
                @@ -1,2 +1,4 @@
                -printf 'go\\n'
                +printf '\\u001b[1mgo\\n'
                +echo -e '\\\\u001b[1m'
                +printf '\\\\\\u001b'
                 exit 0
        1 object differs: 0 added, 0 removed, 1 changed
        """, DiffReport.text(changes));
    assertEquals("""
        ### stave diff: 1 object differs: 0 added, 0 removed, 1 changed

        | | object | field | before | after |
        |---|---|---|---|---|
        | changed | `ConfigMap default/settings` | `data.run` | 2 lines | 4 lines, diff below |

        `ConfigMap default/settings` `data.run`:

        ```diff
        @@ -1,2 +1,4 @@
        -printf 'go\\n'
        +printf '\\u001b[1mgo\\n'
        +echo -e '\\\\u001b[1m'
        +printf '\\\\\\u001b'
         exit 0
        ```
        """, DiffReport.markdown(changes));
  }

  /** An object's name is shown as it is, so the same rule tells a written escape from an escaped character. */
  @Test
  void aWrittenEscapeInANameReadsApartFromAnEscapedCharacter() {
    List<KubeObject> added = List.of("s\\u200b", "s\u200b").stream()
        .map(name -> KubeObject.of(Map.of("apiVersion", "v1", "kind", "ConfigMap",
            "metadata", Map.of("name", name, "namespace", "default"))))
        .toList();
    assertEquals("""
        + ConfigMap default/s\\\\u200b (added)
        + ConfigMap default/s\\u200b (added)
        2 objects differ: 2 added, 0 removed, 0 changed
        """, DiffReport.text(ObjectDiff.between(List.of(), added)));
  }

  @Test
  void markdownPutsLineDiffsAfterTheTableInFencesLongerThanAnyBackticksInThem() {
    List<ObjectDiff.Change> changes = ObjectDiff.between(
        List.of(configMap("README.md", "# Settings\n\n```\nlr: 0.001\n```\n")),
        List.of(KubeObject.of(Map.of("apiVersion", "v1", "kind", "ConfigMap",
            "metadata", Map.of("name", "settings", "namespace", "default"),
            "data", Map.of("README.md", "# Settings\n\n```\nlr: 0.002\n```\n", "x", "1")))));
    assertEquals("""
        ### stave diff: 1 object differs: 0 added, 0 removed, 1 changed

        | | object | field | before | after |
        |---|---|---|---|---|
        | changed | `ConfigMap default/settings` | `data["README.md"]` | 5 lines | 5 lines, diff below |
        | changed | `ConfigMap default/settings` | `data.x` | `(absent)` | `"1"` |

        `ConfigMap default/settings` `data["README.md"]`:

        ````diff
        @@ -2,4 +2,4 @@

         ```
        -lr: 0.001
        +lr: 0.002
         ```
        ````
        """, DiffReport.markdown(changes));
  }

  /** A backtick shows as a backtick, never as another character, so a change to or from one is seen. */
  @Test
  void markdownShowsBackticksAndPipesAsWritten() {
    assertEquals("""
        ### stave diff: 1 object differs: 0 added, 0 removed, 1 changed

        | | object | field | before | after |
        |---|---|---|---|---|
        | changed | `ConfigMap default/settings` | `data.args` | `"echo x'y"` | ``"echo x`y"`` |
        """, DiffReport.markdown(change("args", "echo x'y", "echo x`y")));
    assertEquals("""
        ### stave diff: 1 object differs: 0 added, 0 removed, 1 changed

        | | object | field | before | after |
        |---|---|---|---|---|
        | changed | `ConfigMap default/settings` | `data.args` | ```"a ``b`` \\| c"``` | ```"a ``b`` \\|\\| c"``` |
        """, DiffReport.markdown(change("args", "a ``b`` | c", "a ``b`` || c")));
  }

  @Test
  void oneLineBecomingSeveralIsALineDiffButAnAddedTextIsNot() {
    assertEquals("""
        ~ ConfigMap default/settings (changed)
            data.a:
                @@ -1 +1,2 @@
                -one
                \\ No newline at end of file
                +one
                +two
        1 object differs: 0 added, 0 removed, 1 changed
        """, DiffReport.text(change("a", "one", "one\ntwo\n")));
    List<ObjectDiff.Change> added = ObjectDiff.between(List.of(configMap("a", "x")),
        List.of(KubeObject.of(Map.of("apiVersion", "v1", "kind", "ConfigMap",
            "metadata", Map.of("name", "settings", "namespace", "default"), "data", Map.of("a", "x", "b", "1\n2\n")))));
    assertEquals("""
        ~ ConfigMap default/settings (changed)
            data.b: (absent) → "1\\n2\\n"
        1 object differs: 0 added, 0 removed, 1 changed
        """, DiffReport.text(added));
  }

  @Test
  void aLongLineThatDiffersEarlyShowsFromItsStartAndOneThatFitsShowsWhole() {
    String tail = "x".repeat(130);
    assertEquals("""
        ~ ConfigMap default/settings (changed)
            data.a: "1%s... → "2%s...
        1 object differs: 0 added, 0 removed, 1 changed
        """.formatted("x".repeat(118), "x".repeat(118)), DiffReport.text(change("a", "1" + tail, "2" + tail)));
    assertEquals("""
        ~ ConfigMap default/settings (changed)
            data.a: "short" → "longer but still short"
        1 object differs: 0 added, 0 removed, 1 changed
        """, DiffReport.text(change("a", "short", "longer but still short")));
  }
}

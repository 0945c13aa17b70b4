package dev.stave.hostile;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The generated half of the experiment corpus; the committed half is in {@code hostile/experiment/}. */
final class ExperimentHostileInputs implements HostileGenerator {
  static final int DEEP = 10_000;
  static final int HUGE_BYTES = 50 * 1024 * 1024;

  /** A config whose line 4 has an unknown key, so a diagnostic shows whether line counting held up. */
  private static final String YAML =
      "kind: experiment\nname: demo\nimage: img\nunknown_key: 1\nprocesses:\n  a:\n    command: [run]\n";
  private static final String HOCON =
      "kind = experiment\nname = demo\nimage = img\nunknown_key = 1\nprocesses { a { command = [run] } }\n";

  @Override
  public String kind() {
    return "experiment";
  }

  @Override
  public List<Generated> inputs() {
    List<Generated> all = new ArrayList<>();
    all.add(text("bom.yaml", "\uFEFF" + YAML));
    all.add(text("bom.conf", "\uFEFF" + HOCON));
    all.add(text("bom-inside-value.yaml", YAML.replace("name: demo", "name: \uFEFFdemo")));
    all.add(text("crlf.yaml", YAML.replace("\n", "\r\n")));
    all.add(text("crlf.conf", HOCON.replace("\n", "\r\n")));
    all.add(text("lone-cr.yaml", YAML.replace("\n", "\r")));
    // To Typesafe Config a lone CR is a space: the file is one line.
    all.add(text("lone-cr.conf", HOCON.replace("\n", "\r")));
    all.add(text("crlf-syntax.yaml", YAML.replace("image: img", "image: [img").replace("\n", "\r\n")));
    all.add(text("crlf-syntax.conf", HOCON.replace("image = img", "image = [img").replace("\n", "\r\n")));
    // YAML 1.1 ends a line at U+0085, U+2028 and U+2029; HOCON does not: the unknown key is on line 6 or 4.
    all.add(text("nel-comment.yaml", "# first\u0085\n" + YAML));
    all.add(text("nel-comment.conf", "# first\u0085\n" + HOCON));
    all.add(text("nel-inside-comment.yaml", "# first\u0085second\n" + YAML));
    all.add(text("line-separators.yaml", "# first\u2028\n# second\u2029\n" + YAML));
    all.add(text("line-separators.conf", "# first\u2028\n# second\u2029\n" + HOCON));
    // YAML would fold the U+0085 into a space; HOCON keeps it.
    all.add(text("nel-in-string.yaml", YAML.replace("image: img", "image: \"im\u0085g\"")));
    all.add(text("nel-in-string.conf", HOCON.replace("image = img", "image = \"im\u0085g\"")));
    all.add(text("nel-in-block.yaml", YAML + "    args:\n      - |\n        a\u0085        b\n"));
    all.add(text("values-200001.yaml", YAML + "    args: [" + "a, ".repeat(200_000) + "a]\n"));
    // Read whole, as it once was, it took 15 to 23 s and over a gigabyte: 8 MB, just under the size limit.
    all.add(text("values-2000000.yaml", YAML + "    args: [" + "10, ".repeat(1_999_999) + "10]\n"));
    all.add(text("nul-byte.yaml", YAML.replace("image: img", "image: im\0g")));
    all.add(text("nul-byte.conf", HOCON.replace("image = img", "image = im\0g")));
    all.add(bytes("invalid-utf8.yaml", concat(YAML.getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xC3, 0x28})));
    all.add(bytes("invalid-utf8.conf", concat(HOCON.getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xFF})));
    all.add(bytes("utf16.yaml",
        concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, YAML.getBytes(StandardCharsets.UTF_16LE))));
    all.add(text("deep-list-10000.yaml", YAML + "    args: " + "[".repeat(DEEP) + "]".repeat(DEEP) + "\n"));
    all.add(text("deep-map-10000.yaml", YAML + "    labels: " + "{a: ".repeat(DEEP) + "b" + "}".repeat(DEEP) + "\n"));
    all.add(text("deep-map-10000.json", "{\"kind\": \"experiment\", \"name\": \"demo\", \"x\": "
        + "{\"a\": ".repeat(DEEP) + "1" + "}".repeat(DEEP) + "}\n"));
    all.add(text("deep-map-10000.conf", HOCON + "x " + "{ a ".repeat(DEEP) + "= 1" + " }".repeat(DEEP) + "\n"));
    all.add(text("deep-list-10000.conf", HOCON + "x = " + "[".repeat(DEEP) + "]".repeat(DEEP) + "\n"));
    all.add(text("deep-path-10000.conf", HOCON + "x." + "a.".repeat(DEEP) + "b = 1\n"));
    all.add(new Generated("string-50mb.yaml", () -> huge("kind: experiment\nname: demo\nimage: \"", "\"\n")));
    all.add(new Generated("string-50mb.conf", () -> huge("kind = experiment\nname = demo\nimage = \"", "\"\n")));
    all.add(text("name-1mb-line.yaml", "kind: experiment\nname: " + "n".repeat(1024 * 1024) + "\nimage: img\n"));
    // SnakeYAML's own reader takes quadratic time in the length of a word or a comment line: minutes.
    all.add(text("name-7mb-word.yaml", "kind: experiment\nname: " + "n".repeat(7_500_000) + "\nimage: img\n"));
    all.add(text("comment-7mb-line.yaml", YAML + "# " + "word ".repeat(1_500_000) + "\n"));
    // A credential's value goes on over the lines indented more than its key, here every line after it: read
    // again for each key, the lines of this 7.6 MB file took minutes.
    all.add(new Generated("keys-each-indented-more-3880.yaml", () -> eachIndentedMore(3_880)));
    // Every value's path holds the keys above it: a key of 200 KiB over 100,000 values took 20 s before its
    // first diagnostic, and one that aliases repeat at forty levels, eight minutes.
    String key = "k".repeat(200 * 1024);
    String items = "1, ".repeat(99_999) + "1";
    all.add(text("key-200k-over-100000-values.yaml", YAML + "? " + key + "\n: [" + items + "]\n"));
    all.add(text("key-200k-over-100000-values.conf", HOCON + key + " = [" + items + "]\n"));
    all.add(text("alias-key-200k-over-100000-values.yaml", YAML + "s: &s " + key + "\nm: {? *s : [" + items + "]}\n"));
    StringBuilder nested = new StringBuilder(YAML + "s: &s " + key + "\nl0: &l0 [" + "1, ".repeat(3_999) + "1]\n");
    for (int i = 1; i < 40; i++) {
      nested.append("l").append(i).append(": &l").append(i).append(" {? *s : *l").append(i - 1).append("}\n");
    }
    all.add(text("alias-key-200k-nested-40.yaml", nested.toString()));
    // Each key was searched for from the start of its line: 100,000 keys on one line took from 20 s to minutes.
    StringBuilder keys = new StringBuilder(HOCON + "processes.a.env {");
    for (int i = 0; i < 99_999; i++) {
      keys.append('A').append(i).append(" = 1, ");
    }
    all.add(text("keys-100000-one-line.conf", keys + "A99999 = [1]}\n"));
    // A key of other characters than letters, digits, _ and - was searched for along its line, once per key.
    StringBuilder otherKeys = new StringBuilder(HOCON + "processes.a.env {");
    for (int i = 0; i < 99_999; i++) {
      otherKeys.append('A').append(i).append("/b = 1, ");
    }
    all.add(text("keys-of-other-characters-100000-one-line.conf", otherKeys + "A99999/b = [1]}\n"));
    // An item written with escapes is not its text on the line: each was searched for along the rest of it.
    StringBuilder escaped = new StringBuilder(HOCON + "processes.a.args = [");
    for (int i = 0; i < 100_000; i++) {
      escaped.append("\"a").append(i).append("\\tb\", ");
    }
    all.add(text("items-escaped-100000-one-line.conf", escaped + "{x = 1}]\n"));
    all.add(text("control-characters.yaml", YAML.replace("image: img", "image: \"img\u0007\u001b[31m\"")));
    return all;
  }

  /** {@code lines} lines "key: valN", each indented one space more than the last, then a line that is no YAML. */
  private static byte[] eachIndentedMore(int lines) {
    StringBuilder b = new StringBuilder("kind: experiment\nname: demo\nx:\n");
    for (int i = 0; i < lines; i++) {
      b.append(" ".repeat(1 + i)).append("key: val").append(100_000 + i).append('\n');
    }
    return b.append("bad: [\n").toString().getBytes(StandardCharsets.UTF_8);
  }

  private static Generated text(String name, String content) {
    return new Generated(name, () -> content.getBytes(StandardCharsets.UTF_8));
  }

  private static Generated bytes(String name, byte[] content) {
    return new Generated(name, () -> content.clone());
  }

  private static byte[] huge(String before, String after) {
    byte[] head = before.getBytes(StandardCharsets.UTF_8);
    byte[] tail = after.getBytes(StandardCharsets.UTF_8);
    byte[] all = new byte[head.length + HUGE_BYTES + tail.length];
    System.arraycopy(head, 0, all, 0, head.length);
    java.util.Arrays.fill(all, head.length, head.length + HUGE_BYTES, (byte) 'x');
    System.arraycopy(tail, 0, all, head.length + HUGE_BYTES, tail.length);
    return all;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] all = new byte[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}

package dev.stave.hostile;

import java.util.List;
import java.util.Map;

/**
 * Hostile inputs of one kind that are made at test time instead of committed: huge, deeply nested or
 * byte-level (BOMs, CRLF, NUL, invalid UTF-8) files. A new kind adds one implementation to
 * {@link HostileCorpusTest#GENERATORS} and a {@code hostile/<kind>/} folder.
 */
interface HostileGenerator {
  /** The kind, which is also the corpus folder {@code src/test/resources/hostile/<kind>/}. */
  String kind();

  /** Every input; each one must be rejected with the golden {@code generated/<file name>.stderr}. */
  List<Generated> inputs();

  /**
   * One generated file: its name (the extension picks the reader) and its bytes, made on demand, and the
   * files it refers to (an inventory, a contexts file), written beside it under their relative names.
   */
  record Generated(String fileName, BytesSupplier bytes, Map<String, BytesSupplier> beside) {
    Generated(String fileName, BytesSupplier bytes) {
      this(fileName, bytes, Map.of());
    }

    @Override
    public String toString() {
      return fileName;
    }
  }

  @FunctionalInterface
  interface BytesSupplier {
    byte[] get();
  }
}

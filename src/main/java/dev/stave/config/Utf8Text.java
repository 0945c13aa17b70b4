package dev.stave.config;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.diag.Sources;
import dev.stave.diag.UserError;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * A large YAML or JSON file that another tool wrote, read in turn by the parser, with where each line
 * starts, so that a diagnostic reads again the one line it quotes. Held as a String, split into lines for
 * quoting and as code points for the parser, a 60 MB node list took some 500 MB; here it takes 4 bytes a
 * line. Standard input, which cannot be read twice, is copied to a file of its own first (held as its
 * bytes, a 61 MB list took 100 MB more than read from a file), or held where no such file can be made. Lines
 * end where SnakeYAML ends them ({@link Sources.LineBreaks#YAML}).
 */
final class Utf8Text implements YamlLoader.Text {
  private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  /** Where the bytes are: a file, read again for each use, or standard input's copy. */
  private interface Bytes {
    InputStream open() throws IOException;

    /** The {@code length} bytes from {@code start} on. */
    byte[] read(int start, int length) throws IOException;

    int size();

    /** Whether the bytes may differ from those first read: never for a copy of standard input. */
    default boolean changed() throws IOException {
      return false;
    }
  }

  private final Bytes bytes;
  /** The lines that hold {@code $&#123;}, in order, each once. */
  private final List<Integer> references = new ArrayList<>();
  /** Where each line starts, in bytes; the first at 0. */
  private int[] starts = new int[1024];
  private int lines = 1;
  private boolean nel;
  private YamlLoader.OddBreak odd;
  /** The index of the first code point YAML does not allow, or -1. */
  private int unprintable = -1;
  /** How many bytes the first reading found. */
  private long counted;
  /**
   * The CRC-32 of the bytes of the first reading, and of the second ({@link #reader}) once it has read them all:
   * a file written anew at the same size within one tick of its clock keeps both, and not its sum.
   */
  private final CRC32 first = new CRC32();
  private CRC32 second;

  private Utf8Text(Bytes bytes) {
    this.bytes = bytes;
  }

  /**
   * The text of the file at {@code path}, of {@code size} bytes, read once through to find its lines, as
   * {@link ConfigLoader} reads a config (a byte that is not UTF-8, then a NUL, is an error at its line and
   * column), and again as needed.
   */
  static Utf8Text of(Path path, int size, String file) throws IOException {
    // Read before the text: a write after it changes one or the other (their size was read before too).
    BasicFileAttributes first = Files.readAttributes(path, BasicFileAttributes.class);
    Utf8Text text = new Utf8Text(new Bytes() {
      @Override
      public InputStream open() throws IOException {
        return Files.newInputStream(path);
      }

      @Override
      public byte[] read(int start, int length) throws IOException {
        try (FileChannel channel = FileChannel.open(path)) {
          return Utf8Text.read(channel, start, length);
        }
      }

      @Override
      public int size() {
        return size;
      }

      @Override
      public boolean changed() throws IOException {
        BasicFileAttributes now = Files.readAttributes(path, BasicFileAttributes.class);
        return first.size() != size || now.size() != size || !now.lastModifiedTime().equals(first.lastModifiedTime());
      }
    });
    text.index(file);
    return text;
  }

  /**
   * {@link #of(Path, int, String)} of {@code in} (standard input), copied as it is read to a file that only
   * this process may read, in the folder for temporary files, or held where that folder takes none; null when
   * it holds more than {@code maxBytes}. The file has no name once it is open (on Linux and macOS; elsewhere it
   * is deleted as the process ends, however it ends), so that neither an error nor Ctrl-C leaves it behind,
   * and it is read through the open channel for as long as the process may quote it.
   */
  static Utf8Text of(InputStream in, int maxBytes, String file) throws IOException {
    FileChannel channel = privateFile();
    if (channel == null) {
      return held(in, maxBytes, file);
    }
    if (!copy(in, channel, maxBytes)) {
      return null;
    }
    int size = (int) channel.size();
    Utf8Text text = new Utf8Text(new Bytes() {
      @Override
      public InputStream open() {
        return new InputStream() {
          private long at;

          @Override
          public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
          }

          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            // At its own position: the channel is shared by every reader of the text, and stays open.
            int read = len == 0 ? 0 : channel.read(ByteBuffer.wrap(b, off, len), at);
            at += Math.max(read, 0);
            return read;
          }
        };
      }

      @Override
      public byte[] read(int start, int length) throws IOException {
        return Utf8Text.read(channel, start, length);
      }

      @Override
      public int size() {
        return size;
      }
    });
    try {
      text.index(file);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
    return text;
  }

  /**
   * {@link #of(InputStream, int, String)} held as its bytes, where the folder for temporary files takes no file
   * (read-only, or missing, as in a container with a read-only root): null past {@code maxBytes}.
   */
  private static Utf8Text held(InputStream in, int maxBytes, String file) throws IOException {
    byte[] held = in.readNBytes(maxBytes + 1);
    if (held.length > maxBytes) {
      return null;
    }
    Utf8Text text = new Utf8Text(new Bytes() {
      @Override
      public InputStream open() {
        return new ByteArrayInputStream(held);
      }

      @Override
      public byte[] read(int start, int length) {
        return Arrays.copyOfRange(held, start, Math.min(start + length, held.length));
      }

      @Override
      public int size() {
        return held.length;
      }
    });
    text.index(file);
    return text;
  }

  /**
   * A new file in the folder for temporary files that only this process may read, deleted as it is opened;
   * null where the folder takes no new file.
   */
  private static FileChannel privateFile() throws IOException {
    Path folder;
    try {
      folder = Path.of(System.getProperty("java.io.tmpdir"));
    } catch (InvalidPathException e) {
      return null;
    }
    boolean posix = folder.getFileSystem().supportedFileAttributeViews().contains("posix");
    FileAttribute<?>[] ownerOnly = posix ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(
        EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE))} : new FileAttribute<?>[0];
    for (int tries = 0; ; tries++) {
      Path path = folder.resolve("stave-stdin-" + Long.toUnsignedString(RANDOM.nextLong(), 36));
      try {
        return FileChannel.open(path, EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
            StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE), ownerOnly);
      } catch (FileAlreadyExistsException e) {
        if (tries == 9) {
          throw e;
        }
      } catch (IOException e) {
        return null;
      }
    }
  }

  /** Copies {@code in} to {@code channel}; false (and closed) past {@code maxBytes}. */
  private static boolean copy(InputStream in, FileChannel channel, int maxBytes) throws IOException {
    try {
      byte[] buffer = new byte[65536];
      long copied = 0;
      for (int read; (read = in.read(buffer)) >= 0; ) {
        copied += read;
        if (copied > maxBytes) {
          channel.close();
          return false;
        }
        ByteBuffer out = ByteBuffer.wrap(buffer, 0, read);
        while (out.hasRemaining()) {
          channel.write(out);
        }
      }
      return true;
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  private static final SecureRandom RANDOM = new SecureRandom();

  /** The {@code length} bytes of {@code channel} from {@code start} on (fewer at its end). */
  private static byte[] read(FileChannel channel, int start, int length) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(length);
    while (buffer.hasRemaining() && channel.read(buffer, start + buffer.position()) >= 0) {
      // read on: a read may return fewer bytes than asked for
    }
    return Arrays.copyOf(buffer.array(), buffer.position());
  }

  private void index(String file) throws IOException {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    try (InputStream stream = new CheckedInputStream(bytes.open(), first)) {
      index(file, decoder, stream);
    }
  }

  private void index(String file, CharsetDecoder decoder, InputStream stream) throws IOException {
    ByteBuffer in = ByteBuffer.allocate(65536);
    in.flip();
    boolean end = false;
    CharBuffer out = CharBuffer.allocate(8192);
    Origin nul = null;
    int at = 0;
    int index = 0;
    int previous = -1;
    int high = -1;
    // The line's code points so far, as Sources#at counts columns.
    int column = 0;
    CoderResult result;
    do {
      if (!end && in.remaining() < 4) {
        in.compact();
        int read = stream.read(in.array(), in.position(), in.remaining());
        end = read < 0;
        in.position(in.position() + Math.max(read, 0));
        in.flip();
      }
      result = decoder.decode(in, out, end);
      if (end && result.isUnderflow()) {
        result = decoder.flush(out);
      }
      out.flip();
      while (out.hasRemaining()) {
        char c = out.get();
        if (Character.isHighSurrogate(c) && high < 0) {
          high = c;
          continue;
        }
        int point = high >= 0 && Character.isLowSurrogate(c) ? Character.toCodePoint((char) high, c) : c;
        high = -1;
        if (previous >= 0 && Sources.endsYamlLine(previous, point)) {
          newLine(at);
          column = 0;
        }
        if (point == 0 && nul == null) {
          nul = new Origin(file, lines, column + 1);
        }
        if ((point == 0x85 || point == 0x2028 || point == 0x2029) && odd == null) {
          odd = new YamlLoader.OddBreak(lines, (char) point);
        }
        nel |= point == 0x85;
        boolean noted = !references.isEmpty() && references.get(references.size() - 1) == lines;
        if (previous == '$' && point == '{' && !noted) {
          references.add(lines);
        }
        if (unprintable < 0 && !StreamReader.isPrintable(point)) {
          unprintable = index;
        }
        if (index > 0 || point != 0xFEFF) {
          column++;
        }
        at += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
        index++;
        previous = point;
      }
      out.clear();
      if (result.isError()) {
        // A line ends at the character after its break, which this byte cannot start: it starts the next line.
        Origin where = previous == '\r' || previous >= 0 && Sources.endsYamlLine(previous, -1)
            ? new Origin(file, lines + 1, 1) : new Origin(file, lines, column + 1);
        throw new UserError(ConfigLoader.notUtf8(where, in, end));
      }
    } while (!end || result.isOverflow());
    if (previous >= 0 && Sources.endsYamlLine(previous, -1)) {
      newLine(at);
    }
    counted = at;
    if (nul != null) {
      throw new UserError(ConfigLoader.nulByte(nul));
    }
  }

  private void newLine(int start) {
    if (lines == starts.length) {
      starts = Arrays.copyOf(starts, lines * 2);
    }
    starts[lines++] = start;
  }

  /** The text, read anew: it is UTF-8, without NUL bytes. */
  Reader reader() throws IOException {
    CRC32 sum = new CRC32();
    second = null;
    return new InputStreamReader(new CheckedInputStream(bytes.open(), sum) {
      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        int read = super.read(b, off, len);
        if (read < 0) {
          second = sum;
        }
        return read;
      }
    }, StandardCharsets.UTF_8);
  }

  /**
   * Ends with an error when the file is no longer what was read (its size, the time it was written, or the sum
   * of its bytes changed): what was parsed may be of neither version, and a quoted line would be read from the
   * new one.
   */
  void unchanged(String file) {
    if (changed()) {
      throw new UserError(Diagnostic.error(Origin.of(file), "", "file-changed", "the file changed while it was read",
          "run the command again once the file is written (a tool that writes it to another name and then renames"
              + " it never leaves it half written)"));
    }
  }

  private boolean changed() {
    try {
      return counted != bytes.size() || bytes.changed() || second != null && second.getValue() != first.getValue();
    } catch (IOException e) {
      return true;
    }
  }

  /** The index of the first code point that YAML does not allow, or -1. */
  int unprintable() {
    return unprintable;
  }

  /** The text whole, for the rare use that needs it all (a file that failed to parse). */
  String whole() throws IOException {
    return new String(bytes.read(0, bytes.size()), StandardCharsets.UTF_8);
  }

  /**
   * Gives {@code each} the lines that hold {@code $&#123;} (a reference to a variable is on one line), in order,
   * read in one pass: a node list may have a million of them.
   */
  void eachLineWithReferences(Consumer<String> each) throws IOException {
    try (InputStream in = new BufferedInputStream(bytes.open(), 65536)) {
      long at = 0;
      for (int line : references) {
        int start = starts[line - 1];
        in.skipNBytes(start - at);
        byte[] read = in.readNBytes(end(line) - start);
        at = start + read.length;
        each.accept(text(line, read));
      }
    }
  }

  @Override
  public boolean hasNel() {
    return nel;
  }

  @Override
  public YamlLoader.OddBreak firstOddBreak() {
    return odd;
  }

  @Override
  public String line(int line) {
    if (line < 1 || line > lines || changed()) {
      // A line of a file that changed could be another than the one the diagnostic is about.
      return null;
    }
    int start = starts[line - 1];
    byte[] read;
    try {
      read = bytes.read(start, end(line) - start);
    } catch (IOException e) {
      // Only a quote is lost: the diagnostic keeps its place.
      return null;
    }
    return text(line, read);
  }

  /** Where {@code line} ends, its break included, in bytes. */
  private int end(int line) {
    return line < lines ? starts[line] : bytes.size();
  }

  /** The text of {@code line}, from its bytes {@code read}, without its break. */
  private String text(int line, byte[] read) {
    int from = line == 1 && Arrays.equals(read, 0, Math.min(3, read.length), BOM, 0, 3) ? 3 : 0;
    String text = new String(read, from, read.length - from, StandardCharsets.UTF_8);
    if (line < lines) {
      // The break that ends it, one character: a CR before an LF goes below, as Sources#lines drops it.
      text = text.substring(0, text.length() - 1);
    }
    return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
  }
}

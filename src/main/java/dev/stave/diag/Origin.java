package dev.stave.diag;

/**
 * Where a value came from: a file (as the user named it, relative where possible), a 1-based line and
 * a 1-based column. Never null on a diagnostic; a problem with a whole file points at line 1, column 1.
 */
public record Origin(String file, int line, int column) implements Comparable<Origin> {

  public Origin {
    if (file == null) {
      throw new IllegalArgumentException("origin needs a file");
    }
    line = Math.max(line, 1);
    column = Math.max(column, 1);
  }

  public static Origin of(String file) {
    return new Origin(file, 1, 1);
  }

  @Override
  public int compareTo(Origin other) {
    int byFile = file.compareTo(other.file);
    if (byFile != 0) {
      return byFile;
    }
    int byLine = Integer.compare(line, other.line);
    return byLine != 0 ? byLine : Integer.compare(column, other.column);
  }

  @Override
  public String toString() {
    return file + ":" + line + ":" + column;
  }
}

package dev.stave.diag;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where a value came from: a file (as the user named it, relative where possible), a 1-based line and
 * a 1-based column. Never null on a diagnostic; a problem with a whole file points at line 1, column 1.
 *
 * <p>{@code copied} says where a value that is used here through a YAML alias or a HOCON substitution is
 * written ("the anchor &amp;s at 3:12"), else null: the place is where the value was given to its key, which
 * the user changes to give it another, and the note leads to the copied value itself. {@code copy} says which
 * of the two places this is, so that no caller reads it from the note's words.
 */
public record Origin(String file, int line, int column, String copied, Copy copy) implements Comparable<Origin> {

  /** Whether a place has to do with a copied value: not at all, where the copy is made, or inside the value. */
  public enum Copy {
    NONE,
    /** The YAML alias or HOCON substitution that copies the value here ({@link #copiedFrom}). */
    MADE_HERE,
    /** A place inside a value written once and copied elsewhere ({@link #copiedBy}). */
    INSIDE
  }

  public Origin {
    if (file == null) {
      throw new IllegalArgumentException("origin needs a file");
    }
    if ((copied == null) != (copy == Copy.NONE)) {
      throw new IllegalArgumentException("a copied origin needs its note, and only it");
    }
    line = Math.max(line, 1);
    column = Math.max(column, 1);
  }

  public Origin(String file, int line, int column) {
    this(file, line, column, null, Copy.NONE);
  }

  public static Origin of(String file) {
    return new Origin(file, 1, 1);
  }

  /**
   * This place, of a value copied from {@code from}, which {@code what} names ("the anchor &amp;s"): the note
   * says where that is, by line and column in this file, else by file too.
   */
  public Origin copiedFrom(String what, Origin from) {
    return copiedFrom(Map.of(what, from));
  }

  /** This place, of a value joined from several, each named ("${a}") with where it is written, in order. */
  public Origin copiedFrom(Map<String, Origin> sources) {
    List<String> each = new ArrayList<>();
    sources.forEach((what, from) -> each.add(what + " at " + where(from)));
    return new Origin(file, line, column, "the value comes from " + Words.and(each), Copy.MADE_HERE);
  }

  /** Whether this is where a copy is made ({@link #copiedFrom}), not a place inside the value copied. */
  public boolean copies() {
    return copy == Copy.MADE_HERE;
  }

  /**
   * This place, of a value inside one that {@code what} ("${a}") copies to another key at {@code by}: the value is
   * written here once, and an error in the copy is the copy's, so the note says which use made it.
   */
  public Origin copiedBy(String what, Origin by) {
    return new Origin(file, line, column, "the value is copied by " + what + " at " + where(by), Copy.INSIDE);
  }

  /** {@code other} as a note names it: by line and column in this file, else by file too. */
  private String where(Origin other) {
    return other.file.equals(file) ? other.line + ":" + other.column : other.toString();
  }

  /** This place as a message at {@code from} names it: line and column in the same file, else file too. */
  public String place(Origin from) {
    return from.where(this);
  }

  @Override
  public int compareTo(Origin other) {
    int byFile = file.compareTo(other.file);
    if (byFile != 0) {
      return byFile;
    }
    int byLine = Integer.compare(line, other.line);
    if (byLine != 0) {
      return byLine;
    }
    int byColumn = Integer.compare(column, other.column);
    return byColumn != 0 ? byColumn
        : java.util.Comparator.nullsFirst(String::compareTo).compare(copied, other.copied);
  }

  @Override
  public String toString() {
    return file + ":" + line + ":" + column;
  }
}

package dev.stave.diag;

import java.util.ArrayList;
import java.util.List;

/** Collects every problem of a run so that they are reported together instead of one at a time. */
public final class Diagnostics {
  private final List<Diagnostic> items = new ArrayList<>();

  public void add(Diagnostic diagnostic) {
    items.add(diagnostic);
  }

  public void addAll(List<Diagnostic> diagnostics) {
    items.addAll(diagnostics);
  }

  public boolean hasErrors() {
    return items.stream().anyMatch(Diagnostic::isError);
  }

  /** Every diagnostic, sorted by file and line, without repeats. */
  public List<Diagnostic> sorted() {
    return items.stream().distinct().sorted().toList();
  }

  /** Throws a {@link UserError} carrying everything collected so far when any of it is an error. */
  public void throwIfErrors() {
    if (hasErrors()) {
      throw new UserError(sorted());
    }
  }
}

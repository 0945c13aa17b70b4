package dev.stave.diag;

import java.util.Locale;

public enum Severity {
  ERROR,
  WARNING,
  NOTE;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}

package dev.stave.compile;

/** What the command line adds to a compile beyond the configs themselves. */
public record CompileOptions() {
  public static CompileOptions defaults() {
    return new CompileOptions();
  }
}

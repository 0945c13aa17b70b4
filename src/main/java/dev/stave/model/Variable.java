package dev.stave.model;

import dev.stave.config.ScalarNode;

/**
 * A value of a place that takes anything (an override) written as environment variables alone ({@code ${V}}):
 * what the advice about a value the Kubernetes check refuses says of it.
 */
public record Variable(ScalarNode value) {
  /** The reference as written ({@code ${V}}). */
  public String written() {
    return value.variable();
  }

  /**
   * The same written so that its value is text wherever it is ({@code "${V}"} in YAML, {@code ""${V}} in
   * HOCON), null where the file does not tell the reference.
   */
  public String asText() {
    return value.variableAsText();
  }

  /** How to set its variables so that they make {@code expected} ("set V to an integer"). */
  public String setTo(String expected) {
    return value.variablesHint(expected);
  }

  /** Whether its value is empty, which a place that takes anything reads as null. */
  public boolean empty() {
    return value.text().isEmpty();
  }

  /** V of HOCON's {@code ${?V}}, which leaves the field out while V is unset; else null. */
  public String optional() {
    return value.references().size() == 1 && written().startsWith("${?") ? value.references().get(0).name() : null;
  }

}

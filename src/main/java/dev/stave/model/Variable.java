package dev.stave.model;

import dev.stave.config.ScalarNode;

/**
 * A value of a place that takes anything (an override) written as environment variables alone ({@code ${V}}),
 * or written in quotes as the text of one in HOCON ({@code "${V}"}, which HOCON does not substitute): what the
 * advice about a value the Kubernetes check refuses says of it.
 */
public record Variable(ScalarNode value) {
  /** The reference as written ({@code ${V}}). */
  public String written() {
    return value.variable() != null ? value.variable() : value.quotedReference();
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

  /** Whether it is HOCON's quoted text of a reference rather than the variable's value. */
  public boolean literal() {
    return value.variable() == null;
  }

  /** Whether its value is empty, which a place that takes anything reads as null. */
  public boolean empty() {
    return value.text().isEmpty();
  }

  /** V of HOCON's {@code ${?V}}, which leaves the field out while V is unset; else null. */
  public String optional() {
    return value.references().size() == 1 && written().startsWith("${?") ? value.references().get(0).name() : null;
  }

  /**
   * What YAML's quotes made text would be written without them: the number or boolean ({@code "${V}"} with
   * V=3 is the text "3", where {@code ${V}} is the number 3), else null.
   */
  public Object unquoted() {
    Object plain = value.isString() && !literal() ? value.asPlain().value() : null;
    return plain instanceof String ? null : plain;
  }
}

package dev.stave.config;

import dev.stave.diag.Origin;

/**
 * A config value with the place it came from. Loaders turn YAML and HOCON into this tree, so nothing
 * after loading sees SnakeYAML or Typesafe Config types.
 */
public sealed interface Node permits MapNode, ListNode, ScalarNode {
  Origin origin();

  /** A short name of the value's type, for messages: "a map", "a list", "a string", ... */
  String describe();
}

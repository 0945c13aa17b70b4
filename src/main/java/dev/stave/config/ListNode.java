package dev.stave.config;

import dev.stave.diag.Origin;
import java.util.List;

public record ListNode(List<Node> items, Origin origin) implements Node {

  public ListNode {
    items = List.copyOf(items);
  }

  @Override
  public String describe() {
    return "a list";
  }
}

package dev.stave.render;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Walks two value trees in step, maps entry by entry in their order and lists item by item, and asks
 * {@link Leaf} about every key and every node that is not a collection on the left. The read-back
 * checks compare a tree with holes against a tree read back this way.
 */
final class InStep {
  private InStep() {}

  /** Decides a key, or a node of the left tree that is not a map or list, in a place. */
  interface Leaf {
    boolean same(Object left, Object right, char place);
  }

  static boolean same(Object left, Object right, char place, Leaf leaf) {
    if (left instanceof Map<?, ?> l) {
      if (!(right instanceof Map<?, ?> r) || l.size() != r.size()) {
        return false;
      }
      Iterator<? extends Map.Entry<?, ?>> in = r.entrySet().iterator();
      for (Map.Entry<?, ?> e : l.entrySet()) {
        Map.Entry<?, ?> other = in.next();
        if (!leaf.same(e.getKey(), other.getKey(), ScalarTokens.KEY)
            || !same(e.getValue(), other.getValue(), ScalarTokens.VALUE, leaf)) {
          return false;
        }
      }
      return true;
    }
    if (left instanceof List<?> l) {
      if (!(right instanceof List<?> r) || l.size() != r.size()) {
        return false;
      }
      Iterator<?> in = r.iterator();
      for (Object item : l) {
        if (!same(item, in.next(), ScalarTokens.ITEM, leaf)) {
          return false;
        }
      }
      return true;
    }
    return leaf.same(left, right, place);
  }
}

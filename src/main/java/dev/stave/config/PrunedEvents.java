package dev.stave.config;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionEndEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.MappingStartEvent;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.events.SequenceEndEvent;
import org.yaml.snakeyaml.events.SequenceStartEvent;
import org.yaml.snakeyaml.parser.Parser;

/**
 * A parser's events without the map entries that {@link KeptEntries} leaves out: the key's event and
 * every event of its value are read and dropped as they come, so the composer never builds them and they are
 * never held (an entry of 1.5 million annotations, held as events to look for anchors, took 900 MB). What
 * is kept may use an anchor of an entry left out through an alias, so an entry that defines one is kept,
 * its value a list of the anchored nodes it holds, each whole: every anchor is there, and nothing else
 * of what is left out.
 */
final class PrunedEvents implements Parser {
  private final Parser parser;
  private final KeptEntries keep;
  /** The lists and maps being read, innermost first. */
  private final Deque<Open> open = new ArrayDeque<>();
  /** The next event to hand out, once looked at; null before. */
  private Event next;
  /** The events of an entry that was to be left out but defines an anchor, to hand out in turn. */
  private final Deque<Event> kept = new ArrayDeque<>();

  private static final class Open {
    final String path;
    final boolean map;
    /** In a map: whether the next node is a key. */
    boolean atKey = true;
    /** In a map: the key of the value being read, or null for a key that is no plain string. */
    String key;

    Open(String path, boolean map) {
      this.path = path;
      this.map = map;
    }
  }

  PrunedEvents(Parser parser, KeptEntries keep) {
    this.parser = parser;
    this.keep = keep;
  }

  @Override
  public boolean checkEvent(Event.ID choice) {
    Event event = peekEvent();
    return event != null && event.is(choice);
  }

  @Override
  public Event peekEvent() {
    if (next == null) {
      next = advance();
    }
    return next;
  }

  @Override
  public Event getEvent() {
    Event event = peekEvent();
    next = null;
    return event;
  }

  private Event advance() {
    Event event = kept.poll();
    if (event == null) {
      event = parser.getEvent();
      Open in = open.peek();
      while (in != null && in.map && in.atKey && event instanceof ScalarEvent key
          && !keep.keep(in.path, key.getValue())) {
        List<Event> value = anchoredNodes(key);
        if (!value.isEmpty()) {
          kept.addAll(value);
          break;
        }
        event = parser.getEvent();
      }
    }
    follow(event, open.peek());
    return event;
  }

  private static boolean anchored(Event event) {
    return event instanceof NodeEvent node && !(event instanceof AliasEvent) && node.getAnchor() != null;
  }

  /** Keeps track of where {@code event} is: which map's key or value, or which list's item. */
  private void follow(Event event, Open in) {
    if (event instanceof CollectionEndEvent) {
      open.pop();
      return;
    }
    if (!(event instanceof NodeEvent)) {
      return;
    }
    String child = null;
    if (in != null && in.map) {
      if (in.atKey) {
        in.key = event instanceof ScalarEvent key ? key.getValue() : null;
      } else {
        child = in.key;
      }
      in.atKey = !in.atKey;
    } else if (in != null) {
      child = "[]";
    }
    if (event instanceof CollectionStartEvent) {
      String path = in == null ? "" : (in.path.isEmpty() ? "" : in.path + ".") + (child == null ? "?" : child);
      open.push(new Open(path, event instanceof MappingStartEvent));
    }
  }

  /**
   * Reads the value of {@code key} (a scalar or an alias, or a list or map to its end) and drops it but for
   * the nodes in it that define an anchor: the events that stand for it then, which are the value whole
   * when it defines one itself, or else a list of those nodes; none when neither the key nor the value
   * defines one.
   */
  private List<Event> anchoredNodes(ScalarEvent key) {
    List<Event> events = new ArrayList<>();
    int depth = 0;
    // The depth at which the anchored node being kept starts; -1 when none is.
    int keeping = -1;
    do {
      Event event = parser.getEvent();
      if (keeping < 0 && anchored(event)) {
        keeping = depth;
      }
      if (keeping >= 0) {
        events.add(event);
      }
      if (event instanceof CollectionStartEvent) {
        depth++;
      } else if (event instanceof CollectionEndEvent) {
        depth--;
      }
      if (keeping == depth) {
        keeping = -1;
        if (depth == 0) {
          return events;
        }
      }
    } while (depth > 0);
    if (!events.isEmpty() || anchored(key)) {
      // A mark of its own: a list's start mark tells its aliases apart (YamlLoader.LastEvent).
      Mark at = events.isEmpty() ? key.getEndMark() : events.get(0).getStartMark();
      Mark start = new Mark(at.getName(), at.getIndex(), at.getLine(), at.getColumn(), at.getBuffer(), at.getPointer());
      events.add(0, new SequenceStartEvent(null, null, true, start, start, DumperOptions.FlowStyle.BLOCK));
      events.add(new SequenceEndEvent(start, start));
    }
    return events;
  }
}

package dev.stave.compile;

import dev.stave.diag.Diagnostic;
import dev.stave.diag.Origin;
import dev.stave.model.Experiment;
import dev.stave.model.Names;
import dev.stave.model.PodUnit;
import dev.stave.model.Process;
import dev.stave.model.ServicePort;
import dev.stave.diag.Suggest;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Binds, connects and exposes resolved to Services with ports. Symphony: explicit ports are reserved
 * first; the others take the lowest free port of the range, exposed names before bound ones, and here
 * in sorted name order so that the result does not depend on how the config was written.
 */
final class Services {
  record Entry(String name, String objectName, int port, boolean exposed, Origin origin) {}

  private final TreeMap<String, Entry> entries;

  private Services(TreeMap<String, Entry> entries) {
    this.entries = entries;
  }

  List<Entry> entries() {
    return new ArrayList<>(entries.values());
  }

  int port(String name) {
    return entries.get(name).port();
  }

  static String bindLabel(String service) {
    return "bind.stave.dev/" + service;
  }

  static String exposeLabel(String service) {
    return "expose.stave.dev/" + service;
  }

  static Map<String, String> selector(String bundle, Entry service) {
    TreeMap<String, String> selector = new TreeMap<>();
    selector.put(Labels.BUNDLE, bundle);
    selector.put(service.exposed() ? exposeLabel(service.name()) : bindLabel(service.name()), "true");
    return selector;
  }

  private record Declared(String name, Integer port, Origin origin, boolean exposed, String path) {}

  static Services allocate(Experiment experiment, List<Diagnostic> problems) {
    TreeMap<String, Declared> exposed = new TreeMap<>();
    TreeMap<String, Declared> bound = new TreeMap<>();
    List<Declared> connects = new ArrayList<>();
    for (PodUnit unit : experiment.units()) {
      for (Process p : unit.processes()) {
        String path = (unit.group() ? "process_groups." + unit.given() + ".processes." : "processes.") + p.given();
        for (ServicePort s : p.exposes()) {
          declare(exposed, new Declared(s.name(), s.port(), s.origin(), true, path + ".exposes"), problems);
        }
        for (ServicePort s : p.binds()) {
          declare(bound, new Declared(s.name(), s.port(), s.origin(), false, path + ".binds"), problems);
        }
        for (ServicePort s : p.connects()) {
          connects.add(new Declared(s.name(), null, s.origin(), false, path + ".connects"));
        }
      }
    }
    for (Declared d : bound.values()) {
      Declared e = exposed.get(d.name());
      if (e != null) {
        problems.add(Diagnostic.error(d.origin(), d.path(), "service-both",
            "service '" + d.name() + "' is both bound and exposed (exposed at line " + e.origin().line() + ")",
            "give the exposed service another name"));
      }
    }
    for (Declared c : connects) {
      Declared exposedOnly = exposed.get(c.name());
      if (!bound.containsKey(c.name()) && exposedOnly != null) {
        // Binding it too would be an error (service-both); every container already has its address.
        problems.add(Diagnostic.error(c.origin(), c.path(), "connect-unbound",
            "connects to '" + c.name() + "', which no process binds (it is only exposed)",
            "remove it from connects: every container already has its address in SYMPH_"
                + variablePart(c.name()) + "_ADDR",
            "or, if only the cluster needs to reach it, change " + exposedOnly.path() + " to binds"));
      } else if (!bound.containsKey(c.name())) {
        List<String> names = new ArrayList<>(bound.keySet());
        String suggestion = Suggest.closest(c.name(), names);
        String hint = suggestion != null ? "did you mean '" + suggestion + "'?"
            : names.isEmpty() ? "add 'binds = [" + c.name() + "]' to the process that serves it"
            : "bound services: " + String.join(", ", names);
        problems.add(Diagnostic.error(c.origin(), c.path(), "connect-unbound",
            "connects to '" + c.name() + "', which no process binds", hint));
      }
    }
    int first = experiment.portFirst();
    int last = experiment.portLast();
    BitSet used = new BitSet();
    Map<Integer, Declared> explicit = new HashMap<>();
    List<Declared> all = new ArrayList<>(exposed.values());
    all.addAll(bound.values());
    for (Declared d : all) {
      if (d.port() != null) {
        Declared other = explicit.putIfAbsent(d.port(), d);
        if (other != null) {
          problems.add(Diagnostic.error(d.origin(), d.path(), "port-twice",
              "port " + d.port() + " is used twice: by '" + d.name() + "' and by '" + other.name() + "' (line "
                  + other.origin().line() + ")",
              "give one of them another port, or leave its port out to have one allocated"));
        }
        used.set(d.port());
      }
    }
    TreeMap<String, Entry> entries = new TreeMap<>();
    int next = first;
    for (Declared d : all) {
      int port;
      if (d.port() != null) {
        port = d.port();
      } else {
        next = used.nextClearBit(next);
        if (next > last) {
          problems.add(Diagnostic.error(d.origin(), d.path(), "ports-exhausted",
              "no free port is left in port_range " + first + "-" + last + " for '" + d.name() + "'",
              "widen port_range, or give some services explicit ports outside it"));
          continue;
        }
        port = next;
        used.set(port);
      }
      Entry entry = new Entry(d.name(), experiment.name() + "-" + d.name(), port, d.exposed(), d.origin());
      if (entries.putIfAbsent(d.name(), entry) == null && entry.objectName().length() > Names.MAX_LABEL) {
        problems.add(Diagnostic.error(d.origin(), d.path(), "name-too-long",
            "the Service name '" + entry.objectName() + "' would be " + entry.objectName().length()
                + " characters, more than Kubernetes allows (63)",
            "shorten the experiment's or the service's name"));
      }
    }
    if (!entries.isEmpty()) {
      Names.serviceNameStart(experiment.name(), entries.firstEntry().getValue().objectName(),
          experiment.nameOrigin(), "name").ifPresent(problems::add);
    }
    return new Services(entries);
  }

  /** A name bound by several pods is one Service selecting them all, so their ports must agree. */
  private static void declare(TreeMap<String, Declared> into, Declared d, List<Diagnostic> problems) {
    Declared existing = into.get(d.name());
    if (existing == null) {
      into.put(d.name(), d);
      return;
    }
    if (existing.port() == null) {
      into.put(d.name(), d);
    } else if (d.port() != null && !d.port().equals(existing.port())) {
      problems.add(Diagnostic.error(d.origin(), d.path(), "port-conflict",
          "'" + d.name() + "' is given port " + d.port() + " here and port " + existing.port() + " at line "
              + existing.origin().line(),
          "use the same port everywhere the name is bound, or leave it out in all but one place"));
    }
  }

  /** A service's part of its SYMPH_<NAME>_HOST, _PORT and _ADDR variables, as Symphony names them. */
  static String variablePart(String service) {
    return service.toUpperCase(Locale.ROOT).replace('-', '_');
  }
}

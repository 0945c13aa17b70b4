package dev.stave.plan;

import dev.stave.bundle.KindOrder;
import dev.stave.compile.Compiled;
import dev.stave.compile.Placements;
import dev.stave.compile.PlannedObject;
import dev.stave.dispatch.Dispatcher;
import dev.stave.dispatch.Placement;
import dev.stave.dispatch.PoolUsage;
import dev.stave.model.Benchmark;
import dev.stave.model.Experiment;
import dev.stave.model.MarsCluster;
import dev.stave.model.Provenance;
import dev.stave.model.RunSpec;
import dev.stave.model.SweepGrid;
import dev.stave.model.PodUnit;
import dev.stave.model.Process;
import dev.stave.model.ServicePort;
import dev.stave.model.Toleration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * What a compile would create and why, for review before anything is applied: the objects, each
 * process's placement and resources, the services and their addresses, and each pool's capacity.
 */
public record Plan(String bundle, String namespace, String model, String inventory, List<String> objects,
    List<ProcessPlan> processes, List<ServicePlan> services, List<PoolUsage> pools, List<Provenance.Entry> provenance,
    List<SweepGrid.Point> points, MarsCluster cluster, Benchmark benchmark) {

  public Plan {
    provenance = List.copyOf(provenance);
    points = points.stream().sorted(Comparator.comparing(SweepGrid.Point::text)).toList();
  }

  /** With mrunner's additions: where each context-aware value came from, and the sweep's points. */
  public Plan withRun(RunSpec run) {
    List<Provenance.Entry> entries = run.defaults() == null ? List.of() : run.defaults().provenance().entries();
    List<SweepGrid.Point> sweep = run.sweep() == null ? List.of() : run.sweep().points();
    return new Plan(bundle, namespace, model, inventory, objects, processes, services, pools, entries, sweep, cluster,
        benchmark);
  }

  /** A Mars cluster's plan: its roles, sizes and readiness rule. */
  public static Plan of(Compiled compiled, MarsCluster cluster) {
    Plan p = of(compiled, null, Dispatcher.Result.none());
    return new Plan(p.bundle, cluster.namespace(), null, null, p.objects, List.of(), p.services, List.of(), List.of(),
        List.of(), cluster, null);
  }

  /** A benchmark's plan: its engine, processes, workers, output and setup. */
  public static Plan of(Compiled compiled, Benchmark benchmark) {
    Plan p = of(compiled, null, Dispatcher.Result.none());
    return new Plan(p.bundle, benchmark.namespace(), null, null, p.objects, List.of(), p.services, List.of(),
        List.of(), List.of(), null, benchmark);
  }

  /** One container: {@code unit} is its pod (the group, or the process itself). */
  public record ProcessPlan(String unit, boolean grouped, String name, String workload, int replicas, String image,
      String pool, SortedMap<String, String> requests, SortedMap<String, String> limits,
      SortedMap<String, String> nodeSelector, List<Toleration> tolerations, List<String> binds, List<String> connects,
      List<String> exposes) {}

  public record ServicePlan(String name, String type, String address, int port) {}

  public static Plan of(Compiled compiled, Experiment experiment, Dispatcher.Result dispatch) {
    List<String> objects = new ArrayList<>();
    List<ServicePlan> services = new ArrayList<>();
    // In the order of the bundle's files, which apply follows.
    List<PlannedObject> ordered = new ArrayList<>(compiled.objects());
    ordered.sort(KindOrder.installOrder(PlannedObject::kind, PlannedObject::namespace, PlannedObject::name));
    for (PlannedObject o : ordered) {
      objects.add(o.kind() + " " + (o.namespace() == null ? "" : o.namespace() + "/") + o.name());
      if (o.kind().equals("Service")) {
        // Every port: a Dask scheduler's Service has its dashboard next to the scheduler's own port.
        for (Object entry : (List<?>) o.data().get("ports")) {
          Map<?, ?> port = (Map<?, ?>) entry;
          int number = ((Number) port.get("port")).intValue();
          services.add(new ServicePlan((String) port.get("name"), (String) o.data().get("type"),
              o.name() + "." + o.namespace() + ".svc:" + number, number));
        }
      }
    }
    List<ProcessPlan> processes = new ArrayList<>();
    if (experiment != null) {
      for (PodUnit unit : experiment.units()) {
        Placement placement = dispatch.placements().get(unit.name());
        for (Process p : unit.processes()) {
          var resources = Placements.resources(placement, p);
          processes.add(new ProcessPlan(unit.name(), unit.group(), p.name(),
              unit.pod().workload().name().toLowerCase(java.util.Locale.ROOT), unit.pod().replicas(), p.image(),
              placement == null ? null : placement.pool(), resources.requests(), resources.limits(),
              Placements.nodeSelector(placement, unit.pod().nodeSelector()),
              Placements.tolerations(placement, unit.pod().tolerations()), names(p.binds()), names(p.connects()),
              names(p.exposes())));
        }
      }
    }
    return new Plan(compiled.bundle(), experiment == null ? null : experiment.namespace(), dispatch.model(),
        dispatch.inventory() == null ? null : dispatch.inventory().file(), objects, processes, services,
        dispatch.usage(), List.of(), List.of(), null, null);
  }

  private static List<String> names(List<ServicePort> ports) {
    return ports.stream().map(ServicePort::name).toList();
  }
}

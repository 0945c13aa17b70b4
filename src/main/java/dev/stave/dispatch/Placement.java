package dev.stave.dispatch;

import dev.stave.diag.Origin;
import dev.stave.model.Resources;
import dev.stave.model.Toleration;
import java.util.List;
import java.util.SortedMap;

/**
 * Where one pod unit goes: its pool, the pod's node selector and tolerations, and the requests and
 * limits of each scheduled container (by container name).
 */
public record Placement(String unit, String pool, SortedMap<String, String> nodeSelector, List<Toleration> tolerations,
    SortedMap<String, Resources> containers, Origin origin) {}

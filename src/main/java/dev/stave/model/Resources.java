package dev.stave.model;

import java.util.SortedMap;

/** Canonical quantities by Kubernetes resource name ({@code cpu}, {@code memory}, {@code nvidia.com/gpu}). */
public record Resources(SortedMap<String, String> requests, SortedMap<String, String> limits) {

  public boolean isEmpty() {
    return requests.isEmpty() && limits.isEmpty();
  }
}

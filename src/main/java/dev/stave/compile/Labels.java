package dev.stave.compile;

import java.util.Map;
import java.util.TreeMap;

/** The labels stave owns (README, Labels); selectors use only these, since selectors cannot change later. */
public final class Labels {
  public static final String MANAGED_BY = "app.kubernetes.io/managed-by";
  public static final String PART_OF = "app.kubernetes.io/part-of";
  public static final String COMPONENT = "app.kubernetes.io/component";
  public static final String BUNDLE = "stave.dev/bundle";
  /** Annotations that tell {@code apply --wait} a workload's readiness rule (read in bundle and apply). */
  public static final String MIN_READY = "stave.dev/min-ready";
  public static final String WAIT_TIMEOUT = "stave.dev/wait-timeout";
  /** A pod-template annotation: the SHA-256 of the ConfigMap the pods mount, so a change rolls them out. */
  public static final String CONFIG_HASH = "stave.dev/config-hash";

  private Labels() {}

  /** The labels of every object of a bundle, with the user's labels. */
  public static TreeMap<String, String> common(String bundle, Map<String, String> user) {
    TreeMap<String, String> labels = new TreeMap<>(user);
    labels.put(MANAGED_BY, "stave");
    labels.put(PART_OF, bundle);
    labels.put(BUNDLE, bundle);
    return labels;
  }

  /**
   * The labels of an object several bundles share, such as a project's Namespace: no bundle label, so
   * that no bundle's prune can delete it and no two bundles fight over its labels.
   */
  public static TreeMap<String, String> shared() {
    TreeMap<String, String> labels = new TreeMap<>();
    labels.put(MANAGED_BY, "stave");
    return labels;
  }

  public static TreeMap<String, String> withComponent(String bundle, Map<String, String> user, String component) {
    TreeMap<String, String> labels = common(bundle, user);
    labels.put(COMPONENT, component);
    return labels;
  }

  public static TreeMap<String, String> selector(String bundle, String component) {
    TreeMap<String, String> selector = new TreeMap<>();
    selector.put(BUNDLE, bundle);
    selector.put(COMPONENT, component);
    return selector;
  }
}

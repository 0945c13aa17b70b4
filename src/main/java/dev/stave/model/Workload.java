package dev.stave.model;

import java.util.Locale;

/** What runs a pod template: a Job (mrunner's default), a bare Pod (Symphony's) or a Deployment. */
public enum Workload {
  JOB,
  POD,
  DEPLOYMENT;

  public static Workload parse(String text) {
    return valueOf(text.toUpperCase(Locale.ROOT));
  }
}

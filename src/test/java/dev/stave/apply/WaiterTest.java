package dev.stave.apply;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How --wait judges one live workload. */
class WaiterTest {
  private static Map<String, Object> deployment(long replicas, long ready, boolean deadlineExceeded) {
    Map<String, Object> status = new java.util.LinkedHashMap<>(Map.of("observedGeneration", 1L,
        "updatedReplicas", replicas, "readyReplicas", ready, "availableReplicas", ready));
    if (deadlineExceeded) {
      status.put("conditions", List.of(Map.of("type", "Progressing", "status", "False",
          "reason", "ProgressDeadlineExceeded")));
    }
    return Map.of("metadata", Map.of("generation", 1L), "spec", Map.of("replicas", replicas), "status", status);
  }

  @Test
  void aMinimumOfReadyReplicasIsEnough() {
    assertEquals(new Waiter.State(true, false, "95/100 ready, 95 needed"),
        Waiter.of("Deployment", deployment(100, 95, false), 95L));
    assertEquals(new Waiter.State(false, false, "94/100 ready, 95 needed"),
        Waiter.of("Deployment", deployment(100, 94, false), 95L));
    assertEquals(new Waiter.State(false, false, "95/100 available"),
        Waiter.of("Deployment", deployment(100, 95, false)));
  }

  @Test
  void theMinimumIsNeverMoreThanTheDeploymentWants() {
    assertEquals(new Waiter.State(true, false, "3/3 ready, 3 needed"),
        Waiter.of("Deployment", deployment(3, 3, false), 95L));
  }

  @Test
  void aStalledRolloutFailsUnlessTheMinimumIsMet() {
    assertEquals(new Waiter.State(true, false, "95/100 ready, 95 needed"),
        Waiter.of("Deployment", deployment(100, 95, true), 95L));
    assertEquals(new Waiter.State(false, true, "its rollout exceeded its progress deadline"),
        Waiter.of("Deployment", deployment(100, 90, true), 95L));
    assertEquals(new Waiter.State(false, true, "its rollout exceeded its progress deadline"),
        Waiter.of("Deployment", deployment(100, 95, true)));
  }

  /**
   * A failed Job was "the Job failed", without which limit ended it or where to look: the Failed condition's
   * reason and message are shown, escaped as the server's text is, and its pods' logs named.
   */
  @Test
  void aFailedJobSaysWhyAndWhereToLook() {
    Map<String, Object> failed = Map.of("status", Map.of("failed", 7L, "conditions", List.of(
        Map.of("type", "FailureTarget", "status", "True", "reason", "BackoffLimitExceeded"),
        Map.of("type", "Failed", "status", "True", "reason", "BackoffLimitExceeded",
            "message", "Job has reached the specified backoff limit\u001b[2J"))));
    assertEquals(new Waiter.State(false, true, "the Job failed (BackoffLimitExceeded: Job has reached the specified"
        + " backoff limit\\u001b[2J); its pods' logs say why (kubectl logs job/NAME -n NAMESPACE)"),
        Waiter.of("Job", failed));
    assertEquals(new Waiter.State(false, true, "the Job failed; its pods' logs say why (kubectl logs job/NAME -n"
        + " NAMESPACE)"), Waiter.of("Job", Map.of("status", Map.of("conditions", List.of(
            Map.of("type", "Failed", "status", "True"))))));
    assertEquals(new Waiter.State(false, true, "the Job failed; its pods' logs say why (kubectl logs job/train -n"
        + " team)"), Waiter.of("Job", Map.of("metadata", Map.of("name", "train", "namespace", "team"),
            "status", Map.of("conditions", List.of(Map.of("type", "Failed", "status", "True"))))));
  }

  @Test
  void aDaskJobByItsJobStatus() {
    assertEquals(new Waiter.State(false, false, "ClusterCreated"),
        Waiter.of("DaskJob", Map.of("status", Map.of("jobStatus", "ClusterCreated"))));
    assertEquals(new Waiter.State(true, false, "started"),
        Waiter.of("DaskJob", Map.of("status", Map.of("jobStatus", "Successful"))));
    assertEquals(new Waiter.State(false, true, "the DaskJob failed"),
        Waiter.of("DaskJob", Map.of("status", Map.of("jobStatus", "Failed"))));
    assertEquals(new Waiter.State(false, false, "not started"), Waiter.of("DaskJob", Map.of()));
  }
}

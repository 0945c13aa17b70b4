<#import "lib.ftl" as k>
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: <@k.metadata .data_model/>
spec:
  scaleTargetRef: {apiVersion: "apps/v1", kind: "Deployment", name: ${target}}
  minReplicas: ${minReplicas?c?no_esc}
  maxReplicas: ${maxReplicas?c?no_esc}
  metrics:
  - type: "Resource"
    resource:
      name: "cpu"
      target: {type: "Utilization", averageUtilization: ${cpuUtilization?c?no_esc}}

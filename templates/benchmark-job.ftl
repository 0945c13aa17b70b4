<#import "lib.ftl" as k>
<#-- A run-once Job: a benchmark is expensive and not idempotent, so a failure is not retried. -->
apiVersion: batch/v1
kind: Job
metadata: <@k.metadata .data_model/>
spec:
  backoffLimit: 0
  template:
    metadata: {labels: <@stave_flow value=podLabels/>}
    spec: <@stave_flow value=pod/>

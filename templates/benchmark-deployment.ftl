<#import "lib.ftl" as k>
<#-- A Deployment whose pod spec the compiler builds whole (init containers, probes, volumes). -->
apiVersion: apps/v1
kind: Deployment
metadata: <@k.metadata .data_model/>
spec:
<#if replicas??>
  replicas: ${replicas?c?no_esc}
</#if>
  selector:
    matchLabels: <@stave_flow value=selector/>
  template:
    metadata: {labels: <@stave_flow value=podLabels/><#if podAnnotations??>, annotations: <@stave_flow value=podAnnotations/></#if>}
    spec: <@stave_flow value=pod/>

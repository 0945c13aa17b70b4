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
    matchLabels: <@k.v selector/>
  template:
    metadata: {labels: <@k.v podLabels/>}
    spec: <@k.v pod/>

<#-- A Mars role's Deployment. The pod spec is written whole by the generic value macro, because Mars's
     containers need fields the shared podSpec macro does not render (env from the downward API,
     readiness probes, a service account). -->
<#import "lib.ftl" as k>
apiVersion: apps/v1
kind: Deployment
metadata: <@k.metadata .data_model/>
spec:
  replicas: ${replicas?c?no_esc}
  selector:
    matchLabels: <@stave_flow value=selector/>
  template:
    metadata: {labels: <@stave_flow value=podLabels/>}
    spec: <@stave_flow value=pod/>

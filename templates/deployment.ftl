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
    spec: <@k.podSpec pod/>

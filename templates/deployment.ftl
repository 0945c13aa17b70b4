<#import "lib.ftl" as k>
apiVersion: apps/v1
kind: Deployment
metadata: <@k.metadata .data_model/>
spec:
  replicas: ${replicas?c?no_esc}
  selector:
    matchLabels: <@k.v selector/>
  template:
    metadata: {labels: <@k.v podLabels/>}
    spec: <@k.podSpec pod/>

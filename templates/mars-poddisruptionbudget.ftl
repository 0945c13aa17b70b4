<#import "lib.ftl" as k>
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: <@k.metadata .data_model/>
spec:
  minAvailable: <@stave_flow value=minAvailable/>
  selector:
    matchLabels: <@stave_flow value=selector/>

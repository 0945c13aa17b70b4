<#import "lib.ftl" as k>
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: <@k.metadata .data_model/>
spec:
  minAvailable: <@k.v minAvailable/>
  selector:
    matchLabels: <@k.v selector/>

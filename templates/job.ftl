<#import "lib.ftl" as k>
apiVersion: batch/v1
kind: Job
metadata: <@k.metadata .data_model/>
spec:
  backoffLimit: ${backoffLimit?c?no_esc}
<#if completions??>
  completionMode: "Indexed"
  completions: ${completions?c?no_esc}
  parallelism: ${parallelism?c?no_esc}
</#if>
<#if activeDeadlineSeconds??>
  activeDeadlineSeconds: ${activeDeadlineSeconds?c?no_esc}
</#if>
<#if ttlSecondsAfterFinished??>
  ttlSecondsAfterFinished: ${ttlSecondsAfterFinished?c?no_esc}
</#if>
  template:
    metadata: {labels: <@stave_flow value=podLabels/>}
    spec: <@k.podSpec pod/>

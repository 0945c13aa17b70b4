<#import "lib.ftl" as k>
apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: ${namespace}, labels: <@stave_flow value=podLabels/><#if annotations?? && annotations?has_content>, annotations: <@stave_flow value=annotations/></#if>}
spec: <@k.podSpec pod/>

<#import "lib.ftl" as k>
apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: ${namespace}, labels: <@k.v podLabels/><#if annotations?? && annotations?has_content>, annotations: <@k.v annotations/></#if>}
spec: <@k.podSpec pod/>

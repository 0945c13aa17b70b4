<#import "lib.ftl" as k>
apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: ${namespace}, labels: <@k.v podLabels/>}
spec: <@k.podSpec pod/>

<#import "lib.ftl" as k>
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: <@k.metadata .data_model/>
rules:
- {apiGroups: <@k.v apiGroups/>, resources: <@k.v resources/>, verbs: <@k.v verbs/>}

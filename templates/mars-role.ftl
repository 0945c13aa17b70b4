<#import "lib.ftl" as k>
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: <@k.metadata .data_model/>
rules:
- {apiGroups: <@stave_flow value=apiGroups/>, resources: <@stave_flow value=resources/>, verbs: <@stave_flow value=verbs/>}

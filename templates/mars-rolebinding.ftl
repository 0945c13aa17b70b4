<#import "lib.ftl" as k>
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: <@k.metadata .data_model/>
roleRef: {apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: ${role}}
subjects:
- {kind: "ServiceAccount", name: ${serviceAccount}, namespace: ${namespace}}

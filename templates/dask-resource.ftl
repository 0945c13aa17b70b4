<#import "lib.ftl" as k>
<#-- A custom resource of the Dask Kubernetes operator; its spec is built whole by the compiler. -->
apiVersion: "kubernetes.dask.org/v1"
kind: ${kind}
metadata: <@k.metadata .data_model/>
spec: <@stave_flow value=spec/>

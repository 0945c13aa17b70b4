<#import "lib.ftl" as k>
apiVersion: v1
kind: PersistentVolumeClaim
metadata: <@k.metadata .data_model/>
spec:
  accessModes: <@stave_flow value=accessModes/>
<#if storageClassName??>
  storageClassName: ${storageClassName}
</#if>
  resources: {requests: {storage: ${size}}}

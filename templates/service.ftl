<#import "lib.ftl" as k>
apiVersion: v1
kind: Service
metadata: <@k.metadata .data_model/>
spec:
  type: ${type}
  selector: <@stave_flow value=selector/>
  ports:
<#list ports as p>
  - {name: ${p.name}, port: ${p.port?c?no_esc}, targetPort: ${p.targetPort?c?no_esc}, protocol: "TCP"}
</#list>

<#import "lib.ftl" as k>
apiVersion: v1
kind: ConfigMap
metadata: <@k.metadata .data_model/>
data: <@stave_flow value=data/>

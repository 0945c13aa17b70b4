<#import "lib.ftl" as k>
apiVersion: v1
kind: ConfigMap
metadata: <@k.metadata .data_model/>
data: <@k.v data/>

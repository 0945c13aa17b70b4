<#import "lib.ftl" as k>
apiVersion: v1
kind: ServiceAccount
metadata: <@k.metadata .data_model/>

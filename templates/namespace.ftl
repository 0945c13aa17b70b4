<#import "lib.ftl" as k>
apiVersion: v1
kind: Namespace
metadata: <@k.metadata .data_model/>

<#-- Shared macros. Every value is written in YAML flow style; strings come out double-quoted by the
     YAML output format, so data can never turn into structure. -->
<#-- v: maps as {k: v}, lists as [a, b], numbers and booleans as ?c, strings escaped (keys too); written
     in Java (render.FlowValue) since a macro call per entry was most of the rendering time. -->
<#macro v x><@stave_flow value=x/></#macro>

<#macro metadata o>{name: ${o.name}<#if o.namespace??>, namespace: ${o.namespace}</#if>, labels: <@v o.labels/><#if o.annotations?? && o.annotations?has_content>, annotations: <@v o.annotations/></#if>}</#macro>

<#macro container c>{name: ${c.name}, image: ${c.image}<#if c.command?has_content>, command: <@v c.command/></#if><#if c.args?has_content>, args: <@v c.args/></#if><#if c.env?has_content>, env: <@v c.env/></#if><#if c.ports?has_content>, ports: <@v c.ports/></#if><#if c.resources?has_content>, resources: <@v c.resources/></#if><#if c.volumeMounts?has_content>, volumeMounts: <@v c.volumeMounts/></#if><#if c.imagePullPolicy??>, imagePullPolicy: ${c.imagePullPolicy}</#if>}</#macro>

<#macro podSpec p>{restartPolicy: ${p.restartPolicy}<#if p.imagePullSecrets?has_content>, imagePullSecrets: <@v p.imagePullSecrets/></#if><#if p.nodeSelector?has_content>, nodeSelector: <@v p.nodeSelector/></#if><#if p.tolerations?has_content>, tolerations: <@v p.tolerations/></#if>, containers: [<#list p.containers as c><@container c/><#sep>, </#sep></#list>]<#if p.volumes?has_content>, volumes: [<#list p.volumes as vol>{name: ${vol.name}, ${vol.field}: <@v vol.source/>}<#sep>, </#sep></#list>]</#if>}</#macro>

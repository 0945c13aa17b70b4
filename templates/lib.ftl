<#-- Shared macros. Every value is written in YAML flow style; strings come out double-quoted by the
     YAML output format, so data can never turn into structure. -->
<#-- <@stave_flow value=x/> writes x: maps as {k: v}, lists as [a, b], numbers and booleans as ?c,
     strings escaped (keys too). It is written in Java (render.FlowValue): a macro call per entry was
     most of the rendering time, so the packaged templates call it directly. v is the same for
     templates of your own: <@k.v x/>. -->
<#macro v x><@stave_flow value=x/></#macro>

<#macro metadata o>{name: ${o.name}<#if o.namespace??>, namespace: ${o.namespace}</#if>, labels: <@stave_flow value=o.labels/><#if o.annotations?? && o.annotations?has_content>, annotations: <@stave_flow value=o.annotations/></#if>}</#macro>

<#macro container c>{name: ${c.name}, image: ${c.image}<#if c.command?has_content>, command: <@stave_flow value=c.command/></#if><#if c.args?has_content>, args: <@stave_flow value=c.args/></#if><#if c.env?has_content>, env: <@stave_flow value=c.env/></#if><#if c.ports?has_content>, ports: <@stave_flow value=c.ports/></#if><#if c.resources?has_content>, resources: <@stave_flow value=c.resources/></#if><#if c.volumeMounts?has_content>, volumeMounts: <@stave_flow value=c.volumeMounts/></#if><#if c.imagePullPolicy??>, imagePullPolicy: ${c.imagePullPolicy}</#if>}</#macro>

<#macro podSpec p>{restartPolicy: ${p.restartPolicy}<#if p.activeDeadlineSeconds??>, activeDeadlineSeconds: ${p.activeDeadlineSeconds?c?no_esc}</#if><#if p.imagePullSecrets?has_content>, imagePullSecrets: <@stave_flow value=p.imagePullSecrets/></#if><#if p.nodeSelector?has_content>, nodeSelector: <@stave_flow value=p.nodeSelector/></#if><#if p.tolerations?has_content>, tolerations: <@stave_flow value=p.tolerations/></#if>, containers: [<#list p.containers as c><@container c/><#sep>, </#sep></#list>]<#if p.volumes?has_content>, volumes: [<#list p.volumes as vol>{name: ${vol.name}, ${vol.field}: <@stave_flow value=vol.source/>}<#sep>, </#sep></#list>]</#if>}</#macro>

{{/*
Shared template helpers: names, labels, image references and the connection
strings every component is given.
*/}}

{{/* The application components, in start-up order of importance. */}}
{{- define "tripcost.components" -}}
gateway auth trips wishlists integrations
{{- end }}

{{/* Components that own a MongoDB database (one database each). */}}
{{- define "tripcost.mongoComponents" -}}
auth trips wishlists
{{- end }}

{{- define "tripcost.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Resource name prefix: the release name, plus the chart name unless the release
name already contains it ("tripcost" for `helm install tripcost ...`).
*/}}
{{- define "tripcost.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "tripcost.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels on every resource. Call with (dict "root" $ "component" "auth"). */}}
{{- define "tripcost.labels" -}}
helm.sh/chart: {{ include "tripcost.chart" .root }}
{{ include "tripcost.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: tripcost
{{- end }}

{{/* Selector labels. Call with (dict "root" $ "component" "auth"). */}}
{{- define "tripcost.selectorLabels" -}}
app.kubernetes.io/name: {{ include "tripcost.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- if .component }}
app.kubernetes.io/component: {{ .component }}
{{- end }}
{{- end }}

{{/* Name of a component's resources: <fullname>-<component>. */}}
{{- define "tripcost.componentName" -}}
{{- printf "%s-%s" (include "tripcost.fullname" .root) .component | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Image reference. Call with (dict "root" $ "image" .Values.x.image). */}}
{{- define "tripcost.image" -}}
{{- $tag := default .root.Chart.AppVersion .image.tag | toString }}
{{- printf "%s:%s" .image.repository $tag }}
{{- end }}

{{/* A component's ConfigMap (its plain settings). Call with (dict "root" $ "component" "auth"). */}}
{{- define "tripcost.configMapName" -}}
{{- include "tripcost.componentName" . }}
{{- end }}

{{- define "tripcost.connectionsSecretName" -}}
{{- printf "%s-connections" (include "tripcost.fullname" .) }}
{{- end }}

{{- define "tripcost.jwtSecretName" -}}
{{- if .Values.jwt.existingSecret }}
{{- .Values.jwt.existingSecret }}
{{- else }}
{{- printf "%s-jwt" (include "tripcost.fullname" .) }}
{{- end }}
{{- end }}

{{/* True (non-empty) when the chart should create the provider-keys Secret. */}}
{{- define "tripcost.createProvidersSecret" -}}
{{- $p := .Values.providers }}
{{- if and (not $p.existingSecret) (or $p.openweatherApiKey $p.googleMapsApiKey $p.openaiApiKey $p.openaiModel) }}true{{- end }}
{{- end }}

{{/* Provider-keys Secret name, or empty when integrations gets none. */}}
{{- define "tripcost.providersSecretName" -}}
{{- if .Values.providers.existingSecret }}
{{- .Values.providers.existingSecret }}
{{- else if include "tripcost.createProvidersSecret" . }}
{{- printf "%s-providers" (include "tripcost.fullname" .) }}
{{- end }}
{{- end }}

{{/* In-cluster service host names. */}}
{{- define "tripcost.mongodbHost" -}}
{{- include "tripcost.componentName" (dict "root" . "component" "mongodb") }}
{{- end }}

{{- define "tripcost.redisHost" -}}
{{- include "tripcost.componentName" (dict "root" . "component" "redis") }}
{{- end }}

{{/*
Where REDIS_URL comes from: {"name": <Secret>, "key": <key>}, as JSON.
An existing Secret when redis.existingSecret is set, else the chart's
connections Secret.
*/}}
{{- define "tripcost.redisUrlRef" -}}
{{- if and (not .Values.redis.enabled) .Values.redis.existingSecret }}
{{- dict "name" .Values.redis.existingSecret "key" .Values.redis.existingSecretKey | toJson }}
{{- else }}
{{- dict "name" (include "tripcost.connectionsSecretName" .) "key" "REDIS_URL" | toJson }}
{{- end }}
{{- end }}

{{/* REDIS_URL when the chart's connections Secret holds it; empty otherwise. */}}
{{- define "tripcost.redisUrl" -}}
{{- if .Values.redis.enabled }}
{{- printf "redis://%s:%v" (include "tripcost.redisHost" .) .Values.redis.port }}
{{- else if not .Values.redis.existingSecret }}
{{- required "redis.existingSecret or redis.url is required when redis.enabled=false" .Values.redis.url }}
{{- end }}
{{- end }}

{{/*
Where one service's MONGO_URL comes from, as JSON {"name", "key"}: its own
mongoUrl or the in-cluster MongoDB or mongodb.url go into the chart's
connections Secret; otherwise mongodb.existingSecret.
Call with (dict "root" $ "component" "auth").
*/}}
{{- define "tripcost.mongoUrlRef" -}}
{{- $c := index .root.Values .component }}
{{- $m := .root.Values.mongodb }}
{{- if and (not $c.mongoUrl) (not $m.enabled) $m.existingSecret }}
{{- dict "name" $m.existingSecret "key" (index $m.existingSecretKeys .component) | toJson }}
{{- else }}
{{- dict "name" (include "tripcost.connectionsSecretName" .root) "key" (printf "MONGO_URL_%s" (upper .component)) | toJson }}
{{- end }}
{{- end }}

{{/*
MONGO_URL for one service when the chart's connections Secret holds it (see
tripcost.mongoUrlRef); empty otherwise. mongodb.url gets "{db}" replaced by
the service name (the services take their database from the URL path).
*/}}
{{- define "tripcost.mongoUrl" -}}
{{- $c := index .root.Values .component }}
{{- $m := .root.Values.mongodb }}
{{- if $c.mongoUrl }}
{{- $c.mongoUrl }}
{{- else if $m.enabled }}
{{- printf "mongodb://%s:%v/%s" (include "tripcost.mongodbHost" .root) $m.port .component }}
{{- else if not $m.existingSecret }}
{{- $url := required (printf "mongodb.existingSecret or mongodb.url (or %s.mongoUrl) is required when mongodb.enabled=false" .component) $m.url }}
{{- $url | replace "{db}" .component }}
{{- end }}
{{- end }}

{{/* CORS_ORIGINS for the gateway. */}}
{{- define "tripcost.corsOrigins" -}}
{{- if .Values.common.corsOrigins }}
{{- .Values.common.corsOrigins }}
{{- else if .Values.ingress.enabled }}
{{- $scheme := ternary "https" "http" (not (empty .Values.ingress.tls)) }}
{{- $origins := list }}
{{- range .Values.ingress.hosts }}
{{- $origins = append $origins (printf "%s://%s" $scheme .host) }}
{{- end }}
{{- join "," $origins }}
{{- else }}
{{- printf "http://localhost:%v" .Values.gateway.port }}
{{- end }}
{{- end }}

{{/*
Scheduling fields for a component's pods: the component's own nodeSelector,
tolerations and affinity (else common's), and the topology spread across zones
and nodes. Call with (dict "root" $ "component" "auth") or, for MongoDB and
Redis, (dict "root" $ "component" "redis" "c" .Values.redis "spread" false).
*/}}
{{- define "tripcost.scheduling" -}}
{{- $c := .c | default (index .root.Values .component) }}
{{- $nodeSelector := $c.nodeSelector | default .root.Values.common.nodeSelector }}
{{- $tolerations := $c.tolerations | default .root.Values.common.tolerations }}
{{- $affinity := $c.affinity | default .root.Values.common.affinity }}
{{- $spread := .root.Values.common.topologySpread }}
{{- with $nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- if and $spread.enabled (ne (toString .spread) "false") }}
topologySpreadConstraints:
  {{- range $topology := list (list "topology.kubernetes.io/zone" $spread.zoneWhenUnsatisfiable) (list "kubernetes.io/hostname" $spread.nodeWhenUnsatisfiable) }}
  - maxSkew: {{ $spread.maxSkew }}
    topologyKey: {{ index $topology 0 }}
    whenUnsatisfiable: {{ index $topology 1 }}
    labelSelector:
      matchLabels:
        {{- include "tripcost.selectorLabels" (dict "root" $.root "component" $.component) | nindent 8 }}
    # Count only the pods of the current ReplicaSet, so a rollout is not
    # skewed by the old pods it is replacing.
    matchLabelKeys: [pod-template-hash]
  {{- end }}
{{- end }}
{{- end }}

{{/*
Input for the checksum that rolls the pods when the JWT keys change: the
generated Secret's data as found in the cluster. A Secret named by
jwt.existingSecret is not visible to Helm (roll by hand after rotating it).
*/}}
{{- define "tripcost.jwtChecksumInput" -}}
{{- if not .Values.jwt.existingSecret }}
{{- $existing := lookup "v1" "Secret" .Release.Namespace (include "tripcost.jwtSecretName" .) }}
{{- if and $existing $existing.data }}{{ toJson $existing.data }}{{ end }}
{{- end }}
{{- end }}

{{/*
The plain (non-secret) environment of one component, as YAML "NAME: value"
lines: exactly the settings that component's configuration knows. Used by its
ConfigMap and by the checksum that rolls its pods when it changes.
Call with (dict "root" $ "component" "auth").
*/}}
{{- define "tripcost.componentEnv" -}}
{{- $root := .root }}
{{- $name := .component }}
{{- $c := index $root.Values $name }}
{{- $env := dict }}
{{- $_ := set $env "NODE_ENV" $root.Values.common.nodeEnv }}
{{- $_ := set $env "LOG_LEVEL" $root.Values.common.logLevel }}
{{- $_ := set $env "QUEUE_PREFIX" $root.Values.common.queuePrefix }}
{{- $_ := set $env "PORT" (toString $c.port) }}
{{- $_ := set $env "JWT_PUBLIC_KEY" "/etc/tripcost/jwt/public.pem" }}
{{- if eq $name "auth" }}
{{- $_ := set $env "JWT_PRIVATE_KEY" "/etc/tripcost/jwt/private.pem" }}
{{- end }}
{{- if eq $name "gateway" }}
{{- range $upstream := list "auth" "trips" "wishlists" "integrations" }}
{{- $_ := set $env (printf "%s_URL" (upper $upstream)) (printf "http://%s:%v" (include "tripcost.componentName" (dict "root" $root "component" $upstream)) (index $root.Values $upstream).port) }}
{{- end }}
{{- $_ := set $env "CORS_ORIGINS" (include "tripcost.corsOrigins" $root) }}
{{- $_ := set $env "TRUST_PROXY" $c.trustProxy }}
{{- if gt (int $c.metricsPort) 0 }}
{{- $_ := set $env "METRICS_PORT" (toString $c.metricsPort) }}
{{- end }}
{{- end }}
{{- if or (eq $name "wishlists") (eq $name "auth") }}
{{- $_ := set $env "TRIPS_URL" (printf "http://%s:%v" (include "tripcost.componentName" (dict "root" $root "component" "trips")) $root.Values.trips.port) }}
{{- end }}
{{- if eq $name "auth" }}
{{- $_ := set $env "WISHLISTS_URL" (printf "http://%s:%v" (include "tripcost.componentName" (dict "root" $root "component" "wishlists")) $root.Values.wishlists.port) }}
{{- end }}
{{- if eq $name "integrations" }}
{{- range $key, $value := $root.Values.integrationsEnv }}
{{- $_ := set $env $key (toString $value) }}
{{- end }}
{{- end }}
{{- range $key, $value := $root.Values.common.extraEnv }}
{{- $_ := set $env $key (toString $value) }}
{{- end }}
{{- range $key, $value := $c.env }}
{{- $_ := set $env $key (toString $value) }}
{{- end }}
{{- range $key := keys $env | sortAlpha }}
{{ $key }}: {{ index $env $key | quote }}
{{- end }}
{{- end }}

{{/* Pod selector of one component of this release, as a NetworkPolicy peer. Call with (dict "root" $ "component" "auth"). */}}
{{- define "tripcost.peer" -}}
- podSelector:
    matchLabels:
      {{- include "tripcost.selectorLabels" . | nindent 6 }}
{{- end }}

{{/* Egress rule to Redis: the in-cluster pods, or networkPolicy.externalDatabasesTo. */}}
{{- define "tripcost.redisEgress" -}}
- to:
    {{- if .Values.redis.enabled }}
    {{- include "tripcost.peer" (dict "root" . "component" "redis") | nindent 4 }}
    {{- else }}
    {{- toYaml .Values.networkPolicy.externalDatabasesTo | nindent 4 }}
    {{- end }}
  ports:
    - { port: {{ .Values.redis.port }}, protocol: TCP }
{{- end }}

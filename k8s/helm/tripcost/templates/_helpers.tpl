{{/*
Shared template helpers: names, labels, image references and the connection
strings every component is given.
*/}}

{{/* The application components, in start-up order of importance. */}}
{{- define "tripcost.components" -}}
gateway auth trips wishlists integrations
{{- end }}

{{/* Components that own a MongoDB database (docs/architecture.md §4). */}}
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

{{- define "tripcost.configMapName" -}}
{{- printf "%s-config" (include "tripcost.fullname" .) }}
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

{{/* REDIS_URL for every component. */}}
{{- define "tripcost.redisUrl" -}}
{{- if .Values.redis.enabled }}
{{- printf "redis://%s:%v" (include "tripcost.redisHost" .) .Values.redis.port }}
{{- else }}
{{- required "redis.url is required when redis.enabled=false" .Values.redis.url }}
{{- end }}
{{- end }}

{{/*
MONGO_URL for one service: its own mongoUrl, else the in-cluster MongoDB with
one database per service, else mongodb.url with "{db}" replaced by the service
name (the services take their database from the URL path).
Call with (dict "root" $ "component" "auth").
*/}}
{{- define "tripcost.mongoUrl" -}}
{{- $c := index .root.Values .component }}
{{- if $c.mongoUrl }}
{{- $c.mongoUrl }}
{{- else if .root.Values.mongodb.enabled }}
{{- printf "mongodb://%s:%v/%s" (include "tripcost.mongodbHost" .root) .root.Values.mongodb.port .component }}
{{- else }}
{{- $url := required (printf "mongodb.url (or %s.mongoUrl) is required when mongodb.enabled=false" .component) .root.Values.mongodb.url }}
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

{{/* Scheduling fields for a pod. Call with (dict "root" $ "c" $componentValues). */}}
{{- define "tripcost.scheduling" -}}
{{- $nodeSelector := .c.nodeSelector | default .root.Values.common.nodeSelector }}
{{- $tolerations := .c.tolerations | default .root.Values.common.tolerations }}
{{- $affinity := .c.affinity | default .root.Values.common.affinity }}
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
{{- end }}

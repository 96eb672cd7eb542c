{{/*
Shared template helpers: names, labels, image references, the application
components' merged settings and the connection strings every component is given.
*/}}

{{/*
The deployables of the root deployables.json, as the chart's copy of the list
has them ({name: {port, store, calls, and chart settings such as public}}):
`npm run deployables` writes that copy. Each is a component with those
defaults; values files may still change any of them.
*/}}
{{- define "tripcost.listed" -}}
{{- $file := .Files.Get "deployables.json" }}
{{- if not $file }}
{{- fail "deployables.json is missing from the chart: run `npm run deployables` at the repository root" }}
{{- end }}
{{- ($file | fromJson).components | toJson }}
{{- end }}

{{/*
The application components: the deployables of the list and any other keys of
.Values.components, sorted, space separated.
*/}}
{{- define "tripcost.componentNames" -}}
{{- keys (include "tripcost.listed" . | fromJson) .Values.components | uniq | sortAlpha | join " " }}
{{- end }}

{{/*
Deep merge, as JSON: .over's keys over .base's; where both hold a map, the
maps merge key by key, anything else is replaced. (Sprig's merge and
mergeOverwrite treat false, 0 and "" as missing, so a component could not turn
a default off with them.)
*/}}
{{- define "tripcost.merge" -}}
{{- $out := deepCopy .base }}
{{- range $key, $value := .over }}
{{- $base := get $out $key }}
{{- if and (kindIs "map" $value) (kindIs "map" $base) }}
{{- $_ := set $out $key (include "tripcost.merge" (dict "base" $base "over" $value) | fromJson) }}
{{- else }}
{{- $_ := set $out $key $value }}
{{- end }}
{{- end }}
{{- toJson $out }}
{{- end }}

{{/*
One application component's settings, as JSON: componentDefaults, then its
entry of deployables.json, then components.<name> merged over them, the image
repository defaulted to tripcost-<name>, and its calls checked.
Call with (dict "root" $ "component" "auth").
*/}}
{{- define "tripcost.component" -}}
{{- $listed := include "tripcost.listed" .root | fromJson }}
{{- $names := keys $listed .root.Values.components | uniq | sortAlpha }}
{{- if not (has .component $names) }}
{{- fail (printf "%s is not one of the components (%s)" .component (join " " $names)) }}
{{- end }}
{{- $c := include "tripcost.merge" (dict "base" .root.Values.componentDefaults "over" (get $listed .component | default dict)) | fromJson }}
{{- $c = include "tripcost.merge" (dict "base" $c "over" (get .root.Values.components .component | default dict)) | fromJson }}
{{- $_ := required (printf "components.%s.port is required" .component) $c.port }}
{{- if not $c.image.repository }}
{{- $_ := set $c.image "repository" (printf "tripcost-%s" .component) }}
{{- end }}
{{- range $callee := $c.calls }}
{{- if not (has $callee $names) }}
{{- fail (printf "components.%s.calls names %s, which is not one of the components" $.component $callee) }}
{{- end }}
{{- end }}
{{- toJson $c }}
{{- end }}

{{/* Every application component's settings, as JSON {name: settings}. */}}
{{- define "tripcost.allComponents" -}}
{{- $all := dict }}
{{- range $name := include "tripcost.componentNames" . | splitList " " }}
{{- $_ := set $all $name (include "tripcost.component" (dict "root" $ "component" $name) | fromJson) }}
{{- end }}
{{- toJson $all }}
{{- end }}

{{/* The one public component (the entry point), by name. */}}
{{- define "tripcost.publicComponent" -}}
{{- $public := list }}
{{- range $name, $c := include "tripcost.allComponents" . | fromJson }}
{{- if $c.public }}
{{- $public = append $public $name }}
{{- end }}
{{- end }}
{{- if ne (len $public) 1 }}
{{- fail (printf "exactly one component must be public (the entry point); found %d: %s" (len $public) (join ", " $public)) }}
{{- end }}
{{- first $public }}
{{- end }}

{{/*
The port Prometheus scrapes a component on: its metricsPort when set, else
its own port, except the public one, which never serves /metrics on its
public port (0: not scraped). Call with a component's settings.
*/}}
{{- define "tripcost.metricsPort" -}}
{{- if gt (int .metricsPort) 0 }}
{{- int .metricsPort }}
{{- else if .public }}0
{{- else }}
{{- int .port }}
{{- end }}
{{- end }}

{{/* Name of the environment variable holding a component's URL: <NAME>_URL. */}}
{{- define "tripcost.urlVar" -}}
{{- printf "%s_URL" (. | upper | replace "-" "_") }}
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

{{- define "tripcost.createWebPushSecret" -}}
{{- $w := .Values.webPush }}
{{- if and (not $w.existingSecret) $w.publicKey $w.privateKey }}true{{- end }}
{{- end }}

{{/* Web Push (VAPID) keys Secret name, or empty when notifications gets none (Web Push off). */}}
{{- define "tripcost.webPushSecretName" -}}
{{- if .Values.webPush.existingSecret }}
{{- .Values.webPush.existingSecret }}
{{- else if include "tripcost.createWebPushSecret" . }}
{{- printf "%s-web-push" (include "tripcost.fullname" .) }}
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
{{- $c := include "tripcost.component" . | fromJson }}
{{- $m := .root.Values.mongodb }}
{{- $key := printf "MONGO_URL_%s" (.component | upper | replace "-" "_") }}
{{- if and (not $c.mongoUrl) (not $m.enabled) $m.existingSecret }}
{{- dict "name" $m.existingSecret "key" (get $m.existingSecretKeys .component | default $key) | toJson }}
{{- else }}
{{- dict "name" (include "tripcost.connectionsSecretName" .root) "key" $key | toJson }}
{{- end }}
{{- end }}

{{/*
MONGO_URL for one service when the chart's connections Secret holds it (see
tripcost.mongoUrlRef); empty otherwise. mongodb.url gets "{db}" replaced by
the service name (the services take their database from the URL path).
*/}}
{{- define "tripcost.mongoUrl" -}}
{{- $c := include "tripcost.component" . | fromJson }}
{{- $m := .root.Values.mongodb }}
{{- if $c.mongoUrl }}
{{- $c.mongoUrl }}
{{- else if $m.enabled }}
{{- printf "mongodb://%s:%v/%s" (include "tripcost.mongodbHost" .root) $m.port .component }}
{{- else if not $m.existingSecret }}
{{- $url := required (printf "mongodb.existingSecret or mongodb.url (or components.%s.mongoUrl) is required when mongodb.enabled=false" .component) $m.url }}
{{- $url | replace "{db}" .component }}
{{- end }}
{{- end }}

{{/* CORS_ORIGINS for the public component (the gateway). */}}
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
{{- $public := include "tripcost.publicComponent" . }}
{{- printf "http://localhost:%v" (include "tripcost.component" (dict "root" . "component" $public) | fromJson).port }}
{{- end }}
{{- end }}

{{/*
Where travellers reach the web app: common.publicBaseUrl, else the first origin
CORS allows (the first ingress host, or localhost at the public port).
*/}}
{{- define "tripcost.publicBaseUrl" -}}
{{- if .Values.common.publicBaseUrl }}
{{- trimSuffix "/" .Values.common.publicBaseUrl }}
{{- else }}
{{- first (splitList "," (include "tripcost.corsOrigins" .)) }}
{{- end }}
{{- end }}

{{/*
Scheduling fields for a component's pods: the component's own nodeSelector,
tolerations and affinity (else common's), and the topology spread across zones
and nodes. Call with (dict "root" $ "component" "auth" "c" <its settings>) or,
for MongoDB and Redis, (dict "root" $ "component" "redis" "c" .Values.redis "spread" false).
*/}}
{{- define "tripcost.scheduling" -}}
{{- $c := .c }}
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
{{- $c := include "tripcost.component" . | fromJson }}
{{- $env := dict }}
{{- $_ := set $env "NODE_ENV" $root.Values.common.nodeEnv }}
{{- $_ := set $env "LOG_LEVEL" $root.Values.common.logLevel }}
{{- $_ := set $env "QUEUE_PREFIX" $root.Values.common.queuePrefix }}
{{- $_ := set $env "PORT" (toString $c.port) }}
{{- $_ := set $env "JWT_PUBLIC_KEY" "/etc/tripcost/jwt/public.pem" }}
{{- if $c.signsTokens }}
{{- $_ := set $env "JWT_PRIVATE_KEY" "/etc/tripcost/jwt/private.pem" }}
{{- end }}
{{- range $callee := $c.calls }}
{{- $port := (include "tripcost.component" (dict "root" $root "component" $callee) | fromJson).port }}
{{- $_ := set $env (include "tripcost.urlVar" $callee) (printf "http://%s:%v" (include "tripcost.componentName" (dict "root" $root "component" $callee)) $port) }}
{{- end }}
{{- if $c.public }}
{{- $_ := set $env "CORS_ORIGINS" (include "tripcost.corsOrigins" $root) }}
{{- $_ := set $env "COMPRESS_ANSWERS" (toString (not $root.Values.ingress.compresses)) }}
{{- end }}
{{- if $c.makesLinks }}
{{- $_ := set $env "PUBLIC_BASE_URL" (include "tripcost.publicBaseUrl" $root) }}
{{- end }}
{{- if gt (int $c.metricsPort) 0 }}
{{- $_ := set $env "METRICS_PORT" (toString $c.metricsPort) }}
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

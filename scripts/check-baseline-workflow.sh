#!/usr/bin/env bash
# Proves the baseline workflow (issue 5, third acceptance bullet; issue 16, the exact gate) on
# a temporary clone of this repository's committed HEAD:
#   1. .ci/run passes against the committed baseline;
#   2. one number edited in one committed baseline report, so that the run looks *better*
#      than the baseline (which the threshold comparison calls an improvement), makes .ci/run
#      fail with status 1: the exact gate names the scenario and the metric;
#   3. changing a shipped scenario's model on purpose (feed-fling's text posts get a 6x
#      heavier body) without refreshing the baseline makes .ci/run fail with status 1, and the
#      comparison and the gate say why; compared anyway, the change shows as frame-work
#      regressions;
#   4. refreshing the baseline (scripts/refresh-baseline.sh) makes .ci/run pass again.
#
# Usage: scripts/check-baseline-workflow.sh [--full]
#   By default .ci/run runs its scenarios, compare and exact steps; --full runs the unit tests
#   too, each time (slower, and they do not bear on the workflow).
# Uncommitted changes are not part of the check: commit first.
set -euo pipefail

steps=(scenarios compare exact)
case "${1:-}" in
    "") ;;
    --full) steps=() ;;
    *) echo "usage: scripts/check-baseline-workflow.sh [--full]" >&2; exit 2 ;;
esac

repository="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/scrollsim-baseline-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# A build directory of the check's own, away from the repository's and any other checkout's.
export SCROLLSIM_SCRATCH_PATH="$work/build"

fail() {
    echo "baseline workflow check FAILED: $*" >&2
    exit 1
}

# Runs .ci/run in the clone; stores its exit status in ci_status and its output in $work/ci.log.
ci_run() {
    ci_status=0
    .ci/run ${steps[@]+"${steps[@]}"} >"$work/ci.log" 2>&1 || ci_status=$?
}

git clone --quiet "$repository" "$work/clone"
cd "$work/clone"
echo "checking the baseline workflow on a clone of $(git rev-parse --short HEAD) in $work/clone"

echo "1/4 .ci/run against the committed baseline"
ci_run
[[ "$ci_status" -eq 0 ]] || { cat "$work/ci.log" >&2; fail "expected .ci/run to pass on a clean clone, it exited $ci_status"; }

echo "2/4 edit one number in one committed baseline report (the run looks better than it)"
report=Reports/baseline/origami-lazy.json
# One more resident view in the baseline than the run has: an improvement to compare, a
# difference to the exact gate.
perl -0pi -e 's/"peakResidentViews": ([0-9]+),/"peakResidentViews": @{[$1 + 1]},/' "$report"
git diff --quiet -- "$report" && fail "could not edit $report (no \"peakResidentViews\"); update this script"
ci_run
[[ "$ci_status" -eq 1 ]] || { cat "$work/ci.log" >&2; fail "expected .ci/run to fail with status 1 after editing $report, it exited $ci_status"; }
grep -q "^origami-lazy: 1 difference from " "$work/ci.log" || { cat "$work/ci.log" >&2; fail "the exact gate did not name the scenario"; }
grep -Eq "^  summary\.peakResidentViews: [0-9]+ → [0-9]+$" "$work/ci.log" || { cat "$work/ci.log" >&2; fail "the exact gate did not name the metric"; }
git checkout --quiet -- "$report"

echo "3/4 change feed-fling's model without refreshing the baseline"
scenario=Scenarios/feed-fling.json
# The first type's body cost, whatever its value and formatting, becomes 0.6 ms.
cp "$scenario" "$scenario.orig"
perl -0pi -e 's/"bodyMs":\s*[0-9.]+/"bodyMs": 0.6/' "$scenario"
if cmp -s "$scenario" "$scenario.orig"; then
    fail "could not change $scenario (no \"bodyMs\" to edit, or it is already 0.6); update this script"
fi
rm "$scenario.orig"
ci_run
[[ "$ci_status" -eq 1 ]] || { cat "$work/ci.log" >&2; fail "expected .ci/run to fail with status 1 after the change, it exited $ci_status"; }
grep -q "feed-fling: NOT COMPARED (content changed)" "$work/ci.log" || { cat "$work/ci.log" >&2; fail "the comparison did not say the scenario's content changed"; }
grep -q "^  scenario.contentHash: " "$work/ci.log" || { cat "$work/ci.log" >&2; fail "the exact gate did not say the scenario's content changed"; }
scrollsim="$(source scripts/common.sh && release_scrollsim 2>/dev/null)"
forced_status=0
# Without --strict-content (an app's CI), the changed scenario is compared by name.
"$scrollsim" compare Reports/baseline Reports/latest >"$work/forced.log" 2>&1 || forced_status=$?
[[ "$forced_status" -eq 1 ]] || { cat "$work/forced.log" >&2; fail "compared by name, the heavier body should be a regression (status $forced_status)"; }
grep -q "feed-fling: REGRESSED .*scenario changed" "$work/forced.log" || { cat "$work/forced.log" >&2; fail "the changed scenario was not marked"; }
grep -Eq "frameWorkMs\.[a-z0-9]+ .*regressed: error" "$work/forced.log" || { cat "$work/forced.log" >&2; fail "no frame-work regression named"; }

echo "4/4 refresh the baseline"
scripts/refresh-baseline.sh >"$work/refresh.log" 2>&1 || { cat "$work/refresh.log" >&2; fail "scripts/refresh-baseline.sh failed"; }
grep -Eq "^updated +feed-fling .*\(content changed; " "$work/refresh.log" || { cat "$work/refresh.log" >&2; fail "the refresh did not report feed-fling as updated"; }
changed="$(git status --porcelain -- Reports/baseline)"
[[ "$changed" == " M Reports/baseline/feed-fling.json" ]] || fail "expected only Reports/baseline/feed-fling.json to change, got: $changed"
ci_run
[[ "$ci_status" -eq 0 ]] || { cat "$work/ci.log" >&2; fail "expected .ci/run to pass after the refresh, it exited $ci_status"; }

echo "baseline workflow check passed: a model change without a refresh fails .ci/run; the refresh makes it pass"

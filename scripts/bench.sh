#!/usr/bin/env bash
# Regenerates Reports/bench.md: builds the release binary and runs `scrollsim bench Scenarios`
# (every shipped scenario, the scaling table and the standard workloads, RUNS runs each,
# default 7), then writes the tables above the marker line of Reports/bench.md and keeps what
# follows it (workloads measured separately). Extra arguments go to bench (--workloads ...).
# Takes several minutes; figures are CPU time with the machine's load recorded (see the
# ScrollSimHarness documentation, Benchmarking).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

ensure_build_dependencies
scrollsim="$(release_scrollsim)"
runs="${RUNS:-7}"
marker='<!-- Measured separately: scripts/bench.sh keeps everything from this line on. -->'
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$scrollsim" bench Scenarios --runs "$runs" --out "$work/tables.md" "$@" > /dev/null
cpu="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || true)"
swift_version="$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -1)"
{
    echo "# Benchmark results"
    echo
    echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') by \`scripts/bench.sh\` (\`scrollsim bench Scenarios --runs $runs${*:+ $*}\`),"
    echo "release build$([[ " ${release_flags[*]} " == *" --static-swift-stdlib "* ]] && echo ' with the Swift runtime linked in (as the release tarball)'), Swift ${swift_version:-?}, ${cpu:-$(uname -m)}, $(uname -s)."
    echo
    cat "$work/tables.md"
    if [ -f Reports/bench.md ] && grep -qF -- "$marker" Reports/bench.md; then
        echo
        awk -v marker="$marker" 'index($0, marker) == 1 { keep = 1 } keep' Reports/bench.md
    else
        echo
        echo "$marker"
    fi
} > "$work/bench.md"
mv "$work/bench.md" Reports/bench.md
echo "Reports/bench.md written"

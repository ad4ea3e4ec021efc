#!/usr/bin/env bash
# Measures how fast TraceReader reads a large Chrome trace: the CPU time (user + system) of one
# read, the throughput in MB per CPU second and the peak resident memory, each read a process of
# its own, the median of RUNS reads. The trace is generated (scripts/trace-reading-bench: a
# DevTools-shaped recording, MEGABYTES of it, the same bytes every time) into a temporary
# directory and removed afterwards.
#
# With --against REV, the same program is also built against revision REV (from `git archive`,
# in the temporary directory) and the two are run interleaved — old, new, old, new… — so that
# the load of a shared machine falls on both alike. CPU time, not wall time, is the figure: the
# wall time of a busy machine says more about the other processes than about the reader.
#
# Usage: scripts/bench-trace-reading.sh [--mb MEGABYTES] [--runs N] [--against REV] [--work DIR]
#        (defaults: 256 MB, 7 runs, no comparison)
# Writes nothing outside its temporary directory (two release builds of the small package, a
# few minutes each on a busy two-core machine), or DIR when --work names one: DIR is then kept,
# and a second run reuses its builds (rebuilt only where the sources changed) and its trace.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

megabytes=256
runs=7
against=""
work=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --mb) megabytes="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --against) against="$2"; shift 2 ;;
        --work) work="$2"; shift 2 ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "usage: scripts/bench-trace-reading.sh [--mb MEGABYTES] [--runs N] [--against REV] [--work DIR]" >&2; exit 2 ;;
    esac
done
if ! [[ "$megabytes" =~ ^[0-9]+$ && "$runs" =~ ^[0-9]+$ && "$runs" -gt 0 ]]; then
    echo "scripts/bench-trace-reading.sh: --mb and --runs take whole numbers (found '$megabytes', '$runs')" >&2
    exit 2
fi
ensure_zlib

if [[ -z "$work" ]]; then
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
else
    mkdir -p "$work"
    work="$(cd "$work" && pwd)"
fi

# Builds the benchmark against the package at $1 into $work/$2; prints the executable's path.
build() {
    mkdir -p "$work/$2/Sources/trace-reading-bench"
    cmp -s scripts/trace-reading-bench/Package.swift "$work/$2/Package.swift" || cp scripts/trace-reading-bench/Package.swift "$work/$2/"
    cmp -s scripts/trace-reading-bench/Sources/trace-reading-bench/main.swift "$work/$2/Sources/trace-reading-bench/main.swift" \
        || cp scripts/trace-reading-bench/Sources/trace-reading-bench/main.swift "$work/$2/Sources/trace-reading-bench/"
    SCROLLSIM_PACKAGE="$1" swift build -c release --package-path "$work/$2" --scratch-path "$work/$2/.build" >&2 || return 1
    echo "$(SCROLLSIM_PACKAGE="$1" swift build -c release --package-path "$work/$2" --scratch-path "$work/$2/.build" --show-bin-path)/trace-reading-bench"
}

new="$(build "$PWD" new)" || exit 1
old=""
if [[ -n "$against" ]]; then
    revision="$(git rev-parse --verify "$against^{commit}")"
    if [[ "$(cat "$work/old-source/.revision" 2>/dev/null)" != "$revision" ]]; then
        rm -rf "$work/old-source"
        mkdir -p "$work/old-source"
        git archive "$revision" | tar -x -C "$work/old-source"
        echo "$revision" > "$work/old-source/.revision"
    fi
    old="$(build "$work/old-source" old)" || exit 1
fi

trace="$work/trace-$megabytes.json"
[[ -f "$trace" ]] || "$new" generate "$trace" "$megabytes"
bytes="$(wc -c < "$trace")"
echo "trace: $bytes bytes; load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >&2

# One read: "cpu SECONDS intervals N rss BYTES".
declare -a new_cpu new_rss old_cpu old_rss
for ((i = 0; i < runs; i++)); do
    if [[ -n "$old" ]]; then
        read -r _ cpu _ intervals _ rss < <("$old" read "$trace")
        old_cpu+=("$cpu"); old_rss+=("$rss")
        echo "run $((i + 1)) old: cpu $cpu s, $intervals intervals, rss $rss" >&2
    fi
    read -r _ cpu _ intervals _ rss < <("$new" read "$trace")
    new_cpu+=("$cpu"); new_rss+=("$rss")
    echo "run $((i + 1)) new: cpu $cpu s, $intervals intervals, rss $rss" >&2
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >&2

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
report() {
    local label="$1"; shift
    local cpus=("${@:1:$runs}") rsses=("${@:$((runs + 1))}")
    local cpu rss
    cpu="$(median "${cpus[@]}")"
    rss="$(median "${rsses[@]}")"
    awk -v label="$label" -v cpu="$cpu" -v rss="$rss" -v bytes="$bytes" -v low="$(printf '%s\n' "${cpus[@]}" | sort -g | head -1)" -v high="$(printf '%s\n' "${cpus[@]}" | sort -g | tail -1)" \
        'BEGIN { printf "%-4s median CPU %.2f s (%.2f–%.2f)  %.0f MB/s of CPU  peak RSS %.0f MB\n", label, cpu, low, high, bytes / 1e6 / cpu, rss / 1e6 }'
}
echo "$runs reads of a $((bytes / 1000000)) MB Chrome trace, each a process of its own:"
if [[ -n "$old" ]]; then report old "${old_cpu[@]}" "${old_rss[@]}"; fi
report new "${new_cpu[@]}" "${new_rss[@]}"

#!/usr/bin/env bash
# Builds and tests Examples/ConsumerPackage: a package outside this one that depends on it by
# path and uses the ScrollSimKit product alone, as an app team's test target would. Proves that
# the product builds and runs a shipped scenario from another package, and that its test binary
# does not link jemalloc or SQLite (ScrollSimKit needs neither, nor does the ScrollSimPresentation
# product of pages and traces; only ScrollSimHarness (jemalloc) and ScrollSimHistory (SQLite) do). No system library
# is reached from ScrollSimEngine, ScrollSimKit or ScrollSimPresentation: zlib (gzip-compressed
# traces) is ScrollSimTraces' alone, so nothing is installed for the consumer.
#
# Usage: scripts/check-consumer-package.sh
# SCROLLSIM_SCRATCH_PATH, when set, gets a consumer/ build directory beside the main one.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

package=Examples/ConsumerPackage
flags=()
if [[ -n "${SCROLLSIM_SCRATCH_PATH:-}" ]]; then
    flags+=(--scratch-path "$SCROLLSIM_SCRATCH_PATH/consumer")
fi

# The product graph first: jemalloc must be reached only by the harness (and what uses it).
if command -v python3 >/dev/null 2>&1; then
    swift package dump-package | python3 -c '
import json, sys
targets = {t["name"]: t for t in json.load(sys.stdin)["targets"]}
def deps(name):
    for d in targets[name].get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in d:
                yield d[kind][0]
def reaches(name, goal, seen=()):
    return any(d == goal or (d not in seen and reaches(d, goal, seen + (d,))) for d in deps(name))
for name in ("ScrollSimEngine", "ScrollSimKit", "ScrollSimPresentation"):
    for library in ("CJemalloc", "CSQLite", "CZlib"):
        if reaches(name, library):
            sys.exit(f"check-consumer-package: {name} depends on {library}")
print("check-consumer-package: ScrollSimEngine, ScrollSimKit and ScrollSimPresentation depend on no system library (CJemalloc, CSQLite, CZlib)")
'
fi

swift build --package-path "$package" ${flags[@]+"${flags[@]}"} --build-tests
swift test --package-path "$package" ${flags[@]+"${flags[@]}"} --skip-build

if [[ "$(uname -s)" == Linux ]] && command -v ldd >/dev/null 2>&1; then
    bin="$(swift build --package-path "$package" ${flags[@]+"${flags[@]}"} --show-bin-path)"
    tests=("$bin"/*.xctest)
    if ldd "${tests[0]}" | grep -qi jemalloc; then
        echo "check-consumer-package: ${tests[0]} links jemalloc; ScrollSimKit must not need it" >&2
        exit 1
    fi
    if ldd "${tests[0]}" | grep -qi libsqlite3; then
        echo "check-consumer-package: ${tests[0]} links SQLite; ScrollSimKit must not need it" >&2
        exit 1
    fi
    echo "check-consumer-package: the consumer's tests link neither jemalloc nor SQLite"
fi
echo "check-consumer-package: passed"

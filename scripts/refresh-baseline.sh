#!/usr/bin/env bash
# Refreshes the committed baseline: plays every scenario in Scenarios/ with the release build
# and rewrites Reports/baseline/ (scrollsim baseline). Review the diff and commit it together
# with the change that moved the numbers.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

ensure_build_dependencies
scrollsim="$(release_scrollsim)"
"$scrollsim" baseline Scenarios --out Reports/baseline "$@"

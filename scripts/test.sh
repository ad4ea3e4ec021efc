#!/usr/bin/env bash
# The test command: installs what is missing (jemalloc, SQLite; Chromium for the browser check;
# the JSON Schema validators jsonschema and check-jsonschema, with pip), then
# builds and runs every test (each command with a TMPDIR of its own, removed when it succeeds).
# Extra arguments go to both swift build and swift test, so pass options both accept
# (-c release, --jobs 2, -Xswiftc ...).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

ensure_build_dependencies
ensure_chromium
ensure_schema_validators
with_scratch_tmpdir swift build ${swift_flags[@]+"${swift_flags[@]}"} "$@"
with_scratch_tmpdir swift test ${swift_flags[@]+"${swift_flags[@]}"} "$@"

#!/usr/bin/env bash
# The test command: installs what is missing (jemalloc; Chromium for the browser check), then
# builds and runs every test.
# Extra arguments go to both swift build and swift test, so pass options both accept
# (-c release, --jobs 2, -Xswiftc ...).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

ensure_jemalloc
ensure_openssl
ensure_chromium
swift build ${swift_flags[@]+"${swift_flags[@]}"} "$@"
swift test ${swift_flags[@]+"${swift_flags[@]}"} "$@"

#!/usr/bin/env bash
# Builds a release scrollsim (on Linux with the Swift runtime linked in, as the release tarball;
# in .build/release-static) and installs it as PREFIX/bin/scrollsim.
#
# Usage: scripts/install.sh [--prefix DIR]     (default: $PREFIX, else /usr/local)
#
# Installs the system packages first when they are missing (jemalloc, SQLite, zlib and
# pkg-config: scripts/system-packages.sh build, and `table` for which feature needs which). Writing to a
# prefix you cannot write to fails with the reason: use --prefix ~/.local (and put ~/.local/bin
# on your PATH), or run it with sudo. SCROLLSIM_SCRATCH_PATH, when set, is the build directory.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

prefix="${PREFIX:-/usr/local}"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "usage: scripts/install.sh [--prefix DIR]" >&2; exit 2 ;;
    esac
done

ensure_build_dependencies
binary="$(release_scrollsim)"
mkdir -p "$prefix/bin"
install -m 0755 "$binary" "$prefix/bin/scrollsim"
echo "installed $("$prefix/bin/scrollsim" --version) as $prefix/bin/scrollsim"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on your PATH; add it, or run $prefix/bin/scrollsim" >&2 ;;
esac

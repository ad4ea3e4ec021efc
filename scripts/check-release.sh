#!/usr/bin/env bash
# Checks a release tarball from scripts/release.sh the way a machine without Swift would use it:
# verifies its .sha256, unpacks it into a temporary directory, and with an empty
# LD_LIBRARY_PATH checks that `ldd` names no libswift and exactly the documented runtime
# libraries beyond glibc's (Linux; scripts/system-packages.sh check-ldd), that `scrollsim --version`
# prints the version in the tarball's name, and that the binary plays a shipped scenario and
# writes its report. Removes the temporary directory; writes nothing else.
#
# Usage: scripts/check-release.sh dist/scrollsim-VERSION-OS-ARCH.tar.gz
set -euo pipefail
cd "$(dirname "$0")/.."

tarball="${1:?usage: scripts/check-release.sh dist/scrollsim-VERSION-OS-ARCH.tar.gz}"
[[ -f "$tarball" ]] || { echo "error: $tarball: no such file" >&2; exit 2; }
[[ -f "$tarball.sha256" ]] || { echo "error: $tarball.sha256: no such file" >&2; exit 2; }
name="$(basename "$tarball" .tar.gz)"
version="${name#scrollsim-}"
version="${version%%-*}"

( cd "$(dirname "$tarball")" && { sha256sum -c "$name.tar.gz.sha256" 2>/dev/null || shasum -a 256 -c "$name.tar.gz.sha256"; } ) >&2

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tar -C "$work" -xzf "$tarball"
binary="$work/$name/bin/scrollsim"
[[ -x "$binary" ]] || { echo "error: the tarball has no $name/bin/scrollsim" >&2; exit 1; }

if [[ "$(uname -s)" == Linux ]]; then
    libraries="$(LD_LIBRARY_PATH= ldd "$binary")"
    echo "$libraries" >&2
    if grep -qi 'libswift\|libFoundation\|libdispatch\|libBlocksRuntime' <<<"$libraries"; then
        echo "error: the binary still links the Swift runtime dynamically" >&2
        exit 1
    fi
    if grep -q 'not found' <<<"$libraries"; then
        echo "error: a library the binary needs is missing (see above)" >&2
        exit 1
    fi
    # The libraries beyond glibc's must be exactly the documented runtime ones (Install.md,
    # the README, the tarball's README: scripts/system-packages.sh runtime and libraries).
    if ! scripts/system-packages.sh check-ldd - <<<"$libraries"; then
        echo "error: the binary's libraries and the documented runtime libraries differ (see above): change Package.swift's system libraries or scripts/system-packages.sh, and the docs with them" >&2
        exit 1
    fi
fi

printed="$(LD_LIBRARY_PATH= "$binary" --version)"
echo "$printed" >&2
[[ "$printed" == "scrollsim $version "* ]] || { echo "error: --version printed \"$printed\", expected scrollsim $version" >&2; exit 1; }

LD_LIBRARY_PATH= "$binary" run Scenarios/origami-lazy.json --out "$work/origami-lazy.json" >&2
grep -q '"name": "origami-lazy"' "$work/origami-lazy.json" || { echo "error: the run wrote no report of origami-lazy" >&2; exit 1; }
[[ -f "$work/$name/schemas/scenario.schema.json" ]] || { echo "error: the tarball has no schemas/scenario.schema.json" >&2; exit 1; }
echo "ok: $tarball runs without a Swift toolchain" >&2

#!/usr/bin/env bash
# Builds a release scrollsim with the Swift runtime linked in (--static-swift-stdlib) and packs
# it for people without a Swift toolchain: dist/scrollsim-VERSION-OS-ARCH.tar.gz, with its
# SHA-256 beside it (dist/scrollsim-VERSION-OS-ARCH.tar.gz.sha256, the `sha256sum` format).
#
# Usage: scripts/release.sh [--check]
#
# The tarball holds one directory, scrollsim-VERSION-OS-ARCH/, with bin/scrollsim, README.md
# (how to run it, and the system libraries it needs), LICENSE when the repository has one,
# and the JSON Schemas of scenario files and reports (schemas/). jemalloc, SQLite and zlib stay
# dynamic system libraries (scripts/system-packages.sh runtime: the Debian/Ubuntu packages;
# macOS: brew install jemalloc sqlite); everything Swift is inside the binary. --check then
# unpacks the tarball into a temporary directory and runs its binary with an empty
# LD_LIBRARY_PATH: `ldd` must name no libswift and exactly the documented runtime libraries
# (scripts/system-packages.sh check-ldd), and `scrollsim --version` and a run of a shipped
# scenario must work (scripts/check-release.sh).
#
# Publishing (a maintainer): run it on each platform (or push a tag with
# scripts/ci-recipes/github-release.yml as .github/workflows/release.yml) and attach
# dist/*.tar.gz and dist/*.tar.gz.sha256 to a release on the repository's code host.
#
# The build is the one every script runs (scripts/common.sh, release_scrollsim): its own scratch
# path (.build/release-static, or SCROLLSIM_SCRATCH_PATH), so it never mixes with a plain
# `swift build`. Writes only under dist/ and the scratch path.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

check=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --check) check=1; shift ;;
        -h|--help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "usage: scripts/release.sh [--check]" >&2; exit 2 ;;
    esac
done

ensure_build_dependencies
start=$SECONDS
# The build every script runs (common.sh's release_scrollsim, release_flags).
binary="$(release_scrollsim)"
echo "release build took $((SECONDS - start)) s" >&2

version="$("$binary" --version | awk '{print $2}')"
os="$(uname -s | tr '[:upper:]' '[:lower:]')"
arch="$(uname -m)"
case "$arch" in
    aarch64) arch=arm64 ;;
    amd64) arch=x86_64 ;;
esac
name="scrollsim-$version-$os-$arch"

mkdir -p dist
stage="$(mktemp -d "dist/.stage-XXXXXX")"
trap 'rm -rf "$stage"' EXIT
root="$stage/$name"
mkdir -p "$root/bin" "$root/schemas"
install -m 0755 "$binary" "$root/bin/scrollsim"
strip "$root/bin/scrollsim" 2>/dev/null || true
cp Scenarios/scenario.schema.json "$root/schemas/"
if [[ -f Reports/report.schema.json ]]; then
    cp Reports/report.schema.json "$root/schemas/"
fi
for license in LICENSE LICENSE.md LICENSE.txt; do
    if [[ -f "$license" ]]; then cp "$license" "$root/"; fi
done
runtime_packages="$(scripts/system-packages.sh runtime)"
cat > "$root/README.md" <<README
# scrollsim $version ($os $arch)

A release build of ScrollSim: a deterministic, frame-by-frame simulator of SwiftUI-style lazy
stacks. The Swift runtime is inside the binary, so no Swift toolchain is needed.

## Install

\`\`\`sh
sudo apt-get install -y $runtime_packages        # Debian/Ubuntu (macOS: brew install jemalloc sqlite)
mkdir -p ~/.local/bin && cp bin/scrollsim ~/.local/bin/
scrollsim --version
scrollsim init feed my-feed.json && scrollsim run my-feed.json --html Reports/html
\`\`\`

The system libraries it loads, and what for:

$(scripts/system-packages.sh table)

## Schemas

\`schemas/scenario.schema.json\` describes scenario files (templates from \`scrollsim init\` name it
in \`\$schema\`), \`schemas/report.schema.json\` the reports \`scrollsim run\` writes; both use only
the portable JSON Schema subset (draft 2020-12), so editors, \`check-jsonschema\` and Python's
\`jsonschema\` read them.
README

tarball="dist/$name.tar.gz"
tmp_tarball="$stage/$name.tar.gz"
tar -C "$stage" -czf "$tmp_tarball" "$name"
( cd "$stage" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256" 2>/dev/null || shasum -a 256 "$name.tar.gz" > "$name.tar.gz.sha256" )
mv "$tmp_tarball" "$tarball"
mv "$stage/$name.tar.gz.sha256" "$tarball.sha256"
echo "$tarball"
echo "$(cat "$tarball.sha256")" >&2

if [[ "$check" -eq 1 ]]; then
    scripts/check-release.sh "$tarball"
fi

#!/usr/bin/env bash
# Writes .ci/api-digests.tar.xz: the API digests (swift-api-digester's JSON, one a module) of the
# library products at the commit .ci/api-baseline names, which `.ci/run api` compares the tree
# with. Run it when you move .ci/api-baseline forward, and commit both together.
#
# It builds that commit once, in .build/…/apidiff (SwiftPM's diagnose-api-breaking-changes with
# --regenerate-baseline: a few minutes), so CI never has to: .ci/run api unpacks the digests and
# builds only the tree, which the test step has built already. The digests' record of the tool's
# arguments names this machine's build folders; those are replaced by "<checkout>" and the
# archive is written with fixed names, owners and times, so the same commit and toolchain give
# the same bytes.
#
# Usage: scripts/api-digests.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

named="$(grep -v '^#' .ci/api-baseline | grep -m1 . || true)"
baseline="$named"
if [[ -z "$baseline" ]] || ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
    echo "scripts/api-digests.sh: the baseline commit '$baseline' (.ci/api-baseline) is not in this clone; fetch the history (git fetch --unshallow)" >&2
    exit 2
fi
baseline="$(git rev-parse "$baseline^{commit}")"
ensure_build_dependencies
work="$(mktemp -d "${TMPDIR:-/tmp}/scrollsim-api-digests.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# The comparison with the tree is a by-product here; only the digests are kept.
swift package ${swift_flags[@]+"${swift_flags[@]}"} diagnose-api-breaking-changes "$baseline" --baseline-dir "$work/digests" \
    --regenerate-baseline --products "${api_products[@]}" >&2 || true
mkdir -p "$work/out"
for product in "${api_products[@]}"; do
    digest="$work/digests/$baseline/$product.json"
    if [[ ! -s "$digest" ]]; then
        echo "scripts/api-digests.sh: no digest of $product was written for $baseline (see above)" >&2
        exit 1
    fi
    python3 - "$digest" "$work/out/$product.json" "$work/digests/" <<'PY'
import json, re, sys
with open(sys.argv[1]) as f:
    digest = json.load(f)
root = digest["ABIRoot"]
root["tool_arguments"] = [re.sub(r"^/.*?/apidiff/[0-9a-f]+-checkout", "<checkout>", a).replace(sys.argv[3], "<digests>/")
                          for a in root.get("tool_arguments", [])]
with open(sys.argv[2], "w") as f:
    json.dump(digest, f, indent=1, ensure_ascii=False)
    f.write("\n")
PY
done
# What .ci/api-baseline says, as it says it (a commit or a tag): .ci/run api checks the two agree.
echo "$named" > "$work/out/commit"
# The toolchain that wrote them: another one may describe the same API in other words, so
# .ci/run api builds the baseline itself under a toolchain that differs.
swift --version 2>/dev/null | head -1 > "$work/out/toolchain"
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C "$work/out" -cf - . | xz -9e > "$work/api-digests.tar.xz"
mv "$work/api-digests.tar.xz" .ci/api-digests.tar.xz
echo "scripts/api-digests.sh: wrote .ci/api-digests.tar.xz ($(wc -c < .ci/api-digests.tar.xz) bytes): ${api_products[*]} at $baseline" >&2

#!/usr/bin/env bash
# Writes Scenarios/data/photo-feed-10k.csv: the aspect ratios (height / width) of a 10,000-photo
# feed, for the masonry and grid scenarios. Deterministic (a Park–Miller generator with a fixed
# seed, exact in awk's doubles), so the committed file can be checked by running this again:
#   scripts/generate-photo-feed.sh && git diff --exit-code Scenarios/data/photo-feed-10k.csv
# The mix: 4:3 landscape 30%, square 20%, 3:4 portrait 35%, 9:16 portrait 10%, 16:9 landscape 5%.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-10000}"
LC_ALL=C awk -v count="$count" 'BEGIN {
    state = 20240611
    print "aspect"
    for (i = 0; i < count; i++) {
        state = (16807 * state) % 2147483647
        u = state / 2147483647
        if (u < 0.30) aspect = 0.75
        else if (u < 0.50) aspect = 1
        else if (u < 0.85) aspect = 1.3333
        else if (u < 0.95) aspect = 1.7778
        else aspect = 0.5625
        print aspect
    }
}' > Scenarios/data/photo-feed-10k.csv

#!/usr/bin/env bash
# The hidden deal (src/net/crapette-hidden-deck.c): each step's CPU time on one side, the
# whole deal, one reveal, the end-of-round check, and the bytes, for both games.
# Usage: bench/hidden-deal.sh [BUILD_DIR] [RUNS] [ROUNDS]   (default build, 3 runs, 20 rounds)
# Pinned to one core; prints every run, then the median over the runs of each median.
# Target: one reveal <= 1 ms of CPU.
set -euo pipefail
build=${1:-build}
runs=${2:-3}
rounds=${3:-20}
here=$(cd "$(dirname "$0")/.." && pwd)
ninja -C "$here/$build" bench/bench-hidden-deal >/dev/null
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for i in $(seq "$runs"); do
  taskset -c 0 nice "$here/$build/bench/bench-hidden-deal" "$rounds" | tee -a "$out"
done
echo "--- medians over $runs runs"
python3 - "$out" <<'PY'
import re, sys, statistics, collections
figures = collections.defaultdict(list)
for line in open(sys.argv[1]):
    label, _, rest = line.partition(":")
    match = re.match(r" median ([0-9.]+) ms", rest)
    if match:
        figures[label.strip()].append(float(match.group(1)))
for label, values in figures.items():
    print(f"{label}: median {statistics.median(values):.3f} ms (min {min(values):.3f}, max {max(values):.3f})")
PY

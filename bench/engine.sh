#!/usr/bin/env bash
# Engine throughput: random play, both variants, on one core.
# Usage: bench/engine.sh [BUILD_DIR] [RUNS]   (default build, 5 runs)
# Prints every run and the median of each figure. Run it on a quiet machine,
# and compare builds side by side in one invocation rather than across days.
set -euo pipefail
build=${1:-build}
runs=${2:-5}
here=$(cd "$(dirname "$0")/.." && pwd)
ninja -C "$here/$build" bench/bench-engine src/tools/crapette-sim >/dev/null
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for i in $(seq "$runs"); do
  taskset -c 0 "$here/$build/bench/bench-engine" | tee -a "$out"
  for v in russian american; do
    taskset -c 0 "$here/$build/src/tools/crapette-sim" --variant "$v" --games 2000 --seed "$i" --json |
      sed -n 's/.*"moves_per_second": \([0-9.]*\).*/'"$v"' sim: \1 moves\/s through crapette-sim/p' | tee -a "$out"
  done
done
echo "--- medians over $runs runs"
python3 - "$out" <<'PY'
import re, sys, statistics, collections
figures = collections.defaultdict(list)
for line in open(sys.argv[1]):
    label, _, rest = line.partition(":")
    for value, unit in re.findall(r"([0-9.]+) ([A-Za-z /()+-]+?)(?:,|$)", rest.strip()):
        figures[(label.strip(), unit.strip())].append(float(value))
for (label, unit), values in figures.items():
    print(f"{label}: median {statistics.median(values):,.0f} {unit} (min {min(values):,.0f}, max {max(values):,.0f})")
PY

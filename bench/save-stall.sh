#!/usr/bin/env bash
# The main thread's time per move spent saving, before (written on the main thread) and
# after (written by a worker), for matches of 100, 2,000 and 7,000 moves.
# Usage: bench/save-stall.sh [BUILD_DIR] [RUNS]   (default build, 3 runs)
# The save goes to a folder in the build directory, on a real disk: on a tmpfs an fsync
# costs nothing and "before" would look better than it is on anyone's laptop.
set -euo pipefail
build=${1:-build}
runs=${2:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
ninja -C "$here/$build" bench/bench-save-stall >/dev/null
folder="$here/$build/bench/save-stall-folder"
out=$(mktemp)
trap 'rm -f "$out"; rm -rf "$folder"' EXIT
echo "# the save folder is on: $(df --output=fstype "$here/$build" | tail -1)"
for i in $(seq "$runs"); do
  "$here/$build/bench/bench-save-stall" "$folder" | tee -a "$out"
done
echo "--- medians over $runs runs"
python3 - "$out" <<'PY'
import re, sys, statistics, collections
figures = collections.defaultdict(list)
for line in open(sys.argv[1]):
    label, _, rest = line.partition(":")
    for name, value in re.findall(r"(median|p99|max) ([0-9.]+) ms", rest):
        figures[(label.strip(), name)].append(float(value))
for (label, name), values in figures.items():
    print(f"{label}: {name} {statistics.median(values):.3f} ms")
PY

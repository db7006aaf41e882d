#!/usr/bin/env bash
# The shape of the computer's turns (docs/computer-players.md, "A turn's shape").
#
# Usage: bench/turn-shape.sh [BUILD_DIR] [ROUNDS] [JOBS]   (default build, 200, 1)
#
# For each level (greedy, easy, medium, hard) and each game, plays ROUNDS
# seeded rounds of the level against itself and prints one line: moves per
# turn (median, p90, p95, p99, max), the share of moves from house to house
# (American Bank: tableau to tableau), the share of repeats (a move of a card
# that has already moved in the same turn with no card turned up in between)
# and of returns (a card put back on a pile it left in the same turn), and
# how long the 95th percentile's turn takes on screen at Computer Speed Normal
# with Card Animation Normal: the pauses are read from the pace table of
# src/ui/window/crapette-computer-turn.c and the flight of 300 ms from
# src/ui/window/crapette-window.c, so the figure follows the app's pace.
# BENCH names a bench-turn-shape to use instead of the build's (no build is
# run then), so that a run can go on with a fixed copy while the tree
# changes. LEVELS chooses the levels. The JSON of every run is kept in OUT
# (default a temporary folder).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
rounds=${2:-200}
jobs=${3:-1}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
bench=${BENCH:-$here/$build/bench/bench-turn-shape}
[ -n "${BENCH:-}" ] || ninja -C "$here/$build" bench/bench-turn-shape >/dev/null

levels="${LEVELS:-greedy easy medium hard}"
for variant in russian american; do
  for level in $levels; do
    echo "$variant $level"
  done
done | xargs -P "$jobs" -L 1 sh -c '"$0" "$1" "$2" '"$rounds"' 1 > "'"$out"'/$1-$2.json"' "$bench"

echo "# $rounds rounds of each level against itself from seed 1; results in $out"
python3 - "$out" "$here" $levels <<'PY'
import json, os, re, sys
out, here, levels = sys.argv[1], sys.argv[2], sys.argv[3:]

# The computer's pace at Normal, as the app plays it.
src = open(os.path.join(here, "src/ui/window/crapette-computer-turn.c")).read()
full_moves = int(re.search(r"#define FULL_PAUSE_MOVES (\d+)", src).group(1))
short_moves = int(re.search(r"#define SHORT_PAUSE_MOVES (\d+)", src).group(1))
first, later, run, limit = (int(x) for x in re.search(
    r"\[CRAPETTE_SPEED_NORMAL\] = \{ (\d+), (\d+), (\d+), (\d+) \}", src).groups())
win = open(os.path.join(here, "src/ui/window/crapette-window.c")).read()
flight = int(re.search(r"animation_ms\[\] = \{ \d+, (\d+), \d+ \}", win).group(1))
if limit:
    flight = min(flight, limit)

def seconds_at_normal(moves):
    ms = 0
    for played in range(moves):
        pause = first if played < full_moves else later if played < short_moves else run
        ms += flight + pause
    return ms / 1000

print(f"| game | level | turns | moves per turn: median / p90 / p95 / p99 / max | "
      f"house to house | repeats | returns | p95 turn at Normal |")
print("|---|---|---:|---|---:|---:|---:|---:|")
for variant in ("russian", "american"):
    for level in levels:
        path = os.path.join(out, f"{variant}-{level}.json")
        if not os.path.exists(path) or os.path.getsize(path) == 0:  # not run, or cut short
            continue
        d = json.load(open(path))
        print(f"| {variant} | {level} | {d['turns']} | {d['median']} / {d['p90']} / {d['p95']} / "
              f"{d['p99']} / {d['max']} | {100 * d['house_to_house']:.1f}% | "
              f"{100 * d['repeats']:.1f}% | {100 * d['returns']:.1f}% | "
              f"{seconds_at_normal(d['p95']):.1f} s |")
PY

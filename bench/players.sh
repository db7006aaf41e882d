#!/usr/bin/env bash
# The computer players' tournament and decision times (docs/computer-players.md).
#
# Usage: bench/players.sh [BUILD_DIR] [GAMES] [JOBS]   (default build, 1000, 1)
#        bench/players.sh timing [BUILD_DIR] [RUNS]     (default build, 5)
#
# Plays GAMES seeded rounds per pairing and variant with crapette-sim (seats
# swapped every other round), then prints one line per pairing: wins, losses,
# blocked rounds, the first player's share of decided rounds with its 95%
# interval, and each player's decision time (p50 and p99). JOBS > 1 plays that
# many pairings at once; the machine has two cores, so timings from a parallel
# run are upper bounds. The JSON of every pairing is kept in the output folder
# (set OUT, default a temporary folder) so figures can be quoted exactly.
# SIM names a crapette-sim to use instead of the build's (no build is run
# then), so a long run can go on with a fixed copy while the tree changes.
# MISTAKES=called plays the tournament with mistakes called ("Stop!",
# docs/rules.md): each level makes its own share of mistakes and calls the
# other's, and a second table gives, per player, mistakes per 100 turns and
# the share of the other's mistakes called.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

# Timing: RUNS short matches of Hard against greedy in each game, one at a
# time, and the median over the runs of each percentile, both on the clock
# on the wall and in processor time (which a busy machine does not inflate).
if [ "${1:-}" = timing ]; then
  build=${2:-build}
  runs=${3:-5}
  sim=${SIM:-$here/$build/src/tools/crapette-sim}
  [ -n "${SIM:-}" ] || ninja -C "$here/$build" src/tools/crapette-sim >/dev/null
  for i in $(seq "$runs"); do
    for variant in russian american; do
      "$sim" --players hard,greedy --variant "$variant" \
        --games 20 --seed $((100 * i)) --json | sed "s/^/$variant /"
    done
  done | python3 -c '
import json, statistics, sys, collections
runs = collections.defaultdict(list)
for line in sys.stdin:
    variant, _, text = line.partition(" ")
    runs[variant].append(json.loads(text))
for variant, results in runs.items():
    for who, name in enumerate(("hard", "greedy")):
        p50 = statistics.median(r["p50_decision_ms"][who] for r in results)
        p99 = statistics.median(r["p99_decision_ms"][who] for r in results)
        worst = max(r["max_decision_ms"][who] for r in results)
        cpu50 = statistics.median(r["p50_decision_cpu_ms"][who] for r in results)
        cpu99 = statistics.median(r["p99_decision_cpu_ms"][who] for r in results)
        cpu_worst = max(r["max_decision_cpu_ms"][who] for r in results)
        print(f"{variant:9} {name:7} median over {len(results)} runs: wall p50 {p50:.3f} ms, p99 {p99:.3f} ms, "
              f"slowest {worst:.1f} ms; processor p50 {cpu50:.3f} ms, p99 {cpu99:.3f} ms, slowest {cpu_worst:.1f} ms")
'
  exit 0
fi

build=${1:-build}
games=${2:-1000}
jobs=${3:-1}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
sim=${SIM:-$here/$build/src/tools/crapette-sim}
[ -n "${SIM:-}" ] || ninja -C "$here/$build" src/tools/crapette-sim >/dev/null

pairings="${PAIRINGS:-hard,greedy hard,medium medium,easy easy,random medium,greedy greedy,random}"
for variant in russian american; do
  for pair in $pairings; do
    echo "$variant $pair"
  done
done | xargs -P "$jobs" -L 1 sh -c \
  '"$0" --players "$2" --variant "$1" --games '"$games"' --seed 1 --mistakes '"${MISTAKES:-prevented}"' --json > "'"$out"'/$1-$2.json"' "$sim"

echo "# $games rounds per pairing from seed 1, mistakes ${MISTAKES:-prevented}; results in $out"
python3 - "$out" "${MISTAKES:-prevented}" $pairings <<'PY'
import json, os, sys
out, mistakes, pairings = sys.argv[1], sys.argv[2], sys.argv[3:]
print(f"{'variant':9} {'pairing':15} {'wins':>5} {'losses':>6} {'blocked':>7} {'drawn':>5}  "
      f"{'first wins':>10} {'95% interval':>15}  {'p50/p99 ms (first)':>19} {'p50/p99 ms (second)':>20}")
for variant in ("russian", "american"):
    for pair in pairings:
        path = os.path.join(out, f"{variant}-{pair}.json")
        if not os.path.exists(path):
            continue
        d = json.load(open(path))
        low, high = d["first_win_rate_ci95"]
        p50, p99 = d["p50_decision_ms"], d["p99_decision_ms"]
        print(f"{variant:9} {pair:15} {d['wins'][0]:5} {d['wins'][1]:6} {d['blocked']:7} {d['drawn']:5}  "
              f"{100 * d['first_win_rate']:9.1f}% {100 * low:6.1f}%–{100 * high:5.1f}%  "
              f"{p50[0]:8.3f}/{p99[0]:8.3f} {p50[1]:9.3f}/{p99[1]:8.3f}")
if mistakes == "called":
    print()
    print(f"{'variant':9} {'pairing':15} {'player':7} {'turns':>7} {'mistakes':>8} {'per 100 turns':>13} "
          f"{'calls':>6} {'their mistakes':>14} {'called':>7}")
    for variant in ("russian", "american"):
        for pair in pairings:
            path = os.path.join(out, f"{variant}-{pair}.json")
            if not os.path.exists(path):
                continue
            d = json.load(open(path))
            for who, name in enumerate(pair.split(",")):
                turns, made = d["turns_played"][who], d["mistakes"][who]
                calls, other = d["calls"][who], d["mistakes"][1 - who]
                print(f"{variant:9} {pair:15} {name:7} {turns:7} {made:8} {100 * made / max(turns, 1):13.2f} "
                      f"{calls:6} {other:14} {100 * calls / max(other, 1):6.1f}%")
PY

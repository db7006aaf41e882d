#!/usr/bin/env bash
# A move's round trip through a real Prosody on loopback (median, p99) with the XMPP
# carrier, and how long the main thread is held while connecting and while exchanging.
# Usage: bench/net.sh [BUILD_DIR] [RUNS] [ROUND_TRIPS] [PAIRS]
#   (default build, 3 runs, 1,000 round trips, then 0 pairs at once; try 20)
#    or: bench/net.sh matches [BUILD_DIR] [MATCHES] [ROUNDS] [PLAYERS] [DEAL]
#   (default build, 100 matches at once through one Prosody, 1 round each, easy players,
#   DEAL hidden as crapette-sim offers it, or seed for the seed deal):
#   whole matches between headless peers (crapette-sim --host xmpp / --join); how many finish
#   with identical records and how many are desynchronised, the move lines' latency and the
#   server's CPU time (bench/net-xmpp-matches.sh).
# Each run starts its own Prosody (tests/net/prosody-run.sh) on 127.0.0.1 and stops it by
# its PID. Targets: round trip p99 <= 10 ms, main-thread stall <= 2 ms.
# Whole matches between two crapette-sim processes: bench/net-matches.sh; the stall of
# keeping the match on disk: build/bench/bench-net-keep.
set -euo pipefail
if [ "${1:-}" = matches ]; then
  build=${2:-build}
  here=$(cd "$(dirname "$0")/.." && pwd)
  ninja -C "$here/$build" src/tools/crapette-sim >/dev/null
  exec "$here/tests/net/prosody-run.sh" run "$here/bench/net-xmpp-matches.sh" \
    "$here/$build/src/tools/crapette-sim" "${3:-100}" "${4:-1}" "${5:-easy}" "${6:-hidden}"
fi
build=${1:-build}
runs=${2:-3}
round_trips=${3:-1000}
pairs=${4:-0}
here=$(cd "$(dirname "$0")/.." && pwd)
ninja -C "$here/$build" bench/bench-net >/dev/null
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for i in $(seq "$runs"); do
  "$here/tests/net/prosody-run.sh" run "$here/$build/bench/bench-net" "$round_trips" "$pairs" | tee -a "$out"
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

#!/usr/bin/env bash
# Whole network matches between two headless peers (crapette-sim --host / --join) over the
# direct carrier (TCP + TLS) on 127.0.0.1: how many finish with identical records, and each
# move line's latency from the moment it is played at one table to the moment it arrives at
# the other (crapette-sim --line-times; both processes read the same monotonic clock).
# Usage: bench/net-matches.sh [BUILD_DIR] [MATCHES] [AT_ONCE] [ROUNDS] [PLAYERS]
#   (default build, 100 matches, 4 at once, 1 round each, easy players)
# Every match is bounded in time (--time-limit 120, and timeout 150); every process started
# here is waited for by its PID; only 127.0.0.1 is used.
set -euo pipefail
build=${1:-build}
matches=${2:-100}
at_once=${3:-4}
rounds=${4:-1}
players=${5:-easy}
here=$(cd "$(dirname "$0")/.." && pwd)
sim="$here/$build/src/tools/crapette-sim"
ninja -C "$here/$build" src/tools/crapette-sim >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_DATA_HOME="$work/data"   # the host's certificate is made here, not in the user's

one_match () {
  local n=$1 dir="$work/m$1" address host_pid guest_pid
  mkdir -p "$dir"
  mkfifo "$dir/out"
  timeout 150 "$sim" --host 127.0.0.1:0 --players "$players" --games "$rounds" --name Ann \
    --time-limit 120 --record "$dir/host.crapette" --line-times "$dir/host.times" \
    >"$dir/out" 2>"$dir/host.err" &
  host_pid=$!
  exec {fd}<"$dir/out"
  read -r address <&$fd || true
  cat <&$fd >"$dir/host.rest" &
  local cat_pid=$!
  timeout 150 "$sim" --join "$address" --players "$players" --games "$rounds" --name Bob \
    --time-limit 120 --record "$dir/guest.crapette" --line-times "$dir/guest.times" \
    >"$dir/guest.out" 2>"$dir/guest.err" &
  guest_pid=$!
  local status=ok
  wait "$host_pid" || status=failed
  wait "$guest_pid" || status=failed
  wait "$cat_pid" || true
  exec {fd}<&-
  if [ "$status" = ok ] && ! cmp -s "$dir/host.crapette" "$dir/guest.crapette"; then
    status=desync
  fi
  echo "$status" >"$dir/status"
}

start=$(date +%s.%N)
running=0
for n in $(seq "$matches"); do
  one_match "$n" &
  running=$((running + 1))
  if [ "$running" -ge "$at_once" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait
end=$(date +%s.%N)

python3 - "$work" "$matches" "$start" "$end" <<'PY'
import os, sys, statistics
work, matches, start, end = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
def read(path):
    played, received = {}, {}
    if os.path.exists(path):
        for line in open(path):
            kind, rnd, idx, t = line.split()
            (played if kind == "p" else received)[(rnd, idx)] = int(t)
    return played, received
counts = {"ok": 0, "failed": 0, "desync": 0}
latencies, moves = [], 0
for n in range(1, matches + 1):
    d = os.path.join(work, f"m{n}")
    status = open(os.path.join(d, "status")).read().strip() if os.path.exists(os.path.join(d, "status")) else "failed"
    counts[status] = counts.get(status, 0) + 1
    hp, hr = read(os.path.join(d, "host.times"))
    gp, gr = read(os.path.join(d, "guest.times"))
    for key, t in gr.items():          # the host's moves, arrived at the guest
        if key in hp: latencies.append((t - hp[key]) / 1000)
    for key, t in hr.items():          # the guest's moves, arrived at the host
        if key in gp: latencies.append((t - gp[key]) / 1000)
    moves += len(hp)
latencies.sort()
print(f"matches: {matches}, finished with identical records: {counts['ok']}, "
      f"desynchronised: {counts['desync']}, failed: {counts['failed']}")
print(f"moves: {moves}, move lines timed: {len(latencies)}, wall {end - start:.1f} s")
if latencies:
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    print(f"line latency: median {statistics.median(latencies):.3f} ms, p99 {p99:.3f} ms, max {latencies[-1]:.3f} ms")
PY

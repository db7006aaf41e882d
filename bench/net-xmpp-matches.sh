#!/usr/bin/env bash
# Run by bench/net.sh's "matches" mode under tests/net/prosody-run.sh (CRAPETTE_PROSODY_* set):
# MATCHES whole network matches at once through the one Prosody, each between two headless
# peers (crapette-sim --host xmpp / --join INVITATION, both signed in as guests of
# guest.localhost, the rooms on rooms.localhost). Prints how many finished with identical
# records, how many were desynchronised (finished with different records) or failed, each
# move line's latency (played at one table to arrived at the other, crapette-sim
# --line-times, one monotonic clock), and the server's CPU time over the run (from
# /proc/PID/stat of the Prosody whose PID prosody-run.sh keeps).
# Usage: net-xmpp-matches.sh CRAPETTE-SIM MATCHES ROUNDS PLAYERS [DEAL]
# (DEAL: hidden, as crapette-sim offers it, or seed: both peers with --seed-deal.)
# Every process is bounded by timeout and waited for by its PID; only 127.0.0.1 is used.
set -uo pipefail
sim=$1
matches=$2
rounds=$3
players=$4
deal_options=()
[ "${5:-hidden}" = seed ] && deal_options=(--seed-deal)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME=$work XDG_DATA_HOME=$work
xmpp=(--xmpp-account guest.localhost --xmpp-server "127.0.0.1:$CRAPETTE_PROSODY_PORT"
      --xmpp-ca "$CRAPETTE_PROSODY_CA")
server_pid=$(cat "$CRAPETTE_PROSODY_PID_FILE")
ticks=$(getconf CLK_TCK)

server_cpu_ticks () {
  # utime + stime, fields 14 and 15 of /proc/PID/stat (the name in brackets has no spaces).
  awk '{ print $14 + $15 }' "/proc/$server_pid/stat"
}

one_match () {
  local n=$1 dir="$work/m$1" invitation= host_pid guest_pid status=ok
  mkdir -p "$dir"
  timeout 600 "$sim" --host xmpp "${xmpp[@]}" "${deal_options[@]}" --xmpp-rooms rooms.localhost --name "Ann$n" \
    --players "$players" --games "$rounds" --time-limit 560 --record "$dir/host.crapette" \
    --line-times "$dir/host.times" >"$dir/host.out" 2>"$dir/host.err" &
  host_pid=$!
  # The host's first line is the invitation: waited for a bounded time (60 s).
  for _ in $(seq 600); do
    invitation=$(head -n 1 "$dir/host.out" 2>/dev/null)
    case "$invitation" in xmpp:*) break ;; esac
    invitation=
    kill -0 "$host_pid" 2>/dev/null || break
    sleep 0.1
  done
  if [ -z "$invitation" ]; then
    wait "$host_pid"
    echo failed >"$dir/status"
    return
  fi
  timeout 600 "$sim" --join "$invitation" "${xmpp[@]}" "${deal_options[@]}" --name "Bob$n" --players "$players" \
    --games "$rounds" --time-limit 560 --record "$dir/guest.crapette" \
    --line-times "$dir/guest.times" >"$dir/guest.out" 2>"$dir/guest.err" &
  guest_pid=$!
  wait "$host_pid" || status=failed
  wait "$guest_pid" || status=failed
  if [ "$status" = ok ] && ! cmp -s "$dir/host.crapette" "$dir/guest.crapette"; then
    status=desync
  fi
  echo "$status" >"$dir/status"
}

cpu_before=$(server_cpu_ticks)
start=$(date +%s.%N)
pids=()
for n in $(seq "$matches"); do
  one_match "$n" &
  pids+=($!)
done
for pid in "${pids[@]}"; do
  wait "$pid"
done
end=$(date +%s.%N)
cpu_after=$(server_cpu_ticks)

python3 - "$work" "$matches" "$start" "$end" "$cpu_before" "$cpu_after" "$ticks" <<'PY'
import os, sys, statistics
work, matches = sys.argv[1], int(sys.argv[2])
start, end = float(sys.argv[3]), float(sys.argv[4])
cpu = (int(sys.argv[6]) - int(sys.argv[5])) / int(sys.argv[7])
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
    path = os.path.join(d, "status")
    status = open(path).read().strip() if os.path.exists(path) else "failed"
    counts[status] = counts.get(status, 0) + 1
    if status == "failed":
        for name in ("host.err", "guest.err"):
            p = os.path.join(d, name)
            if os.path.exists(p) and os.path.getsize(p):
                print(f"# match {n} {name}: " + open(p).read().strip().splitlines()[-1])
    hp, hr = read(os.path.join(d, "host.times"))
    gp, gr = read(os.path.join(d, "guest.times"))
    for key, t in gr.items():
        if key in hp: latencies.append((t - hp[key]) / 1000)
    for key, t in hr.items():
        if key in gp: latencies.append((t - gp[key]) / 1000)
    moves += len(hp)          # every move of the match, either player's, played at the host
latencies.sort()
wall = end - start
print(f"matches at once: {matches}, finished with identical records: {counts['ok']}, "
      f"desynchronised: {counts['desync']}, failed: {counts['failed']}")
print(f"moves (at the hosts): {moves}, move lines timed: {len(latencies)}, wall {wall:.1f} s")
if latencies:
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    print(f"line latency: median {statistics.median(latencies):.3f} ms, p99 {p99:.3f} ms, "
          f"max {latencies[-1]:.3f} ms")
print(f"server CPU: {cpu:.2f} s over {wall:.1f} s ({100 * cpu / wall:.1f} % of one core), "
      f"{1000 * cpu / max(1, len(latencies)):.3f} ms per move line")
sys.exit(0 if counts["ok"] == matches else 1)
PY

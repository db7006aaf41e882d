#!/usr/bin/env bash
# A whole round's overhead of the hidden deal through a real Prosody on loopback: one-round
# matches between two crapette-sim peers over XMPP (alice hosting, a guest joining), dealt
# hidden and, alternately, with the seed deal (the guest given --seed-deal), side by side in
# one run. For each: the round's time, from the guest's start to the last move arriving or
# played at the guest (--line-times, the same monotonic clock; it includes signing in and
# joining the room, the same for both deals, but not the goodbye, whose wait of up to 5 s
# depends on which end finished first), CPU time of both processes together (the whole
# process, start to exit), and moves; the medians, their ratio, and time per move.
# Usage: bench/hidden-prosody.sh [BUILD_DIR] [MATCHES_EACH] [VARIANT]
#   (default build, 10 of each, russian; easy players)
# The Prosody is the tests' own (tests/net/prosody-run.sh), on 127.0.0.1, stopped by its PID;
# every process is bounded by timeout and waited for by its PID.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" != --inside ]; then
  build=${1:-build}
  ninja -C "$here/$build" src/tools/crapette-sim >/dev/null
  exec "$here/tests/net/prosody-run.sh" run "$0" --inside "$here/$build" "${2:-10}" "${3:-russian}"
fi
build=$2
matches=$3
variant=$4
sim="$build/src/tools/crapette-sim"
work=$(mktemp -d)
host_pid=
trap '[ -n "$host_pid" ] && kill "$host_pid" 2>/dev/null; rm -rf "$work"' EXIT
export HOME=$work XDG_DATA_HOME=$work

one_match () {
  local deal=$1 n=$2 dir="$work/$1-$2" invitation= start end
  mkdir -p "$dir"
  /usr/bin/time -f "%U %S" -o "$dir/host.cpu" timeout 200 env CRAPETTE_XMPP_PASSWORD=secret-1 \
    "$sim" --host xmpp --variant "$variant" \
    --xmpp-account alice@accounts.localhost --xmpp-server "127.0.0.1:$CRAPETTE_PROSODY_PORT" \
    --xmpp-rooms rooms.localhost --xmpp-ca "$CRAPETTE_PROSODY_CA" --name Alice \
    --players easy --games 1 --time-limit 180 --record "$dir/host.crapette" \
    >"$dir/host.out" 2>&1 &
  host_pid=$!
  for _ in $(seq 100); do
    invitation=$(head -n 1 "$dir/host.out" 2>/dev/null)
    case "$invitation" in xmpp:*) break ;; esac
    invitation=
    sleep 0.1
  done
  start=$(python3 -c 'import time; print(int(time.monotonic() * 1e6))')
  /usr/bin/time -f "%U %S" -o "$dir/guest.cpu" timeout 200 "$sim" --join "$invitation" \
    --xmpp-account guest.localhost --xmpp-server "127.0.0.1:$CRAPETTE_PROSODY_PORT" \
    --xmpp-ca "$CRAPETTE_PROSODY_CA" --name Guest --players easy --games 1 --time-limit 180 \
    $([ "$deal" = seed ] && echo --seed-deal) --record "$dir/guest.crapette" \
    --line-times "$dir/guest.times" \
    >"$dir/guest.out" 2>&1 || true
  wait "$host_pid" || true
  host_pid=
  end=$(tail -n 1 "$dir/guest.times" | awk '{ print $4 }')
  if grep -qx "deal: $deal" "$dir/host.out" && cmp -s "$dir/host.crapette" "$dir/guest.crapette"; then
    moves=$(sed -n 's/^rounds: [0-9]* moves: \([0-9]*\)/\1/p' "$dir/host.out")
    cpu=$(cat "$dir/host.cpu" "$dir/guest.cpu" | awk '{ s += $1 + $2 } END { print s }')
    echo "$deal $(( (end - start) / 1000 )) $cpu $moves" >>"$work/results"
  else
    echo "# $deal match $n failed" >&2
    sed 's/^/#   /' "$dir/host.out" "$dir/guest.out" >&2
  fi
}

for n in $(seq "$matches"); do
  one_match hidden "$n"
  one_match seed "$n"
done
python3 - "$work/results" "$variant" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
figures = {}
for deal in ("hidden", "seed"):
    mine = [r for r in rows if r[0] == deal]
    wall = statistics.median(float(r[1]) for r in mine)
    cpu = statistics.median(float(r[2]) * 1000 for r in mine)
    moves = statistics.median(int(r[3]) for r in mine)
    per_move = statistics.median(float(r[1]) / max(1, int(r[3])) for r in mine)
    figures[deal] = (wall, cpu, per_move)
    print(f"{sys.argv[2]} {deal}: {len(mine)} matches, median round {wall:.0f} ms, "
          f"CPU of both {cpu:.0f} ms, {moves:.0f} moves, {per_move:.2f} ms per move")
h, s = figures["hidden"], figures["seed"]
print(f"hidden / seed: round {h[0] / s[0]:.2f}, CPU {h[1] / s[1]:.2f}, per move {h[2] / s[2]:.2f}; "
      f"difference {h[0] - s[0]:.0f} ms a round, {h[1] - s[1]:.0f} ms of CPU")
PY

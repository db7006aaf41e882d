#!/bin/bash
# xmpp-sim.sh CRAPETTE-SIM: under prosody-run.sh, two crapette-sim peers play whole matches
# through the test's own Prosody on 127.0.0.1: alice (an account) hosts and prints the
# invitation (--host xmpp), a guest of guest.localhost joins it (--join INVITATION). For each game
# both finish the rounds asked (ROUNDS, 20 unless told) and write the same record, move for
# move, dealt hidden (both offer it), both shown the same cards. TAP; every process bounded by timeout, the host stopped by its PID.
set -u
sim=$1
rounds=${CRAPETTE_XMPP_SIM_ROUNDS:-20}
folder=$(mktemp -d /tmp/crapette-xmpp-sim-XXXXXX)
host_pid=
trap '[ -n "$host_pid" ] && kill "$host_pid" 2>/dev/null; rm -rf "$folder"' EXIT
export HOME=$folder XDG_DATA_HOME=$folder

echo 1..8
n=0
for variant in russian american; do
  # A match long enough for the rounds asked: Russian Bank's target out of reach, American
  # Bank's best of 2 x ROUNDS - 1 rounds.
  if [ "$variant" = russian ]; then length=100000; else length=$((2 * rounds - 1)); fi
  timeout 300 env CRAPETTE_XMPP_PASSWORD=secret-1 "$sim" --host xmpp --variant "$variant" \
    --xmpp-account alice@accounts.localhost --xmpp-server "127.0.0.1:$CRAPETTE_PROSODY_PORT" \
    --xmpp-rooms rooms.localhost --xmpp-ca "$CRAPETTE_PROSODY_CA" --name Alice \
    --players medium --games "$rounds" --match-length "$length" --time-limit 280 \
    --record "$folder/host-$variant.crapette" --reveals "$folder/host-$variant.reveals" >"$folder/host-$variant.out" 2>&1 &
  host_pid=$!
  # The first line the host prints is the invitation; wait for it a bounded time.
  invitation=
  for _ in $(seq 100); do
    invitation=$(head -n 1 "$folder/host-$variant.out" 2>/dev/null)
    case "$invitation" in xmpp:*) break ;; esac
    invitation=
    sleep 0.1
  done
  n=$((n + 1))
  if [ -n "$invitation" ]; then echo "ok $n $variant: the host printed an invitation"
  else echo "not ok $n $variant: no invitation from the host"
  fi
  timeout 300 "$sim" --join "$invitation" \
    --xmpp-account guest.localhost --xmpp-server "127.0.0.1:$CRAPETTE_PROSODY_PORT" \
    --xmpp-ca "$CRAPETTE_PROSODY_CA" --name Guest --players easy --games "$rounds" \
    --time-limit 280 --record "$folder/guest-$variant.crapette" \
    --reveals "$folder/guest-$variant.reveals" >"$folder/guest-$variant.out" 2>&1
  guest_status=$?
  wait "$host_pid"
  host_status=$?
  host_pid=
  sed 's/^/# /' "$folder/host-$variant.out" "$folder/guest-$variant.out"
  n=$((n + 1))
  host_rounds=$(sed -n 's/^rounds: \([0-9]*\) .*/\1/p' "$folder/host-$variant.out")
  if [ "$guest_status" = 0 ] && [ "$host_status" = 0 ] && [ -n "$host_rounds" ] &&
     [ "$host_rounds" -ge "$rounds" ]
  then echo "ok $n $variant: both finished, $host_rounds rounds"
  else echo "not ok $n $variant: host $host_status, guest $guest_status"
  fi
  n=$((n + 1))
  if [ -s "$folder/host-$variant.crapette" ] &&
     cmp -s "$folder/host-$variant.crapette" "$folder/guest-$variant.crapette"
  then echo "ok $n $variant: both records are the same, move for move"
  else echo "not ok $n $variant: the records differ"
  fi
  n=$((n + 1))
  if grep -qx 'deal: hidden' "$folder/host-$variant.out" &&
     grep -qx 'deal: hidden' "$folder/guest-$variant.out" &&
     [ -s "$folder/host-$variant.reveals" ] &&
     cmp -s "$folder/host-$variant.reveals" "$folder/guest-$variant.reveals"
  then echo "ok $n $variant: dealt hidden, both shown the same cards"
  else echo "not ok $n $variant: not dealt hidden, or shown other cards"
  fi
done

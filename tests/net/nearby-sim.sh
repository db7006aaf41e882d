#!/bin/bash
# nearby-sim.sh CRAPETTE-SIM: under avahi-run.sh, a crapette-sim host announces its match
# (--announce) and another finds and joins it (--join nearby); both play one round and
# write the same record. TAP; every process bounded by timeout.
set -u
sim=$1
folder=$(mktemp -d /tmp/crapette-nearby-sim-XXXXXX)
trap 'rm -rf "$folder"' EXIT
export HOME=$folder XDG_DATA_HOME=$folder
echo 1..2
timeout 120 "$sim" --host "$CRAPETTE_TEST_AVAHI_HOST:0" --announce --name Ann \
  --players medium --games 1 --record "$folder/host.crapette" >"$folder/host.out" 2>&1 &
host_pid=$!
timeout 120 "$sim" --join nearby --players easy --games 1 \
  --record "$folder/guest.crapette" >"$folder/guest.out" 2>&1
guest_status=$?
wait "$host_pid"
host_status=$?
sed 's/^/# /' "$folder/host.out" "$folder/guest.out"
if [ "$guest_status" = 0 ] && [ "$host_status" = 0 ] && grep -qx 'nearby: Ann' "$folder/guest.out"
then echo "ok 1 the guest found Ann's match nearby and both finished"
else echo "not ok 1 host $host_status, guest $guest_status"
fi
if cmp -s "$folder/host.crapette" "$folder/guest.crapette"
then echo "ok 2 both records are the same"
else echo "not ok 2 the records differ"
fi

#!/bin/bash
# avahi-run.sh TEST [ARGS...]: runs TEST beside an Avahi daemon of its own.
#
# In a network and mount namespace made here (unshare, so root is needed): a veth pair whose
# one end has 10.29.0.1 (Avahi ignores loopback interfaces), a private system bus (its own
# dbus-daemon, DBUS_SYSTEM_BUS_ADDRESS), and avahi-daemon with its own configuration on that
# interface only, no reflector, its pid file on a private /run/avahi-daemon. Both daemons are
# started and stopped by their PIDs; every wait is bounded. Without the privileges or the
# programs, prints a TAP skip with the reason.
set -u

skip () {
  echo "1..0 # SKIP $1"
  exit 0
}

if [ "${1:-}" != --inside ]; then
  [ "$(id -u)" = 0 ] || skip "needs root for a network namespace of its own"
  for program in unshare ip dbus-daemon avahi-daemon; do
    command -v "$program" >/dev/null || skip "$program is not installed"
  done
  unshare --net --mount true 2>/dev/null || skip "cannot make a network namespace here"
  exec unshare --net --mount "$0" --inside "$@"
fi
shift

folder=$(mktemp -d /tmp/crapette-avahi-XXXXXX)
dbus_pid=
avahi_pid=
stop () {
  [ -n "$avahi_pid" ] && kill "$avahi_pid" 2>/dev/null && wait "$avahi_pid" 2>/dev/null
  [ -n "$dbus_pid" ] && kill "$dbus_pid" 2>/dev/null && wait "$dbus_pid" 2>/dev/null
  rm -rf "$folder"
}
trap stop EXIT

ip link set lo up
ip link add nb0 type veth peer name nb1 || skip "cannot make a veth pair"
ip addr add 10.29.0.1/24 dev nb0
ip link set nb0 up multicast on
ip link set nb1 up
mount -t tmpfs tmpfs /run/avahi-daemon 2>/dev/null || {
  mkdir -p /run/avahi-daemon && mount -t tmpfs tmpfs /run/avahi-daemon
} || skip "cannot give avahi-daemon a private /run/avahi-daemon"

cat > "$folder/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$folder/system_bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*" eavesdrop="false"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
CONF
dbus-daemon --config-file="$folder/bus.conf" --nofork --nopidfile &
dbus_pid=$!
export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$folder/system_bus"
for _ in $(seq 100); do [ -S "$folder/system_bus" ] && break; sleep 0.05; done
[ -S "$folder/system_bus" ] || { echo "Bail out! the private system bus did not start"; exit 1; }

cat > "$folder/avahi-daemon.conf" <<CONF
[server]
host-name=crapette-test
use-ipv4=yes
use-ipv6=no
allow-interfaces=nb0
enable-dbus=yes
ratelimit-interval-usec=0
[wide-area]
enable-wide-area=no
[publish]
publish-workstation=no
publish-hinfo=no
[reflector]
enable-reflector=no
CONF
avahi-daemon -f "$folder/avahi-daemon.conf" --no-drop-root --no-chroot --no-rlimits \
  --no-proc-title -s 2>"$folder/avahi.log" &
avahi_pid=$!
# Ready once it owns its name on the bus (at most 5 s).
for _ in $(seq 100); do
  dbus-send --system --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.Avahi 2>/dev/null |
    grep -q 'boolean true' && break
  sleep 0.05
done
if ! kill -0 "$avahi_pid" 2>/dev/null; then
  echo "Bail out! avahi-daemon did not start:"; sed 's/^/# /' "$folder/avahi.log"; exit 1
fi

export CRAPETTE_TEST_AVAHI_HOST=10.29.0.1
"$@"

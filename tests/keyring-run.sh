#!/usr/bin/env bash
# A session bus of the test's own, with or without a keyring on it.
#
#   keyring-run.sh none COMMAND [ARGS...]      a private session bus with no Secret Service
#   keyring-run.sh unlocked COMMAND [ARGS...]  the same bus with gnome-keyring-daemon's Secret
#                                              Service on it, its login keyring made here and
#                                              unlocked, in a temporary folder
#
# The bus starts no service by itself (no service folders): a test on the shared session bus
# would otherwise start the desktop's keyring, which asks for a password on screen. COMMAND
# gets CRAPETTE_KEYRING (none or unlocked). The keyring daemon is stopped by its PID, and the
# bus ends with COMMAND.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
script="$here/$(basename "$0")"

# How long the keyring may take to come on the bus, in seconds.
START_SECONDS=20

if [ $# -lt 2 ]; then
  echo "usage: $0 none|unlocked COMMAND [ARGS...]" >&2
  exit 2
fi

case "$1" in
  none|unlocked)
    folder=$(mktemp -d "${TMPDIR:-/tmp}/crapette-keyring-XXXXXX")
    trap 'rm -rf "$folder"' EXIT
    cat > "$folder/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=$folder</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
    kind=$1
    shift
    status=0
    dbus-run-session --config-file="$folder/bus.conf" -- \
      "$script" inside "$kind" "$folder" "$@" || status=$?
    exit $status
    ;;
  inside)
    kind=$2 folder=$3
    shift 3
    export CRAPETTE_KEYRING=$kind
    if [ "$kind" = none ]; then
      exec "$@"
    fi
    mkdir -p "$folder/data" "$folder/runtime"
    chmod 700 "$folder/runtime"
    # The daemon keeps its keyrings under XDG_DATA_HOME and its socket under
    # XDG_RUNTIME_DIR: both in the temporary folder, for the daemon only.
    printf 'crapette-tests' | XDG_DATA_HOME="$folder/data" XDG_RUNTIME_DIR="$folder/runtime" \
      gnome-keyring-daemon --foreground --unlock --components=secrets \
      > "$folder/keyring.log" 2>&1 &
    keyring=$!
    stop_keyring () {
      kill "$keyring" 2>/dev/null || true
      wait "$keyring" 2>/dev/null || true
    }
    trap stop_keyring EXIT
    if ! gdbus wait --session --timeout "$START_SECONDS" org.freedesktop.secrets; then
      echo "The keyring did not come on the bus within $START_SECONDS s:" >&2
      cat "$folder/keyring.log" >&2
      exit 1
    fi
    status=0
    "$@" || status=$?
    exit $status
    ;;
  *)
    echo "usage: $0 none|unlocked COMMAND [ARGS...]" >&2
    exit 2
    ;;
esac

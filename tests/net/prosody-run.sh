#!/usr/bin/env bash
# A real Prosody of the test's own, for the XMPP carrier's tests and bench/net.sh.
#
#   prosody-run.sh run COMMAND [ARGS...]   start one in a temporary folder, run COMMAND with
#                                          CRAPETTE_PROSODY_* set, then stop it by its PID
#   prosody-run.sh restart DIR             stop the server of DIR and start it again on the
#                                          same port (what a test of a server restart calls)
#   prosody-run.sh stop DIR / start DIR    the two halves of a restart
#   prosody-run.sh deluser DIR JID         remove an account (with the server stopped)
#
# The server listens for clients on 127.0.0.1 only, on a free port, with no server-to-server
# and no HTTP; TLS is required, with a one-day self-signed certificate made here. Two
# virtual hosts: accounts.localhost (accounts alice and bob, password "secret-1" and
# "secret-2") and guest.localhost (anonymous sign-in), and a chat service rooms.localhost,
# which accounts.localhost names in its service discovery (disco#items) and guest.localhost
# does not.
# There is no rate limit: Debian's default configuration throttles a client to 10 kB/s.
# It runs as an unprivileged user: when started as root, as nobody.
#
# COMMAND gets: CRAPETTE_PROSODY_DIR, CRAPETTE_PROSODY_PORT, CRAPETTE_PROSODY_CA (the
# certificate to trust), CRAPETTE_PROSODY_WRONG_CA (another certificate, to be refused),
# CRAPETTE_PROSODY_PID_FILE and CRAPETTE_PROSODY_RUN (this script).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
script="$here/$(basename "$0")"

# How long the server may take to listen, in tenths of a second (it took 170-340 ms).
START_TRIES=150

as_server_user () {
  if [ "$(id -u)" = 0 ]; then
    setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"
  else
    "$@"
  fi
}

free_port () {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

make_certificate () {
  # $1: file stem. An EC key: quick to make, and each TLS handshake is quicker too.
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 \
    -subj "/CN=localhost" \
    -addext "subjectAltName=DNS:localhost,DNS:accounts.localhost,DNS:guest.localhost,DNS:rooms.localhost" \
    -keyout "$1.key" -out "$1.pem" 2>/dev/null
}

write_config () {
  local dir=$1 port=$2
  cat > "$dir/prosody.cfg.lua" <<EOF
-- Written by tests/net/prosody-run.sh for one test run.
pidfile = "$dir/prosody.pid"
data_path = "$dir/data"
certificates = "$dir"
log = { { levels = { min = "info" }, to = "file", filename = "$dir/prosody.log" } }
interfaces = { "127.0.0.1" }
c2s_ports = { $port }
c2s_interfaces = { "127.0.0.1" }
c2s_require_encryption = true
-- No federation and no web server: a test talks to nothing but this server.
modules_disabled = { "s2s", "http", "bosh", "websocket" }
s2s_ports = { }
http_ports = { }
https_ports = { }
modules_enabled = { "roster", "saslauth", "tls", "disco", "ping", "smacks", "posix" }
-- The protocol's longest line (64 kB) escaped as XML, with room to spare.
c2s_stanza_size_limit = 1024 * 1024
storage = "internal"
ssl = { certificate = "$dir/server.pem", key = "$dir/server.key" }

VirtualHost "accounts.localhost"
  authentication = "internal_hashed"
  -- Named in the host's service discovery (XEP-0030), as a real server names its chat
  -- service; guest.localhost names none, so a guest's program falls back to its guess.
  disco_items = { { "rooms.localhost", "Chat rooms" } }

VirtualHost "guest.localhost"
  authentication = "anonymous"

Component "rooms.localhost" "muc"
  restrict_room_creation = false
EOF
}

# Prosody opens its port before it has set up every host: a client that comes in between is
# told the host is unknown. So the log must also show each host's certificates loaded.
hosts_ready () {
  local log=$1 host
  for host in accounts.localhost guest.localhost rooms.localhost; do
    grep -q "^.* $host:tls[[:space:]]*info[[:space:]]*Certificates loaded" "$log" 2>/dev/null \
      || return 1
  done
}

wait_listening () {
  local port=$1 pid=$2 log=$3
  for _ in $(seq "$START_TRIES"); do
    if ! kill -0 "$pid" 2>/dev/null; then
      return 1
    fi
    if hosts_ready "$log" && (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      # No pause is needed after this: sign-ins once refused "right after start" were two
      # clients of one process racing in libstrophe's SCRAM (crapette-xmpp-worker.c), and
      # were refused as often on a server up for minutes.
      return 0
    fi
    sleep 0.1
  done
  return 1
}

start_server () {
  local dir=$1 port pid
  port=$(cat "$dir/port")
  # A fresh log for each start, so that an earlier start's lines do not count.
  if [ -f "$dir/prosody.log" ]; then
    cat "$dir/prosody.log" >> "$dir/prosody.old.log"
    : > "$dir/prosody.log"
  fi
  # A simple command, not a function: $! is then the server's own PID (setpriv execs it).
  if [ "$(id -u)" = 0 ]; then
    setpriv --reuid=nobody --regid=nogroup --clear-groups -- \
      prosody --config "$dir/prosody.cfg.lua" >>"$dir/prosody.out" 2>&1 &
  else
    prosody --config "$dir/prosody.cfg.lua" >>"$dir/prosody.out" 2>&1 &
  fi
  pid=$!
  echo "$pid" > "$dir/server.pid"
  if ! wait_listening "$port" "$pid" "$dir/prosody.log"; then
    echo "prosody did not listen on 127.0.0.1:$port; its log:" >&2
    cat "$dir/prosody.out" "$dir/prosody.log" >&2 2>/dev/null || true
    stop_server "$dir"
    return 1
  fi
}

stop_server () {
  local dir=$1 pid
  [ -f "$dir/server.pid" ] || return 0
  pid=$(cat "$dir/server.pid")
  rm -f "$dir/server.pid"
  kill "$pid" 2>/dev/null || return 0
  for _ in $(seq 50); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null || true
}

setup () {
  local dir=$1 port
  port=$(free_port)
  echo "$port" > "$dir/port"
  mkdir -p "$dir/data"
  make_certificate "$dir/server"
  make_certificate "$dir/wrong"
  write_config "$dir" "$port"
  if [ "$(id -u)" = 0 ]; then
    chown -R nobody:nogroup "$dir"
  fi
  as_server_user prosodyctl --config "$dir/prosody.cfg.lua" register alice accounts.localhost secret-1 >/dev/null
  as_server_user prosodyctl --config "$dir/prosody.cfg.lua" register bob accounts.localhost secret-2 >/dev/null
}

case "${1:-}" in
  run)
    shift
    dir=$(mktemp -d "${TMPDIR:-/tmp}/crapette-prosody.XXXXXX")
    chmod 755 "$dir"
    trap 'stop_server "$dir"; rm -rf "$dir"' EXIT
    setup "$dir"
    # A port taken between choosing it and listening: choose again, a bounded number of times.
    for attempt in 1 2 3; do
      if start_server "$dir"; then
        break
      fi
      [ "$attempt" = 3 ] && exit 1
      port=$(free_port); echo "$port" > "$dir/port"; write_config "$dir" "$port"
    done
    export CRAPETTE_PROSODY_DIR="$dir"
    export CRAPETTE_PROSODY_PORT
    CRAPETTE_PROSODY_PORT=$(cat "$dir/port")
    export CRAPETTE_PROSODY_CA="$dir/server.pem"
    export CRAPETTE_PROSODY_WRONG_CA="$dir/wrong.pem"
    export CRAPETTE_PROSODY_PID_FILE="$dir/server.pid"
    export CRAPETTE_PROSODY_RUN="$script"
    status=0
    "$@" || status=$?
    exit "$status"
    ;;
  restart)
    stop_server "$2"
    start_server "$2"
    ;;
  stop)
    stop_server "$2"
    ;;
  start)
    start_server "$2"
    ;;
  deluser)
    as_server_user prosodyctl --config "$2/prosody.cfg.lua" deluser "$3" >/dev/null
    ;;
  *)
    echo "usage: $0 run COMMAND [ARGS...] | restart DIR | stop DIR | start DIR | deluser DIR JID" >&2
    exit 2
    ;;
esac

#!/bin/bash
# hostile-files.sh: gives the real game a set of hostile files, the way a person or a file
# manager would: each one alone on the command line at start-up, then each one sent to a copy
# already playing (the same command again, on the same session bus). After each, it checks
# that the game is still running and its window still there, that it stayed small in memory,
# and that the saved game is byte for byte what it was. A screenshot of each refusal is kept.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage (needs a display, a session bus and xdotool; make test's packages have them):
#   dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" \
#     tests/hostile-files.sh BUILD-DIR [SCREENSHOT-DIR]
# Prints TAP; every wait is bounded in time.

set -u
build="$(cd "$1" && pwd)"
shots="${2:-}"
app="$build/src/crapette"
work="$(mktemp -d)"
app_pid=""
cleanup ()
{
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null && wait "$app_pid" 2>/dev/null
  [ -n "${socket_pid:-}" ] && kill "$socket_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

export HOME="$work/home"
export XDG_CONFIG_HOME="$HOME/.config" XDG_DATA_HOME="$HOME/.local/share"
export XDG_CACHE_HOME="$HOME/.cache" GSETTINGS_BACKEND=keyfile
export GSETTINGS_SCHEMA_DIR="$build/data" CRAPETTE_LOCALEDIR="$build/po"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME"
# Two people at one screen: nobody moves on their own, so once the person's move is saved
# the saved game can only change because of a file the game was given. (With the computer
# as North, its moves went on changing the save while the files were sent.) Written afresh
# before each copy, so every start is a first start (the welcome shows, as it would).
settings_file="$XDG_CONFIG_HOME/glib-2.0/settings/keyfile"
fresh_settings ()
{
  mkdir -p "$(dirname "$settings_file")"
  printf "[io/github/crapette/Crapette]\nopponent='two-players'\n" > "$settings_file"
}
save="$XDG_DATA_HOME/crapette/current-match.crapette"
max_rss_kb=400000

# ---- The hostile set ----------------------------------------------------------------
files="$work/files"
mkdir -p "$files"
ln -s /dev/zero "$files/zero.crapette"
ln -s /dev/urandom "$files/urandom.crapette"
ln -s /dev/null "$files/null.crapette"
mkfifo "$files/fifo.crapette"
python3 -c 'import socket, sys, time
s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(1); time.sleep(3600)' \
  "$files/socket.crapette" &
socket_pid=$!
mkdir "$files/folder.crapette"
ln -s "$files/missing" "$files/dangling.crapette"
ln -s "$files/loop-b.crapette" "$files/loop-a.crapette"
ln -s "$files/loop-a.crapette" "$files/loop-b.crapette"
: > "$files/empty.crapette"
head -c 64000000 /dev/zero > "$files/zeros-64mb.crapette"
head -c 3000000 /dev/urandom > "$files/random-3mb.crapette"
{ printf 'Crapette match\nVersion: 1\nSeed: '; head -c 2000000 /dev/zero | tr '\0' 9; echo; } \
  > "$files/long-line.crapette"
printf 'Crapette match\nVersion: 99999999999999999999\n' > "$files/huge-version.crapette"
printf 'Crapette match\nVersion: 1\nRounds: -3\nTotal moves: 18446744073709551617\n' \
  > "$files/bad-counts.crapette"
printf 'Crapette match\0\nVersion: 1\n\0\0\0' > "$files/nul-bytes.crapette"
printf '\xef\xbb\xbfCrapette match\r\nVersion: 1\r\n' > "$files/bom-crlf.crapette"
printf 'C\0r\0a\0p\0e\0t\0t\0e\0 \0m\0a\0t\0c\0h\0\n\0' > "$files/utf16.crapette"
printf '\xff\xfe\xc3\x28Crapette match\n\xe2\x82\n' > "$files/bad-utf8.crapette"
python3 - "$files/many-rounds.crapette" <<'PYTHON'
import sys
with open(sys.argv[1], "w") as out:
    out.write("Crapette match\nVersion: 1\nRounds: 100000\nVariant: russian\n")
    for i in range(100000):
        out.write("\nCrapette record\nVariant: russian\nDeal: %d\nRound: %d\n" % (i, i + 1))
PYTHON
for i in 1 2 3 4 5 6 7 8; do
  head -c $((i * 4093)) /dev/urandom | base64 -w 0 > "$files/base64-$i.crapette"
done
cases=$(cd "$files" && ls | grep -v '^loop-b' | sort)
count=$(echo "$cases" | wc -l)

echo "1..$((count * 2 + 1))"
n=0
failures=0
ok () { n=$((n + 1)); echo "ok $n - $*"; }
not_ok () { n=$((n + 1)); failures=$((failures + 1)); echo "not ok $n - $*"; }

# Waits (at most $2 seconds) for a window of the game to be mapped; prints its id.
wait_window ()
{
  local pid="$1" limit="$2" i=0 id=""
  while [ "$i" -lt $((limit * 10)) ]; do
    id=$(xdotool search --onlyvisible --pid "$pid" --name . 2>/dev/null | head -1)
    [ -n "$id" ] && { echo "$id"; return 0; }
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.1; i=$((i + 1))
  done
  return 1
}

rss_kb () { awk '/^VmRSS/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }

# Checks the copy $1 is alive, shows a window, stays under the memory bound for two seconds.
check_alive ()
{
  local pid="$1" what="$2" shot="$3" id rss peak=0
  if ! id=$(wait_window "$pid" 20); then
    not_ok "$what: no window within 20 s (running: $(kill -0 "$pid" 2>/dev/null && echo yes || echo no))"
    return 1
  fi
  for _ in 1 2 3 4; do
    sleep 0.5
    rss=$(rss_kb "$pid")
    [ "$rss" -gt "$peak" ] && peak=$rss
  done
  if ! kill -0 "$pid" 2>/dev/null; then
    not_ok "$what: the game quit"
    return 1
  fi
  [ -n "$shots" ] && import -window root "$shots/hostile-$shot.png" 2>/dev/null
  if [ "$peak" -gt "$max_rss_kb" ]; then
    not_ok "$what: $peak kB resident, more than $max_rss_kb"
    return 1
  fi
  echo "# $what: window $id, at most $((peak / 1024)) MB resident"
  return 0
}

[ -n "$shots" ] && mkdir -p "$shots"

# ---- At start-up: each file alone --------------------------------------------------
for name in $cases; do
  rm -rf "$XDG_DATA_HOME/crapette"
  fresh_settings
  "$app" "$files/$name" > "$work/out" 2>&1 &
  app_pid=$!
  if check_alive "$app_pid" "start-up with $name" "start-$name"; then
    ok "start-up with $name"
  fi
  kill "$app_pid" 2>/dev/null; wait "$app_pid" 2>/dev/null; app_pid=""
  if grep -q "CRITICAL\|Segmentation\|AddressSanitizer" "$work/out"; then
    echo "# $(grep -m1 'CRITICAL\|Segmentation\|AddressSanitizer' "$work/out")"
  fi
done

# ---- Sent to a copy in play: the same command again, on the same bus -------------
rm -rf "$XDG_DATA_HOME/crapette"
fresh_settings
# This copy plays: its welcome was answered on an earlier day, so a round is dealt at once
# (an unanswered welcome deals nothing, and the person's move below would find no table).
echo "welcome-shown=true" >> "$settings_file"
"$app" > "$work/primary" 2>&1 &
app_pid=$!
if id=$(wait_window "$app_pid" 30); then
  # One move of the person's, so there is a saved game to keep: the first legal move the
  # keyboard finds (a pile key, then Enter on each target key until the save changes).
  xdotool windowactivate "$id" 2>/dev/null; sleep 1
  for key in 1 2 3 4 5 6 7 8; do
    [ -s "$save" ] && break
    xdotool key --window "$id" r Return "$key" Return 2>/dev/null; sleep 0.5
  done
  # The reference is taken once the save has stood still for 3 s (bounded to 60 s); with
  # nobody else to move, that is right after the person's move is written.
  : > "$work/save-before"
  still=0
  for _ in $(seq 120); do
    if [ -s "$save" ] && cmp -s "$save" "$work/save-before"; then
      still=$((still + 1))
      [ "$still" -ge 6 ] && break
    else
      still=0
      cp "$save" "$work/save-before" 2>/dev/null
    fi
    sleep 0.5
  done
  if [ ! -s "$work/save-before" ] || [ "$still" -lt 6 ]; then
    not_ok "a copy in play: its saved game did not stand still within 60 s"
  elif ! grep -q "^Opponent: two-players" "$work/save-before"; then
    not_ok "a copy in play: its saved game is not a two-people match"
  else
    ok "a copy in play, its saved game $(wc -c < "$work/save-before") bytes, standing still"
  fi
else
  not_ok "the copy in play showed no window"
fi
for name in $cases; do
  timeout 30 "$app" "$files/$name" > "$work/out" 2>&1
  status=$?
  what="$name sent to the copy in play"
  if [ "$status" = 124 ]; then
    not_ok "$what: the sending command did not return within 30 s"
  elif check_alive "$app_pid" "$what" "sent-$name"; then
    if [ -f "$save" ] && ! cmp -s "$save" "$work/save-before"; then
      not_ok "$what: the saved game changed"
    else
      ok "$what"
    fi
  fi
  # The toast of a refusal lasts some seconds: let it go before the next.
  sleep 1
done

echo "# $n checks, $failures failed"
[ "$failures" = 0 ]

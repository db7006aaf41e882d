#!/bin/sh
# crash-resume.sh: kills a playing, saving crash-helper with SIGKILL at 100 random
# moments, and checks that every restart resumes at least the last save it had reported
# on disk (the moves of the write in flight may be lost, no more). A kill during a write
# leaves its temporary file (current-match.crapette.XXXXXX); the next copy to take the
# lock removes them, so once a last copy has started none may be left.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: crash-resume.sh PATH-TO-crash-helper [KILLS]

set -u
helper="$1"
kills="${2:-100}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# sh runs the EXIT trap on exit, not when a signal (a test's timeout) ends it: exit then.
trap 'exit 143' HUP INT TERM
# The helper saves under $XDG_DATA_HOME/crapette, here a fresh folder.
export XDG_DATA_HOME="$work/data"

echo "1..$kills"
lost_total=0
moves_total=0
failures=0
behind_max=0
leftovers_seen=0
i=1
while [ "$i" -le "$kills" ]; do
  "$helper" "$i" > "$work/out" 2> "$work/err" &
  pid=$!
  # Between 10 and 209 milliseconds, so kills land in loading, playing and saving.
  delay=$(awk -v seed="$i" 'BEGIN { srand(seed * 7919); printf "%.3f", 0.010 + rand() * 0.2 }')
  sleep "$delay"
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null

  last=$(awk '/^saved / { n = $2 } END { print n + 0 }' "$work/out")
  played=$(awk '/^played / { n = $2 } END { print n + 0 }' "$work/out")
  check=$("$helper" --check)
  resumed=$(echo "$check" | awk '/^resumed / { print $2 }')
  if [ -z "$resumed" ]; then
    echo "not ok $i - the save could not be resumed: $check"
    failures=$((failures + 1))
  elif [ "$resumed" -lt "$last" ]; then
    lost=$((last - resumed))
    lost_total=$((lost_total + lost))
    echo "not ok $i - killed after saving move $last, resumed at move $resumed: $lost lost"
    failures=$((failures + 1))
  else
    echo "ok $i - killed after $delay s, having played $played moves and saved $last; resumed at move $resumed"
    # The moves played but not yet on disk when the kill came: those of the write in flight.
    if [ "$played" -gt "$resumed" ] && [ $((played - resumed)) -gt "$behind_max" ]; then
      behind_max=$((played - resumed))
    fi
  fi
  [ -n "$resumed" ] && moves_total=$resumed
  n=$(find "$XDG_DATA_HOME/crapette" -name 'current-match.crapette.??????' | wc -l)
  leftovers_seen=$((leftovers_seen + n))
  i=$((i + 1))
done

# A copy starting up takes the lock and removes what the kills left behind.
tidy=$("$helper" --tidy)
left=$(find "$XDG_DATA_HOME/crapette" -name 'current-match.crapette.??????' | wc -l)
if [ "$tidy" != "tidied" ] || [ "$left" -ne 0 ]; then
  echo "# $left temporary files were left after a copy started: $(ls "$XDG_DATA_HOME/crapette")"
  failures=$((failures + 1))
fi

echo "# $kills kills, $moves_total moves in the match at the end, $lost_total moves lost"
echo "# at most $behind_max moves played were not yet on disk when a kill came"
echo "# $leftovers_seen temporary files found after kills, $left left once a copy started"
[ "$failures" -eq 0 ]

#!/bin/bash
# run-bench.sh: Crapette's start-up, memory, idle and animation figures, side by side with a
# bare libadwaita window measured in the same run.
#
#   bench/startup/run-bench.sh [BUILD_DIR] [RUNS]
#
# BUILD_DIR holds a configured and built Crapette (default: build). Without a DISPLAY the
# script starts its own Xvfb at 1920x1080. Both programs run with the same environment: the
# cairo renderer, settings in memory, no accessibility bus, so neither waits on a service the
# other does not use, and an empty data folder, so Crapette never resumes a match left by an
# earlier run. Prints medians and ratios; the targets are those of issue 4.
#
# Idle CPU is measured with North played by a second person (settings from a key file), so
# that nothing is left for the program to do: with the default computer opponent, a round
# that North starts would have the computer playing through the "idle" seconds.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-build}" && pwd)
runs=${2:-7}
crapette="$build/src/crapette"
work=$(mktemp -d)
xvfb_pid=""
cleanup () {
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

[ -x "$crapette" ] || { echo "no $crapette: build Crapette first" >&2; exit 1; }
cc -O2 -o "$work/bare-window" "$here/bare-window.c" $(pkg-config --cflags --libs libadwaita-1)

if [ -z "${DISPLAY:-}" ]; then
  display=":$((90 + RANDOM % 100))"
  Xvfb "$display" -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb_pid=$!
  export DISPLAY=$display
  sleep 1
fi
export GDK_BACKEND=x11 GSK_RENDERER=cairo GSETTINGS_BACKEND=memory GTK_A11Y=none NO_AT_BRIDGE=1
export GSETTINGS_SCHEMA_DIR="$build/data"
export XDG_DATA_HOME="$work/data"
mkdir -p "$work/data" "$work/two-players/glib-2.0/settings"
printf "[io/github/crapette/Crapette]\nopponent='two-players'\n" \
  > "$work/two-players/glib-2.0/settings/keyfile"

median () { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Microseconds from the moment the program is started to its first painted frame.
first_frame () {
  local start end
  start=$(date +%s%6N)
  end=$("$@" --bench-first-frame 2>/dev/null | awk '/first-frame-realtime-us/ { print $2 }')
  echo $(( (end - start) ))
}

# Resident memory (kB) two seconds after start, and CPU ticks used over the next five.
memory_and_idle () {
  local pid rss cpu_before cpu_after
  rm -rf "$work/data"/*
  "$@" >/dev/null 2>&1 &
  pid=$!
  sleep 2
  rss=$(awk '/VmRSS/ { print $2 }' "/proc/$pid/status")
  cpu_before=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
  sleep 5
  cpu_after=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  echo "$rss $((cpu_after - cpu_before))"
}

: > "$work/bare-ff"; : > "$work/crapette-ff"
for _ in $(seq "$runs"); do
  # Alternate the two so that a busy moment of the machine hits both alike.
  first_frame "$work/bare-window" >> "$work/bare-ff"
  first_frame "$crapette" >> "$work/crapette-ff"
done
bare_ff=$(median < "$work/bare-ff")
crapette_ff=$(median < "$work/crapette-ff")

read -r bare_rss bare_idle < <(memory_and_idle "$work/bare-window")
read -r crapette_rss _ < <(memory_and_idle "$crapette")
read -r _ crapette_idle < <(GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME="$work/two-players" \
                            memory_and_idle "$crapette")

autoplay=$("$crapette" --bench-autoplay=10 2>/dev/null || true)
frames=$(echo "$autoplay" | grep '^frames:' || true)
frame_cpu=$(echo "$autoplay" | grep '^frame-cpu:' || true)
p95=$(echo "$frames" | awk '{ for (i = 1; i < NF; i++) if ($i == "p95-us:") print $(i + 1) }')

awk -v bff="$bare_ff" -v cff="$crapette_ff" -v brss="$bare_rss" -v crss="$crapette_rss" \
    -v bidle="$bare_idle" -v cidle="$crapette_idle" -v p95="${p95:-0}" -v frames="$frames" \
    -v frame_cpu="$frame_cpu" \
    -v runs="$runs" 'BEGIN {
  printf "runs: %d (medians)\n", runs
  printf "first frame:   bare %.1f ms   crapette %.1f ms   ratio %.2f   (target <= 1.15)\n",
         bff / 1000, cff / 1000, cff / bff
  printf "resident:      bare %.1f MB   crapette %.1f MB   difference %.1f MB   (target <= 25)\n",
         brss / 1024, crss / 1024, (crss - brss) / 1024
  printf "idle CPU, 5 s: bare %d ticks  crapette %d ticks   (target 0)\n", bidle, cidle
  printf "autoplay at 1920x1080, cairo: %s\n", frames
  printf "  the same frames in process CPU time (not waiting for a busy machine): %s\n", frame_cpu
  printf "p95 frame time: %.2f ms   (target < 4)\n", p95 / 1000
}'

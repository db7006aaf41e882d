#!/bin/bash
# move-ui.sh: the main thread's work per move in the real window, for two builds side by side.
#
#   bench/move-ui.sh BUILD_DIR [OTHER_BUILD_DIR] [MOVES] [RUNS]
#
# Each build plays MOVES (default 400) random moves of the same deal of each game, with the same
# seed, two people at one screen (so the computer plays nothing) and animation off, so that every
# move is shown by one frame. For each move the program (crapette --bench-moves) measures the CPU
# time of its main thread from the move to the end of the frame that shows it: the game's signals,
# the table, the status lines, the accessible labels, the save's snapshot, the frame's layout and
# drawing. It prints the mean, the median, p95 and p99 over the moves; this script runs the builds
# in turn RUNS times (default 3), so that a busy moment of the machine hits both alike, and prints
# the median of each figure over the runs and the ratio of the second build to the first.
#
# The environment is bench/startup's: the cairo renderer, settings from a key file, no
# accessibility bus, an empty data folder. With A11Y=1 each run has a session bus of its own
# (dbus-run-session) and GTK's accessibility on it, as with a screen reader's bus running, so
# that what the accessible labels cost is counted. Without a DISPLAY the script starts its
# own Xvfb.
set -euo pipefail

builds=("$(cd "$1" && pwd)")
shift
if [ $# -gt 0 ] && [ -d "$1" ]; then
  builds+=("$(cd "$1" && pwd)")
  shift
fi
moves=${1:-400}
runs=${2:-3}
work=$(mktemp -d)
xvfb_pid=""
cleanup () {
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

for build in "${builds[@]}"; do
  [ -x "$build/src/crapette" ] || { echo "no $build/src/crapette: build it first" >&2; exit 1; }
done

if [ -z "${DISPLAY:-}" ]; then
  display=":$((90 + RANDOM % 100))"
  Xvfb "$display" -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb_pid=$!
  export DISPLAY=$display
  sleep 1
fi
export GDK_BACKEND=x11 GSK_RENDERER=cairo
launch=()
if [ "${A11Y:-0}" = 1 ]; then
  launch=(dbus-run-session --)
else
  export GTK_A11Y=none NO_AT_BRIDGE=1
fi
export GSETTINGS_BACKEND=keyfile XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
mkdir -p "$work/config/glib-2.0/settings" "$work/data"
printf "[io/github/crapette/Crapette]\nopponent='two-players'\nwelcome-shown=true\n" \
  > "$work/config/glib-2.0/settings/keyfile"

: > "$work/figures"
for run in $(seq "$runs"); do
  for variant in russian american; do
    for i in "${!builds[@]}"; do
      rm -rf "${work:?}/data"/*
      GSETTINGS_SCHEMA_DIR="${builds[$i]}/data" \
        "${launch[@]}" "${builds[$i]}/src/crapette" --bench-moves="$moves" --bench-variant="$variant" \
        2>/dev/null | grep -E '^(move-to-frame|play-call)-cpu:' |
        sed "s/^/build$i $variant /" | tee -a "$work/figures"
    done
  done
done

echo "--- medians over $runs runs of $moves moves (microseconds of main-thread CPU per move)"
python3 - "$work/figures" "${builds[@]}" <<'PY'
import collections, statistics, sys
figures = collections.defaultdict(list)
for line in open(sys.argv[1]):
    build, variant, label, *rest = line.split()
    pairs = dict(zip(rest[0::2], rest[1::2]))
    for key in ("mean-us", "p50-us", "p95-us", "p99-us"):
        figures[(variant, label.rstrip(":"), key, build)].append(float(pairs[key]))
builds = sys.argv[2:]
for i, path in enumerate(builds):
    print(f"build{i}: {path}")
for variant in ("russian", "american"):
    for label in ("move-to-frame-cpu", "play-call-cpu"):
        cells = []
        for key in ("mean-us", "p50-us", "p95-us", "p99-us"):
            values = [statistics.median(figures[(variant, label, key, f"build{i}")])
                      for i in range(len(builds)) if figures[(variant, label, key, f"build{i}")]]
            cell = f"{key[:-3]} " + " → ".join(f"{v:,.0f}" for v in values)
            if len(values) == 2 and values[0] > 0:
                cell += f" ({values[1] / values[0]:.2f}×)"
            cells.append(cell)
        print(f"{variant:9} {label:18} " + "   ".join(cells))
PY

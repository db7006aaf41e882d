#!/bin/sh
# Configures the project with --prefix=/app in a scratch folder (the prefix Flatpak uses),
# installs it into a scratch DESTDIR, checks that every file lands where the desktop expects
# it and nowhere else, then starts the installed program to show that it finds its schema
# and icons. Output is TAP: one test for the layout, one for the start.
set -u

# Prints diagnostics as TAP comments, and on stderr too so that `meson test --print-errorlogs`
# shows why a check failed.
diagnose ()
{
  tee /dev/stderr | sed 's/^/# /'
}

source_root="$1"
scratch="$2"
application_id="$3"
schema_id="$4"

build_dir="$scratch/build"
destdir="$scratch/destdir"
app="$destdir/app"
log="$scratch/log"

echo "1..2"

rm -rf "$scratch"
mkdir -p "$scratch"

if ! meson setup --prefix=/app --buildtype=plain "$build_dir" "$source_root" >"$log" 2>&1 \
   || ! ninja -C "$build_dir" >>"$log" 2>&1 \
   || ! DESTDIR="$destdir" meson install -C "$build_dir" --no-rebuild >>"$log" 2>&1; then
  tail -n 40 "$log" | diagnose
  echo "not ok 1 - the project configures, builds and installs with --prefix=/app"
  echo "ok 2 - the installed program starts # SKIP nothing was installed"
  exit 0
fi

problems=""
note_problem ()
{
  problems="$problems
$1"
}

# Everything must go under the prefix: a Flatpak build cannot write anywhere else.
for entry in "$destdir"/* "$destdir"/.[!.]*; do
  [ -e "$entry" ] || continue
  [ "$entry" = "$app" ] || note_problem "installed outside /app: ${entry#"$destdir"}"
done

if [ ! -x "$app/bin/crapette" ]; then
  note_problem "no crapette executable yet (expected /app/bin/crapette)"
fi

for expected in \
    "share/applications/$application_id.desktop" \
    "share/metainfo/$application_id.metainfo.xml" \
    "share/icons/hicolor/scalable/apps/$application_id.svg" \
    "share/icons/hicolor/symbolic/apps/$application_id-symbolic.svg" \
    "share/glib-2.0/schemas/$schema_id.gschema.xml" \
    "share/mime/packages/$application_id.xml"; do
  [ -f "$app/$expected" ] || note_problem "missing /app/$expected"
done

# Each language listed in po/LINGUAS must have its compiled catalogue.
for language in $(sed 's/#.*//' "$source_root/po/LINGUAS"); do
  catalogue="share/locale/$language/LC_MESSAGES/crapette.mo"
  [ -f "$app/$catalogue" ] || note_problem "missing /app/$catalogue"
done

# Files in places no part of the project is meant to install into are reported, so that a new
# install location is a decision rather than an accident.
if [ -d "$app" ]; then
  unexpected=$(cd "$app" && find . -type f | sed 's|^\./||' | grep -v \
      -e '^bin/crapette[^/]*$' \
      -e '^share/applications/[^/]*\.desktop$' \
      -e '^share/metainfo/[^/]*\.metainfo\.xml$' \
      -e '^share/icons/hicolor/' \
      -e '^share/glib-2\.0/schemas/[^/]*\.gschema\.xml$' \
      -e '^share/mime/packages/[^/]*\.xml$' \
      -e '^share/locale/[^/]*/LC_MESSAGES/crapette\.mo$' \
      -e '^share/crapette/')
  for file in $unexpected; do
    note_problem "unexpected file /app/$file"
  done
fi

if [ -n "$problems" ]; then
  echo "$problems" | sed '/^$/d' | diagnose
  { echo "installed files:"; (cd "$destdir" && find . -type f | sort | sed 's/^/  /'); } | diagnose
  echo "not ok 1 - the installed layout under /app is complete and exact"
else
  echo "ok 1 - the installed layout under /app is complete and exact"
fi

if [ ! -x "$app/bin/crapette" ]; then
  echo "no crapette executable yet: the installed program cannot be started" | diagnose
  echo "not ok 2 - the installed program starts"
  exit 0
fi
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "ok 2 - the installed program starts # SKIP no display (run under xvfb-run)"
  exit 0
fi

# The schemas are compiled the way gnome.post_install would on a real install, which meson
# skips when DESTDIR is set.
schema_dir="$scratch/compiled-schemas"
mkdir -p "$schema_dir"
glib-compile-schemas --strict --targetdir="$schema_dir" "$app/share/glib-2.0/schemas"

# GtkApplication registers on the session bus and gives up without one, so a private bus is
# started when the test runs outside a desktop session.
bus_launcher=""
if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && command -v dbus-run-session >/dev/null 2>&1; then
  bus_launcher="dbus-run-session --"
fi

run_log="$scratch/run.log"
$bus_launcher env XDG_DATA_DIRS="$app/share:/usr/local/share:/usr/share" \
    GSETTINGS_SCHEMA_DIR="$schema_dir" \
    GSETTINGS_BACKEND=memory \
    GTK_A11Y=none \
    NO_AT_BRIDGE=1 \
    "$app/bin/crapette" >"$run_log" 2>&1 &
pid=$!
sleep 2

if kill -0 "$pid" 2>/dev/null; then
  still_running=yes
  kill "$pid"
else
  still_running=no
fi
wait "$pid" 2>/dev/null

failure=""
[ "$still_running" = yes ] || failure="it exited within two seconds"
if grep -q -i -E 'critical|warning|error|not found|failed' "$run_log"; then
  failure="${failure:+$failure; }it printed warnings"
fi

diagnose <"$run_log"
if [ -n "$failure" ]; then
  echo "not ok 2 - the installed program starts: $failure"
else
  echo "ok 2 - the installed program starts with its schema and icons found"
fi

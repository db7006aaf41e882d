#!/bin/sh
# run-a11y-test.sh: runs one accessibility test in a D-Bus session of its own
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The test (a11y_session.py) starts its own X server and accessibility bus inside this
# session, so it shares nothing with the desktop or with other tests. The system's
# Python is used: it is the one with the GObject bindings (python3-gi, python3-pyatspi).

python=/usr/bin/python3
[ -x "$python" ] || python=python3
if ! "$python" -c 'import gi; gi.require_version("Atspi", "2.0")' 2>/dev/null; then
  echo "Bail out! python3-pyatspi is not installed (make test-deps installs it)"
  exit 1
fi
for program in Xvfb xdotool dbus-run-session; do
  if ! command -v "$program" >/dev/null 2>&1; then
    echo "Bail out! $program is not installed (make test-deps installs it)"
    exit 1
  fi
done
exec dbus-run-session -- "$python" -u "$@"

#!/bin/sh
# Validates the built launcher. desktop-file-validate exits 0 even when it reports errors, so
# any output at all counts as a failure.
set -u

desktop_file="$1"

if ! command -v desktop-file-validate >/dev/null 2>&1; then
  echo "desktop-file-validate is not installed (Debian package desktop-file-utils)"
  exit 77
fi

report=$(desktop-file-validate "$desktop_file" 2>&1)
status=$?

if [ -n "$report" ] || [ "$status" -ne 0 ]; then
  echo "desktop-file-validate found problems in $desktop_file:"
  echo "$report"
  exit 1
fi

# A saved game opens from the file manager: the launcher takes files and names their type.
if ! grep -q '^MimeType=.*application/x-crapette-match;' "$desktop_file" ||
   ! grep -q '^Exec=crapette %F$' "$desktop_file"; then
  echo "$desktop_file does not open saved games (MimeType= and Exec=crapette %F)"
  exit 1
fi

echo "$desktop_file is valid"

#!/usr/bin/env bash
# check-mime-type.sh MIME_XML: the saved game's file type is one the desktop understands.
# Builds a scratch MIME database from the file alone, as update-mime-database does for the
# installed one, and fails on any complaint, then checks that a file named *.crapette and a
# file that starts like a saved game are both given the type.
set -euo pipefail

mime_xml=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

mkdir -p "$scratch/mime/packages"
cp "$mime_xml" "$scratch/mime/packages/"
# Named among the data folders, so that update-mime-database has nothing to say but problems.
if ! complaints=$(XDG_DATA_DIRS="$scratch:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" \
                  update-mime-database "$scratch/mime" 2>&1) || [ -n "$complaints" ]; then
  echo "update-mime-database complained:"
  echo "$complaints"
  exit 1
fi

type=application/x-crapette-match
grep -q "^50:$type:\*\.crapette$" "$scratch/mime/globs2" ||
  { echo "no *.crapette glob for $type"; cat "$scratch/mime/globs2"; exit 1; }
grep -q "^$type" "$scratch/mime/types" || { echo "$type is not in the database"; exit 1; }
grep -q "Crapette match" "$scratch/mime/magic" ||
  { echo "no magic for a saved game's first line"; exit 1; }
grep -q "^$type text/plain$" "$scratch/mime/subclasses" ||
  { echo "$type is not a kind of text/plain"; exit 1; }
# The type's name is translated, as the file manager shows it.
languages=$(grep -c 'xml:lang=' "$mime_xml" || true)
[ "$languages" -ge 7 ] || { echo "the type's name is translated into $languages languages, not 7"; exit 1; }
echo "ok: $type"

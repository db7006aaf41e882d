#!/bin/sh
# Renders the application icons at the sizes the desktop shows them, to catch an SVG that
# librsvg cannot draw, and checks that the symbolic icon is a 16×16 drawing in one colour
# (GTK recolours symbolic icons, which only works when they use a single fill).
set -u

full_colour="$1"
symbolic="$2"

if ! command -v rsvg-convert >/dev/null 2>&1; then
  echo "rsvg-convert is not installed (Debian package librsvg2-bin)"
  exit 77
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# sh runs the EXIT trap on exit, not when a signal (a test's timeout) ends it: exit then.
trap 'exit 143' HUP INT TERM
failed=0

for icon in "$full_colour" "$symbolic"; do
  for size in 16 32 64 128; do
    png="$scratch/$size.png"
    if ! rsvg-convert -w "$size" -h "$size" -o "$png" "$icon" || [ ! -s "$png" ]; then
      echo "$icon does not render at ${size}×${size}"
      failed=1
    fi
  done
done

# Image loaders (gdk-pixbuf, GIO's content sniffing) only recognise an SVG whose <svg> element
# starts within the first 256 bytes; a long comment before it makes GTK refuse the icon.
for icon in "$full_colour" "$symbolic"; do
  if ! head -c 256 "$icon" | grep -q '<svg'; then
    echo "$icon does not open its <svg> element within its first 256 bytes"
    failed=1
  fi
done

if ! grep -q 'width="16" height="16" viewBox="0 0 16 16"' "$symbolic"; then
  echo "$symbolic is not drawn on a 16×16 canvas"
  failed=1
fi
colours=$(grep -o -i -E '(fill|stroke)="#[0-9a-f]{3,6}"' "$symbolic" | sed 's/.*=//' | sort -u)
if [ "$(echo "$colours" | wc -l)" -ne 1 ]; then
  echo "$symbolic uses more than one colour: $colours"
  failed=1
fi

[ "$failed" -eq 0 ] && echo "the icons render at 16, 32, 64 and 128 pixels"
exit "$failed"

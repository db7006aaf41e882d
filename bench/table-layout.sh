#!/usr/bin/env bash
# How much of the window the table's layout uses (issue 13): for both games at 1920×1080,
# 1280×800, 800×1200 and 800×600, the card width in pixels and the share of the table area's
# width and height that the piles' bounding box covers, left to right (and the card width
# right to left, which must be the same). Pure geometry: no display needed, and the figures
# do not depend on the machine's load.
# Usage: bench/table-layout.sh [BUILD_DIR]   (default build)
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")/.." && pwd)
ninja -C "$here/$build" bench/bench-layout >/dev/null
"$here/$build/bench/bench-layout"
